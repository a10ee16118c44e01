/**
 * A --set that breaks several variants of a scenario: only the first failing variant's errors were shown, so a user
 * fixed it and met the next. Every failing variant's errors are shown now, in the scenario's order, each line once.
 */
import { describe, expect, it } from 'vitest';
import { base, hfsim, tmp, writeJson } from './sweep-helpers.js';

const skip = { 'scheduler.delay': { mode: 'skip', maxSkips: 5 } };
const wait = { 'scheduler.delay': { mode: 'wait', nodeMs: 3000 } };

describe('a --set that several variants refuse', () => {
  it('names every failing variant\'s errors, not the first one\'s alone (exit 2)', () => {
    const file = writeJson(tmp('failing-variants'), 's.json', { ...base, variants: { Plain: {}, Skip: skip, Other: { 'scheduler.policy': 'fifo' }, Wait: wait } });
    const r = hfsim('run', file, '--set', 'scheduler.policy=quincy', '--dry-run');
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^hfsim: --set scheduler.policy=quincy: variant "Skip": scheduler.delay: policy "quincy" ignores delay: /);
    expect(lines[1]).toMatch(/^hfsim: --set scheduler.policy=quincy: variant "Wait": scheduler.delay: policy "quincy" ignores delay: /);
    // a variant asked for alone shows its own
    expect(hfsim('run', file, '--set', 'scheduler.policy=quincy', '--variant', 'Wait', '--dry-run').stderr.trim().split('\n')).toEqual([lines[1]]);
  });

  it('says an error every variant gives once, and counts the failing variants past the first 10', () => {
    const seeds = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`V${i}`, { seed: i + 1 }]));
    const common = writeJson(tmp('failing-variants'), 'common.json', { ...base, scheduler: { delay: skip['scheduler.delay'] }, variants: seeds });
    const once = hfsim('run', common, '--set', 'scheduler.policy=quincy', '--dry-run');
    expect(once.code).toBe(2);
    expect(once.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^hfsim: --set scheduler.policy=quincy: scheduler.delay: policy "quincy" ignores delay: /)]);
    const own = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`V${i}`, { ...skip, seed: i + 1 }]));
    const file = writeJson(tmp('failing-variants'), 'many.json', { ...base, variants: own });
    const r = hfsim('run', file, '--set', 'scheduler.policy=quincy', '--dry-run');
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[9]).toMatch(/^hfsim: --set scheduler.policy=quincy: variant "V9": scheduler.delay: policy "quincy" ignores delay: /);
    expect(lines[10]).toBe(`hfsim: ${file}: and 3 more variants failing (--variant <name> shows one's errors)`);
  });
});
