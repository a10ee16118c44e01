/**
 * What bench compare tells a nightly job's reader on a speed regression. Its stderr said "SPEED REGRESSION beyond 10%
 * and the measured noise", but no measured noise (the runs' spread) enters the verdict: a change counts when it passes
 * the threshold and a fixed floor (5% but at least 25 ms of wall time, 5 MB). Two back-to-back smoke runs of one
 * commit on the shared 2-core VM were called a regression at --threshold 25% (latency-600 fair 89 -> 155 ms), and the
 * line read as if the noise had been measured and ruled out; nor did it say what to do next. (The runs' ranges now
 * enter the verdict too, bench-compare-overlap.test.ts: the line says "in every run".)
 */
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, write } from './bench-helpers.js';

describe('bench compare, the speed regression message', () => {
  const name = 'latency-600 fair';
  const base = write('msg-base.json', report([benchCase(name, 90)]));
  const slow = write('msg-slow.json', report([benchCase(name, 155)]));

  it('names the floor as a fixed allowance, not as measured noise', () => {
    const r = compare([base, slow, '--threshold', '25%']);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain('measured noise');
    expect(r.stderr).toContain('SPEED REGRESSION beyond 25% and the noise floor (a fixed allowance), in every run (no new run as good as a base run):');
    expect(r.stderr).toContain(`${name}: wall ms 90 -> 155 (+72.2%, best runs; noise floor 25)`);
  });

  it('says what to do before believing it', () => {
    const r = compare([base, slow, '--threshold', '25%']);
    expect(r.stderr).toMatch(/other work on the machine slows every run alike: run both commits' bench again on one machine, with more --repeat, before bisecting; on a shared machine give a larger --threshold/);
  });
});
