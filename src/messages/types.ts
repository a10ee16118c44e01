/**
 * Every message between the master and rack actors. Batches are columns of typed arrays (one batch per rack per
 * epoch in each direction), so a heartbeat is a row, not an object.
 */
import type { RackResponses } from '../core/network/fluid-rack.js';

/** Rack -> master: the heartbeats of one rack's nodes in one epoch, in (time, node id) order. */
export interface HeartbeatBatch {
  type: 'heartbeats';
  rack: number;
  epoch: number;
  node: Int32Array;
  timeMs: Float64Array;
  freeMaps: Int32Array;
  freeReduces: Int32Array;
  /** Finished tasks of heartbeat i are finishedJob/finishedTask[finishedEnd[i-1] .. finishedEnd[i]). */
  finishedEnd: Int32Array;
  finishedJob: Int32Array;
  /** A task reference (core/task-ref.ts): a map's index, or reduceRef(reduce). */
  finishedTask: Int32Array;
  /** Fluid model (else empty): the rack's cross-rack flows after the epoch's heartbeats, as (group, flows) pairs of the groups with any, ascending. */
  demand: Int32Array;
  /** Fluid model (else empty): committed MB up to the epoch's start (FluidRack.committedCarried: uplink, downlink, cross-rack, ...). */
  carriedMB: Float64Array;
  /**
   * Fluid model (else empty): the writes with a replica in another rack that the rack's last committed epoch
   * started, five Float64s each (writer node, start ms, KB, the second and third replicas' nodes:
   * src/core/network/replica-targets.ts).
   */
  replicas: Float64Array;
  /**
   * Fluid model (else empty): the fetches from other racks that the rack's last committed epoch started, five
   * Float64s each (reducer node, job, maps finished before and after, MB a map: src/core/network/shuffle-sends.ts).
   */
  fetches: Float64Array;
  /**
   * Fluid model (else empty): one count, of the flows in flight at the end of the rack's predicted pass plus the
   * writes that pass started (FluidRack.stillToRun); the master jumps idle epochs only while every rack's is 0.
   */
  stillToRun: Int32Array;
  /**
   * Fluid model with a bounded core (else empty): the (kind, peer) pairs of the far sides the rack runs at its predicted
   * pass's start (FluidRack.farPeers: SEND by reader rack, REPLICA by writer rack), for the master's far-side caps.
   */
  farPeers: Int32Array;
}

/**
 * Master -> rack: the decisions answering one epoch's heartbeats, applied at those heartbeats' times (the columns a
 * fluid rack reads, RackResponses, plus the flat model's copy phase). Kills come last: preemption decides them at
 * the epoch's end, after every launch.
 */
export interface ResponseBatch extends RackResponses {
  /** A reduce's minimum copy phase (0 for maps; unused by the fluid model). */
  launchCopyMs: Float64Array;
}

/** reportFreeFromMs value asking a rack to report every node at every heartbeat, busy or not. */
export const REPORT_EVERY_HEARTBEAT = -Infinity;

/** Master -> rack: apply `responses` (if any), then advance to `epoch` and send its heartbeats. */
export interface EpochCommand {
  type: 'epoch';
  rack: number;
  epoch: number;
  /** Free slots matter only at heartbeats at or after this time (earlier, only finishes are reported); REPORT_EVERY_HEARTBEAT: report every node. */
  reportFreeFromMs: number;
  responses: ResponseBatch | null;
  /** Fluid model: (group, MB/s) pairs, ascending, of this rack's cross-rack group capacities that change for the epoch; null: none, or flat. */
  allocationMBps?: Float64Array | null;
  /**
   * Fluid model: the far halves that start at this rack's nodes in the answered epoch (src/core/network/serves.ts):
   * other racks' map reads from here (SEND), their writes' replicas here (REPLICA) and the map outputs their reduces
   * fetch from here (SHUFFLE), SERVE_FIELDS Float64s each (kind, node, start time, KB, the reader's compute ms or the
   * third replica's node, the cap from the core, the near half's rack); null: none.
   */
  serves?: Float64Array | null;
  /**
   * Fluid model: done jobs (indices) whose maps' log the rack drops after the answered epoch (map-log.ts; nothing
   * simulated changes); null: none.
   */
  forgetJobs?: Int32Array | null;
  /**
   * Fluid model with a bounded core: the caps of far sides running at this rack that changed, FAR_CAP_FIELDS Float64s
   * each (kind, peer, MB/s: src/core/network/serves.ts), applied from the next epoch's start; null: none.
   */
  farCapsMBps?: Float64Array | null;
}

/** Rack -> master: the rack failed; the run aborts. */
export interface RackFailed {
  type: 'failed';
  rack: number;
  timeMs: number;
  message: string;
}

export type ToRack = EpochCommand;
export type FromRack = HeartbeatBatch | RackFailed;
export type Message = ToRack | FromRack;
