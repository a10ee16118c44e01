/**
 * `hfsim run`'s variants: one after another in this process, or side by side on a pool of warm workers
 * (src/actors/pool.ts), the largest workload first. Each variant is the same whole simulation either way, so the
 * results, their digests and their order (the scenario's) are the same for any --parallel.
 */
import { availableParallelism } from 'node:os';
import { type PoolKind, SIMULATION_TASK, startPool } from '../actors/pool.js';
import { type Result, type SimulateOptions, simulate } from '../actors/simulate.js';
import type { SweepTask } from '../actors/sweep-task.js';
import type { LoadedVariant } from './load-scenario.js';
import { workloadSize } from './sweep-order.js';

/**
 * Without --parallel, variants run side by side only when the largest is at least this big (nodes x jobs, as
 * sweep-order.ts sizes a point). A worker costs about 0.3 s to start (Node, the modules, a cold JIT) on top of its
 * variant: fb-macro-io's three variants (100 nodes x 100 jobs, about 0.12 s each warm on a 16-core machine) took
 * 0.53-0.57 s one after another and 0.68-0.77 s side by side; at 1,000 jobs (0.5 s each) side by side wins.
 */
export const SIDE_BY_SIDE_MIN_SIZE = 50_000;

export interface VariantRunOptions {
  /** Variants at once (1: one after another in this process); 'auto': the cores, when the variants are big enough. */
  parallel: number | 'auto';
  pool?: PoolKind;
  /** Options of each simulation; only the plain in-process run goes to the pool (the others run one after another). */
  simulate?: Omit<SimulateOptions, 'variant' | 'trace'>;
  /** File URLs of plugin modules (--plugin) each pool worker imports before its first variant. */
  plugins?: string[];
  /** Told when a variant starts (one after another only). */
  onStart?: (variant: string) => void;
}

const size = (v: LoadedVariant): number => workloadSize(v.scenario, v.trace?.ids.length);

/**
 * How many variants run at once: 1 unless there are several, the run is a plain in-process one (not the threads
 * runtime, the codec or a test hook) and --parallel asks for more (or, 'auto', the largest variant is big enough).
 */
export function variantsAtOnce(variants: readonly LoadedVariant[], options: VariantRunOptions): number {
  const s = options.simulate ?? {};
  const plain = (s.runtime ?? 'inprocess') === 'inprocess' && !s.codec && s.fault === undefined && s.observer === undefined && s.onWorkers === undefined;
  if (variants.length < 2 || !plain) return 1;
  if (options.parallel !== 'auto') return Math.min(options.parallel, variants.length);
  return Math.max(...variants.map(size)) >= SIDE_BY_SIDE_MIN_SIZE ? Math.min(availableParallelism(), variants.length) : 1;
}

export async function runVariants(variants: readonly LoadedVariant[], options: VariantRunOptions): Promise<Result[]> {
  const atOnce = variantsAtOnce(variants, options);
  if (atOnce === 1) {
    const results: Result[] = [];
    for (const v of variants) {
      options.onStart?.(v.name);
      results.push(await simulate(v.scenario, { ...options.simulate, variant: v.name, trace: v.trace }));
    }
    return results;
  }
  const pool = startPool<SweepTask, Result>(options.pool ?? 'processes', atOnce, SIMULATION_TASK);
  try {
    const order = variants.map((_, i) => i).sort((a, b) => size(variants[b]) - size(variants[a]) || a - b);
    const results: Result[] = new Array(variants.length);
    await Promise.all(order.map(async (i) => {
      const v = variants[i];
      results[i] = await pool.run({ scenario: v.scenario, variant: v.name, trace: v.trace, plugins: options.plugins });
    }));
    return results;
  } finally {
    await pool.close();
  }
}
