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
});
