/**
 * bench compare shows the scale curve's exponent (README: "the one number a nightly job can track"), not judged: it
 * was in neither the table nor compare --json, so a nightly job comparing reports never saw it.
 */
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/cli/bench-schema.js';
import { benchCase, compare, report, write } from './bench-helpers.js';

const name = 'fb-macro-io.json / FIFO';
const curve = (exponent: number, nodes = [600, 1200, 2400]): Partial<BenchReport> => ({
  scale: nodes.map((n, k) => ({ nodes: n, wallMs: 100 * 2 ** (k * exponent), usPerNodeHeartbeat: 1, relativeCostPerNode: 1, marginalUsPerHeartbeat: 1 })),
  scaleExponent: exponent,
});

describe('bench compare, the scale curve', () => {
  it('shows the exponent of both reports, not judged (a steeper curve alone is no regression: exit 0)', () => {
    const r = compare([write('curve-base.json', report([benchCase(name, 1000)], curve(1.02))), write('curve-new.json', report([benchCase(name, 1000)], curve(1.31))), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { changes: Array<{ case: string; measure: string; field: string; base: number; new: number; verdict: string }> };
    expect(out.changes.find((c) => c.field === 'scaleExponent')).toMatchObject({ case: 'scale curve', measure: 'scale exponent', base: 1.02, new: 1.31, verdict: 'not judged' });
    const table = compare([write('curve-base.json', report([benchCase(name, 1000)], curve(1.02))), write('curve-new.json', report([benchCase(name, 1000)], curve(1.31)))]);
    expect(table.stdout).toMatch(/scale curve\s+scale exponent\s+1\.02\s+1\.31\s+\+28\.4%.*\(not judged\)/);
  });

  it('an exponent of 0 on both sides is a change of 0%, not "new" (a change from 0 has no percentage only where it changed)', () => {
    const r = compare([write('curve-flat-base.json', report([benchCase(name, 1000)], curve(0))), write('curve-flat-new.json', report([benchCase(name, 1000)], curve(0))), '--json']);
    const out = JSON.parse(r.stdout) as { changes: Array<{ field: string; changePct: number | null }> };
    expect(out.changes.find((c) => c.field === 'scaleExponent')?.changePct).toBe(0);
  });

  it('is no comparison alone: reports sharing only a curve have no case in common (exit 2), as before it was shown', () => {
    const r = compare([write('curve-one.json', report([benchCase(name, 1000)], curve(1.02))), write('curve-other.json', report([benchCase('other', 1000)], curve(1.02)))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/have no case in common to compare/);
  });

  it('lists a curve in one report only, or of other sizes, as not compared', () => {
    const only = compare([write('curve-only.json', report([benchCase(name, 1000)], curve(1.02))), write('curve-none.json', report([benchCase(name, 1000)]))]);
    expect(only.code).toBe(0);
    expect(only.stdout).toMatch(/not compared: .*scale curve \(only in base\)/);
    const other = compare([write('curve-a.json', report([benchCase(name, 1000)], curve(1.02))), write('curve-b.json', report([benchCase(name, 1000)], curve(1.02, [600, 1200])))]);
    expect(other.stdout).toMatch(/not compared: .*scale curve \(different sizes: 600, 1,200, 2,400 nodes in base, 600, 1,200 in new\)/);
    expect(other.stdout).not.toMatch(/scale exponent/);
  });

  it('fits the exponent of a report written before scaleExponent from its curve (it read "scale curve (only in new)", the base having one)', () => {
    const { scaleExponent: _, ...older } = curve(1.02);
    const r = compare([write('curve-older.json', report([benchCase(name, 1000)], older)), write('curve-newer.json', report([benchCase(name, 1000)], curve(1.31))), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { notCompared: string[]; changes: Array<{ field: string; base: number; new: number; verdict: string }> };
    expect(out.notCompared).toEqual([]);
    expect(out.changes.find((c) => c.field === 'scaleExponent')).toMatchObject({ base: 1.02, new: 1.31, verdict: 'not judged' });
  });

  it.each([
    ['a size of 0 ms (the exponent fitted to it read null in --json, exit 0)', (c: Partial<BenchReport>) => { c.scale![1].wallMs = 0; }, 'scale[1].wallMs: Too small: expected number to be >0'],
    ['a size given twice (its fit divided by 0)', (c: Partial<BenchReport>) => { c.scale![1].nodes = 600; }, 'scale[1].nodes: 600 nodes after 600: the sizes go up, each once'],
    ['an exponent with no curve (it read "different sizes: 600, 1,200, 2,400 nodes in base,  in new")', (c: Partial<BenchReport>) => { c.scale = []; }, 'scaleExponent: 1.02 with 0 sizes in scale: an exponent is fitted over two or more'],
  ])('refuses a curve that contradicts itself: %s (exit 2)', (_what, edit, says) => {
    const bad = curve(1.02);
    edit(bad);
    if (bad.scale!.length > 0) delete bad.scaleExponent; // as a report written before it: fitted from the rows
    const file = write('curve-bad.json', { ...report([benchCase(name, 1000)]), ...bad });
    const r = compare([write('curve-good.json', report([benchCase(name, 1000)], curve(1.02))), file]);
    expect([r.code, r.stderr]).toEqual([2, `hfsim: ${file}: not a bench report: ${says} (edited by hand, or cut short? hfsim bench --json <file> writes a whole report)\n`]);
  });
});
