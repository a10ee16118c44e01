/**
 * Fairness (Jain's index per size bin, weighted by jobs): known values, and the sums of a reduce over each bin, bit for
 * bit; the fluid network model's metrics.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/actors/simulate.js';
import { type PointRecord, RUN_METRICS, aggregate, fairness, interval, metricRange, metricsOf, studentT975 } from '../../src/cli/sweep-aggregate.js';

/** The definition, written out: per bin (sum x)^2 / (n sum x^2), summed with weight n, over all jobs. */
function reference(jobs: Array<{ bin: number; responseMs: number }>): number {
  const bins = [...new Set(jobs.map((j) => j.bin))];
  let weighted = 0;
  for (const b of bins) {
    const xs = jobs.filter((j) => j.bin === b).map((j) => j.responseMs);
    const s = xs.reduce((a, x) => a + x, 0);
    const s2 = xs.reduce((a, x) => a + x * x, 0);
    weighted += xs.length * (s2 === 0 ? 1 : (s * s) / (xs.length * s2));
  }
  return jobs.length === 0 ? 1 : Math.round((weighted / jobs.length) * 1e6) / 1e6;
}

describe('fairness', () => {
  it.each([
    ['no jobs', [], 1],
    ['equal responses in a bin', [{ bin: 1, responseMs: 5 }, { bin: 1, responseMs: 5 }], 1],
    ['one of two jobs waited: 1/2', [{ bin: 1, responseMs: 0 }, { bin: 1, responseMs: 10 }], 0.5],
    ['bins weighted by jobs', [{ bin: 1, responseMs: 0 }, { bin: 1, responseMs: 10 }, { bin: 2, responseMs: 3 }, { bin: 2, responseMs: 3 }], 0.75],
  ])('%s', (_, jobs, want) => {
    expect(fairness(jobs)).toBe(want);
  });

  it('equals the definition on 5,000 jobs in 9 bins, to the last bit', () => {
    let x = 12345;
    const next = (): number => { x = (x * 1103515245 + 12345) % 2 ** 31; return x / 2 ** 31; };
    const jobs = Array.from({ length: 5000 }, () => ({ bin: 1 + Math.floor(next() * 9), responseMs: Math.round(next() * 1e6) / 7 }));
    expect(fairness(jobs)).toBe(reference(jobs));
  });
});

describe('network metrics', () => {
  const run = { wallMs: 5 } as Result['run'];
  const base = { summary: {} as Result['summary'], bins: [], jobs: [], run };
  const network = {
    model: 'fluid' as const, crossRackMB: 2048, forcedMB: 0.5, readMB: 9000, servedMB: 100, unservedMB: 0, replicatedMB: 700, unreplicatedMB: 0, shuffleSentMB: 1200,
    // Rack 0 busy in two buckets, rack 1 in its first only (its series ends there).
    utilization: { bucketMs: 60_000, lastBucketMs: 60_000, up: [[0.5, 0.25], [0.75]], down: [[0, 0], [0.1, 0.2]] },
  };

  it('a fluid run adds its MB totals and each direction\'s mean and busiest bucket; a flat run none', () => {
    const byName = new Map(metricsOf({ ...base, network }).map((m) => [m.metric, m.value]));
    expect(byName.get('network.crossRackMB')).toBe(2048);
    expect(byName.get('network.shuffleSentMB')).toBe(1200);
    expect(byName.get('network.forcedMB')).toBe(0.5);
    expect(byName.get('network.up.mean')).toBe((0.5 + 0.25 + 0.75) / 4); // 2 racks x 2 buckets
    expect(byName.get('network.up.max')).toBe(0.75);
    expect(byName.get('network.down.mean')).toBeCloseTo(0.3 / 4, 12);
    expect(byName.get('network.down.max')).toBe(0.2);
    expect(metricsOf(base).some((m) => m.metric.startsWith('network.'))).toBe(false);
  });

  it('a result written before a field existed (an older point of a resumed sweep) reports no value for it, not NaN', () => {
    const { shuffleSentMB: _, ...older } = network;
    const metrics = metricsOf({ ...base, network: older as typeof network });
    expect(metrics.some((m) => m.metric === 'network.shuffleSentMB')).toBe(false);
    expect(metrics.every((m) => Number.isFinite(m.value))).toBe(true);
    expect(metrics.some((m) => m.metric === 'network.crossRackMB')).toBe(true);
  });

  it('every network metric is one a sweep chart may name (the core\'s too, with coreGbps), and nothing else is reported under network.', () => {
    const bounded = { ...network, utilization: { ...network.utilization, core: [0.5, 0.9] } };
    const names = metricsOf({ ...base, network: bounded }).map((m) => m.metric).filter((m) => m.startsWith('network.'));
    expect(names).toHaveLength(14);
    expect(names).toContain('network.core.max');
    for (const name of names) expect(RUN_METRICS.has(name)).toBe(true);
  });
});

describe('replication metrics', () => {
  const base = { summary: {} as Result['summary'], bins: [], jobs: [], run: { wallMs: 5 } as Result['run'] };
  const replication = {
    policy: 'dsbra', defaultReplication: 2, maxReplicas: 16, blocks: 400, replicasCreated: 12, replicasDeleted: 5, copiesUnfinished: 1, bytesCopiedMB: 768, copyMs: 537,
    storage: { staticReplicas: 800, meanOverheadPct: 0.4, peakOverheadPct: 1.5, finalOverheadPct: 0.875, series: [[0, 0], [5000, 1.5]] as Array<[number, number]> },
    delayWaitMs: { total: 9000, meanPerJob: 90, jobsWaiting: 40 }, counts: { gAvg: 0.01 },
  };

  // A sweep over DSBRA's alpha wrote its replicas and storage to results.jsonl and none of them to the aggregates.
  it('a run with a replication policy adds its replicas, copies, storage overhead and locality waits; one without, none', () => {
    const byName = new Map(metricsOf({ ...base, replication }).map((m) => [m.metric, m.value]));
    expect(byName.get('replication.replicasCreated')).toBe(12);
    expect(byName.get('replication.bytesCopiedMB')).toBe(768);
    expect(byName.get('replication.storage.meanOverheadPct')).toBe(0.4);
    expect(byName.get('replication.storage.peakOverheadPct')).toBe(1.5);
    expect(byName.get('replication.delayWaitMs.meanPerJob')).toBe(90);
    const names = [...byName.keys()].filter((m) => m.startsWith('replication.'));
    expect(names).toHaveLength(12); // not the settings it echoes (defaultReplication, maxReplicas, blocks), the series or the policy's own counts
    for (const name of names) expect(RUN_METRICS.has(name)).toBe(true);
    expect(metricsOf(base).some((m) => m.metric.startsWith('replication.'))).toBe(false);
  });

  it('a result written before a field existed reports no value for it, not NaN', () => {
    const { copiesUnfinished: _, ...older } = replication;
    const metrics = metricsOf({ ...base, replication: older as typeof replication });
    expect(metrics.some((m) => m.metric === 'replication.copiesUnfinished')).toBe(false);
    expect(metrics.every((m) => Number.isFinite(m.value))).toBe(true);
  });
});

describe('aggregate over seeds', () => {
  // Two seeds of one point: seed 1 ran jobs in bins 1 and 3, seed 2 in bins 3 and 2 (listed out of order).
  const bin = (b: number, jobs: number, meanResponseMs: number) => ({ bin: b, jobs, maps: jobs * b, meanResponseMs, medianResponseMs: meanResponseMs, locality: { node: 1, rack: 0, off: 0 } });
  const record = (seed: number, bins: ReturnType<typeof bin>[]): PointRecord => ({
    id: `p${seed}`, index: seed - 1, group: 'g', values: { x: 1 }, scenario: 's', variant: '', seed, digest: '',
    summary: { jobs: bins.reduce((n, b) => n + b.jobs, 0) } as PointRecord['summary'],
    bins, jobs: [], run: { wallMs: 1 } as PointRecord['run'],
  });
  const rows = aggregate([record(1, [bin(1, 4, 10), bin(3, 1, 30)]), record(2, [bin(3, 3, 50), bin(2, 1, 20)])]);
  const row = (metric: string, b: number | null) => rows.find((r) => r.metric === metric && r.bin === b)!;

  it('a bin\'s counts are 0 in a seed without jobs there: over every seed, and they sum to the run\'s', () => {
    expect(row('jobs', 1)).toMatchObject({ n: 2, mean: 2, seeds: [1, 2] });
    expect(row('jobs', 2)).toMatchObject({ n: 2, mean: 0.5, seeds: [1, 2] });
    expect(row('maps', 1)).toMatchObject({ n: 2, mean: 2 });
    expect([1, 2, 3].reduce((s, b) => s + row('jobs', b).mean, 0)).toBe(row('jobs', null).mean);
  });

  it('a bin\'s response time is over the seeds that had jobs there, and `seeds` names them', () => {
    expect(row('meanResponseMs', 1)).toMatchObject({ n: 1, mean: 10, seeds: [1] });
    expect(row('meanResponseMs', 2)).toMatchObject({ n: 1, mean: 20, seeds: [2] });
    expect(row('meanResponseMs', 3)).toMatchObject({ n: 2, mean: 40, seeds: [1, 2] });
  });

  it('rows in one metric order whichever seed was timed (a merge of a timed and an untimed shard put wallMs before decisionUs in one point, after it in another)', () => {
    const timed = (r: PointRecord): PointRecord => ({ ...r, run: { wallMs: 1, decisionUs: { count: 1, mean: 1, p50: 1, p90: 1, p99: 1, p999: 1, max: 1 } } as PointRecord['run'] });
    const first = record(1, [bin(1, 4, 10)]);
    const second = record(2, [bin(1, 2, 20)]);
    const metrics = (rs: PointRecord[]): string[] => aggregate(rs).map((r) => `${r.bin}|${r.metric}`);
    const untimedFirst = metrics([first, timed(second)]);
    expect(untimedFirst).toEqual(metrics([timed(first), second]));
    expect(untimedFirst.indexOf('null|decisionUs.p50')).toBeLessThan(untimedFirst.indexOf('null|wallMs'));
    // the values still in seed order
    expect(aggregate([first, timed(second)]).find((r) => r.metric === 'decisionUs.p50')).toMatchObject({ n: 1, seeds: [2] });
  });

  it('the run\'s rows first, then the bins ascending', () => {
    const order = rows.map((r) => r.bin).filter((b, k, all) => k === 0 || b !== all[k - 1]);
    expect(order).toEqual([null, 1, 2, 3]);
  });
});

describe('95% interval to the 10 significant digits written', () => {
  // t(0.975, df) as R's qt(0.975, df) gives it (and A&S 26.7.3-4's closed form for integer df, solved to the last bit).
  const QT: Array<[number, number]> = [[1, 12.706204736174707], [2, 4.302652729749464], [3, 3.182446305284263],
    [4, 2.7764451051977934], [9, 2.2621571627982053], [10, 2.2281388519862744], [29, 2.045229642132703],
    [30, 2.0422724563012373], [31, 2.0395134463964077], [40, 2.0210753903062737], [120, 1.9799304050824413],
    [1000, 1.9623390808264078]];

  it.each(QT)('t(0.975, %i) to 12 significant digits', (df, t) => {
    expect(Math.abs(studentT975(df) - t) / t).toBeLessThan(1e-12);
  });

  it('ci95, lo and hi agree with t sd / sqrt(n) in every digit written (a sweep of 3 seeds: 81.90123814 was written for 81.90123300)', () => {
    const xs = [1000, 1100, 1300];
    const n = xs.length;
    const mean = (1000 + 1100 + 1300) / 3;
    const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
    const half = 4.302652729749464 * sd / Math.sqrt(n);
    const i = interval(xs);
    expect(i.ci95).toBe(Number(half.toPrecision(10)));
    expect(i.lo).toBe(Number((mean - half).toPrecision(10)));
    expect(i.hi).toBe(Number((mean + half).toPrecision(10)));
  });

  it('lo and hi stay within what the metric can be: 0 to 1 for a share, 0 up for the rest (skip-count.sweep.json wrote wallMs lo -144.66 and a locality hi above 1)', () => {
    // three seeds' node locality near 1, and wall times that vary more than their mean
    const shares = interval([0.99, 1, 0.96], metricRange('locality.node'));
    expect(shares.hi).toBe(1);
    expect(shares.lo).toBeGreaterThan(0.9);
    expect(shares.ci95).toBeGreaterThan(1 - shares.mean); // the half-width is the t interval's, as before
    const wall = interval([40, 400, 50], metricRange('wallMs'));
    expect(wall.lo).toBe(0);
    expect(wall.hi).toBe(Number((wall.mean + wall.ci95!).toPrecision(10)));
    expect(metricRange('fairness')).toEqual([0, 1]);
    expect(metricRange('network.up.max')).toEqual([0, 1]);
    expect(metricRange('meanResponseMs')).toEqual([0, Infinity]);
    // a sweep's aggregate rows: every share's interval within [0, 1], every other one's at or above 0
    const record = (seed: number, wallMs: number, node: number): PointRecord => ({
      id: `p${seed}`, index: seed - 1, group: 'g', values: {}, scenario: 's', variant: '', seed, digest: '',
      summary: { jobs: 1, locality: { node, rack: 1 - node, off: 0 } } as PointRecord['summary'], bins: [], jobs: [], run: { wallMs } as PointRecord['run'],
    });
    const rows = aggregate([record(1, 40, 0.99), record(2, 400, 1), record(3, 50, 0.96)]);
    const row = (metric: string) => rows.find((r) => r.metric === metric && r.bin === null)!;
    expect(row('wallMs').lo).toBe(0);
    expect(row('locality.node').hi).toBe(1);
  });
});
