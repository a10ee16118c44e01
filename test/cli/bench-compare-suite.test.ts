/**
 * bench compare of reports of different suites. A nightly job whose baseline was a smoke report and whose new one a
 * full report (or the other way) compared the 3 cases the suites share alike, listed the other 26 as not compared
 * on stdout, and exited 0 with "no regression"; stderr only said the sweep-scaling digest was not checked. It now
 * warns, naming both suites, as it warns of other machines or --repeat counts; the exit code is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, write } from './bench-helpers.js';

describe('bench compare, --suite', () => {
  it('warns when the reports are of different suites, and compares as before', () => {
    const base = write('suite-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { suite: 'smoke' }));
    const next = write('suite-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { suite: 'full' }));
    const r = compare([base, next]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`hfsim: warning: ${base} and ${next} are reports of different suites (smoke -> full): only the cases both ran alike are compared; compare a night's report with one of the same suite`);
    const same = compare([next, next]);
    expect(same.code).toBe(0);
    expect(same.stderr).not.toContain('suites');
  });
});
