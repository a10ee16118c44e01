/**
 * A user's pool-aware policy's queue, as the scheduler reads it: only the jobs the pools may run now (max running jobs
 * per pool and user), as hfs's and capacity's orders list them. The queue itself is told of every job: one that
 * listed them all ran every job at once past its pool's maxRunningJobs, silently.
 */
import type { JobQueue } from './framework/queue-order.js';
import type { Job } from './job.js';
import type { PoolSet } from './pools.js';

export function admittedQueue(queue: JobQueue, pools: PoolSet): JobQueue {
  // The frozen list last read, the pools' version then, and its runnable jobs: made again when either changed (a
  // list that is not frozen may have changed in place: filtered at each read).
  let read: readonly Job[] | undefined;
  let version = -1;
  let admitted: readonly Job[] = [];
  return {
    add: (job) => queue.add(job),
    remove: (job) => queue.remove(job),
    update: (job) => queue.update(job),
    get jobs() {
      const jobs = queue.jobs;
      if (jobs !== read || pools.version !== version) {
        read = Object.isFrozen(jobs) ? jobs : undefined;
        version = pools.version;
        admitted = jobs.every((j) => pools.isRunnable(j)) ? jobs : Object.freeze(jobs.filter((j) => pools.isRunnable(j)));
      }
      return admitted;
    },
  };
}
