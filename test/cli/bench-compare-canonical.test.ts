/**
 * bench compare checks a canonical case's digest whatever else differs: a scenario file's workload that came out with
 * other jobs or maps (a changed generator) was listed as "a different case", its digest unchecked, and passed (exit 0).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/cli/bench-compare.js';
import { benchCase, compare, report, write } from './bench-helpers.js';

const CHANGED = 'b'.repeat(64);

describe('bench compare, a canonical case run otherwise', () => {
  it('another shape of a canonical case with another digest is an outcome regression (exit 3), its speed not judged', () => {
    const base = write('shape-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000), benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })]));
    const next = write('shape-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000, { maps: 26_500, digest: CHANGED }), benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })]));
    const r = compare([base, next, '--json']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout) as { verdict: string; outcomeRegressions: unknown[]; notCompared: string[]; changes: Array<{ case: string }> };
    expect(out.verdict).toBe('regression');
    expect(out.outcomeRegressions).toEqual([{ case: 'fb-macro-io.json / FIFO', base: 'a'.repeat(64), new: CHANGED }]);
    expect(out.notCompared).toEqual([expect.stringMatching(/^fb-macro-io\.json \/ FIFO \(a different case: .*26,410 maps in base, .*26,500 maps in new\)$/)]);
    expect(out.changes.some((c) => c.case === 'fb-macro-io.json / FIFO')).toBe(false);
    expect(r.stderr).toMatch(/OUTCOME REGRESSION/);
    expect(r.stderr).not.toMatch(/was not checked/);
  });

  it('so with that case alone: exit 3, not "no case in common" (exit 2)', () => {
    const base = write('one-base.json', report([benchCase('swim-first50.json / Fair + delay', 400)]));
    const next = write('one-new.json', report([benchCase('swim-first50.json / Fair + delay', 400, { jobs: 49, digest: CHANGED })]));
    const r = compare([base, next]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/OUTCOME REGRESSION[^]*swim-first50\.json \/ Fair \+ delay: digest aaaaaaaaaaaa -> bbbbbbbbbbbb/);
  });

  it('a case canonical in one report only still has its digest checked', () => {
    const base = report([benchCase('fb-macro-io.json / FIFO', 1000)]);
    const next = report([benchCase('fb-macro-io.json / FIFO', 1000, { canonical: false, digest: CHANGED })]);
    expect(compareReports(base, next, 10).changedDigests).toEqual([{ case: 'fb-macro-io.json / FIFO', base: 'a'.repeat(64), new: CHANGED }]);
    expect(compareReports(next, base, 10).changedDigests).toEqual([{ case: 'fb-macro-io.json / FIFO', base: CHANGED, new: 'a'.repeat(64) }]);
  });

  it('a non-canonical case\'s digest is still not judged, and the same digest at another shape is no regression', () => {
    const base = report([benchCase('scale-600', 100, { canonical: false, group: 'scale' }), benchCase('fb-macro-io.json / FIFO', 1000)]);
    const next = report([benchCase('scale-600', 100, { canonical: false, group: 'scale', jobs: 600, digest: CHANGED }), benchCase('fb-macro-io.json / FIFO', 1000)]);
    expect(compareReports(base, next, 10).changedDigests).toEqual([]);
  });
});

describe('bench compare, a case not canonical whose digest changed', () => {
  it('is told as a warning (stderr and --json warnings), its exit code unchanged: it was not reported at all', () => {
    const base = write('other-base.json', report([benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' }), benchCase('fb-macro-io.json / FIFO', 1000)]));
    const next = write('other-new.json', report([benchCase('latency-600 fair', 500, { canonical: false, group: 'latency', digest: CHANGED }), benchCase('fb-macro-io.json / FIFO', 1000)]));
    const table = compare([base, next]);
    expect(table.code).toBe(0);
    expect(table.stderr).toMatch(/hfsim: warning: the digest of 1 case that is not canonical changed \(latency-600 fair: aaaaaaaaaaaa -> bbbbbbbbbbbb\)/);
    const json = compare([base, next, '--json']);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as { verdict: string; outcomeRegressions: unknown[]; warnings: string[] };
    expect(out.verdict).toBe('pass');
    expect(out.outcomeRegressions).toEqual([]);
    expect(out.warnings).toEqual([expect.stringMatching(/^the digest of 1 case that is not canonical changed \(latency-600 fair: /)]);
  });

  it('not for a case run at another shape (listed as not compared), nor for an unchanged digest', () => {
    const base = report([benchCase('scale-600', 100, { canonical: false, group: 'scale' }), benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })]);
    const next = report([benchCase('scale-600', 100, { canonical: false, group: 'scale', jobs: 600, digest: CHANGED }), benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })]);
    expect(compareReports(base, next, 10).otherDigests).toEqual([]);
  });
});

describe('bench compare with no measure compared', () => {
  it('prints no empty table: a canonical case run otherwise, alone, showed the header of 8 columns with no row', () => {
    const base = write('empty-table-base.json', report([benchCase('swim-first50.json / Fair + delay', 400)]));
    const next = write('empty-table-new.json', report([benchCase('swim-first50.json / Fair + delay', 400, { jobs: 49, digest: CHANGED })]));
    const r = compare([base, next]);
    expect(r.code).toBe(3);
    expect(r.stdout).not.toMatch(/^case\s+measure/m);
    expect(r.stdout).toMatch(/^not compared: swim-first50\.json \/ Fair \+ delay \(a different case/m);
    const md = `${base}.md`;
    expect(compare([base, next, '--markdown', md]).code).toBe(3);
    const text = readFileSync(md, 'utf8');
    expect(text).not.toMatch(/### Every measure/);
    expect(text).toMatch(/### Outcome regressions/);
  });
});
