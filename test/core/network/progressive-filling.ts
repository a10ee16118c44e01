/**
 * The fluid model's reference, written apart from the code it checks: progressive filling as Bertsekas and Gallager
 * state it (raise every unfrozen flow's rate at one pace; a resource that fills freezes the flows that load it),
 * stepped from one saturation to the next in plain numbers; and the checks a max-min fair answer must pass.
 * Shared by max-min-reference.test.ts and unit-filling.test.ts.
 */
import { expect } from 'vitest';
import { maxMinRates } from '../../../src/core/network/max-min.js';

export interface Flow {
  res: number[];
  coef: number[];
}

export const TOL = 1e-9;

/** Progressive filling, step by step: the reference. */
export function progressiveFilling(caps: number[], flows: Flow[]): number[] {
  const rate = flows.map(() => 0);
  const frozen = flows.map(() => false);
  const load = caps.map(() => 0);
  let level = 0;
  for (;;) {
    const open = flows.map((_, f) => f).filter((f) => !frozen[f]);
    if (open.length === 0) return rate;
    // The pace at which each resource fills as the open flows rise together.
    const pace = caps.map(() => 0);
    for (const f of open) flows[f].res.forEach((r, k) => (pace[r] += flows[f].coef[k]));
    // The time each resource takes to fill at that pace: the least is the step, and the resources it fills are full.
    const fill = caps.map((c, r) => (pace[r] > 0 && c !== Infinity ? Math.max(0, c - load[r]) / pace[r] : Infinity));
    const step = Math.min(...fill);
    if (step === Infinity) {
      for (const f of open) rate[f] = Infinity;
      return rate;
    }
    level += step;
    caps.forEach((_, r) => (load[r] += step * pace[r]));
    for (const f of open) rate[f] = level;
    // Full: filled by this step (so each step freezes a flow, even one of 0 as a subnormal capacity's share rounds to), or
    // within rounding of full.
    const full = caps.map((c, r) => fill[r] === step || (fill[r] !== Infinity && load[r] >= c - 1e-12 * Math.max(c, level)));
    for (const f of open) if (flows[f].res.some((r, k) => full[r] && flows[f].coef[k] > 0)) frozen[f] = true;
  }
}

/**
 * Feasible (no resource past its capacity) and max-min fair (every flow loads a full resource where none is faster),
 * each within TOL relative. Each check calls expect only when it fails (an expect per flow per change costs more than
 * the solves checked).
 */
export function expectMaxMinFair(caps: number[], flows: Flow[], rates: number[], what: string): void {
  const load = caps.map(() => 0);
  const fastest = caps.map(() => 0);
  flows.forEach((fl, f) => fl.res.forEach((r, k) => {
    if (fl.coef[k] === 0) return;
    load[r] += fl.coef[k] * rates[f];
    fastest[r] = Math.max(fastest[r], rates[f]);
  }));
  load.forEach((l, r) => {
    if (caps[r] !== Infinity && !(l <= caps[r] * (1 + TOL))) expect(l, `${what}: resource ${r} load`).toBeLessThanOrEqual(caps[r] * (1 + TOL));
  });
  flows.forEach((fl, f) => {
    if (rates[f] === Infinity) {
      const unbounded = fl.res.every((r, k) => caps[r] === Infinity || fl.coef[k] === 0);
      if (!unbounded) expect(unbounded, `${what}: flow ${f} unbounded`).toBe(true);
      return;
    }
    const bottleneck = fl.res.some((r, k) => fl.coef[k] > 0 && caps[r] !== Infinity && load[r] >= caps[r] * (1 - TOL)
      && fastest[r] <= rates[f] * (1 + TOL));
    if (!bottleneck) expect(bottleneck, `${what}: flow ${f} at ${rates[f]} has no bottleneck`).toBe(true);
  });
}

/** Rates within TOL of the reference's, relative (unbounded, exactly). */
export function expectClose(got: number[], want: number[], what: string): void {
  expect(got.length).toBe(want.length);
  got.forEach((g, f) => {
    const w = want[f];
    const close = w === Infinity || g === Infinity ? g === w : Math.abs(g - w) <= TOL * Math.abs(w);
    if (!close) expect(g, `${what}: flow ${f} got ${g}, reference ${w}`).toBe(w);
  });
}

export function solveMaxMin(caps: number[], flows: Flow[], withCoef: boolean): number[] {
  const start = new Int32Array(flows.length + 1);
  const res: number[] = [];
  const coef: number[] = [];
  flows.forEach((fl, f) => {
    res.push(...fl.res);
    coef.push(...fl.coef);
    start[f + 1] = res.length;
  });
  const rates = new Float64Array(flows.length);
  maxMinRates(flows.length, start, Int32Array.from(res), withCoef ? Float64Array.from(coef) : undefined, Float64Array.from(caps), caps.length, rates);
  return Array.from(rates);
}
