/** bench compare of reports measured with different --repeat: compared, with a warning (it said nothing). */
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, write } from './bench-helpers.js';

describe('bench compare, --repeat', () => {
  it('warns when the two reports ran each case a different number of times, and compares as before', () => {
    const base = write('repeat-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { repeat: 10 }));
    const next = write('repeat-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { repeat: 2 }));
    const r = compare([base, next]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${base} and ${next} were measured with --repeat 10 and 2: their medians and noise (max - min) are of different numbers of runs; give both the same --repeat`);
    const same = compare([next, next]);
    expect(same.code).toBe(0);
    expect(same.stderr).not.toContain('--repeat');
  });
});
