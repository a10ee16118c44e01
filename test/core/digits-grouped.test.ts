/** digitsGrouped writes whole numbers as toLocaleString('en-US') does, without loading ICU's locale data. */
import { describe, expect, it } from 'vitest';
import { digitsGrouped } from '../../src/core/shown-value.js';

describe('digitsGrouped', () => {
  it('groups thousands as toLocaleString("en-US") does, for whole numbers of every length and sign', () => {
    const values = [0, 7, 99, 100, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER];
    for (const n of [...values, ...values.filter((v) => v > 0).map((v) => -v)]) expect(digitsGrouped(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('refuses a number that is not whole (its fraction would be grouped too)', () => {
    expect(() => digitsGrouped(1234.5678)).toThrow(/not a whole number/);
    expect(() => digitsGrouped(Number.NaN)).toThrow(/not a whole number/);
  });
});
