/**
 * bench compare of the sweep-scaling case's worker counts: one only in the base was dropped without a word (one only in
 * the new report was listed), and a worker count given twice was judged by whichever came first.
 */
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/cli/bench-schema.js';
import { compareReports } from '../../src/cli/bench-compare.js';
import { benchCase, compare, report, stat, write } from './bench-helpers.js';

type Sweep = NonNullable<BenchReport['sweepScaling']>;
const sweep = (workers: Array<[number, number]>): Sweep => ({
  jobs: 300, points: 2, pool: 'processes', digest: 'c'.repeat(64), speedup: 1,
  workers: workers.map(([w, ms]) => ({ workers: w, wallMs: stat(ms, ms + 10), pointMs: stat(ms) })),
});

describe('bench compare, sweep-scaling worker counts', () => {
  it('lists a worker count only in the base as not compared, as it lists one only in the new report', () => {
    const base = report([benchCase('fb-macro-io.json / FIFO', 1000)], { sweepScaling: sweep([[1, 2000], [16, 400]]) });
    const next = report([benchCase('fb-macro-io.json / FIFO', 1000)], { sweepScaling: sweep([[1, 2000], [2, 1100]]) });
    const c = compareReports(base, next, 10);
    expect(c.unmatched).toEqual(['sweep-scaling on 2 workers (only in new)', 'sweep-scaling on 16 workers (only in base)']);
    const r = compare([write('sweep-base.json', base), write('sweep-new.json', next)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('not compared: sweep-scaling on 2 workers (only in new); sweep-scaling on 16 workers (only in base)');
  });

  it('refuses a report that gives a worker count twice (exit 2)', () => {
    const good = report([benchCase('fb-macro-io.json / FIFO', 1000)], { sweepScaling: sweep([[1, 2000], [2, 1100]]) });
    const twice = { ...good, sweepScaling: sweep([[1, 2000], [2, 1100], [2, 90_000]]) };
    const r = compare([write('sweep-twice.json', twice), write('sweep-good.json', good)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sweep-twice\.json: not a bench report: sweepScaling\.workers\[2\]\.workers: 2 workers appear twice/);
  });
});
