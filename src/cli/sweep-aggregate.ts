/**
 * Sweep aggregation: per point (axis values), the mean and 95% confidence interval over seeds (Student t) of each
 * summary metric, overall and per job size bin, as tidy rows (one per point, metric and bin) for CSV and JSON.
 */
import { stringify } from 'csv-stringify/sync';
import type { Result } from '../actors/simulate.js';
import type { BinResult, LocalityShare, Summary } from '../core/results.js';
import { type NetworkResult, linkUse } from '../core/network/link-usage.js';
import type { ReplicaCounts, StorageResult } from '../core/replication/replicas.js';
import type { ReplicationResult } from '../core/replication/results.js';

/** One finished point, as stored in results.jsonl: the point's identity and its result (without the config echo). */
export interface PointRecord extends Omit<Result, 'config'> {
  id: string;
  index: number;
  group: string;
  values: Record<string, unknown>;
}

export interface MetricValue {
  metric: string;
  /** Job size bin, or null for the whole run. */
  bin: number | null;
  value: number;
}

/** Each key of a result section, so that a field added to it without a metric name here fails to compile. */
const SUMMARY_FIELDS: Record<keyof Summary, true> = {
  jobs: true, tasks: true, maps: true, reduces: true, makespanMs: true, meanResponseMs: true, medianResponseMs: true, locality: true,
  utilization: true, reduceUtilization: true, jobsPerHour: true, killedTasks: true, lostSlotSeconds: true,
};
const BIN_FIELDS: Record<Exclude<keyof BinResult, 'bin'>, true> = { jobs: true, maps: true, meanResponseMs: true, medianResponseMs: true, locality: true };
const LOCALITY_FIELDS: Record<keyof LocalityShare, true> = { node: true, rack: true, off: true };
/** The fluid network model's MB totals (every number of NetworkResult but its utilisation series). */
const NETWORK_FIELDS: Record<Exclude<keyof NetworkResult, 'model' | 'utilization'>, true> = {
  crossRackMB: true, forcedMB: true, readMB: true, servedMB: true, unservedMB: true, replicatedMB: true, unreplicatedMB: true, shuffleSentMB: true,
};
/**
 * A replication policy's outcome (every number of ReplicationResult but the settings it echoes and the policy's own
 * counts, whose names are the policy's): replicas made and dropped, the copies' MB and time, the storage overhead, and
 * the time jobs' tasks were skipped for locality.
 */
const REPLICA_FIELDS: Record<keyof ReplicaCounts, true> = { replicasCreated: true, replicasDeleted: true, copiesUnfinished: true, copiesQueued: true, bytesCopiedMB: true, copyMs: true };
const STORAGE_FIELDS: Record<Exclude<keyof StorageResult, 'series'>, true> = { staticReplicas: true, meanOverheadPct: true, peakOverheadPct: true, finalOverheadPct: true };
const DELAY_WAIT_FIELDS: Record<keyof ReplicationResult['delayWaitMs'], true> = { total: true, meanPerJob: true, jobsWaiting: true };
const REPLICATION_METRICS: ReadonlyArray<readonly [string, (r: ReplicationResult) => unknown]> = [
  ...Object.keys(REPLICA_FIELDS).map((k) => [`replication.${k}`, (r: ReplicationResult) => r[k as keyof ReplicaCounts]] as const),
  ...Object.keys(STORAGE_FIELDS).map((k) => [`replication.storage.${k}`, (r: ReplicationResult) => r.storage?.[k as keyof typeof STORAGE_FIELDS]] as const),
  ...Object.keys(DELAY_WAIT_FIELDS).map((k) => [`replication.delayWaitMs.${k}`, (r: ReplicationResult) => r.delayWaitMs?.[k as keyof typeof DELAY_WAIT_FIELDS]] as const),
];

/**
 * The racks' uplink and downlink utilisation over the run: the mean over racks and buckets, and the busiest bucket; with
 * a bounded core (coreGbps) the core's too.
 */
const LINK_METRICS = ['network.up.mean', 'network.up.max', 'network.down.mean', 'network.down.max', 'network.core.mean', 'network.core.max'] as const;

/** Names of metricsOf's metrics: per run (bin null), and per size bin. */
const withLocality = (fields: object): string[] => Object.keys(fields).flatMap((k) => (k === 'locality' ? Object.keys(LOCALITY_FIELDS).map((l) => `locality.${l}`) : [k]));
export const RUN_METRICS: ReadonlySet<string> = new Set([
  ...withLocality(SUMMARY_FIELDS), 'fairness', 'decisionUs.p50', 'decisionUs.p99', 'wallMs',
  ...Object.keys(NETWORK_FIELDS).map((k) => `network.${k}`), ...LINK_METRICS, ...REPLICATION_METRICS.map(([name]) => name),
]);
export const BIN_METRICS: ReadonlySet<string> = new Set(withLocality(BIN_FIELDS));

/**
 * Shares, 0 to 1: the locality shares (run and bin), slot utilisation, fairness (Jain's index) and the links'
 * utilisation. Every other metric is a count, a time, MB or a percentage, 0 or more.
 */
const SHARE_METRICS: ReadonlySet<string> = new Set([...Object.keys(LOCALITY_FIELDS).map((l) => `locality.${l}`), 'utilization', 'reduceUtilization', 'fairness', ...LINK_METRICS]);

/** What `metric` can be: [0, 1] for a share, [0, Infinity) for the rest (its interval is kept within it). */
export const metricRange = (metric: string): readonly [number, number] => (SHARE_METRICS.has(metric) ? [0, 1] : [0, Infinity]);

/** Wall-clock measures: they vary from run to run, unlike every other metric. */
export const WALL_CLOCK_METRICS = ['decisionUs.p50', 'decisionUs.p99', 'wallMs'] as const;

/**
 * The metrics of one run: every number in the summary (locality.node, meanResponseMs, jobsPerHour, ...), fairness,
 * decision latency (if timed), on the fluid network model its MB totals and link utilisation, with a replication
 * policy its replicas, storage overhead and locality waits, and per bin its response times and locality.
 */
export function metricsOf(r: Pick<Result, 'summary' | 'bins' | 'jobs' | 'run' | 'network' | 'replication'>): MetricValue[] {
  const out: MetricValue[] = [];
  flatten(r.summary, '', (metric, value) => out.push({ metric, bin: null, value }));
  out.push({ metric: 'fairness', bin: null, value: fairness(r.jobs) });
  if (r.run.decisionUs !== undefined) { // absent when the run did not time its decisions (--no-time-decisions)
    out.push({ metric: 'decisionUs.p50', bin: null, value: r.run.decisionUs.p50 });
    out.push({ metric: 'decisionUs.p99', bin: null, value: r.run.decisionUs.p99 });
  }
  out.push({ metric: 'wallMs', bin: null, value: r.run.wallMs });
  if (r.network !== undefined) {
    for (const k of Object.keys(NETWORK_FIELDS) as Array<keyof typeof NETWORK_FIELDS>) {
      // A result written before a field existed (a resumed or merged sweep's older points) lacks it: no value.
      const value: unknown = r.network[k];
      if (typeof value === 'number') out.push({ metric: `network.${k}`, bin: null, value });
    }
    for (const dir of ['up', 'down'] as const) {
      const { mean, max } = linkUse(r.network.utilization, dir);
      out.push({ metric: `network.${dir}.mean`, bin: null, value: mean }, { metric: `network.${dir}.max`, bin: null, value: max });
    }
    const core = r.network.utilization.core; // with a bounded core only
    if (core !== undefined) {
      const { mean, max } = linkUse(r.network.utilization, 'core');
      out.push({ metric: 'network.core.mean', bin: null, value: mean }, { metric: 'network.core.max', bin: null, value: max });
    }
  }
  if (r.replication !== undefined) {
    for (const [metric, of] of REPLICATION_METRICS) {
      const value = of(r.replication); // a result written before a field existed lacks it: no value
      if (typeof value === 'number') out.push({ metric, bin: null, value });
    }
  }
  for (const b of r.bins) {
    const { bin, ...rest } = b;
    flatten(rest, '', (metric, value) => out.push({ metric, bin, value }));
  }
  return out;
}

function flatten(obj: object, prefix: string, emit: (path: string, value: number) => void): void {
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'number') emit(prefix + k, v);
    else if (typeof v === 'object' && v !== null && !Array.isArray(v)) flatten(v, `${prefix}${k}.`, emit);
  }
}

/**
 * Fairness: equal jobs treated alike. Per size bin, Jain's index (sum x)^2 / (n sum x^2) of the jobs' response times;
 * the mean over bins, weighted by jobs. 1 when every job of a size waited the same; 1/n at worst.
 */
export function fairness(jobs: ReadonlyArray<{ bin: number; responseMs: number }>): number {
  // Per bin: count, sum and sum of squares, added in job order (the sums a reduce over the bin's jobs would give).
  const byBin = new Map<number, { n: number; s: number; s2: number }>();
  for (const j of jobs) {
    let b = byBin.get(j.bin);
    if (b === undefined) byBin.set(j.bin, b = { n: 0, s: 0, s2: 0 });
    b.n++;
    b.s += j.responseMs;
    b.s2 += j.responseMs * j.responseMs;
  }
  let weighted = 0;
  for (const { n, s, s2 } of byBin.values()) weighted += n * (s2 === 0 ? 1 : (s * s) / (n * s2));
  return jobs.length === 0 ? 1 : Math.round((weighted / jobs.length) * 1e6) / 1e6;
}

export interface Interval {
  n: number;
  mean: number;
  sd: number | null;
  /** Half-width of the 95% confidence interval of the mean: t(0.975, n - 1) * sd / sqrt(n); null for one seed. */
  ci95: number | null;
  lo: number | null;
  hi: number | null;
}

/**
 * The mean of `xs` and its 95% confidence interval; `range`: what the quantity can be, lo and hi kept within it (the
 * mean of shares is a share: a t interval of three seeds' node locality near 1 reached past 1, and of wall times that
 * varied more than their mean below 0). The interval's coverage is unchanged (the mean is inside the range); ci95
 * stays the t interval's half-width.
 */
export function interval(xs: readonly number[], range: readonly [number, number] = [-Infinity, Infinity]): Interval {
  const n = xs.length;
  const mean = xs.reduce((a, x) => a + x, 0) / n;
  if (n < 2) return { n, mean: tidy(mean), sd: null, ci95: null, lo: null, hi: null };
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const half = studentT975(n - 1) * sd / Math.sqrt(n);
  const within = (x: number): number => Math.min(range[1], Math.max(range[0], tidy(x)));
  return { n, mean: tidy(mean), sd: tidy(sd), ci95: tidy(half), lo: within(mean - half), hi: within(mean + half) };
}

const tidy = (x: number): number => Number(x.toPrecision(10));

/**
 * P(|T| < t) for Student's t with df (a whole number) degrees of freedom, in closed form (Abramowitz and Stegun
 * 26.7.3-4): with θ = atan(t / sqrt(df)), a finite sum of powers of cos θ.
 */
function tWithin(t: number, df: number): number {
  const theta = Math.atan(t / Math.sqrt(df));
  const c2 = Math.cos(theta) ** 2;
  if (df % 2 === 0) { // sin θ (1 + 1/2 cos²θ + 1·3/(2·4) cos⁴θ + ... to cos^(df-2) θ)
    let term = 1;
    let sum = 1;
    for (let k = 2; k <= df - 2; k += 2) sum += term *= c2 * (k - 1) / k;
    return Math.sin(theta) * sum;
  }
  if (df === 1) return 2 * theta / Math.PI; // 2/π (θ + sin θ (cos θ + 2/3 cos³θ + ... to cos^(df-2) θ))
  let term = Math.cos(theta);
  let sum = term;
  for (let k = 3; k <= df - 2; k += 2) sum += term *= c2 * (k - 1) / k;
  return 2 / Math.PI * (theta + Math.sin(theta) * sum);
}

const quantiles = new Map<number, number>();

/**
 * The 97.5% quantile of Student's t with df degrees of freedom, to the last bit or two (the interval is written to 10
 * significant digits): tWithin solved for 0.95 by bisection, once per df.
 */
export function studentT975(df: number): number {
  let t = quantiles.get(df);
  if (t === undefined) {
    let lo = 1.9; // t(0.975, df) falls from 12.71 (df 1) towards 1.96
    let hi = 13;
    for (let mid = (lo + hi) / 2; mid > lo && mid < hi; mid = (lo + hi) / 2) {
      if (tWithin(mid, df) < 0.95) lo = mid;
      else hi = mid;
    }
    quantiles.set(df, t = (lo + hi) / 2);
  }
  return t;
}

export interface AggregateRow extends Interval {
  /** The group id: a hash of the axis values. */
  point: string;
  values: Record<string, unknown>;
  /** The seeds whose runs gave the metric (n of them), in the sweep's order. */
  seeds: number[];
  metric: string;
  bin: number | null;
}

/**
 * Groups records by point (their order: the sweep's), then takes each metric's interval over the seeds that have it:
 * a row's `seeds` are those (a seed whose run had no job in a bin has no response time or locality there; an older
 * record may lack a newer metric). A bin's counts (jobs, maps) are 0 in a seed with no job in it, so they are over
 * every seed. Rows: the run's metrics, then each bin's, bins ascending.
 */
export function aggregate(records: readonly PointRecord[]): AggregateRow[] {
  const groups = new Map<string, PointRecord[]>();
  for (const r of [...records].sort((a, b) => a.index - b.index)) {
    const g = groups.get(r.group);
    if (g === undefined) groups.set(r.group, [r]);
    else g.push(r);
  }
  const rows: AggregateRow[] = [];
  for (const [point, rs] of groups) {
    const bins = [...new Set(rs.flatMap((r) => r.bins.map((b) => b.bin)))].sort((a, b) => a - b);
    const series = new Map<string, { metric: string; bin: number | null; xs: number[]; seeds: number[] }>();
    const seriesOf = (m: Pick<MetricValue, 'metric' | 'bin'>) => {
      const key = `${m.bin ?? ''}|${m.metric}`;
      let s = series.get(key);
      if (s === undefined) series.set(key, (s = { metric: m.metric, bin: m.bin, xs: [], seeds: [] }));
      return s;
    };
    const add = (m: MetricValue, seed: number): void => {
      const s = seriesOf(m);
      s.xs.push(m.value);
      s.seeds.push(seed);
    };
    const metrics = new Map(rs.map((r) => [r, metricsOf(r)]));
    // The series in the order of the record of most metrics (a timed one's decisionUs before wallMs), then the values in
    // seed order: a group whose first seed was untimed (a merge of timed and untimed shards) put wallMs before the
    // decisionUs rows, where its neighbours put them after.
    for (const m of [...metrics.values()].reduce((a, b) => (b.length > a.length ? b : a))) seriesOf(m);
    for (const r of rs) {
      for (const m of metrics.get(r)!) add(m, r.seed);
      for (const bin of bins) {
        if (r.bins.some((b) => b.bin === bin)) continue;
        for (const metric of BIN_COUNTS) add({ metric, bin, value: 0 }, r.seed);
      }
    }
    const ordered = [...series.values()].sort((a, b) => (a.bin ?? -Infinity) - (b.bin ?? -Infinity)); // stable: metric order kept
    for (const s of ordered) rows.push({ point, values: rs[0].values, seeds: s.seeds, metric: s.metric, bin: s.bin, ...interval(s.xs, metricRange(s.metric)) });
  }
  return rows;
}

/** A bin's metrics that count (0 in a run with no job in the bin). */
const BIN_COUNTS = ['jobs', 'maps'] as const satisfies ReadonlyArray<keyof typeof BIN_FIELDS>;

const COLUMNS = ['metric', 'bin', 'n', 'mean', 'sd', 'ci95', 'lo', 'hi'] as const;

/** Flat rows: the axis values as columns (named by their paths), then point, seeds, metric, bin and the interval. */
export function flatRows(rows: readonly AggregateRow[], axes: readonly string[]): Array<Record<string, unknown>> {
  return rows.map((r) => {
    const flat: Record<string, unknown> = {};
    for (const a of axes) flat[a] = r.values[a];
    flat.point = r.point;
    flat.seeds = r.seeds.join(' ');
    for (const c of COLUMNS) flat[c] = r[c];
    return flat;
  });
}

export function aggregateCsv(rows: readonly AggregateRow[], axes: readonly string[]): string {
  const flat = flatRows(rows, axes);
  const columns = [...axes, 'point', 'seeds', ...COLUMNS];
  const axis = new Set(axes);
  return stringify(flat.map((r) => columns.map((c) => (axis.has(c) ? axisCell(r[c]) : cell(r[c])))), { header: true, columns });
}

/** A statistic's cell: empty where it has no value (sd to hi of one seed, a run's row's bin). */
function cell(v: unknown): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'string') return v;
  return JSON.stringify(v);
}

/**
 * An axis value's cell: a number or string as itself, anything else as its JSON, null too (`"scheduler.pools": null`,
 * a field removed), and the empty string (`""`): each was an empty cell, which pandas reads as NaN, and groupby dropped
 * those points.
 */
function axisCell(v: unknown): string | number {
  return v === null ? 'null' : v === '' ? '""' : cell(v);
}
