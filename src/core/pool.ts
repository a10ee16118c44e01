/**
 * A pool of the Hadoop Fair Scheduler (a capacity scheduler's queue), and a parent pool above pools (YARN's parent
 * queue): each one's configured weight, min shares and caps, its shares of each slot kind, and its jobs or children.
 * PoolSet (pools.ts) makes them and keeps their state.
 */
import type { Job } from './job.js';
import { DEFAULT_FAIR_SHARE_THRESHOLD, type ParentPoolConfig, type PoolConfig, type SchedulingMode } from './pool-config.js';
import { PoolShare } from './pool-share.js';
import type { SchedulerConfig } from './scenario.js';
import type { SlotKind } from './slot-kind.js';
import { type EngineKey, checkEngineForPool } from './engine-key.js';

let liveJobs: (pool: Pool) => readonly Job[];
let liveChildren: (parent: ParentPool) => readonly PoolNode[];

/** A child in the pool tree: a pool (holds jobs) or a parent pool (holds pools and parent pools). */
export type PoolNode = Pool | ParentPool;

/** The engine's live list of a parent pool's children (plugins read `parent.children`). */
export function childPools(parent: ParentPool): readonly PoolNode[] {
  return liveChildren(parent);
}

/** The engine's live list of a pool's active jobs (not exported to plugins: they read `pool.jobs`). */
export function activeJobs(pool: Pool): readonly Job[] {
  return liveJobs(pool);
}

/**
 * A pool's or parent pool's weight, min shares and caps: a cap it sets no value of is the scheduler's
 * poolMaxMapsDefault / poolMaxReducesDefault (YARN's queueMaxResourcesDefault, which YARN gives every queue without
 * maxResources, one it creates for a job included), else none; a min share above such a default is lowered to it, as YARN runs that queue
 * (its fair share never passes its max). A cap of its own is at least its min share (the schema refuses one below).
 * Under a policy that owns the shares (ownShares: one registered with ownsPoolShares) every pool has weight 1, min
 * shares 0 and no caps: the capacity scheduler has no weights or min shares (a queue's capacity is its share and its
 * guarantee) and caps a queue by its maxCapacity (the CLI tells an allocation file's as ignored there and refuses one
 * the scenario writes). A plugin policy that divides the shares itself (divideSharesBy) without that flag keeps the
 * pools' weights, min shares and caps: its division decides what they mean.
 */
function sharesOf(c: PoolConfig | ParentPoolConfig, s: SchedulerConfig, ownShares: boolean): { weight: number; minMaps: number; minReduces: number; maxMaps: number; maxReduces: number } {
  if (ownShares) return { weight: 1, minMaps: 0, minReduces: 0, maxMaps: Infinity, maxReduces: Infinity };
  const maxMaps = c.maxMaps ?? s.poolMaxMapsDefault ?? Infinity;
  const maxReduces = c.maxReduces ?? s.poolMaxReducesDefault ?? Infinity;
  return { weight: c.weight, minMaps: Math.min(c.minMaps, maxMaps), minReduces: Math.min(c.minReduces, maxReduces), maxMaps, maxReduces };
}

export class Pool {
  readonly config: Readonly<Required<Pick<PoolConfig, 'name' | 'weight' | 'minMaps' | 'minReduces'>> & { maxRunningJobs: number; schedulingMode: SchedulingMode; maxMaps: number; maxReduces: number }>;
  readonly minShareTimeoutMs: number;
  readonly fairShareTimeoutMs: number;
  /** The fraction of its fair share below which the pool is starved for fair share (Hadoop 1: half; YARN's threshold). */
  readonly fairShareThreshold: number;
  /** Whether preemption may take this pool's tasks (PoolConfig.preemptable). */
  readonly preemptable: boolean;
  readonly map: PoolShare;
  readonly reduce: PoolShare;
  /** Order of first appearance (configured pools first), for reports. */
  readonly ordinal: number;
  /** The parent pool it shares with its siblings; undefined: the root. */
  readonly parent: ParentPool | undefined;
  readonly #jobs: Job[] = [];
  /** A frozen copy of #jobs for `jobs`, made when first read after a change. */
  #jobsSeen: readonly Job[] | undefined;
  #runnableJobs = 0;

  static {
    liveJobs = (pool) => pool.#jobs;
  }

  constructor(c: PoolConfig, s: SchedulerConfig, ordinal: number, parent?: ParentPool, ownShares = false) {
    this.ordinal = ordinal;
    this.parent = parent;
    this.config = Object.freeze({
      name: c.name, ...sharesOf(c, s, ownShares),
      maxRunningJobs: c.maxRunningJobs ?? s.poolMaxJobsDefault ?? Infinity,
      schedulingMode: c.schedulingMode ?? s.defaultSchedulingMode,
    });
    this.minShareTimeoutMs = c.minSharePreemptionTimeoutMs ?? s.minSharePreemptionTimeoutMs ?? Infinity;
    this.fairShareTimeoutMs = c.fairSharePreemptionTimeoutMs ?? s.fairSharePreemptionTimeoutMs ?? Infinity;
    this.fairShareThreshold = c.fairSharePreemptionThreshold ?? s.fairSharePreemptionThreshold ?? DEFAULT_FAIR_SHARE_THRESHOLD;
    this.preemptable = c.preemptable ?? true;
    this.map = new PoolShare(this.config.minMaps, this.config.maxMaps);
    this.reduce = new PoolShare(this.config.minReduces, this.config.maxReduces);
    Object.freeze(this);
  }

  /**
   * Active (arrived, unfinished) jobs in submit order: a frozen copy, replaced (not changed) when a job arrives or
   * finishes, so a plugin may keep it and cannot change the pool through it. (The engine reads the live list,
   * activeJobs: V8 iterates a frozen array several times slower.)
   */
  get jobs(): readonly Job[] {
    return (this.#jobsSeen ??= Object.freeze(this.#jobs.slice()));
  }

  /** Jobs of the pool runnable under the running-job limits. */
  get runnableJobs(): number {
    return this.#runnableJobs;
  }

  /** Submit time of the earliest active job, or Infinity. */
  get startMs(): number {
    return this.#jobs.length > 0 ? this.#jobs[0].spec.submitMs : Infinity;
  }

  /** PoolSet's: `job` arrived (jobs arrive in submit order). */
  joined(key: EngineKey, job: Job): void {
    checkEngineForPool(key, `pool "${this.name}"`, 'joined');
    this.#jobs.push(job);
    this.#jobsSeen = undefined;
  }

  /** PoolSet's: `job` finished. */
  left(key: EngineKey, job: Job): void {
    checkEngineForPool(key, `pool "${this.name}"`, 'left');
    this.#jobs.splice(this.#jobs.indexOf(job), 1);
    this.#jobsSeen = undefined;
  }

  /** PoolSet's: the runnable jobs counted now. */
  countRunnable(key: EngineKey, n: number): void {
    checkEngineForPool(key, `pool "${this.name}"`, 'countRunnable');
    this.#runnableJobs = n;
  }

  get name(): string {
    return this.config.name;
  }

  share(kind: SlotKind): PoolShare {
    return kind === 'map' ? this.map : this.reduce;
  }

  /** Starved for min share: running below min(minShare, demand). */
  starvedForMinShare(kind: SlotKind): boolean {
    const s = this.share(kind);
    return belowMinShare(s, s.running, s.demand);
  }

  /** Starved for fair share: running below floor(min(fairShare x threshold, demand)) (threshold 0.5: Hadoop 1's half). */
  starvedForFairShare(kind: SlotKind): boolean {
    const s = this.share(kind);
    return belowFairShare(s, this.fairShareThreshold, s.running, s.demand);
  }
}

/** Hadoop's isStarvedForMinShare of a share with `running` tasks and `demand` (capped by its maxTasks). */
export const belowMinShare = (s: PoolShare, running: number, demand: number): boolean => running < Math.min(s.minShare, demand);

/** Hadoop's isStarvedForFairShare, at a threshold of the fair share (Hadoop 1's is half). */
export const belowFairShare = (s: PoolShare, threshold: number, running: number, demand: number): boolean =>
  running < Math.floor(Math.min(s.fairShare * threshold, demand));

/**
 * A parent pool (YARN's FSParentQueue): per kind, its running tasks and demand are its children's summed (the demand
 * capped by its max), its fair share is what its parent's division gives it, and its children divide that share.
 * Its maxRunningJobs bounds the jobs running in all its pools together.
 */
export class ParentPool {
  readonly config: Readonly<Required<Pick<ParentPoolConfig, 'name' | 'weight' | 'minMaps' | 'minReduces'>> & { maxRunningJobs: number; maxMaps: number; maxReduces: number }>;
  readonly parent: ParentPool | undefined;
  readonly map: PoolShare;
  readonly reduce: PoolShare;
  readonly #children: PoolNode[] = [];
  #childrenSeen: readonly PoolNode[] | undefined;

  static {
    liveChildren = (parent) => parent.#children;
  }

  constructor(c: ParentPoolConfig, parent: ParentPool | undefined, s: SchedulerConfig, ownShares = false) {
    this.config = Object.freeze({
      name: c.name, ...sharesOf(c, s, ownShares), maxRunningJobs: c.maxRunningJobs ?? Infinity,
    });
    this.parent = parent;
    this.map = new PoolShare(this.config.minMaps, this.config.maxMaps);
    this.reduce = new PoolShare(this.config.minReduces, this.config.maxReduces);
    Object.freeze(this);
  }

  get name(): string {
    return this.config.name;
  }

  /** Its pools and parent pools, in configuration order: a frozen copy. */
  get children(): readonly PoolNode[] {
    return (this.#childrenSeen ??= Object.freeze(this.#children.slice()));
  }

  /** Submit time of the earliest active job in its subtree, or Infinity. */
  get startMs(): number {
    let t = Infinity;
    for (const c of this.#children) t = Math.min(t, c.startMs);
    return t;
  }

  share(kind: SlotKind): PoolShare {
    return kind === 'map' ? this.map : this.reduce;
  }

  /** PoolSet's: a child joins (the tree is built once, from the configuration). */
  adopt(key: EngineKey, child: PoolNode): void {
    checkEngineForPool(key, `parent pool "${this.name}"`, 'adopt');
    this.#children.push(child);
    this.#childrenSeen = undefined;
  }
}

// As Job.prototype: a plugin reaches pools through the PoolSet it reads, and a method of theirs replaced on the
// prototype would have changed the engine's pools.
for (const c of [Pool, ParentPool]) {
  Object.freeze(c.prototype);
  Object.freeze(c);
}
