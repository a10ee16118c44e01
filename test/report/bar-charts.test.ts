/** A run or sweep report's grouped bars (by size bin, by pool): a bar of no height is still seen, as a "0" at its place. */
import { describe, expect, it } from 'vitest';
import { type RunRecord, type SeriesOf, localityByBinChart, responseByBinChart } from '../../src/report/charts.js';
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

  it('no text where no bar is 0', async () => {
    const svg = await renderSvg(localityByBinChart([record('FIFO', 0.2), record('Fair + delay', 1)], series, 'b'));
    expect(dataTexts(svg)).toEqual([]);
  });
});
