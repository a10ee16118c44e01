/**
 * Extension point: how a heartbeat's free map slots are filled. Omitted (the default), the core walks the map queue
 * in policy order, slot by slot, through the locality gate and the task choice (scheduler.ts). A policy may replace
 * the walk: resource offers (offers.ts) hand the slots to frameworks in fair order; Quincy (quincy/) launches what
 * its last min-cost-flow solution placed on the node. Both launch through the core's port, which keeps the
 * bookkeeping, the per-heartbeat caps and delay scheduling's skips exactly as the walk does.
 */
import type { Job } from '../job.js';
import type { Locality } from '../locality-level.js';
import type { NodeId, RackId } from '../topology.js';

/** A heartbeat's free map slots. */
export interface MapSlots {
  readonly node: NodeId;
  readonly rack: RackId;
  readonly nowMs: number;
}

/** What an assigner may do with the slots (valid during its assign call only). */
export interface LaunchPort {
  /** Jobs with pending maps, in the policy's queue order (read again after a launch). */
  readonly jobs: readonly Job[];
  /** Slots still free in this heartbeat (0 also once a per-heartbeat cap is reached). */
  readonly free: number;
  /**
   * One launch for `job` as the walk makes it: the nearest map its locality gate allows (node filter first). Returns
   * the launch's locality, or -1 when it launched nothing; then the job counts as skipped at this heartbeat (once,
   * and not after a launch in it). A job skipped earlier in the heartbeat launches nothing more in it.
   */
  offer(job: Job): Locality | -1;
  /** Launches pending map `map` of `job` here, past the gate (a plan's launch); its locality, or -1 when no slot is free. */
  launch(job: Job, map: number): Locality | -1;
}

/** What an assigner did in a run, by name (offers made and declined; solves and kills): whole numbers. */
export type AssignerCounts = Record<string, number>;

export interface MapAssigner {
  assign(slots: MapSlots, port: LaunchPort): void;
  /** Its counts for the run's results (the outcome's `mapAssignment` section); omitted: no section. */
  counts?(): AssignerCounts;
}
