/** A message line past LINE_CHARS (1,000) is cut in its middle (src/cli/program.ts cutLine). */
import { describe, expect, it } from 'vitest';
import { cutLine } from '../../src/cli/program.js';

describe('cutLine', () => {
  it('keeps a line the cut would not shorten (1,001 to 1,034 characters came out longer, "(1 characters left out)")', () => {
    for (const n of [1000, 1001, 1020, 1034]) expect(cutLine('x'.repeat(n))).toBe('x'.repeat(n));
    const cut = cutLine('x'.repeat(1100));
    expect(cut.length).toBeLessThan(1100);
    expect(cut).toBe(`${'x'.repeat(600)} ... (100 characters left out) ... ${'x'.repeat(400)}`);
  });

  it('never cuts within a character past U+FFFF (a half of a pair printed as U+FFFD)', () => {
    for (const lead of ['', 'a']) {
      const line = `${lead}${'\u{1F600}'.repeat(1100)}`;
      const cut = cutLine(line);
      expect(cut.length).toBeLessThan(line.length);
      expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(cut)).toBe(false);
      const left = Number(/\((\d+) characters left out\)/.exec(cut)![1]);
      expect(cut.replace(/ \.\.\. \(\d+ characters left out\) \.\.\. /, '').length + left).toBe(line.length);
    }
  });
});
