/**
 * The mutable state of a fluid rack's slots and nodes (rack-slots.ts) in one buffer, and the phases a slot's task
 * runs through. The rack saves and restores it around each epoch's predicted pass (fluid-rack.ts).
 */
import { grownInts } from './grown.js';
import type { TouchedSet } from './touched-set.js';

/** Flows a slot may have at once: a reduce fetching has its own node's share (loopback), its rack's and other racks'. */
export const FLOWS_PER_SLOT = 3;

/** A slot's phase: free, starting up, reading, computing, writing, waiting on its job's maps, done. */
export const FREE = 0;
export const START = 1;
export const READ = 2;
export const CPU = 3;
export const WRITE = 4;
export const WAIT = 5;
export const DONE = 6;

/**
 * The mutable state of a rack's slots and nodes (saved and restored around the predicted pass), in one buffer. A
 * save or a restore copies the slots written since the last one (FluidRack tracks them) and the nodes' counters.
 */
export class SlotState {
  readonly computeMs: Float64Array;
  readonly readMB: Float64Array;
  readonly writeMB: Float64Array;
  /**
   * A reduce's shuffle: MB of it whose maps have finished (it has heard) on its own node (over loopback), and MB of
   * those it has fetched or is fetching (map-outputs.ts). Its share from other racks follows from readyFin, readyIn
   * and their fetched counterparts (RackSlots.outMB).
   */
  readonly readyLoopMB: Float64Array;
  readonly fetchedLoopMB: Float64Array;
  /** runningTasks (jobs' tasks), clock, runningCopies (replica copies). */
  readonly scalars: Float64Array;
  readonly job: Int32Array;
  readonly task: Int32Array;
  /** A slot's flows, FLOWS_PER_SLOT from q x FLOWS_PER_SLOT (-1: none). */
  readonly flows: Int32Array;
  readonly src: Int32Array;
  /**
   * A reduce's shuffle from its rack: the job's map outputs on the rack's log (map-log.ts) it has heard of, and those it
   * has fetched or is fetching (a prefix of the log; its own node's among them are the loopback share's); and the
   * job's maps (its share of each is readMB / maps).
   */
  readonly readyIn: Int32Array;
  readonly fetchedIn: Int32Array;
  readonly maps: Int32Array;
  /**
   * A reduce's shuffle from other racks: the job's maps it has heard finished (in the master's finish order), and
   * those of them it has fetched or is fetching; its rack reports each fetch of the off-rack ones among them, whose
   * source nodes then send (shuffle-sends.ts).
   */
  readonly readyFin: Int32Array;
  readonly fetchedFin: Int32Array;
  /**
   * A reduce's write pipeline past its own node: the second and third replicas' nodes (replica-targets.ts, drawn at
   * its launch; -1: none).
   */
  readonly second: Int32Array;
  readonly third: Int32Array;
  readonly done: Int32Array;
  readonly freeMaps: Int32Array;
  readonly freeReduces: Int32Array;
  readonly waiting: Int32Array;
  /** Each node's flow sending map outputs to its rack's reduces (-1: none; rack-slots.ts shuffleSend). */
  readonly shuffleSend: Int32Array;
  /** Each node's flow sending map outputs to other racks' reduces (-1: none; rack-slots.ts shuffleSend). */
  readonly shuffleSendOut: Int32Array;
  /**
   * By cross-rack group's slot (rack-links.ts): slots whose next phase starts a flow of that group (FluidRack.demand).
   * Grown with the groups the rack binds (grow), so it is not in the buffer.
   */
  pending: Int32Array;
  readonly phase: Uint8Array;
  readonly heard: Uint8Array;
  /** done, freeMaps, freeReduces, waiting, shuffleSend and shuffleSendOut, which lie next to each other: copied in one call. */
  private readonly nodeCounters: Int32Array;

  constructor(slots: number, nodes: number, mapSlots: number, reduceSlots: number, groupSlots: number) {
    const buffer = new ArrayBuffer(8 * (5 * slots + 3) + 4 * ((10 + FLOWS_PER_SLOT) * slots + 6 * nodes) + 2 * slots);
    let at = 0;
    const f64 = (n: number): Float64Array => { const a = new Float64Array(buffer, at, n); at += 8 * n; return a; };
    const i32 = (n: number): Int32Array => { const a = new Int32Array(buffer, at, n); at += 4 * n; return a; };
    const u8 = (n: number): Uint8Array => { const a = new Uint8Array(buffer, at, n); at += n; return a; };
    this.computeMs = f64(slots);
    this.readMB = f64(slots);
    this.writeMB = f64(slots);
    this.readyLoopMB = f64(slots);
    this.fetchedLoopMB = f64(slots);
    this.scalars = f64(3);
    this.job = i32(slots).fill(-1);
    this.task = i32(slots);
    this.flows = i32(FLOWS_PER_SLOT * slots).fill(-1);
    this.src = i32(slots);
    this.readyIn = i32(slots);
    this.fetchedIn = i32(slots);
    this.maps = i32(slots);
    this.readyFin = i32(slots);
    this.fetchedFin = i32(slots);
    this.second = i32(slots).fill(-1);
    this.third = i32(slots).fill(-1);
    this.nodeCounters = new Int32Array(buffer, at, 6 * nodes);
    this.done = i32(nodes);
    this.freeMaps = i32(nodes).fill(mapSlots);
    this.freeReduces = i32(nodes).fill(reduceSlots);
    this.waiting = i32(nodes);
    this.shuffleSend = i32(nodes).fill(-1);
    this.shuffleSendOut = i32(nodes).fill(-1);
    this.phase = u8(slots);
    this.heard = u8(slots);
    this.pending = new Int32Array(groupSlots);
  }

  /** Room for group slots 0 .. n - 1 (n above the room it had). */
  grow(n: number): void {
    this.pending = grownInts(this.pending, n);
  }

  /**
   * Copies the slots written (then forgets them: the two are equal), every node's counters and the pending claims of
   * the group slots listed into `o`. `groups` must list every slot whose pending count is not 0 here or in `o`
   * (FluidRack's live groups do): the others are 0 in both.
   */
  copySlotsTo(o: SlotState, slots: TouchedSet, groups: { readonly size: number; at(k: number): number }): void {
    for (let t = 0; t < slots.size; t++) {
      const q = slots.at(t);
      o.computeMs[q] = this.computeMs[q];
      o.readMB[q] = this.readMB[q];
      o.writeMB[q] = this.writeMB[q];
      o.readyLoopMB[q] = this.readyLoopMB[q];
      o.fetchedLoopMB[q] = this.fetchedLoopMB[q];
      o.job[q] = this.job[q];
      o.task[q] = this.task[q];
      for (let k = q * FLOWS_PER_SLOT; k < (q + 1) * FLOWS_PER_SLOT; k++) o.flows[k] = this.flows[k];
      o.src[q] = this.src[q];
      o.readyIn[q] = this.readyIn[q];
      o.fetchedIn[q] = this.fetchedIn[q];
      o.maps[q] = this.maps[q];
      o.readyFin[q] = this.readyFin[q];
      o.fetchedFin[q] = this.fetchedFin[q];
      o.second[q] = this.second[q];
      o.third[q] = this.third[q];
      o.phase[q] = this.phase[q];
      o.heard[q] = this.heard[q];
    }
    o.scalars[0] = this.scalars[0];
    o.scalars[1] = this.scalars[1];
    o.scalars[2] = this.scalars[2];
    o.nodeCounters.set(this.nodeCounters);
    for (let k = 0; k < groups.size; k++) o.pending[groups.at(k)] = this.pending[groups.at(k)];
    slots.clear();
  }
}
