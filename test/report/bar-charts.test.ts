/** A run or sweep report's grouped bars (by size bin, by pool), and an experiment figure's: a bar of no height is still seen, as a "0" at its place. */
import { describe, expect, it } from 'vitest';
import { type RunRecord, type SeriesOf, groupedBars, localityByBinChart, responseByBinChart, zeroLabel } from '../../src/report/charts.js';
import { figureSpec } from '../../src/experiments/figure.js';
import { renderSvg } from '../../src/report/html.js';

const VARIANTS = ['FIFO', 'Naive fair', 'Fair + delay'];
const series: SeriesOf = (r) => ({ series: r.variant, key: [VARIANTS.indexOf(r.variant)] });
// fb-macro-io.json's bin 1: naive fair's node locality 0% (and here its response 0 s, as a degenerate run may give)
const record = (variant: string, node: number, responseMs = 1000): RunRecord => ({
  variant, values: {}, jobs: [{ responseMs }],
  bins: [{ bin: 1, jobs: 1, maps: 2, meanResponseMs: responseMs, locality: { node } }, { bin: 2, jobs: 1, maps: 2, meanResponseMs: 2000, locality: { node: 0.5 } }],
});
const records = [record('FIFO', 0.2), record('Naive fair', 0, 0), record('Fair + delay', 1)];

/** The text marks the chart draws over its data (not axis or legend labels): text and x. */
function dataTexts(svg: string): Array<{ text: string; x: number }> {
  return [...svg.matchAll(/<g class="mark-text role-mark[^>]*>([\s\S]*?)<\/g>/g)].flatMap((g) =>
    [...g[1].matchAll(/transform="translate\(([-\d.]+),[-\d.]+\)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ text: m[2], x: Number(m[1]) })));
}

/** The centre of the bar of `variant` in bin 1. */
function barCentre(svg: string, variant: string): number {
  const m = svg.match(new RegExp(`aria-label="job size bin: 1;[^"]*series: ${variant};[^"]*"[^>]*d="M([\\d.]+),[\\d.]+h([\\d.]+)`))!;
  return Number(m[1]) + Number(m[2]) / 2;
}

describe('grouped bars', () => {
  it('a bar of no height is written "0%" at its place on a share axis, "0" on a response axis (it was a gap, read as no jobs)', async () => {
    const locality = await renderSvg(localityByBinChart(records, series, 'b'));
    const zeros = dataTexts(locality);
    expect(zeros.map((t) => t.text)).toEqual(['0%']);
    expect(Math.abs(zeros[0].x - barCentre(locality, 'Naive fair'))).toBeLessThanOrEqual(1);
    const response = await renderSvg(responseByBinChart(records, series, 'r'));
    expect(dataTexts(response).map((t) => t.text)).toEqual(['0']);
    // the legend keeps the bars' squares (a text layer in the legend turned them to circles)
    const symbols = [...locality.matchAll(/role-legend-symbol"[^>]*><path[^>]*d="([^"]*)"/g)].map((m) => m[1]);
    expect(symbols).toHaveLength(3);
    for (const d of symbols) expect(d).toMatch(/^M-5,-5h10v10h-10Z$/);
  });

  it('a zero is labelled as its axis writes 0, by one rule for the report\'s bars and an experiment\'s figure: "0%" on a share chart, "0" on a count chart', async () => {
    const values = [{ series: 'a', g: 'x', mean: 0 }, { series: 'b', g: 'x', mean: 0.4 }];
    const bars = (y: Record<string, unknown>) => renderSvg(groupedBars('c', 't', values, { field: 'g', type: 'nominal', title: 'g', sort: ['x'] }, ['a', 'b'], y));
    // a share axis of another percent format than node locality's ".0%" (its zero was written "0", beside the axis's "0%")
    const share = await bars({ title: 'share of maps', axis: { format: '.2~%' }, scale: { domain: [0, 1] } });
    expect(share).toMatch(/role-axis-label[\s\S]*?>0%<\/text>/);
    expect(dataTexts(share).map((t) => t.text)).toEqual(['0%']);
    expect(dataTexts(await bars({ title: 'jobs' })).map((t) => t.text)).toEqual(['0']);
    // the figure's zeros come from the same rule, given its y axis (a share's, or none)
    const zeros = (share: boolean) => {
      const fig = { title: 'f', xTitle: 'x', yTitle: 'y', x: 'ordinal' as const, share, paper: { title: 'p', points: [] }, simulated: { title: 's', points: [{ x: 'm', series: 'a', mean: 0 }] } };
      const panel = (figureSpec(fig) as unknown as { hconcat: Array<{ layer?: Array<{ data: { values: Array<{ text?: string }> } }> }> }).hconcat[1];
      return panel.layer!.at(-1)!.data.values.map((v) => v.text);
    };
    expect([zeros(true), zeros(false)]).toEqual([['0%'], ['0']]);
    expect([zeroLabel({ axis: { format: '.0%' } }), zeroLabel({ axis: { format: '.2~%' } }), zeroLabel({ title: 'jobs' }), zeroLabel({ axis: { format: 'd' } })]).toEqual(['0%', '0%', '0', '0']);
  });

  it('no text where no bar is 0', async () => {
    const svg = await renderSvg(localityByBinChart([record('FIFO', 0.2), record('Fair + delay', 1)], series, 'b'));
    expect(dataTexts(svg)).toEqual([]);
  });

  it('bars all of no height stand on an axis from 0 with their "0"s at its foot, not at mid-height beside a lone "0.000000"', async () => {
    // a result whose jobs all took 0 ms: vega's domain of [0, 0] ticked "0.000000" at y = 130 of 260 and wrote the zeros there
    const svg = await renderSvg(responseByBinChart([record('FIFO', 0.2, 0), record('Naive fair', 0, 0)].map((r) => ({ ...r, bins: r.bins.map((b) => ({ ...b, meanResponseMs: 0 })) })), series, 'r'));
    expect(svg).not.toContain('0.000000');
    expect(svg).toMatch(/Y-axis titled 'mean response time \(s\)' for a linear scale with values from 0(\.0)? to 1(\.0)?"/);
    const foot = [...svg.matchAll(/<g class="mark-text role-mark[^>]*>([\s\S]*?)<\/g>/g)].flatMap((g) => [...g[1].matchAll(/translate\([-\d.]+,([-\d.]+)\)/g)].map((m) => Number(m[1])));
    expect(foot).toHaveLength(4);
    for (const y of foot) expect(y).toBeGreaterThan(250);
  });

  it('a bin no job (or no map) of a series fell in has no bar there, not a "0" read as data', async () => {
    // a result listing bin 7 with no jobs: its bars were drawn "0" s and "0%" node locality
    const empty = (r: RunRecord): RunRecord => ({ ...r, bins: [...r.bins, { bin: 7, jobs: 0, maps: 0, meanResponseMs: 0, locality: { node: 0 } }] });
    const runs = [empty(record('FIFO', 0.2)), record('Fair + delay', 1)];
    for (const chart of [localityByBinChart(runs, series, 'b'), responseByBinChart(runs, series, 'r')]) {
      const svg = await renderSvg(chart);
      expect(svg).not.toMatch(/aria-label="job size bin: 7;/);
      expect(dataTexts(svg)).toEqual([]);
    }
  });
});
