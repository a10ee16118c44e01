/**
 * The flows of a fluid network (fluid-net.ts) and their state: each flow's path, remaining MB, rate and the time it
 * was last settled; each resource's capacity, carried MB and list of flows; the free flow ids. Here a flow is settled
 * (the MB it moved at its rate booked up to a time) and re-rated (its finish rescheduled in the owner's EventHeap
 * under id idBase + flow). State is typed arrays of a fixed flow capacity, and a save or restore (saveTo,
 * restoreFrom: the rack's predicted and committed passes) copies only what changed since the last one.
 */
import type { EventHeap } from './event-heap.js';
import { FlowLists } from './flow-lists.js';
import { grownFloats } from './grown.js';
import { TouchedSet } from './touched-set.js';

/**
 * Most resources one flow crosses: a write pipeline's far side entering a rack with a bounded core (rack-links.ts
 * replicaInPath: its serve's stream, the downlink, the second's NIC in, disk write and NIC out, the third's NIC in
 * and disk write).
 */
export const MAX_PATH = 7;

export class FlowTable {
  /** By resource (this array and the others by resource are replaced when the resources grow: growResources). */
  capacity: Float64Array;
  /** MB each resource has carried (a flow's MB moved times its coefficient there). */
  carriedMB: Float64Array;
  readonly remainingMB: Float64Array;
  readonly rateMBps: Float64Array;
  readonly active: Uint8Array;
  /** Each flow's owner id, given by add() (a rack's slot, serve or node's shuffle send): saved and restored with the flow. */
  readonly owner: Int32Array;
  protected readonly updatedMs: Float64Array;
  protected readonly pathRes: Int32Array;
  /** Empty when every coefficient is 1 (`unitCoefficients`): nothing to store, copy or read. */
  protected readonly pathCoef: Float64Array;
  protected readonly pathLen: Uint8Array;
  protected readonly freeIds: Int32Array;
  protected freeTop: number;
  /** Flow ids below this have been used (ids are taken lowest first): state past it is untouched. */
  protected highWater = 0;
  /**
   * What changed since this network and its saved copy were last made equal (saveTo, restoreFrom): the flows
   * written, the resources whose capacity or carried MB changed, and the free stack at and above freeMin. Only those
   * are copied by the next save or restore.
   */
  private readonly touched: TouchedSet;
  private readonly touchedRes: TouchedSet;
  protected freeMin: number;
  /** Flows crossing each resource (order is insertion order; any fixed order gives the same rates). */
  protected readonly lists: FlowLists;

  /** `unitCoefficients`: every flow crosses its resources with coefficient 1 (add() then ignores `coef`). */
  constructor(capacity: ArrayLike<number>, readonly maxFlows: number, protected readonly heap: EventHeap, protected readonly idBase: number, readonly unitCoefficients: boolean) {
    const R = capacity.length;
    this.capacity = Float64Array.from(capacity);
    this.carriedMB = new Float64Array(R);
    this.remainingMB = new Float64Array(maxFlows);
    this.rateMBps = new Float64Array(maxFlows);
    this.active = new Uint8Array(maxFlows);
    this.owner = new Int32Array(maxFlows).fill(-1);
    this.updatedMs = new Float64Array(maxFlows);
    this.pathRes = new Int32Array(maxFlows * MAX_PATH);
    this.pathCoef = new Float64Array(unitCoefficients ? 0 : maxFlows * MAX_PATH);
    this.pathLen = new Uint8Array(maxFlows);
    this.freeIds = new Int32Array(maxFlows);
    for (let i = 0; i < maxFlows; i++) this.freeIds[i] = maxFlows - 1 - i;
    this.freeTop = maxFlows;
    this.freeMin = maxFlows;
    this.touched = new TouchedSet(maxFlows);
    this.touchedRes = new TouchedSet(R);
    this.lists = new FlowLists(R, maxFlows * MAX_PATH, MAX_PATH);
  }

  get resources(): number {
    return this.capacity.length;
  }

  /** Active flows. */
  get activeFlows(): number {
    return this.maxFlows - this.freeTop;
  }

  /** Active flows crossing resource r. */
  flowsOn(r: number): number {
    return this.lists.count[r];
  }

  /** Largest load / capacity over all resources (at most 1 when no resource is over its capacity). */
  maxLoadRatio(): number {
    const load = new Float64Array(this.resources);
    for (let f = 0; f < this.maxFlows; f++) {
      if (this.active[f] === 0 || !Number.isFinite(this.rateMBps[f])) continue;
      for (let k = 0; k < this.pathLen[f]; k++) load[this.pathRes[f * MAX_PATH + k]] += this.rateMBps[f] * this.coef(f * MAX_PATH + k);
    }
    let worst = 0;
    for (let r = 0; r < this.resources; r++) if (load[r] > 0) worst = Math.max(worst, load[r] / this.capacity[r]);
    return worst;
  }

  /**
   * MB carried up to `nowMs` by the resources listed[0 .. n), each `first` or past it, into out[r - first]: what was
   * booked, plus what each flow moved since it was last settled (flows are settled only when their rate changes).
   * Changes nothing. The list must hold every resource from `first` on that an active flow crosses (a resource no
   * flow ever crossed carries 0: the caller need not list it, nor read it). `flows` false: the caller knows no active
   * flow crosses those resources, and the flows are not walked.
   */
  carriedUpTo(first: number, listed: ArrayLike<number>, n: number, nowMs: number, out: Float64Array, flows = true): void {
    for (let k = 0; k < n; k++) out[listed[k] - first] = this.carriedMB[listed[k]];
    if (!flows) return;
    for (let f = 0; f < this.highWater; f++) {
      if (this.active[f] === 0) continue;
      const moved = this.unsettledMB(f, nowMs);
      if (moved === 0) continue;
      const at = f * MAX_PATH;
      for (let k = 0; k < this.pathLen[f]; k++) {
        const r = this.pathRes[at + k];
        if (r >= first) out[r - first] += moved * this.coef(at + k);
      }
    }
  }

  /**
   * Grows the resources to `n` (n > resources): the new ones have capacity 0, carry nothing and no flow crosses them (a
   * rack's group links, bound as it first uses them: rack-links.ts).
   */
  growResources(n: number): void {
    this.capacity = grownFloats(this.capacity, n);
    this.carriedMB = grownFloats(this.carriedMB, n);
    this.touchedRes.grow(n);
    this.lists.grow(n);
  }

  /** Makes `saved` (a network of the same shape that only this one writes) equal to this network: a save. */
  saveTo(saved: FlowTable): void {
    this.copyChanged(this, saved);
  }

  /** Makes this network equal to `saved` again (its flow lists rebuilt in flow id order): a restore. */
  restoreFrom(saved: FlowTable): void {
    this.emptyLists(); // the lists of the flows being replaced
    this.copyChanged(saved, this);
    this.appendLists();
  }

  /** Copies what this network changed since the last save or restore (the rest is equal) from `a` to `b`. */
  private copyChanged(a: FlowTable, b: FlowTable): void {
    const { touched, touchedRes } = this;
    for (let t = 0; t < touchedRes.size; t++) {
      const r = touchedRes.at(t);
      b.capacity[r] = a.capacity[r];
      b.carriedMB[r] = a.carriedMB[r];
    }
    // An inactive flow's fields are never read (a flow is written whole when added): only its flag is copied.
    for (let t = 0; t < touched.size; t++) {
      const f = touched.at(t);
      const on = a.active[f];
      b.active[f] = on;
      if (on === 0) continue;
      b.owner[f] = a.owner[f];
      b.remainingMB[f] = a.remainingMB[f];
      b.rateMBps[f] = a.rateMBps[f];
      b.updatedMs[f] = a.updatedMs[f];
      const len = a.pathLen[f];
      b.pathLen[f] = len;
      for (let e = f * MAX_PATH; e < f * MAX_PATH + len; e++) b.pathRes[e] = a.pathRes[e];
      if (!this.unitCoefficients) for (let e = f * MAX_PATH; e < f * MAX_PATH + len; e++) b.pathCoef[e] = a.pathCoef[e];
    }
    for (let k = this.freeMin; k < a.freeTop; k++) b.freeIds[k] = a.freeIds[k]; // entries above the top are never read
    b.freeTop = a.freeTop;
    b.highWater = a.highWater;
    touched.clear();
    touchedRes.clear();
    this.freeMin = this.freeTop;
  }

  /** Rebuilds the lists of flows by resource from the paths, each list in flow id order. */
  rebuildLists(): void {
    this.emptyLists();
    this.appendLists();
  }

  /**
   * Empties every list: those of the resources the active flows cross, as no other holds an entry (a flow's entries
   * are unlinked when it ends). Cost: the flows, not the resources (a rack's group links are one per rack of the
   * cluster).
   */
  private emptyLists(): void {
    for (let f = 0; f < this.highWater; f++) {
      if (this.active[f] === 0) continue;
      for (let k = 0; k < this.pathLen[f]; k++) this.lists.empty(this.pathRes[f * MAX_PATH + k]);
    }
  }

  /** Appends each active flow's path entries to its resources' lists, in flow id order. */
  private appendLists(): void {
    for (let f = 0; f < this.highWater; f++) {
      if (this.active[f] === 0) continue;
      for (let k = 0; k < this.pathLen[f]; k++) this.lists.append(this.pathRes[f * MAX_PATH + k], f * MAX_PATH + k);
    }
  }

  /** Notes that flow f's state is about to change (see `touched`). */
  protected touch(f: number): void {
    this.touched.mark(f);
  }

  /** Notes that resource r's capacity or carried MB is about to change (see `touchedRes`). */
  protected touchResource(r: number): void {
    this.touchedRes.mark(r);
  }

  protected coef(e: number): number {
    return this.unitCoefficients ? 1 : this.pathCoef[e];
  }

  /** Brings flow f's remaining MB (and its resources' carried MB) up to `nowMs` at its current rate. */
  protected settle(f: number, nowMs: number): void {
    this.touch(f);
    const moved = this.unsettledMB(f, nowMs);
    this.updatedMs[f] = nowMs;
    if (moved === 0) return;
    this.remainingMB[f] -= moved;
    const at = f * MAX_PATH;
    for (let k = 0; k < this.pathLen[f]; k++) {
      const r = this.pathRes[at + k];
      this.touchedRes.mark(r);
      this.carriedMB[r] += moved * this.coef(at + k);
    }
  }

  /** The first resource of active flow f's path. */
  firstResource(f: number): number {
    return this.pathRes[f * MAX_PATH];
  }

  /** The last resource of active flow f's path (a cross-rack flow's group link). */
  lastResource(f: number): number {
    return this.pathRes[f * MAX_PATH + this.pathLen[f] - 1];
  }

  /** MB active flow f has left to move at `nowMs`. */
  remainingAt(f: number, nowMs: number): number {
    return this.remainingMB[f] - this.unsettledMB(f, nowMs);
  }

  /** MB flow f has moved at its rate since it was last settled, up to `nowMs`. */
  private unsettledMB(f: number, nowMs: number): number {
    const dt = nowMs - this.updatedMs[f];
    const rate = this.rateMBps[f];
    if (dt <= 0 || rate <= 0) return 0;
    return rate === Infinity ? this.remainingMB[f] : Math.min(this.remainingMB[f], (rate * dt) / 1000);
  }

  /**
   * Adds `mb` to active flow f's remaining MB at `nowMs`. Its rate stays (max-min rates do not depend on what flows
   * have left to move); its finish moves later.
   */
  extend(f: number, mb: number, nowMs: number): void {
    if (this.active[f] === 0) throw new Error(`fluid network: flow ${f} is not active`);
    this.settle(f, nowMs);
    this.remainingMB[f] += mb;
    this.rerate(f, this.rateMBps[f], nowMs);
  }

  /** Sets flow f's rate at `nowMs` (settled already) and reschedules its finish. */
  protected rerate(f: number, rate: number, nowMs: number): void {
    this.touch(f);
    this.rateMBps[f] = rate;
    const left = this.remainingMB[f];
    let finish = left <= 0 || rate === Infinity ? nowMs : rate <= 0 ? Infinity : nowMs + (left / rate) * 1000;
    // A rate made from a time (a map's read held to its MB over its compute ms: readCapMBps) gives that time back off
    // by an ulp or two: 120 / (120,000 / 10,700) x 1,000 is 10,700.000000000002. A finish within a nanosecond of a
    // whole ms is that ms, so a task the workload times to end on its node's heartbeat (heartbeats fall on whole ms)
    // is reported there, not an interval later.
    const whole = Math.round(finish);
    if (Math.abs(finish - whole) <= 1e-6) finish = whole;
    this.heap.schedule(this.idBase + f, finish);
  }
}

