/**
 * A run report's chart of a replication policy's storage (result.replication): readable replicas above the static
 * placement, % of it, over the run, a line per variant, with each variant's replicas created and deleted under the
 * title as `hfsim run`'s replication table gives them.
 */
import type { TopLevelSpec } from 'vega-lite';
import { type Chart, LEGEND, SCHEMA, SIZE, seriesColours, timeUnit } from './charts.js';

/** What the chart reads of a run's result. */
export interface ReplicationRun {
  variant: string;
  jobs: ReadonlyArray<{ finishMs?: number }>;
  replication?: {
    policy: string;
    replicasCreated: number;
    replicasDeleted: number;
    storage: { meanOverheadPct: number; peakOverheadPct: number; series: ReadonlyArray<readonly [number, number]> };
  };
}

/** Points a variant's line keeps at most: past them, per time bucket its first, lowest, highest and last (a point per change of a long run's thousands of copies). */
export const MAX_STORAGE_POINTS = 2000;
const BUCKETS = 400;

interface Point { series: string; time: number; pct: number }

/**
 * Storage above the static placement over time, or undefined where no variant has a replication policy. A variant's
 * series, a point at 0 and at each change, is drawn as steps to its run's end (its last job's finish, or its last
 * change after it), so a run that changed nothing has a line across the run at 0, not a lone point.
 */
export function storageChart(runs: readonly ReplicationRun[], order: string[], id: string): Chart | undefined {
  const replicated = runs.filter((r) => r.replication !== undefined);
  if (replicated.length === 0) return undefined;
  const ends = replicated.map((r) => {
    const series = r.replication!.storage.series;
    let end = series.length === 0 ? 0 : series[series.length - 1][0];
    for (const j of r.jobs) if (typeof j.finishMs === 'number' && j.finishMs > end) end = j.finishMs;
    return end;
  });
  const longest = ends.reduce((a, e) => Math.max(a, e), 0);
  const { unit, perUnit } = timeUnit(longest);
  const values: Point[] = [];
  replicated.forEach((r, i) => {
    const series = thinned(r.replication!.storage.series);
    for (const [ms, pct] of series) values.push({ series: r.variant, time: ms / perUnit, pct });
    const last = series[series.length - 1];
    if (last !== undefined && ends[i] > last[0]) values.push({ series: r.variant, time: ends[i] / perUnit, pct: last[1] });
  });
  const peak = values.reduce((a, v) => Math.max(a, v.pct), 0);
  const title = 'Storage above the static placement over time';
  const subtitle = replicated.map((r) => {
    const x = r.replication!;
    return `${r.variant} (${x.policy}): ${x.replicasCreated} replicas created, ${x.replicasDeleted} deleted; mean ${x.storage.meanOverheadPct.toFixed(1)}%, peak ${x.storage.peakOverheadPct.toFixed(1)}%`;
  });
  const domain = order.filter((v) => replicated.some((r) => r.variant === v));
  const caption = 'Each line: the readable replicas a variant\'s policy held above those placed at load, as a share of them (%), stepping at ' +
    'each change, to its run\'s end; under the title, its replicas created and deleted and the mean and peak, as hfsim run\'s replication table gives them.';
  return {
    id, title, caption, spec: {
      $schema: SCHEMA, title: { text: title, subtitle }, ...SIZE, data: { values },
      mark: { type: 'line', interpolate: 'step-after' },
      encoding: {
        x: { field: 'time', type: 'quantitative', title: `time (${unit})` },
        // a run with no replica made draws its line at 0 on an axis to 1% (vega's domain of [0, 0] drew no axis)
        y: { field: 'pct', type: 'quantitative', title: 'storage above static placement (%)', ...(peak === 0 ? { scale: { domain: [0, 1] } } : {}) },
        color: { field: 'series', type: 'nominal', title: 'variant', legend: LEGEND, scale: seriesColours(domain) },
        // a dash each, as the CDF's: two variants that made no replica draw the same line at 0
        strokeDash: { field: 'series', type: 'nominal', title: 'variant', legend: LEGEND, scale: { domain } },
      },
    } as TopLevelSpec,
  };
}

/** A series of at most MAX_STORAGE_POINTS points: past it, per time bucket its first, lowest, highest and last points, in time order. */
export function thinned(series: ReadonlyArray<readonly [number, number]>): Array<readonly [number, number]> {
  if (series.length <= MAX_STORAGE_POINTS) return [...series];
  const start = series[0][0];
  const span = Math.max(1, series[series.length - 1][0] - start);
  const kept = new Set<number>();
  let bucket = -1;
  let first = 0;
  let lo = 0;
  let hi = 0;
  const close = (last: number): void => {
    for (const k of [first, lo, hi, last]) kept.add(k);
  };
  series.forEach(([ms, pct], i) => {
    const b = Math.min(BUCKETS - 1, Math.floor(((ms - start) / span) * BUCKETS));
    if (b !== bucket) {
      if (bucket >= 0) close(i - 1);
      bucket = b;
      first = lo = hi = i;
    }
    if (pct < series[lo][1]) lo = i;
    if (pct > series[hi][1]) hi = i;
  });
  close(series.length - 1);
  return [...kept].sort((a, b) => a - b).map((i) => series[i]);
}
