/**
 * What a pool's share measures, counted from its jobs: of one kind, every active job's running tasks, and the demand
 * of those runnable under the running-job limits (uncapped: the share caps it). PoolSet counts a pool whole
 * (countPool); PoolTally a job at a time (demandCounted), keeping the sums between reads, for the kept orders and
 * for PoolSet's kept counts (kept-counts.ts).
 */
import type { Job } from './job.js';
import { jobDemand, jobRunning } from './job-demand.js';
import { type Pool, activeJobs } from './pool.js';
import type { PoolSet } from './pools.js';
import type { SlotKind } from './slot-kind.js';

export interface PoolCount {
  running: number;
  demand: number;
}

/** The demand `job` adds to its pool's of `kind`: its own while it is runnable, else 0. */
export const demandCounted = (set: PoolSet, job: Job, kind: SlotKind, runnable: boolean): number =>
  (runnable ? jobDemand(job, kind, set.config.copyComputeSplit) : 0);

/** Counts `pool`'s running tasks of `kind` and demand into `into`, stopping once the running tasks reach `enough`. */
export function countPool(set: PoolSet, pool: Pool, kind: SlotKind, into: PoolCount, enough = Infinity): PoolCount {
  let running = 0;
  let demand = 0;
  for (const job of activeJobs(pool)) {
    if (running >= enough) break;
    running += jobRunning(job, kind);
    demand += demandCounted(set, job, kind, set.isRunnable(job));
  }
  into.running = running;
  into.demand = demand;
  return into;
}
