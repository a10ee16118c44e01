/**
 * FIFO, Hadoop's default JobQueueTaskScheduler: jobs by priority (VERY_HIGH first) then submit time. For each free
 * map slot the first job with a pending map takes a node-local, else rack-local, else any map; an off-rack launch
 * ends map assignment for that heartbeat, and at most one reduce launches per heartbeat (Hadoop 0.20).
 */
import type { PolicyPlugin } from '../framework/registry.js';
import { compareFifo } from '../priority.js';
import { SortedJobQueue } from './sorted-queue.js';

export { compareFifo };

export const fifo = {
  description: 'FIFO by priority and submit time',
  permits: ['skipIdleHeartbeats', 'passAll'],
  create: () => ({ createQueue: () => new SortedJobQueue(compareFifo), limits: { offRackMaps: 1, reduces: 1 } }),
} satisfies PolicyPlugin;
