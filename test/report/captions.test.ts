/**
 * A report's charts as read: each figure's caption says how to read its chart (it repeated the title drawn in the
 * chart), and the response-time CDF's log axis spans the data's own 1-2-5 steps (it ran to the next power of 10 at
 * each end: responses of 15 to 110 s filled the left half of an axis from 10 to 1,000 s).
 */
import { describe, expect, it } from 'vitest';
import type { AggregateRow } from '../../src/cli/sweep-aggregate.js';
import { type Chart, type RunRecord, cdfChart, localityByBinChart, logDomain, logTicks, metricChart, responseByBinChart } from '../../src/report/charts.js';
import { renderSvg, reportHtml } from '../../src/report/html.js';
import { linkUtilizationChart } from '../../src/report/network-charts.js';
import { killsChart, poolResponseChart } from '../../src/report/pool-charts.js';
import { storageChart } from '../../src/report/replication-chart.js';

const bins = [{ bin: 1, jobs: 2, maps: 2, meanResponseMs: 15_000, locality: { node: 0.5 } }, { bin: 9, jobs: 1, maps: 2000, meanResponseMs: 110_000, locality: { node: 0.9 } }];
const record = (variant: string, seconds: number[], values: Record<string, unknown> = {}): RunRecord =>
  ({ variant, values, bins, jobs: seconds.map((s) => ({ responseMs: s * 1000 })) });
const byVariant = (r: RunRecord): { series: string; key: number[] } => ({ series: r.variant, key: [r.variant === 'A' ? 0 : 1] });

describe('log axis domain', () => {
  it('rounds the least value down and the most up to 1, 2, 5 x 10^k', () => {
    expect(logDomain([15, 110])).toEqual([10, 200]);
    expect(logDomain([0.1, 8200])).toEqual([0.1, 10_000]);
    expect(logDomain([0.003, 3])).toEqual([0.002, 5]);
    expect(logDomain([1e7, 3e9])).toEqual([1e7, 5e9]);
    expect(logDomain([21, 49])).toEqual([20, 50]);
  });

  it('widens by a step at each end when every value is one step (a domain of no width draws nothing)', () => {
    expect(logDomain([20])).toEqual([10, 50]);
    expect(logDomain([100, 100])).toEqual([50, 200]);
    expect(logDomain([5, 5])).toEqual([2, 10]);
  });

  it('skips what a log scale cannot place, and gives none for no value', () => {
    expect(logDomain([0, -3, NaN, Infinity, 30])).toEqual([20, 50]);
    expect(logDomain([])).toBeUndefined();
    expect(logDomain([0])).toBeUndefined();
  });

  it('ticks the 1-2-5 steps inside it, or over more than three decades the powers of 10 alone', () => {
    expect(logTicks([10, 200])).toEqual([10, 20, 50, 100, 200]);
    expect(logTicks([0.1, 10_000])).toEqual([0.1, 1, 10, 100, 1000, 10_000]);
    expect(logTicks([2, 5])).toEqual([2, 5]);
  });
});

describe('response-time CDF axis', () => {
  it('spans the data and labels its steps, 100 s among them', async () => {
    const chart = cdfChart([record('A', [15, 20, 30, 110])], byVariant, 'cdf');
    const x = (chart.spec as unknown as { encoding: { x: { scale: { domain: number[]; nice: boolean } } } }).encoding.x;
    expect(x.scale.domain).toEqual([10, 200]);
    expect(x.scale.nice).toBe(false);
    const svg = await renderSvg(chart);
    const labels = [...svg.matchAll(/role-axis-label[\s\S]*?<\/g><\/g>/g)][0][0];
    const texts = [...labels.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).filter((t) => /^[\d,.]+$/.test(t)); // not the axis title
    expect(texts).toEqual(['10', '20', '50', '100', '200']); // vega's own ticks dropped 100 and ran to 1,000
  });
});

describe('captions', () => {
  const rows: AggregateRow[] = ['A', 'B'].flatMap((variant) => [0, 1].map((d) => ({ point: `${variant}${d}`, values: { variant, 'scheduler.delay.maxSkips': d },
    seeds: [1, 2], metric: 'locality.node', bin: null, n: 2, mean: 0.5, sd: 0.1, ci95: 0.1, lo: 0.4, hi: 0.6 })));
  const axes = [{ name: 'variant', values: ['A', 'B'] }, { name: 'scheduler.delay.maxSkips', values: [0, 1] }];
  const runs = [
    { variant: 'A', summary: { killedTasks: 2, lostSlotSeconds: 10 }, jobs: [{ pool: 'p', responseMs: 1000, finishMs: 2000 }, { pool: 'q', responseMs: 3000, finishMs: 4000 }],
      pools: [{ name: 'p', killedTasks: 2, lostSlotSeconds: 10 }, { name: 'q', killedTasks: 0, lostSlotSeconds: 0 }],
      replication: { policy: 'dsbra', replicasCreated: 3, replicasDeleted: 1, storage: { meanOverheadPct: 1, peakOverheadPct: 2, series: [[0, 0], [1000, 2]] as Array<[number, number]> } } },
  ];
  const network = { crossRackMB: 2048, utilization: { bucketMs: 60_000, up: [[0.1, 0.2]], down: [[0.3, 0.1]] } } as unknown as Parameters<typeof linkUtilizationChart>[0];
  const charts: Chart[] = [
    responseByBinChart([record('A', [15])], byVariant, 'r'), cdfChart([record('A', [15])], byVariant, 'c'), localityByBinChart([record('A', [15])], byVariant, 'l'),
    metricChart(rows, axes, { metric: 'locality.node', x: 'scheduler.delay.maxSkips', by: 'variant' }, 'm'),
    poolResponseChart(runs, ['A'], 'pools')!, killsChart(runs, ['A'], 'killed', 'k')!, killsChart(runs, ['A'], 'lost', 'k2')!,
    storageChart(runs, ['A'], 's')!, linkUtilizationChart(network, 'A', 'n'),
  ];

  it('every report chart has one, and none repeats its title', () => {
    for (const c of charts) {
      expect(c.caption, c.id).toMatch(/^Each (bar|line): .{40,}\.$/);
      expect(c.caption).not.toContain(c.title);
    }
  });

  it('the page puts the caption under the chart and the title in data-title, not in the caption', async () => {
    const html = await reportHtml('t', [], charts.slice(0, 2));
    expect(html).toContain(`data-title="Mean response time by job size bin">`);
    const captions = [...html.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((m) => m[1]);
    expect(captions).toHaveLength(2);
    expect(captions[0]).toContain('Bins by a job\'s maps, as the Delay Scheduling paper\'s Table 2: 1 (1 map), 2 (2), 3 (3-20), 4 (21-60), 5 (61-150), 6 (151-300), 7 (301-500), 8 (501-1,500), 9 (over 1,500)');
    expect(captions.some((c) => c === 'Response time CDF (all jobs)')).toBe(false);
    // a chart without a caption (an experiment's figure) has no figcaption at all
    const bare = await reportHtml('t', [], [{ ...charts[1], caption: undefined }]);
    expect(bare).not.toContain('<figcaption>');
  });

  it('says what a series pools where it pools several runs (a sweep\'s seeds), and names a sweep\'s series by its legend', () => {
    const records = [record('A', [15], { seed: 1 }), record('A', [20], { seed: 2 }), record('B', [30])];
    expect(localityByBinChart(records, byVariant, 'l').caption).toContain('the share of its maps in a job size bin, over all its runs (up to 2), that read');
    expect(cdfChart(records, byVariant, 'c').caption).toContain('the share of its jobs, over all its runs (up to 2), that had finished');
    expect(cdfChart(records, byVariant, 'c', 'variant, hdfs.replication').caption).toMatch(/^Each line: for the series its colour names \(variant, hdfs.replication\), the share/);
    expect(localityByBinChart([record('A', [15])], byVariant, 'l').caption).not.toContain('over all its runs');
  });

  it('names the band and the lines of a metric chart, and past 8 racks the link chart\'s mean and busiest rack', () => {
    // one seed a point: no band to name; one series: no lines to tell apart
    const one = rows.filter((r) => r.values.variant === 'A').map((r) => ({ ...r, seeds: [1], n: 1, sd: null, ci95: null, lo: null, hi: null }));
    expect(metricChart(one, [axes[1]], { metric: 'locality.node', x: 'scheduler.delay.maxSkips' }, 'm').caption)
      .toBe('Each line: the node locality at each scheduler.delay.maxSkips (one seed a point).');
    expect(charts[3].caption).toBe('Each line: the node locality at each scheduler.delay.maxSkips, the mean over the point\'s seeds, in a band of its 95% confidence interval (Student t); a line for each variant.');
    const wide = { ...network, utilization: { bucketMs: 60_000, up: Array.from({ length: 9 }, () => [0.1]), down: Array.from({ length: 9 }, () => [0.1]) } } as typeof network;
    expect(linkUtilizationChart(wide, 'A', 'n').caption).toContain('the 9 racks\' mean uplink or downlink, or the busiest rack\'s');
  });
});
