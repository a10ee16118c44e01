/**
 * The Hadoop Fair Scheduler (0.21 / branch-1; the Delay Scheduling paper's Section 4): pools ordered by the
 * FairShareComparator (needy pools below min(minShare, demand) first, by running / minShare; then running /
 * weight; then start time and name); a pool at its maxMaps / maxReduces is passed over; within a pool, jobs in
 * FIFO order (priority, submit time) or fair order (running / job weight), runnable jobs only. Job weight: 1, or
 * log2(1 + demand) when size-based, times the priority factor (4, 2, 1, 0.5, 0.25).
 */
import { compareFairShare, type Schedulable } from '../fair-shares.js';
import type { Job } from '../job.js';
import { type Pool, type PoolSet, activeJobs, jobDemand, livePools, jobRunning } from '../pools.js';
import type { Priority } from '../scenario.js';
import { compareFifo } from './fifo.js';
import type { PolicyPlugin } from '../framework/registry.js';
import type { SlotKind } from '../slot-kind.js';
import { poolPolicy } from './pool-queue.js';

export const PRIORITY_FACTOR: Record<Priority, number> = { VERY_HIGH: 4, HIGH: 2, NORMAL: 1, LOW: 0.5, VERY_LOW: 0.25 };

export function jobWeight(job: Job, kind: SlotKind, sizeBased: boolean): number {
  const base = sizeBased ? Math.log2(1 + jobDemand(job, kind)) : 1;
  return base * PRIORITY_FACTOR[job.spec.priority];
}

export function poolSchedulable(pool: Pool, kind: SlotKind): Schedulable {
  const s = pool.share(kind);
  return { name: pool.name, running: s.running, demand: s.demand, minShare: s.minShare, weight: pool.config.weight, startMs: pool.startMs };
}

function jobSchedulable(job: Job, kind: SlotKind, sizeBased: boolean): Schedulable {
  return { name: job.spec.id, running: jobRunning(job, kind), demand: jobDemand(job, kind), minShare: 0, weight: jobWeight(job, kind, sizeBased), startMs: job.spec.submitMs };
}

export function hfsOrder(set: PoolSet, kind: SlotKind): Job[] {
  set.refreshStats(kind);
  const pools = livePools(set).filter((p) => p.runnableJobs > 0 && p.share(kind).running < p.share(kind).maxTasks);
  const views = new Map(pools.map((p) => [p, poolSchedulable(p, kind)]));
  pools.sort((a, b) => compareFairShare(views.get(a)!, views.get(b)!));
  const sizeBased = set.config.sizeBasedWeight;
  const out: Job[] = [];
  for (const pool of pools) {
    const jobs = activeJobs(pool).filter((j) => set.isRunnable(j));
    if (pool.config.schedulingMode === 'fifo') jobs.sort(compareFifo);
    else {
      const jv = new Map(jobs.map((j) => [j, jobSchedulable(j, kind, sizeBased)]));
      // total order: the comparator ends in the job id; the index makes it explicit
      jobs.sort((a, b) => compareFairShare(jv.get(a)!, jv.get(b)!) || a.index - b.index);
    }
    for (const j of jobs) out.push(j);
  }
  return out;
}

export const hfs = {
  description: 'Hadoop Fair Scheduler: pools with weights, min shares, limits; fifo or fair within a pool',
  usesPools: true,
  permits: ['skipIdleHeartbeats'],
  create: (_config, context) => poolPolicy('hfs', hfsOrder, context),
} satisfies PolicyPlugin;
