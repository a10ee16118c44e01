/**
 * `hfsim experiments`: every experiment's sweep loads (full and --quick); the same seeds regenerate EXPERIMENTS.md and
 * its charts byte for byte, in this process or on worker processes; the macrobenchmarks' shapes hold on the quick set.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { EXPERIMENTS } from '../../src/experiments/catalog.js';
import { figureSvg } from '../../src/experiments/figure.js';
import { experimentsMarkdown } from '../../src/experiments/markdown.js';
import { runExperiments, selectExperiments, sweepOf } from '../../src/experiments/run.js';
import { InputError } from '../../src/cli/errors.js';

const ROOT = join(import.meta.dirname, '..', '..');

async function document(only: string, parallel: number): Promise<{ md: string; svgs: string[]; checks: Array<{ id: string; shape: string; holds: boolean }> }> {
  const { outcomes, missing } = await runExperiments(selectExperiments(EXPERIMENTS, only), { root: ROOT, quick: true, parallel });
  const svgs: string[] = [];
  for (const o of outcomes) svgs.push(await figureSvg(o.experiment.id, o.analysis.figure));
  const checks = outcomes.flatMap((o) => o.analysis.checks.map((c) => ({ id: o.experiment.id, shape: c.shape, holds: c.holds })));
  return { md: experimentsMarkdown(outcomes, missing, { quick: true, svgDir: 'experiments' }), svgs, checks };
}

describe('experiments', () => {
  // An experiment whose scenario has not landed (`requires`) is listed as missing instead; its sweep cannot load yet.
  const ready = EXPERIMENTS.filter((e) => e.requires === undefined || existsSync(join(ROOT, e.requires)));
  it.each(ready.map((e) => e.id))('%s: its sweep loads, full and quick (quick with at least 2 seeds)', (id) => {
    const e = EXPERIMENTS.find((x) => x.id === id)!;
    const full = sweepOf(e, ROOT, false);
    const quick = sweepOf(e, ROOT, true);
    expect(quick.seeds.length).toBeGreaterThanOrEqual(2);
    expect(quick.points.length).toBeLessThanOrEqual(full.points.length);
  });

  it('macro-io runs each variant on the flat model and on the fluid one at 1:1 and 10:1; --quick keeps flat and 10:1', () => {
    const e = EXPERIMENTS.find((x) => x.id === 'macro-io')!;
    const models = (quick: boolean): string[] => [...new Set(sweepOf(e, ROOT, quick).points.map((p) =>
      `${p.scenario.cluster.network.model} ${p.scenario.cluster.network.oversubscription}`))];
    expect(models(false)).toEqual(['flat 1', 'fluid 1', 'fluid 10']);
    expect(models(true)).toEqual(['flat 1', 'fluid 10']);
    expect(sweepOf(e, ROOT, true).points.filter((p) => p.scenario.cluster.network.model === 'fluid').every((p) => !p.scenario.cluster.network.rackAware)).toBe(true);
  });

  it('ids are unique, and --only refuses an unknown one naming it', () => {
    expect(new Set(EXPERIMENTS.map((e) => e.id)).size).toBe(EXPERIMENTS.length);
    expect(() => selectExperiments(EXPERIMENTS, 'macro-io,nope')).toThrow(InputError);
    expect(() => selectExperiments(EXPERIMENTS, 'nope')).toThrow(/"nope"/);
    // an empty list wrote a document of 0 experiments over EXPERIMENTS.md
    for (const empty of ['', ' , ,']) expect(() => selectExperiments(EXPERIMENTS, empty)).toThrow(/--only: names no experiment/);
    expect(selectExperiments(EXPERIMENTS, 'dsfs,copy-compute').map((e) => e.id)).toEqual(['dsfs', 'copy-compute']); // catalog order
  });

  it.skipIf(existsSync(join(ROOT, 'scenarios/dsbra.json')))('an experiment whose scenario has not landed is listed as missing, and nothing runs', async () => {
    const { outcomes, missing } = await runExperiments(selectExperiments(EXPERIMENTS, 'dsbra'), { root: ROOT, quick: true, parallel: 0 });
    expect(outcomes).toEqual([]);
    expect(missing.map((m) => m.experiment.id)).toEqual(['dsbra']);
    expect(experimentsMarkdown(outcomes, missing, { quick: true, svgDir: 'experiments' })).toContain('not run: its scenario scenarios/dsbra.json is not in this checkout yet');
  });

  it('the same seeds give the same document and charts, in this process and on 2 worker processes', async () => {
    const a = await document('copy-compute,dsfs', 0);
    const b = await document('copy-compute,dsfs', 2);
    expect(b.md).toBe(a.md);
    expect(b.svgs).toEqual(a.svgs);
    expect(a.md).toMatch(/## 2\. Copy-compute splitting/);
    expect(a.svgs.every((s) => s.startsWith('<svg') && s.includes('simulated'))).toBe(true);
  }, 120_000);

  it('the papers\' shapes hold on the quick set: locality with delay, small jobs under fair, delay\'s gain in IO-heavy and not CPU-heavy, sticky slots\' losses', async () => {
    const { checks } = await document('macro-io,macro-cpu,sticky-slots', 0);
    const verdict = (id: string, start: string): boolean => {
      const c = checks.find((x) => x.id === id && x.shape.startsWith(start));
      if (c === undefined) throw new Error(`no check "${start}" in ${id}`);
      return c.holds;
    };
    for (const id of ['macro-io', 'macro-cpu']) {
      expect(verdict(id, 'node locality near 100%')).toBe(true);
      expect(verdict(id, 'small jobs (bins 1, 2, 3) much faster')).toBe(true);
    }
    expect(verdict('macro-io', 'delay scheduling speeds up the IO-heavy workload')).toBe(true);
    expect(verdict('macro-cpu', 'no gain from delay scheduling')).toBe(true);
    expect(verdict('sticky-slots', 'sticky slots cost naive fair sharing locality')).toBe(true);
    expect(verdict('sticky-slots', 'sticky slots cost throughput')).toBe(true);
  }, 120_000);
});
