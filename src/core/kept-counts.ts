/**
 * PoolSet.refreshStats's counts kept between refreshes, in a run whose every change to a job's counts is told
 * (counted-queue.ts: the scheduler's queue calls; the PoolSet's own arrivals, departures and runnability changes): per
 * kind, the jobs told since the last refresh of that kind are counted again into their pools' sums (PoolTally), the
 * others left as counted. A refresh so costs O(jobs changed + pools) where a count of every pool cost O(active jobs):
 * at every tick, a burst of one-map jobs waiting in one pool was walked whole, twice.
 */
import type { Job } from './job.js';
import { activeJobs, type Pool } from './pool.js';
import type { PoolCount } from './pool-count.js';
import type { PoolSet } from './pools.js';
import { PoolTally } from './policies/pool-tally.js';
import type { SlotKind } from './slot-kind.js';

/**
 * One kind's sums, the jobs told changed since they were last brought up to date (all: every job), and how many tells
 * came since the last refresh (a job told twice counts twice).
 */
interface KindCounts {
  readonly tally: PoolTally;
  readonly changed: Set<Job>;
  all: boolean;
  told: number;
}

export class KeptCounts {
  readonly #kinds: Record<SlotKind, KindCounts>;

  constructor(set: PoolSet) {
    const of = (kind: SlotKind): KindCounts => ({ tally: new PoolTally(set, kind), changed: new Set(), all: true, told: 0 });
    this.#kinds = { map: of('map'), reduce: of('reduce') };
  }

  /** `job` arrived, left, became runnable or not, or a task of it launched, ended or was killed. */
  jobChanged(job: Job): void {
    told(this.#kinds.map, job);
    told(this.#kinds.reduce, job);
  }

  /** Anything may have changed (PoolSet.changed()): the next refresh of each kind counts every active job afresh. */
  allChanged(): void {
    for (const k of [this.#kinds.map, this.#kinds.reduce]) {
      k.all = true;
      k.changed.clear();
    }
  }

  /**
   * Brings `kind`'s sums up to date: the jobs told changed counted again, or every active job afresh; returns whether
   * they are to be read (countOf). Where the tells since the last refresh number over half the active jobs (most jobs
   * launch or end a task each interval: a busy cluster), a count of every job without the sums' maps is cheaper (about
   * 6-10% of a run of 400 jobs of 500 maps on 100 nodes read them kept): returns false, and the next refresh that
   * reads them counts every job into them afresh.
   */
  settle(kind: SlotKind, pools: readonly Pool[]): boolean {
    const k = this.#kinds[kind];
    let active = 0;
    for (const pool of pools) active += activeJobs(pool).length;
    const busy = 2 * k.told > active;
    k.told = 0;
    if (busy) {
      k.all = true;
      k.changed.clear();
      return false;
    }
    if (k.all) {
      k.all = false;
      k.tally.clear();
      for (const pool of pools) for (const job of activeJobs(pool)) k.tally.count(job);
    } else {
      for (const job of k.changed) k.tally.count(job);
      k.changed.clear();
    }
    k.tally.forgetGone();
    return true;
  }

  /** `pool`'s running tasks and demand of `kind` (uncapped) as of the last settle, into `into`. */
  countOf(kind: SlotKind, pool: Pool, into: PoolCount): PoolCount {
    return this.#kinds[kind].tally.countOf(pool, into);
  }
}

function told(k: KindCounts, job: Job): void {
  k.told++;
  if (!k.all) k.changed.add(job);
}
