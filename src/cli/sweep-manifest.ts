/** A sweep's manifest, sweep.json: which points, made from which inputs; made from a sweep, read back and checked. */
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { firstProblem } from '../report/result-schema.js';
import { InputError } from './errors.js';
import { readJsonFile } from './json-file.js';
import type { SweepInputs } from './sweep-changes.js';
import { type Sweep, firstRepeated, pointCount, pointId } from './sweep-file.js';
import { type Axis, VARIANT_AXIS } from './sweep-axes.js';
import { type ChartSpec, chartProblems, chartSchema } from './sweep-charts.js';
import { MANIFEST } from './sweep-folder.js';

export interface Manifest {
  name: string;
  description?: string;
  file: string;
  hash: string;
  /** The inputs in `hash`, hashed apart (sweep-changes.ts); absent in the output of an hfsim before 2026-11-27. */
  inputs?: SweepInputs;
  axes: Axis[];
  seeds: number[];
  charts?: ChartSpec[];
  /** The share of the points this directory holds; absent when it holds (or merges to) all of them. */
  shard?: { index: number; count: number };
  /** The --plugin files the sweep ran with, absolute: an incomplete merge's command names them. Absent: none. */
  plugins?: string[];
  /** Every point of the sweep, whichever shard this is: index, id, group, axis values, seed and variant. */
  points: Array<{ id: string; index: number; group: string; values: Record<string, unknown>; seed: number; variant: string }>;
}

export function manifestOf(sweep: Sweep, shard?: { index: number; count: number }): Manifest {
  return {
    name: sweep.name,
    description: sweep.description,
    file: resolve(sweep.file), // absolute: a merge's "run them with" command works from any folder
    hash: sweep.hash,
    inputs: sweep.inputs,
    axes: sweep.axes,
    seeds: sweep.seeds,
    charts: sweep.charts,
    shard,
    plugins: sweep.pluginFiles,
    points: sweep.points.map(({ id, index, group, values, seed, variant }) => ({ id, index, group, values, seed, variant })),
  };
}

export function readManifest(dir: string): Manifest {
  const raw = readJsonFile(join(dir, MANIFEST), 'sweep manifest') as Manifest;
  if (typeof raw !== 'object' || raw === null || typeof raw.hash !== 'string' || !Array.isArray(raw.points)) {
    throw new InputError(`${join(dir, MANIFEST)}: not a sweep manifest (written by hfsim sweep)`);
  }
  return raw;
}

const count = z.number().int().min(0);
const manifestSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  file: z.string(),
  hash: z.string().min(1),
  inputs: z.strictObject({ scenarios: z.string(), traces: z.string(), plugins: z.array(z.string()), build: z.strictObject({ version: z.string(), code: z.string() }).optional() }).optional(),
  axes: z.array(z.strictObject({ name: z.string().min(1), values: z.array(z.unknown()).min(1, 'an axis needs at least one value') })),
  seeds: z.array(count).min(1, 'seeds must list at least one seed'),
  charts: z.array(chartSchema).optional(),
  shard: z.strictObject({ index: count, count: count.min(1) }).refine((s) => s.index < s.count, 'index must be below count').optional(),
  plugins: z.array(z.string().min(1)).optional(),
  points: z.array(z.strictObject({ id: z.string(), index: count, group: z.string(), values: z.record(z.string(), z.unknown()), seed: count, variant: z.string() })),
});

/**
 * Reads sweep.json and checks that it still describes the folder's points (for report and merge, which draw and
 * write what it says): its fields' types, its charts (sweep-charts.ts's chartProblems), and each point's values, seed
 * and id against the axes and seeds. An edit that changed the axes or seeds, or a point, is refused naming the field:
 * the results were made by the points it lists, and drawn against edited axes they made empty charts of NaN.
 */
export function readCheckedManifest(dir: string): Manifest {
  const file = join(dir, MANIFEST);
  const raw = readManifest(dir);
  const bad = (field: string, why: string): InputError => new InputError(`${file}: ${field}: ${why}`);
  const problem = firstProblem(manifestSchema, raw);
  if (problem !== undefined) throw new InputError(`${file}: ${problem}`);
  const m = raw;
  const key = (v: unknown): string => JSON.stringify(v) ?? String(v);
  const listed = m.axes.map((a, i) => {
    if (m.axes.findIndex((b) => b.name === a.name) !== i) throw bad(`axes[${i}].name`, `"${a.name}" names two axes`);
    if (firstRepeated(a.values) !== undefined) throw bad(`axes[${i}].values`, 'a value appears twice');
    return new Set(a.values.map(key));
  });
  if (firstRepeated(m.seeds) !== undefined) throw bad('seeds', 'a seed appears twice');
  const ids = new Set<string>();
  m.points.forEach((p, i) => {
    const where = `point ${i} (id ${p.id})`;
    if (p.index !== i) throw bad(`points[${i}].index`, `is ${p.index}, not its position ${i}`);
    m.axes.forEach((a, j) => {
      if (!Object.hasOwn(p.values, a.name)) throw bad(`axes[${j}].name`, `"${a.name}" is not an axis of ${where}, which has ${Object.keys(p.values).map((n) => `"${n}"`).join(', ') || 'no axes'}: the results were made with other axes`);
      if (!listed[j].has(key(p.values[a.name]))) throw bad(`axes[${j}].values`, `${where} has ${a.name}=${key(p.values[a.name])}, not among them: the results were made with other values`);
    });
    for (const name of Object.keys(p.values)) if (!m.axes.some((a) => a.name === name)) throw bad(`points[${i}].values`, `"${name}" is not an axis of the sweep (have ${m.axes.map((a) => `"${a.name}"`).join(', ') || 'none'})`);
    if (!m.seeds.includes(p.seed)) throw bad('seeds', `${where} has seed ${p.seed}, not among them: the results were made with other seeds`);
    if (p.id !== pointId(p.values, p.seed) || p.group !== pointId(p.values)) throw bad(`points[${i}]`, `its id or group is not that of its values and seed: the point was edited`);
    if (typeof p.values[VARIANT_AXIS] === 'string' && p.values[VARIANT_AXIS] !== '' && p.values[VARIANT_AXIS] !== p.variant) throw bad(`points[${i}].variant`, `"${p.variant}" is not its variant axis's value ${key(p.values[VARIANT_AXIS])}`);
    if (ids.has(p.id)) throw bad(`points[${i}]`, `repeats an earlier point (id ${p.id})`);
    ids.add(p.id);
  });
  const all = pointCount(m.axes, m.seeds.length);
  if (m.points.length !== all.points) throw bad('points', `${m.points.length} points, but the axes and seeds make ${all.points} (${all.sizes})`);
  const charts = chartProblems(m.charts ?? [], m.axes);
  if (charts.length > 0) throw new InputError(`${file}: ${charts[0]}`);
  return m;
}
