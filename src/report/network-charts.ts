/**
 * The fluid network model's chart: each rack's uplink and downlink utilisation over the run (result.network's
 * buckets), one line per rack and direction, and the core's with a bounded core. Past MAX_RACK_LINES racks a line per
 * rack is unreadable, so the chart then draws the racks' mean and the busiest rack in each bucket.
 */
import type { TopLevelSpec } from 'vega-lite';
import { type NetworkResult, lastBucket } from '../core/network/link-usage.js';
import { type Chart, SCHEMA, SIZE, timeUnit } from './charts.js';

const MAX_RACK_LINES = 8;

interface Point { time: number; utilization: number; series: string; direction: string }
/** The buckets' width, the run's last bucket (of any series) and how much of it ran, and the time axis's ms a unit. */
interface Buckets { bucketMs: number; last: number; lastMs: number; perUnit: number }

/**
 * One series' points, a bucket's value at its start and the last one's again at its end: drawn as steps, each bucket
 * spans its width (else the last bucket, a one-bucket run's only one, had no width to draw), the last one to the
 * run's end (`lastMs` of it ran).
 */
function steps(xs: readonly number[], b: Buckets, series: string, direction: string, out: Point[]): void {
  const at = (i: number): number => (i * b.bucketMs) / b.perUnit;
  xs.forEach((u, i) => out.push({ time: at(i), utilization: u, series, direction }));
  const n = xs.length;
  if (n > 0) out.push({ time: n - 1 === b.last ? at(n - 1) + b.lastMs / b.perUnit : at(n), utilization: xs[n - 1], series, direction });
}

/** Points of one direction's series (per rack, or mean and busiest past MAX_RACK_LINES racks). */
function points(series: readonly number[][], b: Buckets, direction: string): Point[] {
  const out: Point[] = [];
  if (series.length <= MAX_RACK_LINES) {
    series.forEach((xs, rack) => steps(xs, b, `rack ${rack}`, direction, out));
    return out;
  }
  const buckets = series.reduce((n, xs) => Math.max(n, xs.length), 0); // not Math.max(...): thousands of racks
  const mean: number[] = [];
  const busiest: number[] = [];
  for (let i = 0; i < buckets; i++) {
    let sum = 0;
    let max = 0;
    for (const xs of series) {
      const u = xs[i] ?? 0;
      sum += u;
      max = Math.max(max, u);
    }
    mean.push(sum / series.length);
    busiest.push(max);
  }
  steps(mean, b, 'mean of racks', direction, out);
  steps(busiest, b, 'busiest rack', direction, out);
  return out;
}

/** The link utilisation chart of a fluid run, titled with its variant. */
export function linkUtilizationChart(network: NetworkResult, variant: string, id: string): Chart {
  const { bucketMs, up, down, core } = network.utilization;
  const last = lastBucket(network.utilization); // older results have no lastBucketMs: their last bucket whole
  // in hours past 5 of them, as the storage chart: a day read 0 to 1,600 min
  const { unit, perUnit } = timeUnit(last.index * bucketMs + last.ms);
  const b: Buckets = { bucketMs, last: last.index, lastMs: last.ms, perUnit };
  const values = [...points(up, b, 'uplink'), ...points(down, b, 'downlink')];
  if (core !== undefined) steps(core, b, 'core', 'core', values);
  // links idle all run (no traffic crossed racks) draw their lines at 0 on an axis to 100%: vega's domain of [0, 0]
  // put them at mid-height beside a lone "0%"
  const idle = values.every((v) => v.utilization === 0);
  const title = `${core === undefined ? 'Rack link' : 'Rack link and core'} utilisation over time: ${variant} (${(network.crossRackMB / 1024).toFixed(1)} GB across racks)`;
  const lines = up.length <= MAX_RACK_LINES ? 'a rack\'s uplink or downlink' : `the ${up.length} racks' mean uplink or downlink, or the busiest rack's`;
  const caption = `Each line: ${lines}: the MB it carried in a bucket of ${bucketMs / 60_000} min over the MB its capacity could carry in it` +
    `${core === undefined ? '' : ', and the core\'s likewise'}; the run's last bucket counts the part of it the run lasted.`;
  return {
    id, title, caption, spec: {
      $schema: SCHEMA, title, ...SIZE, data: { values },
      mark: { type: 'line', interpolate: 'step-after' },
      encoding: {
        x: { field: 'time', type: 'quantitative', title: `time (${unit}; buckets of ${bucketMs / 60_000} min)` },
        y: { field: 'utilization', type: 'quantitative', title: 'share of the link\'s capacity', axis: { format: '.2~%' }, ...(idle ? { scale: { domain: [0, 1] } } : {}) }, // 0.5%, not "0%" on a link a few percent busy
        color: { field: 'series', type: 'nominal', title: core === undefined ? 'rack' : 'rack, or the core', legend: { orient: 'bottom', columns: 4, labelLimit: 0 } },
        strokeDash: { field: 'direction', type: 'nominal', title: 'link', legend: { orient: 'bottom' } },
      },
    } as TopLevelSpec,
  };
}
