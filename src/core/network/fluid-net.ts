/**
 * A flow-level (fluid) network: flows of megabytes over capacitated resources (disks, NICs, links), sharing them
 * max-min fairly (max-min.ts). Rates change only when a flow starts or ends or a capacity changes, and then only in
 * the connected component of flows and resources the change touches (flows elsewhere keep their rates, which the
 * max-min solution of the whole network would give them too: components do not interact). Each flow's finish is an
 * event in the owner's EventHeap under id idBase + flow.
 *
 * Cost of a change: a walk of its component plus progressive filling over it. State is typed arrays of a fixed
 * flow capacity, so copyStateTo() can save and restore it (the rack's predicted and committed passes).
 */
import type { EventHeap } from './event-heap.js';
import { FlowLists } from './flow-lists.js';
import { MaxMinScratch, maxMinRates } from './max-min.js';
import { type UnitComponent, UnitFilling } from './unit-filling.js';

/** Most resources one flow crosses. */
export const MAX_PATH = 6;

export class FluidNet {
  readonly capacity: Float64Array;
  /** MB each resource has carried (a flow's MB moved times its coefficient there). */
  readonly carriedMB: Float64Array;
  readonly remainingMB: Float64Array;
  readonly rateMBps: Float64Array;
  readonly active: Uint8Array;
  private readonly updatedMs: Float64Array;
  private readonly pathRes: Int32Array;
  /** Empty when every coefficient is 1 (`unitCoefficients`): nothing to store, copy or read. */
  private readonly pathCoef: Float64Array;
  private readonly pathLen: Uint8Array;
  private readonly freeIds: Int32Array;
  private freeTop: number;
  /** Flow ids below this have been used (ids are taken lowest first): state past it is untouched. */
  private highWater = 0;
  /**
   * What changed since this network and its saved copy were last made equal (saveTo, restoreFrom): the flows
   * written (touched), and the free stack at and above freeMin. Only those are copied by the next save or restore.
   */
  private readonly touchedAt: Int32Array;
  private readonly touched: Int32Array;
  private touches = 0;
  private sync = 1;
  private freeMin: number;
  /** Flows crossing each resource (order is insertion order; any fixed order gives the same rates). */
  private readonly lists: FlowLists;
  // Scratch of a component's recomputation.
  private readonly flowMark: Int32Array;
  private readonly resMark: Int32Array;
  private stamp = 0;
  private readonly compFlows: Int32Array;
  private readonly compRes: Int32Array;
  private readonly localOf: Int32Array;
  private readonly csrStart: Int32Array;
  private readonly csrRes: Int32Array;
  private readonly csrCoef: Float64Array;
  private readonly capLocal: Float64Array;
  private readonly rates: Float64Array;
  private readonly scratch = new MaxMinScratch();
  /** Unit coefficients: progressive filling in place, over the component as recompute() gathered it. */
  private readonly filling: UnitFilling | undefined;
  private readonly component: UnitComponent | undefined;
  /** Recomputations and the flows they re-rated (for bench notes). */
  recomputes = 0;
  reRated = 0;

  /** `unitCoefficients`: every flow crosses its resources with coefficient 1 (add() then ignores `coef`). */
  constructor(capacity: ArrayLike<number>, readonly maxFlows: number, private readonly heap: EventHeap, private readonly idBase = 0, readonly unitCoefficients = false) {
    const R = capacity.length;
    this.capacity = Float64Array.from(capacity);
    this.carriedMB = new Float64Array(R);
    this.remainingMB = new Float64Array(maxFlows);
    this.rateMBps = new Float64Array(maxFlows);
    this.active = new Uint8Array(maxFlows);
    this.updatedMs = new Float64Array(maxFlows);
    this.pathRes = new Int32Array(maxFlows * MAX_PATH);
    this.pathCoef = new Float64Array(unitCoefficients ? 0 : maxFlows * MAX_PATH);
    this.pathLen = new Uint8Array(maxFlows);
    this.freeIds = new Int32Array(maxFlows);
    for (let i = 0; i < maxFlows; i++) this.freeIds[i] = maxFlows - 1 - i;
    this.freeTop = maxFlows;
    this.freeMin = maxFlows;
    this.touchedAt = new Int32Array(maxFlows);
    this.touched = new Int32Array(maxFlows);
    this.lists = new FlowLists(R, maxFlows * MAX_PATH, MAX_PATH);
    this.flowMark = new Int32Array(maxFlows);
    this.resMark = new Int32Array(R);
    this.compFlows = new Int32Array(maxFlows);
    this.compRes = new Int32Array(R);
    this.localOf = new Int32Array(R);
    this.csrStart = new Int32Array(maxFlows + 1);
    this.csrRes = new Int32Array(maxFlows * MAX_PATH);
    this.csrCoef = new Float64Array(unitCoefficients ? 0 : maxFlows * MAX_PATH);
    this.capLocal = new Float64Array(R);
    this.rates = new Float64Array(maxFlows);
    if (unitCoefficients) {
      this.filling = new UnitFilling(maxFlows, R);
      const { lists, pathRes, pathLen, compFlows: flows, compRes: res } = this;
      this.component = { capacity: this.capacity, lists, pathRes, pathLen, maxPath: MAX_PATH, flows, nf: 0, res, nr: 0 };
    }
  }

  get resources(): number {
    return this.capacity.length;
  }

  /** Starts a flow of `mb` over res[0 .. len) (coefficients coef, or 1) at `nowMs`; returns its id. */
  add(res: ArrayLike<number>, coef: ArrayLike<number> | undefined, len: number, mb: number, nowMs: number): number {
    if (this.freeTop === 0) throw new Error(`fluid network: more than ${this.maxFlows} flows at once`);
    if (len > MAX_PATH) throw new Error(`fluid network: a path of ${len} resources (at most ${MAX_PATH})`);
    const f = this.freeIds[--this.freeTop];
    if (this.freeTop < this.freeMin) this.freeMin = this.freeTop;
    this.touch(f);
    if (f >= this.highWater) this.highWater = f + 1;
    for (let k = 0; k < len; k++) {
      this.pathRes[f * MAX_PATH + k] = res[k];
      if (!this.unitCoefficients) this.pathCoef[f * MAX_PATH + k] = coef === undefined ? 1 : coef[k];
      this.lists.append(res[k], f * MAX_PATH + k);
    }
    this.pathLen[f] = len;
    this.remainingMB[f] = mb;
    this.rateMBps[f] = 0;
    this.updatedMs[f] = nowMs;
    this.active[f] = 1;
    this.recompute(f, -1, nowMs);
    return f;
  }

  /** Ends flow `f` at `nowMs` (finished or cancelled); the flows that shared its resources are re-rated. */
  remove(f: number, nowMs: number): void {
    if (this.active[f] === 0) throw new Error(`fluid network: flow ${f} is not active`);
    this.settle(f, nowMs);
    this.touch(f);
    this.active[f] = 0;
    this.heap.cancel(this.idBase + f);
    const at = f * MAX_PATH;
    for (let k = 0; k < this.pathLen[f]; k++) this.lists.unlink(this.pathRes[at + k], at + k);
    this.freeIds[this.freeTop++] = f;
    const before = this.stamp; // a resource marked after this was re-rated by this removal already
    for (let k = 0; k < this.pathLen[f]; k++) {
      const r = this.pathRes[at + k];
      if (this.lists.count[r] > 0 && this.resMark[r] <= before && this.capacity[r] !== Infinity) this.recompute(-1, r, nowMs);
    }
  }

  /** Sets a resource's capacity at `nowMs`, re-rating the flows that cross it. */
  setCapacity(r: number, mbps: number, nowMs: number): void {
    if (this.capacity[r] === mbps) return;
    this.capacity[r] = mbps;
    if (this.lists.count[r] > 0) this.recomputeFrom(r, nowMs);
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

  /** Makes `saved` (a network of the same shape that only this one writes) equal to this network: a save. */
  saveTo(saved: FluidNet): void {
    this.copyChanged(this, saved);
  }

  /** Makes this network equal to `saved` again (its flow lists rebuilt in flow id order): a restore. */
  restoreFrom(saved: FluidNet): void {
    this.copyChanged(saved, this);
    this.rebuildLists();
  }

  /** Copies what this network changed since the last save or restore (the rest is equal) from `a` to `b`. */
  private copyChanged(a: FluidNet, b: FluidNet): void {
    b.capacity.set(a.capacity);
    b.carriedMB.set(a.carriedMB);
    // An inactive flow's fields are never read (a flow is written whole when added): only its flag is copied.
    for (let t = 0; t < this.touches; t++) {
      const f = this.touched[t];
      const on = a.active[f];
      b.active[f] = on;
      if (on === 0) continue;
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
    this.touches = 0;
    this.sync++;
    this.freeMin = this.freeTop;
  }

  /** Rebuilds the lists of flows by resource from the paths, each list in flow id order. */
  rebuildLists(): void {
    this.lists.clear();
    for (let f = 0; f < this.highWater; f++) {
      if (this.active[f] === 0) continue;
      for (let k = 0; k < this.pathLen[f]; k++) this.lists.append(this.pathRes[f * MAX_PATH + k], f * MAX_PATH + k);
    }
  }

  /** Notes that flow f's state is about to change (see `touched`). */
  private touch(f: number): void {
    if (this.touchedAt[f] === this.sync) return;
    this.touchedAt[f] = this.sync;
    this.touched[this.touches++] = f;
  }

  private coef(e: number): number {
    return this.unitCoefficients ? 1 : this.pathCoef[e];
  }

  /** Brings flow f's remaining MB (and its resources' carried MB) up to `nowMs` at its current rate. */
  private settle(f: number, nowMs: number): void {
    this.touch(f);
    const dt = nowMs - this.updatedMs[f];
    this.updatedMs[f] = nowMs;
    const rate = this.rateMBps[f];
    if (dt <= 0 || rate <= 0) return;
    const moved = rate === Infinity ? this.remainingMB[f] : Math.min(this.remainingMB[f], (rate * dt) / 1000);
    this.remainingMB[f] -= moved;
    const at = f * MAX_PATH;
    for (let k = 0; k < this.pathLen[f]; k++) this.carriedMB[this.pathRes[at + k]] += moved * this.coef(at + k);
  }

  /**
   * Re-rates the component of resource `seed`. A resource of unbounded capacity (a non-blocking core, a link no
   * allocation can fill) never constrains, so it joins no component: the flows crossing it are re-rated each in
   * its own component.
   */
  private recomputeFrom(seed: number, nowMs: number): void {
    if (this.capacity[seed] !== Infinity) {
      this.recompute(-1, seed, nowMs);
      return;
    }
    const before = this.stamp;
    const lists = this.lists;
    for (let e = lists.head[seed]; e >= 0; e = lists.next[e]) {
      const f = lists.flowOf(e);
      if (this.flowMark[f] <= before) this.recompute(f, -1, nowMs); // re-rates, never adds or removes
    }
  }

  /** Adds flow f's bounded resources not yet in the component (marked `stamp`) to compRes; returns its new size. */
  private takeResources(f: number, stamp: number, nr: number): number {
    const at = f * MAX_PATH;
    for (let k = 0; k < this.pathLen[f]; k++) {
      const r = this.pathRes[at + k];
      if (this.resMark[r] !== stamp && this.capacity[r] !== Infinity) {
        this.resMark[r] = stamp;
        this.compRes[nr++] = r;
      }
    }
    return nr;
  }

  /**
   * Re-rates the component of flow `from` (or, with from < 0, of bounded resource `seed`): settle its flows, solve
   * max-min over it, reschedule their finishes.
   */
  private recompute(from: number, seed: number, nowMs: number): void {
    const stamp = ++this.stamp;
    const { flowMark, resMark, compFlows, compRes, lists } = this;
    let nf = 0;
    let nr = 0;
    if (from >= 0) {
      flowMark[from] = stamp;
      compFlows[nf++] = from;
      nr = this.takeResources(from, stamp, nr);
    } else {
      resMark[seed] = stamp;
      compRes[nr++] = seed;
    }
    for (let q = 0; q < nr; q++) {
      for (let e = lists.head[compRes[q]]; e >= 0; e = lists.next[e]) {
        const f = lists.flowOf(e);
        if (flowMark[f] === stamp) continue;
        flowMark[f] = stamp;
        compFlows[nf++] = f;
        nr = this.takeResources(f, stamp, nr);
      }
    }
    this.recomputes++;
    this.reRated += nf;
    if (this.unitCoefficients) {
      if (nr <= 1 || nf === 1) this.shareEqually(nf, nr, nowMs);
      else this.fill(nf, nr, nowMs);
      return;
    }
    for (let q = 0; q < nr; q++) {
      this.localOf[compRes[q]] = q;
      this.capLocal[q] = this.capacity[compRes[q]];
    }
    let e = 0;
    for (let j = 0; j < nf; j++) {
      const f = compFlows[j];
      this.settle(f, nowMs);
      this.csrStart[j] = e;
      const at = f * MAX_PATH;
      for (let k = 0; k < this.pathLen[f]; k++) {
        const r = this.pathRes[at + k];
        if (this.capacity[r] === Infinity) continue;
        this.csrRes[e] = this.localOf[r];
        if (!this.unitCoefficients) this.csrCoef[e] = this.pathCoef[at + k];
        e++;
      }
    }
    this.csrStart[nf] = e;
    maxMinRates(nf, this.csrStart, this.csrRes, this.unitCoefficients ? undefined : this.csrCoef, this.capLocal, nr, this.rates, this.scratch);
    for (let j = 0; j < nf; j++) this.rerate(compFlows[j], this.rates[j], nowMs);
  }

  /**
   * The component's max-min rates where they are one number, computed as progressive filling would (bit for bit):
   * a lone flow gets its tightest bounded resource's capacity (0 + min c), and nf unit flows on one bounded
   * resource c / nf each (0 + c / nf; the weight nf is a sum of ones, exact); no bounded resource: Infinity.
   */
  private shareEqually(nf: number, nr: number, nowMs: number): void {
    const { compFlows, compRes } = this;
    let rate = Infinity;
    if (nf === 1) for (let q = 0; q < nr; q++) rate = Math.min(rate, this.capacity[compRes[q]]);
    else if (nr === 1) rate = this.capacity[compRes[0]] / nf;
    rate = 0 + rate;
    for (let j = 0; j < nf; j++) this.settle(compFlows[j], nowMs);
    for (let j = 0; j < nf; j++) this.rerate(compFlows[j], rate, nowMs);
  }

  /** Unit coefficients: settles the component's flows and re-rates them by progressive filling in place. */
  private fill(nf: number, nr: number, nowMs: number): void {
    const { compFlows, rates } = this;
    const component = this.component!;
    component.nf = nf;
    component.nr = nr;
    for (let j = 0; j < nf; j++) this.settle(compFlows[j], nowMs);
    this.filling!.solve(component, rates);
    for (let j = 0; j < nf; j++) this.rerate(compFlows[j], rates[compFlows[j]], nowMs);
  }

  /** Sets flow f's rate at `nowMs` (settled already) and reschedules its finish. */
  private rerate(f: number, rate: number, nowMs: number): void {
    this.touch(f);
    this.rateMBps[f] = rate;
    const left = this.remainingMB[f];
    const finish = left <= 0 || rate === Infinity ? nowMs : rate <= 0 ? Infinity : nowMs + (left / rate) * 1000;
    this.heap.schedule(this.idBase + f, finish);
  }
}
