/** One slot kind's share of a pool (Hadoop's PoolSchedulable): running tasks, demand, fair share, and the starvation clocks. */
import { type EngineKey, checkEngineForPool } from './engine-key.js';

/**
 * One slot kind's view of a pool (Hadoop's PoolSchedulable). Plugins are handed pools: what changes is private and
 * set by PoolSet alone, and the object is frozen, so a plugin's write throws instead of changing the shares.
 */
export class PoolShare {
  #running = 0;
  #demand = 0;
  #fairShare = 0;
  #lastTimeAtMinShare = 0;
  #lastTimeAtHalfFairShare = 0;

  constructor(readonly minShare: number, readonly maxTasks: number) {
    Object.freeze(this);
  }

  get running(): number {
    return this.#running;
  }

  /** Tasks wanted by the pool's runnable jobs, capped by maxTasks. */
  get demand(): number {
    return this.#demand;
  }

  get fairShare(): number {
    return this.#fairShare;
  }

  /** The last time the pool was not starved for its min share (the min-share preemption timeout counts from it). */
  get lastTimeAtMinShare(): number {
    return this.#lastTimeAtMinShare;
  }

  /**
   * The last time the pool had at least half its fair share, or the fraction its fairShareThreshold sets (the
   * fair-share timeout counts from it; the name is Hadoop 1's, whose threshold is half).
   */
  get lastTimeAtHalfFairShare(): number {
    return this.#lastTimeAtHalfFairShare;
  }

  /** PoolSet's: the running tasks and the demand (capped here by maxTasks) counted now. */
  measure(key: EngineKey, running: number, demand: number): void {
    checkEngineForPool(key, 'a pool\'s share', 'measure');
    this.#running = running;
    this.#demand = Math.min(demand, this.maxTasks);
  }

  /** PoolSet's: the fair share computed now. */
  shareFairly(key: EngineKey, fairShare: number): void {
    checkEngineForPool(key, 'a pool\'s share', 'shareFairly');
    this.#fairShare = fairShare;
  }

  /** PoolSet's: at `nowMs` the pool is at its min share (`atMin`) and at half its fair share (`atHalf`) or not. */
  stamp(key: EngineKey, nowMs: number, atMin: boolean, atHalf: boolean): void {
    checkEngineForPool(key, 'a pool\'s share', 'stamp');
    if (atMin) this.#lastTimeAtMinShare = nowMs;
    if (atHalf) this.#lastTimeAtHalfFairShare = nowMs;
  }
}

// As Job.prototype: a method replaced on the prototype would have changed every pool's shares.
Object.freeze(PoolShare.prototype);
Object.freeze(PoolShare);
