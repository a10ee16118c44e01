import { describe, expect, it } from 'vitest';
import { maxMinRates, transferMs } from '../../../src/core/network/max-min.js';
import { makeRng } from '../../../src/core/rng.js';

/** Solves flows given as lists of [resource, coefficient] (or bare resources, coefficient 1). */
function solve(capacity: number[], paths: Array<Array<number | [number, number]>>): number[] {
  const start = new Int32Array(paths.length + 1);
  const res: number[] = [];
  const coef: number[] = [];
  paths.forEach((p, f) => {
    for (const e of p) {
      const [r, a] = typeof e === 'number' ? [e, 1] : e;
      res.push(r);
      coef.push(a);
    }
    start[f + 1] = res.length;
  });
  const rates = new Float64Array(paths.length);
  maxMinRates(paths.length, start, Int32Array.from(res), Float64Array.from(coef), Float64Array.from(capacity), capacity.length, rates);
  return Array.from(rates);
}

describe('max-min fair rates, analytic cases', () => {
  it.each([1, 2, 3, 7, 50])('%i flows on one link each get 1/n of it', (n) => {
    const rates = solve([125], Array.from({ length: n }, () => [0]));
    for (const r of rates) expect(r).toBeCloseTo(125 / n, 9);
  });

  it('a two-link chain: the long flow and the short flow on the tight link split it; the other short flow takes the rest', () => {
    // link 0: 1, link 1: 2; flow 0 crosses both, flow 1 link 0, flow 2 link 1.
    const [long, a, b] = solve([1, 2], [[0, 1], [0], [1]]);
    expect(long).toBeCloseTo(0.5, 9);
    expect(a).toBeCloseTo(0.5, 9);
    expect(b).toBeCloseTo(1.5, 9);
  });

  it('a chain of three links with one long flow and a short flow on each: the tightest link sets the long flow', () => {
    const [long, s0, s1, s2] = solve([10, 4, 10], [[0, 1, 2], [0], [1], [2]]);
    expect(long).toBeCloseTo(2, 9);
    expect(s1).toBeCloseTo(2, 9);
    expect(s0).toBeCloseTo(8, 9);
    expect(s2).toBeCloseTo(8, 9);
  });

  it.each([
    ['disk 100, NIC 125, uplink 50', [100, 125, 50], 50],
    ['disk 80, NIC 125', [80, 125], 80],
    ['NIC 12.5 alone', [12.5], 12.5],
  ])("a flow's time on an idle path is size / bottleneck (%s)", (_, caps, bottleneck) => {
    const [rate] = solve(caps, [caps.map((_, i) => i)]);
    expect(rate).toBeCloseTo(bottleneck, 9);
    expect(transferMs(128, rate)).toBeCloseTo((128 / bottleneck) * 1000, 6);
  });

  it('coefficients: a flow spread half and half over two links counts half on each', () => {
    // Links 0 and 1 of 10; flow 0 spread 0.5 / 0.5, flow 1 on link 0 only. Both rise together until link 0 saturates
    // at 0.5 L + L = 10, so L = 20 / 3; both cross link 0, so both freeze there.
    const [spread, single] = solve([10, 10], [[[0, 0.5], [1, 0.5]], [0]]);
    expect(spread).toBeCloseTo(20 / 3, 9);
    expect(single).toBeCloseTo(20 / 3, 9);
  });

  it('an unbounded resource (a non-blocking core) never saturates: flows through it freeze at their own bottlenecks', () => {
    // core (Infinity) shared by both; flow 0 also crosses a link of 10, flow 1 a link of 30.
    expect(solve([Infinity, 10, 30], [[0, 1], [0, 2]])).toEqual([10, 30]);
  });

  it('a flow on no resource, or only unbounded ones, is unbounded', () => {
    expect(solve([Infinity], [[], [0]])).toEqual([Infinity, Infinity]);
  });

  it('random instances are feasible and max-min fair: every flow has a saturated bottleneck where no flow is faster', () => {
    const rng = makeRng(7, 'max-min');
    for (let trial = 0; trial < 200; trial++) {
      const R = 1 + rng.int(6);
      const caps = Array.from({ length: R }, () => 1 + rng.int(100));
      const F = 1 + rng.int(12);
      const paths = Array.from({ length: F }, () => {
        const set = new Set<number>();
        const len = 1 + rng.int(R);
        while (set.size < len) set.add(rng.int(R));
        return [...set];
      });
      const rates = solve(caps, paths);
      const load = caps.map(() => 0);
      paths.forEach((p, f) => p.forEach((r) => (load[r] += rates[f])));
      load.forEach((l, r) => expect(l).toBeLessThanOrEqual(caps[r] * (1 + 1e-9)));
      paths.forEach((p, f) => {
        const bottleneck = p.some((r) => load[r] >= caps[r] * (1 - 1e-9) && paths.every((q, g) => !q.includes(r) || rates[g] <= rates[f] * (1 + 1e-9)));
        expect(bottleneck, `flow ${f} of trial ${trial}`).toBe(true);
      });
    }
  });
});
