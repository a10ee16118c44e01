/** The SortedJobQueue the library gives plugins: the built-ins' sorted queue, its comparator's answers checked. */
import type { Job } from './job.js';
import { type JobComparator, SortedJobQueue } from './policies/sorted-queue.js';
import { shownValue, valueKind } from './shown-value.js';
import { isThenable } from './sync-only.js';

/** A comparator's answer that is not a number. */
export class ComparatorError extends TypeError {}

/**
 * The SortedJobQueue the library exports to plugins: its comparator's every answer checked to be a number (not NaN).
 * NaN, undefined or a Promise compared as "not after" and turned any order into newest first, silently. The
 * built-in policies use the unchecked class.
 */
export class UserSortedJobQueue extends SortedJobQueue {
  constructor(compare: JobComparator) {
    if (typeof compare !== 'function') throw new TypeError(`new SortedJobQueue(compare): compare is ${valueKind(compare)}, not a function (a, b) => number`);
    super((a: Job, b: Job): number => {
      const c: unknown = compare(a, b);
      if (typeof c === 'number' && !Number.isNaN(c)) return c;
      throw new ComparatorError(`comparator gave ${isThenable(c) ? 'a Promise' : shownValue(c)} for jobs ${a.spec.id} and ${b.spec.id}, not a number (negative: the first goes first; 0; positive)`);
    });
  }

  /**
   * The order as a frozen copy, made again after the order changed: the queue's own array, reversed or sorted in place by a
   * plugin (`q.jobs.reverse()`), lost its jobs' places and stalled the run, or changed its order silently.
   */
  #shown: readonly Job[] | undefined;

  override get jobs(): readonly Job[] {
    return (this.#shown ??= Object.freeze([...this.order]));
  }

  override add(job: Job): void {
    this.#shown = undefined;
    super.add(job);
  }

  override remove(job: Job): void {
    this.#shown = undefined;
    super.remove(job);
  }

  override update(job: Job): boolean {
    const moved = super.update(job);
    if (moved) this.#shown = undefined;
    return moved;
  }
}
