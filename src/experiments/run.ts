/**
 * Runs experiments: expands each one's sweep (or its --quick reduction), runs every point of all of them on one pool
 * of warm workers (largest first: sweep-order.ts), or in this process with parallel 0, and analyzes each.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from '../actors/simulate.js';
import { simulate } from '../actors/simulate.js';
import type { SweepTask } from '../actors/sweep-task.js';
import { SIMULATION_TASK, startPool } from '../actors/pool.js';
import { InputError } from '../cli/errors.js';
import { counted } from '../cli/format.js';
import { readJsonFile } from '../cli/json-file.js';
import type { PointRecord } from '../cli/sweep-aggregate.js';
import { type Sweep, type SweepPoint, expandSweep } from '../cli/sweep-file.js';
import { PointQueue } from '../cli/sweep-order.js';
import { runAll } from '../cli/sweep-run.js';
import type { Analysis, Experiment } from './experiment.js';

export interface RunOptions {
  /** The repository root: sweeps and `requires` are relative to it. */
  root: string;
  quick: boolean;
  /** Worker processes; 0 runs every point in this process, one after another. */
  parallel: number;
  /** Called as each point finishes. */
  progress?: (done: number, total: number) => void;
}

export interface Outcome {
  experiment: Experiment;
  sweep: Sweep;
  analysis: Analysis;
  /** On a --quick run: what --quick replaced in the sweep (quickChanges), since the set-up describes the full run. */
  quickChanges?: string;
}

export interface Missing {
  experiment: Pick<Experiment, 'id' | 'title' | 'paper'>;
  reason: string;
}

/** The experiment's sweep, reduced for --quick: its seeds replaced, its `set` extended, the axes named in quick.axes replaced. */
export function sweepOf(e: Experiment, root: string, quick: boolean): Sweep {
  const file = join(root, e.sweep);
  const raw = readJsonFile(file, 'sweep') as Record<string, unknown>;
  if (!quick) return expandSweep(raw, file);
  const set = { ...(raw.set as Record<string, unknown> | undefined), ...e.quick.set };
  const axes = e.quick.axes === undefined ? raw.axes : { ...(raw.axes as Record<string, unknown> | undefined), ...e.quick.axes };
  return expandSweep({ ...raw, seeds: e.quick.seeds, set, ...(axes === undefined ? {} : { axes }) }, file);
}

/** A value --quick sets, for the reader: a workload's groups as "name: count jobs of maps maps", else compact JSON. */
function shownValue(key: string, value: unknown): string {
  if (key === 'workload.groups' && Array.isArray(value)) {
    return value.map((g: { name?: string; count?: number; maps?: number }) => `${g.name}: ${counted(g.count ?? 1, 'job')} of ${counted(g.maps ?? 0, 'map')}`).join('; ');
  }
  return JSON.stringify(value);
}

/**
 * What --quick replaces in an experiment's sweep, in words: its seeds (beside the full run's), each field its `set`
 * overrides and each axis it replaces. The set-up EXPERIMENTS.md prints is the sweep file's description, written for
 * the full run ("A whole day (7,500 jobs) per run"), so a quick document says this beside it.
 */
export function quickChanges(e: Experiment, root: string): string {
  const raw = readJsonFile(join(root, e.sweep), 'sweep') as { seeds?: unknown };
  const full = Array.isArray(raw.seeds) ? raw.seeds.join(', ') : String(raw.seeds);
  const parts = [`seeds ${e.quick.seeds.join(', ')} (the full run: ${full})`];
  for (const [key, value] of Object.entries(e.quick.set ?? {})) parts.push(`\`${key}\` = ${shownValue(key, value)}`);
  for (const [key, values] of Object.entries(e.quick.axes ?? {})) parts.push(`axis \`${key}\` only ${values.map((v) => shownValue(key, v)).join(', ')}`);
  return parts.join('; ');
}

export async function runExperiments(list: readonly Experiment[], options: RunOptions): Promise<{ outcomes: Outcome[]; missing: Missing[] }> {
  const missing: Missing[] = [];
  const ready: Array<{ experiment: Experiment; sweep: Sweep }> = [];
  for (const experiment of list) {
    if (experiment.requires !== undefined && !existsSync(join(options.root, experiment.requires))) {
      missing.push({ experiment, reason: `its scenario ${experiment.requires} is not in this checkout yet` });
      continue;
    }
    ready.push({ experiment, sweep: sweepOf(experiment, options.root, options.quick) });
  }
  // Every point of every sweep, tagged with its experiment; groups made unique across sweeps for the queue.
  type Tagged = SweepPoint & { exp: number };
  const points: Tagged[] = ready.flatMap(({ sweep }, exp) => sweep.points.map((p) => ({ ...p, exp, group: `${exp}/${p.group}` })));
  const records: PointRecord[][] = ready.map(() => []);
  let done = 0;
  const finish = (p: Tagged, result: Result): void => {
    const { config: _config, ...rest } = result;
    records[p.exp].push({ ...rest, id: p.id, index: p.index, group: p.group.slice(p.group.indexOf('/') + 1), values: p.values });
    options.progress?.(++done, points.length);
  };
  const queue = new PointQueue(points);
  if (options.parallel <= 0) {
    for (let p = queue.next(); p !== undefined; p = queue.next()) {
      finish(p, await simulate(p.scenario, { variant: p.variant, trace: p.trace, timeDecisions: false }));
    }
  } else {
    await onPool(queue, Math.min(options.parallel, points.length), finish);
  }
  const outcomes = ready.map(({ experiment, sweep }, i) => {
    const mine = records[i].sort((a, b) => a.index - b.index);
    try {
      const analysis = experiment.analyze(mine, sweep);
      return options.quick ? { experiment, sweep, analysis, quickChanges: quickChanges(experiment, options.root) } : { experiment, sweep, analysis };
    } catch (err) {
      throw new Error(`experiment ${experiment.id}: analysis failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  return { outcomes, missing };
}

async function onPool<P extends SweepPoint>(queue: PointQueue<P>, size: number, finish: (p: P, r: Result) => void): Promise<void> {
  if (size === 0) return;
  const pool = startPool<SweepTask, Result>('processes', size, SIMULATION_TASK);
  const failures: string[] = [];
  try {
    await runAll(pool, queue, (p, r) => {
      queue.learn(p.group, r.run.wallMs);
      finish(p, r);
    }, (p, err) => failures.push(`${p.scenario.name} ${p.variant} seed ${p.seed}: ${err instanceof Error ? err.message : String(err)}`), { timeDecisions: false }); // as in-process (above)
  } finally {
    await pool.close();
  }
  if (failures.length > 0) throw new Error(`${failures.length} experiment points failed:\n${failures.join('\n')}`);
}

/** The experiments named by --only (comma-separated ids), in catalog order; an unknown name is bad input. */
export function selectExperiments(all: readonly Experiment[], only: string | undefined): Experiment[] {
  if (only === undefined) return [...all];
  const names = only.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 0) throw new InputError(`--only: names no experiment (have ${all.map((e) => e.id).join(', ')})`);
  const unknown = names.filter((n) => !all.some((e) => e.id === n));
  if (unknown.length > 0) throw new InputError(`--only: no experiment ${unknown.map((n) => `"${n}"`).join(', ')} (have ${all.map((e) => e.id).join(', ')})`);
  return all.filter((e) => names.includes(e.id));
}
