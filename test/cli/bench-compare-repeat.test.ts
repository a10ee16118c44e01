/** bench compare of reports measured with different --repeat: compared, with a warning (it said nothing). */
import { describe, expect, it } from 'vitest';
import { benchCase, compare, ofRuns, report, write } from './bench-helpers.js';


describe('bench compare, --repeat', () => {
  it('warns when the two reports ran each case a different number of times, and compares as before', () => {
    const base = write('repeat-base.json', report([ofRuns(benchCase('fb-macro-io.json / FIFO', 1000), 10)], { repeat: 10 }));
    const next = write('repeat-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { repeat: 2 }));
    const r = compare([base, next]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${base} and ${next} were measured with --repeat 10 and 2: their medians and noise (max - min) are of different numbers of runs; give both the same --repeat`);
    const same = compare([next, next]);
    expect(same.code).toBe(0);
    expect(same.stderr).not.toContain('--repeat');
  });

  // A report's repeat and its cases' runs disagreeing was read as it came: its medians and noise as of runs never made.
  it('refuses a report whose cases or sweep ran other than its --repeat times (exit 2), naming the field', () => {
    const good = write('repeat-good.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));
    const odd = write('repeat-odd.json', { ...report([benchCase('fb-macro-io.json / FIFO', 1000)]), repeat: 3 });
    const r = compare([good, odd]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${odd}: not a bench report: cases[0].runs: 2 where the report's repeat is 3: hfsim bench runs each case --repeat times`);
    const once = { median: 1500, spread: 0, min: 1500, max: 1500, values: [1500] };
    const sweep = { jobs: 300, points: 2, pool: 'processes', digest: 'c'.repeat(64), speedup: 1, workers: [{ workers: 1, wallMs: once, pointMs: once }] };
    const short = write('repeat-sweep.json', { ...report([benchCase('fb-macro-io.json / FIFO', 1000)]), sweepScaling: sweep });
    expect(compare([good, short]).stderr).toContain(`${short}: not a bench report: sweepScaling.workers[0].wallMs.values: 1 value where the report's repeat is 2: hfsim bench runs the sweep on each worker count --repeat times`);
  });
});
