/**
 * A rack whose tasks' times emerge from its hardware (the fluid model): each slot runs a task through phases, each
 * phase a timer or flows on the rack's FluidNet (rack-links.ts).
 *   map:    start-up (taskStartMs) -> read its block (from the chosen replica; the disk alone when local) while its
 *           code consumes it: the read's stream is capped at one disk's rate and at readMB / computeMs, so reading
 *           and computing overlap and the phase lasts max(read, computeMs) -> write its output locally -> done.
 *           (A map that reads nothing computes for computeMs.)
 *   reduce: start-up -> shuffle (the share of its bytes from this rack's nodes over its NIC, the rest in from other
 *           racks) -> wait until it hears that the job's maps are done -> compute -> write its output locally and
 *           through the replication pipeline's off-rack copy -> done.
 * A node reports its done tasks at its next heartbeat, as in the flat model.
 *
 * Epochs, exactly as the master sees them. The master answers an epoch's heartbeats after the rack has reported
 * them, yet a launch at one heartbeat shares links with tasks that report at later heartbeats of the same epoch.
 * So each epoch runs twice: a predicted pass from the epoch's start (saved first) that reports each node's done
 * tasks at its heartbeat, with no launches (none is known yet); then, once the responses arrive, a committed pass
 * from the saved start that applies each response at its heartbeat's own time. A task the predicted pass reported
 * done is released at that heartbeat in the committed pass too; if the launches slowed it so that it has not quite
 * finished, it is finished there (its remaining MB are counted in forcedMB, the model's only inexactness besides
 * the epoch-level cross-rack allocation). A rack that gets no response keeps its predicted pass: nothing differs.
 */
import { isMapRef } from '../task-ref.js';
import type { JobIndex, NodeId, RackId } from '../ids.js';
import type { HeartbeatSink } from '../rack-model.js';
import { type Topology, firstNodeOf, rackHeartbeats } from '../topology.js';
import { EventHeap } from './event-heap.js';
import { FluidNet } from './fluid-net.js';
import { type LinkRates, NIC_IN, RackLinks } from './rack-links.js';
import { SERVE_FIELDS, ServeState, readCapMBps } from './serves.js';

const FREE = 0;
const START = 1;
const READ = 2;
const CPU = 3;
const WRITE = 4;
const WAIT = 5;
const DONE = 6;

/** One epoch's responses for this rack, as columns (the fields of ResponseBatch a fluid rack reads). */
export interface RackResponses {
  epoch: number;
  launchNode: Int32Array;
  launchJob: Int32Array;
  launchTask: Int32Array;
  /** A map's duration (flat) or compute phase (fluid), a reduce's compute phase; Float64: may pass 2^31 ms. */
  launchMs: Float64Array;
  /** 1 when a reduce launches after all its job's maps are done. */
  launchMapsDone: Uint8Array;
  /** Fluid model: a map's read source (the replica's node; -1 for reduces), KB read (block, shuffle) and written. */
  launchSrc: Int32Array;
  launchReadKB: Int32Array;
  launchWriteKB: Int32Array;
  doneNode: Int32Array;
  doneJob: Int32Array;
  /** Kills decided at the epoch's end (preemption), after every launch above: applied last. */
  killNode: Int32Array;
  killJob: Int32Array;
  killTask: Int32Array;
}

/**
 * The mutable state of a rack's slots and nodes (saved and restored around the predicted pass), in one buffer. A
 * save or a restore copies the slots written since the last one (FluidRack tracks them) and the nodes' counters.
 */
class SlotState {
  readonly computeMs: Float64Array;
  readonly readMB: Float64Array;
  readonly writeMB: Float64Array;
  /** runningTasks, clock. */
  readonly scalars: Float64Array;
  readonly job: Int32Array;
  readonly task: Int32Array;
  readonly flowA: Int32Array;
  readonly flowB: Int32Array;
  readonly src: Int32Array;
  readonly done: Int32Array;
  readonly freeMaps: Int32Array;
  readonly freeReduces: Int32Array;
  readonly waiting: Int32Array;
  /** By cross-rack group: slots whose next phase starts a flow of that group (FluidRack.demand). */
  readonly pending: Int32Array;
  readonly phase: Uint8Array;
  readonly heard: Uint8Array;
  /** done, freeMaps, freeReduces, waiting and pending, which lie next to each other: copied in one call. */
  private readonly counters: Int32Array;

  constructor(slots: number, nodes: number, mapSlots: number, reduceSlots: number, groups: number) {
    const buffer = new ArrayBuffer(8 * (3 * slots + 2) + 4 * (5 * slots + 4 * nodes + groups) + 2 * slots);
    let at = 0;
    const f64 = (n: number): Float64Array => { const a = new Float64Array(buffer, at, n); at += 8 * n; return a; };
    const i32 = (n: number): Int32Array => { const a = new Int32Array(buffer, at, n); at += 4 * n; return a; };
    const u8 = (n: number): Uint8Array => { const a = new Uint8Array(buffer, at, n); at += n; return a; };
    this.computeMs = f64(slots);
    this.readMB = f64(slots);
    this.writeMB = f64(slots);
    this.scalars = f64(2);
    this.job = i32(slots).fill(-1);
    this.task = i32(slots);
    this.flowA = i32(slots).fill(-1);
    this.flowB = i32(slots).fill(-1);
    this.src = i32(slots);
    this.counters = new Int32Array(buffer, at, 4 * nodes + groups);
    this.done = i32(nodes);
    this.freeMaps = i32(nodes).fill(mapSlots);
    this.freeReduces = i32(nodes).fill(reduceSlots);
    this.waiting = i32(nodes);
    this.pending = i32(groups);
    this.phase = u8(slots);
    this.heard = u8(slots);
  }

  /** Copies slots slots[0 .. n) and every node's and the rack's counters into `o`. */
  copySlotsTo(o: SlotState, slots: Int32Array, n: number): void {
    for (let t = 0; t < n; t++) {
      const q = slots[t];
      o.computeMs[q] = this.computeMs[q];
      o.readMB[q] = this.readMB[q];
      o.writeMB[q] = this.writeMB[q];
      o.job[q] = this.job[q];
      o.task[q] = this.task[q];
      o.flowA[q] = this.flowA[q];
      o.flowB[q] = this.flowB[q];
      o.src[q] = this.src[q];
      o.phase[q] = this.phase[q];
      o.heard[q] = this.heard[q];
    }
    o.scalars[0] = this.scalars[0];
    o.scalars[1] = this.scalars[1];
    o.counters.set(this.counters);
  }
}

export interface FluidRackOptions {
  rates: LinkRates;
  taskStartMs: number;
}

export class FluidRack {
  readonly firstNode: NodeId;
  readonly nodes: number;
  readonly links: RackLinks;
  /** MB a committed pass had to finish early (see the module comment). */
  forcedMB = 0;
  /** MB the tasks launched here read (maps' inputs, reduces' shuffles), counted at launch (for the bytes invariant). */
  readMB = 0;
  private readonly mapSlots: number;
  private readonly reduceSlots: number;
  private readonly heartbeatMs: number;
  private readonly order: Int32Array;
  private readonly phaseMs: Int32Array;
  private readonly flowsMax: number;
  private readonly startMs: number;
  private readonly inRackShare: number;
  private readonly streamMBps: number;
  private s: SlotState;
  private saved: SlotState;
  /** The send halves of other racks' reads from this rack's nodes (serves.ts), and their saved copy. */
  private sv: ServeState;
  private savedSv: ServeState;
  private readonly slots: number;
  private net: FluidNet;
  private savedNet: FluidNet;
  private heap: EventHeap;
  private savedHeap: EventHeap;
  private readonly flowSlot: Int32Array;
  private readonly savedFlowSlot: Int32Array;
  /** Epoch whose start is saved, and the slots the predicted pass reported, in report order. */
  private savedEpoch = -1;
  private savedReadMB = 0;
  /**
   * Whether the state may differ from the saved copy in more than the clock: set by an event, a freed slot, an
   * allocation or a committed pass. An idle stretch leaves it clear, and save and restore then copy nothing.
   */
  private dirty = true;
  /** Slots written since the state and its saved copy were last made equal (only these are copied). */
  private readonly slotTouchedAt: Int32Array;
  private readonly touchedSlots: Int32Array;
  private slotTouches = 0;
  private slotSync = 1;
  private readonly pinned: Int32Array;
  private pins = 0;
  private readonly path = new Int32Array(8);
  private readonly carried = new Float64Array(7);
  /** Cross-rack flows by group active at the saved epoch start or started in its predicted pass. */
  private readonly epochFlows: Int32Array;

  constructor(topology: Topology, readonly rack: RackId, options: FluidRackOptions) {
    this.firstNode = firstNodeOf(topology, rack);
    this.nodes = topology.nodesPerRack;
    this.mapSlots = topology.mapSlotsPerNode;
    this.reduceSlots = topology.reduceSlotsPerNode;
    this.heartbeatMs = topology.heartbeatMs;
    ({ phaseMs: this.phaseMs, order: this.order } = rackHeartbeats(topology, rack));
    this.startMs = options.taskStartMs;
    this.inRackShare = 1 / topology.racks;
    this.streamMBps = options.rates.streamMBps;
    const serves = topology.racks > 1 ? 2 * this.nodes * this.mapSlots : 0;
    this.links = new RackLinks(this.nodes, topology.racks, this.mapSlots, serves);
    const slots = this.nodes * (this.mapSlots + this.reduceSlots);
    this.slots = slots;
    this.flowsMax = this.nodes * (this.mapSlots + 2 * this.reduceSlots) + serves;
    const caps = this.links.capacities(options.rates);
    // Event ids: flows, then slots' timers, then serves' start timers.
    this.heap = new EventHeap(this.flowsMax + slots + serves);
    this.savedHeap = new EventHeap(this.flowsMax + slots + serves);
    this.sv = new ServeState(serves);
    this.savedSv = new ServeState(serves);
    this.net = new FluidNet(caps, this.flowsMax, this.heap, 0, true);
    this.savedNet = new FluidNet(caps, this.flowsMax, this.savedHeap, 0, true);
    this.s = new SlotState(slots, this.nodes, this.mapSlots, this.reduceSlots, this.links.groups);
    this.saved = new SlotState(slots, this.nodes, this.mapSlots, this.reduceSlots, this.links.groups);
    this.flowSlot = new Int32Array(this.flowsMax);
    this.savedFlowSlot = new Int32Array(this.flowsMax);
    this.pinned = new Int32Array(slots);
    this.slotTouchedAt = new Int32Array(slots);
    this.touchedSlots = new Int32Array(slots);
    this.epochFlows = new Int32Array(this.links.groups);
  }

  get runningTasks(): number {
    return this.s.scalars[0];
  }

  /** The fluid network (tests read its load and carried MB). */
  get network(): FluidNet {
    return this.net;
  }

  heartbeatTimeMs(node: NodeId, epoch: number): number {
    return epoch * this.heartbeatMs + this.phaseMs[node - this.firstNode];
  }

  /**
   * The cross-rack demand of the epoch just predicted, by group: the flows active at any time in it (those at its
   * start and those it started), plus tasks whose next phase will start one (maps starting up that read from
   * another rack, reduces starting up, reduces computing before their write). The master allocates the epoch's
   * committed pass from it, so a flow that ends early in the epoch still counts.
   */
  demand(out: Int32Array): void {
    const pending = this.s.pending;
    for (let g = 0; g < out.length; g++) out[g] = this.epochFlows[g] + pending[g];
  }

  /** The cross-rack group whose flow slot q's next phase starts (see demand()), or -1. */
  private pendingGroup(q: number): number {
    const s = this.s;
    const phase = s.phase[q];
    if (this.links.racks === 1) return -1;
    if (q < this.nodes * this.mapSlots) {
      if (phase !== START || s.readMB[q] <= 0) return -1;
      const srcRack = Math.floor(s.src[q] / this.nodes);
      return srcRack !== this.rack ? srcRack : -1;
    }
    if (phase === START && s.readMB[q] > 0) return this.links.spreadIn;
    return (phase === CPU || phase === WAIT) && s.writeMB[q] > 0 ? this.links.spreadOut : -1;
  }

  /** Moves slot q to `phase`, keeping the pending demand by group. */
  private setPhase(q: number, phase: number): void {
    const s = this.s;
    this.touchSlot(q);
    const was = this.pendingGroup(q);
    if (was >= 0) s.pending[was]--;
    s.phase[q] = phase;
    const now = this.pendingGroup(q);
    if (now >= 0) s.pending[now]++;
  }

  /**
   * One epoch command. `allocation` (MB/s per cross-rack group; null: unchanged) holds from the start of the
   * answered epoch, whose committed pass the master computed it for, knowing its launches. If the responses or the
   * allocation change the answered epoch, it is committed again from its saved start; then the predicted pass of
   * `epoch` runs and reports its heartbeats.
   */
  epoch(responses: RackResponses | null, epoch: number, reportFreeFromMs: number, allocation: Float64Array | null, sink: HeartbeatSink, serves: Float64Array | null = null): void {
    const changed = allocation !== null && this.allocationDiffers(allocation);
    if (this.savedEpoch >= 0 && (responses !== null || changed || serves !== null)) {
      this.restore();
      if (changed) this.allocate(allocation!);
      if (serves !== null) this.serve(serves);
      this.commit(responses);
      this.dirty = true;
    } else if (changed) this.allocate(allocation!);
    // The master jumps epochs only while no job is active; its usage series books the counters at the answered
    // epoch's end (MasterActor.onBatches), exact only if nothing runs, so carries nothing, over the jump.
    if (this.savedEpoch >= 0 && epoch > this.savedEpoch + 1 && this.runningTasks > 0) {
      throw new Error(`rack ${this.rack} was sent from epoch ${this.savedEpoch} to ${epoch} with ${this.runningTasks} tasks running`);
    }
    this.runUntil(epoch * this.heartbeatMs);
    this.save(epoch);
    this.predict(epoch, reportFreeFromMs, sink);
  }

  /**
   * Committed MB up to the saved epoch start: uplink, downlink, all cross-rack groups, forced (finished early), read
   * (maps and shuffles), served (send halves started) and unserved (serves not simulated).
   */
  committedCarried(): Float64Array {
    const c = this.savedNet.carriedMB;
    let cross = 0;
    for (let g = 0; g < this.links.groups; g++) cross += c[this.links.group(g)];
    this.carried[0] = c[this.links.up];
    this.carried[1] = c[this.links.down];
    this.carried[2] = cross;
    this.carried[3] = this.forcedMB;
    this.carried[4] = this.savedReadMB;
    this.carried[5] = this.savedSv.servedMB;
    this.carried[6] = this.savedSv.unservedMB;
    return this.carried;
  }

  private allocationDiffers(allocation: Float64Array): boolean {
    for (let g = 0; g < this.links.groups; g++) if (this.net.capacity[this.links.group(g)] !== allocation[g]) return true;
    return false;
  }

  private allocate(allocation: Float64Array): void {
    this.dirty = true;
    for (let g = 0; g < this.links.groups; g++) this.net.setCapacity(this.links.group(g), allocation[g], this.clock);
  }

  private get clock(): number {
    return this.s.scalars[1];
  }

  private set clock(t: number) {
    this.s.scalars[1] = t;
  }

  private save(epoch: number): void {
    this.savedEpoch = epoch;
    this.savedReadMB = this.readMB;
    if (!this.dirty) {
      // No flow started or ended since the last save, which set epochFlows from the same lists.
      this.saved.scalars[1] = this.clock;
      return;
    }
    this.dirty = false;
    for (let g = 0; g < this.links.groups; g++) this.epochFlows[g] = this.net.flowsOn(this.links.group(g));
    this.s.copySlotsTo(this.saved, this.touchedSlots, this.slotTouches);
    this.slotsSynced();
    this.sv.saveTo(this.savedSv);
    this.net.saveTo(this.savedNet);
    this.heap.copyTo(this.savedHeap);
    this.savedFlowSlot.set(this.flowSlot);
  }

  private restore(): void {
    this.readMB = this.savedReadMB;
    if (!this.dirty) {
      this.clock = this.saved.scalars[1];
      this.net.rebuildLists(); // as a copy would leave them: by flow id
      return;
    }
    this.saved.copySlotsTo(this.s, this.touchedSlots, this.slotTouches);
    this.slotsSynced();
    this.sv.restoreFrom(this.savedSv);
    this.net.restoreFrom(this.savedNet);
    this.savedHeap.copyTo(this.heap);
    this.flowSlot.set(this.savedFlowSlot);
  }

  /** Slot q is about to be written (see touchedSlots). */
  private touchSlot(q: number): void {
    this.dirty = true;
    if (this.slotTouchedAt[q] === this.slotSync) return;
    this.slotTouchedAt[q] = this.slotSync;
    this.touchedSlots[this.slotTouches++] = q;
  }

  private slotsSynced(): void {
    this.slotTouches = 0;
    this.slotSync++;
  }

  private predict(epoch: number, reportFreeFromMs: number, sink: HeartbeatSink): void {
    const s = this.s;
    const base = epoch * this.heartbeatMs;
    this.pins = 0;
    for (let k = 0; k < this.order.length; k++) {
      const i = this.order[k];
      const now = base + this.phaseMs[i];
      this.runUntil(now);
      let finished = 0;
      if (s.done[i] > 0) finished = this.release(i, sink);
      if (finished > 0 || s.waiting[i] > 0 || reportFreeFromMs === -Infinity || ((s.freeMaps[i] > 0 || s.freeReduces[i] > 0) && now >= reportFreeFromMs)) {
        sink.heartbeat((this.firstNode + i) as NodeId, now, s.freeMaps[i], s.freeReduces[i]);
      }
    }
  }

  /** Frees node i's done slots, reporting each (and pinning it for the committed pass). */
  private release(i: number, sink: HeartbeatSink): number {
    return this.releaseSlots(i, this.firstSlot(i, true), this.mapSlots, sink) + this.releaseSlots(i, this.firstSlot(i, false), this.reduceSlots, sink);
  }

  private releaseSlots(i: number, first: number, count: number, sink: HeartbeatSink): number {
    const s = this.s;
    let n = 0;
    for (let q = first; q < first + count; q++) {
      if (s.phase[q] !== DONE) continue;
      sink.finished(s.job[q] as JobIndex, s.task[q]);
      this.pinned[this.pins++] = q;
      this.free(q, i);
      n++;
    }
    return n;
  }

  /**
   * The send halves other racks' launches of the saved epoch (restored already) start here (SERVE_FIELDS each):
   * each takes a serve now and starts sending at its time (never before the epoch's start).
   */
  private serve(serves: Float64Array): void {
    for (let at = 0; at < serves.length; at += SERVE_FIELDS) {
      const node = serves[at] - this.firstNode;
      if (node < 0 || node >= this.nodes) throw new Error(`a serve from node ${serves[at]} reached rack ${this.rack}`);
      const mb = serves[at + 2] / 1024;
      const k = this.sv.take(node, mb, readCapMBps(this.streamMBps, mb, serves[at + 3]));
      if (k >= 0) this.heap.schedule(this.flowsMax + this.slots + k, Math.max(this.clock, serves[at + 1]));
    }
  }

  /** Serve k's time has come: its send half starts. */
  private startServe(k: number): void {
    const sv = this.sv;
    this.net.setCapacity(this.links.serveStream(k), sv.capMBps[k], this.clock);
    const len = this.links.servePath(k, sv.node[k], this.path);
    const f = this.net.add(this.path, undefined, len, sv.mb[k], this.clock);
    this.flowSlot[f] = this.slots + k;
    sv.sending(k, f);
  }

  /** The committed pass of the saved epoch (restored already), applying its responses (if any) at their heartbeats. */
  private commit(r: RackResponses | null): void {
    if (r !== null && r.epoch !== this.savedEpoch) throw new Error(`responses for epoch ${r.epoch} reached a rack whose last epoch was ${this.savedEpoch}`);
    const s = this.s;
    const base = this.savedEpoch * this.heartbeatMs;
    let pin = 0;
    let l = 0;
    let d = 0;
    for (let k = 0; k < this.order.length; k++) {
      const i = this.order[k];
      const node = this.firstNode + i;
      this.runUntil(base + this.phaseMs[i]);
      while (pin < this.pins && this.nodeOfSlot(this.pinned[pin]) === i) {
        const q = this.pinned[pin++];
        if (s.phase[q] === FREE) throw new Error(`slot ${q} of rack ${this.rack} was reported done and then freed before its heartbeat`);
        if (s.phase[q] !== DONE) this.force(q, i);
        this.free(q, i);
      }
      if (r === null) continue;
      for (; d < r.doneNode.length && r.doneNode[d] === node; d++) this.heard(i, r.doneJob[d] as JobIndex);
      for (; l < r.launchNode.length && r.launchNode[l] === node; l++) {
        this.launch(i, r.launchJob[l] as JobIndex, r.launchTask[l], r.launchMs[l], r.launchSrc[l] as NodeId | -1, r.launchReadKB[l] / 1024, r.launchWriteKB[l] / 1024, r.launchMapsDone[l] === 1);
      }
    }
    if (pin !== this.pins || (r !== null && (l !== r.launchNode.length || d !== r.doneNode.length))) {
      throw new Error(`responses out of heartbeat order in rack ${this.rack} (epoch ${this.savedEpoch})`);
    }
    if (r === null || r.killNode.length === 0) return;
    // Preemption decides its kills at the epoch's end, after every heartbeat (Scheduler.advanceTo).
    this.runUntil(base + this.heartbeatMs);
    for (let k = 0; k < r.killNode.length; k++) this.kill(r.killNode[k] - this.firstNode, r.killJob[k] as JobIndex, r.killTask[k]);
  }

  private launch(i: number, job: JobIndex, task: number, computeMs: number, src: NodeId | -1, readMB: number, writeMB: number, mapsDone: boolean): void {
    const s = this.s;
    const map = isMapRef(task);
    const q = this.freeSlot(i, map);
    this.touchSlot(q);
    s.job[q] = job;
    s.task[q] = task;
    s.computeMs[q] = computeMs;
    s.readMB[q] = readMB;
    s.writeMB[q] = writeMB;
    s.src[q] = src;
    s.heard[q] = map || mapsDone ? 1 : 0;
    this.readMB += readMB;
    if (map) s.freeMaps[i]--;
    else {
      s.freeReduces[i]--;
      if (!mapsDone) s.waiting[i]++;
    }
    s.scalars[0]++;
    this.setPhase(q, START);
    this.heap.schedule(this.flowsMax + q, this.clock + this.startMs);
  }

  private heard(i: number, job: JobIndex): void {
    const s = this.s;
    const base = this.firstSlot(i, false);
    for (let q = base; q < base + this.reduceSlots; q++) {
      if (s.job[q] !== job || s.heard[q] === 1 || s.phase[q] === FREE) continue;
      this.touchSlot(q);
      s.heard[q] = 1;
      s.waiting[i]--;
      if (s.phase[q] === WAIT) this.enter(q, CPU);
    }
  }

  private kill(i: number, job: JobIndex, task: number): void {
    const s = this.s;
    const map = isMapRef(task);
    const base = this.firstSlot(i, map);
    for (let q = base; q < base + (map ? this.mapSlots : this.reduceSlots); q++) {
      if (s.phase[q] === FREE || s.job[q] !== job || s.task[q] !== task) continue;
      if (!map && s.heard[q] === 0) s.waiting[i]--;
      this.stop(q);
      this.free(q, i);
      return;
    }
    throw new Error(`kill of job ${job} task ${task} on node ${this.firstNode + i}, which does not run it`);
  }

  /** A pinned task the launches slowed: finish it now. */
  private force(q: number, i: number): void {
    const s = this.s;
    for (const f of [s.flowA[q], s.flowB[q]]) if (f >= 0) this.forcedMB += this.net.remainingMB[f];
    this.stop(q);
    this.setPhase(q, DONE);
    s.done[i]++;
  }

  /** Cancels a slot's timer and flows. */
  private stop(q: number): void {
    const s = this.s;
    this.heap.cancel(this.flowsMax + q);
    if (s.flowA[q] >= 0) this.net.remove(s.flowA[q], this.clock);
    if (s.flowB[q] >= 0) this.net.remove(s.flowB[q], this.clock);
    this.touchSlot(q);
    s.flowA[q] = s.flowB[q] = -1;
  }

  private free(q: number, i: number): void {
    const s = this.s;
    this.dirty = true;
    if (s.phase[q] === DONE) s.done[i]--;
    if (q < this.nodes * this.mapSlots) s.freeMaps[i]++;
    else s.freeReduces[i]++;
    this.setPhase(q, FREE);
    this.touchSlot(q);
    s.job[q] = -1;
    s.scalars[0]--;
  }

  /** Runs the network and the slots' timers to `untilMs`. */
  private runUntil(untilMs: number): void {
    const heap = this.heap;
    for (;;) {
      const t = heap.peekTime();
      if (t > untilMs) break;
      const id = heap.pop();
      this.dirty = true;
      if (t > this.clock) this.clock = t;
      if (id < this.flowsMax) this.flowDone(id);
      else if (id < this.flowsMax + this.slots) this.next(id - this.flowsMax);
      else this.startServe(id - this.flowsMax - this.slots);
    }
    if (untilMs > this.clock) this.clock = untilMs;
  }

  private flowDone(f: number): void {
    const s = this.s;
    const q = this.flowSlot[f];
    this.net.remove(f, this.clock);
    if (q >= this.slots) {
      this.sv.free(q - this.slots);
      return;
    }
    this.touchSlot(q);
    if (s.flowA[q] === f) s.flowA[q] = -1;
    else s.flowB[q] = -1;
    if (s.flowA[q] < 0 && s.flowB[q] < 0) this.next(q);
  }

  /** The slot's current phase has ended: enter the next. */
  private next(q: number): void {
    const s = this.s;
    const map = q < this.nodes * this.mapSlots;
    switch (s.phase[q]) {
      case START: this.enter(q, READ); return;
      case READ: this.enter(q, map ? (s.readMB[q] > 0 ? WRITE : CPU) : s.heard[q] === 1 ? CPU : WAIT); return; // a map computed as it read
      case CPU: this.enter(q, WRITE); return;
      case WRITE: this.enter(q, DONE); return;
      default: throw new Error(`slot ${q} of rack ${this.rack} moved on from phase ${s.phase[q]}`);
    }
  }

  /** Starts phase `phase` of slot q at the clock; a phase with nothing to do passes at once. */
  private enter(q: number, phase: number): void {
    const s = this.s;
    const i = this.nodeOfSlot(q);
    const map = q < this.nodes * this.mapSlots;
    this.setPhase(q, phase);
    const now = this.clock;
    const links = this.links;
    const path = this.path;
    switch (phase) {
      case READ: {
        const mb = s.readMB[q];
        if (mb <= 0) break;
        if (map) {
          const src = s.src[q];
          const srcRack = Math.floor(src / this.nodes);
          const from = srcRack === this.rack ? src - this.firstNode : -(srcRack + 1);
          this.net.setCapacity(links.stream(q), readCapMBps(this.streamMBps, mb, s.computeMs[q]), now);
          this.addFlow(q, path, links.mapReadPath(q, i, from, path), mb);
        } else {
          path[0] = links.node(i, NIC_IN);
          const inRack = mb * this.inRackShare;
          if (inRack > 0) this.addFlow(q, path, 1, inRack);
          if (mb - inRack > 0) this.addFlow(q, path, links.readPath(i, -(links.spreadIn + 1), path), mb - inRack);
        }
        return;
      }
      case CPU:
        this.heap.schedule(this.flowsMax + q, now + s.computeMs[q]);
        return;
      case WRITE: {
        const mb = s.writeMB[q];
        if (mb <= 0) break;
        this.addFlow(q, path, links.localWritePath(i, path), mb);
        if (!map) this.addFlow(q, path, links.replicaPath(i, path), mb);
        return;
      }
      case WAIT:
        return;
      case DONE:
        s.done[i]++;
        return;
      default:
        throw new Error(`slot ${q} of rack ${this.rack} entered phase ${phase}`);
    }
    this.next(q);
  }

  private addFlow(q: number, path: Int32Array, len: number, mb: number): void {
    const s = this.s;
    const f = this.net.add(path, undefined, len, mb, this.clock);
    const g = path[len - 1] - this.links.group(0);
    if (g >= 0) this.epochFlows[g]++; // counted in every pass; the predicted pass's count is the one reported
    this.flowSlot[f] = q;
    this.touchSlot(q);
    if (s.flowA[q] < 0) s.flowA[q] = f;
    else s.flowB[q] = f;
  }

  private firstSlot(i: number, map: boolean): number {
    return map ? i * this.mapSlots : this.nodes * this.mapSlots + i * this.reduceSlots;
  }

  private nodeOfSlot(q: number): number {
    const m = this.nodes * this.mapSlots;
    return q < m ? Math.floor(q / this.mapSlots) : Math.floor((q - m) / this.reduceSlots);
  }

  private freeSlot(i: number, map: boolean): number {
    const s = this.s;
    const base = this.firstSlot(i, map);
    const n = map ? this.mapSlots : this.reduceSlots;
    for (let q = base; q < base + n; q++) if (s.phase[q] === FREE) return q;
    const kind = map ? 'map' : 'reduce';
    throw new Error(`${kind} slots over-committed on node ${this.firstNode + i}: a launch arrived with all ${n} ${kind} slots busy`);
  }
}
