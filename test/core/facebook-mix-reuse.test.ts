/**
 * The Facebook mix's limit check draws every job (its last submission); the run's build then used to draw them all
 * again (0.8 s at 300,000 jobs). The check keeps its draws (LastSubmits.drawn) and a build given them draws no job:
 * the same jobs, so the same digests.
 */
import { describe, expect, it } from 'vitest';
import { type Rng, makeRng } from '../../src/core/rng.js';
import { makeTopology } from '../../src/core/topology.js';
import { planWorkload } from '../../src/core/workload.js';
import { LastSubmits, workloadLimitErrors } from '../../src/core/workload-limits.js';
import type { FacebookWorkload } from '../../src/core/scenario.js';
import { scenario } from '../helpers.js';

/** `rng`, counting the job streams forked under it (a job drawn: facebookDraws forks "job:i"). */
function counting(rng: Rng, forks: { jobs: number }): Rng {
  return { ...rng, fork: (name) => (name.startsWith('job:') && forks.jobs++, counting(rng.fork(name), forks)) };
}

describe('a build reuses the Facebook mix the limit check drew', () => {
  it.each([
    ['distribution', 'io'],
    ['benchmark', 'mixed'],
    ['distribution', 'cpu'],
  ])('sizes %s, type %s: the same jobs, none drawn again', (sizes, type) => {
    const s = scenario({ seed: 7, cluster: { racks: 2, nodesPerRack: 5 }, workload: { kind: 'facebook', jobs: 300, sizes, type, meanInterarrivalMs: 900 } });
    const kept = new LastSubmits();
    expect(workloadLimitErrors(s, undefined, kept)).toEqual([]);
    const mix = kept.drawn(s.workload as FacebookWorkload, s.seed);
    expect(mix).toBeDefined();
    const forks = { jobs: 0 };
    const reused = planWorkload(s, makeTopology(s.cluster, s.seed), counting(makeRng(s.seed), forks), undefined, undefined, mix);
    expect(forks.jobs).toBe(0);
    const drawn = planWorkload(s, makeTopology(s.cluster, s.seed), counting(makeRng(s.seed), forks));
    expect(forks.jobs).toBe(300);
    expect(reused.jobs).toEqual(drawn.jobs);
    expect(reused.plan).toEqual(drawn.plan);
  });

  it('keeps the draws of the last few workloads only (their last submissions longer)', () => {
    const kept = new LastSubmits(64, 2);
    const w = (seed: number): FacebookWorkload => scenario({ seed, workload: { kind: 'facebook', jobs: 20 } }).workload as FacebookWorkload;
    for (const seed of [1, 2, 3]) kept.of(w(seed), seed);
    expect([1, 2, 3].map((seed) => kept.drawn(w(seed), seed) !== undefined)).toEqual([false, true, true]);
  });
});
