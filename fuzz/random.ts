/** The fuzzer's seeded choices: one stream per case (seed and case index), so a case regenerates alone. */
import { type Rng, makeRng } from '../src/core/rng.js';

export interface Chooser {
  rng: Rng;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An index by weight. */
  weighted(weights: readonly number[]): number;
}

export function chooser(seed: number | string, path: string): Chooser {
  const rng = makeRng(seed, path);
  const int = (n: number): number => rng.int(n);
  return {
    rng,
    int,
    chance: (p) => rng.next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)];
    },
    weighted: (weights) => {
      let r = rng.next() * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i];
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
  };
}
