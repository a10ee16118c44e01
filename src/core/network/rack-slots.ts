/**
 * The slots of a rack whose tasks' times emerge from its hardware (the fluid model), run forward in time: each slot
 * runs a task through phases, each phase a timer or flows on the rack's FluidNet (rack-links.ts).
 *   map:    start-up (taskStartMs) -> read its block (from the chosen replica; the disk alone when local) while its
 *           code consumes it: the read's stream is capped at one disk's rate and at readMB / computeMs, so reading
 *           and computing overlap and the phase lasts max(read, computeMs) -> write its output locally -> done.
 *           (A map that reads nothing computes for computeMs.)
 *   copy:   a replica copy (copy slots, only with a replication policy): the block from the source replica's disk
 *           (one stream, as a map's read) over the path between the nodes and onto this node's disks in one flow
 *           (HDFS writes a block's packets as they arrive), with no start-up and no code -> done.
 *   reduce: start-up -> shuffle: fetch the outputs of the job's maps finished so far (its own node's from its disk
 *           over loopback; the rest of this rack's in over its NIC, sent by the nodes that hold them from their disks
 *           over their NICs out (each node's sends one backlog: shuffleSend); the others in from other racks, whose
 *           nodes send them likewise, an epoch later: shuffle-sends.ts), then wait to hear of more and fetch them,
 *           until it has fetched every map's (map-outputs.ts, map-log.ts) -> compute -> write its output locally
 *           and through the replication pipeline's off-rack copy (its far side another rack's: serves.ts) -> done.
 * A node reports its done tasks at its next heartbeat, as in the flat model.
 * The epochs (a predicted pass, then a committed one with the master's responses) are fluid-rack.ts's.
 */
import type { NodeId, RackId } from '../ids.js';
import { type Topology, firstNodeOf } from '../topology.js';
import { EventHeap } from './event-heap.js';
import { grownInts } from './grown.js';
import { LiveGroups } from './live-groups.js';
import { MapLog } from './map-log.js';
import { FluidNet } from './fluid-net.js';
import { DISK_READ, type LinkRates, NIC_IN, NIC_OUT, PIPELINE_LEAVES, RackLinks } from './rack-links.js';
import { ReplicaTargets } from './replica-targets.js';
import { FAR_CAP_FIELDS, REPLICA, SEND, SERVE_FIELDS, SHUFFLE, ServeState, readCapMBps } from './serves.js';
import { TouchedSet } from './touched-set.js';
import { CPU, DONE, FLOWS_PER_SLOT, READ, START, SlotState, WAIT, WRITE } from './slot-state.js';

/**
 * Group links a rack's networks hold at first (rack-links.ts binds more as the rack uses more groups): its shuffles in,
 * its replicas out and the few racks its maps read from, most of the time.
 */
const GROUP_LINKS_RESERVED = 8;

export interface FluidRackOptions {
  rates: LinkRates;
  taskStartMs: number;
  /** Copy slots a node keeps for the replica copies it receives (copy-streams.ts); 0 or omitted: none. */
  copySlots?: number;
  /** Tests: every flow start and end solves its component (FluidNet's shortcut off); same results. */
  solveEveryChange?: boolean;
  /** HDFS's replication (hdfs.replication; omitted: 3): with 1, a reduce's output has no pipeline beyond its own disk. */
  replication?: number;
  /**
   * Where writes' replicas go (replica-targets.ts: replicaTargetsOf the scenario). Omitted: rack-aware placement under
   * the run key of seed 1 (tests of a rack alone).
   */
  placement?: ReplicaTargets;
}

export class RackSlots {
  readonly firstNode: NodeId;
  readonly nodes: number;
  readonly links: RackLinks;
  /** MB a committed pass had to finish early (see fluid-rack.ts). */
  forcedMB = 0;
  /**
   * MB committed passes dropped from the link of traffic in from anywhere: what reduces killed or finished early had
   * left to fetch from other racks (the master's shuffle mix drains them as it drains what the link carried).
   */
  cutInMB = 0;
  /** MB the tasks launched here read (maps' inputs, reduces' shuffles), counted at launch (for the bytes invariant). */
  readMB = 0;
  /**
   * Flows a committed pass started on a cross-rack group link the master had sized to 0 (no demand counted for it):
   * each stalls until the next allocation. (A predicted pass's such start is counted in the demand it reports, so the
   * master sizes the link and the epoch is committed again.) Tests check that the demand leaves none.
   */
  unallocatedStarts = 0;
  /** Whether the pass running is a committed one (FluidRack sets it). */
  protected committing = false;
  protected readonly mapSlots: number;
  protected readonly reduceSlots: number;
  protected readonly copySlots: number;
  /**
   * Slots a node has that read like a map: its map slots, then its copy slots. Slots 0 .. nodes x mapLike - 1 are
   * these, node by node; the reduce slots follow.
   */
  protected readonly mapLike: number;
  protected readonly flowsMax: number;
  protected readonly slots: number;
  /**
   * Event ids: flows, then slots' timers, then serves' start timers. Flow owners (FlowTable.owner): slots 0 .. slots - 1,
   * then serves, then each node's shuffle send in its rack, then each node's to other racks (shuffleSend).
   */
  protected readonly eventIds: number;
  protected readonly startMs: number;
  private readonly replicated: boolean;
  private readonly placement: ReplicaTargets;
  /**
   * With a bounded core, the caps of the far sides running here, as the master last sent them (FAR_CAP_FIELDS): by
   * reader rack, what its group of reads from here gets; by writer rack, a flow of its group out; and what the fetches
   * from here draw (egressMBps). Set only between epochs (applyFarCaps), so both passes of an epoch see the same.
   */
  private readonly readCaps = new Map<number, number>();
  private readonly writeCaps = new Map<number, number>();
  private egressMBps = Infinity;
  /** Scratch of refreshFarCaps: the resources whose capacity it sets, and those capacities. */
  private readonly capRes: number[] = [];
  private readonly capMBps: number[] = [];
  /** Scratch of writePipeline: the second and third replicas' nodes. */
  private readonly pipelineNodes = new Int32Array(2);
  private readonly streamMBps: number;
  protected readonly s: SlotState;
  /** The far halves of other racks' transfers at this rack's nodes: their reads, their writes' replicas (serves.ts). */
  protected readonly sv: ServeState;
  /**
   * The HDFS writes with a replica in another rack (reduces' outputs) started by this pass, WRITE_FIELDS each
   * (replica-targets.ts): FluidRack reports those of committed passes, whose far sides other racks simulate.
   */
  protected writes: number[] = [];
  /**
   * The fetches from other racks this pass's reduces started, FETCH_FIELDS each (shuffle-sends.ts): FluidRack reports
   * those of committed passes, whose send halves the source nodes' racks simulate.
   */
  protected fetches: number[] = [];
  protected readonly net: FluidNet;
  protected readonly heap: EventHeap;
  /** Where the maps this rack reported finished ran, by job (saved and restored with the slots). */
  protected readonly mapLog = new MapLog();
  /** Scratch of inRackFetch: the source nodes of a fetch, in order of first output, and the map outputs by node (0 between fetches). */
  private readonly fetchNodes: Int32Array;
  private readonly fetchMaps: Int32Array;
  /**
   * Whether the state may differ from the saved copy in more than the clock: set by an event, a freed slot, an
   * allocation or a committed pass. An idle stretch leaves it clear, and save and restore then copy nothing.
   */
  protected dirty = true;
  /** Slots written since the state and its saved copy were last made equal (only these are copied). */
  protected readonly touchedSlots: TouchedSet;
  private readonly path = new Int32Array(8);
  /**
   * Cross-rack flows by group slot (rack-links.ts) active at the saved epoch start or started in its predicted pass.
   * This and the other numbers by group are by slot, grown as the rack binds groups (growResources), not one per rack
   * of the cluster.
   */
  protected epochFlows: Int32Array;
  /** The groups with anything in epochFlows, pending or flows (a superset; see live-groups.ts), by slot. */
  protected readonly liveGroups: LiveGroups;
  /** Every group a flow has crossed in this run (never dropped): the only group links that have carried any MB. */
  protected readonly crossedGroups: LiveGroups;

  constructor(topology: Topology, readonly rack: RackId, options: FluidRackOptions) {
    this.firstNode = firstNodeOf(topology, rack);
    this.nodes = topology.nodesPerRack;
    this.mapSlots = topology.mapSlotsPerNode;
    this.reduceSlots = topology.reduceSlotsPerNode;
    this.copySlots = options.copySlots ?? 0;
    this.mapLike = this.mapSlots + this.copySlots;
    this.startMs = options.taskStartMs;
    this.replicated = (options.replication ?? 3) > 1;
    this.placement = options.placement ?? new ReplicaTargets(1, topology.racks, topology.nodesPerRack, options.replication ?? 3);
    this.streamMBps = options.rates.streamMBps;
    // Twice the map-like slots for reads from here, and the reduce slots for replicas written here.
    const serves = topology.racks > 1 ? this.nodes * (2 * this.mapLike + this.reduceSlots) : 0;
    this.links = new RackLinks(this.nodes, topology.racks, this.mapLike, serves, GROUP_LINKS_RESERVED, options.rates.coreMBps !== Infinity);
    const slots = this.nodes * (this.mapLike + this.reduceSlots);
    this.slots = slots;
    this.flowsMax = this.nodes * (this.mapLike + FLOWS_PER_SLOT * this.reduceSlots + 2) + serves;
    this.eventIds = this.flowsMax + slots + serves;
    this.heap = new EventHeap(this.eventIds);
    this.sv = new ServeState(serves);
    this.net = new FluidNet(this.links.capacities(options.rates), this.flowsMax, this.heap, 0, true, options.solveEveryChange, this.links.up);
    this.links.onGrow = (n) => this.growResources(n);
    const groupSlots = this.links.slotRoom;
    this.s = new SlotState(slots, this.nodes, this.mapSlots, this.reduceSlots, groupSlots);
    this.touchedSlots = new TouchedSet(slots);
    this.fetchNodes = new Int32Array(this.nodes);
    this.fetchMaps = new Int32Array(this.nodes);
    this.epochFlows = new Int32Array(groupSlots);
    const groupOf = (k: number): number => this.links.groupOfSlot(k);
    this.liveGroups = new LiveGroups(groupSlots, groupOf);
    this.crossedGroups = new LiveGroups(groupSlots, groupOf);
  }

  /**
   * The rack has bound a group link past its networks' resources: they grow to n, and so do its numbers by group slot
   * (FluidRack grows its saved copy too).
   */
  protected growResources(n: number): void {
    this.net.growResources(n);
    const slots = this.links.slotRoom;
    this.s.grow(slots);
    this.epochFlows = grownInts(this.epochFlows, slots);
    this.liveGroups.grow(slots);
    this.crossedGroups.grow(slots);
  }

  /** Jobs' tasks running (replica copies are runningCopies). */
  get runningTasks(): number {
    return this.s.scalars[0];
  }

  get runningCopies(): number {
    return this.s.scalars[2];
  }

  /** The fluid network (tests read its load and carried MB). */
  get network(): FluidNet {
    return this.net;
  }

  /**
   * Adds (`sign` +1) or removes (-1) slot q's claims on the cross-rack groups its next phases will start flows on
   * (see demand()), as its phase and what it has heard stand. A map starting up that reads from another rack claims
   * that rack's group. A reduce starting up claims "in from anywhere" for its fetch. A reduce that has heard of every
   * map's output and has not yet written (starting up, fetching or computing) claims "out to anywhere" if its output's
   * pipeline leaves the rack (replication 2 or more; without a topology script it may stay in the rack: its targets
   * are drawn at its launch, drawPipeline): it may fetch the rest, compute and start its write through the pipeline
   * within the epoch. Kept here every epoch it may (the demand reports it only while the write could start within
   * the two passes the allocation sizes: FluidRack.writeClaimsBeyond), as its write must never meet a group link
   * sized to 0:
   * counted in the predicted pass, which runs on the last allocation, the claim is what sizes the link for the
   * committed pass, which can run faster on a larger one (test/harness found a reduce that finished fetching in the
   * committed pass and wrote on a link sized to 0; the claim in computing alone, measured before: without it `hfsim
   * run scenarios/fb-macro-io-oversub.json` fair + delay's mean response went 23,842 -> 24,952 ms, as such writes
   * stalled to the epoch's end). One waiting for its maps fetches only when it hears of more: the master counts the
   * notices it sends instead, and the write a job's last notice may start.
   */
  private claim(q: number, sign: number): void {
    const s = this.s;
    const phase = s.phase[q];
    if (this.links.racks === 1 || !(phase === START || phase === READ || phase === CPU)) return;
    if (q < this.nodes * this.mapLike) {
      if (phase !== START || s.readMB[q] <= 0) return;
      const srcRack = Math.floor(s.src[q] / this.nodes);
      if (srcRack !== this.rack) this.pend(srcRack, sign);
      return;
    }
    if (phase === START && s.readMB[q] > 0) this.pend(this.links.spreadIn, sign);
    if (this.claimsWrite(q)) this.pend(this.links.spreadOut, sign);
  }

  /**
   * Whether reduce slot q (its phase starting up, fetching or computing) claims "out to anywhere" for its write: it has
   * heard of every map, has output, and its pipeline leaves the rack (claim(); FluidRack.writeClaimsBeyond counts the
   * same slots).
   */
  protected claimsWrite(q: number): boolean {
    const s = this.s;
    return s.heard[q] === 1 && s.writeMB[q] > 0 && this.pipelineLeaves(q);
  }

  /** Adds (+1) or removes (-1) one claim on cross-rack group g (binding its link: a claim is a flow to come). */
  private pend(g: number, sign: number): void {
    const k = this.links.slot(g);
    this.s.pending[k] += sign;
    if (sign > 0) this.liveGroups.add(k);
  }

  /** Moves slot q to `phase`, keeping the pending demand by group. */
  protected setPhase(q: number, phase: number): void {
    this.touchSlot(q);
    this.claim(q, -1);
    this.s.phase[q] = phase;
    this.claim(q, 1);
  }

  /** Slot q (a reduce) has heard of every map's output, keeping the pending demand by group. */
  protected heardAll(q: number): void {
    this.touchSlot(q);
    this.claim(q, -1);
    this.s.heard[q] = 1;
    this.claim(q, 1);
  }

  protected get clock(): number {
    return this.s.scalars[1];
  }

  protected set clock(t: number) {
    this.s.scalars[1] = t;
  }

  /** Slot q is about to be written (see touchedSlots). */
  protected touchSlot(q: number): void {
    this.dirty = true;
    this.touchedSlots.mark(q);
  }

  /**
   * The far halves of other racks' transfers that start here in the saved epoch (restored already), SERVE_FIELDS
   * each: each takes a serve now and starts at its time (never before the epoch's start); but a SHUFFLE one joins its
   * node's backlog of sends to other racks at once, at the epoch's start, and takes no serve.
   */
  protected serve(serves: Float64Array): void {
    if (serves.length % SERVE_FIELDS !== 0) throw new Error(`serves of ${serves.length} numbers reached rack ${this.rack}: not ${SERVE_FIELDS} each`);
    let egress = -1;
    for (let at = 0; at < serves.length; at += SERVE_FIELDS) {
      const kind = serves[at];
      const cap = serves[at + 5];
      const peer = serves[at + 6];
      const node = this.nodeOffset(serves[at + 1]);
      const mb = serves[at + 3] / 1024;
      if (kind === SHUFFLE) {
        if (serves[at + 2] !== this.clock) throw new Error(`a shuffle send starting at ${serves[at + 2]} ms reached rack ${this.rack} at ${this.clock} ms`);
        this.sv.shuffled(mb);
        this.shuffleSend(node, mb, true);
        egress = cap;
        continue;
      }
      const k = kind === REPLICA
        ? this.sv.take(REPLICA, node, serves[at + 4] < 0 ? serves[at + 4] : this.nodeOffset(serves[at + 4]), mb, Infinity, cap, peer)
        : this.sv.take(kind, node, -1, mb, readCapMBps(this.streamMBps, mb, serves[at + 4]), cap, peer);
      if (k >= 0) this.heap.schedule(this.flowsMax + this.slots + k, Math.max(this.clock, serves[at + 2]));
    }
    // A batch of sends to other racks: the node's backlogs share the egress it carries from now (refreshFarCaps).
    if (egress >= 0 && this.links.boundedCore) {
      this.shareEgress(egress);
      this.setCaps();
    }
  }

  /**
   * With a bounded core, the far sides' caps the master sent with an epoch's command (FAR_CAP_FIELDS each), applied
   * between epochs, at the start of the one the rack predicts next (the caps the answered epoch ran under stay: the
   * allocation they come from sized it), then refreshFarCaps. Returns whether any cap changed.
   */
  protected applyFarCaps(caps: Float64Array | null): boolean {
    if (!this.links.boundedCore) return false;
    if (caps !== null) {
      for (let at = 0; at < caps.length; at += FAR_CAP_FIELDS) {
        const kind = caps[at];
        const peer = caps[at + 1];
        const mbps = caps[at + 2];
        if (kind === SHUFFLE) this.egressMBps = mbps;
        else {
          const table = kind === SEND ? this.readCaps : this.writeCaps;
          if (mbps === Infinity) table.delete(peer);
          else table.set(peer, mbps);
        }
      }
    }
    return this.refreshFarCaps();
  }

  /**
   * Sets the caps of the far sides running or waiting here from the tables: a reader rack's send halves share what its
   * group gets evenly, a writer's far sides each take its rate a flow, and the nodes' backlogs of sends to other racks
   * share the egress in proportion to the MB each has left (so that they would end together); each set component is
   * re-rated once. A cap holds until the next refresh (a send half that ends before it leaves its share unused).
   * Returns whether any changed.
   */
  private refreshFarCaps(): boolean {
    this.capRes.length = this.capMBps.length = 0;
    const serves = this.sv.recap(this.readCaps, this.writeCaps, this.addCap);
    if (serves) this.dirty = true; // a waiting serve's new cap is state the save must copy
    this.shareEgress(this.egressMBps);
    return this.setCaps() || serves;
  }

  /** The nodes' backlogs of sends to other racks share `egressMBps` by the MB each has left (Infinity: no cap). */
  private shareEgress(egressMBps: number): void {
    const { net, links } = this;
    const out = this.s.shuffleSendOut;
    let left = 0;
    for (let j = 0; j < this.nodes; j++) if (out[j] >= 0) left += net.remainingAt(out[j], this.clock);
    for (let j = 0; j < this.nodes; j++) {
      if (out[j] < 0) continue;
      this.addCap(-1 - j, egressMBps === Infinity || !(left > 0) ? Infinity : (egressMBps * net.remainingAt(out[j], this.clock)) / left);
    }
  }

  /** Queues a cap: serve k's stream (k >= 0) or node -(k + 1)'s send cap. */
  private readonly addCap = (k: number, mbps: number): void => {
    this.capRes.push(k >= 0 ? this.links.serveStream(k) : this.links.sendCap(-1 - k));
    this.capMBps.push(mbps);
  };

  /** Sets the caps queued (re-rating each component once); whether any changed. */
  private setCaps(): boolean {
    const { capRes, capMBps, net } = this;
    let changed = false;
    for (let k = 0; k < capRes.length; k++) if (net.capacity[capRes[k]] !== capMBps[k]) changed = true;
    if (changed) {
      this.dirty = true;
      net.setCapacities(capRes, capMBps, capRes.length, this.clock);
    }
    capRes.length = capMBps.length = 0;
    return changed;
  }

  /**
   * The HDFS pipeline of a reduce's output of `mb` from slot q on node offset i, starting now: where its second
   * replica is in another rack (always, rack-aware), the writer's NIC out, the uplink and the group "out to anywhere",
   * reported for the master to start the far side; where it is in this rack (no topology script: replica-targets.ts),
   * the hop to it and on to the third, reported only if the third is in another rack.
   */
  private writePipeline(q: number, i: number, now: number, mb: number): void {
    const { links, path, s } = this;
    const writer = this.firstNode + i;
    const second = s.second[q];
    const third = s.third[q];
    if (second >= 0 && this.inRack(second)) {
      const next = third < 0 ? -1 : this.inRack(third) ? third - this.firstNode : PIPELINE_LEAVES;
      this.addFlow(q, path, links.pipelinePath(i, second - this.firstNode, next, path), mb);
      if (next === PIPELINE_LEAVES) this.writes.push(writer, now, mb * 1024, second, third);
      return;
    }
    this.addFlow(q, path, links.replicaPath(i, path), mb);
    if (second >= 0) this.writes.push(writer, now, mb * 1024, second, third);
  }

  /**
   * Reduce slot q on node offset i, launched now for `task` of `job`: where its output's replicas will go (none past
   * its node for a map, a copy, one rack or replication 1).
   */
  protected drawPipeline(q: number, i: number, job: number, task: number): void {
    const s = this.s;
    const t = this.pipelineNodes;
    const reduce = q >= this.nodes * this.mapLike;
    if (reduce && this.replicated && this.placement.choose(this.firstNode + i, job, task, this.clock, t)) {
      s.second[q] = t[0];
      s.third[q] = t[1];
    } else s.second[q] = s.third[q] = -1;
  }

  /** Whether reduce slot q's write pipeline leaves this rack (its second or third replica is in another). */
  private pipelineLeaves(q: number): boolean {
    const { second, third } = this.s;
    return second[q] >= 0 && (!this.inRack(second[q]) || (third[q] >= 0 && !this.inRack(third[q])));
  }

  private inRack(node: number): boolean {
    return node >= this.firstNode && node < this.firstNode + this.nodes;
  }

  private nodeOffset(node: number): number {
    const i = node - this.firstNode;
    if (i < 0 || i >= this.nodes) throw new Error(`a serve at node ${node} reached rack ${this.rack}`);
    return i;
  }

  /** Serve k's time has come: its send half (or its replica's receive) starts. */
  private startServe(k: number): void {
    const sv = this.sv;
    // A write's far side crosses its serve's stream only with a bounded core (replicaInPath), a read's send half always.
    if (sv.kind[k] !== REPLICA || this.links.boundedCore) this.net.setCapacity(this.links.serveStream(k), sv.streamMBps(k), this.clock);
    const len = sv.kind[k] === REPLICA ? this.links.replicaInPath(k, sv.node[k], sv.next[k], this.path) : this.links.servePath(k, sv.node[k], this.path);
    const f = this.net.add(this.path, undefined, len, sv.mb[k], this.clock, this.slots + k);
    // A pipeline leaving on to a third rack crosses the group "out to anywhere" (the master counted it: MasterActor.pipelinesOnward).
    this.crossing(this.path, len);
    sv.sending(k, f);
  }

  /** Runs the network and the slots' timers to `untilMs`. */
  protected runUntil(untilMs: number): void {
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
    const q = this.net.owner[f];
    this.net.remove(f, this.clock);
    if (q >= this.slots + this.sv.capacity) {
      const j = q - this.slots - this.sv.capacity;
      if (j < this.nodes) this.s.shuffleSend[j] = -1;
      else this.s.shuffleSendOut[j - this.nodes] = -1;
      return;
    }
    if (q >= this.slots) {
      this.sv.free(q - this.slots);
      return;
    }
    this.touchSlot(q);
    let left = 0;
    for (let k = q * FLOWS_PER_SLOT; k < (q + 1) * FLOWS_PER_SLOT; k++) {
      if (s.flows[k] === f) s.flows[k] = -1;
      else if (s.flows[k] >= 0) left++;
    }
    if (left === 0) this.next(q);
  }

  /** The slot's current phase has ended: enter the next. */
  private next(q: number): void {
    const s = this.s;
    const map = q < this.nodes * this.mapLike;
    switch (s.phase[q]) {
      case START: this.enter(q, READ); return;
      case READ: this.enter(q, map ? (s.readMB[q] > 0 ? WRITE : CPU) : this.unfetched(q) ? READ : s.heard[q] === 1 ? CPU : WAIT); return; // a map computed as it read
      case CPU: this.enter(q, WRITE); return;
      case WRITE: this.enter(q, DONE); return;
      default: throw new Error(`slot ${q} of rack ${this.rack} moved on from phase ${s.phase[q]}`);
    }
  }

  /** Starts phase `phase` of slot q at the clock; a phase with nothing to do passes at once. */
  protected enter(q: number, phase: number): void {
    const s = this.s;
    const i = this.nodeOfSlot(q);
    const map = q < this.nodes * this.mapLike;
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
          const len = links.mapReadPath(q, i, from, path);
          this.addFlow(q, path, this.isCopySlot(q) ? links.withLocalWrite(i, path, len) : len, mb);
          return;
        }
        // A reduce fetches the outputs of its job's maps finished since its last fetch: its own node's over loopback
        // (Hadoop 0.20 fetches them over HTTP too; the node's disk, no NIC); the rest of this rack's in over its NIC,
        // sent by the nodes that hold them (inRackFetch); and other racks', over this NIC, the downlink and the group
        // link of traffic in from anywhere.
        const loopMB = s.readyLoopMB[q] - s.fetchedLoopMB[q];
        const outMB = this.outMB(q, s.readyFin[q], s.readyIn[q]) - this.outMB(q, s.fetchedFin[q], s.fetchedIn[q]);
        s.fetchedLoopMB[q] = s.readyLoopMB[q];
        if (outMB > 0) this.fetches.push(this.firstNode + i, s.job[q], s.fetchedFin[q], s.readyFin[q], s.readMB[q] / s.maps[q]);
        s.fetchedFin[q] = s.readyFin[q];
        path[0] = links.node(i, DISK_READ);
        if (loopMB > 0) this.addFlow(q, path, 1, loopMB);
        const inMB = this.inRackFetch(q, i);
        path[0] = links.node(i, NIC_IN);
        if (inMB > 0) this.addFlow(q, path, 1, inMB);
        if (outMB > 0) this.addFlow(q, path, links.readPath(i, -(links.spreadIn + 1), path), outMB);
        if (loopMB > 0 || inMB > 0 || outMB > 0) return;
        break;
      }
      case CPU:
        this.heap.schedule(this.flowsMax + q, now + s.computeMs[q]);
        return;
      case WRITE: {
        const mb = s.writeMB[q];
        if (mb <= 0) break;
        this.addFlow(q, path, links.localWritePath(i, path), mb);
        if (!map && this.replicated) this.writePipeline(q, i, now, mb);
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

  /** Whether reduce slot q has heard of map outputs it has not fetched. */
  private unfetched(q: number): boolean {
    const s = this.s;
    return s.readyLoopMB[q] > s.fetchedLoopMB[q] || s.readyIn[q] > s.fetchedIn[q] || this.outMB(q, s.readyFin[q], s.readyIn[q]) > this.outMB(q, s.fetchedFin[q], s.fetchedIn[q]);
  }

  /**
   * MB of reduce slot q's shuffle from other racks among its job's first `finished` maps, `inRack` of them on this
   * rack: its share of each of the others' outputs (all of its bytes but the rack's once every map has finished).
   */
  private outMB(q: number, finished: number, inRack: number): number {
    const s = this.s;
    const maps = s.maps[q];
    const mb = s.readMB[q];
    if (maps === 0) return 0;
    return finished === maps ? mb - (mb * inRack) / maps : (mb * (finished - inRack)) / maps;
  }

  /**
   * Reduce slot q (on node offset i) fetches the outputs of its rack's other nodes it has heard of and not fetched
   * (the map log's, in log order; its own node's are the loopback share): each source node sends its part from its
   * disk over its NIC out (shuffleSend). Returns the MB fetched, which the caller brings in over the reducer's NIC.
   */
  private inRackFetch(q: number, i: number): number {
    const s = this.s;
    const log = this.mapLog.entries(s.job[q]);
    const { fetchNodes, fetchMaps } = this;
    let sources = 0;
    for (let k = s.fetchedIn[q]; k < s.readyIn[q]; k++) {
      const node = log[k];
      if (node !== i && fetchMaps[node]++ === 0) fetchNodes[sources++] = node;
    }
    s.fetchedIn[q] = s.readyIn[q];
    const perMap = s.readMB[q] / s.maps[q];
    let mb = 0;
    for (let m = 0; m < sources; m++) {
      const node = fetchNodes[m];
      const sent = fetchMaps[node] * perMap;
      fetchMaps[node] = 0;
      mb += sent;
      this.shuffleSend(node, sent, false);
    }
    return mb;
  }

  /**
   * Node offset j sends `mb` of map outputs to a reduce of its rack (`out` false) or, a SHUFFLE serve (serves.ts), to
   * reduces in other racks (`out` true). A node's sends of each kind are one backlog: a flow from its disk over its NIC
   * out (and, out of the rack, the uplink), grown by each fetch while it runs. It runs apart from the fetches it serves
   * (as a cross-rack read's send half does, serves.ts): it loads the node's disk and NIC out for as long as its share
   * of them takes, and the reduce's rate sees it not. (A flow per fetch over both nodes' resources, max-min exact,
   * joined a rack's nodes into one component that every flow start and end re-solved: fb2009-day's racks 2.2 s ->
   * 31.9 s.)
   */
  private shuffleSend(j: number, mb: number, out: boolean): void {
    const flows = out ? this.s.shuffleSendOut : this.s.shuffleSend;
    const f = flows[j];
    if (f >= 0) {
      this.net.extend(f, mb, this.clock);
      return;
    }
    const path = this.path;
    let len = 2;
    if (out) len = this.links.shuffleSendPath(j, path);
    else {
      path[0] = this.links.node(j, DISK_READ);
      path[1] = this.links.node(j, NIC_OUT);
    }
    flows[j] = this.net.add(path, undefined, len, mb, this.clock, this.slots + this.sv.capacity + (out ? this.nodes : 0) + j);
  }

  private addFlow(q: number, path: Int32Array, len: number, mb: number): void {
    const s = this.s;
    const f = this.net.add(path, undefined, len, mb, this.clock, q);
    this.crossing(path, len);
    this.touchSlot(q);
    let at = q * FLOWS_PER_SLOT;
    while (s.flows[at] >= 0) at++;
    s.flows[at] = f;
  }

  /** A flow starts on `path`: where it ends on a cross-rack group's link (always last), the group counts it. */
  private crossing(path: Int32Array, len: number): void {
    const k = this.links.slotAt(path[len - 1]);
    if (k < 0) return;
    if (this.committing && this.net.capacity[path[len - 1]] === 0) this.unallocatedStarts++;
    this.countStart(k);
    this.crossedGroups.add(k);
  }

  /** A flow starts on the group link of slot k: counted in every pass; the predicted pass's count is the one reported. */
  private countStart(k: number): void {
    this.epochFlows[k]++;
    this.liveGroups.add(k);
  }

  protected nodeOfSlot(q: number): number {
    const m = this.nodes * this.mapLike;
    return q < m ? Math.floor(q / this.mapLike) : Math.floor((q - m) / this.reduceSlots);
  }

  /** Whether slot q is a copy slot. */
  protected isCopySlot(q: number): boolean {
    return q < this.nodes * this.mapLike && q % this.mapLike >= this.mapSlots;
  }
}
