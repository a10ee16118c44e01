/**
 * `hfsim run`'s variants: one after another in this process, or side by side: this process runs variants too,
 * beside a pool of warm worker processes (src/actors/pool.ts; started while the command line loaded, when main.ts
 * could tell: prestart.ts), the largest workload first. Each variant is the same whole simulation either way, so the
 * results, their digests and their order (the scenario's) are the same for any --parallel.
 */
import { availableParallelism } from 'node:os';
import { type PoolKind, SIMULATION_TASK, type TaskPool, startPool } from '../actors/pool.js';
import { type Result, type SimulateOptions, simulate } from '../actors/simulate.js';
import type { SweepTask } from '../actors/sweep-task.js';
import type { BuildListener, ProgressListener } from '../actors/run-progress.js';
import type { LoadedVariant } from './load-scenario.js';
import { thrownMessage } from './errors.js';
import { adoptPrestartedPool } from './prestart.js';
import { SIDE_BY_SIDE_MIN_SIZE } from './side-by-side.js';
import { workloadSize } from './sweep-order.js';
import { variantNamed } from './format.js';

export interface VariantRunOptions {
  /** Variants at once (1: one after another in this process); 'auto': the cores, when the variants are big enough. */
  parallel: number | 'auto';
  pool?: PoolKind;
  /** Options of each simulation; only the plain in-process run goes side by side (the others run one after another). */
  simulate?: Omit<SimulateOptions, 'variant' | 'trace'>;
  /** File URLs of plugin modules (--plugin) each pool worker imports before its first variant. */
  plugins?: string[];
  /** Told when a variant starts (one after another only). */
  onStart?: (variant: string) => void;
  /** The progress listener of a variant run in this process (not of those on the pool's workers). */
  progress?: (variant: string) => ProgressListener | undefined;
  /** The listener of the workload build of a variant run in this process, before its run (as `progress`). */
  building?: (variant: string) => BuildListener | undefined;
  /** Side by side: told when this process has run its share and variants still run on the pool's workers. */
  onWaiting?: (running: readonly string[]) => void;
  /** Side by side: told when a variant ends on a pool worker, with the variants ended so far of `total`. */
  onPoolDone?: (variant: string, ended: number, total: number) => void;
}

const size = (v: LoadedVariant): number => workloadSize(v.scenario, v.trace?.ids.length);

/**
 * How many variants run at once: 1 unless there are several, the run is a plain in-process one (not the threads
 * runtime, the codec or a test hook) and --parallel asks for more ('auto': the cores, when the largest variant is at
 * least SIDE_BY_SIDE_MIN_SIZE).
 */
export function variantsAtOnce(variants: readonly LoadedVariant[], options: VariantRunOptions): number {
  if (variants.length < 2 || oneAfterAnother(options.simulate ?? {}) !== undefined) return 1;
  if (options.parallel !== 'auto') return Math.min(options.parallel, variants.length);
  // some(), not Math.max(...sizes): a spread of 170,000 variants overflowed the stack
  return variants.some((v) => size(v) >= SIDE_BY_SIDE_MIN_SIZE) ? Math.min(availableParallelism(), variants.length) : 1;
}

/**
 * What keeps a run's variants one after another whatever --parallel asks, as the flag or hook that asked it
 * (--runtime threads, --codec, --inject-fault, a library caller's observer or onWorkers); undefined for a plain
 * in-process run, whose variants may run side by side.
 */
export function oneAfterAnother(s: VariantRunOptions['simulate'] & object): string | undefined {
  if ((s.runtime ?? 'inprocess') !== 'inprocess') return '--runtime threads';
  if (s.codec) return '--codec';
  if (s.fault !== undefined) return '--inject-fault';
  return s.observer !== undefined || s.onWorkers !== undefined ? 'a test hook' : undefined;
}

export async function runVariants(variants: readonly LoadedVariant[], options: VariantRunOptions): Promise<Result[]> {
  const atOnce = variantsAtOnce(variants, options);
  // Say which variant failed, as a sweep names its point (it read "run failed: its worker process exited").
  const named = async (v: LoadedVariant, run: () => Promise<Result>): Promise<Result> => {
    try {
      return await run();
    } catch (err) {
      if (variants.length === 1) throw err;
      // A value that is not an Error (a thread pool's worker hands it over as thrown) is named too, shown as the CLI shows one.
      if (!(err instanceof Error)) throw new Error(`${variantNamed(v.name)}: ${thrownMessage(err)}`);
      // An Error without a message by its name, as a run of one variant shows it (it read 'variant "x": ' and no more).
      const message = `${variantNamed(v.name)}: ${thrownMessage(err)}`;
      try {
        err.message = message;
      } catch {
        // a frozen Error (a plugin's): a new one, with its stack (the CLI reads where the plugin threw from it)
        const named = new Error(message);
        named.stack = err.stack;
        throw named;
      }
      throw err;
    }
  };
  // A variant run here places a big workload's blocks on this process's share of the cores (src/actors/place-threads.ts).
  const here = (v: LoadedVariant): Promise<Result> => named(v, () =>
    simulate(v.scenario, { buildThreads: Math.max(1, Math.floor(availableParallelism() / atOnce)), ...options.simulate, variant: v.name, trace: v.trace,
      onProgress: options.progress?.(v.name), onBuildProgress: options.building?.(v.name) }));
  if (atOnce === 1) {
    const results: Result[] = [];
    for (const v of variants) {
      options.onStart?.(v.name);
      results.push(await here(v));
    }
    return results;
  }
  // Worker processes: this process is one of the atOnce. Threads: all on the pool (they share this process's cores).
  const threads = options.pool === 'threads';
  const workers = threads ? atOnce : atOnce - 1;
  const pool = (threads ? undefined : adoptPrestartedPool<SweepTask, Result>(workers)) ?? startPool<SweepTask, Result>(options.pool ?? 'processes', workers, SIMULATION_TASK);
  const order = variants.map((_, i) => i).sort((a, b) => size(variants[b]) - size(variants[a]) || a - b);
  const results: Result[] = new Array(variants.length);
  let next = 0;
  let ended = 0;
  const onThePool = new Set<number>();
  const take = (): number | undefined => order[next++];
  const onPool = async (): Promise<void> => {
    for (let i = take(); i !== undefined; i = take()) {
      const v = variants[i];
      onThePool.add(i);
      results[i] = await named(v, () => pool.run({ scenario: v.scenario, variant: v.name, trace: v.trace, plugins: options.plugins, timeDecisions: options.simulate?.timeDecisions }));
      onThePool.delete(i);
      options.onPoolDone?.(v.name, ++ended, variants.length);
    }
  };
  const inHere = async (): Promise<void> => {
    await sent(pool);
    for (let i = take(); i !== undefined; i = take()) {
      results[i] = await here(variants[i]);
      ended++;
    }
    // In scenario order: which variants this process now waits for.
    if (onThePool.size > 0) options.onWaiting?.([...onThePool].sort((a, b) => a - b).map((i) => variants[i].name));
  };
  try {
    const lanes = Array.from({ length: workers }, onPool); // each hands its first variant to a worker now
    await Promise.all([...lanes, ...(threads ? [] : [inHere()])]);
    return results;
  } finally {
    void pool.close(false); // the workers exit on their own; the table need not wait for them
  }
}

/** Waits until the pool's workers have been sent their tasks (this process's own run then yields only between epochs, and only with progress on). */
async function sent(pool: TaskPool<unknown, unknown>): Promise<void> {
  await pool.flushed?.();
}
