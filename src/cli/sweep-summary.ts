/** The table `hfsim sweep` and `hfsim sweep merge` print: one row per point, mean ± 95% CI of the headline metrics. */
import { table } from './format.js';
import { shownSet } from './set-naming.js';
import { aggregate } from './sweep-aggregate.js';
import type { PointRecord } from './sweep-aggregate.js';
import type { Manifest } from './sweep-manifest.js';

/** One row per point: its axis values, seeds, and mean ± 95% CI half-width of the headline metrics. */
export function summaryTable(manifest: Manifest, records: readonly PointRecord[]): string {
  const rows = aggregate(records);
  const axes = manifest.axes.map((a) => a.name);
  const metrics: Array<[string, string, (x: number) => string]> = [
    ['locality.node', 'node local', (x) => `${(100 * x).toFixed(1)}%`],
    ['meanResponseMs', 'mean resp (s)', (x) => (x / 1000).toFixed(1)],
    ['jobsPerHour', 'jobs/h', (x) => x.toFixed(0)],
    ['fairness', 'fairness', (x) => x.toFixed(3)],
  ];
  // Each point's run-level rows, in the order the rows list the points (a filter of every row per point took minutes
  // at 20,000 points).
  const byPoint = new Map<string, typeof rows>();
  for (const r of rows) {
    const mine = byPoint.get(r.point) ?? [];
    if (r.bin === null) mine.push(r);
    byPoint.set(r.point, mine);
  }
  const body = [...byPoint.values()].map((mine) => {
    // A string that reads as another value's JSON is quoted ("null" beside null, "1" beside 1), as a --set value is.
    const cells = axes.map((a) => shownSet(mine[0].values[a]));
    cells.push(String(mine[0].n));
    for (const [metric, , fmt] of metrics) {
      const m = mine.find((r) => r.metric === metric);
      cells.push(m === undefined ? '-' : m.ci95 === null ? fmt(m.mean) : `${fmt(m.mean)} ± ${fmt(m.ci95)}`);
    }
    return cells;
  });
  return table([...axes, 'seeds', ...metrics.map((m) => m[1])], body, axes.length);
}
