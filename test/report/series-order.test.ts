/** The report's series and axes are ordered as numbers (0, 1, 2, 10, 20), not as text (0, 1, 10, 2, 20); variants as listed. */
import { describe, expect, it } from 'vitest';
import type { AggregateRow } from '../../src/cli/sweep-aggregate.js';
import { type RunRecord, type SeriesOf, axisValue, cdfChart, localityByBinChart, metricChart } from '../../src/report/charts.js';
import { renderSvg } from '../../src/report/html.js';
import { defaultLinesBy } from '../../src/report/report.js';
import { seriesDomain, valueKey } from '../../src/report/series-order.js';

const SKIPS = [20, 0, 10, 2, 1]; // listed out of order on purpose
const row = (skips: number, replication: number, mean: number): AggregateRow => ({
  point: `p${skips}-${replication}`, values: { 'scheduler.delay.maxSkips': skips, 'hdfs.replication': replication }, seeds: [1, 2],
  metric: 'locality.node', bin: null, n: 2, mean, sd: 0.01, ci95: 0.05, lo: mean - 0.05, hi: mean + 0.05,
});

/** The legend's labels in the order the SVG draws them. */
async function legendLabels(spec: Parameters<typeof renderSvg>[0], prefix: string): Promise<string[]> {
  const svg = await renderSvg(spec);
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).filter((t) => t.startsWith(prefix));
}

describe('series order', () => {
  it.each([
    ['numbers', [10, 2, 0, 20, 1].map((n) => ({ series: `maxSkips=${n}`, key: [valueKey(n)] })), ['maxSkips=0', 'maxSkips=1', 'maxSkips=2', 'maxSkips=10', 'maxSkips=20']],
    ['negative and fractional numbers', [0.5, -1, 0.25, 10].map((n) => ({ series: `x=${n}`, key: [valueKey(n)] })), ['x=-1', 'x=0.25', 'x=0.5', 'x=10']],
    ['strings keep their listed order', ['FIFO', 'Naive fair', 'Fair + delay'].map((v) => ({ series: v, key: [valueKey(v, ['Naive fair', 'Fair + delay', 'FIFO'])] })), ['Naive fair', 'Fair + delay', 'FIFO']],
    ['two parts: the first, then the second', [[10, 'b'], [2, 'b'], [2, 'a']].map(([n, s]) => ({ series: `${n} ${s}`, key: [valueKey(n), valueKey(s, ['a', 'b'])] })), ['2 a', '2 b', '10 b']],
  ])('seriesDomain: %s', (_, items, expected) => {
    expect(seriesDomain(items)).toEqual(expected);
  });

  it('a metric chart by a numeric axis: legend maxSkips 0, 1, 2, 10, 20 (and drawn so in the SVG)', async () => {
    const rows = SKIPS.flatMap((s) => [row(s, 1, 0.1 + s / 100), row(s, 3, 0.2 + s / 100)]);
    const axes = [{ name: 'hdfs.replication', values: [1, 3] }, { name: 'scheduler.delay.maxSkips', values: SKIPS }];
    const chart = metricChart(rows, axes, { metric: 'locality.node', x: 'hdfs.replication', by: 'scheduler.delay.maxSkips' }, 'm');
    const layers = (chart.spec as { layer: Array<{ encoding: { color: { scale: { domain: string[] } } } }> }).layer;
    expect(layers[1].encoding.color.scale.domain).toEqual(['0', '1', '2', '10', '20']);
    const svg = await renderSvg(chart);
    const legend = [...svg.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((m) => m[1]);
    expect(legend.filter((t) => ['0', '1', '2', '10', '20'].includes(t)).slice(-5)).toEqual(['0', '1', '2', '10', '20']);
  });

  it('bars by bin: bins 1, 2, 10 and series maxSkips=0, 1, 2, 10, 20 in numeric order', async () => {
    const records: RunRecord[] = SKIPS.map((s) => ({
      variant: 'Naive fair', values: { 'scheduler.delay.maxSkips': s }, jobs: [{ responseMs: 1000 }],
      bins: [10, 1, 2].map((bin) => ({ bin, jobs: 1, maps: bin, meanResponseMs: 1000, locality: { node: 0.5 } })),
    }));
    const series: SeriesOf = (r) => ({ series: axisValue('scheduler.delay.maxSkips', r.values['scheduler.delay.maxSkips']), key: [valueKey(r.values['scheduler.delay.maxSkips'])] });
    const chart = localityByBinChart(records, series, 'b');
    const enc = (chart.spec as { encoding: { x: { sort: number[] } } }).encoding;
    expect(enc.x.sort).toEqual([1, 2, 10]);
    expect(await legendLabels(chart, 'maxSkips=')).toEqual(['maxSkips=0', 'maxSkips=1', 'maxSkips=2', 'maxSkips=10', 'maxSkips=20']);
    // within bin 1, the bars from left to right
    const bars = [...(await renderSvg(chart)).matchAll(/aria-label="job size bin: 1; [^"]*series: (maxSkips=\d+);[^"]*"[^>]*d="M([\d.]+),/g)];
    expect(bars.sort((a, b) => Number(a[2]) - Number(b[2])).map((m) => m[1])).toEqual(['maxSkips=0', 'maxSkips=1', 'maxSkips=2', 'maxSkips=10', 'maxSkips=20']);
  });

  it('bars by bin for 1,200 series render (the series order, compiled as one expression of every name, overflowed vega\'s parser at about 1,000)', async () => {
    const records: RunRecord[] = Array.from({ length: 1200 }, (_, s) => ({
      variant: 'v', values: { k: s }, jobs: [{ responseMs: 1000 }], bins: [{ bin: 1, jobs: 1, maps: 1, meanResponseMs: 1000, locality: { node: 0.5 } }],
    }));
    const series: SeriesOf = (r) => ({ series: axisValue('k', r.values.k), key: [valueKey(r.values.k)] });
    const svg = await renderSvg(localityByBinChart(records, series, 'b'));
    expect(svg.match(/aria-roledescription="bar"/g)).toHaveLength(1200);
  });
});

describe('a sweep report\'s bands and legends', () => {
  it('a confidence band stops at 0, a share\'s at 1 too (two seeds\' t drew node locality from -78% to 245%)', () => {
    const wide = (metric: string, mean: number, half: number): AggregateRow => ({ ...row(10, 1, mean), metric, lo: mean - half, hi: mean + half });
    const axes = [{ name: 'scheduler.delay.maxSkips', values: [10] }];
    const band = (r: AggregateRow) => {
      const chart = metricChart([r], axes, { metric: r.metric, x: 'scheduler.delay.maxSkips' }, 'm');
      return (chart.spec as { layer: Array<{ data: { values: Array<{ lo: number; hi: number }> } }> }).layer[0].data.values[0];
    };
    expect(band(wide('locality.node', 0.83, 1.62))).toMatchObject({ lo: 0, hi: 1 });
    expect(band(wide('meanResponseMs', 40_000, 60_000))).toMatchObject({ lo: 0, hi: 100 });
  });

  it('the per-bin charts\' legend names what their series are: the axis, where the lines are its values', () => {
    const records = [0, 10].map((skips) => ({ variant: 'Fair', values: { 'scheduler.delay.maxSkips': skips }, jobs: [], bins: [{ bin: 1, jobs: 1, maps: 1, meanResponseMs: 1000, medianResponseMs: 1000, locality: { node: 1, rack: 0, off: 0 } }] }) as unknown as RunRecord);
    const series: SeriesOf = (r) => ({ series: axisValue('scheduler.delay.maxSkips', r.values['scheduler.delay.maxSkips']), key: [valueKey(r.values['scheduler.delay.maxSkips'])] });
    const color = (c: ReturnType<typeof localityByBinChart>) => (c.spec as { encoding: { color: { title: string } } }).encoding.color.title;
    expect(color(localityByBinChart(records, series, 'b', 'scheduler.delay.maxSkips'))).toBe('scheduler.delay.maxSkips');
    expect(color(localityByBinChart(records, series, 'b'))).toBe('variant');
  });
});

describe("a sweep chart's default lines", () => {
  const axes = [{ name: 'variant', values: ['Fair'] }, { name: 'scheduler.delay.maxSkips', values: [0, 5] }, { name: 'hdfs.replication', values: [1, 2, 3] }];
  it.each([
    // x on the second numeric axis: the lines had been by x itself, six dots and no line (a walkthrough's finding)
    ['hdfs.replication', 'scheduler.delay.maxSkips'],
    ['scheduler.delay.maxSkips', 'hdfs.replication'],
  ])('x %s: lines by %s', (x, by) => {
    expect(defaultLinesBy(axes, x)).toBe(by);
  });
  it('by the variants when there are several, and by nothing when no other axis has several values', () => {
    expect(defaultLinesBy([{ name: 'variant', values: ['A', 'B'] }, ...axes.slice(1)], 'hdfs.replication')).toBe('variant');
    expect(defaultLinesBy(axes.slice(0, 2), 'scheduler.delay.maxSkips')).toBeUndefined();
  });
});

describe('legends', () => {
  it('a series named by four axes is drawn whole in the legend (cut at 320 px, two series read alike)', async () => {
    const names = ['replication=1, maxSkips=1, racks=2, nodesPerRack=5', 'replication=1, maxSkips=1, racks=2, nodesPerRack=6'];
    const records: RunRecord[] = names.map((n, i) => ({ variant: 'v', values: { k: i }, jobs: [{ responseMs: 1000 }], bins: [{ bin: 1, jobs: 1, maps: 1, meanResponseMs: 1000, locality: { node: 0.5 } }] }));
    const chart = localityByBinChart(records, (r) => ({ series: names[r.values.k as number], key: [valueKey(r.values.k)] }), 'b', 'hdfs.replication, scheduler.delay.maxSkips, cluster.racks, cluster.nodesPerRack');
    expect(await legendLabels(chart, 'replication=')).toEqual(names);
  });
});

describe('many series: each its own colour and its own legend entry', () => {
  const records = (n: number): RunRecord[] => Array.from({ length: n }, (_, s) => ({
    variant: 'v', values: { k: s }, jobs: [{ responseMs: 1000 * (s + 1) }, { responseMs: 2000 * (s + 1) }],
    bins: [{ bin: 1, jobs: 1, maps: 1, meanResponseMs: 1000, locality: { node: s / n } }],
  }));
  const series: SeriesOf = (r) => ({ series: axisValue('k', r.values.k), key: [valueKey(r.values.k)] });
  /** The fill or stroke colours of the SVG's marks of one kind ("line", "rect"), told apart. */
  async function colours(chart: Parameters<typeof renderSvg>[0], mark: string, attribute: 'fill' | 'stroke'): Promise<Set<string>> {
    const svg = await renderSvg(chart);
    const group = [...svg.matchAll(new RegExp(`<g class="mark-${mark} role-mark[^"]*"[^>]*>(.*?)</g>`, 'gs'))].map((m) => m[1]).join('');
    return new Set([...group.matchAll(new RegExp(`${attribute}="([^"]+)"`, 'g'))].map((m) => m[1]).filter((c) => c !== 'none' && c !== 'transparent'));
  }

  it.each([5, 12, 20, 35])('%i series: as many colours on the bars, and every one in the legend (10 colours came round again; past 30 the legend ended "…6 entries")', async (n) => {
    const chart = localityByBinChart(records(n), series, 'b');
    expect((await colours(chart, 'rect', 'fill')).size).toBe(n);
    const labels = await legendLabels(chart, 'k=');
    expect(labels).toHaveLength(n);
    expect(labels.at(-1)).toBe(`k=${n - 1}`);
  });

  it('35 series on the response-time CDF: 35 line colours, 35 legend entries', async () => {
    const chart = cdfChart(records(35), series, 'c');
    expect((await colours(chart, 'line', 'stroke')).size).toBe(35);
    expect(await legendLabels(chart, 'k=')).toHaveLength(35);
  });
});
