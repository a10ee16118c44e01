/**
 * The report's charts as vega-lite specs, built from run records and sweep aggregates: a metric against an axis
 * with 95% CI bands (and SPEC.md section 5's skip-count curve), response-time CDFs by variant, node locality by bin.
 */
import type { TopLevelSpec } from 'vega-lite';
import { type AggregateRow, metricRange } from '../cli/sweep-aggregate.js';
import type { ChartSpec } from '../cli/sweep-charts.js';
import { type Keyed, seriesDomain, valueKey } from './series-order.js';
import { FACEBOOK_BINS } from '../core/facebook-bins.js';
import { digitsGrouped } from '../core/shown-value.js';

export interface Chart {
  id: string;
  title: string;
  /**
   * How to read it, under the chart in a report (its title is drawn in the chart itself): what a bar, line or band is,
   * over which runs, with what weight. Omitted: no caption.
   */
  caption?: string;
  spec: TopLevelSpec;
}

/** What the report needs of one run: its variant, its point's axis values, per-bin results and per-job response. */
export interface RunRecord {
  variant: string;
  values: Record<string, unknown>;
  bins: ReadonlyArray<{ bin: number; jobs: number; maps: number; meanResponseMs: number; locality: { node: number } }>;
  jobs: ReadonlyArray<{ responseMs: number }>;
}

/** A run's series: its name in the legend and its sort key (series-order.ts). */
export type SeriesOf = (r: RunRecord) => Keyed;

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
export const SIZE = { width: 420, height: 260 };

/**
 * A metric in ms, drawn in seconds: one whose last name ends in Ms (meanResponseMs, replication.copyMs), or a total or
 * mean of one (replication.delayWaitMs.total); not a count beside them (replication.delayWaitMs.jobsWaiting).
 */
const isMs = (metric: string): boolean => /Ms$/.test(metric) || /Ms\.(total|meanPerJob|mean|max|p50|p90|p99)$/.test(metric);
/** A metric in [0, 1], drawn as a percentage: localities, slot and link utilisations (network.up.mean ...), fairness. */
/** A share, 0 to 1 (the aggregate's own list: sweep-aggregate.ts metricRange). */
const isShare = (metric: string): boolean => metricRange(metric)[1] === 1;
const LINK_METRIC = /^network\.(up|down|core)\.(mean|max)$/;
const LINK_NAMES: Record<string, string> = { up: 'uplink', down: 'downlink', core: 'core' };

export function metricLabel(metric: string): string {
  const names: Record<string, string> = {
    'locality.node': 'node locality', 'locality.rack': 'rack locality', 'locality.off': 'off-rack share',
    meanResponseMs: 'mean response time (s)', medianResponseMs: 'median response time (s)', makespanMs: 'makespan (s)',
    jobsPerHour: 'throughput (jobs/h)', fairness: 'fairness (Jain, per bin)', utilization: 'map slot utilization',
    'decisionUs.p50': 'decision latency p50 (us)', 'decisionUs.p99': 'decision latency p99 (us)',
    killedTasks: 'tasks killed', lostSlotSeconds: 'slot time lost (s)', wallMs: 'wall time (s)', reduceUtilization: 'reduce slot utilization',
    'replication.replicasCreated': 'replicas created', 'replication.replicasDeleted': 'replicas deleted', 'replication.copiesUnfinished': 'copies unfinished', 'replication.copiesQueued': 'copies never launched',
    'replication.bytesCopiedMB': 'MB copied', 'replication.copyMs': 'copy time (s)', 'replication.storage.staticReplicas': 'static replicas',
    'replication.storage.meanOverheadPct': 'storage overhead, mean (%)', 'replication.storage.peakOverheadPct': 'storage overhead, peak (%)',
    'replication.storage.finalOverheadPct': 'storage overhead, at the end (%)', 'replication.delayWaitMs.total': 'locality wait, total (s)',
    'replication.delayWaitMs.meanPerJob': 'locality wait per job (s)', 'replication.delayWaitMs.jobsWaiting': 'jobs that waited for locality',
  };
  // the racks' links: 'network.up.mean' over values from 0 to 1 read as neither a share nor the link it was
  const link = LINK_METRIC.exec(metric);
  if (link !== null) return `${LINK_NAMES[link[1]]} utilization, ${link[2] === 'mean' ? 'mean over racks and time' : 'busiest bucket'}`;
  return names[metric] ?? metric;
}

/**
 * The unit of a chart's time axis for a run `longestMs` long: hours past 5 of them (dsbra.json's 2.5 h reads as 150
 * min; a day as 24 h, not 1,440 min), else minutes; with the ms in one.
 */
export function timeUnit(longestMs: number): { unit: 'h' | 'min'; perUnit: number } {
  return longestMs > 5 * 3_600_000 ? { unit: 'h', perUnit: 3_600_000 } : { unit: 'min', perUnit: 60_000 };
}

/**
 * Legends: labels and titles of several axes' values ("replication=1, maxSkips=1, racks=2, nodesPerRack=5") whole; at 320 px
 * they were cut alike. Every entry listed: vega's default of 30 wrote the 30th as "…6 entries" and left those unnamed.
 */
export const LEGEND = { labelLimit: 640, titleLimit: 640, symbolLimit: 0 };

/**
 * A series' colour scale over `domain` in its order: vega's ten colours came round again at the eleventh series (a sweep
 * of maxSkips 0 to 11 drew 0 and 10 in one blue); twenty to 20 series, past that as many hues drawn along turbo, in order.
 */
export function seriesColours(domain: readonly string[]): { domain: string[]; scheme?: string | { name: string; count: number } } {
  const scheme = domain.length > 20 ? { name: 'turbo', count: domain.length } : domain.length > 10 ? 'tableau20' : undefined;
  return { domain: [...domain], ...(scheme === undefined ? {} : { scheme }) };
}

/** "maxSkips=10" for axis scheduler.delay.maxSkips; a variant's name as it is. */
export function axisValue(axis: string, v: unknown): string {
  return axis === 'variant' ? label(v) : `${axis.slice(axis.lastIndexOf('.') + 1)}=${label(v)}`;
}

function label(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A metric against one axis: a line per series (another axis, the variant, or the size bin), with its 95% CI band. */
export function metricChart(rows: readonly AggregateRow[], axes: ReadonlyArray<{ name: string; values: unknown[] }>, chart: ChartSpec & { x: string }, id: string): Chart {
  const { metric, x, by } = chart;
  const scale = isMs(metric) ? 1 / 1000 : 1;
  const wanted = rows.filter((r) => r.metric === metric && (by === 'bin'
    ? r.bin !== null && (chart.bins === undefined || chart.bins.includes(r.bin))
    : chart.bins === undefined ? r.bin === null : r.bin === chart.bins[0]));
  // Other axes with several values split the lines too; single-valued axes say nothing.
  const rest = axes.filter((a) => a.name !== x && a.name !== by && a.values.length > 1).map((a) => a.name);
  const listed = (name: string): readonly unknown[] => axes.find((a) => a.name === name)?.values ?? [];
  const values = wanted.map((r) => {
    const parts = by === 'bin' ? [`bin ${r.bin}`] : by !== undefined ? [label(r.values[by])] : [];
    const key = by === 'bin' ? [r.bin!] : by !== undefined ? [valueKey(r.values[by], listed(by))] : [];
    for (const a of rest) {
      parts.push(axisValue(a, r.values[a]));
      key.push(valueKey(r.values[a], listed(a)));
    }
    return {
      x: r.values[x] as number,
      series: parts.join(', ') || metricLabel(metric),
      key,
      mean: r.mean * scale,
      // every metric is 0 or more, and a share at most 1: the band stops there (two seeds' t of 12.7 drew node
      // locality's from -78% to 245%); aggregates since 850277e hold lo and hi so, older ones may not
      lo: r.lo === null ? null : Math.max(0, r.lo * scale),
      hi: r.hi === null ? null : isShare(metric) ? Math.min(1, r.hi) : r.hi * scale,
      n: r.n,
    };
  });
  const title = chart.title ?? `${metricLabel(metric)}${chart.bins && by !== 'bin' ? ` (bin ${chart.bins[0]})` : ''} against ${x}`;
  const yTitle = metricLabel(metric) + (isMs(metric) && !metricLabel(metric).includes('(s)') ? ' (s)' : '');
  // one x value (a sweep of one point): vega ticks a domain of no width with six decimals ("0.100000"); its one tick as
  // given, to 15 significant digits (every digit of a decimal a sweep file writes: "~g" kept six, and 1234567 ticked
  // "1.23457e+6", a value not swept)
  const single = new Set(values.map((v) => v.x)).size === 1;
  const xEnc = { field: 'x', type: 'quantitative' as const, title: x, ...(single ? { axis: { values: [values[0].x], format: '.15~g' } } : {}) };
  // a metric 0 at every point (killedTasks with preemption off) on an axis to 1: vega's domain of [0, 0] drew the
  // line at mid-height beside a lone "0.000000"
  const none = values.every((v) => v.mean === 0 && (v.hi ?? 0) === 0);
  const yEnc = { type: 'quantitative' as const, title: yTitle, ...(isShare(metric) ? { axis: { format: '.0%' }, scale: { domain: [0, 1], clamp: true } }
    : none ? { scale: { domain: [0, 1] } } : {}) };
  // the legend names everything its lines are split by, as their names do ("bin 1, model=flat"): it said "job size bin" alone
  const legendTitle = [...(by === undefined ? [] : [by === 'bin' ? 'job size bin' : by]), ...rest].join(', ');
  // the legend's symbols as the lines are drawn: the band layer's, at its opacity 0.25, left ten series' colours too pale to match
  const color = { field: 'series', type: 'nominal' as const, title: legendTitle, legend: { ...LEGEND, symbolType: 'stroke', symbolOpacity: 1, symbolStrokeWidth: 2 }, scale: seriesColours(seriesDomain(values)) };
  // the band's ends in the tooltip where any point has them: one seed a point (or a partial sweep) said "lo: null; hi: null"
  const band = values.some((v) => v.lo !== null) ? [{ field: 'lo' }, { field: 'hi' }] : [];
  const layers: unknown[] = [
    { data: { values: values.filter((v) => v.lo !== null).map(({ key: _key, ...v }) => v) }, mark: { type: 'errorband', opacity: 0.25 },
      encoding: { x: xEnc, y: { ...yEnc, field: 'lo' }, y2: { field: 'hi' }, color } },
    { data: { values: values.map(({ key: _key, ...v }) => v) }, mark: { type: 'line', point: true },
      encoding: { x: xEnc, y: { ...yEnc, field: 'mean' }, color, tooltip: [{ field: 'series' }, { field: 'x' }, { field: 'mean' }, ...band, { field: 'n' }] } },
  ];
  // The curve named under the title: a label at its end was drawn across it and the simulated line (skip-count.sweep.json).
  let subtitle = {};
  if (chart.analytic) {
    const p = chart.analytic.p ?? 0;
    subtitle = { subtitle: `dashed line, analytic: 1 - (1 - p)^(D+1), p = ${p.toFixed(3)}` };
    const xs = values.map((v) => v.x);
    const lo = xs.reduce((a, x) => Math.min(a, x), Infinity); // not Math.min(...xs): a long sweep overflows the stack
    const hi = xs.reduce((a, x) => Math.max(a, x), -Infinity);
    const curve = Array.from({ length: 101 }, (_, i) => {
      const d = lo + ((hi - lo) * i) / 100;
      return { x: d, y: 1 - (1 - p) ** (d + 1), series: `analytic 1-(1-p)^(D+1), p=${p.toFixed(3)}` };
    });
    layers.push({ data: { values: curve }, mark: { type: 'line', strokeDash: [6, 4], color: 'black' },
      encoding: { x: xEnc, y: { ...yEnc, field: 'y' }, detail: { field: 'series' } } });
  }
  const banded = values.some((v) => v.lo !== null);
  const seeded = values.some((v) => v.n > 1) ? ', the mean over the point\'s seeds' : ' (one seed a point)';
  const caption = `Each line: the ${yTitle.replace(/ \(s\)$/, '')} at each ${x}${seeded}${banded ? ', in a band of its 95% confidence interval (Student t)' : ''}` +
    `${legendTitle === '' ? '' : `; a line for each ${legendTitle}`}${by === 'bin' ? ` (${BINS_IN_WORDS})` : ''}.`;
  return { id, title, caption, spec: { $schema: SCHEMA, title: { text: title, ...subtitle }, ...SIZE, layer: layers } as TopLevelSpec };
}

/** Empirical CDF of job response times, one line per series (variant), downsampled to at most 200 steps. */
export function cdfChart(records: readonly RunRecord[], seriesOf: SeriesOf, id: string, legend = 'variant'): Chart {
  const bySeries = new Map<string, number[]>();
  for (const r of records) {
    const { series } = seriesOf(r);
    const xs = bySeries.get(series) ?? [];
    for (const j of r.jobs) xs.push(j.responseMs / 1000);
    bySeries.set(series, xs);
  }
  const values: Array<{ series: string; seconds: number; share: number }> = [];
  for (const [series, xs] of bySeries) {
    if (xs.length === 0) continue; // runs without jobs: no line (its last point was NaN)
    xs.sort((a, b) => a - b);
    const step = Math.max(1, Math.floor(xs.length / 200));
    // From 0 at the fastest job: the first step has height (a run of one job drew a line of no length).
    values.push({ series, seconds: Math.max(xs[0], 0.1), share: 0 });
    for (let i = 0; i < xs.length; i += step) values.push({ series, seconds: Math.max(xs[i], 0.1), share: (i + 1) / xs.length });
    values.push({ series, seconds: Math.max(xs[xs.length - 1], 0.1), share: 1 });
  }
  const title = 'Response time CDF (all jobs)';
  const domain = seriesDomain(records.map(seriesOf));
  const caption = `Each line: for ${namedBy(legend)}, the share of its jobs${overRuns(records, seriesOf)} that had finished within a response time ` +
    `(${RESPONSE_IN_WORDS}), every size bin together, on a log scale.`;
  const seconds = logDomain(values.map((v) => v.seconds));
  return {
    id, title, caption, spec: {
      $schema: SCHEMA, title, ...SIZE, data: { values },
      mark: { type: 'line', interpolate: 'step-after' },
      encoding: {
        // the data's own decades: vega's nice log domain ran to the next power of 10 at each end, so responses of 15 to
        // 110 s filled the left half of an axis from 10 to 1,000 s
        x: { field: 'seconds', type: 'quantitative', title: 'response time (s, log scale)',
          ...(seconds === undefined ? { scale: { type: 'log' } } : { scale: { type: 'log', domain: seconds, nice: false }, axis: { values: logTicks(seconds), format: ',~g' } }) },
        y: { field: 'share', type: 'quantitative', title: 'share of jobs', axis: { format: '.0%' } },
        color: { field: 'series', type: 'nominal', title: legend, legend: LEGEND, scale: seriesColours(domain) },
        // a dash each, in the same legend: two variants of the same response times (dsbra.json's, where DSBRA makes no
        // replica) drew one line over the other, and the first was nowhere to be seen
        strokeDash: { field: 'series', type: 'nominal', title: legend, legend: LEGEND, scale: { domain } },
      },
    } as TopLevelSpec,
  };
}

/** The steps m x 10^d of the decades `from` to `to` (d), in order: m 1, 2, 5 (..., 5, 10, 20, 50, ...), or 1 alone. */
function logSteps(from: number, to: number, multiples: readonly number[] = [1, 2, 5]): number[] {
  const steps: number[] = [];
  for (let d = from; d <= to; d++) for (const m of multiples) steps.push(m * 10 ** d);
  return steps;
}

/**
 * The 1-2-5 step at or below `x` > 0 (`down`) or at or above it, or `beyond` steps further out. Steps of the decades
 * around x's are listed and compared with x, so log10's rounding cannot pick the wrong one.
 */
function roundedStep(x: number, down: boolean, beyond = 0): number {
  const decade = Math.floor(Math.log10(x));
  const steps = logSteps(decade - 2, decade + 2);
  const i = down ? steps.filter((s) => s <= x).length - 1 - beyond : steps.findIndex((s) => s >= x) + beyond;
  return steps[i];
}

/**
 * A log axis's domain for positive values `xs`: from the 1-2-5 step at or below the least to the one at or above the
 * most, a step wider at each end when those meet (all values one such step); undefined when there is none.
 */
export function logDomain(xs: readonly number[]): [number, number] | undefined {
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) { // not Math.min(...xs): a long run's CDF overflows the stack
    if (!(x > 0) || !Number.isFinite(x)) continue;
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  if (lo === Infinity) return undefined;
  const a = roundedStep(lo, true);
  const b = roundedStep(hi, false);
  return a < b ? [a, b] : [roundedStep(lo, true, 1), roundedStep(hi, false, 1)];
}

/**
 * A log axis's ticks over `domain` (logDomain's): its 1-2-5 steps, or over more than three decades the powers of 10
 * alone (a label each: vega's own ticks dropped 100 s between 90 and 200 as overlapping).
 */
export function logTicks([lo, hi]: readonly [number, number]): number[] {
  return logSteps(Math.floor(Math.log10(lo)) - 1, Math.ceil(Math.log10(hi)) + 1, hi / lo > 1000 ? [1] : [1, 2, 5])
    .filter((t) => t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9));
}

/**
 * Per series and group, the mean of `value` over the runs' items (their bins, their jobs) weighted by `weight`, and the
 * weight summed: in the order first seen; an item of no group (undefined) is left out; a group of no weight has mean 0.
 */
export function meanBy<R, I, G>(runs: readonly R[], seriesOf: (r: R) => string, itemsOf: (r: R) => Iterable<I>, groupOf: (i: I) => G | undefined,
  value: (i: I) => number, weight: (i: I) => number): Array<{ series: string; group: G; mean: number; weight: number }> {
  const sums = new Map<string, { series: string; group: G; total: number; weight: number }>();
  for (const r of runs) {
    const series = seriesOf(r);
    for (const item of itemsOf(r)) {
      const group = groupOf(item);
      if (group === undefined) continue;
      const key = JSON.stringify([series, group]);
      const s = sums.get(key) ?? { series, group, total: 0, weight: 0 };
      s.total += value(item) * weight(item);
      s.weight += weight(item);
      sums.set(key, s);
    }
  }
  return [...sums.values()].map((s) => ({ series: s.series, group: s.group, mean: s.weight === 0 ? 0 : s.total / s.weight, weight: s.weight }));
}

type BinOf = RunRecord['bins'][number];

/** The size bins by their maps, as the Delay Scheduling paper's Table 2 has them: "1 (1 map), 2 (2), 3 (3-20), ..., 9 (over 1,500)". */
const BINS_IN_WORDS = FACEBOOK_BINS.map((b, i) => `${b.bin} (${i === FACEBOOK_BINS.length - 1 ? `over ${digitsGrouped(b.minMaps - 1)}`
  : b.minMaps === b.maxMaps ? b.minMaps : `${digitsGrouped(b.minMaps)}-${digitsGrouped(b.maxMaps)}`}${i === 0 ? ' map' : ''})`).join(', ');
/** A job's response time, as results.ts counts it (finishMs less submitMs). */
const RESPONSE_IN_WORDS = 'submission to the heartbeat that reported its last task';
const BINS_CAPTION = `Bins by a job's maps, as the Delay Scheduling paper's Table 2: ${BINS_IN_WORDS}; no bar where it had no job in the bin.`;

/** ", over all its runs (up to 3)," where some series pools several runs (a sweep's seeds and points); '' where each is one run. */
function overRuns(records: readonly RunRecord[], seriesOf: SeriesOf): string {
  const runs = new Map<string, number>();
  for (const r of records) {
    const { series } = seriesOf(r);
    runs.set(series, (runs.get(series) ?? 0) + 1);
  }
  const most = [...runs.values()].reduce((a, n) => Math.max(a, n), 0);
  return most < 2 ? '' : `, over all its runs (up to ${most}),`;
}

/** Whom a bar or line is of: "the variant its colour names", or "the series its colour names (variant, hdfs.replication)". */
const namedBy = (legend: string): string => (legend === 'variant' ? 'the variant its colour names' : `the series its colour names (${legend})`);

/**
 * Per series and size bin, the mean of `value` over the runs' bins, weighted by `weight` (maps or jobs); a bin of no
 * weight in a series (listed with no job or no map) has no bar there: its mean of 0 was drawn "0", "0%", read as data.
 */
function meanByBin(records: readonly RunRecord[], seriesOf: SeriesOf, value: (b: BinOf) => number,
  weight: (b: BinOf) => number): Array<{ series: string; bin: number; mean: number }> {
  return meanBy(records, (r) => seriesOf(r).series, (r) => r.bins, (b) => b.bin, value, weight).filter((s) => s.weight > 0)
    .map((s) => ({ series: s.series, bin: s.group, mean: s.mean }));
}

/** Node locality per job size bin, one bar per series (variant), averaged over the runs of each series (maps-weighted). */
export function localityByBinChart(records: readonly RunRecord[], seriesOf: SeriesOf, id: string, legend = 'variant'): Chart {
  const values = meanByBin(records, seriesOf, (b) => b.locality.node, (b) => b.maps);
  const caption = `Each bar: for ${namedBy(legend)}, the share of its maps in a job size bin${overRuns(records, seriesOf)} that read their block on the node they ran on. ${BINS_CAPTION}`;
  return { ...barsByBin(id, 'Node locality by job size bin', values, seriesDomain(records.map(seriesOf)), { title: 'node locality', axis: { format: '.0%' }, scale: { domain: [0, 1] } }, legend), caption };
}

/** Mean response time per job size bin, one bar per series (variant). */
export function responseByBinChart(records: readonly RunRecord[], seriesOf: SeriesOf, id: string): Chart {
  const values = meanByBin(records, seriesOf, (b) => b.meanResponseMs / 1000, (b) => b.jobs);
  const caption = `Each bar: for ${namedBy('variant')}, the mean response time (${RESPONSE_IN_WORDS}) of its jobs in a job size bin${overRuns(records, seriesOf)}. ${BINS_CAPTION}`;
  return { ...barsByBin(id, 'Mean response time by job size bin', values, seriesDomain(records.map(seriesOf)), { title: 'mean response time (s)' }), caption };
}

/** Each value with its series' place in `order`. */
export function placedIn<T extends { series: string }>(values: readonly T[], order: readonly string[]): Array<T & { place: number }> {
  const place = new Map(order.map((name, i) => [name, i]));
  return values.map((v) => ({ ...v, place: place.get(v.series) ?? order.length }));
}

/** Grouped bars: one group per size bin (in numeric order), one bar per series in `order`, the bar's height `mean` with the y axis given. */
function barsByBin(id: string, title: string, values: Array<{ series: string; bin: number; mean: number }>, order: string[], y: Record<string, unknown>, legend = 'variant'): Chart {
  const bins = [...new Set(values.map((v) => v.bin))].sort((a, b) => a - b);
  return groupedBars(id, title, values, { field: 'bin', type: 'ordinal', title: 'job size bin', sort: bins }, order, y, legend);
}

/**
 * The label of a bar of no height, as its y axis writes 0 (the report's bars and an experiment's figure): "0%" on a
 * share's axis (a percent format, ".0%" or ".2~%"), "0" on any other.
 */
export function zeroLabel(y: Record<string, unknown>): string {
  return (y.axis as { format?: string } | undefined)?.format?.endsWith('%') === true ? '0%' : '0';
}

/**
 * Grouped bars: one group per value of `x.field` (in `x.sort`'s order), one bar per series in `order`, the bar's
 * height `mean` with the y axis given.
 */
export function groupedBars(id: string, title: string, values: ReadonlyArray<{ series: string; mean: number }>,
  x: { field: string; type: 'ordinal' | 'nominal'; title: string; sort: unknown; axis?: Record<string, unknown> }, order: string[], y: Record<string, unknown>, legend = 'variant'): Chart {
  // a bar of no height is written "0" at its place: naive fair's 0% node locality in bin 1
  // was a gap, read as no jobs there, as a pool a variant has no job in is
  const layer: unknown[] = [{ mark: 'bar' }];
  // bars all of no height (a result whose jobs all took 0 ms) on an axis to 1: vega's domain of [0, 0] ticked a lone
  // "0.000000" at mid-height and wrote the bars' "0"s there
  const flat = y.scale === undefined && values.every((v) => v.mean === 0) ? { scale: { domain: [0, 1] } } : {};
  if (values.some((v) => v.mean === 0)) {
    layer.push({ transform: [{ filter: 'datum.mean === 0' }], mark: { type: 'text', baseline: 'bottom', dy: -2, fontSize: 10 }, encoding: { text: { value: zeroLabel(y) }, color: { value: '#333' } } });
  }
  return {
    id, title, spec: {
      $schema: SCHEMA, title, ...SIZE, data: { values: placedIn(values, order) },
      layer,
      encoding: {
        x,
        // sorted by each series' place in `order`: a sort by the list itself compiled to one expression of every name,
        // which vega's parser overflowed on at about 1,000 series
        xOffset: { field: 'series', type: 'nominal', sort: { field: 'place', op: 'min' } },
        y: { field: 'mean', type: 'quantitative', ...y, ...flat },
        color: { field: 'series', type: 'nominal', title: legend, legend: LEGEND, scale: seriesColours(order) },
      },
    } as TopLevelSpec,
  };
}

type Row = Record<string, unknown>;
type Encoding = Record<string, { field?: string; type?: string } | unknown[] | undefined>;
interface Layer { data?: { values?: Row[] }; encoding?: Encoding }

/** Each data set of a chart (its own, or each layer's) with the fields its encodings place on a quantitative scale. */
function placed(chart: Chart): Array<{ rows: Row[]; fields: string[] }> {
  const spec = chart.spec as Layer & { layer?: Layer[] };
  return [spec, ...(spec.layer ?? [])].filter((l) => l.data?.values !== undefined).map((l) => ({
    rows: l.data!.values!,
    // y2 and x2 share their channel's scale and carry no type; tooltips and colours place nothing.
    fields: Object.entries(l.encoding ?? {}).flatMap(([channel, e]) => (e !== undefined && !Array.isArray(e) && e.field !== undefined &&
      (e.type === 'quantitative' || channel === 'x2' || channel === 'y2') ? [e.field] : [])),
  }));
}

/** Whether a chart has nothing to draw (vega then gives its axes the domain Infinity to -Infinity). */
export function isEmpty(chart: Chart): boolean {
  return placed(chart).every((d) => d.rows.length === 0);
}

/**
 * The first value a chart would place that is not a finite number ("mean is Infinity, series ..."), or undefined:
 * vega draws a string's NaN or an Infinity nowhere, silently. The inputs are checked before (result-schema.ts,
 * sweep.json's axes); this catches what they cannot, such as a mean of numbers near 1e308 overflowing.
 */
export function nonFinite(chart: Chart): string | undefined {
  for (const { rows, fields } of placed(chart)) {
    for (const row of rows) {
      for (const f of fields) {
        const v = row[f];
        if (typeof v === 'number' && Number.isFinite(v)) continue;
        const at = typeof row.series === 'string' ? ` (series "${row.series}")` : '';
        return `${f} is ${typeof v === 'number' ? String(v) : JSON.stringify(v) ?? 'missing'}${at}, not a finite number`;
      }
    }
  }
  return undefined;
}
