/**
 * A job queue kept sorted by a total order. A change to one job's key moves that job by adjacent swaps, so a
 * launch or a finish costs O(distance moved) instead of a re-sort of every job on every slot (the result is the
 * same order a full sort with the comparator gives). Add and remove: O(log n) compares plus O(n) moves.
 */
import type { Job } from '../job.js';
import type { JobQueue } from './policy.js';

export type JobComparator = (a: Job, b: Job) => number;

export class SortedJobQueue implements JobQueue {
  readonly jobs: Job[] = [];
  private readonly pos = new Map<Job, number>();

  constructor(private readonly compare: JobComparator) {}

  add(job: Job): void {
    let lo = 0;
    let hi = this.jobs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.jobs[mid], job) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.jobs.splice(lo, 0, job);
    this.reindex(lo);
  }

  remove(job: Job): void {
    const i = this.pos.get(job);
    if (i === undefined) return;
    this.jobs.splice(i, 1);
    this.pos.delete(job);
    this.reindex(i);
  }

  update(job: Job): void {
    const jobs = this.jobs;
    let i = this.pos.get(job);
    if (i === undefined) return;
    while (i > 0 && this.compare(jobs[i - 1], job) > 0) {
      jobs[i] = jobs[i - 1];
      this.pos.set(jobs[i], i);
      i--;
    }
    while (i < jobs.length - 1 && this.compare(job, jobs[i + 1]) > 0) {
      jobs[i] = jobs[i + 1];
      this.pos.set(jobs[i], i);
      i++;
    }
    jobs[i] = job;
    this.pos.set(job, i);
  }

  private reindex(from: number): void {
    for (let i = from; i < this.jobs.length; i++) this.pos.set(this.jobs[i], i);
  }
}
