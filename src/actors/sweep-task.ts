/** The piscina task of a sweep: one whole simulation of a resolved scenario, on one worker thread. */
import type { Scenario } from '../core/scenario.js';
import type { SwimTrace } from '../core/swim.js';
import { type Result, simulate } from './simulate.js';

export interface SweepTask {
  scenario: Scenario;
  variant: string;
  trace?: SwimTrace;
}

export default async function runSweepTask(task: SweepTask): Promise<Result> {
  return simulate(task.scenario, { variant: task.variant, trace: task.trace });
}
