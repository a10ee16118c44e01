/**
 * Task durations' lognormal jitter (scenario tasks.durationJitter): a factor with mean 1 for each attempt's phase, from
 * common random numbers (task-draws.ts), so it is the same for (job, task, attempt, phase) whatever the policy or
 * launch order. Sigma 0: every factor is 1 and nothing is drawn.
 */
import type { JobIndex } from './job.js';
import { TaskDraws } from './task-draws.js';

export class TaskJitter {
  private readonly draws: TaskDraws;
  /** Each job's key into the draws, by job index (empty when sigma is 0). */
  private readonly jobKeys: Uint32Array;

  constructor(private readonly sigma: number, seed: number, jobs: number) {
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
}
