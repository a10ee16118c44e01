/**
 * The process's kept Facebook-mix last arrivals (core/workload-limits.ts LastSubmits), passed to every workload-limit
 * check the process makes: simulate's, and the CLI's of a file's variants and a sweep's points. A run checks its
 * scenario when loading it and again in simulate, and a sweep's points mostly share a workload and seed, so each
 * (workload, seed) pair's draws are replayed once. It holds drawn values only, never a run's state.
 */
import { LastSubmits } from '../core/workload-limits.js';
import type { Scenario } from '../core/scenario.js';
import type { FacebookMix } from '../core/workload.js';

export const processLastSubmits = new LastSubmits();

/**
 * The Facebook mix a check of `scenario` drew lately (processLastSubmits), for its build at makeRng(scenario.seed):
 * the run drew every job again after the check.
 */
export function keptMix(scenario: Scenario): FacebookMix | undefined {
  return scenario.workload.kind === 'facebook' ? processLastSubmits.drawn(scenario.workload, scenario.seed) : undefined;
}
