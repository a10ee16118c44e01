/** Fairness (Jain's index per size bin, weighted by jobs): known values, and the sums of a reduce over each bin, bit for bit. */
import { describe, expect, it } from 'vitest';
import { fairness } from '../../src/cli/sweep-aggregate.js';

/** The definition, written out: per bin (sum x)^2 / (n sum x^2), summed with weight n, over all jobs. */
function reference(jobs: Array<{ bin: number; responseMs: number }>): number {
  const bins = [...new Set(jobs.map((j) => j.bin))];
  let weighted = 0;
  for (const b of bins) {
    const xs = jobs.filter((j) => j.bin === b).map((j) => j.responseMs);
    const s = xs.reduce((a, x) => a + x, 0);
    const s2 = xs.reduce((a, x) => a + x * x, 0);
    weighted += xs.length * (s2 === 0 ? 1 : (s * s) / (xs.length * s2));
  }
  return jobs.length === 0 ? 1 : Math.round((weighted / jobs.length) * 1e6) / 1e6;
}

describe('fairness', () => {
  it.each([
    ['no jobs', [], 1],
    ['equal responses in a bin', [{ bin: 1, responseMs: 5 }, { bin: 1, responseMs: 5 }], 1],
    ['one of two jobs waited: 1/2', [{ bin: 1, responseMs: 0 }, { bin: 1, responseMs: 10 }], 0.5],
    ['bins weighted by jobs', [{ bin: 1, responseMs: 0 }, { bin: 1, responseMs: 10 }, { bin: 2, responseMs: 3 }, { bin: 2, responseMs: 3 }], 0.75],
  ])('%s', (_, jobs, want) => {
    expect(fairness(jobs)).toBe(want);
  });

  it('equals the definition on 5,000 jobs in 9 bins, to the last bit', () => {
    let x = 12345;
    const next = (): number => { x = (x * 1103515245 + 12345) % 2 ** 31; return x / 2 ** 31; };
    const jobs = Array.from({ length: 5000 }, () => ({ bin: 1 + Math.floor(next() * 9), responseMs: Math.round(next() * 1e6) / 7 }));
    expect(fairness(jobs)).toBe(reference(jobs));
  });
});
