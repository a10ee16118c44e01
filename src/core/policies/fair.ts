/**
 * Naive fair sharing (Delay Scheduling paper, Algorithm 1): a free slot goes to the job with the fewest running
 * tasks of that slot's kind; ties by submit time, then job index. Combined with a delay mode it is Algorithm 2
 * (skip count) or Algorithm 3 (two-level wait).
 */
import type { PolicyPlugin } from '../framework/registry.js';
import type { Job } from '../job.js';
import type { SlotKind } from '../slot-kind.js';
import { SortedJobQueue } from './sorted-queue.js';

// One comparator of each kind for every run of a process: one made per queue is a new call target in each run, which
// deoptimizes the queue's hot paths at the second run. Total order: reproducible runs.
const FAIR_MAPS = (a: Job, b: Job): number => a.runningMaps - b.runningMaps || a.spec.submitMs - b.spec.submitMs || a.index - b.index;
const FAIR_REDUCES = (a: Job, b: Job): number => a.runningReduces - b.runningReduces || a.spec.submitMs - b.spec.submitMs || a.index - b.index;

/** Fewest running tasks of the kind first, then the earliest submitted, then the lowest index. */
export function compareFair(kind: SlotKind): (a: Job, b: Job) => number {
  return kind === 'map' ? FAIR_MAPS : FAIR_REDUCES;
}

export const fair = {
  description: 'fair sharing by fewest running tasks',
  permits: ['skipIdleHeartbeats', 'passAll'],
  create: () => ({ createQueue: (kind) => new SortedJobQueue(compareFair(kind)) }),
} satisfies PolicyPlugin;
