/**
 * PoolSet.refreshStats kept between reads, for one slot kind: a pool's running tasks are its active jobs' summed, its
 * demand its runnable jobs' (pool-count.ts; capped by its share when measured), and a parent pool's its children's
 * measured ones. Only the jobs named since the last measure are counted again, and only their pools and the parent
 * pools above them measured, deepest first: so the shares read the same as refreshStats leaves them, for the cost of
 * what changed.
 * The kept orders (hfs-order.ts, capacity-order.ts) measure with it and read the shares after; PoolSet's kept counts
 * (kept-counts.ts) read its pools' sums (countOf) and measure the shares themselves.
 */
import type { Job } from '../job.js';
import type { PoolSet } from '../pools.js';
import type { ParentPool, Pool, PoolNode } from '../pool.js';
import { jobRunning } from '../job-demand.js';
import { type PoolCount, demandCounted } from '../pool-count.js';
import type { SlotKind } from '../slot-kind.js';
import { ENGINE } from '../engine-key.js';

/** A job's counts as the tally last added them to its pool (demand 0 while it is not runnable). */
export interface JobCounts {
  readonly pool: Pool;
  running: number;
  demand: number;
  runnable: boolean;
}

/** A pool's or parent pool's sums, and what it last passed up to its parent's. */
interface Sums {
  running: number;
  /** Uncapped: its share caps it when measured. */
  demand: number;
  sentRunning: number;
  sentDemand: number;
}

export class PoolTally {
  readonly #jobs = new Map<Job, JobCounts>();
  readonly #sums = new Map<PoolNode, Sums>();
  /** Jobs counted out since the last measure: forgotten once the order no longer looks for them (forgetGone). */
  readonly #gone: Job[] = [];
  /** Parent pools by depth (the root's children at 0): one is measured after every parent pool under it. */
  readonly #depth = new Map<ParentPool, number>();

  constructor(private readonly set: PoolSet, private readonly kind: SlotKind) {
    for (const p of set.parentPools) this.#depth.set(p, p.parent === undefined ? 0 : this.#depth.get(p.parent)! + 1);
  }

  /** Forgets every count: the jobs counted after are counted afresh; measure every pool after (one with no job: 0). */
  clear(): void {
    this.#jobs.clear();
    this.#sums.clear();
    this.#gone.length = 0;
  }

  /** `job`'s counts as last counted, until the job that left is forgotten; undefined: never counted. */
  countsOf(job: Job): JobCounts | undefined {
    return this.#jobs.get(job);
  }

  /**
   * Counts `job` again into its pool's sums (out of them, if it left) and gives that pool; undefined: it arrived and
   * left since the last count. A job that left keeps its last counts (countsOf) until forgetGone().
   */
  count(job: Job): Pool | undefined {
    const { set, kind } = this;
    const pool = set.poolOf(job) as Pool | undefined; // undefined: it left
    const had = this.#jobs.get(job);
    const home = pool ?? had?.pool;
    if (home === undefined) return undefined;
    const runnable = pool !== undefined && set.isRunnable(job);
    const running = pool === undefined ? 0 : jobRunning(job, kind);
    const demand = demandCounted(set, job, kind, runnable);
    const c = this.sumsOf(home);
    c.running += running - (had?.running ?? 0);
    c.demand += demand - (had?.demand ?? 0);
    if (pool === undefined) this.#gone.push(job);
    else if (had === undefined) this.#jobs.set(job, { pool, running, demand, runnable });
    else {
      had.running = running;
      had.demand = demand;
      had.runnable = runnable;
    }
    return home;
  }

  /**
   * Measures `pools` (those counted since the last measure) from their sums, then the parent pools above them, deepest
   * first, each from what its children passed up. (A parent pool with no pool under it measures 0 from the start.)
   */
  measure(pools: Iterable<Pool>): void {
    const byDepth: Array<Set<ParentPool> | undefined> = [];
    const measure = (node: PoolNode): void => {
      const c = this.sumsOf(node);
      const s = node.share(this.kind);
      s.measure(ENGINE, c.running, c.demand);
      const parent = node.parent;
      if (parent === undefined) return;
      const up = this.sumsOf(parent);
      up.running += s.running - c.sentRunning;
      up.demand += s.demand - c.sentDemand;
      c.sentRunning = s.running;
      c.sentDemand = s.demand;
      (byDepth[this.#depth.get(parent)!] ??= new Set()).add(parent);
    };
    for (const pool of pools) measure(pool);
    // a parent's own parent, one level up, is added before its depth's turn
    for (let d = byDepth.length - 1; d >= 0; d--) for (const p of byDepth[d] ?? []) measure(p);
  }

  /**
   * `pool`'s running tasks and demand (uncapped) as counted, into `into`: countPool's count of it, while every job whose
   * counts changed since was counted again (the counts are whole numbers, so sums kept by differences are exact).
   */
  countOf(pool: Pool, into: PoolCount): PoolCount {
    const c = this.#sums.get(pool);
    into.running = c?.running ?? 0;
    into.demand = c?.demand ?? 0;
    return into;
  }

  /** Forgets the jobs that left (once the order has taken them out of its lists). */
  forgetGone(): void {
    for (const job of this.#gone) this.#jobs.delete(job);
    this.#gone.length = 0;
  }

  private sumsOf(node: PoolNode): Sums {
    let c = this.#sums.get(node);
    if (c === undefined) this.#sums.set(node, (c = { running: 0, demand: 0, sentRunning: 0, sentDemand: 0 }));
    return c;
  }
}
