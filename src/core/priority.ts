import type { Job } from './job.js';

/** Hadoop's job priorities, highest first. */
export const PRIORITIES = ['VERY_HIGH', 'HIGH', 'NORMAL', 'LOW', 'VERY_LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];

const rank = new Map<Priority, number>(PRIORITIES.map((p, i) => [p, i]));

/**
 * Hadoop's FifoJobComparator: priority (VERY_HIGH first), then submit time; then the job index, a total order for
 * reproducible runs. The FIFO policy's order, and the order of the pools' running-job limits (pools.ts).
 */
export function compareFifo(a: Job, b: Job): number {
  return rank.get(a.spec.priority)! - rank.get(b.spec.priority)! || a.spec.submitMs - b.spec.submitMs || a.index - b.index;
}
