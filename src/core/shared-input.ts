/**
 * Shared inputs: a dataset of tables that many jobs read (a Facebook-mix workload's `shared` field), so that blocks
 * are read again and again and some become hotspots. Without it every job reads a file of its own.
 *
 * - The dataset is `blocks` blocks in `tables` tables (files named table:0, table:1, ..., each placed by HDFS's
 *   default policy on its own stream, as every file is); table k holds blocks [k B / T, (k + 1) B / T).
 * - Popularity is Zipf-like: a job reads table k (0-based) with weight 1 / (k + 1)^zipf (zipf 0: uniform).
 * - pick "consecutive" (default): a job of m maps reads m consecutive blocks of the dataset from a uniform offset in its
 *   table, wrapping at the dataset's end (a job larger than the dataset reads some blocks twice). pick "random" (the
 *   DSBRA paper's "according to the jobs size, the input block(s) are randomly chosen from the dataset"): m distinct
 *   blocks of its table drawn uniformly; a job larger than its table reads all of it, in random order, then again.
 * - Hotspots as in the DSBRA paper's set-up (section V: "around 10% of the blocks in the dataset are chosen randomly
 *   time to time and included in the input of the jobs"): with `hot`, time is cut into periods of periodMs; period p
 *   has its hot set, `fraction` of the dataset's blocks drawn on stream hot:p; each map of a job submitted in period p
 *   reads, with probability `share`, a block drawn uniformly from that hot set instead.
 * Draws: job i's table, offset and hot picks come from its own stream (input:i under the workload's), so adding
 * shared inputs or a job moves no other stream.
 */
import { z } from 'zod';
import { durationMs, posInt } from './bounded.js';
import { MAX_BLOCKS } from './limits.js';
import type { Rng } from './rng.js';

export const sharedInputSchema = z.strictObject({
  blocks: posInt('blocks', MAX_BLOCKS),
  tables: posInt('tables', MAX_BLOCKS).default(1),
  zipf: z.number({ error: 'zipf must be a number' }).min(0, 'zipf must not be negative').max(10, 'zipf is above the limit of 10').default(1),
  pick: z.enum(['consecutive', 'random'], { error: 'pick must be "consecutive" or "random"' }).default('consecutive'),
  hot: z.strictObject({
    fraction: z.number({ error: 'fraction must be a number' }).gt(0, 'fraction must be greater than 0').max(1, 'fraction must be at most 1').default(0.1),
    share: z.number({ error: 'share must be a number' }).min(0, 'share must be between 0 and 1').max(1, 'share must be between 0 and 1').default(0.5),
    periodMs: durationMs('periodMs').default(300_000),
  }).optional(),
}).refine((s) => s.tables <= s.blocks, { path: ['tables'], message: 'tables must be at most blocks (a table holds at least one block)' });

export type SharedInput = z.infer<typeof sharedInputSchema>;

/** Picks each job's input blocks from the dataset (its block ids, in dataset order). */
export class SharedDataset {
  /** Cumulative Zipf weights of the tables, normalized to end at 1. */
  private readonly cumulative: Float64Array;
  private readonly hotSets = new Map<number, Int32Array>();

  constructor(private readonly config: SharedInput, private readonly dataset: Int32Array, private readonly rng: Rng) {
    const t = config.tables;
    this.cumulative = new Float64Array(t);
    let sum = 0;
    for (let k = 0; k < t; k++) this.cumulative[k] = sum += 1 / (k + 1) ** config.zipf;
    for (let k = 0; k < t; k++) this.cumulative[k] /= sum;
  }

  /** The first block (dataset index) of table k. */
  tableStart(k: number): number {
    return Math.floor((k * this.config.blocks) / this.config.tables);
  }

  /** The table a uniform draw `u` picks. */
  tableOf(u: number): number {
    let lo = 0;
    let hi = this.config.tables - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (u < this.cumulative[mid]) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Job `index`'s `maps` input blocks, the job submitted at `submitMs`. */
  input(index: number, maps: number, submitMs: number): Int32Array {
    const own = this.rng.fork(`input:${index}`);
    const table = this.tableOf(own.next());
    const start = this.tableStart(table);
    const size = this.tableStart(table + 1) - start;
    const offset = start + own.int(size);
    const out = new Int32Array(maps);
    const hot = this.config.hot;
    const set = hot === undefined ? undefined : this.hotSet(Math.floor(submitMs / hot.periodMs));
    const random = this.config.pick === 'random' ? randomRun(own, size, maps) : undefined;
    for (let m = 0; m < maps; m++) {
      const d = random === undefined ? (offset + m) % this.config.blocks : start + random[m];
      out[m] = set !== undefined && own.next() < hot!.share ? set[own.int(set.length)] : this.dataset[d];
    }
    return out;
  }

  /** Period p's hot blocks: `fraction` of the dataset (at least one), distinct, drawn on stream hot:p. */
  hotSet(period: number): Int32Array {
    let set = this.hotSets.get(period);
    if (set !== undefined) return set;
    const n = this.config.blocks;
    const k = Math.max(1, Math.round(this.config.hot!.fraction * n));
    set = distinct(this.rng.fork(`hot:${period}`), n, k).map((at) => this.dataset[at]);
    this.hotSets.set(period, set);
    return set;
  }
}

/** k distinct indexes of 0 .. n - 1 (k <= n), uniformly: a partial Fisher-Yates, its swaps kept sparse. */
export function distinct(draw: Rng, n: number, k: number): Int32Array {
  const picked = new Map<number, number>();
  const out = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    const j = i + draw.int(n - i);
    out[i] = picked.get(j) ?? j;
    picked.set(j, picked.get(i) ?? i);
  }
  return out;
}

/** `maps` indexes of a table of `size` blocks: distinct while they last, each pass over the table a fresh draw. */
export function randomRun(draw: Rng, size: number, maps: number): Int32Array {
  const out = new Int32Array(maps);
  for (let m = 0; m < maps; m += size) out.set(distinct(draw, size, Math.min(size, maps - m)), m);
  return out;
}
