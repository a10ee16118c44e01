/**
 * What a pool order kept between reads hears (hfs-order.ts, capacity-order.ts): the jobs that changed since the last
 * read (PoolWatcher: a queue's add, remove or update, an arrival, a departure, a job becoming runnable or not), or that
 * anything may have (PoolSet.changed()). A read with changes pending settles the order first: the jobs named, or with
 * `all` every active job, the order having forgotten everything first.
 */
import type { Job } from '../job.js';
import { type PoolSet, type PoolWatcher, livePools, watchPools } from '../pools.js';
import { activeJobs } from '../pool.js';

/** Jobs heard changed before a read forgets them all and settles every active job instead. */
const MAX_PENDING = 65_536;

export abstract class KeptOrder implements PoolWatcher {
  #all = true;
  readonly #changed = new Set<Job>();

  constructor(protected readonly set: PoolSet) {
    watchPools(set, this);
  }

  jobChanged(job: Job): void {
    if (this.#all) return; // the next read settles every active job anyway
    this.#changed.add(job);
    // An order seldom read (the reduces' in a run of maps alone) held every job that ever changed: past this many, one
    // settle of the active jobs costs no more than theirs.
    if (this.#changed.size > MAX_PENDING) {
      this.#all = true;
      this.#changed.clear();
    }
  }

  allChanged(): void {
    this.#all = true;
  }

  /** The order now (the order's own array: read it, do not keep it past the next change). */
  get jobs(): readonly Job[] {
    if (this.#all || this.#changed.size > 0) {
      const all = this.#all;
      this.#all = false;
      if (all) for (const pool of livePools(this.set)) for (const job of activeJobs(pool)) this.#changed.add(job);
      this.settle(this.#changed, all);
      this.#changed.clear();
    }
    return this.order;
  }

  /** Brings the order up to date with the jobs in `changed` (some may have left); `all`: forget everything first. */
  protected abstract settle(changed: ReadonlySet<Job>, all: boolean): void;

  /** The order as of the last settle. */
  protected abstract get order(): readonly Job[];
}
