/**
 * Extension point: admission and caps. Admission files arriving jobs (under pools or capacity queues) and says which
 * may run now (max running jobs per pool and user); the order of a pool-aware policy lists only those. Caps bound
 * what one heartbeat may launch.
 */
import type { Job } from '../job.js';

export interface Admission {
  /** A job arrived, at `nowMs`: its submission, plus the job set-up time where one is set (cluster.network.jobSetupMs). */
  add(job: Job, nowMs: number): void;
  /** A job finished. */
  remove(job: Job): void;
  /** The job may be offered slots now. */
  isRunnable(job: Job): boolean;
}

export interface HeartbeatLimits {
  /** Off-rack maps one heartbeat may launch; reaching it ends map assignment for the heartbeat. */
  offRackMaps: number;
  /** Reduces one heartbeat may launch. */
  reduces: number;
}

export const NO_LIMITS: HeartbeatLimits = { offRackMaps: Infinity, reduces: Infinity };
