/**
 * Naive fair sharing (Delay Scheduling paper, Algorithm 1): a free slot goes to the job with the fewest running
 * tasks of that slot's kind; ties by submit time, then job index. Combined with a delay mode it is Algorithm 2
 * (skip count) or Algorithm 3 (two-level wait).
 */
import type { PolicyPlugin } from '../framework/registry.js';
import type { Job } from '../job.js';
import type { SlotKind } from '../slot-kind.js';
import { SortedJobQueue } from './sorted-queue.js';

export function compareFair(kind: SlotKind): (a: Job, b: Job) => number {
  const running = kind === 'map' ? (j: Job) => j.runningMaps : (j: Job) => j.runningReduces;
  // total order: reproducible runs
  return (a, b) => running(a) - running(b) || a.spec.submitMs - b.spec.submitMs || a.index - b.index;
}

export const fair = {
  description: 'fair sharing by fewest running tasks',
  permits: ['skipIdleHeartbeats', 'passAll'],
  create: () => ({ createQueue: (kind) => new SortedJobQueue(compareFair(kind)) }),
} satisfies PolicyPlugin;
