/** A run report's storage chart: a replication policy's storage above the static placement, as steps to the run's end. */
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../../src/report/html.js';
import { MAX_STORAGE_POINTS, type ReplicationRun, storageChart, thinned } from '../../src/report/replication-chart.js';

type Point = { series: string; time: number; pct: number };
const points = (runs: ReplicationRun[]): Point[] => (storageChart(runs, runs.map((r) => r.variant), 's')!.spec as unknown as { data: { values: Point[] } }).data.values;

const run = (variant: string, policy: string, series: Array<[number, number]>, lastFinishMs: number, created = 0): ReplicationRun => ({
  variant, jobs: [{ finishMs: 1000 }, { finishMs: lastFinishMs }],
  replication: { policy, replicasCreated: created, replicasDeleted: 0, storage: { meanOverheadPct: 0, peakOverheadPct: Math.max(...series.map((p) => p[1])), series } },
});

describe('storage above the static placement over time', () => {
  it('a step line per variant to its last job\'s finish, or to a last change after it; created and deleted under the title', async () => {
    // the hot-file run of test/actors/replication.test.ts: static, and DSBRA's two copies, its last after the last job
    const runs = [run('static', 'static', [[0, 0]], 332_128), run('DSBRA', 'dsbra', [[0, 0], [240_537, 50], [300_537, 100]], 300_128, 2)];
    expect(points(runs)).toEqual([
      { series: 'static', time: 0, pct: 0 }, { series: 'static', time: 332_128 / 60_000, pct: 0 },
      { series: 'DSBRA', time: 0, pct: 0 }, { series: 'DSBRA', time: 240_537 / 60_000, pct: 50 }, { series: 'DSBRA', time: 300_537 / 60_000, pct: 100 },
    ]);
    const svg = await renderSvg(storageChart(runs, ['static', 'DSBRA'], 's')!);
    expect(svg).toContain('DSBRA (dsbra): 2 replicas created, 0 deleted; mean 0.0%, peak 100.0%');
    expect(svg).toContain('time (min)');
    expect(svg).toContain('storage above static placement (%)');
  });

  it('no replica made: a line at 0 on an axis to 1%; runs past 5 hours in hours; none without a replication policy', () => {
    const flat = storageChart([run('delay', 'static', [[0, 0]], 9 * 3_600_000)], ['delay'], 's')!;
    const enc = (flat.spec as unknown as { encoding: { x: { title: string }; y: { scale?: { domain: number[] } } } }).encoding;
    expect(enc.y.scale?.domain).toEqual([0, 1]);
    expect(enc.x.title).toBe('time (h)');
    expect(storageChart([{ variant: 'FIFO', jobs: [] }], ['FIFO'], 's')).toBeUndefined();
  });

  it('a series of many changes keeps each time bucket\'s first, lowest, highest and last point', () => {
    const n = 50_000;
    const series = Array.from({ length: n }, (_, i): [number, number] => [i * 100, 1 + (i % 7)]);
    series[12_345][1] = 0; // a dip
    series[31_337][1] = 99; // the peak
    const kept = thinned(series);
    expect(kept.length).toBeLessThanOrEqual(MAX_STORAGE_POINTS);
    expect(kept[0]).toEqual(series[0]);
    expect(kept.at(-1)).toEqual(series[n - 1]);
    expect(kept).toContainEqual([12_345 * 100, 0]);
    expect(kept).toContainEqual([31_337 * 100, 99]);
    expect(kept.map((p) => p[0])).toEqual([...kept.map((p) => p[0])].sort((a, b) => a - b));
    expect(thinned(series.slice(0, 10))).toEqual(series.slice(0, 10));
  });
});
