/** The narrow interface every scheduling policy implements: how jobs are ordered for a free slot, and per-heartbeat caps. */
import type { Job } from '../job.js';
import type { PoolSet } from '../pools.js';
import type { PolicyName } from './names.js';

export type SlotKind = 'map' | 'reduce';

/** Jobs that can use a free slot of one kind, in the order they are offered it. */
export interface JobQueue {
  /** The job has become able to use a slot of this kind (it has pending tasks of it). */
  add(job: Job): void;
  /** The job can no longer use one (none pending, or it finished); a job not queued is ignored. */
  remove(job: Job): void;
  /** The job's running tasks (or anything else its order depends on) changed. */
  update(job: Job): void;
  /** The order now; read it again after a launch (a pool-aware queue may rebuild it). */
  readonly jobs: readonly Job[];
}

export interface HeartbeatLimits {
  /** Off-rack maps one heartbeat may launch; reaching it ends map assignment for the heartbeat. */
  offRackMaps: number;
  /** Reduces one heartbeat may launch. */
  reduces: number;
}

/** What a pool-aware policy is given: the pools (with their runnable jobs, shares and limits). */
export interface PolicyContext {
  readonly pools: PoolSet;
}

export interface SchedulingPolicy {
  readonly name: PolicyName;
  readonly description: string;
  /** The policy orders pools (HFS, capacity): the scheduler keeps a PoolSet, runs its update timer, and may preempt. */
  readonly usesPools?: boolean;
  createQueue(kind: SlotKind, context?: PolicyContext): JobQueue;
  readonly limits: HeartbeatLimits;
}

export const NO_LIMITS: HeartbeatLimits = { offRackMaps: Infinity, reduces: Infinity };
