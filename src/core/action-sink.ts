/** What the master decides at a heartbeat or a tick, as calls: the scheduler makes them, the master actor encodes them. */
import type { JobIndex } from './job.js';
import type { NodeId } from './topology.js';

/** Where the scheduler's decisions go (the master actor encodes them into response batches). */
export interface ActionSink {
  /** Fluid model: durationMs is the compute phase, src the node the map reads from, readKB and writeKB its bytes. */
  launchMap(node: NodeId, job: JobIndex, map: number, durationMs: number, src?: NodeId | -1, readKB?: number, writeKB?: number): void;
  /**
   * A reduce's slot is held for its copy phase (at least copyMs, and until the node learns the maps are done), then
   * computeMs. Fluid model: readKB is its shuffle, writeKB its output, and copyMs is unused.
   */
  launchReduce(node: NodeId, job: JobIndex, reduce: number, copyMs: number, computeMs: number, mapsDone: boolean, readKB?: number, writeKB?: number): void;
  /** Every map of `job` has finished: reduces of it on `node` may leave their copy phase now (flat model). */
  mapsDone(node: NodeId, job: JobIndex): void;
  /**
   * Fluid model, instead of mapsDone: `finished` of the job's `maps` have finished, `inRack` of them on the node's
   * rack and `onNode` of those on the node itself; its reduces on `node` fetch those maps' outputs (map-outputs.ts).
   * finished === maps: the maps are done.
   */
  mapProgress(node: NodeId, job: JobIndex, finished: number, inRack: number, onNode: number, maps: number): void;
  /** Kill a running task (a map's index or reduceRef(r)); its slot frees at once and nothing is reported for it. */
  kill(node: NodeId, job: JobIndex, task: number): void;
}
