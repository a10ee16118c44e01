/**
 * The HFS order (hfs.ts's hfsOrder) kept between reads instead of rebuilt whole. The scheduler reads the order again
 * after every launch, and hfsOrder re-measured every pool and sorted every level of the pool tree and every pool's
 * jobs: O(jobs + pools log pools) a launch, so a burst of jobs each in its own pool cost about pools^2 log pools
 * (1,000 / 2,000 / 4,000 one-job pools at t=0 on 100 nodes: 4.3 / 9.3 / 35 s on the 2-core VM).
 *
 * Here each kind's order hears which jobs changed (kept-order.ts). At the next read it re-counts just those jobs into
 * their pools' sums and re-measures those pools and the parent pools above them (pool-tally.ts), and files each
 * changed job, pool and parent pool under its new key in the pool tree's order (tree-order.ts: each level's nodes by
 * the FairShareComparator, a pool's jobs in its place, one array that the read splices, moving only what changed). A
 * read after a launch so costs O(depth x log pools) compares and a few memory moves of the array, where it cost a
 * sort of every pool.
 *
 * Same order as hfsOrder at every read: every list is ordered by the keys hfsOrder sorts by (the Schedulables of
 * hfs-views.ts under the FairShareComparator, the job index or compareFifo), each a total order, so the order is the
 * one a full sort gives; and every job whose counts may have changed since the last read is one the watchers named
 * (the scheduler updates a queue at every launch, end and kill of a task, and files arrivals and departures with the
 * PoolSet; PoolSet.changed() makes the next read start afresh). test/core/hfs-order.test.ts compares the two on random
 * pool trees, caps, job limits and events.
 */
import { compareFairShare, type Schedulable } from '../fair-shares.js';
import type { Job } from '../job.js';
import { type PoolSet, livePools } from '../pools.js';
import { Pool, type PoolNode } from '../pool.js';
import { compareFifo } from '../priority.js';
import type { SlotKind } from '../slot-kind.js';
import { jobSchedulable, poolSchedulable } from './hfs-views.js';
import { KeptOrder } from './kept-order.js';
import { PoolQueue } from './pool-queue.js';
import { PoolTally } from './pool-tally.js';
import { TreeOrder } from './tree-order.js';

/**
 * A runnable job's key in a fair-mode pool, as hfsOrder orders them: jobs that want a slot of the kind by the
 * FairShareComparator (then job index), then the others in FIFO order.
 */
interface FairKey {
  readonly job: Job;
  readonly wanting: boolean;
  readonly view: Schedulable;
}

function compareFairKeys(a: FairKey, b: FairKey): number {
  if (a.wanting !== b.wanting) return a.wanting ? -1 : 1;
  return a.wanting ? compareFairShare(a.view, b.view) || a.job.index - b.job.index : compareFifo(a.job, b.job);
}

/** A fifo-mode pool's runnable jobs are keyed by the job itself (its priority and submit time never change). */
type JobKey = FairKey | Job;

/** One kind's order, kept: the pool tree's levels and pools' jobs in a TreeOrder, the pools' shares in a PoolTally. */
export class HfsOrder extends KeptOrder {
  readonly #tally: PoolTally;
  readonly #tree: TreeOrder<PoolNode>;

  constructor(set: PoolSet, private readonly kind: SlotKind) {
    super(set);
    const tally = (this.#tally = new PoolTally(set, kind));
    this.#tree = new TreeOrder<PoolNode>({
      parentOf: (node) => node.parent,
      isLeaf: (node) => node instanceof Pool,
      leafOf: (job) => tally.countsOf(job)!.pool,
      compareJobs: (pool) => ((pool as Pool).config.schedulingMode === 'fifo' ? compareFifo : compareFairKeys) as (a: unknown, b: unknown) => number,
      compareNodes: compareFairShare as (a: unknown, b: unknown) => number,
    });
  }

  protected get order(): readonly Job[] {
    return this.#tree.jobs;
  }

  /**
   * Re-counts the jobs that changed and re-files them in their pools, then re-files those pools, then the parent
   * pools above them, deepest first (a node at its cap or with nothing runnable under it is out of its level, as
   * orderedPools passes it over); then brings the flat order up to date.
   */
  protected settle(changed: ReadonlySet<Job>, all: boolean): void {
    const { set, kind } = this;
    const tally = this.#tally;
    const tree = this.#tree;
    const pools = new Set<Pool>();
    if (all) {
      tally.clear();
      tree.clear();
      for (const pool of livePools(set)) pools.add(pool);
    }
    const copySplit = set.config.copyComputeSplit;
    const sizeBased = set.config.sizeBasedWeight;
    for (const job of changed) {
      const pool = tally.count(job);
      if (pool === undefined) continue; // arrived and left between two reads
      let key: JobKey | undefined;
      if (set.poolOf(job) !== undefined && set.isRunnable(job)) {
        if (pool.config.schedulingMode === 'fifo') key = job;
        else {
          const view = jobSchedulable(job, kind, sizeBased, copySplit);
          key = { job, wanting: view.demand > 0, view };
        }
      }
      tree.fileJob(pool, job, key);
      pools.add(pool);
    }
    tally.measure(pools);
    for (const pool of pools) tree.fileLeaf(pool, this.offered(pool, pool.runnableJobs > 0));
    tree.settle((parent, offeredChildren) => this.offered(parent, offeredChildren > 0), all);
    tally.forgetGone();
  }

  /** `node`'s key in its level: its view, or undefined (out of it) at its cap or with nothing runnable under it. */
  private offered(node: PoolNode, hasRunnable: boolean): Schedulable | undefined {
    const s = node.share(this.kind);
    return s.running < s.maxTasks && hasRunnable ? poolSchedulable(node, this.kind) : undefined;
  }
}

/** A kind's queue over the kept HFS order. */
export class HfsQueue extends PoolQueue {
  constructor(pools: PoolSet, kind: SlotKind) {
    super(pools, new HfsOrder(pools, kind));
  }
}
