/** Facts the scheduler core tells plugins that keep state per job (copy-compute splitting's copy clock, for one). */
import type { Job } from '../job.js';

export interface JobEvents {
  /** The job's reduces may launch from `atMs` on: its slow-start share of maps finished (at arrival when none must). */
  slowStartReached?(job: Job, atMs: number): void;
}
