/**
 * Worker processes started before they are asked for. `hfsim run` of a scenario with several variants runs them side
 * by side (run-variants.ts), `hfsim sweep` its points; a worker takes ~0.25-0.55 s to start (Node and the
 * modules), about as long as this process takes to load the command line and read the scenario or
 * the sweep. So main.ts reads the command
 * line here first, by a plain scan that loads nothing, and when it is such a run, starts the workers at once; the
 * command adopts them when its own reading agrees (the same number), and any it does not use are let go. A guess
 * that is wrong costs only the workers' start, on otherwise idle cores; a command that ends another way (bad input)
 * does not wait for them (an idle pool holds no process open), and they exit with this process.
 */
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SIMULATION_TASK, type TaskPool, startPool } from '../actors/pool.js';
import { MAX_SWEEP_POINTS, MAX_WORKERS } from '../core/limits.js';
import { SIDE_BY_SIDE_MIN_SIZE } from './side-by-side.js';

/** `run`'s and `sweep`'s options that take a value (the rest are flags). */
const VALUED = new Set(['--set', '--seed', '--plugin', '--variant', '--runtime', '--workers', '--parallel', '--pool', '--out', '--jobs-csv', '--html', '--inject-fault', '--shard']);

/** A scenario file's variants (0 when it cannot tell) and its base's size (nodes x jobs; Infinity for a trace's). */
export interface ScenarioShape {
  variants: number;
  size: number;
}

/**
 * How many worker processes `hfsim <argv>` will want for its variants: for a plain in-process `run` of a scenario
 * with v variants and --parallel p, min(p, v) - 1 (this process runs variants too); without --parallel, the same
 * with p the cores when the base scenario is big enough to go side by side (run-variants.ts); else 0.
 */
export function prestartSize(argv: readonly string[], cores: number, shapeOf: (file: string) => ScenarioShape): number {
  if (argv[0] !== 'run' && argv[0] !== 'sweep') return 0;
  const options = new Map<string, string>();
  const files: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return 0;
    if (!arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = eq > 0 ? arg.slice(eq + 1) : VALUED.has(name) ? argv[++i] : '';
    options.set(name, value ?? '');
  }
  if (argv[0] === 'sweep') return sweepWorkers(options, files, cores, shapeOf);
  const plain = !['--variant', '--codec', '--inject-fault', '--dry-run', '--help', '-h'].some((o) => options.has(o))
    && (options.get('--runtime') ?? 'inprocess') === 'inprocess' && (options.get('--pool') ?? 'processes') === 'processes';
  if (!plain || files.length !== 1) return 0;
  const parallel = workersAsked(options, cores);
  if (parallel < 2) return 0;
  const shape = shapeOf(files[0]);
  if (!options.has('--parallel') && shape.size < SIDE_BY_SIDE_MIN_SIZE) return 0;
  return Math.max(0, Math.min(parallel, shape.variants) - 1);
}

/**
 * `hfsim sweep`'s workers: --parallel (default: the cores) when the sweep has at least as many points (its axes'
 * values x seeds, read by shapeOf as its `variants`: the base's variants only multiply them); none for a resume, a dry run or a
 * shard (points already done, or another share), or worker threads.
 */
function sweepWorkers(options: ReadonlyMap<string, string>, files: readonly string[], cores: number, shapeOf: (file: string) => ScenarioShape): number {
  if (files.length !== 1 || ['--resume', '--shard', '--dry-run', '--workers', '--help', '-h'].some((o) => options.has(o)) || (options.get('--pool') ?? 'processes') !== 'processes') return 0;
  const parallel = workersAsked(options, cores);
  if (parallel < 1) return 0;
  // a sweep past MAX_SWEEP_POINTS is refused once read: none for it (a million points had 256 workers started first)
  const points = shapeOf(files[0]).variants;
  return points >= parallel && points <= MAX_SWEEP_POINTS ? parallel : 0;
}

/**
 * --parallel (default: the cores, as the commands take it); 0 where the command line will refuse it (not a whole
 * number, or past MAX_WORKERS: `sweep --parallel 100000` of a million points started 181 processes, 9 GB, before the
 * refusal).
 */
function workersAsked(options: ReadonlyMap<string, string>, cores: number): number {
  if (!options.has('--parallel')) return cores;
  const parallel = Number(options.get('--parallel'));
  return Number.isInteger(parallel) && parallel <= MAX_WORKERS ? parallel : 0;
}

/** The largest scenario or sweep file read here to guess its shape: a larger one starts no workers early. */
const PRESTART_MAX_BYTES = 16 * 2 ** 20;

/** A scenario file's shape, read as plainly as possible (its real reading, with its errors, comes later). */
export function scenarioShape(file: string): ScenarioShape {
  try {
    // a pipe (a process substitution, <(jq ... s.json)) is read once: here, it left the real reading nothing; and a
    // large file is left to the real reading's size check (a 600 MB one took 1 GB here first)
    const stat = statSync(file);
    if (!stat.isFile() || stat.size > PRESTART_MAX_BYTES) return { variants: 0, size: 0 };
    const raw = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>;
    if (typeof raw.base === 'string') return { variants: sweepPoints(raw), size: 0 }; // a sweep file
    const v = raw.variants;
    const variants = typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v).length : 1;
    return { variants, size: rawSize(raw) };
  } catch {
    return { variants: 0, size: 0 };
  }
}

/** A sweep file's axes' values x seeds (0 when it cannot tell). */
function sweepPoints(raw: Record<string, unknown>): number {
  const axes = raw.axes ?? {};
  const seeds = raw.seeds ?? [1];
  if (typeof axes !== 'object' || axes === null || !Array.isArray(seeds)) return 0;
  return Object.values(axes).reduce((n: number, values) => n * (Array.isArray(values) ? values.length : 0), seeds.length);
}

/** sweep-order.ts's workloadSize of an unchecked scenario (variants may change it: this is a guess, used only to start workers early). */
function rawSize(raw: Record<string, unknown>): number {
  const cluster = raw.cluster as { racks?: unknown; nodesPerRack?: unknown } | undefined;
  const w = raw.workload as { kind?: unknown; jobs?: unknown; groups?: unknown } | undefined;
  const nodes = Number(cluster?.racks) * Number(cluster?.nodesPerRack);
  const jobs = typeof w?.jobs === 'number' ? w.jobs
    : Array.isArray(w?.jobs) ? w.jobs.length
      : Array.isArray(w?.groups) ? w.groups.reduce((a: number, g: { count?: unknown }) => a + Number(g?.count), 0)
        : Infinity; // a trace's rows
  const size = nodes * jobs;
  return Number.isNaN(size) ? 0 : size;
}

let early: TaskPool<unknown, unknown> | undefined;

/** Starts the workers `hfsim <argv>` will want, if any (see prestartSize). */
export function prestartPool(argv: readonly string[]): void {
  const size = prestartSize(argv, availableParallelism(), scenarioShape);
  if (size > 0) early = startPool('processes', size, SIMULATION_TASK);
}

/** The pool started early if it has `size` workers (it is then the caller's to close); else undefined, and it is let go. */
export function adoptPrestartedPool<T, R>(size: number): TaskPool<T, R> | undefined {
  const pool = early;
  early = undefined;
  if (pool?.size === size) return pool as TaskPool<T, R>;
  void pool?.close(false);
  return undefined;
}

/** Lets go of a pool started early that the command did not adopt. */
export function dropPrestartedPool(): void {
  void early?.close(false);
  early = undefined;
}
