/** The plain-text tables the CLI prints: one line a row, whatever a cell holds. */
import { describe, expect, it } from 'vitest';
import { table } from '../../src/cli/format.js';

describe('table', () => {
  it('aligns columns: the first to the left, the rest to the right', () => {
    expect(table(['name', 'n'], [['a', '1'], ['long name', '22']])).toBe('name        n\na           1\nlong name  22');
  });

  it('keeps a row on one line when a cell holds a newline or another control character (a sweep axis\'s text split its row)', () => {
    const text = table(['description', 'n'], [['line one\nline two', '1'], ['tab\there\u007f', '2']]);
    expect(text.split('\n')).toHaveLength(3);
    expect(text).toContain('line one\\nline two');
    expect(text).toContain('tab\\there\\u007f');
  });
});
