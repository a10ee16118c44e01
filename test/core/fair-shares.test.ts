import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAIR_SHARE_ITERATIONS, type Schedulable, type ShareInput, compareFairShare, computeFairShares } from '../../src/core/fair-shares.js';

const s = (name: string, o: Partial<Schedulable> = {}): Schedulable => ({ name, running: 0, demand: 100, minShare: 0, weight: 1, startMs: 0, ...o });
const order = (xs: Schedulable[]) => [...xs].sort(compareFairShare).map((x) => x.name);

describe('computeFairShares against hand-computed tables', () => {
  const cases: Array<[string, Array<{ weight: number; minShare: number; demand: number }>, number, number[]]> = [
    ['equal weights split evenly', [{ weight: 1, minShare: 0, demand: 100 }, { weight: 1, minShare: 0, demand: 100 }], 100, [50, 50]],
    ['weights 2:1', [{ weight: 2, minShare: 0, demand: 100 }, { weight: 1, minShare: 0, demand: 100 }], 90, [60, 30]],
    ['a demand cap frees slots for the other pool', [{ weight: 1, minShare: 0, demand: 10 }, { weight: 1, minShare: 0, demand: 100 }], 100, [10, 90]],
    ['a min share above the weighted share: max(R, 60) + 3R = 100 gives R = 13.33', [{ weight: 1, minShare: 60, demand: 100 }, { weight: 3, minShare: 0, demand: 100 }], 100, [60, 40]],
    ['min shares capped by demand: the min of 50 counts only up to a demand of 20', [{ weight: 1, minShare: 50, demand: 20 }, { weight: 1, minShare: 0, demand: 100 }], 100, [20, 80]],
    ['min shares above the cluster (80 + 120) are scaled by 100 / 200', [{ weight: 1, minShare: 80, demand: 100 }, { weight: 1, minShare: 120, demand: 150 }], 100, [40, 60]],
    ['scaled min shares use min(minShare, demand): (80 + 100) scaled by 100 / 180', [{ weight: 1, minShare: 80, demand: 100 }, { weight: 1, minShare: 120, demand: 100 }], 100, [44.44, 55.56]],
    ['total demand below the slots: everyone gets its demand', [{ weight: 1, minShare: 0, demand: 5 }, { weight: 4, minShare: 2, demand: 7 }], 100, [5, 7]],
    ['three pools 1:2:5 with one capped at 10', [{ weight: 1, minShare: 0, demand: 1000 }, { weight: 2, minShare: 0, demand: 1000 }, { weight: 5, minShare: 0, demand: 10 }], 70, [20, 40, 10]],
    ['no demand, no share', [{ weight: 1, minShare: 10, demand: 0 }, { weight: 1, minShare: 0, demand: 0 }], 100, [0, 0]],
  ];
  it.each(cases)('%s', (_, inputs, slots, expected) => {
    const shares = computeFairShares(inputs, slots);
    shares.forEach((x, i) => expect(x).toBeCloseTo(expected[i], 1));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(Math.min(slots, inputs.reduce((a, x) => a + x.demand, 0)), 1);
  });
});

describe('FairShareComparator', () => {
  it.each([
    ['a needy pool (running < min(minShare, demand)) comes before a pool with fewer running tasks', [s('b', { running: 0 }), s('a', { running: 5, minShare: 10 })], ['a', 'b']],
    ['needy pools by running / minShare: 1/4 before 5/10', [s('a', { running: 5, minShare: 10 }), s('b', { running: 1, minShare: 4 })], ['b', 'a']],
    // Hadoop's FairShareComparator divides by max(min(minShare, demand), 1), not by the min share alone: a (1 running,
    // min 10, demand 2) is half way to its capped min share, b (1 of min 4) a quarter, so b first (a first by 1/10).
    ['needy pools by running / max(min(minShare, demand), 1): 1 of min 4 before 1 of min 10 capped by demand 2', [s('a', { running: 1, minShare: 10, demand: 2 }), s('b', { running: 1, minShare: 4 })], ['b', 'a']],
    ['a min share above demand counts only up to demand: 3 running of demand 3 is not needy', [s('a', { running: 3, minShare: 10, demand: 3 }), s('b', { running: 2 })], ['b', 'a']],
    ['the rest by running / weight: 10/2 before 6/1', [s('b', { running: 6 }), s('a', { running: 10, weight: 2 })], ['a', 'b']],
    ['ties by start time', [s('a', { running: 2, startMs: 50 }), s('b', { running: 2, startMs: 10 })], ['b', 'a']],
    ['then by name', [s('b', { running: 2 }), s('a', { running: 2 })], ['a', 'b']],
    ['a needy pool with running 0 and min share 0 is impossible: running 0 of min 0 is not needy', [s('b', { running: 1, minShare: 1, demand: 5 }), s('a', { running: 0 })], ['a', 'b']],
  ])('%s', (_, xs, expected) => {
    expect(order(xs as Schedulable[])).toEqual(expected);
  });

  it('is a total order: antisymmetric on a random population', () => {
    const xs: Schedulable[] = [];
    for (let i = 0; i < 30; i++) xs.push(s(`p${i}`, { running: (i * 7) % 5, minShare: (i * 3) % 4, demand: (i * 5) % 9, weight: 1 + (i % 3), startMs: i % 4 }));
    for (const a of xs) for (const b of xs) expect(Math.sign(compareFairShare(a, b))).toBe(-Math.sign(compareFairShare(b, a)) || 0);
  });
});

/** The search as Hadoop writes it, every input summed at every step: computeFairShares skips those without demand. */
function everyInputWalked(inputs: readonly ShareInput[], slots: number): number[] {
  const cap = Math.min(inputs.reduce((s, x) => s + x.demand, 0), slots);
  const wantedMin = inputs.reduce((s, x) => s + Math.min(x.minShare, x.demand), 0);
  const scale = wantedMin > slots && wantedMin > 0 ? slots / wantedMin : 1;
  const mins = inputs.map((x) => Math.min(x.minShare, x.demand) * scale);
  const share = (i: number, r: number): number => Math.min(Math.max(inputs[i].weight * r, mins[i]), inputs[i].demand);
  const used = (r: number): number => inputs.reduce((s, _, i) => s + share(i, r), 0);
  if (cap <= 0) return inputs.map(() => 0);
  let right = 1;
  while (used(right) < cap && right < 1e12) right *= 2;
  let left = 0;
  for (let k = 0; k < FAIR_SHARE_ITERATIONS; k++) {
    const mid = (left + right) / 2;
    if (used(mid) < cap) left = mid;
    else right = mid;
  }
  return inputs.map((_, i) => share(i, right));
}

describe('computeFairShares sums only the inputs with demand', () => {
  it('the same shares, to the bit, as the walk of every input, most of them idle', () => {
    const input = fc.record({
      weight: fc.double({ min: 0.001, max: 1000, noNaN: true }),
      minShare: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500 })),
      demand: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2000 }) }),
    });
    fc.assert(fc.property(fc.array(input, { maxLength: 40 }), fc.integer({ min: 0, max: 5000 }), (inputs, slots) => {
      const fast = computeFairShares(inputs, slots);
      const plain = everyInputWalked(inputs, slots);
      expect(fast.length).toBe(plain.length);
      fast.forEach((x, i) => expect(Object.is(x, plain[i]), `input ${i}: ${x} against ${plain[i]}`).toBe(true));
    }), { numRuns: 3000, seed: 1129 });
  });
});
