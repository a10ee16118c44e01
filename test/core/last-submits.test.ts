/**
 * The Facebook mix's drawn last arrival, kept by the caller (LastSubmits) rather than in the core: the limit errors a
 * kept value gives are those a fresh draw gives, whatever was checked before with the same LastSubmits.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario.js';
import { LastSubmits, workloadLimitErrors } from '../../src/core/workload-limits.js';

/** A Facebook mix whose last arrival, as `seed` draws it, passes the limit on simulated time: the error names it. */
const late = (seed: number, jobs: number) => {
  const p = parseScenario({ seed, cluster: { racks: 1, nodesPerRack: 4 }, workload: { kind: 'facebook', jobs, meanInterarrivalMs: 100_000_000 } });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.value;
};

describe('LastSubmits', () => {
  it('gives the errors a fresh draw gives, by seed and by workload, through evictions', () => {
    const checks = [[1, 100], [2, 100], [1, 100], [1, 101], [2, 100], [1, 100]] as const;
    const fresh = checks.map(([seed, jobs]) => workloadLimitErrors(late(seed, jobs)));
    // each names its own drawn arrival: seeds and workloads differ
    expect(fresh.map((e) => e.join()).every((e) => /the last job would arrive at .* = \d+ ms/.test(e))).toBe(true);
    expect(new Set(fresh.map((e) => e.join())).size).toBe(3);
    for (const held of [1, 2, 64]) {
      const kept = new LastSubmits(held);
      expect(checks.map(([seed, jobs]) => workloadLimitErrors(late(seed, jobs), undefined, kept)), `held ${held}`).toEqual(fresh);
    }
  });
});
