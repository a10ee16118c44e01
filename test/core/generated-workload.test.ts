/** The generated workload: each group's jobs, their submit times (fixed or exponential gaps from startMs), sizes and pools. */
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/core/rng.js';
import { makeTopology } from '../../src/core/topology.js';
import { buildWorkload } from '../../src/core/workload.js';
import { scenario } from '../helpers.js';

const cluster = { racks: 2, nodesPerRack: 3 };

/** Each job's submit time, by id, of a generated workload of `groups`. */
function submits(groups: unknown[], seed = 1): Map<string, number> {
  const s = scenario({ seed, cluster, workload: { kind: 'generated', groups } });
  return new Map(buildWorkload(s, makeTopology(s.cluster, s.seed), makeRng(s.seed)).jobs.map((j) => [j.id, j.submitMs]));
}

describe('generated workload', () => {
  it('fixed arrivals: job k of a group arrives at startMs + k x intervalMs', () => {
    const at = submits([{ name: 'g', count: 4, maps: 1, mapMs: 1000, startMs: 700, intervalMs: 2500 }]);
    expect([...at.values()]).toEqual([700, 3200, 5700, 8200]);
  });

  // A fractional intervalMs summed gap by gap gave 0, 0.3, 0.6, 0.8999999999999999 ...: submit times off the whole ms
  // that every other arrival keeps (a listed job's submitMs and a group's startMs must be whole; exponential gaps are
  // rounded), and the results' submitMs and responseMs showed the float error.
  it('fixed arrivals of a fractional intervalMs arrive at whole ms, startMs + k x intervalMs rounded', () => {
    const at = submits([{ name: 'g', count: 11, maps: 1, mapMs: 1000, startMs: 5, intervalMs: 0.3 }]);
    expect([...at.values()]).toEqual([5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8]);
  });

  it('exponential arrivals: whole ms, gaps averaging intervalMs', () => {
    const gaps: number[] = [];
    for (const seed of [1, 2, 3]) {
      const at = [...submits([{ name: 'g', count: 2000, maps: 1, mapMs: 1000, startMs: 100, intervalMs: 400.5, arrivals: 'exponential' }], seed).values()];
      expect(at[0]).toBe(100);
      at.slice(1).forEach((t, k) => gaps.push(t - at[k]));
      expect(at.every(Number.isInteger)).toBe(true);
    }
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(Math.abs(mean - 400.5)).toBeLessThan(400.5 * 0.05);
  });
});
