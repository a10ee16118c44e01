/** The IO-heavy macrobenchmark (paper 5.2, SPEC.md section 6) reproduces the paper's shape. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Result, simulate } from '../src/actors/simulate.js';
import { loadVariant } from './helpers.js';

describe('fb-macro-io', () => {
  const r: Record<string, Result> = {};
  beforeAll(async () => {
    for (const v of ['FIFO', 'Naive fair', 'Fair + delay']) r[v] = await simulate(loadVariant('fb-macro-io.json', v), { timeDecisions: false });
  });
  const bin = (v: string, b: number) => r[v].bins.find((x) => x.bin === b)!;

  it('fair + delay reaches at least 95% node locality in every bin', () => {
    for (const b of r['Fair + delay'].bins) expect(b.locality.node, `bin ${b.bin}`).toBeGreaterThanOrEqual(0.95);
  });

  it('naive fair gives 1- and 2-map jobs far lower node locality', () => {
    for (const b of [1, 2]) {
      expect(bin('Naive fair', b).locality.node).toBeLessThan(0.2);
      expect(bin('Fair + delay', b).locality.node - bin('Naive fair', b).locality.node).toBeGreaterThan(0.7);
    }
  });

  it('fair sharing speeds up bins 1-3 over FIFO', () => {
    for (const b of [1, 2, 3]) {
      expect(bin('FIFO', b).meanResponseMs / bin('Naive fair', b).meanResponseMs, `bin ${b}`).toBeGreaterThan(1.5);
      expect(bin('FIFO', b).meanResponseMs / bin('Fair + delay', b).meanResponseMs, `bin ${b}`).toBeGreaterThan(1.5);
    }
  });

  it('delay scheduling makes small and medium jobs faster than naive fair', () => {
    for (const b of [1, 2, 3, 4, 5]) expect(bin('Fair + delay', b).meanResponseMs, `bin ${b}`).toBeLessThan(bin('Naive fair', b).meanResponseMs);
  });
});
