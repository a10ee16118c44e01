/**
 * bench compare's header names each report's commit as the bench table and the Markdown summary do, `-dirty` kept:
 * it cut the commit to 12 characters, so a report measured on a tree with changes showed the clean commit's name
 * (`base.json (111111111111) -> new.json (111111111111)`), as if both measured the same code.
 */
import { describe, expect, it } from 'vitest';
import { shortCommit } from '../../src/cli/bench-compare.js';
import { benchCase, compare, report, write } from './bench-helpers.js';

describe('bench compare, a report of a tree with changes', () => {
  it('keeps -dirty in the header', () => {
    const clean = write('dirty-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));
    const dirty = write('dirty-new.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { commit: `${'1'.repeat(40)}-dirty` }));
    const r = compare([clean, dirty]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`bench compare: ${clean} (111111111111) -> ${dirty} (111111111111-dirty), threshold 10% and beyond the noise floor, in every run`);
  });

  it('says -dirty once of a commit shorter than 12 characters (a short hash read "1234567-dirty-dirty")', () => {
    expect(shortCommit('1234567-dirty')).toBe('1234567-dirty');
    expect(shortCommit('1234567')).toBe('1234567');
    expect(shortCommit(`${'a'.repeat(40)}-dirty`)).toBe(`${'a'.repeat(12)}-dirty`);
  });
});
