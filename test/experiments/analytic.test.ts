/**
 * The analytic checks (src/experiments/analytic.ts) against records made up here: a verdict must come from the
 * simulated numbers, so with no map node-local every shape of these experiments reads "does not hold". analytic-ld's
 * "the Facebook example's arithmetic: 1 - e^(-3 x 270 / 620) is 73%" was a shape that held whatever the runs gave (it
 * computes the paper's constants only), and counted among the shapes that hold.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYTIC } from '../../src/experiments/analytic.js';
import { sweepOf } from '../../src/experiments/run.js';
import type { Run } from '../../src/experiments/stats.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A run of a sweep point in which no map ran node-local: its jobs as the point's workload groups name them. */
function nonLocalRun(values: Record<string, unknown>, seed: number, groups: ReadonlyArray<{ name: string; count?: number; maps: number }>): Run {
  const jobs = groups.flatMap((g) => Array.from({ length: g.count ?? 1 }, (_, i) => ({
    id: `${g.name}-${i}`, maps: g.maps, nodeLocalMaps: 0, rackLocalMaps: 0, responseMs: 1000, submitMs: 0, finishMs: 1000,
  })));
  const maps = jobs.reduce((a, j) => a + j.maps, 0);
  return { values, seed, jobs, summary: { maps, locality: { node: 0, rack: 0, off: 1 } } } as unknown as Run;
}

describe('analytic experiments: every shape can come out "does not hold"', () => {
  it.each(ANALYTIC.map((e) => e.id))('%s: with no map node-local, no shape holds', (id) => {
    const e = ANALYTIC.find((x) => x.id === id)!;
    const sweep = sweepOf(e, ROOT, false);
    const records = sweep.points.flatMap((p) => sweep.seeds.map((seed) => {
      const w = p.scenario.workload as { groups: Array<{ name: string; count?: number; maps: number }> };
      return nonLocalRun(p.values, seed, w.groups);
    }));
    const a = e.analyze(records, sweep);
    expect(a.checks.length).toBeGreaterThan(0);
    for (const c of a.checks) expect(c.holds, `${c.shape}: ${c.detail}`).toBe(false);
  });
});

describe('analytic-sticky: the set-up says what runs', () => {
  // It said "n equal 1,000-map jobs ... n = 5, 10, 20" where the 20 jobs have 500 maps each.
  it('names the map count of every job count it sweeps', () => {
    const e = ANALYTIC.find((x) => x.id === 'analytic-sticky')!;
    const sweep = sweepOf(e, ROOT, false);
    const said = new Set([...(sweep.description ?? '').matchAll(/(\d[\d,]*)(?:-map| maps)\b/g)].map((m) => Number(m[1].replace(/,/g, ''))));
    const swept = sweep.points.map((p) => (p.scenario.workload as { groups: Array<{ count: number; maps: number }> }).groups[0]);
    expect([...new Set(swept.map((g) => g.count))]).toEqual([5, 10, 20]);
    for (const g of swept) expect([...said], `${g.count} jobs of ${g.maps} maps`).toContain(g.maps);
  });
});
