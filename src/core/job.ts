/**
 * A job's run-time state in the master: which maps and reduces are pending, running or done, and Hadoop's
 * locality caches (JobInProgress.nonRunningMapCache): for each node and each rack, the maps with a replica
 * there (place-lists.ts). Caches are stacks with lazy deletion: "does this job have a pending map on node n?" is
 * one bit, exact, when the answer is no, else a binary search over the job's places; a launch costs O(replicas)
 * (each replica's node loses a pending map, and its bit clears with the last) plus the stale entries it pops.
 * The locality levels are locality-level.ts's; the buffers the caches are built in, job-scratch.ts's.
 */
import type { BlockStore } from './hdfs.js';
import { type Locality, NODE_LOCAL, RACK_LOCAL } from './locality-level.js';
import { JobScratch } from './job-scratch.js';
import { PlaceLists } from './place-lists.js';
import { DONE, PENDING, RUNNING } from './task-state.js';
import { type EngineKey, checkEngine } from './engine-key.js';
import type { JobIndex } from './ids.js';
import type { JobSpec } from './workload.js';
import { type NodeId, type RackId, type Topology, rackOf } from './topology.js';

export { RUNNING } from './task-state.js';


export type { JobIndex } from './ids.js';

/** Hears of each node where a launch took a job's last pending map (PassAll). */
export interface NodeClearedListener {
  cleared(node: NodeId): void;
}

export class Job {
  readonly index: JobIndex;
  readonly maps: number;
  readonly reduces: number;
  readonly mapState: Uint8Array;
  /** Locality of each map's current or last attempt. */
  readonly mapLocality: Uint8Array;
  readonly reduceState: Uint8Array;
  /** Launch time of each reduce's current attempt. */
  readonly reduceStartMs: Float64Array;
  /** Maps that must finish before reduces may launch (slow start). */
  readonly slowStartMaps: number;
  // The counters below are the engine's: read through the getters (a plugin's write throws, as the job is frozen).
  #mapStartMs: Float64Array | undefined = undefined;
  /**
   * The engine's own copies of mapLocality and reduceStartMs: typed arrays cannot be frozen, so a plugin's write to the
   * public ones is found when the task finishes or is killed (unwritten()), where it was booked silently.
   */
  readonly #mapLocality: Uint8Array;
  readonly #reduceStartMs: Float64Array;
  #pendingMaps: number;
  #runningMaps = 0;
  #finishedMaps = 0;
  #pendingReduces: number;
  #runningReduces = 0;
  #finishedReduces = 0;
  #mapsDoneMs = -1;
  #finishMs = -1;
  #nodeLocalMaps = 0;
  #rackLocalMaps = 0;
  #offRackMaps = 0;

  #nodeCache!: PlaceLists;
  /**
   * One bit per node: set exactly while the job has a pending map with a replica on the node. A scan asks most jobs
   * it passes "a map on this node?" and the answer is mostly no; the bit says so without a search, and pass-all.ts
   * counts, per node, the queued jobs whose bit is set.
   */
  #nodeBits!: Uint8Array;
  /** By node index in nodeCache: the pending maps with a replica on that node (its bit is set while this is > 0). */
  #nodePending!: Int32Array;
  /** By map, `stride` entries: the nodeCache index of each replica's node, -1 past the block's last replica. */
  #mapNodes!: Int32Array;
  #stride: number;
  #rackCache!: PlaceLists;
  #anyCursor = 0;
  #requeuedMaps: number[] = [];
  #reduceCursor = 0;
  #requeuedReduces: number[] = [];
  /** By task: attempts killed so far (made at the first kill: most jobs see none). */
  #mapKills: Int32Array | undefined;
  #reduceKills: Int32Array | undefined;

  /** `scratch`: buffers for building the caches, reused job after job (the scheduler keeps one; omitted: fresh ones). */
  constructor(readonly spec: JobSpec, topology: Topology, blocks: BlockStore, slowStart: number, scratch: JobScratch = new JobScratch()) {
    this.index = spec.index;
    this.maps = spec.blocks.length;
    this.reduces = spec.reduces;
    this.mapState = new Uint8Array(this.maps);
    this.mapLocality = new Uint8Array(this.maps);
    this.reduceState = new Uint8Array(this.reduces);
    this.reduceStartMs = new Float64Array(this.reduces);
    this.#mapLocality = new Uint8Array(this.maps);
    this.#reduceStartMs = new Float64Array(this.reduces);
    this.#pendingMaps = this.maps;
    this.#pendingReduces = this.reduces;
    this.slowStartMaps = Math.ceil(slowStart * this.maps);
    this.#stride = blocks.stride;
    this.buildPlaces(topology, blocks, scratch);
    // Plugins are handed jobs: what they may read is public, what changes is private, and nothing public can be set.
    Object.freeze(this);
  }

  /** Fluid network model only: each map's launch time (its busy time is known only when it finishes). */
  get mapStartMs(): Float64Array | undefined {
    return this.#mapStartMs;
  }

  get pendingMaps(): number {
    return this.#pendingMaps;
  }

  get runningMaps(): number {
    return this.#runningMaps;
  }

  get finishedMaps(): number {
    return this.#finishedMaps;
  }

  get pendingReduces(): number {
    return this.#pendingReduces;
  }

  get runningReduces(): number {
    return this.#runningReduces;
  }

  get finishedReduces(): number {
    return this.#finishedReduces;
  }

  /** Time the master learned that the last map finished, or -1. */
  get mapsDoneMs(): number {
    return this.#mapsDoneMs;
  }

  /** Time the job finished (its clean-up included), or -1. */
  get finishMs(): number {
    return this.#finishMs;
  }

  get nodeLocalMaps(): number {
    return this.#nodeLocalMaps;
  }

  get rackLocalMaps(): number {
    return this.#rackLocalMaps;
  }

  get offRackMaps(): number {
    return this.#offRackMaps;
  }

  /** Whether `i` indexes one of `count` tasks (else a launch of it was of no task: a plugin's slip). */
  private hasTask(i: number, count: number): boolean {
    return Number.isInteger(i) && i >= 0 && i < count;
  }

  /** Fluid network model: map `m` launched at `nowMs`. */
  recordMapStart(key: EngineKey, m: number, nowMs: number): void {
    checkEngine(key, this.spec.id, 'recordMapStart');
    (this.#mapStartMs ??= new Float64Array(this.maps))[m] = nowMs;
  }

  /** The master learned at `nowMs` that the last map finished. */
  mapsDoneAt(key: EngineKey, nowMs: number): void {
    checkEngine(key, this.spec.id, 'mapsDoneAt');
    this.#mapsDoneMs = nowMs;
  }

  /** The job finished at `ms`. */
  finishedAt(key: EngineKey, ms: number): void {
    checkEngine(key, this.spec.id, 'finishedAt');
    this.#finishMs = ms;
  }

  /**
   * Builds the locality caches from the blocks' replicas now, listing every map not done (a running map is listed
   * too, so that a kill can put it back; peeks pass over it while it runs). At arrival every map is pending.
   */
  private buildPlaces(topology: Topology, blocks: BlockStore, scratch: JobScratch): void {
    this.#nodeBits = new Uint8Array((topology.nodes + 7) >> 3);
    // Pushed in descending order so that each stack yields its lowest map first.
    const pairs = scratch.for(topology, blocks.stride * this.maps);
    const state = this.mapState;
    let n = 0;
    let r = 0;
    for (let m = this.maps - 1; m >= 0; m--) {
      if (state[m] === DONE) continue;
      const block = this.spec.blocks[m];
      const count = blocks.replicaCount(block);
      for (let i = 0; i < count; i++) {
        const node = blocks.replica(block, i);
        pairs.node[n] = node;
        pairs.nodeMap[n++] = m;
        if (state[m] === PENDING) this.#nodeBits[node >> 3] |= 1 << (node & 7);
        const rack = rackOf(topology, node);
        // Replicas 2 and 3 share a rack: list the map once per rack.
        if (!sameRackEarlier(blocks, block, i, rack, topology)) {
          pairs.rack[r] = rack;
          pairs.rackMap[r++] = m;
        }
      }
    }
    this.#nodeCache = new PlaceLists(pairs.node, pairs.nodeMap, n, pairs.nodeSlots, pairs.nodeIndex);
    this.#rackCache = new PlaceLists(pairs.rack, pairs.rackMap, r, pairs.rackSlots);
    // Each map's replica nodes by index, in the order the pairs were pushed (maps descending, replicas in order).
    this.#mapNodes = new Int32Array(this.#stride * this.maps).fill(-1);
    // Replicas of a block are on distinct nodes, so a node's stack lists distinct maps; the pending ones count.
    this.#nodePending = new Int32Array(this.#nodeCache.size);
    for (let m = this.maps - 1, k = 0; m >= 0; m--) {
      if (state[m] === DONE) continue;
      const count = blocks.replicaCount(this.spec.blocks[m]);
      for (let i = 0; i < count; i++) {
        const p = pairs.nodeIndex[k++];
        this.#mapNodes[m * this.#stride + i] = p;
        if (state[m] === PENDING) this.#nodePending[p]++;
      }
    }
  }

  /**
   * The replicas of a block this job reads changed (a replication policy's copy ended, or a replica was removed):
   * the caches are built again from the replicas now. Pass-all's per-node counts are not kept through this: runs
   * with a replication policy take no shortcut (framework/shortcuts.ts).
   */
  replicasChanged(key: EngineKey, topology: Topology, blocks: BlockStore, scratch: JobScratch): void {
    checkEngine(key, this.spec.id, 'replicasChanged');
    if (this.done || this.#pendingMaps + this.#runningMaps === 0) return;
    this.buildPlaces(topology, blocks, scratch);
  }

  get done(): boolean {
    return this.#finishedMaps === this.maps && this.#finishedReduces === this.reduces;
  }

  /** Reduces may launch once the slow-start fraction of maps has finished. */
  get reducesReady(): boolean {
    return this.#pendingReduces > 0 && this.#finishedMaps >= this.slowStartMaps;
  }

  /** Calls `fn` with each node where the job has a pending map (hasMapOn). */
  forEachNodeWithMap(fn: (node: NodeId) => void): void {
    for (let i = 0; i < this.#nodePending.length; i++) if (this.#nodePending[i] > 0) fn(this.#nodeCache.placeAt(i) as NodeId);
  }

  /** True when the job has a pending map with a replica on `node`. */
  hasMapOn(node: NodeId): boolean {
    return (this.#nodeBits[node >> 3] & (1 << (node & 7))) !== 0;
  }

  /** The attempt number of map `m`'s next (or current) attempt: 0, then 1 after a kill, ... */
  mapAttempt(m: number): number {
    return this.#mapKills === undefined ? 0 : this.#mapKills[m];
  }

  reduceAttempt(r: number): number {
    return this.#reduceKills === undefined ? 0 : this.#reduceKills[r];
  }

  /** A pending map with a replica on `node`, or -1. */
  peekNodeLocal(node: NodeId): number {
    if ((this.#nodeBits[node >> 3] & (1 << (node & 7))) === 0) return -1;
    const m = this.#nodeCache.peek(node, this.mapState);
    if (m < 0) throw new Error(`job ${this.spec.id}: node ${node}'s bit is set but its stack has no pending map`);
    return m;
  }

  /** A pending map with a replica in `rack`, or -1. */
  peekRackLocal(rack: RackId): number {
    return this.#rackCache.peek(rack, this.mapState);
  }

  /** Any pending map (requeued ones first, then the lowest index), or -1. */
  peekAny(): number {
    const rq = this.#requeuedMaps;
    while (rq.length > 0 && this.mapState[rq[rq.length - 1]] !== PENDING) rq.pop();
    if (rq.length > 0) return rq[rq.length - 1];
    while (this.#anyCursor < this.maps && this.mapState[this.#anyCursor] !== PENDING) this.#anyCursor++;
    return this.#anyCursor < this.maps ? this.#anyCursor : -1;
  }

  /**
   * Launches map `m`; `nodes.cleared` hears of each node where it was the job's last pending map (the node's bit
   * cleared). An object's method rather than a callback: a closure made per run is a new call target in each run of
   * a process, which deoptimizes this hot path at the second run.
   */
  startMap(key: EngineKey, m: number, locality: Locality, nodes?: NodeClearedListener): void {
    checkEngine(key, this.spec.id, 'startMap');
    if (this.mapState[m] !== PENDING) throw new Error(`job ${this.spec.id}: map ${m} launched${this.hasTask(m, this.maps) ? ' while not pending' : `: no such map (its maps are 0 to ${this.maps - 1})`}`);
    this.mapState[m] = RUNNING;
    this.mapLocality[m] = locality;
    this.#mapLocality[m] = locality;
    this.#pendingMaps--;
    this.#runningMaps++;
    const mapNodes = this.#mapNodes;
    const nodePending = this.#nodePending;
    const stride = this.#stride;
    for (let i = m * stride, end = i + stride; i < end; i++) {
      const p = mapNodes[i];
      if (p < 0) break;
      if (--nodePending[p] === 0) {
        const node = this.#nodeCache.placeAt(p) as NodeId;
        this.#nodeBits[node >> 3] &= ~(1 << (node & 7));
        nodes?.cleared(node);
      }
    }
  }

  finishMap(key: EngineKey, m: number): void {
    checkEngine(key, this.spec.id, 'finishMap');
    if (this.mapState[m] !== RUNNING) throw new Error(`job ${this.spec.id}: map ${m} finished while not running`);
    this.unwritten('mapLocality', this.mapLocality, this.#mapLocality, m);
    this.mapState[m] = DONE;
    this.#runningMaps--;
    this.#finishedMaps++;
    const loc = this.#mapLocality[m];
    if (loc === NODE_LOCAL) this.#nodeLocalMaps++;
    else if (loc === RACK_LOCAL) this.#rackLocalMaps++;
    else this.#offRackMaps++;
  }

  /** A killed map goes back to pending and into every cache it was in. */
  requeueMap(key: EngineKey, m: number, topology: Topology, blocks: BlockStore): void {
    checkEngine(key, this.spec.id, 'requeueMap');
    if (this.mapState[m] !== RUNNING) throw new Error(`job ${this.spec.id}: map ${m} killed while not running`);
    this.unwritten('mapLocality', this.mapLocality, this.#mapLocality, m);
    this.mapState[m] = PENDING;
    this.#runningMaps--;
    this.#pendingMaps++;
    (this.#mapKills ??= new Int32Array(this.maps))[m]++;
    this.cacheMap(m, topology, blocks);
    this.#requeuedMaps.push(m);
  }

  /**
   * Frees the locality caches of a finished job. A launch pops a map only from the list it was found in, so a job's
   * other replica and rack lists keep stale entries until peeked: up to five per map, for nothing, once it is done.
   */
  release(key: EngineKey): void {
    checkEngine(key, this.spec.id, 'release');
    if (!this.done) throw new Error(`job ${this.spec.id}: released before it finished`);
    this.#nodeCache = EMPTY_LISTS;
    this.#nodeBits = EMPTY_BITS;
    this.#nodePending = EMPTY_INTS;
    this.#mapNodes = EMPTY_INTS;
    this.#rackCache = EMPTY_LISTS;
    this.#mapStartMs = undefined;
    this.#requeuedMaps.length = 0;
    this.#requeuedReduces.length = 0;
  }

  /** The next pending reduce, or -1. */
  peekReduce(): number {
    const rq = this.#requeuedReduces;
    while (rq.length > 0 && this.reduceState[rq[rq.length - 1]] !== PENDING) rq.pop();
    if (rq.length > 0) return rq[rq.length - 1];
    while (this.#reduceCursor < this.reduces && this.reduceState[this.#reduceCursor] !== PENDING) this.#reduceCursor++;
    return this.#reduceCursor < this.reduces ? this.#reduceCursor : -1;
  }

  startReduce(key: EngineKey, r: number, nowMs: number): void {
    checkEngine(key, this.spec.id, 'startReduce');
    if (this.reduceState[r] !== PENDING) throw new Error(`job ${this.spec.id}: reduce ${r} launched${this.hasTask(r, this.reduces) ? ' while not pending' : `: no such reduce (its reduces are 0 to ${this.reduces - 1})`}`);
    this.reduceState[r] = RUNNING;
    this.reduceStartMs[r] = nowMs;
    this.#reduceStartMs[r] = nowMs;
    this.#pendingReduces--;
    this.#runningReduces++;
  }

  finishReduce(key: EngineKey, r: number): void {
    checkEngine(key, this.spec.id, 'finishReduce');
    if (this.reduceState[r] !== RUNNING) throw new Error(`job ${this.spec.id}: reduce ${r} finished while not running`);
    this.unwritten('reduceStartMs', this.reduceStartMs, this.#reduceStartMs, r);
    this.reduceState[r] = DONE;
    this.#runningReduces--;
    this.#finishedReduces++;
  }

  requeueReduce(key: EngineKey, r: number): void {
    checkEngine(key, this.spec.id, 'requeueReduce');
    if (this.reduceState[r] !== RUNNING) throw new Error(`job ${this.spec.id}: reduce ${r} killed while not running`);
    this.unwritten('reduceStartMs', this.reduceStartMs, this.#reduceStartMs, r);
    this.reduceState[r] = PENDING;
    this.#runningReduces--;
    this.#pendingReduces++;
    (this.#reduceKills ??= new Int32Array(this.reduces))[r]++;
    this.#requeuedReduces.push(r);
  }

  /** Throws where a plugin wrote task `t`'s entry of a public per-task array since the engine wrote `own`'s. */
  private unwritten(name: string, shown: Uint8Array | Float64Array, own: Uint8Array | Float64Array, t: number): void {
    if (shown[t] === own[t]) return;
    throw new Error(`job ${this.spec.id}: its ${name}[${t}] is ${shown[t]}, where the engine wrote ${own[t]} at the launch: a plugin reads a job's arrays and never writes them`);
  }

  /** Puts a killed map back on top of the stacks of its replicas' nodes and racks. */
  private cacheMap(m: number, topology: Topology, blocks: BlockStore): void {
    for (let i = m * this.#stride, end = i + this.#stride; i < end && this.#mapNodes[i] >= 0; i++) this.#nodePending[this.#mapNodes[i]]++;
    const block = this.spec.blocks[m];
    const count = blocks.replicaCount(block);
    for (let i = 0; i < count; i++) {
      const node = blocks.replica(block, i);
      this.#nodeCache.push(node, m);
      this.#nodeBits[node >> 3] |= 1 << (node & 7);
      const rack = rackOf(topology, node);
      if (!sameRackEarlier(blocks, block, i, rack, topology)) this.#rackCache.push(rack, m);
    }
  }
}

const EMPTY_BITS = new Uint8Array(0);
const EMPTY_INTS = new Int32Array(0);
const EMPTY_LISTS = new PlaceLists(new Int32Array(0), new Int32Array(0), 0, new Int32Array(0));

function sameRackEarlier(blocks: BlockStore, block: number, i: number, rack: RackId, topology: Topology): boolean {
  for (let k = 0; k < i; k++) if (rackOf(topology, blocks.replica(block, k)) === rack) return true;
  return false;
}

// A plugin could have replaced a method on the prototype and caught the engine's key at the engine's next call.
Object.freeze(Job.prototype);
