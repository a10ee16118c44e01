/**
 * The HFS order (hfs.ts's hfsOrder) kept between reads instead of rebuilt whole. The scheduler reads the order again
 * after every launch, and hfsOrder re-measured every pool and sorted every level of the pool tree and every pool's
 * jobs: O(jobs + pools log pools) a launch, so a burst of jobs each in its own pool cost about pools^2 log pools
 * (1,000 / 2,000 / 4,000 one-job pools at t=0 on 100 nodes: 4.3 / 9.3 / 35 s on the 2-core VM).
 *
 * Here each kind's order hears which jobs changed (PoolWatcher: a queue's add, remove or update, an arrival, a
 * departure, a job becoming runnable or not). At the next read it re-counts just those jobs into their pools' sums,
 * re-measures those pools and the parent pools above them (deepest first), and files each changed job, pool and
 * parent pool under its new key in its pool's or level's KeyedList. The flat order (each level's nodes by the
 * FairShareComparator, a pool's jobs in its place) is one array that the read splices: a changed item's stretch is
 * found by a binary search on its old key, taken out, and put back where its new key goes; an item whose key compares
 * the same stays and only its inside is brought up to date. A read after a launch so costs O(depth x log pools)
 * compares and a few memory moves of the array, where it cost a sort of every pool.
 *
 * Same order as hfsOrder at every read: every list is ordered by the keys hfsOrder sorts by (the Schedulables of
 * hfs-views.ts under the FairShareComparator, the job index or compareFifo), each a total order, so the order is the
 * one a full sort gives; and every job whose counts may have changed since the last read is one the watchers named
 * (the scheduler updates a queue at every launch, end and kill of a task, and files arrivals and departures with the
 * PoolSet; PoolSet.changed() makes the next read start afresh). test/core/hfs-order.test.ts compares the two on random
 * pool trees, caps, job limits and events.
 */
import { compareFairShare, type Schedulable } from '../fair-shares.js';
import type { JobQueue } from '../framework/queue-order.js';
import type { Job } from '../job.js';
import { type ParentPool, Pool, type PoolNode, type PoolSet, type PoolWatcher, activeJobs, jobChanged, jobDemand, jobRunning, livePools, watchPools } from '../pools.js';
import { compareFifo } from '../priority.js';
import type { SlotKind } from '../slot-kind.js';
import { jobSchedulable, poolSchedulable } from './hfs-views.js';
import { KeyedList } from './keyed-list.js';

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

/** A pool's or parent pool's state as this order last settled it. */
interface NodeState {
  /** Its jobs' or children's running tasks and demand summed (the demand uncapped: its share caps it when measured). */
  running: number;
  demand: number;
  /** The running and (capped) demand it last passed up to its parent's sums. */
  sentRunning: number;
  sentDemand: number;
  /** Whether it is offered slots: filed in its level. */
  offered: boolean;
  /** A parent pool's children offered slots. */
  offeredChildren: number;
  /** Its jobs in the flat order (its stretch of it), while offered. */
  size: number;
}

/** A job's counts as this order last added them to its pool. */
interface JobCounts {
  readonly pool: Pool;
  running: number;
  demand: number;
}

/** What holds a stretch of the flat order: the root (undefined), a parent pool (its children) or a pool (its jobs). */
type Holder = ParentPool | Pool | undefined;
type AnyList = KeyedList<unknown, unknown>;

/** Stretches at least this long are put in by a loop, not spread into one splice call's arguments. */
const SPREAD_MAX = 4096;

/**
 * One kind's order, kept: each level's nodes and each pool's jobs in a KeyedList, and the flat order (the lists
 * walked, pool by pool) in an array that a read after a change splices: a changed node's or job's stretch is taken
 * out where its old key placed it and put back where its new key does, the rest staying put.
 */
export class HfsOrder implements PoolWatcher {
  #order: Job[] = [];
  #all = true;
  readonly #changed = new Set<Job>();
  readonly #jobCounts = new Map<Job, JobCounts>();
  readonly #nodes = new Map<PoolNode, NodeState>();
  /** Each level's nodes offered a slot (the root's under undefined), by the FairShareComparator. */
  readonly #levels = new Map<ParentPool | undefined, KeyedList<PoolNode, Schedulable>>();
  /** Each pool's runnable jobs, in its order. */
  readonly #jobs = new Map<Pool, KeyedList<Job, JobKey>>();
  /** Parent pools by depth (the root's children at 0): a level is settled after every level under it. */
  readonly #depth = new Map<ParentPool, number>();

  constructor(private readonly set: PoolSet, private readonly kind: SlotKind) {
    for (const p of set.parentPools) this.#depth.set(p, p.parent === undefined ? 0 : this.#depth.get(p.parent)! + 1);
    watchPools(set, this);
  }

  jobChanged(job: Job): void {
    this.#changed.add(job);
  }

  allChanged(): void {
    this.#all = true;
  }

  /** The order now: the runnable jobs of the pools offered a slot, pool by pool (this order's own array). */
  get jobs(): readonly Job[] {
    if (this.#all) this.settle(true);
    else if (this.#changed.size > 0) this.settle(false);
    return this.#order;
  }

  /**
   * Re-counts the jobs that changed and re-files them in their pools, then re-files those pools, then the parent
   * pools above them, deepest first; then brings the flat order up to date. `all` forgets everything first: every
   * active job, pool and parent pool is counted afresh, and the flat order walked whole.
   */
  private settle(all: boolean): void {
    const { set, kind } = this;
    const byDepth: Array<Set<ParentPool> | undefined> = [];
    const mark = (p: ParentPool): void => {
      (byDepth[this.#depth.get(p)!] ??= new Set()).add(p);
    };
    const pools = new Set<Pool>();
    if (all) {
      this.#all = false;
      this.#jobCounts.clear();
      this.#nodes.clear();
      this.#levels.clear();
      this.#jobs.clear();
      for (const pool of livePools(set)) {
        pools.add(pool);
        for (const job of activeJobs(pool)) this.#changed.add(job);
      }
      set.parentPools.forEach(mark);
    }
    const copySplit = set.config.copyComputeSplit;
    const sizeBased = set.config.sizeBasedWeight;
    const gone: Job[] = [];
    for (const job of this.#changed) {
      const pool = set.poolOf(job) as Pool | undefined; // undefined: it left
      const had = this.#jobCounts.get(job);
      const home = pool ?? had?.pool;
      if (home === undefined) continue; // arrived and left between two reads
      const runnable = pool !== undefined && set.isRunnable(job);
      const running = pool === undefined ? 0 : jobRunning(job, kind);
      const demand = runnable ? jobDemand(job, kind, copySplit) : 0;
      const c = this.stateOf(home);
      c.running += running - (had?.running ?? 0);
      c.demand += demand - (had?.demand ?? 0);
      if (pool === undefined) gone.push(job); // its pool is read while the flat order is brought up to date
      else if (had === undefined) this.#jobCounts.set(job, { pool, running, demand });
      else {
        had.running = running;
        had.demand = demand;
      }
      let key: JobKey | undefined;
      if (runnable) {
        if (home.config.schedulingMode === 'fifo') key = job;
        else {
          const view = jobSchedulable(job, kind, sizeBased, copySplit);
          key = { job, wanting: view.demand > 0, view };
        }
      }
      this.jobsOf(home).set(job, key);
      pools.add(home);
    }
    this.#changed.clear();
    for (const pool of pools) this.file(pool, pool.runnableJobs > 0, mark);
    // a parent's own parent, one level up, is marked before its depth's turn
    for (let d = byDepth.length - 1; d >= 0; d--) for (const p of byDepth[d] ?? []) this.file(p, this.stateOf(p).offeredChildren > 0, mark);
    if (all) {
      const order: Job[] = [];
      this.walk(undefined, order);
      this.#order = order;
    } else this.update(undefined, this.#order, 0, this.#order.length);
    for (const job of gone) this.#jobCounts.delete(job);
  }

  /**
   * Measures `node` from its counts (its share caps the demand, as refreshStats does), files it in its parent's level
   * by its view (out of it at its cap or with nothing runnable under it, as orderedPools passes it over), and passes
   * what changed in its counts up to its parent, which is marked to be filed in turn.
   */
  private file(node: PoolNode, hasRunnable: boolean, mark: (parent: ParentPool) => void): void {
    const c = this.stateOf(node);
    const s = node.share(this.kind);
    s.measure(c.running, c.demand);
    const offered = s.running < s.maxTasks && hasRunnable;
    this.levelOf(node.parent).set(node, offered ? poolSchedulable(node, this.kind) : undefined);
    const parent = node.parent;
    if (parent === undefined) {
      c.offered = offered;
      return;
    }
    const up = this.stateOf(parent);
    up.running += s.running - c.sentRunning;
    up.demand += s.demand - c.sentDemand;
    if (offered !== c.offered) up.offeredChildren += offered ? 1 : -1;
    c.sentRunning = s.running;
    c.sentDemand = s.demand;
    c.offered = offered;
    mark(parent);
  }

  /** Appends `holder`'s stretch of the flat order to `out`, applying its lists' changes, and notes each node's size. */
  private walk(holder: Holder, out: Job[]): void {
    const start = out.length;
    if (holder instanceof Pool) for (const job of this.jobsOf(holder).items) out.push(job);
    else for (const node of this.levelOf(holder).items) this.walk(node, out);
    if (holder !== undefined) this.stateOf(holder).size = out.length - start;
  }

  /**
   * Brings f[lo, hi), `holder`'s stretch as its lists stood at the last read, to its order now, and gives its new end.
   * Each pending item (a node of the level, or a job of the pool) is found by its old key; one whose key still
   * compares equal keeps its place (a node's own stretch is brought up to date where it stands); the others are taken
   * out, the list applied, and put back where their new keys go, a node's stretch brought up to date on the way.
   * With many pending, the stretch is walked afresh instead.
   */
  private update(holder: Holder, f: Job[], lo: number, hi: number): number {
    const holdsJobs = holder instanceof Pool;
    const list = (holdsJobs ? this.jobsOf(holder) : this.levelOf(holder)) as AnyList;
    const pending = list.pending;
    if (pending.size === 0) return hi;
    if (pending.size > 8 && pending.size * 8 > list.count) {
      const fresh: Job[] = [];
      this.walk(holder, fresh);
      splice(f, lo, hi - lo, fresh);
      return lo + fresh.length;
    }
    const moved: Array<{ item: unknown; stretch: Job[] | undefined }> = [];
    for (const [item, key] of pending) {
      const old = list.keyOf(item);
      if (old === undefined) {
        if (key !== undefined) moved.push({ item, stretch: undefined }); // new to the level
        continue;
      }
      const start = this.find(holder, list, f, lo, hi, old);
      const len = holdsJobs ? 1 : this.stateOf(item as PoolNode).size;
      if (key !== undefined && list.compare(old, key) === 0) {
        if (holdsJobs) continue;
        const end = this.update(item as PoolNode, f, start, start + len);
        this.stateOf(item as PoolNode).size = end - start;
        hi += end - start - len;
        continue;
      }
      const stretch = f.splice(start, len);
      hi -= len;
      if (key !== undefined) moved.push({ item, stretch });
    }
    list.apply();
    for (const { item, stretch } of moved) {
      let put: Job[];
      if (holdsJobs) put = [item as Job];
      else if (stretch === undefined) {
        put = [];
        this.walk(item as PoolNode, put);
      } else {
        put = stretch;
        put.length = this.update(item as PoolNode, put, 0, put.length);
        this.stateOf(item as PoolNode).size = put.length;
      }
      splice(f, this.find(holder, list, f, lo, hi, list.keyOf(item)), 0, put);
      hi += put.length;
    }
    return hi;
  }

  /** The first index in f[lo, hi) (a stretch of `holder`, in `list`'s noted order) whose item's key is not before `key`. */
  private find(holder: Holder, list: AnyList, f: readonly Job[], lo: number, hi: number, key: unknown): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list.compare(list.keyOf(this.itemOf(holder, f[mid])), key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** What `holder` files `job` under: the job itself in a pool, else the node under `holder` that holds its pool. */
  private itemOf(holder: Holder, job: Job): unknown {
    if (holder instanceof Pool) return job;
    let node: PoolNode = this.#jobCounts.get(job)!.pool;
    while (node.parent !== holder) node = node.parent!;
    return node;
  }

  private stateOf(node: PoolNode): NodeState {
    let c = this.#nodes.get(node);
    if (c === undefined) this.#nodes.set(node, (c = { running: 0, demand: 0, sentRunning: 0, sentDemand: 0, offered: false, offeredChildren: 0, size: 0 }));
    return c;
  }

  private levelOf(parent: ParentPool | undefined): KeyedList<PoolNode, Schedulable> {
    let l = this.#levels.get(parent);
    if (l === undefined) this.#levels.set(parent, (l = new KeyedList(compareFairShare)));
    return l;
  }

  private jobsOf(pool: Pool): KeyedList<Job, JobKey> {
    let l = this.#jobs.get(pool);
    if (l === undefined) {
      l = pool.config.schedulingMode === 'fifo'
        ? new KeyedList<Job, JobKey>(compareFifo as (a: JobKey, b: JobKey) => number)
        : new KeyedList<Job, JobKey>(compareFairKeys as (a: JobKey, b: JobKey) => number);
      this.#jobs.set(pool, l);
    }
    return l;
  }
}

/** f.splice(at, count, ...put), a long `put` by a loop (a spread's arguments are bounded by the stack). */
function splice(f: Job[], at: number, count: number, put: readonly Job[]): void {
  if (put.length < SPREAD_MAX) {
    f.splice(at, count, ...put);
    return;
  }
  const tail = f.splice(at);
  for (let i = 0; i < put.length; i++) f.push(put[i]);
  for (let i = count; i < tail.length; i++) f.push(tail[i]);
}

/** A kind's queue over the kept order: a job's change is told to the PoolSet, which tells both kinds' orders. */
export class HfsQueue implements JobQueue {
  readonly #order: HfsOrder;

  constructor(private readonly pools: PoolSet, kind: SlotKind) {
    this.#order = new HfsOrder(pools, kind);
  }

  add(job: Job): void {
    jobChanged(this.pools, job);
  }

  remove(job: Job): void {
    jobChanged(this.pools, job);
  }

  update(job: Job): void {
    jobChanged(this.pools, job);
  }

  get jobs(): readonly Job[] {
    return this.#order.jobs;
  }
}
