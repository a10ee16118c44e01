/**
 * bench compare of the sweep-scaling case's worker counts: one only in the base was dropped without a word (one only in
 * the new report was listed), a worker count given twice was judged by whichever came first, and its row's `field` was
 * `wallMs`, naming no entry of `workers`.
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

  it('names each worker count\'s row by its `workers` entry in `field`: a script reading it gets that entry\'s best run, in either report\'s order', () => {
    const base = report([benchCase('fb-macro-io.json / FIFO', 1000)], { sweepScaling: sweep([[1, 2000], [4, 700], [16, 400]]) });
    const next = report([benchCase('fb-macro-io.json / FIFO', 1000)], { sweepScaling: sweep([[16, 380], [1, 2100], [4, 650]]) });
    // what a script does with a row: `name[key=value]` picks the array entry whose key is value, any other segment is a property
    const read = (at: unknown, field: string): unknown => field.split('.').reduce<unknown>((x, seg) => {
      const pick = /^(\w+)\[(\w+)=(\w+)\]$/.exec(seg);
      const o = x as Record<string, unknown>;
      return pick === null ? o[seg] : (o[pick[1]] as Array<Record<string, unknown>>).find((e) => String(e[pick[2]]) === pick[3]);
    }, at);
    const rows = compareReports(base, next, 10).changes.filter((c) => c.case.startsWith('sweep-scaling'));
    expect(rows.map((c) => [c.measure, c.field])).toEqual([['wall ms, 16 workers', 'workers[workers=16].wallMs'], ['wall ms, 1 worker', 'workers[workers=1].wallMs'],
      ['wall ms, 4 workers', 'workers[workers=4].wallMs'], ['speed-up', 'speedup']]);
    for (const c of rows.filter((x) => x.measure !== 'speed-up')) {
      expect([c.base, c.new]).toEqual([(read(base.sweepScaling, c.field) as { min: number }).min, (read(next.sweepScaling, c.field) as { min: number }).min]);
    }
    expect(rows.map((c) => [c.base, c.new])).toEqual([[400, 380], [2000, 2100], [700, 650], [1, 1]]);
  });

  it('refuses a report that gives a worker count twice (exit 2)', () => {
    const good = report([benchCase('fb-macro-io.json / FIFO', 1000)], { sweepScaling: sweep([[1, 2000], [2, 1100]]) });
    const twice = { ...good, sweepScaling: sweep([[1, 2000], [2, 1100], [2, 90_000]]) };
    const r = compare([write('sweep-twice.json', twice), write('sweep-good.json', good)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sweep-twice\.json: not a bench report: sweepScaling\.workers\[2\]\.workers: 2 workers appear twice/);
  });

  it('refuses a report whose worker count has a run of 0 ms (exit 2), as a case\'s: it was judged a regression of +85000000000000.0%', () => {
    const good = report([benchCase('fb-macro-io.json / FIFO', 1000)], { sweepScaling: sweep([[1, 2000], [2, 1100]]) });
    const zero = structuredClone(good);
    zero.sweepScaling!.workers[0].wallMs = stat(0, 0);
    const r = compare([write('sweep-zero.json', zero), write('sweep-good.json', good)]);
    expect([r.code, r.stderr]).toEqual([2, `hfsim: ${write('sweep-zero.json', zero)}: not a bench report: sweepScaling.workers[0].wallMs: a run of 0 ms: no case runs in no time (edited by hand, or cut short? hfsim bench --json <file> writes a whole report)\n`]);
  });
});
