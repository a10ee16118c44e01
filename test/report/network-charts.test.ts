import { describe, expect, it } from 'vitest';
import type { NetworkResult } from '../../src/core/network/link-usage.js';
import { linkUtilizationChart } from '../../src/report/network-charts.js';
import { renderSvg } from '../../src/report/html.js';

const network = (racks: number): NetworkResult => ({
  model: 'fluid', crossRackMB: 2048, forcedMB: 0, readMB: 0, servedMB: 0, unservedMB: 0, replicatedMB: 0, unreplicatedMB: 0, shuffleSentMB: 0,
  utilization: {
    bucketMs: 120_000,
    lastBucketMs: 120_000,
    up: Array.from({ length: racks }, (_, r) => [r / 100, 0.5]),
    down: Array.from({ length: racks }, () => [0.25]),
  },
});

type Point = { time: number; utilization: number; series: string; direction: string };
const pointsOf = (racks: number): Point[] => (linkUtilizationChart(network(racks), 'v', 'x').spec as unknown as { data: { values: Point[] } }).data.values;

describe('rack link utilisation chart', () => {
  it('draws a line per rack and direction, buckets at their start in minutes, the last one\'s value again at its end', () => {
    const pts = pointsOf(3);
    expect(pts).toHaveLength(3 * 3 + 3 * 2);
    expect(pts).toContainEqual({ time: 2, utilization: 0.5, series: 'rack 2', direction: 'uplink' });
    expect(pts).toContainEqual({ time: 4, utilization: 0.5, series: 'rack 2', direction: 'uplink' });
    expect(pts).toContainEqual({ time: 0, utilization: 0.25, series: 'rack 0', direction: 'downlink' });
    // A one-bucket series spans its bucket: drawn as steps, it has a width (it was a lone point).
    expect(pts).toContainEqual({ time: 2, utilization: 0.25, series: 'rack 0', direction: 'downlink' });
    expect(linkUtilizationChart(network(3), 'Naive fair', 'x').title).toBe('Rack link utilisation over time: Naive fair (2.0 GB across racks)');
  });

  it('the run\'s last bucket is drawn to the run\'s end (lastBucketMs of it ran); a series that ends a bucket earlier spans its whole bucket', () => {
    const n = network(2);
    n.utilization.lastBucketMs = 30_000;
    const pts = (linkUtilizationChart(n, 'v', 'x').spec as unknown as { data: { values: Point[] } }).data.values;
    expect(pts.filter((p) => p.series === 'rack 1' && p.direction === 'uplink').map((p) => p.time)).toEqual([0, 2, 2.5]);
    expect(pts.filter((p) => p.series === 'rack 1' && p.direction === 'downlink').map((p) => p.time)).toEqual([0, 2]);
  });

  it('past 8 racks draws the racks\' mean and the busiest rack per bucket', () => {
    const pts = pointsOf(10);
    expect(new Set(pts.map((p) => p.series))).toEqual(new Set(['mean of racks', 'busiest rack']));
    const first = pts.filter((p) => p.time === 0 && p.direction === 'uplink');
    expect(first.find((p) => p.series === 'mean of racks')!.utilization).toBeCloseTo(0.045, 12); // (0 + ... + 9) / 100 / 10
    expect(first.find((p) => p.series === 'busiest rack')!.utilization).toBeCloseTo(0.09, 12);
    expect(pts.filter((p) => p.series === 'busiest rack' && p.direction === 'uplink').map((p) => p.time)).toEqual([0, 2, 4]);
  });

  it('the core\'s line, with a bounded core, spans its last bucket too', () => {
    const n = network(2);
    n.utilization.core = [0.75];
    const pts = (linkUtilizationChart(n, 'v', 'x').spec as unknown as { data: { values: Point[] } }).data.values.filter((p) => p.series === 'core');
    expect(pts).toEqual([{ time: 0, utilization: 0.75, series: 'core', direction: 'core' }, { time: 2, utilization: 0.75, series: 'core', direction: 'core' }]);
  });

  it('links idle all run (no traffic crossed racks): the lines lie at the plot\'s foot on an axis from 0% to 100%, not mid-height on a lone "0%"', async () => {
    const n = network(2);
    n.crossRackMB = 0;
    n.utilization.up = [[0, 0], [0, 0]];
    n.utilization.down = [[0, 0], [0, 0]];
    const svg = await renderSvg(linkUtilizationChart(n, 'v', 'x'));
    // vega's domain of [0, 0] put every line at y = 130, half the 260 px plot, with one tick "0%" beside it
    expect(svg).toContain("linear scale with values from 0% to 100%");
    const lines = [...svg.matchAll(/aria-roledescription="line mark" d="([^"]*)"/g)].map((m) => m[1]);
    expect(lines).toHaveLength(4);
    for (const d of lines) expect([...d.matchAll(/[ML][\d.]+,([\d.]+)/g)].every((m) => Number(m[1]) === 260)).toBe(true);
  });

  it('a run past 5 hours is timed in hours, as the storage chart times it: a day read 0 to 1,600 min', async () => {
    // fb2009-day on the fluid model: 90 buckets of 16 min
    const n = network(2);
    n.utilization = { bucketMs: 960_000, lastBucketMs: 960_000, up: [Array(90).fill(0.1), Array(90).fill(0.2)], down: [Array(90).fill(0.1), Array(90).fill(0.2)] };
    const chart = linkUtilizationChart(n, 'v', 'x');
    const spec = chart.spec as unknown as { data: { values: Array<Record<string, number>> }; encoding: { x: { field: string; title: string } } };
    expect(spec.encoding.x.title).toBe('time (h; buckets of 16 min)');
    expect(Math.max(...spec.data.values.map((p) => p[spec.encoding.x.field]))).toBe(24);
    expect(await renderSvg(chart)).toMatch(/X-axis titled 'time \(h; buckets of 16 min\)' for a linear scale with values from 0 to 24/);
    // shorter runs stay in minutes
    expect((linkUtilizationChart(network(2), 'v', 'x').spec as unknown as { encoding: { x: { title: string } } }).encoding.x.title).toBe('time (min; buckets of 2 min)');
  });
});
