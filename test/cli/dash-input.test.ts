/**
 * An input named "-" (`bench --json /dev/stdout | hfsim bench compare base.json -`, `hfsim run -`): read as a file named
 * "-", it said only "-: cannot read bench report file (no such file)". It now says that "-" is not stdin and what to
 * give instead, as `--json -` does for an output.
 */
import { describe, expect, it } from 'vitest';
import { hfsim } from './sweep-helpers.js';

describe('an input named "-"', () => {
  it('bench compare says "-" is not stdin and to give /dev/stdin (exit 2)', () => {
    const r = hfsim('bench', 'compare', 'scenarios/no-such-base.json', '-');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('hfsim: scenarios/no-such-base.json: cannot read bench report file (no such file)');
    const dash = hfsim('bench', 'compare', '-', '-');
    expect(dash.code).toBe(2);
    expect(dash.stderr).toBe('hfsim: -: cannot read bench report file (no such file: "-" is not stdin here; name a file, or /dev/stdin)\n');
  });

  it('so does run', () => {
    const r = hfsim('run', '-');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('hfsim: -: cannot read scenario file (no such file: "-" is not stdin here; name a file, or /dev/stdin)\n');
  });
});
