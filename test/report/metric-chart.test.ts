/** A sweep's metric chart as drawn: the analytic skip-count curve is named outside the plot, not written across it. */
import { describe, expect, it } from 'vitest';
import type { AggregateRow } from '../../src/cli/sweep-aggregate.js';
import { metricChart } from '../../src/report/charts.js';
import { renderSvg } from '../../src/report/html.js';

const AXIS = 'scheduler.delay.maxSkips';
const DS = [0, 1, 2, 5, 10, 20, 40, 80];

// skip-count.sweep.json over 2 seeds: node locality of 1-map jobs, with wide bands at large D
const rows: AggregateRow[] = DS.map((d) => {
  const mean = Math.min(1, 1 - 0.97 ** (d + 1) + 0.05);
  return { point: `p${d}`, values: { variant: 'Naive fair', [AXIS]: d }, seeds: [1, 2], metric: 'locality.node', bin: 1,
    n: 2, mean, sd: 0.02, ci95: 0.2, lo: mean - 0.2, hi: mean + 0.2 };
});
const axes = [{ name: 'variant', values: ['Naive fair'] }, { name: AXIS, values: DS }];

describe('metric chart with the analytic curve', () => {
  it('names the curve and its p under the title, and writes no text over the plot\'s lines', async () => {
    const chart = metricChart(rows, axes, { metric: 'locality.node', bins: [1], x: AXIS, analytic: { curve: 'skip-count', p: 0.03 }, title: 'Node locality of 1-map jobs against skip count D' }, 'm');
    const svg = await renderSvg(chart);
    // the label sat at the curve's end, 14 px below it, where the curve and the simulated line both ran
    expect(svg).not.toMatch(/class="mark-text role-mark/);
    expect(svg).toMatch(/role-title-subtitle[\s\S]*dashed line, analytic: 1 - \(1 - p\)\^\(D\+1\), p = 0\.030/);
    expect(svg).toMatch(/stroke-dasharray="6,4"/); // the curve itself is still drawn, dashed
  });

  it('a chart without the curve has no subtitle', async () => {
    const svg = await renderSvg(metricChart(rows, axes, { metric: 'locality.node', bins: [1], x: AXIS }, 'm'));
    expect(svg).not.toContain('role-title-subtitle');
  });
});

describe('metric chart legend', () => {
  // sensitivity.sweep.json's by-bin chart, swept over the network model too: the lines are "bin 1, model=flat", ...
  const models = ['flat', 'fluid'];
  const byBin: AggregateRow[] = models.flatMap((model) => [1, 2].flatMap((bin) => [0, 1000].map((w) => ({
    point: `${model}${w}`, values: { variant: 'Fair + delay', 'cluster.network.model': model, 'scheduler.delay.nodeMs': w },
    seeds: [1, 2], metric: 'locality.node', bin, n: 2, mean: 0.5, sd: 0.1, ci95: 0.1, lo: 0.4, hi: 0.6,
  }))));
  const sweepAxes = [{ name: 'variant', values: ['Fair + delay'] }, { name: 'cluster.network.model', values: models }, { name: 'scheduler.delay.nodeMs', values: [0, 1000] }];
  const legendTitle = async (by: string): Promise<string | undefined> => {
    const svg = await renderSvg(metricChart(byBin, sweepAxes, { metric: 'locality.node', by, x: 'scheduler.delay.nodeMs' }, 'm'));
    return /role-legend-title[^>]*>\s*<text[^>]*>([^<]*)</.exec(svg)?.[1];
  };

  it('names every axis the lines are split by: the bin and the network model', async () => {
    expect(await legendTitle('bin')).toBe('job size bin, cluster.network.model');
    expect(await legendTitle('cluster.network.model')).toBe('cluster.network.model');
  });

  it('draws its symbols as the lines are, opaque: not the bands\' pale swatches', async () => {
    const svg = await renderSvg(metricChart(byBin, sweepAxes, { metric: 'locality.node', by: 'bin', x: 'scheduler.delay.nodeMs' }, 'm'));
    const symbols = [...svg.matchAll(/class="mark-symbol role-legend-symbol"[^>]*>((?:<path[^>]*>)+)/g)].flatMap((m) => m[1].match(/<path[^>]*>/g)!);
    expect(symbols).toHaveLength(4); // bins 1 and 2, each on both models
    for (const s of symbols) expect(s).toMatch(/opacity="1"/); // they were the bands' 0.25
  });
});

describe('metric names', () => {
  it('a sweep\'s kills metrics read as the run report\'s kill charts name them, with their unit', () => {
    const kills: AggregateRow[] = DS.map((d) => ({ point: `p${d}`, values: { variant: 'Kill', [AXIS]: d }, seeds: [1], metric: 'lostSlotSeconds', bin: null, n: 1, mean: d, sd: 0, ci95: null, lo: null, hi: null }));
    expect(metricChart(kills, axes, { metric: 'lostSlotSeconds', x: AXIS }, 'm').title).toBe(`slot time lost (s) against ${AXIS}`);
    expect(metricChart(kills.map((r) => ({ ...r, metric: 'killedTasks' })), axes, { metric: 'killedTasks', x: AXIS }, 'm').title).toBe(`tasks killed against ${AXIS}`);
  });

  it('a sweep\'s wall time, drawn in seconds, is named so: its y axis read "wallMs (s)" over values such as 0.06', async () => {
    const wall: AggregateRow[] = DS.map((d) => ({ point: `p${d}`, values: { variant: 'Kill', [AXIS]: d }, seeds: [1], metric: 'wallMs', bin: null, n: 1, mean: 60 + d, sd: 0, ci95: null, lo: null, hi: null }));
    const chart = metricChart(wall, axes, { metric: 'wallMs', x: AXIS }, 'm');
    expect(chart.title).toBe(`wall time (s) against ${AXIS}`);
    const svg = await renderSvg(chart);
    expect(svg).toContain("Y-axis titled 'wall time (s)'");
    expect(svg).not.toContain('wallMs');
  });

  // replication.delayWaitMs.jobsWaiting, a count, was divided by 1000 and titled "(s)" (its path holds "Ms.")
  it('a replication sweep\'s metrics are named, and only its times drawn in seconds', () => {
    const of = (metric: string, mean: number): AggregateRow[] => DS.map((d) => ({ point: `p${d}`, values: { variant: 'Kill', [AXIS]: d }, seeds: [1], metric, bin: null, n: 1, mean, sd: 0, ci95: null, lo: null, hi: null }));
    const waiting = metricChart(of('replication.delayWaitMs.jobsWaiting', 13.5), axes, { metric: 'replication.delayWaitMs.jobsWaiting', x: AXIS }, 'm');
    expect(waiting.title).toBe(`jobs that waited for locality against ${AXIS}`);
    expect(JSON.stringify(waiting)).toContain('13.5');
    const perJob = metricChart(of('replication.delayWaitMs.meanPerJob', 3037.3), axes, { metric: 'replication.delayWaitMs.meanPerJob', x: AXIS }, 'm');
    expect(perJob.title).toBe(`locality wait per job (s) against ${AXIS}`);
    expect(JSON.stringify(perJob)).toContain('3.0373');
    expect(metricChart(of('replication.storage.meanOverheadPct', 55.1), axes, { metric: 'replication.storage.meanOverheadPct', x: AXIS }, 'm').title).toBe(`storage overhead, mean (%) against ${AXIS}`);
  });

  it('a rack link\'s utilisation is named and drawn as a share: "network.up.mean" over 0.31 read as neither', async () => {
    const up: AggregateRow[] = DS.map((d) => ({ point: `p${d}`, values: { variant: 'Kill', [AXIS]: d }, seeds: [1, 2], metric: 'network.up.mean', bin: null, n: 2, mean: 0.31, sd: 0.1, ci95: 0.9, lo: -0.59, hi: 1.21 }));
    const chart = metricChart(up, axes, { metric: 'network.up.mean', x: AXIS }, 'm');
    expect(chart.title).toBe(`uplink utilization, mean over racks and time against ${AXIS}`);
    const svg = await renderSvg(chart);
    expect(svg).toContain("Y-axis titled 'uplink utilization, mean over racks and time'");
    expect(svg).toMatch(/>100%</); // a percent axis, its band clamped to [0, 1]
    expect(svg).not.toMatch(/121%|>1\.2</);
    expect(metricChart(up.map((r) => ({ ...r, metric: 'network.core.max' })), axes, { metric: 'network.core.max', x: AXIS }, 'm').title).toBe(`core utilization, busiest bucket against ${AXIS}`);
  });
});

describe('a metric that is 0 at every point', () => {
  it('draws its line at the plot\'s foot on an axis from 0, not at mid-height beside a lone "0.000000"', async () => {
    // a sweep with preemption off charting killedTasks: vega's domain of [0, 0] put the line at y = 130 of 260
    const none: AggregateRow[] = DS.map((d) => ({ point: `p${d}`, values: { variant: 'Wait', [AXIS]: d }, seeds: [1, 2], metric: 'killedTasks', bin: null, n: 2, mean: 0, sd: 0, ci95: 0, lo: 0, hi: 0 }));
    const svg = await renderSvg(metricChart(none, axes, { metric: 'killedTasks', x: AXIS }, 'm'));
    expect(svg).not.toContain('0.000000');
    expect(svg).toMatch(/Y-axis titled 'tasks killed' for a linear scale with values from 0(\.0)? to 1(\.0)?"/);
    const lines = [...svg.matchAll(/aria-roledescription="line mark" d="([^"]*)"/g)].map((m) => m[1]);
    expect(lines).toHaveLength(1);
    expect([...lines[0].matchAll(/[ML][\d.]+,([\d.]+)/g)].every((m) => Number(m[1]) === 260)).toBe(true);
  });
});

describe('a sweep of one x value', () => {
  it('writes its x as the sweep gives it: vega ticked a domain of no width "0.100000"', async () => {
    const one: AggregateRow[] = [{ point: 'p', values: { variant: 'FIFO', 'tasks.durationJitter': 0.1 }, seeds: [1], metric: 'locality.node', bin: null, n: 1, mean: 0.94, sd: null, ci95: null, lo: null, hi: null } as unknown as AggregateRow];
    const svg = await renderSvg(metricChart(one, [{ name: 'variant', values: ['FIFO'] }, { name: 'tasks.durationJitter', values: [0.1] }], { metric: 'locality.node', x: 'tasks.durationJitter' }, 'm'));
    expect(svg).not.toContain('0.100000');
    const axis = svg.slice(svg.indexOf("X-axis titled 'tasks.durationJitter'"), svg.indexOf('Y-axis titled'));
    expect([...axis.matchAll(/role-axis-label[\s\S]*?<\/g>/g)].flatMap((g) => [...g[0].matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]))).toEqual(['0.1']);
  });
});

describe('a sweep of one x value of many digits', () => {
  // "~g" keeps six significant digits: a sweep of workload.shared.blocks 1234567 ticked "1.23457e+6", a value not swept
  it.each([[1234567, '1234567'], [2500000000, '2500000000'], [0.123456789, '0.123456789'], [0.1, '0.1'], [3000, '3000']])('x %d is ticked "%s"', async (x, text) => {
    const one: AggregateRow[] = [{ point: 'p', values: { variant: 'FIFO', 'workload.shared.blocks': x }, seeds: [1], metric: 'locality.node', bin: null, n: 1, mean: 0.94, sd: null, ci95: null, lo: null, hi: null } as unknown as AggregateRow];
    const svg = await renderSvg(metricChart(one, [{ name: 'variant', values: ['FIFO'] }, { name: 'workload.shared.blocks', values: [x] }], { metric: 'locality.node', x: 'workload.shared.blocks' }, 'm'));
    const axis = svg.slice(svg.indexOf("X-axis titled 'workload.shared.blocks'"), svg.indexOf('Y-axis titled'));
    expect([...axis.matchAll(/role-axis-label[\s\S]*?<\/g>/g)].flatMap((g) => [...g[0].matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]))).toEqual([text]);
  });
});

describe('metric chart tooltips', () => {
  // a sweep of one seed a point (or a partial one) gave every mark's label "lo: null; hi: null"
  it('name the band\'s ends only where a point has them', async () => {
    const one = rows.map((r) => ({ ...r, seeds: [1], n: 1, sd: null, ci95: null, lo: null, hi: null }));
    const labels = async (r: AggregateRow[]): Promise<string[]> => [...(await renderSvg(metricChart(r, axes, { metric: 'locality.node', bins: [1], x: AXIS }, 'm'))).matchAll(/aria-label="([^"]*n: [^"]*)"/g)].map((m) => m[1]);
    const single = await labels(one);
    expect(single.length).toBeGreaterThanOrEqual(DS.length); // each point's, and the line's
    for (const l of single) expect(l).not.toMatch(/lo: |hi: |null/);
    const two = await labels(rows);
    expect(two.length).toBeGreaterThanOrEqual(DS.length);
    for (const l of two) expect(l).toMatch(/lo: [\d.]+; hi: [\d.]+; n: 2/);
  });
});
