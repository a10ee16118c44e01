/**
 * The pools of the Hadoop Fair Scheduler (and the capacity scheduler's queues): each pool's jobs, which of them
 * are runnable under the running-job limits, per-kind running tasks and demand, fair shares, and the times the
 * preemption timeouts count from. Policies order pools and jobs from this state; the scheduler reads
 * starvation from it to switch locality waiting off; preemption reads shares from it. Pools may sit under parent
 * pools (YARN's parent queues): a tree whose parents divide their share among their children, top down. The set and
 * its live hooks are here; a pool and a parent pool are pool.ts's, a pool's share of a kind pool-share.ts's, the count
 * of a pool's running tasks and demand pool-count.ts's, those counts kept between refreshes kept-counts.ts's.
 */
import { computeFairShares } from './fair-shares.js';
import type { Job } from './job.js';
import type { ParentPoolConfig, PoolConfig } from './pool-config.js';
import { ParentPool, Pool, type PoolNode, belowFairShare, belowMinShare, childPools } from './pool.js';
import { type PoolCount, countPool } from './pool-count.js';
import type { SchedulerConfig } from './scenario.js';
import { KINDS, type SlotKind } from './slot-kind.js';
import type { Admission } from './framework/admission.js';
import { frozenCopy } from './frozen.js';
import { compareFifo } from './priority.js';
import { kindInWords, shownValue } from './shown-value.js';
import { ENGINE } from './engine-key.js';
import { KeptCounts } from './kept-counts.js';

let livePoolList: (set: PoolSet) => readonly Pool[];
let liveWatchers: (set: PoolSet) => PoolWatcher[];
let bumpVersion: (set: PoolSet) => void;
let liveTop: (set: PoolSet) => readonly PoolNode[];
let keepOn: (set: PoolSet) => void;
let keptOf: (set: PoolSet) => KeptCounts | undefined;

/** The PoolSet behind each view of it a user's plugin is given (poolsViewed). */
const behindViews = new WeakMap<object, PoolSet>();

/** Records `view` as a view of `set` (plugin-views.ts poolSetView), so that the engine's functions read the set through it; `view`. */
export function poolsViewed(view: PoolSet, set: PoolSet): PoolSet {
  behindViews.set(view, set);
  return view;
}

function setBehindView(view: PoolSet): PoolSet {
  const set = behindViews.get(view);
  if (set === undefined) throw new TypeError('not a PoolSet, nor a view of one');
  return set;
}

/** The engine's live list of the tree's top level: the pools and parent pools under the root, in their order. */
export function topPools(set: PoolSet): readonly PoolNode[] {
  return liveTop(set);
}

/** The engine's live list of the pools (not exported to plugins: they read `set.pools`). */
export function livePools(set: PoolSet): readonly Pool[] {
  return livePoolList(set);
}

/**
 * Hears what may reorder a PoolSet's pools and jobs, so that an order kept between reads (policies/kept-order.ts)
 * revisits only what changed. Engine-only, as PoolSet's other live hooks: plugins read `version`.
 */
export interface PoolWatcher {
  /** `job` arrived, left, became runnable or not, or its counts of a kind changed (a queue heard of it). */
  jobChanged(job: Job): void;
  /** Anything may have changed (PoolSet.changed()). */
  allChanged(): void;
}

/** `watcher` hears, from now on, of every change to `set` that may reorder its pools and jobs. */
export function watchPools(set: PoolSet, watcher: PoolWatcher): void {
  liveWatchers(set).push(watcher);
}

/**
 * A queue heard that `job`'s counts changed (a task launched, ended or was killed, or the job became able to use a slot
 * or not): the version moves, as changed() moves it, and the watchers hear which job.
 */
export function jobChanged(set: PoolSet, job: Job): void {
  bumpVersion(set);
  for (const w of liveWatchers(set)) w.jobChanged(job);
}

/**
 * From now on every change to a job's counts of either kind (a task launched, ended or was killed) is told to `set`
 * (countsChanged), as the scheduler's queues tell it (counted-queue.ts): refreshStats then counts again only the jobs
 * told since, reading the other jobs' counts kept from before (kept-counts.ts). Engine-only: a set no one tells counts
 * every job at each refresh.
 */
export function keepCounts(set: PoolSet): void {
  keepOn(set);
}

/** A task of `job` launched, ended or was killed, or the job became able to use a slot or not (keepCounts). */
export function countsChanged(set: PoolSet, job: Job): void {
  keptOf(set)?.jobChanged(job);
}

/**
 * A division of one kind's slots among the pools (each pool's share of `kind` holds its running tasks and demand, just
 * measured): a fair share per pool, in the order of `pools`.
 */
export type ShareDivision = (pools: readonly Pool[], kind: SlotKind, slots: number) => readonly number[];

export class PoolSet implements Admission {
  /** The scheduler's settings the pools were made from: a frozen copy (plugins are handed the pools). */
  readonly config: SchedulerConfig;
  // What changes is private (plugins are handed the pools, and the set is frozen: a write throws).
  readonly #pools: Pool[] = [];
  /** A frozen copy of #pools for `pools`, made when first read after a pool is added. */
  #poolsSeen: readonly Pool[] | undefined;
  readonly #byName = new Map<string, Pool>();
  /** The tree's top level (pools and parent pools under the root), the parent pools top down, and a frozen copy. */
  readonly #top: PoolNode[] = [];
  #topSeen: readonly PoolNode[] | undefined;
  readonly #parents: ParentPool[] = [];
  /** The parent pools by name: a configured pool's parent, and a new pool's under its dotted name's prefix (add). */
  readonly #parentByName: ReadonlyMap<string, ParentPool>;
  #parentsSeen: readonly ParentPool[] | undefined;
  readonly #poolOfJob = new Map<Job, Pool>();
  readonly #runnable = new Set<Job>();
  /** A pool counted now (countPool), reused. */
  readonly #counted: PoolCount = { running: 0, demand: 0 };
  /**
   * Active jobs under a finite running-job limit (limited()), in Hadoop's FifoJobComparator order: priority (VERY_HIGH
   * first), then submit time (compareFifo). The others are runnable from arrival to departure.
   */
  readonly #limitedActive: Job[] = [];
  readonly #userMax: Map<string, number>;
  #version = 0;
  readonly #watchers: PoolWatcher[] = [];
  /** How the fair shares are divided (divideSharesBy); undefined: the Fair Scheduler's, down the pool tree. */
  #division: ShareDivision | undefined;
  /** Whose division it is, as its errors name it (`policy "mine": `), or empty. */
  #divider = '';
  /** The pools' counts kept between refreshes (keepCounts); undefined: each refresh counts every job. */
  #kept: KeptCounts | undefined;

  /**
   * `ownShares`: the run's policy owns the pools' shares (PolicyPlugin.ownsPoolShares, as capacity does): no pool has a
   * weight, min share or cap of its own (sharesOf).
   */
  constructor(config: SchedulerConfig, readonly mapSlots: number, readonly reduceSlots: number, readonly ownShares = false) {
    this.config = frozenCopy(config);
    this.buildParents(this.config.parentPools);
    this.#parentByName = new Map(this.#parents.map((p) => [p.name, p]));
    for (const p of this.config.pools) this.create(p, p.parent === undefined ? undefined : this.#parentByName.get(p.parent));
    this.#userMax = new Map(this.config.users.map((u) => [u.name, u.maxRunningJobs]));
    Object.freeze(this);
  }

  /**
   * The pools, configured ones first, then those jobs named as they arrived: a frozen copy, replaced when one is
   * added. (The engine reads the live list, livePools: V8 iterates a frozen array several times slower.)
   */
  get pools(): readonly Pool[] {
    return (this.#poolsSeen ??= Object.freeze(this.#pools.slice()));
  }

  /** Bumped on every change that can reorder pools or jobs; queues rebuild when it moves. */
  get version(): number {
    return this.#version;
  }

  /** The parent pools, each after its own parent (scheduler.parentPools' tree): a frozen copy. */
  get parentPools(): readonly ParentPool[] {
    return (this.#parentsSeen ??= Object.freeze(this.#parents.slice()));
  }

  /** The tree's top level: the pools and parent pools under the root, configured ones first (a frozen copy). */
  get top(): readonly PoolNode[] {
    return (this.#topSeen ??= Object.freeze(this.#top.slice()));
  }

  static {
    // A user's plugin holds a view of the set (plugin-views.ts poolSetView), which has no private fields: a built-in
    // policy it hands its context to reaches the set behind it ("Cannot read private member #watchers").
    const own = (set: PoolSet): PoolSet => (#pools in set ? set : setBehindView(set));
    livePoolList = (set) => own(set).#pools;
    liveTop = (set) => own(set).#top;
    liveWatchers = (set) => own(set).#watchers;
    keepOn = (set) => {
      const s = own(set);
      s.#kept ??= new KeptCounts(s);
    };
    keptOf = (set) => own(set).#kept;
    bumpVersion = (set) => {
      own(set).#version++;
    };
  }

  static userOf(job: Job): string {
    return job.spec.user ?? job.spec.pool;
  }

  poolOf(job: Job): Pool {
    return this.#poolOfJob.get(job)!;
  }

  pool(name: string): Pool | undefined {
    return this.#byName.get(name);
  }

  isRunnable(job: Job): boolean {
    return this.#runnable.has(job);
  }

  /**
   * A job arrived: file it under its pool, made with the defaults if the scenario names no such pool: under the parent
   * pool its dotted name's prefix names (prod.new under prod, as YARN creates a queue under its parent), else under
   * the root.
   */
  add(job: Job, nowMs: number = job.spec.submitMs): void {
    if (this.#poolOfJob.has(job)) return;
    let pool = this.#byName.get(job.spec.pool);
    if (pool === undefined) {
      const name = job.spec.pool;
      const dot = name.lastIndexOf('.');
      const parent = dot > 0 ? this.#parentByName.get(name.slice(0, dot)) : undefined;
      pool = this.create({ name, weight: 1, minMaps: 0, minReduces: 0 }, parent);
    }
    // Hadoop 1's jobAdded runs update(): a pool not starved just before this job joins it (one with no active job wants
    // nothing) is stamped at the arrival, so a starvation the job brings counts from then. Only this pool, by the last
    // tick's fair share: the other pools' clocks wait for the tick. (Stamped at the last tick only, a pool running jobs
    // took back tasks 5.1 s after the job starved it, at a 5.5 s timeout.)
    for (const kind of KINDS) this.stampAtArrival(pool, kind, nowMs);
    this.#poolOfJob.set(job, pool);
    pool.joined(ENGINE, job);
    if (this.limited(job, pool)) {
      // Arrivals come in submit order: at the end unless a higher priority (binary search on compareFifo, a total order).
      const active = this.#limitedActive;
      let lo = 0;
      let hi = active.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareFifo(active[mid], job) < 0) lo = mid + 1;
        else hi = mid;
      }
      active.splice(lo, 0, job);
    } else this.setRunnable(job, pool, true);
    this.updateRunnability();
    this.#version++;
    this.tell(job);
  }

  remove(job: Job): void {
    const pool = this.#poolOfJob.get(job);
    if (pool === undefined) return;
    this.#poolOfJob.delete(job);
    pool.left(ENGINE, job);
    if (this.limited(job, pool)) this.#limitedActive.splice(this.#limitedActive.indexOf(job), 1);
    this.setRunnable(job, pool, false);
    this.updateRunnability();
    this.#version++;
    this.tell(job);
  }

  /** Anything may have changed: queues rebuild their order whole. */
  changed(): void {
    this.#version++;
    this.#kept?.allChanged();
    for (const w of this.#watchers) w.allChanged();
  }

  /** The watchers hear that `job` arrived, left, or became runnable or not. */
  private tell(job: Job): void {
    this.#kept?.jobChanged(job);
    for (const w of this.#watchers) w.jobChanged(job);
  }

  /**
   * Whether `job` runs under a finite running-job limit: its user's, its pool's or a parent pool's above it. A job
   * under none is runnable from its arrival to its departure, and its count matters to no limit (each job counted
   * with it under a finite limit is under that limit too), so updateRunnability passes it by.
   */
  private limited(job: Job, pool: Pool): boolean {
    if (this.userLimit(PoolSet.userOf(job)) !== Infinity || pool.config.maxRunningJobs !== Infinity) return true;
    for (let a = pool.parent; a !== undefined; a = a.parent) if (a.config.maxRunningJobs !== Infinity) return true;
    return false;
  }

  private userLimit(user: string): number {
    return this.#userMax.get(user) ?? this.config.userMaxJobsDefault ?? Infinity;
  }

  /** Files `job` of `pool` as runnable or not, keeping the pool's count of runnable jobs. */
  private setRunnable(job: Job, pool: Pool, runnable: boolean): void {
    if (this.#runnable.has(job) === runnable) return;
    if (runnable) this.#runnable.add(job);
    else this.#runnable.delete(job);
    pool.countRunnable(ENGINE, pool.runnableJobs + (runnable ? 1 : -1));
    this.tell(job);
  }

  /**
   * Hadoop's updateRunnability (branch-1 FairScheduler): in FifoJobComparator order, priority then submit time, a job
   * is runnable while its user and its pool run fewer jobs than their limits; before, the places went by submit time
   * alone, and a VERY_HIGH job waited behind a NORMAL one. One departure: a runnable job with tasks running keeps its
   * place. Hadoop gives it to a job of higher priority that arrives, and then the first job's reduces, holding their
   * slots while they wait for maps it may no longer launch, can hold them for good (a harness scenario stalled: one
   * reduce slot, maxRunningJobs 1, a LOW job's reduce waiting and a VERY_HIGH job's reduce waiting for the slot). So
   * the runnable set holds the limits at every instant, and only jobs with nothing running are passed over.
   * Only the jobs under a finite limit are walked (limited()): the others are always runnable and take no place a
   * limited job could want. It still runs at every arrival and departure, whoever's, since a limited job whose tasks
   * have all ended since the last pass no longer keeps its place. Cost O(active jobs under a finite limit): with no
   * limit set, O(1) (it was O(active jobs) an arrival or departure: quadratic in a burst of arrivals).
   */
  private updateRunnability(): void {
    const active = this.#limitedActive;
    if (active.length === 0) return;
    const perUser = new Map<string, number>();
    const perPool = new Map<Pool | ParentPool, number>();
    const taken = new Set<Job>();
    const take = (job: Job, pool: Pool, user: string): void => {
      taken.add(job);
      perUser.set(user, (perUser.get(user) ?? 0) + 1);
      perPool.set(pool, (perPool.get(pool) ?? 0) + 1);
      for (let a = pool.parent; a !== undefined; a = a.parent) perPool.set(a, (perPool.get(a) ?? 0) + 1);
    };
    for (const job of active) {
      if (this.#runnable.has(job) && job.runningMaps + job.runningReduces > 0) take(job, this.#poolOfJob.get(job)!, PoolSet.userOf(job));
    }
    for (const job of active) {
      if (taken.has(job)) continue;
      const user = PoolSet.userOf(job);
      const pool = this.#poolOfJob.get(job)!;
      if ((perUser.get(user) ?? 0) < this.userLimit(user) && (perPool.get(pool) ?? 0) < pool.config.maxRunningJobs && PoolSet.parentsAdmit(pool, perPool)) take(job, pool, user);
    }
    for (const job of active) this.setRunnable(job, this.#poolOfJob.get(job)!, taken.has(job));
  }

  /** Whether every parent pool above `pool` runs fewer jobs than its maxRunningJobs (YARN's MaxRunningAppsEnforcer). */
  private static parentsAdmit(pool: Pool, running: ReadonlyMap<Pool | ParentPool, number>): boolean {
    for (let a = pool.parent; a !== undefined; a = a.parent) if ((running.get(a) ?? 0) >= a.config.maxRunningJobs) return false;
    return true;
  }

  /**
   * Recomputes each pool's running tasks and demand (capped by its max) from its runnable jobs, then each parent
   * pool's from its children, bottom up. Cost O(active jobs + pools); with the counts kept (keepCounts), O(jobs told
   * changed since the last refresh of `kind` + pools) where few changed (KeptCounts.settle), and the same numbers.
   */
  refreshStats(kind: SlotKind): void {
    const kept = this.#kept !== undefined && this.#kept.settle(kind, this.#pools) ? this.#kept : undefined;
    for (const pool of this.#pools) {
      const { running, demand } = kept === undefined ? countPool(this, pool, kind, this.#counted) : kept.countOf(kind, pool, this.#counted);
      pool.share(kind).measure(ENGINE, running, demand);
    }
    for (let k = this.#parents.length - 1; k >= 0; k--) {
      const parent = this.#parents[k];
      let running = 0;
      let demand = 0;
      for (const c of childPools(parent)) {
        running += c.share(kind).running;
        demand += c.share(kind).demand;
      }
      parent.share(kind).measure(ENGINE, running, demand);
    }
  }

  /**
   * At a job's arrival in `pool` at `nowMs`, before it joins: stamps each clock the pool is not starved for. Running
   * tasks at both thresholds (min share, floor(fair share x threshold)) starve it for neither whatever the demand, so
   * the count stops there; clocks at `nowMs` already need no count (a pool not starved counts once in a burst of
   * arrivals at one time; a starved one counts at each, up to those thresholds).
   */
  private stampAtArrival(pool: Pool, kind: SlotKind, nowMs: number): void {
    const s = pool.share(kind);
    if (nowMs <= s.lastTimeAtMinShare && nowMs <= s.lastTimeAtHalfFairShare) return;
    const { running, demand } = countPool(this, pool, kind, this.#counted, Math.max(s.minShare, Math.floor(s.fairShare * pool.fairShareThreshold)));
    const capped = Math.min(demand, s.maxTasks);
    s.stamp(ENGINE, Math.max(nowMs, s.lastTimeAtMinShare), !belowMinShare(s, running, capped), false);
    s.stamp(ENGINE, Math.max(nowMs, s.lastTimeAtHalfFairShare), false, !belowFairShare(s, pool.fairShareThreshold, running, capped));
  }

  /**
   * Hadoop's update(): recompute running, demand and fair shares of both kinds, then the preemption clocks: a pool
   * not starved for min share (fair share) at `nowMs` resets its lastTimeAtMinShare (lastTimeAtHalfFairShare).
   */
  update(nowMs: number): void {
    for (const kind of KINDS) {
      this.refreshStats(kind);
      const slots = kind === 'map' ? this.mapSlots : this.reduceSlots;
      if (this.#division !== undefined) {
        // the frozen list, as plugins get it; and what comes back checked, as a plugin's: NaN killed arbitrary tasks
        const fair = this.#division(this.pools, kind, slots);
        const n = this.#pools.length;
        const list = Array.isArray(fair) || ArrayBuffer.isView(fair); // a typed array is a list of numbers too
        if (!list || fair.length !== n) throw new Error(`${this.#divider}the pools' share division gave ${list ? fair.length : 'no list of'} shares for ${n} pool${n === 1 ? '' : 's'}, not one number of slots from 0 a pool`);
        const bad = fair.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x) || x < 0);
        if (bad !== -1) throw new Error(`${this.#divider}the pools' share division gave pool "${this.#pools[bad].name}" a share of ${shownValue(fair[bad])}${typeof fair[bad] === 'number' ? '' : ` (${kindInWords(fair[bad])})`}, not one number of slots from 0 a pool`);
        this.#pools.forEach((pool, i) => pool.share(kind).shareFairly(ENGINE, fair[i]));
      } else {
        // Top down: the root divides the slots among the top level, each parent pool its share among its children.
        PoolSet.divide(this.#top, kind, slots);
        for (const parent of this.#parents) PoolSet.divide(childPools(parent), kind, parent.share(kind).fairShare);
      }
      for (const pool of this.#pools) pool.share(kind).stamp(ENGINE, nowMs, !pool.starvedForMinShare(kind), !pool.starvedForFairShare(kind));
    }
  }

  /**
   * A policy whose pools are not the Fair Scheduler's sets how their fair shares (what preemption restores, and the
   * results' `shares`) are divided: the capacity scheduler's by the queues' capacities (capacity-shares.ts). Once,
   * when the policy is made, before the run.
   */
  divideSharesBy(division: ShareDivision, divider?: string): void {
    if (this.#division !== undefined) throw new Error('the pools\' fair-share division is set already');
    this.#division = division;
    this.#divider = divider === undefined ? '' : `${divider}: `;
  }

  /** computeFairShares among siblings: `slots` divided by weight, min share and demand. */
  private static divide(nodes: readonly PoolNode[], kind: SlotKind, slots: number): void {
    const shares = nodes.map((n) => n.share(kind));
    const fair = computeFairShares(nodes.map((n, i) => ({ weight: n.config.weight, minShare: shares[i].minShare, demand: shares[i].demand })), slots);
    shares.forEach((s, i) => s.shareFairly(ENGINE, fair[i]));
  }

  /** True when `job`'s pool has been starved past a preemption timeout: delay scheduling does not make it wait. */
  starvedPastTimeout(job: Job, kind: SlotKind, nowMs: number): boolean {
    const pool = this.#poolOfJob.get(job);
    if (pool === undefined) return false;
    const s = pool.share(kind);
    return nowMs - s.lastTimeAtMinShare > pool.minShareTimeoutMs || nowMs - s.lastTimeAtHalfFairShare > pool.fairShareTimeoutMs;
  }

  private create(c: PoolConfig, parent?: ParentPool): Pool {
    const pool = new Pool(c, this.config, this.#pools.length, parent, this.ownShares);
    this.#pools.push(pool);
    this.#poolsSeen = undefined;
    this.#byName.set(pool.name, pool);
    if (parent === undefined) {
      this.#top.push(pool);
      this.#topSeen = undefined;
    } else parent.adopt(ENGINE, pool);
    return pool;
  }

  /** The parent pools, each made after its own parent (the scenario's schema refused unknown parents and cycles). */
  private buildParents(configs: readonly ParentPoolConfig[]): void {
    const byName = new Map(configs.map((c) => [c.name, c]));
    const made = new Map<string, ParentPool>();
    // Recursion as deep as the tree, which the schema bounds (MAX_TREE_DEPTH).
    const make = (c: ParentPoolConfig): ParentPool => {
      const had = made.get(c.name);
      if (had !== undefined) return had;
      const parent = c.parent === undefined ? undefined : make(byName.get(c.parent)!);
      const node = new ParentPool(c, parent, this.config, this.ownShares);
      made.set(c.name, node);
      this.#parents.push(node);
      if (parent === undefined) this.#top.push(node);
      else parent.adopt(ENGINE, node);
      return node;
    };
    configs.forEach(make);
  }
}

// As Job.prototype: a plugin reaches PoolSet through the pools it reads, and a method replaced on the prototype
// (PoolSet.prototype.update = ...) would have changed the engine's pools; so would one of its static helpers, reached
// as pools.constructor (PoolSet.divide = () => {} left the shares undivided). Pool, ParentPool, PoolShare: their modules.
Object.freeze(PoolSet.prototype);
Object.freeze(PoolSet);
