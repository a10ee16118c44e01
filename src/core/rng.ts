/** Seeded random streams, forked by name so that adding a rack or a job never shifts another stream. */
import seedrandom from 'seedrandom';

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Exponential with the given mean. */
  exp(mean: number): number;
  /** Standard normal (Box-Muller). */
  normal(): number;
  /** An independent stream named `name` under this one. */
  fork(name: string): Rng;
  /** Shuffles `items` in place (Fisher-Yates). */
  shuffle<T>(items: T[]): T[];
}

export function makeRng(seed: number | string, path = 'root'): Rng {
  const prng = seedrandom.alea(`${seed}/${path}`);
  const next = (): number => prng();
  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    exp: (mean) => -mean * Math.log(1 - next()),
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    fork: (name) => makeRng(seed, `${path}/${name}`),
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const t = items[i];
        items[i] = items[j];
        items[j] = t;
      }
      return items;
    },
  };
  return rng;
}
