/**
 * Max-min fair rates (max-min.ts) for one component of a network whose flows all cross their resources with
 * coefficient 1, read in place: no CSR copy, no reverse index, and each round visits only the resources still
 * carrying unfrozen flows.
 *
 * The same bottleneck rounds as maxMinRates, and its numbers bit for bit: each round the resources whose fair share
 * (capacity left / unfrozen flows) is least freeze their unfrozen flows at that share, and each frozen flow's share
 * comes off its other resources. With unit coefficients a weight is a count of flows (exact), and every flow frozen
 * in a round takes the same share x from each resource it crosses, so a resource's capacity left is cap - x1 - x2 ...
 * in round order whatever order the flows and resources are visited in: the component's order changes nothing.
 * A flow frozen at a resource it crosses alone gets that resource's capacity exactly (cap / 1, never lowered), which
 * is what lets FluidNet rate a flow without solving its component (fluid-net.ts).
 *
 * Such a resource (a map's read stream: most of a busy rack's) keeps its share, its capacity, until its one flow
 * freezes, so a round reads the shared resources only and the private ones only when the least of them, as last read
 * (a bound below their least now: they only drop out), could be the round's least. A rack of saturated disks takes
 * a round per disk, and reading its thousands of streams every round made a solve cost disks x streams.
 */

import type { FlowLists } from './flow-lists.js';

/** A network's component, as FluidNet holds it: bounded resources and their flows, flows and their paths. */
export interface UnitComponent {
  /** Capacity of every resource of the network (Infinity: unbounded, in no component). */
  capacity: Float64Array;
  /** Flows crossing each resource. */
  lists: FlowLists;
  /** Flow f crosses pathRes[f * maxPath .. + pathLen[f]). */
  pathRes: Int32Array;
  pathLen: Uint8Array;
  maxPath: number;
  /** The component: flows flows[0 .. nf) and bounded resources res[0 .. nr). */
  flows: Int32Array;
  nf: number;
  res: Int32Array;
  nr: number;
}

export class UnitFilling {
  /** By network resource: capacity left and unfrozen flows (as a double, as maxMinRates keeps it). */
  private remaining: Float64Array;
  private weight: Float64Array;
  /** Shared resources with unfrozen flows, in component order, and their fair shares as a round began. */
  private live: Int32Array;
  private share: Float64Array;
  /** Resources crossed by one flow of the component (weight 1 as a solve began), in component order. */
  private solo: Int32Array;
  /** By network flow: frozen in this solve (this.stamp) or not. */
  private readonly frozen: Int32Array;
  private stamp = 0;

  constructor(flows: number, resources: number) {
    this.remaining = new Float64Array(resources);
    this.weight = new Float64Array(resources);
    this.live = new Int32Array(resources);
    this.share = new Float64Array(resources);
    this.solo = new Int32Array(resources);
    this.frozen = new Int32Array(flows);
  }

  /** Grows the network's resources to n (the arrays by resource are scratch of one solve). */
  grow(n: number): void {
    this.remaining = new Float64Array(n);
    this.weight = new Float64Array(n);
    this.live = new Int32Array(n);
    this.share = new Float64Array(n);
    this.solo = new Int32Array(n);
  }

  /** Writes each component flow's max-min rate into rates[f] (indexed by network flow id). */
  solve(c: UnitComponent, rates: Float64Array): void {
    const { remaining, weight, live, share, solo, frozen } = this;
    const stamp = ++this.stamp;
    let nl = 0;
    let ns = 0;
    // A component holds every flow of its resources: a resource's unfrozen flows are all its flows.
    for (let q = 0; q < c.nr; q++) {
      const r = c.res[q];
      remaining[r] = c.capacity[r];
      weight[r] = c.lists.count[r];
      if (weight[r] === 1) solo[ns++] = r;
      else if (weight[r] > 0) live[nl++] = r;
    }
    // The least share of the solo resources still live as last read (their capacity left: x / 1 is x, exactly), a
    // bound below their least now; -Infinity: to be read.
    let soloLeast = -Infinity;
    let unfrozen = c.nf;
    while (unfrozen > 0) {
      let least = Infinity;
      for (let k = 0; k < nl; k++) {
        const r = live[k];
        const w = weight[r];
        const t = w === 1 ? remaining[r] : remaining[r] / w; // x / 1 is x, exactly
        share[k] = t;
        if (t < least) least = t;
      }
      if (least >= soloLeast) {
        let kept = 0;
        soloLeast = Infinity;
        for (let k = 0; k < ns; k++) {
          const r = solo[k];
          if (weight[r] === 0) continue;
          solo[kept++] = r;
          if (remaining[r] < soloLeast) soloLeast = remaining[r];
        }
        ns = kept;
        if (soloLeast < least) least = soloLeast;
      }
      if (least === Infinity) {
        for (let j = 0; j < c.nf; j++) if (frozen[c.flows[j]] !== stamp) rates[c.flows[j]] = Infinity;
        return;
      }
      const x = least < 0 ? 0 : least; // capacity left a rounding below 0: the resource is full
      // Every resource whose share is the least freezes its flows at it, in one round (a resource tied with it
      // whose flows an earlier one froze is left with weight 0). A frozen flow's share comes off its resources.
      for (let k = 0; k < nl; k++) if (share[k] === least) unfrozen -= this.freeze(c, live[k], x, rates);
      if (soloLeast === least) {
        for (let k = 0; k < ns; k++) {
          const r = solo[k];
          if (weight[r] > 0 && remaining[r] === least) unfrozen -= this.freeze(c, r, x, rates);
        }
      }
      let kept = 0;
      for (let k = 0; k < nl; k++) if (weight[live[k]] > 0) live[kept++] = live[k];
      nl = kept;
    }
  }

  /** Freezes resource r's unfrozen flows at rate x, taking x off each bounded resource they cross; returns how many. */
  private freeze(c: UnitComponent, r: number, x: number, rates: Float64Array): number {
    const { remaining, weight, frozen, stamp } = this;
    const { capacity, lists, pathRes, pathLen, maxPath } = c;
    let n = 0;
    for (let e = lists.head[r]; e >= 0; e = lists.next[e]) {
      const f = lists.flowOf(e);
      if (frozen[f] === stamp) continue;
      frozen[f] = stamp;
      rates[f] = x;
      n++;
      for (let p = f * maxPath; p < f * maxPath + pathLen[f]; p++) {
        const q = pathRes[p];
        if (capacity[q] === Infinity) continue;
        remaining[q] -= x;
        weight[q] -= 1;
      }
    }
    return n;
  }
}
