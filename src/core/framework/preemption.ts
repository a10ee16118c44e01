/** Extension point: preemption, when to take slots back and which running tasks to kill. */
import type { Job } from '../job.js';
import type { PoolSet } from '../pools.js';
import type { RunningTaskReader } from '../running-tasks.js';
import type { SlotKind } from '../slot-kind.js';

export interface Victim {
  job: Job;
  /** A map's index, or reduceRef(reduce). */
  task: number;
  startMs: number;
}

/** Runs at the pool clock's checks (scheduler.preemption.intervalMs apart) while preemption is enabled. */
export interface Preemption {
  /** The tasks of `kind` to kill at a check at `nowMs`, in the order to kill them; empty when none. */
  victims(pools: PoolSet, kind: SlotKind, nowMs: number, running: RunningTaskReader): Victim[];
}
