/**
 * The Hadoop Fair Scheduler (0.21 / branch-1; the Delay Scheduling paper's Section 4), with YARN's parent pools:
 * pools (at each level of the tree, parent pools among them) ordered by the FairShareComparator (needy pools below min(minShare, demand) first, by running / minShare; then running /
 * weight; then by name: a pool's start time is 0, as in Hadoop); a pool at its maxMaps / maxReduces is passed over; within a pool, jobs in
 * FIFO order (priority, submit time) or fair order (running / job weight), runnable jobs only. Job weight: 1, or
 * log2(1 + demand) when size-based, times the priority factor (4, 2, 1, 0.5, 0.25).
 */
import { compareFairShare, type Schedulable } from '../fair-shares.js';
import type { Job } from '../job.js';
import { type PoolSet, topPools } from '../pools.js';
import { type ParentPool, Pool, type PoolNode, activeJobs, childPools } from '../pool.js';
import { compareFifo } from './fifo.js';
import type { PolicyPlugin } from '../framework/registry.js';
import type { SlotKind } from '../slot-kind.js';
import { HfsQueue } from './hfs-order.js';
import { jobSchedulable, poolSchedulable } from './hfs-views.js';
import { pooledPolicy } from './pool-queue.js';

export { PRIORITY_FACTOR, jobWeight, poolSchedulable } from './hfs-views.js';

/**
 * The pools to offer a slot to, in order: at each level of the tree (YARN's FSParentQueue.assignContainer), the
 * children sorted by the FairShareComparator, a parent pool's pools in its place. A pool with no runnable job or at
 * its cap is passed over, and so is a parent pool at its cap or with no such pool under it.
 */
export function orderedPools(nodes: readonly PoolNode[], kind: SlotKind): Pool[] {
  const level: { view: Schedulable; pools: Pool[] }[] = [];
  for (const node of nodes) {
    const s = node.share(kind);
    if (s.running >= s.maxTasks) continue;
    if (node instanceof Pool) {
      if (node.runnableJobs > 0) level.push({ view: poolSchedulable(node, kind), pools: [node] });
      continue;
    }
    const pools = orderedPools(childPools(node as ParentPool), kind);
    if (pools.length > 0) level.push({ view: poolSchedulable(node, kind), pools });
  }
  level.sort((a, b) => compareFairShare(a.view, b.view));
  return level.length === 1 ? level[0].pools : level.flatMap((e) => e.pools);
}

/**
 * The order of `kind`'s jobs, rebuilt whole from the PoolSet (every pool measured, every level and pool sorted). The
 * policy keeps this order between reads instead (hfs-order.ts); this plain recomputation is what it is checked
 * against (test/core/hfs-order.test.ts). Cost O(jobs + pools log pools + jobs log jobs).
 */
export function hfsOrder(set: PoolSet, kind: SlotKind): Job[] {
  set.refreshStats(kind);
  const pools = orderedPools(topPools(set), kind);
  const sizeBased = set.config.sizeBasedWeight;
  const out: Job[] = [];
  for (const pool of pools) {
    const jobs = activeJobs(pool).filter((j) => set.isRunnable(j));
    if (pool.config.schedulingMode === 'fifo') {
      jobs.sort(compareFifo);
      for (const j of jobs) out.push(j);
      continue;
    }
    // Only jobs that want a slot of the kind are compared: a size-based weight of no demand is log2(1) = 0, and its
    // 0 / 0 ratio (NaN) tied with every job, so the sort was no order (a job with 1 map running came before one with
    // none when a job whose maps were done sat between them by submit time). The others can take no slot of the kind
    // (Hadoop's PoolSchedulable passes them over): after, in FIFO order.
    const copySplit = set.config.copyComputeSplit;
    const wanting: Array<{ job: Job; view: Schedulable }> = [];
    const idle: Job[] = [];
    for (const j of jobs) {
      const view = jobSchedulable(j, kind, sizeBased, copySplit);
      if (view.demand > 0) wanting.push({ job: j, view });
      else idle.push(j);
    }
    // total order: the comparator ends in the job id; the index makes it explicit
    wanting.sort((a, b) => compareFairShare(a.view, b.view) || a.job.index - b.job.index);
    for (const w of wanting) out.push(w.job);
    for (const j of idle.sort(compareFifo)) out.push(j);
  }
  return out;
}

export const hfs = {
  description: 'Hadoop Fair Scheduler: pools with weights, min shares, limits; fifo or fair within a pool',
  usesPools: true,
  permits: ['skipIdleHeartbeats'],
  // hfsOrder's order, kept between reads (hfs-order.ts): rebuilt at every launch, it cost O(pools log pools) a launch
  create: (_config, context) => pooledPolicy('hfs', context, (pools, kind) => new HfsQueue(pools, kind)),
} satisfies PolicyPlugin;
