/**
 * The capacity scheduler's rules that its plain order (capacity.ts's capacityOrder) and its kept one
 * (capacity-order.ts) both apply: the order of queues in a level, and a user's limit in a queue.
 */
import { compareCodeUnits } from '../code-units.js';
import type { Job } from '../job.js';
import type { QueueConfig } from '../pool-config.js';

/** What YARN's FairOrderingPolicy orders a queue's jobs by (1-slot containers): their running maps and reduces. */
export const runningContainers = (job: Job): number => job.runningMaps + job.runningReduces;

/** A queue or parent queue as the queue order compares it: its guaranteed slots and the tasks running in it. */
export interface QueueUse {
  readonly name: string;
  readonly capacity: number;
  readonly running: number;
}

/**
 * YARN's PriorityUtilizationQueueOrderingPolicy, a total order: a queue guaranteed something before one guaranteed
 * nothing (absolute capacity 0: it runs on what the others leave idle); among the first, running / capacity; among
 * the others, running (YARN's absolute used capacity); then the queue's name. (A queue of capacity 0 counted as
 * running / 1e-9 came first while it ran nothing, ahead of queues below their guarantee.)
 */
export function byUse(a: QueueUse, b: QueueUse): number {
  const aZero = a.capacity === 0;
  const bZero = b.capacity === 0;
  if (aZero !== bZero) return aZero ? 1 : -1;
  return (aZero ? a.running - b.running : a.running / a.capacity - b.running / b.capacity) || compareCodeUnits(a.name, b.name);
}

/** C of the user limit: a queue's capacity in whole slots, rounded up, and at least one (see userLimit). */
const guaranteedSlots = (capacity: number): number => Math.max(1, Math.ceil(capacity));

/**
 * The tasks of a kind a user may hold in queue `q` (Hadoop's getUserLimit, with YARN's user-limit-factor), guaranteed
 * `capacity` slots (a fraction counts as the next whole slot), `running` tasks running in it, `activeUsers` users with a task of the kind to launch.
 */
export function userLimit(q: QueueConfig, capacity: number, running: number, activeUsers: number): number {
  // YARN counts the queue's capacity in whole containers, rounded up (multiplyAndNormalizeUp: 3.3 slots are 4), and
  // at least one ("allow progress for queues with miniscule capacity"), so a queue of capacity 0 (or below a slot)
  // lets a user run user-limit-factor tasks, not one. (Counted fractional, 3.3 slots with a factor of 1.5 capped a
  // user at 5 tasks, where YARN's cap is 4 x 1.5 = 6.)
  const guaranteed = guaranteedSlots(capacity);
  const current = running < guaranteed ? guaranteed : running + 1;
  const share = Math.max(Math.ceil(current / Math.max(1, activeUsers)), Math.ceil((current * q.minUserLimitPercent) / 100));
  return Math.min(share, userCap(q, capacity));
}

/** The most tasks of a kind a user may ever hold in queue `q` guaranteed `capacity` slots: ceil(C x user-limit-factor), C as userLimit counts it; Infinity without a factor. */
export function userCap(q: QueueConfig, capacity: number): number {
  return q.userLimitFactor === undefined ? Infinity : Math.ceil(guaranteedSlots(capacity) * q.userLimitFactor);
}
