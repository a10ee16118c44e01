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
  /** Position of each queued job by job index (-1 or absent: not queued); an array, as this is the hot path. */
  private readonly pos: number[] = [];

  constructor(private readonly compare: JobComparator) {}

  add(job: Job): void {
    if ((this.pos[job.index] ?? -1) >= 0) return this.update(job); // already queued
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
    const i = this.pos[job.index] ?? -1;
    if (i < 0) return;
    this.jobs.splice(i, 1);
    this.pos[job.index] = -1;
    this.reindex(i);
  }

  update(job: Job): void {
    const jobs = this.jobs;
    const pos = this.pos;
    let i = pos[job.index] ?? -1;
    if (i < 0) return;
    while (i > 0 && this.compare(jobs[i - 1], job) > 0) {
      jobs[i] = jobs[i - 1];
      pos[jobs[i].index] = i;
      i--;
    }
    while (i < jobs.length - 1 && this.compare(job, jobs[i + 1]) > 0) {
      jobs[i] = jobs[i + 1];
      pos[jobs[i].index] = i;
      i++;
    }
    jobs[i] = job;
    pos[job.index] = i;
  }

  private reindex(from: number): void {
    for (let i = from; i < this.jobs.length; i++) this.pos[this.jobs[i].index] = i;
  }
}
