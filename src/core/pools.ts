/**
 * The pools of the Hadoop Fair Scheduler (and the capacity scheduler's queues): each pool's jobs, which of them
 * are runnable under the running-job limits, per-kind running tasks and demand, fair shares, and the times the
 * preemption timeouts count from. Policies order pools and jobs from this state; the scheduler reads
 * starvation from it to switch locality waiting off; preemption reads shares from it.
 */
import { computeFairShares } from './fair-shares.js';
import type { Job } from './job.js';
import type { PoolConfig, SchedulingMode } from './pool-config.js';
import type { SchedulerConfig } from './scenario.js';
import { KINDS, type SlotKind } from './slot-kind.js';
import type { Admission } from './framework/admission.js';

export { KINDS, type SlotKind } from './slot-kind.js';

/** One slot kind's view of a pool (Hadoop's PoolSchedulable). */
export interface PoolShare {
  running: number;
  demand: number;
  minShare: number;
  maxTasks: number;
  fairShare: number;
  lastTimeAtMinShare: number;
  lastTimeAtHalfFairShare: number;
}

export class Pool {
  /** Active (arrived, unfinished) jobs in submit order. */
  readonly jobs: Job[] = [];
  readonly config: Required<Pick<PoolConfig, 'name' | 'weight' | 'minMaps' | 'minReduces'>> & { maxRunningJobs: number; schedulingMode: SchedulingMode; maxMaps: number; maxReduces: number };
  readonly minShareTimeoutMs: number;
  readonly fairShareTimeoutMs: number;
  readonly map: PoolShare;
  readonly reduce: PoolShare;
  /** Order of first appearance (configured pools first), for reports. */
  readonly ordinal: number;
  runnableJobs = 0;
  /** Submit time of the earliest active job, or Infinity. */
  startMs = Infinity;

  constructor(c: PoolConfig, s: SchedulerConfig, ordinal: number) {
    this.ordinal = ordinal;
    this.config = {
      name: c.name, weight: c.weight, minMaps: c.minMaps, minReduces: c.minReduces,
      maxMaps: c.maxMaps ?? Infinity, maxReduces: c.maxReduces ?? Infinity,
      maxRunningJobs: c.maxRunningJobs ?? s.poolMaxJobsDefault ?? Infinity,
      schedulingMode: c.schedulingMode ?? s.defaultSchedulingMode,
    };
    this.minShareTimeoutMs = c.minSharePreemptionTimeoutMs ?? s.minSharePreemptionTimeoutMs ?? Infinity;
    this.fairShareTimeoutMs = c.fairSharePreemptionTimeoutMs ?? s.fairSharePreemptionTimeoutMs ?? Infinity;
    const share = (min: number, max: number): PoolShare => ({ running: 0, demand: 0, minShare: min, maxTasks: max, fairShare: 0, lastTimeAtMinShare: 0, lastTimeAtHalfFairShare: 0 });
    this.map = share(c.minMaps, this.config.maxMaps);
    this.reduce = share(c.minReduces, this.config.maxReduces);
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
    return s.running < Math.min(s.minShare, s.demand);
  }

  /** Starved for fair share: running below floor(min(fairShare / 2, demand)). */
  starvedForFairShare(kind: SlotKind): boolean {
    const s = this.share(kind);
    return s.running < Math.floor(Math.min(s.fairShare / 2, s.demand));
  }
}

/** A job's demand for one kind (Hadoop's JobSchedulable.updateDemand): tasks not finished; reduces only past slow start. */
export function jobDemand(job: Job, kind: SlotKind): number {
  if (kind === 'map') return job.maps - job.finishedMaps;
  return job.finishedMaps >= job.slowStartMaps ? job.reduces - job.finishedReduces : 0;
}

export const jobRunning = (job: Job, kind: SlotKind): number => (kind === 'map' ? job.runningMaps : job.runningReduces);

export class PoolSet implements Admission {
  readonly pools: Pool[] = [];
  private readonly byName = new Map<string, Pool>();
  private readonly poolOfJob = new Map<Job, Pool>();
  private readonly runnable = new Set<Job>();
  /** Active jobs in submit order (their arrival order). */
  private readonly active: Job[] = [];
  private readonly userMax: Map<string, number>;
  /** Bumped on every change that can reorder pools or jobs; queues rebuild when it moves. */
  version = 0;

  constructor(readonly config: SchedulerConfig, readonly mapSlots: number, readonly reduceSlots: number) {
    for (const p of config.pools) this.create(p);
    this.userMax = new Map(config.users.map((u) => [u.name, u.maxRunningJobs]));
  }

  static userOf(job: Job): string {
    return job.spec.user ?? job.spec.pool;
  }

  poolOf(job: Job): Pool {
    return this.poolOfJob.get(job)!;
  }

  pool(name: string): Pool | undefined {
    return this.byName.get(name);
  }

  isRunnable(job: Job): boolean {
    return this.runnable.has(job);
  }

  /** A job arrived: file it under its pool (made with the defaults if the scenario names no such pool). */
  add(job: Job): void {
    if (this.poolOfJob.has(job)) return;
    let pool = this.byName.get(job.spec.pool);
    if (pool === undefined) {
      pool = this.create({ name: job.spec.pool, weight: 1, minMaps: 0, minReduces: 0 });
      for (const kind of KINDS) pool.share(kind).lastTimeAtMinShare = pool.share(kind).lastTimeAtHalfFairShare = job.spec.submitMs;
    }
    this.poolOfJob.set(job, pool);
    pool.jobs.push(job);
    if (pool.startMs === Infinity) pool.startMs = job.spec.submitMs;
    this.active.push(job);
    this.updateRunnability();
    this.version++;
  }

  remove(job: Job): void {
    const pool = this.poolOfJob.get(job);
    if (pool === undefined) return;
    this.poolOfJob.delete(job);
    pool.jobs.splice(pool.jobs.indexOf(job), 1);
    pool.startMs = pool.jobs.length > 0 ? pool.jobs[0].spec.submitMs : Infinity;
    this.active.splice(this.active.indexOf(job), 1);
    this.updateRunnability();
    this.version++;
  }

  changed(): void {
    this.version++;
  }

  /**
   * Hadoop's updateRunnability: in submit order, a job is runnable while its user and its pool run fewer jobs
   * than their limits. Runnable jobs stay runnable (earlier jobs only ever leave), so the limits hold at every
   * instant. Cost O(active jobs).
   */
  private updateRunnability(): void {
    const perUser = new Map<string, number>();
    const perPool = new Map<Pool, number>();
    this.runnable.clear();
    for (const p of this.pools) p.runnableJobs = 0;
    for (const job of this.active) {
      const user = PoolSet.userOf(job);
      const pool = this.poolOfJob.get(job)!;
      const u = perUser.get(user) ?? 0;
      const p = perPool.get(pool) ?? 0;
      const userLimit = this.userMax.get(user) ?? this.config.userMaxJobsDefault ?? Infinity;
      if (u < userLimit && p < pool.config.maxRunningJobs) {
        this.runnable.add(job);
        perUser.set(user, u + 1);
        perPool.set(pool, p + 1);
        pool.runnableJobs++;
      }
    }
  }

  /** Recomputes each pool's running tasks and demand (capped by its max) from its runnable jobs. Cost O(active jobs). */
  refreshStats(kind: SlotKind): void {
    for (const pool of this.pools) {
      const s = pool.share(kind);
      let running = 0;
      let demand = 0;
      for (const job of pool.jobs) {
        running += jobRunning(job, kind);
        if (this.runnable.has(job)) demand += jobDemand(job, kind);
      }
      s.running = running;
      s.demand = Math.min(demand, s.maxTasks);
    }
  }

  /**
   * Hadoop's update(): recompute running, demand and fair shares of both kinds, then the preemption clocks: a pool
   * not starved for min share (fair share) at `nowMs` resets its lastTimeAtMinShare (lastTimeAtHalfFairShare).
   */
  update(nowMs: number): void {
    for (const kind of KINDS) {
      this.refreshStats(kind);
      const shares = this.pools.map((p) => p.share(kind));
      const fair = computeFairShares(this.pools.map((p, i) => ({ weight: p.config.weight, minShare: shares[i].minShare, demand: shares[i].demand })), kind === 'map' ? this.mapSlots : this.reduceSlots);
      shares.forEach((s, i) => (s.fairShare = fair[i]));
      for (const pool of this.pools) {
        const s = pool.share(kind);
        if (!pool.starvedForMinShare(kind)) s.lastTimeAtMinShare = nowMs;
        if (!pool.starvedForFairShare(kind)) s.lastTimeAtHalfFairShare = nowMs;
      }
    }
  }

  /** True when `job`'s pool has been starved past a preemption timeout: delay scheduling does not make it wait. */
  starvedPastTimeout(job: Job, kind: SlotKind, nowMs: number): boolean {
    const pool = this.poolOfJob.get(job);
    if (pool === undefined) return false;
    const s = pool.share(kind);
    return nowMs - s.lastTimeAtMinShare > pool.minShareTimeoutMs || nowMs - s.lastTimeAtHalfFairShare > pool.fairShareTimeoutMs;
  }

  private create(c: PoolConfig): Pool {
    const pool = new Pool(c, this.config, this.pools.length);
    this.pools.push(pool);
    this.byName.set(pool.name, pool);
    return pool;
  }
}
