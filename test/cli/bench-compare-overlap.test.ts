/**
 * bench compare judged the best runs alone: two back-to-back smoke runs of one commit read a regression from noise
 * (sweep-scaling +10.4% at the default 10%), though the new report's best run was no slower than a run of the base.
 * A change beyond the threshold and the floor now counts only where the two reports' runs do not overlap: every new
 * run worse than every base run (a regression), or better (faster); otherwise its verdict is "runs overlap".
 */
import { describe, expect, it } from 'vitest';
import type { BenchCase, BenchReport } from '../../src/cli/bench-schema.js';
import { compareReports } from '../../src/cli/bench-compare.js';
import { benchCase, compare, ofRuns, report, stat, write } from './bench-helpers.js';

const NAME = 'fb-macro-io.json / FIFO';
/** A case of 3 runs with these wall times (and events/s of 1,000,000 events over them). */
const timed = (...wallMs: number[]): BenchCase => ({
  ...ofRuns(benchCase(NAME, wallMs[0]), 3),
  wallMs: stat(...wallMs),
  eventsPerSecond: stat(...wallMs.map((ms) => Math.round(1e9 / ms))),
});
const of = (c: BenchCase, extra: Partial<BenchReport> = {}): BenchReport => report([c], { repeat: 3, ...extra });
const wall = (b: BenchReport, n: BenchReport) => compareReports(b, n, 10).changes.find((x) => x.measure === 'wall ms')!;

describe('bench compare, runs that overlap', () => {
  it('a best run 10.4% slower that a base run matched is no regression (exit 0)', () => {
    const [b, n] = [of(timed(1000, 1150, 1200)), of(timed(1104, 1120, 1180))];
    expect(wall(b, n)).toMatchObject({ base: 1000, new: 1104, verdict: 'runs overlap' });
    expect(compareReports(b, n, 10).speedRegressions).toEqual([]);
    const r = compare([write('overlap-base.json', b), write('overlap-new.json', { ...n, createdAt: '2026-11-24T03:00:00.000Z' })]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/wall ms .*\+10\.4% .*\(runs overlap\)/);
    // ... and says what the mark means and how to judge it, before its verdict
    expect(r.stdout).toMatch(/\nruns overlap: 1 measure \(fb-macro-io\.json \/ FIFO wall ms\) moved past 10% in the best runs but not in every run, so it is not judged; to judge it, bench both commits again on one quiet machine with a larger --repeat\nno regression\n$/);
  });

  it('says nothing of overlapping runs where none overlap', () => {
    const [b, n] = [of(timed(1000, 1010, 1020)), of(timed(1001, 1011, 1021))];
    const r = compare([write('near-base.json', b), write('near-new.json', { ...n, createdAt: '2026-11-24T03:00:00.000Z' })]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('runs overlap');
  });

  it('every new run slower than every base run is a regression (exit 3)', () => {
    const [b, n] = [of(timed(1000, 1010, 1020)), of(timed(1104, 1110, 1130))];
    expect(wall(b, n).verdict).toBe('regression');
    const r = compare([write('apart-base.json', b), write('apart-new.json', { ...n, createdAt: '2026-11-24T03:00:00.000Z' })]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`${NAME}: wall ms 1,000 -> 1,104 (+10.4%, best runs; noise floor 50)`);
  });

  it('a rate judged the same way: events/s lower in its best run but within the base\'s runs', () => {
    const c = compareReports(of(timed(1000, 1150, 1200)), of(timed(1120, 1130, 1180)), 10).changes.find((x) => x.measure === 'events/s')!;
    expect(c).toMatchObject({ base: 1_000_000, new: 892_857, verdict: 'runs overlap' });
  });

  it('faster only where the runs do not overlap either', () => {
    expect(wall(of(timed(1000, 1100, 1200)), of(timed(880, 1150, 1190))).verdict).toBe('runs overlap');
    expect(wall(of(timed(1000, 1010, 1020)), of(timed(880, 890, 900))).verdict).toBe('faster');
  });

  it('the sweep-scaling worker counts too', () => {
    const sweep = (...ms: number[]): BenchReport['sweepScaling'] => ({
      jobs: 300, points: 2, pool: 'processes', digest: 'c'.repeat(64), speedup: 1, workers: [{ workers: 2, wallMs: stat(...ms), pointMs: stat(...ms) }],
    });
    const row = (b: number[], n: number[]) => compareReports(of(timed(1000, 1000, 1000), { sweepScaling: sweep(...b) }), of(timed(1000, 1000, 1000), { sweepScaling: sweep(...n) }), 10)
      .changes.find((x) => x.measure === 'wall ms, 2 workers')!.verdict;
    expect(row([1000, 1150, 1200], [1104, 1120, 1180])).toBe('runs overlap');
    expect(row([1000, 1010, 1020], [1104, 1110, 1130])).toBe('regression');
  });

  it('one run a side has no range to judge by: the best runs decide, as before', () => {
    // each measure its first run's value alone
    const oneRun = (c: BenchCase): BenchCase => ({ ...JSON.parse(JSON.stringify(c), (_k, v: { values?: number[] }) => (Array.isArray(v?.values) ? stat(v.values[0]) : v)) as BenchCase, runs: 1 });
    const one = (ms: number): BenchReport => report([oneRun(benchCase(NAME, ms))], { repeat: 1 });
    expect(wall(one(1000), one(1104)).verdict).toBe('regression');
  });
});
