/**
 * A fluid rack's epochs (its slots, phases and flows are rack-slots.ts's; the commands it applies, rack-tasks.ts's).
 *
 * Epochs, exactly as the master sees them. The master answers an epoch's heartbeats after the rack has reported
 * them, yet a launch at one heartbeat shares links with tasks that report at later heartbeats of the same epoch.
 * So each epoch runs twice: a predicted pass from the epoch's start (saved first) that reports each node's done
 * tasks at its heartbeat, with no launches (none is known yet); then, once the responses arrive, a committed pass
 * from the saved start that applies each response at its heartbeat's own time. A task the predicted pass reported
 * done is released at that heartbeat in the committed pass too; if the launches slowed it so that it has not quite
 * finished, it is finished there (its remaining MB are counted in forcedMB, the model's only inexactness besides
 * the epoch-level cross-rack allocation). A rack that gets no response keeps its predicted pass: nothing differs
 * (nor when its allocation changes only for group links no flow crossed in the pass).
 */
import type { JobIndex, NodeId, RackId } from '../ids.js';
import type { HeartbeatSink } from '../rack-model.js';
import { type Topology, rackHeartbeats } from '../topology.js';
import { type GroupUse, KEEP_ALL } from './live-groups.js';
import { EventHeap } from './event-heap.js';
import { FlowTable } from './flow-table.js';
import { SHUFFLED_IN } from './link-usage.js';
import { DISK_READ, NIC_IN } from './rack-links.js';
import type { FluidRackOptions } from './rack-slots.js';
import { RackTasks } from './rack-tasks.js';
import { ServeState } from './serves.js';
import { CPU, DONE, FLOWS_PER_SLOT, FREE, READ, START, SlotState } from './slot-state.js';

export type { FluidRackOptions } from './rack-slots.js';

const NONE: readonly number[] = [];

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
  /**
   * Map-progress notices, at their node's heartbeat: job doneJob has finished doneFinished of its doneMaps maps,
   * doneInRack of them on this rack, doneOnNode of those on doneNode itself; its reduces on doneNode fetch those maps'
   * outputs. All finished: the maps are done.
   */
  doneNode: Int32Array;
  doneJob: Int32Array;
  doneFinished: Int32Array;
  doneInRack: Int32Array;
  doneOnNode: Int32Array;
  doneMaps: Int32Array;
  /** Kills decided at the epoch's end (preemption), after every launch above: applied last. */
  killNode: Int32Array;
  killJob: Int32Array;
  killTask: Int32Array;
}

/** One epoch command, as a fluid rack reads it (the fields of EpochCommand it uses: messages/types.ts). */
export interface FluidCommand {
  /** The answered epoch's responses for this rack; null: none. */
  responses: RackResponses | null;
  /** The epoch whose predicted pass to run. */
  epoch: number;
  /** Free slots matter only at heartbeats at or after this time (REPORT_EVERY_HEARTBEAT: -Infinity). */
  reportFreeFromMs: number;
  /** (group, MB/s) pairs of the cross-rack groups whose capacity changes; null or omitted: none. */
  allocationMBps?: Float64Array | null;
  /** Far sides of other racks' transfers that start here in the answered epoch (serves.ts); null or omitted: none. */
  serves?: Float64Array | null;
  /** Done jobs whose map logs to drop (map-log.ts); null or omitted: none. */
  forgetJobs?: Int32Array | null;
  /**
   * With a bounded core, caps of the far sides running here that changed (serves.ts FAR_CAP_FIELDS), applied at the
   * start of the epoch the rack predicts next; null or omitted: none.
   */
  farCapsMBps?: Float64Array | null;
}

export class FluidRack extends RackTasks implements GroupUse {
  private readonly heartbeatMs: number;
  private readonly order: Int32Array;
  /** Each node offset's rank in `order`. */
  private readonly rankOf: Int32Array;
  private readonly phaseMs: Int32Array;
  /** The saved epoch start: slots, serves, network (with its flows' owners) and events. */
  private readonly saved: SlotState;
  private readonly savedSv: ServeState;
  /** The saved network's state only: a FlowTable, without a live network's scratch for re-rating components. */
  private readonly savedNet: FlowTable;
  private readonly savedHeap: EventHeap;
  /** Epoch whose start is saved, and the slots the predicted pass reported, in report order. */
  private savedEpoch = -1;
  private savedReadMB = 0;
  private readonly pinned: Int32Array;
  private pins = 0;
  private readonly carried = new Float64Array(SHUFFLED_IN + 1);
  /** The writes with an off-rack replica the last committed epoch started (WRITE_FIELDS each), for the batch. */
  private committedWrites: number[] = [];
  /** The fetches from other racks the last committed epoch started (FETCH_FIELDS each), for the batch. */
  private committedFetches: number[] = [];
  /** MB the uplink, the downlink and each group carried up to the saved start (committedCarried). */
  private linkCarried: Float64Array;
  /** Scratch of committedCarried: the uplink, the downlink and the links of the groups crossed. */
  private carriedLinks: Int32Array;
  /** Whether a flow at the saved start crosses the uplink, the downlink or a group (else committedCarried walks none). */
  private savedCrossing = false;
  /** farPeers()'s pairs and its scratch. */
  private readonly peerPairs: number[] = [];
  private readonly peerScratch = new Set<number>();

  constructor(topology: Topology, rack: RackId, options: FluidRackOptions) {
    super(topology, rack, options);
    this.heartbeatMs = topology.heartbeatMs;
    ({ phaseMs: this.phaseMs, order: this.order } = rackHeartbeats(topology, rack));
    this.rankOf = new Int32Array(this.order.length);
    for (let k = 0; k < this.order.length; k++) this.rankOf[this.order[k]] = k;
    this.savedHeap = new EventHeap(this.eventIds);
    this.savedSv = new ServeState(this.sv.capacity);
    this.savedNet = new FlowTable(this.links.capacities(options.rates), this.flowsMax, this.savedHeap, 0, true);
    this.saved = new SlotState(this.slots, this.nodes, this.mapSlots, this.reduceSlots, this.links.slotRoom);
    this.pinned = new Int32Array(this.slots);
    this.linkCarried = new Float64Array(this.links.resources - this.links.up);
    this.carriedLinks = new Int32Array(this.links.resources - this.links.up);
  }

  /** Jobs whose maps' outputs the map log holds (tests: done jobs leave it). */
  get loggedJobs(): number {
    return this.mapLog.jobs;
  }

  heartbeatTimeMs(node: NodeId, epoch: number): number {
    return epoch * this.heartbeatMs + this.phaseMs[node - this.firstNode];
  }

  /**
   * The cross-rack demand of the epoch just predicted, by group: the flows active at any time in it (those at its
   * start and those it started), plus tasks whose next phases will start one (maps starting up that read from
   * another rack, reduces starting up, reduces that have heard of every map and not yet written whose write could
   * start in the epoch's committed pass or the next predicted one: RackSlots.claim, writeClaimsBeyond;
   * not reduces waiting for their maps, whose fetches the master counts from its notices). The master allocates the
   * epoch's committed pass from it, so a flow that ends early in the epoch still counts. Written into `out` as (group, flows)
   * pairs, ascending, for the groups with any; returns the number of ints written.
   */
  demand(out: Int32Array): number {
    if (out.length < this.demandInts) throw new Error(`rack ${this.rack}: a demand buffer of ${out.length} ints for up to ${this.demandInts}`);
    const { epochFlows, liveGroups, links } = this;
    const pending = this.s.pending;
    liveGroups.keepSorted(this);
    // The writes claimed (RackSlots.claim) that can start in the epoch's committed pass or the next predicted one,
    // which run on the allocation this demand asks for.
    const spreadOut = links.boundSlot(links.spreadOut);
    const beyond = spreadOut >= 0 && pending[spreadOut] > 0 ? this.writeClaimsBeyond((this.savedEpoch + 2) * this.heartbeatMs) : 0;
    let n = 0;
    for (let j = 0; j < liveGroups.size; j++) {
      const k = liveGroups.at(j);
      const flows = epochFlows[k] + pending[k] - (k === spreadOut ? beyond : 0);
      if (flows === 0) continue;
      out[n++] = links.groupOfSlot(k);
      out[n++] = flows;
    }
    return n;
  }

  /**
   * Of the reduces claiming "out to anywhere" now (RackSlots.claim), those whose write cannot start by `horizonMs` in
   * any pass run from the saved start, whatever the network does there. From the saved start's state (each pass's
   * own): one computing writes at its compute's end; one starting up, no sooner than its start-up's end and its compute
   * after it; one fetching, no sooner than its fetch's flows could end, each at the most its node lets in (its disk
   * for its own node's share over loopback, its NIC for the rest), and its compute after that. A claim is a flow in the
   * master's max-min allocation: one counted epochs before its write could start took a share of the link from the
   * flows on it (a fetch beside a computing reduce's claim got half its uplink).
   */
  private writeClaimsBeyond(horizonMs: number): number {
    const { s, saved, savedHeap, savedNet, links } = this;
    const startMs = saved.scalars[1];
    let n = 0;
    for (let q = this.nodes * this.mapLike; q < this.slots; q++) {
      const phase = s.phase[q];
      if (!(phase === START || phase === READ || phase === CPU) || !this.claimsWrite(q)) continue; // as RackSlots.claim counts it
      const was = saved.phase[q];
      let earliest = startMs + s.computeMs[q];
      if (was === CPU) earliest = savedHeap.timeOf(this.flowsMax + q);
      else if (was === START) earliest = savedHeap.timeOf(this.flowsMax + q) + s.computeMs[q];
      else if (was === READ) {
        const i = this.nodeOfSlot(q);
        const disk = links.node(i, DISK_READ);
        let loopMB = 0;
        let nicMB = 0;
        for (let k = q * FLOWS_PER_SLOT; k < (q + 1) * FLOWS_PER_SLOT; k++) {
          const f = saved.flows[k];
          if (f < 0) continue;
          if (savedNet.firstResource(f) === disk) loopMB += savedNet.remainingAt(f, startMs);
          else nicMB += savedNet.remainingAt(f, startMs);
        }
        earliest += 1000 * Math.max(loopMB / savedNet.capacity[disk], nicMB / savedNet.capacity[links.node(i, NIC_IN)]);
      }
      // A ms of room: a flow's finish within a nanosecond of a whole ms is that ms (FlowTable.rerate).
      if (earliest > horizonMs + 1) n++;
    }
    return n;
  }

  /** The most ints demand() may write: a pair for each group listed. */
  get demandInts(): number {
    return 2 * this.liveGroups.size;
  }

  /**
   * Whether the cross-rack group of slot k has anything here or in the saved start: a group with nothing in either can
   * regain something only through addFlow or setPhase, which list it again (live-groups.ts).
   */
  inUse(k: number): boolean {
    return this.epochFlows[k] + this.s.pending[k] > 0 || this.saved.pending[k] > 0;
  }

  /**
   * One epoch command. Its allocation holds from the start of the answered epoch, whose committed pass the master
   * computed it for, knowing its launches. If the responses, the serves or the allocation change the answered epoch,
   * it is committed again from its saved start; then the done jobs `forgetJobs` leave the map log; then the predicted
   * pass of `epoch` runs and reports its heartbeats to `sink`.
   */
  epoch(command: FluidCommand, sink: HeartbeatSink): void {
    const { responses, epoch, reportFreeFromMs } = command;
    const allocation = command.allocationMBps ?? null;
    const serves = command.serves ?? null;
    const forgetJobs = command.forgetJobs ?? null;
    const changed = allocation !== null && allocation.length > 0;
    this.committing = true;
    if (this.savedEpoch >= 0 && (responses !== null || serves !== null || (changed && this.crossesAny(allocation!)))) {
      this.restore();
      if (changed) this.allocate(allocation!);
      if (serves !== null) this.serve(serves);
      this.commit(responses);
      this.dirty = true;
    } else if (changed) this.allocate(allocation!);
    // The master jumps epochs only while no job is active; its usage series books the counters at the answered
    // epoch's end (MasterActor.onBatches), exact only if nothing runs, so carries nothing, over the jump.
    if (this.savedEpoch >= 0 && epoch > this.savedEpoch + 1 && this.runningTasks + this.runningCopies > 0) {
      throw new Error(`rack ${this.rack} was sent from epoch ${this.savedEpoch} to ${epoch} with ${this.runningTasks} tasks and ${this.runningCopies} replica copies running`);
    }
    this.runUntil(epoch * this.heartbeatMs);
    this.committing = false;
    // Done jobs: no reduce of theirs will fetch again. Dropped before the save, so a restore cannot bring them back.
    if (forgetJobs !== null) for (let k = 0; k < forgetJobs.length; k++) this.mapLog.forget(forgetJobs[k]);
    // The far sides' caps for the epoch about to be predicted (and committed from the same saved start).
    this.applyFarCaps(command.farCapsMBps ?? null);
    // The saved epoch is committed now (by its committed pass, or its predicted one kept): so are its writes and fetches.
    const committed = this.writes;
    this.writes = this.committedWrites;
    this.writes.length = 0;
    this.committedWrites = committed;
    const fetched = this.fetches;
    this.fetches = this.committedFetches;
    this.fetches.length = 0;
    this.committedFetches = fetched;
    this.save(epoch);
    this.predict(epoch, reportFreeFromMs, sink);
  }

  /**
   * With a bounded core, the (kind, peer) pairs of the far sides here at the predicted pass's start (serves waiting or
   * running: SEND by reader rack, REPLICA by writer rack; no new one comes before the next committed pass), for the
   * master to send the caps of those that change (serves.ts FAR_CAP_FIELDS). Empty otherwise.
   */
  farPeers(): readonly number[] {
    if (!this.links.boundedCore) return NONE;
    this.savedSv.peers(this.peerPairs, this.peerScratch);
    return this.peerPairs;
  }

  /**
   * The writes with a replica in another rack that the epoch committed last started (writer node, start ms, KB, the
   * second and third replicas' nodes each: replica-targets.ts WRITE_FIELDS), for the master to send their far sides to
   * the replicas' racks.
   */
  replicaWrites(): readonly number[] {
    return this.committedWrites;
  }

  /**
   * The fetches from other racks that the epoch committed last started (reducer node, job, maps finished before and
   * after, MB a map: shuffle-sends.ts FETCH_FIELDS), for the master to send their send halves to the source racks.
   */
  shuffleFetches(): readonly number[] {
    return this.committedFetches;
  }

  /**
   * Committed MB up to the saved epoch start: uplink, downlink, all cross-rack groups, forced (finished early), read
   * (maps and shuffles), served (send halves started), unserved (send halves not simulated), replicated (far sides
   * of writes started), unreplicated (far sides not simulated), shuffle sent (send halves of fetches from other
   * racks started) and shuffled in (what the link of traffic in from anywhere carried, reduces' fetches from other
   * racks, and what committed passes cut from it: RackSlots.cutInMB; for the master's shuffle mix).
   */
  committedCarried(): Float64Array {
    const { links, crossedGroups, carriedLinks: listed } = this;
    const c = this.linkCarried;
    // The uplink, the downlink and the groups a flow has crossed, ascending: any other group link has carried 0, and
    // leaving its 0 out of the sum below changes no bit of it (a rack has a group link per rack of the cluster).
    crossedGroups.keepSorted(KEEP_ALL);
    listed[0] = links.up;
    listed[1] = links.down;
    for (let k = 0; k < crossedGroups.size; k++) listed[2 + k] = links.linkOfSlot(crossedGroups.at(k));
    this.savedNet.carriedUpTo(links.up, listed, 2 + crossedGroups.size, this.saved.scalars[1], c, this.savedCrossing);
    let cross = 0;
    for (let k = 0; k < crossedGroups.size; k++) cross += c[listed[2 + k] - links.up];
    this.carried[0] = c[0];
    this.carried[1] = c[links.down - links.up];
    this.carried[2] = cross;
    this.carried[3] = this.forcedMB;
    this.carried[4] = this.savedReadMB;
    this.carried[5] = this.savedSv.servedMB;
    this.carried[6] = this.savedSv.unservedMB;
    this.carried[7] = this.savedSv.replicatedMB;
    this.carried[8] = this.savedSv.unreplicatedMB;
    this.carried[9] = this.savedSv.shuffledMB;
    const shuffleIn = links.boundLink(links.spreadIn);
    this.carried[SHUFFLED_IN] = (shuffleIn < 0 ? 0 : c[shuffleIn - links.up]) + this.cutInMB;
    return this.carried;
  }

  /**
   * For the master's idle jumps: the flows in flight at the end of the predicted pass (run to its epoch's end) plus
   * the writes and fetches it started, whose far sides other racks will run. The master jumps only when every rack's
   * is 0: a far side may outlive its job, and the racks' link usage is booked at each epoch's end.
   */
  stillToRun(): number {
    return this.net.activeFlows + this.writes.length + this.fetches.length;
  }

  /**
   * Whether a flow crossed one of the allocation's groups in the predicted pass (at its start or started in it). If
   * none did, the new capacities change nothing the pass ran, and it is kept as the committed one would run.
   */
  private crossesAny(allocation: Float64Array): boolean {
    for (let j = 0; j < allocation.length; j += 2) {
      const k = this.links.boundSlot(allocation[j]);
      if (k >= 0 && this.epochFlows[k] > 0) return true;
    }
    return false;
  }

  /** Sets the groups' new capacities (the master sends only those that differ from what the rack has). */
  private allocate(allocation: Float64Array): void {
    this.dirty = true;
    for (let k = 0; k < allocation.length; k += 2) this.net.setCapacity(this.links.group(allocation[k]), allocation[k + 1], this.clock);
  }

  protected override growResources(n: number): void {
    super.growResources(n);
    this.savedNet.growResources(n);
    this.saved.grow(this.links.slotRoom);
    this.linkCarried = new Float64Array(n - this.links.up);
    this.carriedLinks = new Int32Array(n - this.links.up);
  }

  private save(epoch: number): void {
    this.savedEpoch = epoch;
    this.savedReadMB = this.readMB;
    this.mapLog.save();
    if (!this.dirty) {
      // No flow started or ended since the last save, which set epochFlows from the same lists.
      this.saved.scalars[1] = this.clock;
      return;
    }
    this.dirty = false;
    // Groups not listed have no flow and count none (live-groups.ts).
    const { net, links } = this;
    let crossing = net.flowsOn(links.up) > 0 || net.flowsOn(links.down) > 0;
    for (let j = 0; j < this.liveGroups.size; j++) {
      const k = this.liveGroups.at(j);
      const flows = net.flowsOn(links.linkOfSlot(k));
      this.epochFlows[k] = flows;
      if (flows > 0) crossing = true;
    }
    this.s.copySlotsTo(this.saved, this.touchedSlots, this.liveGroups);
    this.sv.saveTo(this.savedSv);
    net.saveTo(this.savedNet);
    this.savedCrossing = crossing;
    this.heap.copyTo(this.savedHeap);
  }

  private restore(): void {
    this.readMB = this.savedReadMB;
    this.mapLog.restore();
    this.writes.length = 0; // the predicted pass's
    this.fetches.length = 0;
    if (!this.dirty) {
      this.clock = this.saved.scalars[1];
      this.net.rebuildLists(); // as a copy would leave them: by flow id
      return;
    }
    this.saved.copySlotsTo(this.s, this.touchedSlots, this.liveGroups);
    this.sv.restoreFrom(this.savedSv);
    this.net.restoreFrom(this.savedNet);
    this.savedHeap.copyTo(this.heap);
  }

  /**
   * The predicted pass of `epoch`: its heartbeats, then on to the epoch's end, so that its demand (demand()) counts
   * the cross-rack flows that start after the last heartbeat too (else one of those, say a reduce's write, met a group
   * link sized to 0 in the committed pass and stalled to the epoch's end: test/harness found one).
   */
  private predict(epoch: number, reportFreeFromMs: number, sink: HeartbeatSink): void {
    const s = this.s;
    const base = epoch * this.heartbeatMs;
    this.pins = 0;
    for (let k = 0; k < this.order.length; k++) {
      const i = this.order[k];
      const now = base + this.phaseMs[i];
      if (this.heap.peekTime() <= now) this.runUntil(now);
      else if (now > this.clock) this.clock = now; // what runUntil does with no event to run
      let finished = 0;
      if (s.done[i] > 0) finished = this.release(i, sink);
      if (finished > 0 || s.waiting[i] > 0 || reportFreeFromMs === -Infinity || ((s.freeMaps[i] > 0 || s.freeReduces[i] > 0) && now >= reportFreeFromMs)) {
        sink.heartbeat((this.firstNode + i) as NodeId, now, s.freeMaps[i], s.freeReduces[i]);
      }
    }
    this.runUntil(base + this.heartbeatMs);
  }

  /** Node `node`'s rank in the rack's heartbeat order (the order's length: not a node of this rack). */
  private rankOfNode(node: number): number {
    const i = node - this.firstNode;
    return i >= 0 && i < this.nodes ? this.rankOf[i] : this.order.length;
  }

  /** Frees node i's done slots, reporting each (and pinning it for the committed pass). */
  private release(i: number, sink: HeartbeatSink): number {
    return this.releaseSlots(i, this.firstSlot(i, true), this.mapSlots, sink) + this.releaseSlots(i, this.firstSlot(i, false), this.reduceSlots, sink)
      + (this.copySlots === 0 ? 0 : this.releaseSlots(i, this.firstCopySlot(i), this.copySlots, sink));
  }

  private releaseSlots(i: number, first: number, count: number, sink: HeartbeatSink): number {
    const s = this.s;
    let n = 0;
    for (let q = first; q < first + count; q++) {
      if (s.phase[q] !== DONE) continue;
      sink.finished(s.job[q] as JobIndex, s.task[q]);
      this.pinned[this.pins++] = q;
      this.logMap(q, i);
      this.free(q, i);
      n++;
    }
    return n;
  }

  /** Slot q on node offset i, reported done: if it ran a map, the map log gains its output (before the notices). */
  private logMap(q: number, i: number): void {
    if (q < this.nodes * this.mapLike && !this.isCopySlot(q)) this.mapLog.append(this.s.job[q], i);
  }

  /**
   * The committed pass of the saved epoch (restored already), applying its responses (if any) at their heartbeats. It
   * visits only the nodes with something to apply (a slot the predicted pass reported done, launches, notices), in
   * heartbeat order: running to a node's heartbeat only to apply nothing there changes nothing (the events between
   * run at their own times either way).
   */
  private commit(r: RackResponses | null): void {
    if (r !== null && r.epoch !== this.savedEpoch) throw new Error(`responses for epoch ${r.epoch} reached a rack whose last epoch was ${this.savedEpoch}`);
    const s = this.s;
    const rankOf = this.rankOf;
    const base = this.savedEpoch * this.heartbeatMs;
    const launches = r === null ? 0 : r.launchNode.length;
    const notices = r === null ? 0 : r.doneNode.length;
    let pin = 0;
    let l = 0;
    let d = 0;
    let lastRank = -1;
    for (;;) {
      // The next node in heartbeat order with a pinned slot, a launch or a notice.
      let rank = pin < this.pins ? rankOf[this.nodeOfSlot(this.pinned[pin])] : this.order.length;
      if (l < launches) rank = Math.min(rank, this.rankOfNode(r!.launchNode[l]));
      if (d < notices) rank = Math.min(rank, this.rankOfNode(r!.doneNode[d]));
      if (rank === this.order.length) break;
      if (rank <= lastRank) break; // out of heartbeat order: reported below
      lastRank = rank;
      const i = this.order[rank];
      const node = this.firstNode + i;
      this.runUntil(base + this.phaseMs[i]);
      while (pin < this.pins && this.nodeOfSlot(this.pinned[pin]) === i) {
        const q = this.pinned[pin++];
        if (s.phase[q] === FREE) throw new Error(`slot ${q} of rack ${this.rack} was reported done and then freed before its heartbeat`);
        if (s.phase[q] !== DONE) this.force(q, i);
        this.logMap(q, i);
        this.free(q, i);
      }
      if (r === null) continue;
      for (; l < launches && r.launchNode[l] === node; l++) {
        this.launch(i, r.launchJob[l] as JobIndex, r.launchTask[l], r.launchMs[l], r.launchSrc[l] as NodeId | -1, r.launchReadKB[l] / 1024, r.launchWriteKB[l] / 1024, r.launchMapsDone[l] === 1);
      }
      // After the launches: a reduce launched hears its job's progress in a notice of the same heartbeat.
      for (; d < notices && r.doneNode[d] === node; d++) this.progress(i, r.doneJob[d] as JobIndex, r.doneFinished[d], r.doneInRack[d], r.doneOnNode[d], r.doneMaps[d]);
    }
    if (pin !== this.pins || (r !== null && (l !== r.launchNode.length || d !== r.doneNode.length))) {
      throw new Error(`responses out of heartbeat order in rack ${this.rack} (epoch ${this.savedEpoch})`);
    }
    if (r === null || r.killNode.length === 0) return;
    // Preemption decides its kills at the epoch's end, after every heartbeat (Scheduler.advanceTo).
    this.runUntil(base + this.heartbeatMs);
    for (let k = 0; k < r.killNode.length; k++) this.kill(r.killNode[k] - this.firstNode, r.killJob[k] as JobIndex, r.killTask[k]);
  }
}
