/**
 * A pool-aware run's queue as the scheduler calls it: the scheduler calls its queues at every launch, end and kill of a
 * task (JobQueue), so each job it names is told to the pools too (countsChanged), whose refreshes then count again only
 * those (keepCounts), whatever queue the policy made.
 */
import type { JobQueue } from './framework/queue-order.js';
import { type PoolSet, countsChanged } from './pools.js';

export function countedQueue(queue: JobQueue, pools: PoolSet): JobQueue {
  return {
    add: (job) => {
      countsChanged(pools, job);
      queue.add(job);
    },
    remove: (job) => {
      countsChanged(pools, job);
      queue.remove(job);
    },
    update: (job) => {
      countsChanged(pools, job);
      queue.update(job);
    },
    get jobs() {
      return queue.jobs;
    },
  };
}
