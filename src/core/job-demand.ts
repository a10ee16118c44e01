/** A job's demand for slots of one kind, and its running tasks of it: what pools sum into their shares. */
import type { Job } from './job.js';
import type { SlotKind } from './slot-kind.js';

/**
 * A job's demand for one kind (Hadoop's JobSchedulable.updateDemand): tasks not finished; reduces only past slow start.
 * With copy-compute splitting (`copySplit`) a reduce copies outside the slots and takes one only once its job's maps
 * are done: until then the job wants no reduce slot (its demand counted there made its pool look starved, and
 * preemption killed another pool's reduces every interval for slots it could not take).
 */
export function jobDemand(job: Job, kind: SlotKind, copySplit = false): number {
  if (kind === 'map') return job.maps - job.finishedMaps;
  if (copySplit && job.mapsDoneMs < 0) return job.runningReduces;
  return job.finishedMaps >= job.slowStartMaps ? job.reduces - job.finishedReduces : 0;
}

export const jobRunning = (job: Job, kind: SlotKind): number => (kind === 'map' ? job.runningMaps : job.runningReduces);
