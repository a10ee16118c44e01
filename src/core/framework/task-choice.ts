/**
 * Extension point: task choice. Which of a job's pending tasks a free slot launches: a map at the nearest locality
 * the gate allows (Hadoop's node -> rack -> any), a reduce once the job may launch one, and how long the reduce's
 * copy phase holds its slot.
 */
import type { Job } from '../job.js';
import type { Locality } from '../locality-level.js';
import type { NodeId, RackId } from '../topology.js';

/** Where chooseMap writes its answer (one per scheduler, reused: no allocation per launch). */
export interface MapChoice {
  map: number;
  locality: Locality;
}

export interface TaskChoice {
  /** A pending map of `job` for `node` no farther than `allowed`, written to `out`; false when there is none. */
  chooseMap(job: Job, node: NodeId, rack: RackId, allowed: Locality, out: MapChoice): boolean;
  /** The reduce `job` launches now, or -1 when it may not launch one. */
  chooseReduce(job: Job): number;
  /** The time a reduce launched at `nowMs` holds its slot copying, given its shuffle time `copyMs`. */
  copyPhaseMs(job: Job, copyMs: number, nowMs: number): number;
}
