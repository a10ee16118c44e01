/**
 * How the Hadoop Fair Scheduler sees its pools and jobs for one slot kind: the Schedulable the FairShareComparator
 * orders (fair-shares.ts), and a job's weight. The plain order (hfs.ts) and the kept one (hfs-order.ts) both read them.
 */
import type { Schedulable } from '../fair-shares.js';
import type { Job } from '../job.js';
import type { PoolNode } from '../pool.js';
import { jobDemand, jobRunning } from '../job-demand.js';
import type { Priority } from '../scenario.js';
import type { SlotKind } from '../slot-kind.js';

export const PRIORITY_FACTOR: Record<Priority, number> = { VERY_HIGH: 4, HIGH: 2, NORMAL: 1, LOW: 0.5, VERY_LOW: 0.25 };

export function jobWeight(job: Job, kind: SlotKind, sizeBased: boolean, copySplit = false): number {
  const base = sizeBased ? Math.log2(1 + jobDemand(job, kind, copySplit)) : 1;
  return base * PRIORITY_FACTOR[job.spec.priority];
}

/**
 * A pool or a parent pool as the comparator sees it (a parent pool: its subtree's running and demand, its own weight and
 * min share). Its start time is 0, as Hadoop's PoolSchedulable.getStartTime (and YARN's FSQueue) give: pools tied on
 * their ratios go by name. (It was the pool's earliest job's submit time, which put the pool with the older job first.)
 */
export function poolSchedulable(pool: PoolNode, kind: SlotKind): Schedulable {
  const s = pool.share(kind);
  return { name: pool.name, running: s.running, demand: s.demand, minShare: s.minShare, weight: pool.config.weight, startMs: 0 };
}

/** A job of a fair-mode pool as the comparator sees it: no min share, its weight, its submit time. */
export function jobSchedulable(job: Job, kind: SlotKind, sizeBased: boolean, copySplit: boolean): Schedulable {
  return { name: job.spec.id, running: jobRunning(job, kind), demand: jobDemand(job, kind, copySplit), minShare: 0, weight: jobWeight(job, kind, sizeBased, copySplit), startMs: job.spec.submitMs };
}
