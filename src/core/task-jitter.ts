/**
 * Task durations' lognormal jitter (scenario tasks.durationJitter): a factor with mean 1 for each attempt's phase, from
 * common random numbers (task-draws.ts), so it is the same for (job, task, attempt, phase) whatever the policy or
 * launch order. Sigma 0: every factor is 1 and nothing is drawn.
 */
import type { JobIndex } from './job.js';
import { MAX_TASK_EPOCHS, MAX_TASK_RACK_EPOCHS, MAX_TIME_MS, MAX_TIME_TEXT, RunLimitError } from './limits.js';
import { TaskDraws } from './task-draws.js';

/**
 * The longest a task may run (README, Limits): within the simulated time's limit, MAX_TASK_EPOCHS heartbeats and
 * MAX_TASK_RACK_EPOCHS rack epochs; and that limit in words. The run's checks (workload-limits.ts) hold every task's
 * time to it before the run; a jittered task's is known when it is drawn, at its launch.
 */
export function longestTask(heartbeatMs: number, racks: number, rackEpochCost = 1): { ms: number; words: string } {
  const epochsMs = MAX_TASK_EPOCHS * heartbeatMs;
  const rackEpochsMs = Math.floor(MAX_TASK_RACK_EPOCHS / (racks * rackEpochCost)) * heartbeatMs;
  const ms = Math.min(MAX_TIME_MS, epochsMs, rackEpochsMs);
  const words = ms === MAX_TIME_MS ? `the limit of ${MAX_TIME_TEXT} for any simulated time`
    : ms === epochsMs ? `${MAX_TASK_EPOCHS} heartbeats of ${heartbeatMs} ms, the limit of heartbeats a task may span`
      : `${ms / heartbeatMs} heartbeats of ${heartbeatMs} ms on ${racks} racks${rackEpochCost !== 1 ? ` under the fluid model (a rack epoch counts ${rackEpochCost})` : ''}, the limit of ${MAX_TASK_RACK_EPOCHS} rack epochs a task may span`;
  return { ms, words };
}

export class TaskJitter {
  private readonly draws: TaskDraws;
  /** Each job's key into the draws, by job index (empty when sigma is 0). */
  private readonly jobKeys: Uint32Array;

  /** `longest`: the longest a task may run (longestTask), which a jittered one is held to as it is drawn. */
  constructor(private readonly sigma: number, seed: number, jobs: number, private readonly longest = { ms: Infinity, words: '' }) {
    this.draws = new TaskDraws(seed);
    this.jobKeys = new Uint32Array(sigma === 0 ? 0 : jobs);
  }

  /** A job arrived: its key into the draws, from its id. */
  jobArrived(job: JobIndex, id: string): void {
    if (this.sigma !== 0) this.jobKeys[job] = this.draws.jobKey(id);
  }

  /** The duration factor of an attempt's phase (1 when the scenario sets no jitter). */
  factor(job: JobIndex, task: number, attempt: number, phase: number): number {
    const sigma = this.sigma;
    if (sigma === 0) return 1;
    return Math.exp(sigma * this.draws.normal(this.jobKeys[job], task, attempt, phase) - (sigma * sigma) / 2);
  }

  /**
   * `ms`, a task's time with its factors drawn (any time without jitter), held to the longest a task may run: a factor of the lognormal's far
   * tail (up to exp(6.7 sigma - sigma^2 / 2): 82,000 at sigma 2) made a task longer than the run's checks had allowed,
   * and the run went on for hours. The error names the task: "job "a"'s map 3 (attempt 0)".
   */
  checked(ms: number, jobId: string, kind: 'map' | 'reduce', task: number, attempt: number): number {
    if (this.sigma !== 0 && ms > this.longest.ms) {
      throw new RunLimitError(`tasks.durationJitter: job ${JSON.stringify(jobId)}'s ${kind} ${task} (attempt ${attempt}) drew a time of ${Math.round(ms)} ms (lognormal factors of sigma ${this.sigma}), past ${this.longest.words}: lower tasks.durationJitter or the task's time`);
    }
    return ms;
  }
}
