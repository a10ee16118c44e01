/**
 * A job queue kept sorted by a total order. A change to one job's key moves just that job: a binary search finds
 * its new place and the jobs between shift by one, so a launch or a finish costs O(log n) compares plus the
 * distance moved, instead of a re-sort of every job on every slot (the order is the one a full sort with the
 * comparator gives: the order is total). Add and remove: O(log n) compares plus O(n) moves.
 */
import type { Job } from '../job.js';
import type { JobQueue } from '../framework/queue-order.js';

export type JobComparator = (a: Job, b: Job) => number;

export class SortedJobQueue implements JobQueue {
  /** The queue's own array, in order: its methods move jobs in it. */
  protected readonly order: Job[] = [];
  /** Position of each queued job by job index (-1 or absent: not queued); an array, as this is the hot path. */
  private readonly pos: number[] = [];

  constructor(private readonly compare: JobComparator) {}

  get jobs(): readonly Job[] {
    return this.order;
  }

  add(job: Job): void {
    if ((this.pos[job.index] ?? -1) >= 0) {
      this.update(job); // already queued
      return;
    }
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.order[mid], job) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.order.splice(lo, 0, job);
    this.reindex(lo);
  }

  remove(job: Job): void {
    const i = this.pos[job.index] ?? -1;
    if (i < 0) return;
    this.order.splice(i, 1);
    this.pos[job.index] = -1;
    this.reindex(i);
  }

  /** Moves the job to its place; true when it moved. */
  update(job: Job): boolean {
    const { order: jobs, pos, compare } = this;
    const i = pos[job.index] ?? -1;
    if (i < 0) return false;
    if (i > 0 && compare(jobs[i - 1], job) > 0) {
      // Moves toward the front: the first of jobs[0 .. i) that orders after it (they are sorted).
      let lo = 0;
      let hi = i - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(jobs[mid], job) > 0) hi = mid;
        else lo = mid + 1;
      }
      for (let k = i; k > lo; k--) {
        jobs[k] = jobs[k - 1];
        pos[jobs[k].index] = k;
      }
      jobs[lo] = job;
      pos[job.index] = lo;
    } else if (i < jobs.length - 1 && compare(job, jobs[i + 1]) > 0) {
      // Moves toward the back: the last of jobs(i .. n) that orders before it.
      let lo = i + 1;
      let hi = jobs.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (compare(job, jobs[mid]) > 0) lo = mid;
        else hi = mid - 1;
      }
      for (let k = i; k < lo; k++) {
        jobs[k] = jobs[k + 1];
        pos[jobs[k].index] = k;
      }
      jobs[lo] = job;
      pos[job.index] = lo;
    } else {
      return false;
    }
    return true;
  }

  private reindex(from: number): void {
    for (let i = from; i < this.order.length; i++) this.pos[this.order[i].index] = i;
  }
}
