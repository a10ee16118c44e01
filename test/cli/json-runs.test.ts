import { describe, expect, it } from 'vitest';
import { overdeepOpening, overlongRun } from '../../src/cli/json-runs.js';
import { lineAndColumn } from '../../src/cli/line-starts.js';

describe('overlongRun (a limit of 10 given)', () => {
  it('passes a run of spaces and tabs at the limit and refuses one past it, where it starts', () => {
    expect(overlongRun(`{"a":${' \t'.repeat(5)}1}`, 10)).toBeUndefined();
    expect(overlongRun(`{"a":${' \t'.repeat(5)} 1}`, 10)).toMatchObject({ offset: 5, what: expect.stringMatching(/^a run of more than 10 spaces and tabs/) });
  });

  it('passes a string of escapes at the limit and refuses one past it, at its opening quote', () => {
    expect(overlongRun(`{"a": "${'\\n'.repeat(10)}"}`, 10)).toBeUndefined();
    expect(overlongRun(`{"a": "${'\\"'.repeat(11)}"}`, 10)).toMatchObject({ offset: 6, what: expect.stringMatching(/^a string of more than 10 escapes/) });
  });

  it('counts the spaces of a string as none of a run, and each string on its own', () => {
    expect(overlongRun(`["${' '.repeat(40)}"]`, 10)).toBeUndefined();
    expect(overlongRun(`["${'\\t'.repeat(8)}", "${'\\t'.repeat(8)}"]`, 10)).toBeUndefined();
    // a line break ends a string as jsonc-parser reads it (an error it reports), so the escapes after it are outside one
    expect(overlongRun(`["${'\\t'.repeat(8)}\n${'\\t'.repeat(8)}"]`, 10)).toBeUndefined();
  });

  it('does not look at a text no longer than the limit', () => {
    expect(overlongRun(' '.repeat(10), 10)).toBeUndefined();
    expect(overlongRun(' '.repeat(11), 10)).toMatchObject({ offset: 0 });
  });
});

describe('overdeepOpening (a limit of 3 given)', () => {
  it('passes nesting at the limit and finds the bracket that opens the level past it', () => {
    expect(overdeepOpening('{"a": [[1], {"b": 2}]}', 3)).toBeUndefined();
    expect(overdeepOpening('{"a": [{"b": [1]}]}', 3)).toBe(13);
  });

  it('counts no bracket inside a string, an escaped quote included', () => {
    expect(overdeepOpening('{"a": "[[[{{{\\"[[[", "b": [1]}', 3)).toBeUndefined();
    expect(overdeepOpening('["\\"", [["]]]]"]], [[[0]]]]', 3)).toBe(21);
  });
});

describe('lineAndColumn', () => {
  it('counts lines at "\\n" and columns from 1', () => {
    expect(lineAndColumn('ab\ncd\n', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd\n', 2)).toEqual({ line: 1, column: 3 });
    expect(lineAndColumn('ab\ncd\n', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\ncd\n', 6)).toEqual({ line: 3, column: 1 });
  });
});
