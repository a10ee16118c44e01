/**
 * A rack's nodes and slots, in typed arrays (no object per node or slot): what runs in each slot and when it
 * finishes. Each epoch the rack applies the master's decisions at the heartbeat times they answered, then moves
 * every node to its heartbeat time in the new epoch: tasks that finished by then free their slots and are
 * reported. Between its heartbeats a node's state depends on nothing the master decides later, so this is exact.
 *
 * A reduce holds its slot through its copy phase, which lasts at least copyMs and until the node learns (from a
 * heartbeat response) that all the job's maps are done; then it computes for computeMs.
 */
import { isMapRef, isReduceRef } from './task-ref.js';
import type { JobIndex, NodeId, RackId } from './ids.js';
import { type Topology, firstNodeOf, rackHeartbeats } from './topology.js';

/** Where a rack's heartbeats go: for each reporting node, its finished tasks, then the heartbeat itself. */
export interface HeartbeatSink {
  finished(job: JobIndex, task: number): void;
  heartbeat(node: NodeId, timeMs: number, freeMaps: number, freeReduces: number): void;
}

const FREE = -1;
const WAITING = Infinity;

/** A rack's state arrays: per map slot, per reduce slot, per node. */
interface RackArrays {
  mapJob: Int32Array;
  mapTask: Int32Array;
  mapFinishMs: Float64Array;
  redJob: Int32Array;
  redTask: Int32Array;
  redCopyEndMs: Float64Array;
  redComputeMs: Float64Array;
  redFinishMs: Float64Array;
  freeMaps: Int32Array;
  freeReduces: Int32Array;
  nextFinishMs: Float64Array;
  waitingReduces: Int32Array;
}

/**
 * The state arrays of the racks one host runs (a thread's rack actors), each array one allocation whose slices
 * are the racks' own. An epoch sweeps every rack's arrays in turn: as slices of one array they are read in memory
 * order, where 12 small arrays per rack each began a new stream (at 10,000 nodes, 3,000 arrays of 1 to 25 cache
 * lines, beyond the L2 cache and each a miss to start).
 */
export class RackArena {
  private readonly all: RackArrays;
  private readonly nodesPerRack: number;
  private readonly mapSlots: number;
  private readonly reduceSlots: number;

  constructor(topology: Topology, readonly racks: number) {
    this.nodesPerRack = topology.nodesPerRack;
    this.mapSlots = topology.mapSlotsPerNode;
    this.reduceSlots = topology.reduceSlotsPerNode;
    const n = racks * topology.nodesPerRack;
    const m = n * this.mapSlots;
    const r = n * this.reduceSlots;
    this.all = {
      mapJob: new Int32Array(m).fill(FREE),
      mapTask: new Int32Array(m),
      mapFinishMs: new Float64Array(m),
      redJob: new Int32Array(r).fill(FREE),
      redTask: new Int32Array(r),
      redCopyEndMs: new Float64Array(r),
      redComputeMs: new Float64Array(r),
      redFinishMs: new Float64Array(r),
      freeMaps: new Int32Array(n).fill(this.mapSlots),
      freeReduces: new Int32Array(n).fill(this.reduceSlots),
      nextFinishMs: new Float64Array(n).fill(Infinity),
      waitingReduces: new Int32Array(n),
    };
  }

  /** The arrays of the rack in `slot` (0 .. racks - 1). */
  rack(slot: number): RackArrays {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.racks) throw new Error(`rack slot ${slot} is outside an arena of ${this.racks} racks`);
    const a = this.all;
    const n = this.nodesPerRack;
    const per = <T extends Int32Array | Float64Array>(array: T, width: number): T => array.subarray(slot * n * width, (slot + 1) * n * width) as T;
    return {
      mapJob: per(a.mapJob, this.mapSlots), mapTask: per(a.mapTask, this.mapSlots), mapFinishMs: per(a.mapFinishMs, this.mapSlots),
      redJob: per(a.redJob, this.reduceSlots), redTask: per(a.redTask, this.reduceSlots), redCopyEndMs: per(a.redCopyEndMs, this.reduceSlots),
      redComputeMs: per(a.redComputeMs, this.reduceSlots), redFinishMs: per(a.redFinishMs, this.reduceSlots),
      freeMaps: per(a.freeMaps, 1), freeReduces: per(a.freeReduces, 1), nextFinishMs: per(a.nextFinishMs, 1), waitingReduces: per(a.waitingReduces, 1),
    };
  }
}

export class RackModel {
  readonly firstNode: NodeId;
  readonly nodes: number;
  private readonly mapSlots: number;
  private readonly reduceSlots: number;
  private readonly heartbeatMs: number;
  /** This rack's node offsets, ordered by (phase, node id): the order its heartbeats happen in an epoch. */
  private readonly order: Int32Array;
  private readonly phaseMs: Int32Array;
  private readonly mapJob: Int32Array;
  private readonly mapTask: Int32Array;
  private readonly mapFinishMs: Float64Array;
  private readonly redJob: Int32Array;
  private readonly redTask: Int32Array;
  private readonly redCopyEndMs: Float64Array;
  private readonly redComputeMs: Float64Array;
  private readonly redFinishMs: Float64Array;
  private readonly freeMaps: Int32Array;
  private readonly freeReduces: Int32Array;
  /** Earliest known finish time on each node (Infinity when none is known). */
  private readonly nextFinishMs: Float64Array;
  /** Reduces on each node still waiting to learn that their job's maps are done. */
  private readonly waitingReduces: Int32Array;
  runningTasks = 0;

  /** The rack's arrays are the arena's slice `slot` (by default an arena of its own). */
  constructor(topology: Topology, readonly rack: RackId, arena: RackArena = new RackArena(topology, 1), slot = 0) {
    this.firstNode = firstNodeOf(topology, rack);
    this.nodes = topology.nodesPerRack;
    this.mapSlots = topology.mapSlotsPerNode;
    this.reduceSlots = topology.reduceSlotsPerNode;
    this.heartbeatMs = topology.heartbeatMs;
    ({ phaseMs: this.phaseMs, order: this.order } = rackHeartbeats(topology, rack));
    ({
      mapJob: this.mapJob, mapTask: this.mapTask, mapFinishMs: this.mapFinishMs,
      redJob: this.redJob, redTask: this.redTask, redCopyEndMs: this.redCopyEndMs, redComputeMs: this.redComputeMs, redFinishMs: this.redFinishMs,
      freeMaps: this.freeMaps, freeReduces: this.freeReduces, nextFinishMs: this.nextFinishMs, waitingReduces: this.waitingReduces,
    } = arena.rack(slot));
  }

  /** The heartbeat time of `node` in `epoch`. */
  heartbeatTimeMs(node: NodeId, epoch: number): number {
    return epoch * this.heartbeatMs + this.phaseMs[node - this.firstNode];
  }

  launchMap(node: NodeId, epoch: number, job: JobIndex, map: number, durationMs: number): void {
    const i = this.local(node);
    const s = this.freeSlot(this.mapJob, i * this.mapSlots, this.mapSlots, node, 'map');
    const finish = this.heartbeatTimeMs(node, epoch) + durationMs;
    this.mapJob[s] = job;
    this.mapTask[s] = map;
    this.mapFinishMs[s] = finish;
    this.freeMaps[i]--;
    this.runningTasks++;
    if (finish < this.nextFinishMs[i]) this.nextFinishMs[i] = finish;
  }

  launchReduce(node: NodeId, epoch: number, job: JobIndex, task: number, copyMs: number, computeMs: number, mapsDone: boolean): void {
    const i = this.local(node);
    const s = this.freeSlot(this.redJob, i * this.reduceSlots, this.reduceSlots, node, 'reduce');
    const now = this.heartbeatTimeMs(node, epoch);
    this.redJob[s] = job;
    this.redTask[s] = task;
    this.redCopyEndMs[s] = now + copyMs;
    this.redComputeMs[s] = computeMs;
    this.redFinishMs[s] = mapsDone ? now + copyMs + computeMs : WAITING;
    if (!mapsDone) this.waitingReduces[i]++;
    this.freeReduces[i]--;
    this.runningTasks++;
    if (this.redFinishMs[s] < this.nextFinishMs[i]) this.nextFinishMs[i] = this.redFinishMs[s];
  }

  /** The node learned at its heartbeat in `epoch` that every map of `job` is done. */
  mapsDone(node: NodeId, epoch: number, job: JobIndex): void {
    const i = this.local(node);
    const now = this.heartbeatTimeMs(node, epoch);
    for (let s = i * this.reduceSlots; s < (i + 1) * this.reduceSlots; s++) {
      if (this.redJob[s] !== job || this.redFinishMs[s] !== WAITING) continue;
      this.redFinishMs[s] = Math.max(this.redCopyEndMs[s], now) + this.redComputeMs[s];
      this.waitingReduces[i]--;
      if (this.redFinishMs[s] < this.nextFinishMs[i]) this.nextFinishMs[i] = this.redFinishMs[s];
    }
  }

  /** Kills a running task; its slot is free at once and nothing is reported for it. */
  kill(node: NodeId, job: JobIndex, task: number): void {
    const i = this.local(node);
    const [jobs, tasks, base, n] = isMapRef(task) ? [this.mapJob, this.mapTask, i * this.mapSlots, this.mapSlots] : [this.redJob, this.redTask, i * this.reduceSlots, this.reduceSlots];
    for (let s = base; s < base + n; s++) {
      if (jobs[s] === job && tasks[s] === task) {
        if (isReduceRef(task) && this.redFinishMs[s] === WAITING) this.waitingReduces[i]--;
        jobs[s] = FREE;
        if (isMapRef(task)) this.freeMaps[i]++;
        else this.freeReduces[i]++;
        this.runningTasks--;
        return;
      }
    }
    throw new Error(`kill of job ${job} task ${task} on node ${node}, which does not run it`);
  }

  /**
   * Moves every node to its heartbeat in `epoch`. A node reports when tasks finished, when a reduce on it waits to
   * hear that its maps are done (only a heartbeat's response can tell it), or when it has free slots and its
   * heartbeat is at or after `reportFreeFromMs` (before then the master has said free slots cannot matter);
   * -Infinity asks for every node's heartbeat.
   * Every heartbeat left out could change nothing, so leaving it out is exact.
   */
  advance(epoch: number, reportFreeFromMs: number, sink: HeartbeatSink): void {
    const base = epoch * this.heartbeatMs;
    for (let k = 0; k < this.order.length; k++) {
      const i = this.order[k];
      const now = base + this.phaseMs[i];
      let finished = 0;
      if (this.nextFinishMs[i] <= now) finished = this.collect(i, now, sink);
      if (finished > 0 || this.waitingReduces[i] > 0 || reportFreeFromMs === -Infinity || ((this.freeMaps[i] > 0 || this.freeReduces[i] > 0) && now >= reportFreeFromMs)) {
        sink.heartbeat((this.firstNode + i) as NodeId, now, this.freeMaps[i], this.freeReduces[i]);
      }
    }
  }

  /** Frees and reports the node's tasks finished by `now`; recomputes its next finish time. */
  private collect(i: number, now: number, sink: HeartbeatSink): number {
    let finished = 0;
    let next = Infinity;
    for (let s = i * this.mapSlots; s < (i + 1) * this.mapSlots; s++) {
      if (this.mapJob[s] === FREE) continue;
      if (this.mapFinishMs[s] <= now) {
        sink.finished(this.mapJob[s] as JobIndex, this.mapTask[s]);
        this.mapJob[s] = FREE;
        this.freeMaps[i]++;
        finished++;
      } else if (this.mapFinishMs[s] < next) next = this.mapFinishMs[s];
    }
    for (let s = i * this.reduceSlots; s < (i + 1) * this.reduceSlots; s++) {
      if (this.redJob[s] === FREE) continue;
      if (this.redFinishMs[s] <= now) {
        sink.finished(this.redJob[s] as JobIndex, this.redTask[s]);
        this.redJob[s] = FREE;
        this.freeReduces[i]++;
        finished++;
      } else if (this.redFinishMs[s] < next) next = this.redFinishMs[s];
    }
    this.nextFinishMs[i] = next;
    this.runningTasks -= finished;
    return finished;
  }

  private local(node: NodeId): number {
    const i = node - this.firstNode;
    if (i < 0 || i >= this.nodes) throw new Error(`node ${node} is not in rack ${this.rack}`);
    return i;
  }

  private freeSlot(jobs: Int32Array, base: number, n: number, node: NodeId, kind: string): number {
    for (let s = base; s < base + n; s++) if (jobs[s] === FREE) return s;
    throw new Error(`${kind} slots over-committed on node ${node}: a launch arrived with all ${n} ${kind} slots busy`);
  }
}
