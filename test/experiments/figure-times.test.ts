/**
 * A figure of times draws its intervals from 0: `hfsim experiments --quick --only dsfs` drew the 16-map jobs' mean
 * completion time with a 95% interval (Student t over 2 seeds) down to about -80 s, on a y axis ticked "−50" under
 * "mean completion time (s)". Shares were already cut at 0-100%; the document's table keeps every interval whole.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../src/experiments/catalog.js';
import type { Figure } from '../../src/experiments/experiment.js';
import { figureSvg } from '../../src/experiments/figure.js';
import { runExperiments, selectExperiments } from '../../src/experiments/run.js';

const ROOT = join(import.meta.dirname, '..', '..');
const negativeTicks = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([−-][0-9][^<]*)<\/text>/g)].map((m) => m[1]);

describe('a figure of times', () => {
  it('draws an interval that a few seeds stretch below 0 s from 0', async () => {
    const fig: Figure = {
      title: 'times', xTitle: 'maps per job', yTitle: 'mean completion time (s)', x: 'ordinal', nonNegative: true,
      paper: { title: 'paper', points: [], note: 'not in papers/' },
      simulated: { title: 'simulated', points: [{ x: '16', series: 'naive', mean: 70, lo: -60, hi: 200 }, { x: '1', series: 'naive', mean: 16, lo: 10, hi: 22 }] },
    };
    expect(negativeTicks(await figureSvg('t', fig))).toEqual([]);
    // without the flag (a gain that can be negative, dsbra's) the interval is drawn whole
    expect(negativeTicks(await figureSvg('t', { ...fig, nonNegative: undefined })).length).toBeGreaterThan(0);
  });

  it('dsfs --quick: no negative tick on its completion times', async () => {
    const { outcomes } = await runExperiments(selectExperiments(EXPERIMENTS, 'dsfs'), { root: ROOT, quick: true, parallel: 0 });
    const fig = outcomes[0].analysis.figure;
    expect(fig.simulated.points.some((p) => p.lo !== null && p.lo !== undefined && p.lo < 0)).toBe(true); // the quick run's interval does pass 0
    expect(negativeTicks(await figureSvg('dsfs', fig))).toEqual([]);
  }, 120_000);
});
