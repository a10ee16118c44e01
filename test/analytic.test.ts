/** The analysis of SPEC.md section 5 (paper section 3.5), checked against simulated runs. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/actors/simulate.js';
import { expectedLocality, skipsFor } from '../src/experiments/analytic.js';
import { loadVariant } from './helpers.js';

const M = 100; // nodes (one map slot each) in head-of-line.json and sticky-slots.json
const R = 3;

/** Another cluster than head-of-line.json's 10 x 10 one-slot nodes with R = 3. */
interface Cluster { racks: number; nodesPerRack: number; L: number; R: number }

/** Node locality of the jobs of `groups`' last group (head-of-line.json's "small" jobs when no groups are given). */
async function smallJobLocality(maxSkips: number, seeds: number[], groups?: ReadonlyArray<{ name: string }>, cluster?: Cluster): Promise<{ node: number; jobs: number }> {
  const measured = groups === undefined ? 'small' : groups[groups.length - 1].name;
  let local = 0;
  let maps = 0;
  for (const seed of seeds) {
    const sets: Array<[string, unknown]> = [['seed', seed], ['scheduler.delay', maxSkips === 0 ? { mode: 'none' } : { mode: 'skip', maxSkips }]];
    if (groups) sets.push(['workload.groups', groups]);
    if (cluster) {
      sets.push(['cluster.racks', cluster.racks], ['cluster.nodesPerRack', cluster.nodesPerRack], ['cluster.mapSlotsPerNode', cluster.L], ['hdfs.replication', cluster.R]);
    }
    const r = await simulate(loadVariant('head-of-line.json', 'Naive fair', sets), { timeDecisions: false });
    for (const j of r.jobs.filter((x) => x.id.startsWith(measured))) {
      local += j.nodeLocalMaps;
      maps += j.maps;
    }
  }
  return { node: local / maps, jobs: maps };
}

describe('head-of-line scheduling with skip count D (paper 3.5)', () => {
  const p = R / M;
  // Algorithm 2 looks at D + 1 offers: D skips, then a launch wherever it is.
  it.each([5, 10])('D = %i: node locality of 1-map jobs matches 1 - (1 - p)^(D+1) within 3 points', async (D) => {
    const { node } = await smallJobLocality(D, [1, 2, 3]);
    expect(Math.abs(node - (1 - (1 - p) ** (D + 1)))).toBeLessThan(0.03);
  });

  it('D = 40: offers come from distinct nodes, so locality follows sampling without replacement (within 3 points)', async () => {
    const D = 40;
    let miss = 1;
    for (let i = 0; i <= D; i++) miss *= 1 - R / (M - i);
    const { node } = await smallJobLocality(D, [1, 2, 3]);
    expect(Math.abs(node - (1 - miss))).toBeLessThan(0.03);
    expect(node).toBeGreaterThan(1 - (1 - p) ** (D + 1)); // "a little higher still"
  });

  // "The wait is at most D T / S": slots free at S / T a second (durationJitter 0.5 spreads the 20 s maps, so the 100
  // slots free about evenly), and the job at the head looks at offers until one is local or D have gone by. The k-th
  // offer is looked at when none of the k before was local, so the mean wait is T / S x sum over k = 0..D of
  // (1 - p)^k = (T / S) (1 - (1 - p)^(D+1)) / p: 1.9 s at D = 10, 4.8 s at D = 40 (the runs: 2.1 and 4.9 s). What
  // skipping adds to naive fair's wait for its first offer (0.2 s) stays within D T / S. A skip counted per heartbeat
  // instead of per offer waits 100 times less; per round of the heartbeats, 15 times more.
  const T = 20_000;
  const meanWait = async (D: number): Promise<number> => {
    let waited = 0;
    let jobs = 0;
    for (const seed of [1, 2]) {
      const first = new Map<number, number>();
      const s = loadVariant('head-of-line.json', 'Naive fair', [['seed', seed], ['scheduler.delay', D === 0 ? { mode: 'none' } : { mode: 'skip', maxSkips: D }]]);
      const r = await simulate(s, { timeDecisions: false, observer: { launched: (now, _node, job) => { if (!first.has(job)) first.set(job, now); } } });
      r.jobs.forEach((j, i) => {
        if (!j.id.startsWith('small')) return;
        waited += first.get(i)! - j.submitMs;
        jobs++;
      });
    }
    expect(jobs).toBe(2000);
    return waited / jobs;
  };
  let naiveWait: Promise<number> | undefined;
  it.each([10, 40])('D = %i: a 1-map job waits for offers at S / T a second until one is local or D are skipped: skipping adds at most D T / S', async (D) => {
    const naive = await (naiveWait ??= meanWait(0));
    const mean = await meanWait(D);
    const expected = ((T / M) * (1 - (1 - p) ** (D + 1))) / p;
    expect(Math.abs(mean - expected) / expected, `mean wait ${mean.toFixed(0)} ms, expected ${expected.toFixed(0)} ms`).toBeLessThan(0.15);
    expect(mean - naive).toBeLessThanOrEqual((D * T) / M);
  });

  it('naive fair gives small jobs about the fraction of nodes that hold their data', async () => {
    const { node } = await smallJobLocality(0, [1, 2]);
    expect(Math.abs(node - p)).toBeLessThan(0.02);
  });

  // The analysis follows one job at the head of the queue, offered every slot that frees. The jobs arrive every 30 s
  // (fixed): with exponential gaps of mean 30 s a newer job (fewer running tasks) often heads the queue while an older
  // one still launches, takes the slots the older one would have launched locally on, and l(D) ran 3.3 points above
  // the simulation at D = 5 over seeds 1-6 (68.7%). Alone, 12 seeds give 70.1% (72.0% analytic), seed to seed +-1.2:
  // what is left is Algorithm 2's own (a job past D skips launches non-local maps without waiting, the paper's
  // footnote to 3.5, against D + 1 offers from mostly distinct nodes).
  it.each([5, 10, 40])('D = %i: a 20-map job\'s locality over its life matches l(D) within 3 points', async (D) => {
    const N = 20;
    let sum = 0;
    for (let K = 1; K <= N; K++) sum += (1 - K / M) ** (R * D);
    const l = 1 - sum / N;
    const medium = [
      { name: 'background', count: 1, maps: 40000, mapMs: 20000 },
      { name: 'medium', count: 200, maps: N, mapMs: 20000, startMs: 30000, intervalMs: 30000, arrivals: 'fixed' },
    ];
    const { node } = await smallJobLocality(D, [1, 2, 3, 4], medium);
    expect(Math.abs(node - l)).toBeLessThan(0.03);
  });

  // The claim itself, not only its arithmetic: a D of 0.23 M (D = 24 on 100 nodes) gives 20-map jobs at least 95%, where
  // D = 10 does not (seeds 1-4: 97.9% and 88.7%).
  it('D = ceil(-(M/R) ln((1 - lambda) N / (1 + (1 - lambda) N))) = 24 gives a 20-map job locality lambda = 0.95; D = 10 falls short', async () => {
    const N = 20;
    const D = Math.ceil(skipsFor(0.95, N, M, R));
    expect(D).toBe(24);
    const medium = [
      { name: 'background', count: 1, maps: 40000, mapMs: 20000 },
      { name: 'medium', count: 200, maps: N, mapMs: 20000, startMs: 30000, intervalMs: 30000, arrivals: 'fixed' },
    ];
    expect((await smallJobLocality(D, [1, 2, 3, 4], medium)).node).toBeGreaterThanOrEqual(0.95);
    expect((await smallJobLocality(10, [1, 2, 3, 4], medium)).node).toBeLessThan(0.95);
  });
});

describe('sticky slots (paper 3.3.2)', () => {
  // The paper's "at most" holds here within 2 points, not strictly: seeds 1 and 2 give 28.9% and 28.0% against the
  // bound's 27.1% (EXPERIMENTS.md's analytic-sticky and sticky-slots say the same of their runs).
  // Two-sided: the bound is what stickiness gives (each job's 1,000 blocks have replicas on every node, so a job offered
  // slots at random would run almost all its maps node-local); a run far below it (a job re-offered its slot and not
  // taking the local map there first) passed the upper check alone.
  it('naive fair stays within 2 points above 1 - (1 - f)^(RL), which it slightly exceeds, and not 3 below; delay scheduling breaks the bound', async () => {
    const f = 0.1; // 10 equal jobs
    const L = 1;
    const bound = 1 - (1 - f) ** (R * L);
    for (const seed of [1, 2]) {
      const naive = await simulate(loadVariant('sticky-slots.json', 'Naive fair', [['seed', seed]]), { timeDecisions: false });
      expect(naive.summary.locality.node).toBeLessThan(bound + 0.02);
      expect(naive.summary.locality.node).toBeGreaterThan(bound - 0.03);
      const delay = await simulate(loadVariant('sticky-slots.json', 'Fair + skip D=10', [['seed', seed]]), { timeDecisions: false });
      expect(delay.summary.locality.node).toBeGreaterThan(0.95);
    }
  });
});

describe('the arithmetic of section 3.5, as src/experiments/analytic.ts computes it', () => {
  const lowerBound = (D: number, N: number, M: number, R: number): number => {
    const e = Math.exp((-R * D) / M);
    return 1 - e / (N * (1 - e));
  };

  it('l(D) is 1 - (1/N) sum over K = 1..N of (1 - K/M)^(RD), and at least 1 - e^(-RD/M) / (N (1 - e^(-RD/M)))', () => {
    expect(expectedLocality(1, 1, 4, 1)).toBeCloseTo(0.25, 12); // one map, one replica on 1 of 4 nodes, one offer
    expect(expectedLocality(2, 2, 4, 1)).toBeCloseTo(1 - ((3 / 4) ** 2 + (2 / 4) ** 2) / 2, 12);
    for (const [M, R] of [[20, 1], [50, 2], [100, 3], [620, 3], [3000, 5]]) {
      for (const N of [1, 5, 20, 200]) {
        for (const D of [1, 5, 10, 40, 270]) {
          if (N > M) continue;
          expect(expectedLocality(D, N, M, R)).toBeGreaterThanOrEqual(lowerBound(D, N, M, R) - 1e-12);
        }
      }
    }
  });

  it('D >= -(M/R) ln((1 - lambda) N / (1 + (1 - lambda) N)) solves lower bound = lambda; lambda = 0.95, N = 20, R = 3 gives 0.23 M', () => {
    for (const M of [100, 620, 3000]) {
      expect(skipsFor(0.95, 20, M, 3) / M).toBeCloseTo(0.231, 3);
      expect(lowerBound(skipsFor(0.95, 20, M, 3), 20, M, 3)).toBeCloseTo(0.95, 9);
      expect(lowerBound(skipsFor(0.8, 5, M, 2), 5, M, 2)).toBeCloseTo(0.8, 9);
      expect(expectedLocality(Math.ceil(skipsFor(0.95, 20, M, 3)), 20, M, 3)).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('the Facebook example: D = 270, M = 620, R = 3 gives a 1-task job at least 73%', () => {
    expect(1 - Math.exp((-3 * 270) / 620)).toBeCloseTo(0.73, 2);
    expect(expectedLocality(270, 1, 620, 3)).toBeGreaterThanOrEqual(1 - Math.exp((-3 * 270) / 620));
  });
});

/**
 * The same analysis on clusters other than head-of-line.json's (100 one-slot nodes, R = 3): other node counts,
 * replication and slots per node, where a skip-count off by one or a p taken from the wrong cluster size shows.
 */
describe('section 3.5 on other clusters', () => {
  // Algorithm 2 looks at D + 1 offers; offers from distinct nodes: sampling without replacement.
  const exact = (D: number, M: number, R: number): number => {
    let miss = 1;
    for (let i = 0; i <= D; i++) miss *= Math.max(0, 1 - R / (M - i));
    return 1 - miss;
  };

  it('20 one-slot nodes, R = 4 (p = 0.2), D = 5: 1-map jobs within 3 points of D + 1 distinct offers, clear of D offers', async () => {
    const cluster = { racks: 4, nodesPerRack: 5, L: 1, R: 4 };
    const { node } = await smallJobLocality(5, [1, 2, 3], undefined, cluster);
    expect(Math.abs(node - exact(5, 20, 4))).toBeLessThan(0.03); // 79.3%
    expect(node).toBeGreaterThan(exact(4, 20, 4) + 0.03); // 71.8%: what launching after D - 1 skips would give
  });

  // Section 4.1's Facebook example run, not only its arithmetic: on M = 620 one-slot nodes with R = 3, a skip count of
  // D = 270 gives 1-task jobs at least 1 - e^(-RD/M) = 73% (seeds 1-2: 82.8%, against 82.2% for D + 1 offers from distinct
  // nodes), where naive fair gives them p = 0.5%.
  it('the Facebook example: 620 one-slot nodes, R = 3, D = 270: 1-map jobs at least 73%, within 3 points of D + 1 distinct offers', async () => {
    const cluster = { racks: 31, nodesPerRack: 20, L: 1, R: 3 };
    const groups = [
      { name: 'background', count: 1, maps: 120000, mapMs: 20000 },
      { name: 'small', count: 400, maps: 1, mapMs: 20000, startMs: 30000, intervalMs: 7000, arrivals: 'exponential' },
    ];
    const { node, jobs } = await smallJobLocality(270, [1, 2], groups, cluster);
    expect(jobs).toBe(800);
    expect(node).toBeGreaterThanOrEqual(1 - Math.exp((-3 * 270) / 620));
    expect(Math.abs(node - exact(270, 620, 3))).toBeLessThan(0.03);
    expect((await smallJobLocality(0, [1, 2], groups, cluster)).node).toBeLessThan(0.02);
  });

  it('50 two-slot nodes, R = 2 (p = 0.04): naive fair near p, D = 10 within 3 points of D + 1 distinct offers', async () => {
    const cluster = { racks: 5, nodesPerRack: 10, L: 2, R: 2 };
    const naive = await smallJobLocality(0, [1, 2], undefined, cluster);
    expect(Math.abs(naive.node - 2 / 50)).toBeLessThan(0.015);
    const { node } = await smallJobLocality(10, [1, 2, 3], undefined, cluster);
    expect(Math.abs(node - exact(10, 50, 2))).toBeLessThan(0.03); // 39.5%
  });

  // l(D) counts D offers with replacement: on 50 nodes at D = 10 and 20 the D + 1 offers from distinct nodes lift the
  // simulation above it (84.4% against 81.0%, 96.7% against 92.1%, seeds 1-4), towards the same sum with each K's
  // miss counted without replacement (85.3%, 95.1%). The band is l(D) - 3 points (the footnote's non-local launches
  // without waiting) to that count + 3 points.
  it.each([10, 20])('50 one-slot nodes, R = 2, D = %i: a 10-map job\'s locality lies between l(D) and its exact count (3 points)', async (D) => {
    const N = 10;
    const M = 50;
    const R = 2;
    let miss = 0;
    for (let K = 1; K <= N; K++) {
      const preferred = M * (1 - (1 - K / M) ** R);
      let m = 1;
      for (let i = 0; i <= D; i++) m *= Math.max(0, 1 - preferred / (M - i));
      miss += m;
    }
    const groups = [
      { name: 'background', count: 1, maps: 40000, mapMs: 20000 },
      { name: 'medium', count: 200, maps: N, mapMs: 20000, startMs: 30000, intervalMs: 30000, arrivals: 'fixed' },
    ];
    const { node } = await smallJobLocality(D, [1, 2, 3, 4], groups, { racks: 5, nodesPerRack: 10, L: 1, R });
    expect(node).toBeGreaterThan(expectedLocality(D, N, M, R) - 0.03);
    expect(node).toBeLessThan(1 - miss / N + 0.03);
  });

  it.each([
    [5, 10, 2, 5], // 50 nodes, R = 2, f = 1/5: bound 36.0%
    [4, 10, 4, 8], // 40 nodes, R = 4, f = 1/8: bound 41.4%
  ])('sticky slots, %i x %i one-slot nodes, R = %i, %i equal jobs: naive fair within 3 points of 1 - (1 - f)^(RL)', async (racks, nodesPerRack, R, jobs) => {
    const bound = 1 - (1 - 1 / jobs) ** R;
    for (const seed of [1, 2]) {
      const r = await simulate(loadVariant('sticky-slots.json', 'Naive fair', [['seed', seed], ['cluster.racks', racks], ['cluster.nodesPerRack', nodesPerRack], ['hdfs.replication', R],
        ['workload.groups', [{ name: 'job', count: jobs, maps: 1000, mapMs: 20000 }]]]), { timeDecisions: false });
      expect(Math.abs(r.summary.locality.node - bound)).toBeLessThan(0.03);
    }
  });
});
