/**
 * Re-rating one connected component of a fluid network (fluid-net.ts): the flows and bounded resources a change
 * reaches, walked from a flow or a resource, given their max-min fair rates (max-min.ts; in place by unit-filling.ts
 * when every coefficient is 1; directly when the answer is one number), and the flows whose rate changed settled at
 * the change's time and rescheduled. A flow whose rate is unchanged is left as it is: a flow is settled only when its
 * rate changes or it ends, so its remaining MB and finish do not depend on what happens to its neighbours. Flows
 * elsewhere keep their rates, which the max-min solution of the whole network would give them too: components do
 * not interact. A resource of unbounded capacity never constrains, so it joins no component.
 *
 * Also here, for unit coefficients: whether a change leaves every other flow's rate as it is, decided from the
 * resources the changed flow crosses (roomAt), so that FluidNet can skip the component's solve.
 *
 * Cost: a walk of the component plus the bottleneck rounds over it.
 */
import type { EventHeap } from './event-heap.js';
import { FlowTable, MAX_PATH } from './flow-table.js';
import { grownInts } from './grown.js';
import { MaxMinScratch, maxMinRates } from './max-min.js';
import { type UnitComponent, UnitFilling } from './unit-filling.js';

export class ComponentRates extends FlowTable {
  // Scratch of a component's recomputation.
  private readonly flowMark: Int32Array;
  protected resMark: Int32Array;
  protected stamp = 0;
  private readonly compFlows: Int32Array;
  private compRes: Int32Array;
  private localOf: Int32Array;
  private readonly csrStart: Int32Array;
  private readonly csrRes: Int32Array;
  private readonly csrCoef: Float64Array;
  private capLocal: Float64Array;
  private readonly rates: Float64Array;
  private readonly scratch = new MaxMinScratch();
  /** Unit coefficients: the bottleneck rounds in place, over the component as recompute() gathered it. */
  private readonly filling: UnitFilling | undefined;
  private readonly component: UnitComponent | undefined;
  /** Components solved, and changes rated without a solve (fluid-net.ts): tests read them. */
  recomputes = 0;
  shortcuts = 0;
  /** Shared links left out of a walk as slack (see slack()): tests read it. */
  elisions = 0;
  /**
   * Resources from this index on are shared links (a rack's uplink, downlink and group links) that a flow's walk may
   * leave out when slack (see slack()); Infinity: none. Set by the owner (FluidNet's `sharedFrom`).
   */
  protected sharedFrom = Infinity;
  /**
   * While a flow starts or ends (FluidNet.add, remove): -1, or the flow ending (counted in slack() as if still there);
   * -2 otherwise (a capacity change walks every bounded resource, as the change may make a slack link bind).
   */
  protected eliding = -2;
  private boundMark: Int32Array;
  private boundStamp = 0;

  constructor(capacity: ArrayLike<number>, maxFlows: number, heap: EventHeap, idBase: number, unitCoefficients: boolean) {
    super(capacity, maxFlows, heap, idBase, unitCoefficients);
    const R = capacity.length;
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
    this.boundMark = new Int32Array(R);
    if (unitCoefficients) {
      this.filling = new UnitFilling(maxFlows, R);
      const { lists, pathRes, pathLen, compFlows: flows, compRes: res } = this;
      this.component = { capacity: this.capacity, lists, pathRes, pathLen, maxPath: MAX_PATH, flows, nf: 0, res, nr: 0 };
    }
  }

  /** Grows the resources to n, with the scratch by resource (marks kept: they are compared with later stamps). */
  override growResources(n: number): void {
    super.growResources(n);
    this.resMark = grownInts(this.resMark, n);
    this.boundMark = grownInts(this.boundMark, n);
    this.compRes = new Int32Array(n);
    this.localOf = new Int32Array(n);
    this.capLocal = new Float64Array(n);
    this.filling?.grow(n);
    if (this.component !== undefined) {
      this.component.capacity = this.capacity;
      this.component.res = this.compRes;
    }
  }

  /**
   * Re-rates the component of resource `seed`. A resource of unbounded capacity (a non-blocking core, a link no
   * allocation can fill) never constrains, so it joins no component: the flows crossing it are re-rated each in
   * its own component.
   */
  protected recomputeFrom(seed: number, nowMs: number): void {
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

  /**
   * Adds flow f's bounded resources not yet in the component (marked `stamp`) to compRes; returns its new size. A
   * shared link found slack is marked but left out (elided), with the flows only it would have reached.
   */
  private takeResources(f: number, stamp: number, nr: number): number {
    const at = f * MAX_PATH;
    for (let k = 0; k < this.pathLen[f]; k++) {
      const r = this.pathRes[at + k];
      if (this.resMark[r] !== stamp && this.capacity[r] !== Infinity) {
        this.resMark[r] = stamp;
        if (r >= this.sharedFrom && this.eliding > -2 && this.slack(r, this.eliding)) continue;
        this.compRes[nr++] = r;
      }
    }
    return nr;
  }

  /**
   * Unit coefficients: whether shared link r can never bind, before or after the change being rated, so that a walk
   * may leave it out. Each flow on it (and `extra`, a flow just unlinked, if >= 0) is held by a bounded resource below
   * sharedFrom (its tightest, the first in path order on a tie), and the flows held by one resource together get at
   * most its capacity; r is slack when those resources' capacities, each counted once, sum to at most r's capacity
   * x (1 - ROOM). Then r's share in the bottleneck rounds stays above the least share every round (its capacity left
   * is at least what those resources have left, which the unfrozen flows on r need at the least share or more), so r
   * freezes no flow and the rounds give every flow the rate they give without r, bit for bit, and the flows only r
   * links to the change keep their rates: a component without r. The set grows by the flow added, so slack after an
   * add means slack before; `extra` makes a removal's test the set before it. A flow held only by shared links
   * makes r not slack. Cost: the flows on r and their paths.
   */
  protected slack(r: number, extra: number): boolean {
    const cap = this.capacity[r];
    if (!this.unitCoefficients || !(cap >= ROOMY)) return false;
    const limit = cap * (1 - ROOM);
    const stamp = ++this.boundStamp;
    const lists = this.lists;
    // `extra` first, then r's flows: each holding resource counted once (one loop, no helper returning a sum's term,
    // whose double V8 boxes on each return).
    let sum = 0;
    let withExtra = this.crosses(extra, r);
    for (let e = lists.head[r]; withExtra || e >= 0;) {
      let g: number;
      if (withExtra) {
        g = extra;
        withExtra = false;
      } else {
        g = lists.flowOf(e);
        e = lists.next[e];
      }
      const q = this.tightestBelowShared(g);
      if (q < 0) return false;
      if (this.boundMark[q] === stamp) continue;
      this.boundMark[q] = stamp;
      const c = this.capacity[q];
      if (c > limit) return false;
      sum += c;
      if (sum > limit) return false;
    }
    this.elisions++;
    return true;
  }

  /** Whether flow f (>= 0) crosses resource r. */
  private crosses(f: number, r: number): boolean {
    if (f < 0) return false;
    for (let k = 0; k < this.pathLen[f]; k++) if (this.pathRes[f * MAX_PATH + k] === r) return true;
    return false;
  }

  /** Flow g's bounded resource of least capacity below sharedFrom (the first in path order on a tie), or -1. */
  private tightestBelowShared(g: number): number {
    const at = g * MAX_PATH;
    let best = -1;
    let least = Infinity;
    for (let k = 0; k < this.pathLen[g]; k++) {
      const q = this.pathRes[at + k];
      if (q < this.sharedFrom && this.capacity[q] < least) {
        least = this.capacity[q];
        best = q;
      }
    }
    return best;
  }

  /**
   * Re-rates the component of flow `from` (or, with from < 0, of bounded resource `seed`): solve max-min over it,
   * settle and reschedule the flows whose rate changed.
   */
  protected recompute(from: number, seed: number, nowMs: number): void {
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
      if (seed >= this.sharedFrom && this.eliding > -2 && this.slack(seed, this.eliding)) return; // nothing changes there
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
      this.csrStart[j] = e;
      const at = f * MAX_PATH;
      for (let k = 0; k < this.pathLen[f]; k++) {
        const r = this.pathRes[at + k];
        if (this.capacity[r] === Infinity) continue;
        this.csrRes[e] = this.localOf[r];
        this.csrCoef[e] = this.pathCoef[at + k];
        e++;
      }
    }
    this.csrStart[nf] = e;
    maxMinRates(nf, this.csrStart, this.csrRes, this.csrCoef, this.capLocal, nr, this.rates, this.scratch);
    for (let j = 0; j < nf; j++) this.setRate(compFlows[j], this.rates[j], nowMs);
  }

  /**
   * The component's max-min rates where they are one number, as the bottleneck rounds give them (bit for bit):
   * a lone flow gets its tightest bounded resource's capacity (0 + min c), and nf unit flows on one bounded
   * resource c / nf each (0 + c / nf; the weight nf is a sum of ones, exact); no bounded resource: Infinity.
   */
  private shareEqually(nf: number, nr: number, nowMs: number): void {
    const { compFlows, compRes } = this;
    let rate = Infinity;
    if (nf === 1) for (let q = 0; q < nr; q++) rate = Math.min(rate, this.capacity[compRes[q]]);
    else if (nr === 1) rate = this.capacity[compRes[0]] / nf;
    rate = 0 + rate;
    for (let j = 0; j < nf; j++) this.setRate(compFlows[j], rate, nowMs);
  }

  /** Unit coefficients: re-rates the component's flows by the bottleneck rounds in place. */
  private fill(nf: number, nr: number, nowMs: number): void {
    const { compFlows, rates } = this;
    const component = this.component!;
    component.nf = nf;
    component.nr = nr;
    this.filling!.solve(component, rates);
    for (let j = 0; j < nf; j++) this.setRate(compFlows[j], rates[compFlows[j]], nowMs);
  }

  /** Gives flow f `rate` at `nowMs`: settled at its old rate and rescheduled, if the rate changes. */
  protected setRate(f: number, rate: number, nowMs: number): void {
    if (rate === this.rateMBps[f]) return;
    this.settle(f, nowMs);
    this.rerate(f, rate, nowMs);
  }

  /**
   * Flow f's private cap: the least capacity among the bounded resources it crosses alone (Infinity: none). The
   * bottleneck rounds give a flow frozen there exactly this rate.
   */
  protected privateCap(f: number): number {
    const at = f * MAX_PATH;
    let cap = Infinity;
    for (let k = 0; k < this.pathLen[f]; k++) {
      const r = this.pathRes[at + k];
      if (this.lists.count[r] === 1 && this.capacity[r] < cap) cap = this.capacity[r];
    }
    return cap;
  }

  /**
   * Unit coefficients: whether bounded resource r, as its flows are now, constrains none of them. True when every
   * flow on it (but `except`, counted at `exceptCap`) runs at its private cap, and, if it carries more than one, their
   * caps sum to at most capacity x (1 - ROOM), the capacity being at least ROOMY. Then, in the bottleneck rounds, each
   * of those flows freezes at its private resource and r never does: its share stays above the least unfrozen cap on
   * it by the room, which no rounding in the rounds comes near. Cost: the flows on r and their paths.
   */
  protected roomAt(r: number, except: number, exceptCap: number): boolean {
    const lists = this.lists;
    let sum = 0;
    for (let e = lists.head[r]; e >= 0; e = lists.next[e]) {
      const g = lists.flowOf(e);
      if (g === except) {
        sum += exceptCap;
        continue;
      }
      const cap = this.privateCap(g);
      if (cap === Infinity || this.rateMBps[g] !== cap) return false;
      sum += cap;
    }
    if (lists.count[r] <= 1) return true;
    const cap = this.capacity[r];
    return cap >= ROOMY && sum <= cap * (1 - ROOM);
  }
}

/**
 * Relative room a shared resource must keep for a change to leave its flows' rates alone (roomAt): far above the
 * rounding of the bottleneck rounds (a few ulps, about 1e-15 relative). It changes no result, only whether one is
 * solved: a resource within it of full has its component solved, as every resource had before.
 */
const ROOM = 1e-9;

/**
 * Least capacity of a shared resource the room rule trusts: far from subnormal numbers, where cap x (1 - ROOM)
 * rounds back to cap and a share (cap left / flows) can round to 0.
 */
const ROOMY = 1e-280;
