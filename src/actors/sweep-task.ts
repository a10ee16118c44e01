/** The pool task of a sweep or of `run --parallel`: one whole simulation of a resolved scenario, on one worker. */
import type { Scenario } from '../core/scenario.js';
import type { SwimTrace } from '../core/swim.js';
import { watchWhilePluginsRun } from './orphan-watch.js';
import { type Result, simulate } from './simulate.js';

export interface SweepTask {
  scenario: Scenario;
  variant: string;
  trace?: SwimTrace;
  /** File URLs of plugin modules (--plugin) to import in this worker before running: the scenario may name their plugins. */
  plugins?: string[];
  /** false: do not time the decisions (simulate's timeDecisions). */
  timeDecisions?: boolean;
}

export default async function runSweepTask(task: SweepTask): Promise<Result> {
  const exit = process.exit;
  // A plugin's process.exit() ends no worker: it throws, failing the run with where it was called (the point read
  // "its worker process exited (code 0)", naming neither the call nor the plugin). The worker keeps the real one.
  process.exit = ((code?: number | string | null) => {
    throw new Error(`process.exit(${code ?? ''}) was called during the run: a plugin returns or throws; it never ends the process`);
  }) as typeof process.exit;
  try {
    if (task.plugins !== undefined && task.plugins.length > 0) watchWhilePluginsRun(); // their code may never return
    for (const url of task.plugins ?? []) await import(url); // once per worker: the module cache keeps it
    return await simulate(task.scenario, { variant: task.variant, trace: task.trace, timeDecisions: task.timeDecisions });
  } finally {
    process.exit = exit;
  }
}
