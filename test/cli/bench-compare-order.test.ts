/**
 * bench compare given its reports the other way round (`compare new.json baseline.json`): a night's slowdown read as
 * "faster" and passed (exit 0) without a word. The base made after the new report is now warned of, its exit code
 * unchanged (comparing an old commit measured today against a report kept from before is legitimate).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, write } from './bench-helpers.js';

const kept = write('order-kept.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { createdAt: '2026-11-27T03:00:00.000Z' }));
const night = write('order-night.json', report([benchCase('fb-macro-io.json / FIFO', 1500)], { createdAt: '2026-11-28T03:00:00.000Z' }));

describe('bench compare, reports given newest first', () => {
  it('warns that the base was made after the new report (stderr and --json), exit unchanged', () => {
    const warning = `${night} (made 2026-11-28T03:00:00.000Z) is newer than ${kept} (made 2026-11-27T03:00:00.000Z): were they given the other way round? bench compare takes the report kept from before first, then the night's (as given, a slowdown reads as faster)`;
    const r = compare([night, kept]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`hfsim: warning: ${warning}`);
    const json = compare([night, kept, '--json']);
    expect((JSON.parse(json.stdout) as { warnings: string[] }).warnings).toContain(warning);
  });

  it('says nothing in the right order, which finds the slowdown (exit 3)', () => {
    const r = compare([kept, night]);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toMatch(/is newer than/);
  });
});

describe('bench compare, a report whose createdAt is no time', () => {
  // it was read as any text ("yesterday"), and the order of two reports could not be told
  it('is refused as bad input (exit 2), naming the field', () => {
    const odd = write('order-odd.json', { ...JSON.parse(readFileSync(night, 'utf8')), createdAt: 'yesterday' });
    const r = compare([kept, odd]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${odd}: not a bench report: createdAt: "yesterday" is no time as hfsim bench writes one (ISO 8601, as 2026-11-28T03:00:00.000Z) (edited by hand, or cut short? hfsim bench --json <file> writes a whole report)\n`);
  });
});
