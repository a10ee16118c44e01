/**
 * Max-min fair sharing of capacitated resources among flows, by progressive filling (Bertsekas and Gallager, Data
 * Networks, 6.5.2; the sharing SimGrid's flow-level network models use), computed by bottlenecks.
 *
 * Definition: flow f uses resource r with coefficient a[f][r] >= 0 (1 for a link it crosses; a fraction for a flow
 * spread over several links). A rate vector x is feasible when sum_f a[f][r] x[f] <= c[r] for every r; it is max-min
 * fair when no flow's rate can grow without lowering the rate of a flow whose rate is no larger. Progressive
 * filling finds it: raise every unfrozen flow's rate at the same pace; when a resource saturates, freeze the flows
 * that cross it at the current level; repeat until every flow is frozen. Computed here by its bottlenecks, the same
 * rates in exact arithmetic: each round, the resources with the least fair share (capacity left / weight of their
 * unfrozen flows) freeze their unfrozen flows at that share, which comes off the other resources those flows cross
 * (share x coefficient). Each rate is then one quotient, not a running sum of steps, so a flow frozen at a resource
 * it crosses alone gets that capacity exactly. A flow that crosses no resource (or only resources of unbounded
 * capacity) is unbounded: its rate is Infinity.
 *
 * Flows are given in CSR form: flow f crosses res[start[f] .. start[f + 1]) with coefficients coef[same range].
 * Cost: O(k (R + P)) for k distinct bottleneck shares, R resources and P path entries. Pure, no allocation beyond
 * the scratch it is handed.
 */

/** Reusable scratch arrays for maxMinRates (sized on demand). */
export class MaxMinScratch {
  remaining = new Float64Array(0);
  weight = new Float64Array(0);
  share = new Float64Array(0);
  frozen = new Uint8Array(0);
  /** Reverse index: resource r's path entries are byRes[resStart[r] .. resStart[r + 1]), each a flow. */
  resStart = new Int32Array(0);
  byRes = new Int32Array(0);

  ensure(flows: number, resources: number, entries: number): void {
    if (this.remaining.length < resources) {
      this.remaining = new Float64Array(resources * 2);
      this.weight = new Float64Array(resources * 2);
      this.share = new Float64Array(resources * 2);
      this.resStart = new Int32Array(resources * 2 + 1);
    }
    if (this.frozen.length < flows) this.frozen = new Uint8Array(flows * 2);
    if (this.byRes.length < entries) this.byRes = new Int32Array(entries * 2);
  }
}

/**
 * Writes the max-min fair rate of each of `flows` flows into `rates` (same units as `capacity`). `start` has
 * flows + 1 entries; `coef` may be undefined (every coefficient 1). With `rounds`: rounds.flow[f] is the bottleneck
 * round in which flow f froze (1, 2, ...; 0 when unbounded) and rounds.res[r] the round in which resource r was a
 * bottleneck (0: never), so a flow was frozen by r when the two are equal and it crosses r (what froze it does not
 * change the rates).
 */
export function maxMinRates(
  flows: number,
  start: Int32Array,
  res: Int32Array,
  coef: Float64Array | undefined,
  capacity: Float64Array,
  resources: number,
  rates: Float64Array,
  scratch: MaxMinScratch = new MaxMinScratch(),
  rounds?: { flow: Int32Array; res: Int32Array },
): void {
  const entries = start[flows];
  scratch.ensure(flows, resources, entries);
  const { remaining, weight, frozen, resStart, byRes } = scratch;
  for (let r = 0; r < resources; r++) {
    remaining[r] = capacity[r];
    weight[r] = 0;
    resStart[r] = 0;
  }
  resStart[resources] = 0;
  // A path entry of coefficient 0 loads its resource with nothing, so that resource can never freeze the flow: it is
  // left out of the reverse index (and adds 0 to the weight).
  for (let f = 0; f < flows; f++) {
    frozen[f] = 0;
    rates[f] = 0;
    for (let e = start[f]; e < start[f + 1]; e++) {
      if (coef !== undefined && coef[e] === 0) continue;
      weight[res[e]] += coef === undefined ? 1 : coef[e];
      resStart[res[e] + 1]++;
    }
  }
  for (let r = 0; r < resources; r++) resStart[r + 1] += resStart[r];
  // byRes, filled with resStart as a moving cursor and shifted back after.
  for (let f = 0; f < flows; f++) {
    for (let e = start[f]; e < start[f + 1]; e++) if (coef === undefined || coef[e] !== 0) byRes[resStart[res[e]]++] = f;
  }
  for (let r = resources; r > 0; r--) resStart[r] = resStart[r - 1];
  resStart[0] = 0;

  let unfrozen = flows;
  const share = scratch.share;
  if (rounds !== undefined) {
    rounds.flow.fill(0, 0, flows);
    rounds.res.fill(0, 0, resources);
  }
  let round = 0;
  while (unfrozen > 0) {
    round++;
    let least = Infinity;
    for (let r = 0; r < resources; r++) {
      share[r] = Infinity;
      if (weight[r] > 0 && Number.isFinite(remaining[r])) {
        const t = remaining[r] / weight[r];
        share[r] = t;
        if (t < least) least = t;
      }
    }
    if (least === Infinity) {
      for (let f = 0; f < flows; f++) if (frozen[f] === 0) rates[f] = Infinity;
      return;
    }
    const x = least < 0 ? 0 : least; // capacity left a rounding below 0: the resource is full
    for (let r = 0; r < resources; r++) {
      if (share[r] !== least) continue;
      if (rounds !== undefined) rounds.res[r] = round;
      for (let k = resStart[r]; k < resStart[r + 1]; k++) {
        const f = byRes[k];
        if (frozen[f] !== 0) continue;
        frozen[f] = 1;
        rates[f] = x;
        if (rounds !== undefined) rounds.flow[f] = round;
        unfrozen--;
        for (let e = start[f]; e < start[f + 1]; e++) {
          const q = res[e];
          const a = coef === undefined ? 1 : coef[e];
          remaining[q] -= x * a;
          weight[q] -= a;
          if (weight[q] < 1e-12) weight[q] = 0; // rounding left by the subtractions
        }
      }
      weight[r] = 0;
    }
  }
}

/** Time to move `mb` megabytes at `mbPerS`, in milliseconds (Infinity at rate 0). */
export function transferMs(mb: number, mbPerS: number): number {
  return mb <= 0 ? 0 : (mb / mbPerS) * 1000;
}
