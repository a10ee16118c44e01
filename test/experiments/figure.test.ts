/**
 * An experiment's figure as a reader sees its SVG: category labels apart from each other, and each panel's title
 * just above its plot however long the y axis title (vega lays the SVG out in Node, reckoning text at 0.8 em a
 * character: src/report/wrap.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Figure } from '../../src/experiments/experiment.js';
import { categoryAxis, figureSvg } from '../../src/experiments/figure.js';

// dsbra.ts's measures
const MEASURES = ['response time cut (%)', 'node locality gain (points)', '1-2-map jobs\' locality gain (points)',
  'delay waiting cut (%)', 'extra storage, mean (%)', 'extra storage, peak (%)'];

function figure(yTitle: string, xs: readonly string[]): Figure {
  return {
    title: 'a figure', xTitle: 'measure', yTitle, x: 'ordinal',
    paper: { title: 'paper', points: xs.map((x, i) => ({ x, series: 'gain', mean: i + 1 })) },
    simulated: { title: 'simulated', points: xs.map((x, i) => ({ x, series: 'gain', mean: i + 1, lo: i, hi: i + 2 })) },
  };
}

/** Each x axis label of the SVG: its centre and its lines. */
function labels(svg: string): Array<{ x: number; lines: string[] }> {
  const axes = [...svg.matchAll(/aria-label="X-axis[\s\S]*?role-axis-label[^>]*>([\s\S]*?)<\/g>/g)].map((m) => m[1]);
  return axes.flatMap((axis) => [...axis.matchAll(/<text[^>]*transform="translate\(([-\d.]+),[-\d.]+\)"[^>]*>([\s\S]*?)<\/text>/g)].map((m) => ({
    x: Number(m[1]),
    lines: m[2].includes('<tspan') ? [...m[2].matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((t) => t[1]) : [m[2]],
  })));
}

/** How far above its plot each panel's title sits (the y of its translate; the figure's own title is the last). */
function panelTitleOffsets(svg: string): number[] {
  return [...svg.matchAll(/role-title"><g transform="translate\([-\d.]+,([-\d.]+)\)"/g)].map((m) => Number(m[1])).slice(0, 2);
}

describe('experiment figures', () => {
  it('six long measures (dsbra): no label runs into the next, at 6 px a character of its widest line', async () => {
    const svg = await figureSvg('t', figure('% or points', MEASURES));
    const drawn = labels(svg);
    expect(drawn).toHaveLength(12); // both panels
    for (const panel of [drawn.slice(0, 6), drawn.slice(6)]) {
      expect(panel.map((l) => l.lines.join(' '))).toEqual(MEASURES); // whole, not cut with an ellipsis
      for (let i = 1; i < panel.length; i++) {
        const half = (l: { lines: string[] }): number => (6 * Math.max(...l.lines.map((s) => s.length))) / 2;
        expect(panel[i].x - panel[i - 1].x, `${panel[i - 1].lines} / ${panel[i].lines}`).toBeGreaterThanOrEqual(half(panel[i - 1]) + half(panel[i]));
      }
    }
  });

  it('short labels stay one line at the usual width', () => {
    expect(categoryAxis(['1', '2', '10'])).toEqual({ width: 300, lines: {} });
    expect(categoryAxis(['pool 2: FIFO, 120 s', 'pool 3: fair, 240 s'])).toEqual({ width: 300, lines: {} });
  });

  it('a y title longer than the plot keeps each panel\'s title as close to it as a short one does', async () => {
    const short = panelTitleOffsets(await figureSvg('t', figure('gain (x)', ['a', 'b'])));
    const long = panelTitleOffsets(await figureSvg('t', figure('speedup over FIFO (mean response time)', ['a', 'b'])));
    expect(short).toHaveLength(2);
    // it was -74 against -22: 57 px of gap between macro-mixed's panel titles and their plots
    expect(long).toEqual(short);
  });

  // sticky-slots': the paper's bound, one series, beside the simulated panel's two
  const stickyLike: Figure = {
    title: 'sticky', xTitle: 'concurrent jobs', yTitle: 'node locality', x: 'ordinal', share: true,
    paper: { title: 'paper', points: [{ x: 5, series: 'bound', mean: 0.98 }, { x: 50, series: 'bound', mean: 0.3 }] },
    simulated: { title: 'simulated', points: [5, 50].flatMap((x) => [{ x, series: 'naive fair', mean: 0.97, lo: 0.96, hi: 0.98 }, { x, series: 'fair + delay', mean: 1, lo: 1, hi: 1 }]) },
  };

  /** Each bar of panel `i` (0: the paper's): its series and the x of its centre. */
  function bars(svg: string, i: number): Array<{ series: string; centre: number }> {
    const group = svg.match(new RegExp(`role-mark concat_${i}_layer_0_marks"[^>]*>([\\s\\S]*?)</g>`))![1];
    return [...group.matchAll(/aria-label="[^"]*series: ([^"]*)"[^>]*d="M([-\d.]+),[-\d.]+h([-\d.]+)/g)].map((m) => ({ series: m[1], centre: Number(m[2]) + Number(m[3]) / 2 }));
  }

  it('a panel\'s bars sit on their category, placed among the panel\'s own series only', async () => {
    const svg = await figureSvg('t', stickyLike);
    const ticks = labels(svg);
    expect(ticks.map((t) => t.lines[0])).toEqual(['5', '50', '5', '50']);
    // the paper's one bar a category centred on its label: it sat in the first of three places, 45 px to the left
    const paper = bars(svg, 0);
    expect(paper).toHaveLength(2);
    paper.forEach((b, k) => expect(Math.abs(b.centre - ticks[k].x)).toBeLessThanOrEqual(1));
    // the simulated panel's two, either side of their label
    const sim = bars(svg, 1);
    expect(sim).toHaveLength(4);
    for (const [k, tick] of ticks.slice(2).entries()) {
      const pair = sim.slice(2 * k, 2 * k + 2);
      expect(Math.abs((pair[0].centre + pair[1].centre) / 2 - tick.x)).toBeLessThanOrEqual(1);
    }
  });

  it('a bar of no height is written 0 at its place, so a panel of zeros is not drawn empty (dsbra)', async () => {
    const fig = figure('% or points', MEASURES);
    fig.simulated.points = MEASURES.map((x) => ({ x, series: 'gain', mean: 0, lo: 0, hi: 0 }));
    const svg = await figureSvg('t', fig);
    const zeros = svg.match(/role-mark concat_1_layer_2_marks"[^>]*>([\s\S]*?)<\/g>/)?.[1] ?? '';
    expect([...zeros.matchAll(/<text[^>]*>0<\/text>/g)]).toHaveLength(6);
    // the paper's panel, no zero in it, has none
    expect(svg).not.toMatch(/concat_0_layer_2_marks/);
    const share = await figureSvg('t', { ...stickyLike, simulated: { title: 's', points: [{ x: 5, series: 'naive fair', mean: 0 }] } });
    expect(share).toMatch(/<text[^>]*>0%<\/text>/);
  });

  it('the IO-heavy figure names its simulated blue bars the flat model\'s, beside the fluid models\' (committed SVG)', () => {
    const svg = readFileSync(join(import.meta.dirname, '..', '..', 'experiments', 'macro-io.svg'), 'utf8');
    const legend = [...svg.matchAll(/role-legend-label"[\s\S]*?<\/g>/g)].map((m) => m[0]).join('');
    expect(legend).toMatch(/flat model/);
    expect(legend).toMatch(/fluid model/);
  });
});

