/**
 * Seeded random streams, forked by name so that adding a rack or a job never shifts another stream. makeRng's
 * streams (alea) cost a few microseconds to make; keyedRng's (splitmix32 from a 32-bit key) a few nanoseconds, for
 * streams made by the thousand (one per HDFS file).
 */
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
  return streamOf(() => prng(), (name) => makeRng(seed, `${path}/${name}`));
}

/** A stream's draws from its uniform source `next`. */
function streamOf(next: () => number, fork: (name: string) => Rng): Rng {
  return {
    next,
    int: (n) => Math.floor(next() * n),
    exp: (mean) => -mean * Math.log(1 - next()),
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    fork,
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
}

/** murmur3's fmix32: a bijection on 32-bit words that spreads every input bit over the output. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a string: FNV-1a, then fmix32. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

/** A 32-bit key combined with a word (a counter, an index), well mixed. */
export function mixKey(key: number, word: number): number {
  return fmix32((key ^ Math.imul(word | 0, 0x9e3779b1)) + 0x7f4a7c15);
}

const timeBytes = new DataView(new ArrayBuffer(8));

/**
 * `key` combined with a time (any Float64, a fraction of a ms too): its two 32-bit words mixed in, read little-endian
 * whatever the host's byte order, so a big-endian host draws as a little-endian one does.
 */
export function mixTime(key: number, ms: number): number {
  timeBytes.setFloat64(0, ms, true);
  return mixKey(mixKey(key, timeBytes.getUint32(0, true)), timeBytes.getUint32(4, true));
}

/** A stream from a 32-bit key (splitmix32): the same key, the same stream. */
export function keyedRng(key: number): Rng {
  let state = key | 0;
  const next = (): number => {
    state = (state + 0x9e3779b9) | 0;
    return fmix32(state) / 4294967296;
  };
  return streamOf(next, (name) => keyedRng(mixKey(key, hashString(name))));
}
