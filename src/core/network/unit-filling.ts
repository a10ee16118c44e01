/**
 * Progressive filling (max-min.ts) for one component of a network whose flows all cross their resources with
 * coefficient 1, read in place: no CSR copy, no reverse index, and each round visits only the resources still
 * carrying unfrozen flows.
 *
 * It gives maxMinRates' numbers bit for bit. With unit coefficients a resource's weight is a count of flows (sums
 * and differences of ones: exact), so each resource's arithmetic, remaining -= step x weight once a round, is the
 * same whatever order the resources and flows are visited in; a round's step is the minimum of the same quotients;
 * the level is the same running sum; and a round freezes every unfrozen flow of every resource that saturated in it
 * at that level, in any order. The resources' order changes nothing, so neither does visiting only the live ones.
 */

import type { FlowLists } from './flow-lists.js';

/** Relative slack under which a resource counts as saturated (max-min.ts's). */
const SATURATED = 1e-9;

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
  private readonly remaining: Float64Array;
  private readonly weight: Float64Array;
  /** Resources with unfrozen flows, in component order, and their weights as a round began. */
  private readonly live: Int32Array;
  private readonly liveWeight: Float64Array;
  /** By network flow: frozen in this solve (this.stamp) or not. */
  private readonly frozen: Int32Array;
  private stamp = 0;

  constructor(flows: number, resources: number) {
    this.remaining = new Float64Array(resources);
    this.weight = new Float64Array(resources);
    this.live = new Int32Array(resources);
    this.liveWeight = new Float64Array(resources);
    this.frozen = new Int32Array(flows);
  }

  /** Writes each component flow's max-min rate into rates[f] (indexed by network flow id). */
  solve(c: UnitComponent, rates: Float64Array): void {
    const { remaining, weight, live, liveWeight, frozen } = this;
    const { capacity, lists, pathRes, pathLen, maxPath } = c;
    const stamp = ++this.stamp;
    let nl = 0;
    for (let q = 0; q < c.nr; q++) {
      const r = c.res[q];
      remaining[r] = capacity[r];
      weight[r] = 0;
    }
    for (let j = 0; j < c.nf; j++) {
      const f = c.flows[j];
      for (let e = f * maxPath; e < f * maxPath + pathLen[f]; e++) if (capacity[pathRes[e]] !== Infinity) weight[pathRes[e]] += 1;
    }
    for (let q = 0; q < c.nr; q++) if (weight[c.res[q]] > 0) live[nl++] = c.res[q];
    let unfrozen = c.nf;
    let level = 0;
    while (unfrozen > 0) {
      let step = Infinity;
      for (let k = 0; k < nl; k++) {
        const w = weight[live[k]];
        liveWeight[k] = w;
        const t = w === 1 ? remaining[live[k]] : remaining[live[k]] / w; // x / 1 is x, exactly
        if (t < step) step = t;
      }
      if (step === Infinity) {
        for (let j = 0; j < c.nf; j++) if (frozen[c.flows[j]] !== stamp) rates[c.flows[j]] = Infinity;
        return;
      }
      if (step < 0) step = 0;
      level += step;
      // Each resource is lowered by its weight as the round began (liveWeight), then checked, as max-min.ts does in
      // two passes: a check reads only its own resource's remaining capacity, and the freezes so far this round.
      // The same pass keeps the resources still carrying unfrozen flows. One whose last flow a later resource freezes
      // this round stays a round longer with weight 0, and changes nothing there: its quotient is remaining / 0 =
      // Infinity (never the step; remaining > 0, as it did not saturate), it is lowered by step x 0 = 0 (remaining - 0
      // is remaining), and, weight 0, it is not checked and not kept.
      let kept = 0;
      for (let k = 0; k < nl; k++) {
        const r = live[k];
        remaining[r] -= step * liveWeight[k];
        if (weight[r] > 0 && remaining[r] <= SATURATED * capacity[r]) {
          remaining[r] = 0;
          for (let x = lists.head[r]; x >= 0; x = lists.next[x]) {
            const f = lists.flowOf(x);
            if (frozen[f] === stamp) continue;
            frozen[f] = stamp;
            rates[f] = level;
            unfrozen--;
            for (let e = f * maxPath; e < f * maxPath + pathLen[f]; e++) {
              const q = pathRes[e];
              if (capacity[q] === Infinity) continue;
              weight[q] -= 1;
              if (weight[q] < 1e-12) weight[q] = 0;
            }
          }
          weight[r] = 0;
        }
        if (weight[r] > 0) live[kept++] = r;
      }
      nl = kept;
    }
  }
}
