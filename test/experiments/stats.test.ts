/** How the experiments document shows numbers: no "-0.0", and a share's interval within 0% and 100%. */
import { describe, expect, it } from 'vitest';
import { fixed, fmt, geometric } from '../../src/experiments/stats.js';

/** An interval as fmt reads it (n, sd and ci95 are not shown). */
const iv = (mean: number, lo: number, hi: number) => ({ n: 3, mean, sd: 0, ci95: 0, lo, hi });

describe('experiment numbers as the document shows them', () => {
  it('a value that rounds to zero has no sign (a fuzzing pass found "-0.0 points")', () => {
    expect(fixed(-0.0001, 1)).toBe('0.0');
    expect(fixed(-0, 2)).toBe('0.00');
    expect(fixed(-0.06, 1)).toBe('-0.1');
    expect(fmt(-0.0004, '%')).toBe('0.0%');
  });

  it('a share\'s 95% interval is cut at 0% and 100% (it read "69.5-114.0%" and "-6.1-54.3%")', () => {
    expect(fmt(iv(0.917, 0.695, 1.14), '%')).toBe('91.7% (95% CI 69.5-100.0%)');
    expect(fmt(iv(0.241, -0.061, 0.543), '%')).toBe('24.1% (95% CI 0.0-54.3%)');
    // ratios and times are not shares: their intervals stand
    expect(fmt(iv(1.1, 0.9, 1.3), 'x')).toBe('1.10x (95% CI 0.90-1.30x)');
  });
});

describe('ratios over seeds', () => {
  it('are averaged geometrically, as the document says of every ratio (hardware-trends\' slot-time ratio took their arithmetic mean)', () => {
    // 2x and 0.5x are equally far from 1: their geometric mean is 1, the arithmetic 1.25
    expect(geometric([2, 0.5]).mean).toBe(1);
    const v = geometric([1.2, 1.5, 1.35]);
    expect(v.mean).toBeCloseTo(Math.cbrt(1.2 * 1.5 * 1.35), 9);
    expect(v.lo! * v.hi!).toBeCloseTo(v.mean * v.mean, 6); // symmetric on the logarithms
  });
});
