/**
 * The master's latency histogram against hdr-histogram-js (a dev dependency kept as the reference it replaced): the
 * same percentiles, mean, maximum and count on seeded random records of 1 ns to ~10^12 ns (past 60 s: the counts
 * grow), single and counted; and a table of exact bucket edges.
 */
import * as hdr from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../src/actors/latency-histogram.js';
import { makeRng } from '../../src/core/rng.js';

const PERCENTILES = [0, 1, 25, 50, 90, 99, 99.9, 99.99, 100];

describe('LatencyHistogram', () => {
  it('agrees with hdr-histogram-js (3 significant digits) on 120 random sets of records', () => {
    const rng = makeRng(20261123);
    for (let set = 0; set < 120; set++) {
      const reference = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: 3 });
      const ours = new LatencyHistogram();
      const scale = 10 ** (rng.next() * 11);
      const n = 1 + Math.floor(rng.next() * 2000);
      for (let i = 0; i < n; i++) {
        const ns = Math.max(1, Math.round(rng.next() * scale * (rng.next() < 0.05 ? 100 : 1)));
        const count = rng.next() < 0.3 ? 1 + Math.floor(rng.next() * 5) : 1;
        reference.recordValueWithCount(ns, count);
        ours.recordValueWithCount(ns, count);
      }
      const got = { p: PERCENTILES.map((p) => ours.getValueAtPercentile(p)), max: ours.maxValue, count: ours.totalCount };
      const want = { p: PERCENTILES.map((p) => reference.getValueAtPercentile(p)), max: reference.maxValue, count: reference.totalCount };
      expect(got, `set ${set}`).toEqual(want);
      expect(ours.mean).toBeCloseTo(reference.mean, 6);
    }
  });

  it.each([
    // value, its bucket's lowest and highest equivalent values (what p0 and p100 report for it alone)
    [1, 1, 1],
    [2047, 2047, 2047],
    [2048, 2048, 2049],
    [4095, 4094, 4095],
    [4096, 4096, 4099],
    [1_000_000, 999_936, 1_000_447],
    [2 ** 40 + 12345, 2 ** 40, 2 ** 40 + 2 ** 30 - 1],
  ])('keeps %d in [%d, %d]', (ns, low, high) => {
    const h = new LatencyHistogram();
    h.recordValue(ns);
    expect([h.getValueAtPercentile(0), h.getValueAtPercentile(100), h.maxValue]).toEqual([low, high, ns]);
  });

  it('reports 0 when empty, and percentiles by count', () => {
    const h = new LatencyHistogram();
    expect([h.mean, h.maxValue, h.getValueAtPercentile(50)]).toEqual([0, 0, 0]);
    h.recordValueWithCount(10, 9);
    h.recordValue(1000);
    expect([h.getValueAtPercentile(90), h.getValueAtPercentile(91), h.totalCount, h.mean]).toEqual([10, 1000, 10, 109]);
  });

  it('reports percentiles held to the exact max and the exact mean (a bucket\'s top lay above the max: p999 21,954.56 us over a max of 21,952.36)', () => {
    const rng = makeRng(20261125);
    for (let set = 0; set < 200; set++) {
      const h = new LatencyHistogram();
      const n = 1 + Math.floor(rng.next() * 50);
      let sum = 0;
      let max = 0;
      for (let i = 0; i < n; i++) {
        const ns = 1 + Math.round(rng.next() * 10 ** (1 + rng.next() * 8));
        h.recordValue(ns);
        sum += ns;
        max = Math.max(max, ns);
      }
      const s = h.summary();
      expect([s.p50 <= s.p90, s.p90 <= s.p99, s.p99 <= s.p999, s.p999 <= s.max, s.mean <= s.max], `set ${set}`).toEqual([true, true, true, true, true]);
      expect(s.max).toBe(max);
      expect(s.mean).toBe(sum / n);
    }
    // One value above 2,047 ns: its bucket's top passed it, now the value itself.
    const one = new LatencyHistogram();
    one.recordValue(21_952_357);
    expect(one.getValueAtPercentile(99.9)).toBeGreaterThan(21_952_357);
    expect(one.summary()).toEqual({ mean: 21_952_357, p50: 21_952_357, p90: 21_952_357, p99: 21_952_357, p999: 21_952_357, max: 21_952_357 });
    expect(new LatencyHistogram().summary()).toEqual({ mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 });
  });
});
