/**
 * bench compare against a baseline that lacks cases the new report ran (a baseline made with --only, or before the
 * suite had them): the new report's canonical cases had their digests checked against nothing, listed under "not
 * compared" only, and the comparison passed (exit 0) night after night with no warning, where the reverse (a case of
 * the base the new report did not run) was warned of.
 */
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, steady, write } from './bench-helpers.js';

const sweep = { jobs: 300, points: 2, pool: 'processes' as const, digest: 'c'.repeat(64), speedup: 1, workers: [{ workers: 1, wallMs: steady(1500), pointMs: steady(1000) }] };

describe('bench compare, a baseline without cases the new report ran', () => {
  it('warns that the new report\'s canonical cases had their digest unchecked (stderr and --json), exit 0', () => {
    const base = write('subset-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));
    const next = write('whole-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000), benchCase('swim-first50.json / Fair + delay', 400),
      benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })], { sweepScaling: sweep }));
    const warning = `the digest of 2 canonical cases of ${next} was not checked, as ${base} did not run them: swim-first50.json / Fair + delay, sweep-scaling; make the baseline from the whole suite (no --only)`;
    const r = compare([base, next]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`hfsim: warning: ${warning}`);
    const json = compare([base, next, '--json']);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { warnings: string[] }).warnings).toContain(warning);
  });

  it('leaves it to the warning of different suites where the base is of another suite (its advice is the suite, not --only)', () => {
    const base = write('suite-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));
    const next = write('suite-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000), benchCase('fb2009-day.json', 5000)], { suite: 'full' }));
    const r = compare([base, next]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/not checked/);
    expect(r.stderr).toMatch(/are reports of different suites \(smoke -> full\)/);
  });

  it('names the --only a baseline was made with, as the report keeps it', () => {
    const base = write('only-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { only: 'fb-macro' }));
    const next = write('only-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000), benchCase('swim-first50.json / Fair + delay', 400)]));
    const r = compare([base, next]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`did not run them: swim-first50.json / Fair + delay; make the baseline from the whole suite (it was made with --only "fb-macro": leave --only out)`);
  });

  // the reverse: a night's report made with --only left the base's other canonical cases unchecked, told as not "run
  // alike", with no word of the --only its report keeps
  it('names the --only the new report was made with, where the base\'s canonical cases went unchecked', () => {
    const base = write('whole-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000), benchCase('swim-first50.json / Fair + delay', 400)]));
    const next = write('only-next.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { only: 'fb-macro', createdAt: '2026-11-24T03:00:00.000Z' }));
    const r = compare([base, next]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`hfsim: warning: the digest of 1 canonical case of ${base} was not checked, as ${next} did not run them alike: swim-first50.json / Fair + delay; ${next} was made with --only "fb-macro": bench without --only to check every canonical digest\n`);
    const whole = write('whole-next.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { createdAt: '2026-11-24T03:00:00.000Z' }));
    expect(compare([base, whole]).stderr).toBe(`hfsim: warning: the digest of 1 canonical case of ${base} was not checked, as ${whole} did not run them alike: swim-first50.json / Fair + delay\n`);
  });

  it('says nothing when the base ran every canonical case of the new report', () => {
    const base = write('all-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));
    const next = write('all-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000), benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })]));
    expect(compare([base, next]).stderr).not.toMatch(/not checked/);
  });
});

describe('bench compare, two reports with no case in common', () => {
  // exit 2 listed the cases of each and said nothing of what to do
  it('says what to do: the same suite, or the same --only (exit 2)', () => {
    const smoke = write('none-smoke.json', report([benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })]));
    const full = write('none-full.json', report([benchCase('fb2009-day.json', 5000)], { suite: 'full' }));
    const other = write('none-other.json', report([benchCase('pools-500 hfs', 500, { canonical: false, group: 'latency' })]));
    const suites = compare([smoke, full]);
    expect(suites.code).toBe(2);
    expect(suites.stderr).toMatch(/have no case in common to compare \(.*\): they are reports of different suites \(smoke -> full\): compare a night's report with one of the same suite\n$/);
    const only = compare([smoke, other]);
    expect(only.code).toBe(2);
    expect(only.stderr).toMatch(/have no case in common to compare \(.*\): bench both with the same --suite and --only\n$/);
  });

  it('names each report\'s --only where they differ', () => {
    const a = write('only-a.json', report([benchCase('latency-600 fair', 500, { canonical: false, group: 'latency' })], { only: 'latency' }));
    const b = write('only-b.json', report([benchCase('pools-500 hfs', 500, { canonical: false, group: 'latency' })], { only: 'pools' }));
    const r = compare([a, b]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`: ${a} was made with --only "latency" and ${b} with --only "pools": bench both with the same --only\n`);
    const whole = write('only-whole.json', report([benchCase('pools-500 hfs', 500, { canonical: false, group: 'latency' })]));
    expect(compare([a, whole]).stderr).toContain(`: ${a} was made with --only "latency" and ${whole} with no --only: bench both with the same --only\n`);
  });
});
