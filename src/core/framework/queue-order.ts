/** Extension point: queue order. Jobs that can use a free slot of one kind, in the order they are offered it. */
import type { Job } from '../job.js';
import type { SlotKind } from '../slot-kind.js';

export interface JobQueue {
  /** The job has become able to use a slot of this kind (it has pending tasks of it). */
  add(job: Job): void;
  /** The job can no longer use one (none pending, or it finished); a job not queued is ignored. */
  remove(job: Job): void;
  /**
   * A task of this kind of the job launched, finished or was killed (the scheduler calls it then, and only then): a
   * comparator over the job's counts of this kind stays exact. The launch of its last waiting task of this kind is told by remove alone (a finish or kill of a job not queued is told too).
   */
  update(job: Job): void;
  /** The order now; read it again after a launch (a pool-aware queue may rebuild it). */
  readonly jobs: readonly Job[];
}

/** Makes the queue of each slot kind (the scheduler keeps one for maps and one for reduces). */
export interface QueueOrder {
  createQueue(kind: SlotKind): JobQueue;
}
