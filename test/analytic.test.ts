/** The analysis of SPEC.md section 5 (paper section 3.5), checked against simulated runs. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/actors/simulate.js';
import { loadVariant } from './helpers.js';

const M = 100; // nodes (one map slot each) in head-of-line.json and sticky-slots.json
const R = 3;

async function smallJobLocality(maxSkips: number, seeds: number[], groups?: unknown): Promise<{ node: number; jobs: number }> {
  let local = 0;
  let maps = 0;
  for (const seed of seeds) {
    const sets: Array<[string, unknown]> = [['seed', seed], ['scheduler.delay', maxSkips === 0 ? { mode: 'none' } : { mode: 'skip', maxSkips }]];
    if (groups) sets.push(['workload.groups', groups]);
    const r = await simulate(loadVariant('head-of-line.json', 'Naive fair', sets), { timeDecisions: false });
    for (const j of r.jobs.filter((x) => x.id.startsWith(groups ? 'medium' : 'small'))) {
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
});

describe('sticky slots (paper 3.3.2)', () => {
  it('naive fair stays under 1 - (1 - f)^(RL); delay scheduling breaks the bound', async () => {
    const f = 0.1; // 10 equal jobs
    const L = 1;
    const bound = 1 - (1 - f) ** (R * L);
    for (const seed of [1, 2]) {
      const naive = await simulate(loadVariant('sticky-slots.json', 'Naive fair', [['seed', seed]]), { timeDecisions: false });
      expect(naive.summary.locality.node).toBeLessThan(bound + 0.02);
      const delay = await simulate(loadVariant('sticky-slots.json', 'Fair + skip D=10', [['seed', seed]]), { timeDecisions: false });
      expect(delay.summary.locality.node).toBeGreaterThan(0.95);
    }
  });
});
