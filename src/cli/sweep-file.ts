/**
 * The sweep file: a base scenario, fixed overrides, axes of values for field paths (and variants), and seeds.
 * Its points are the cartesian product of the axes and the seeds, each resolved and validated as a scenario.
 */
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { SwimTrace } from '../core/swim.js';
import { MAX_SWEEP_NAME_BYTES, MAX_SWEEP_POINTS } from '../core/limits.js';
import { type Scenario, schemaRef } from '../core/scenario.js';
import { formatIssue } from '../core/scenario-issues.js';
import { EMPTY_PATH, overridePathProblem, resolveVariant, setPath, shadowedOverride, variantErrors, variantsOf } from '../core/scenario-variants.js';
import { workloadLimitErrors } from '../core/workload-limits.js';
import { processLastSubmits } from '../actors/last-submits.js';
import { fieldErrors } from '../core/unknown-fields.js';
import { InputError } from './errors.js';
import { plainCounted } from './format.js';
import { asInput } from './load-scenario.js';
import { configAdviceNamed, sweepPointLayers, touches } from './config-advice.js';
import { readJsonFile } from './json-file.js';
import { type Place, type Written, atKey, fieldPlaces, overridesAt, placedLines, shownPlace } from './field-place.js';
import { atTraceLine, resolveScenarioSteps } from './resolve-scenario.js';
import { firstPerTraceJob } from './sls-workload.js';
import { traceRead } from './trace.js';
import { type Steps, drained, within } from './steps.js';
import type { SweepInputs } from './sweep-changes.js';
import { hfsimBuild } from './hfsim-build.js';
import { compareCodeUnits } from '../core/code-units.js';
import { hasControlChars, hasUnpairedSurrogate, nonNegInt, pathField } from '../core/bounded.js';
import { collectWarnings, warnByVariant } from './warn.js';
import { type Axis, VARIANT_AXIS } from './sweep-axes.js';
import { type ChartSpec, chartProblems, chartSchema } from './sweep-charts.js';


// As a scenario's seed (scenario.ts): above 2^53 - 1 it says so, where "must be a whole number" told nothing to fix.
const seedSchema = nonNegInt('a seed', Number.MAX_SAFE_INTEGER);

/** An override path of `set` or an axis: a field path (overridePathProblem), never the seed (the seeds list sets it). */
const overridePath = (what: string) => z.string().min(1, { error: EMPTY_PATH, abort: true }).superRefine((path, ctx) => {
  const problem = path === 'seed' ? `"seed" cannot be ${what}: list the seeds in "seeds"` : overridePathProblem(path);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/** The sweep's name names its output folder under results/: one plain folder name, never a path out of it. */
const folderName = z.string().min(1).refine((n) => !/[/\\\0]/.test(n) && n !== '.' && n !== '..', {
  error: 'name names the output folder results/<name>: it may not contain / or \\ or be . or ..',
}).superRefine((n, ctx) => {
  // A lone surrogate is written as U+FFFD in a file name: "x\ud800" and "x\udc00" shared one folder.
  if (hasControlChars(n) || hasUnpairedSurrogate(n)) ctx.addIssue({ code: 'custom', message: 'name names the output folder results/<name>: it may not contain a control character or an unpaired surrogate (a \\ud800 to \\udfff escape not half of a pair)' });
  const bytes = Buffer.byteLength(n);
  if (bytes > MAX_SWEEP_NAME_BYTES) ctx.addIssue({ code: 'custom', message: `name names the output folder results/<name>: it is ${bytes} bytes, above the limit of ${MAX_SWEEP_NAME_BYTES}` });
});

export const sweepSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schema/sweep.schema.json); not used by hfsim. */
  $schema: schemaRef,
  name: folderName.default('sweep'),
  description: z.string().optional(),
  /** A scenario file (relative to the sweep file) or an inline scenario. */
  base: z.union([pathField('base'), z.record(z.string(), z.unknown())], { error: 'base must be a scenario file name or an inline scenario object' }),
  /** Overrides applied to the base for every point (after its variant), e.g. a smaller workload. */
  set: z.record(overridePath('set'), z.unknown()).default({}),
  /** Field path (or "variant") to the list of its values; points are the cartesian product, in file order. */
  axes: z.record(overridePath('an axis'), z.array(z.unknown(), { error: 'an axis is the list of its values (e.g. "cluster.racks": [5, 10])' }).min(1, 'an axis needs at least one value')).default({}),
  /** Default: the base scenario's own seed (1 when it has none). */
  seeds: z.array(seedSchema).min(1, 'seeds must list at least one seed').optional(),
  charts: z.array(chartSchema).optional(),
}).superRefine((s, ctx) => {
  // Counted before anything is expanded: a 1,000 x 1,000 sweep resolved a million scenarios before it failed.
  const axes = Object.entries(s.axes).map(([name, values]) => ({ name, values }));
  const { points, sizes } = pointCount(axes, s.seeds?.length ?? 1);
  if (points > MAX_SWEEP_POINTS) {
    ctx.addIssue({ code: 'custom', path: ['axes'], message: `${sizes} is ${shownPoints(points)} points, above the limit of ${MAX_SWEEP_POINTS}` });
    return;
  }
  for (const { name, values } of axes) {
    const twice = firstRepeated(values);
    if (twice !== undefined) ctx.addIssue({ code: 'custom', path: ['axes', name], message: `value ${twice} appears twice` });
  }
  if (s.seeds !== undefined && firstRepeated(s.seeds) !== undefined) ctx.addIssue({ code: 'custom', path: ['seeds'], message: 'a seed appears twice' });
});

/**
 * The points `axes` and `seeds` seeds make (their product), and how ("2 (w1) x 3 seeds", "2 (w1) x 1 seed"): a sweep file's, before and
 * after its variants are an axis, and a sweep folder's sweep.json, which must list that many.
 */
export function pointCount(axes: readonly Axis[], seeds: number): { points: number; sizes: string } {
  const points = axes.reduce((n, a) => n * a.values.length, seeds);
  const sizes = axes.map((a) => `${a.values.length} (${a.name})`);
  // the first and last SHOWN_AXES of many: 110 axes made a line the CLI cut at 1,000 characters, before its count
  if (sizes.length > 2 * SHOWN_AXES + 1) sizes.splice(SHOWN_AXES, sizes.length - 2 * SHOWN_AXES, `... (${sizes.length - 2 * SHOWN_AXES} axes more) ...`);
  return { points, sizes: [...sizes, plainCounted(seeds, 'seed')].join(' x ') };
}

/** A point count as said: a product past a double's range ("Infinity points") as what it is. */
const shownPoints = (points: number): string => (Number.isFinite(points) ? String(points) : `more than ${Number.MAX_VALUE}`);

/** The axes pointCount names at each end of a longer list. */
const SHOWN_AXES = 3;

/** The first value of `values` that an earlier one equals (as JSON), shown as JSON; undefined when each is once. */
export function firstRepeated(values: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    // Objects compare by their keys' values, in any order: {"mode":"skip","maxSkips":1} twice, reordered, ran twice.
    const key = JSON.stringify(v, (_k, x: unknown) => (typeof x === 'object' && x !== null && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => compareCodeUnits(a, b))) : x)) ?? String(v);
    if (seen.has(key)) return JSON.stringify(v) ?? String(v);
    seen.add(key);
  }
  return undefined;
}

export interface SweepPoint {
  /** Stable id: a hash of the axis values and the seed (never of the position), so resumes and shards agree. */
  id: string;
  /** Position in the full product (axes in file order, the last axis fastest, then seeds). */
  index: number;
  /** The axis values, by axis name; the same for every seed of a group. */
  values: Record<string, unknown>;
  /** Id of the point without its seed: the group the confidence interval is taken over. */
  group: string;
  seed: number;
  variant: string;
  scenario: Scenario;
  /** A swim workload's trace rows, read relative to the base scenario's file. */
  trace?: SwimTrace;
}

export interface Sweep {
  file: string;
  name: string;
  description?: string;
  axes: Axis[];
  seeds: number[];
  charts?: ChartSpec[];
  /** sha256 of the resolved points: a resume or a merge refuses an output made by a different sweep. */
  hash: string;
  /** The inputs in `hash`, hashed apart: what the refusal names. */
  inputs: SweepInputs;
  /** The --plugin files it runs with, absolute (written to sweep.json, for a merge's "run them with" command). */
  pluginFiles?: string[];
  points: SweepPoint[];
}

export function pointId(values: Record<string, unknown>, seed?: number): string {
  const key = Object.keys(values).sort().map((k) => [k, values[k]]);
  return createHash('sha256').update(JSON.stringify(seed === undefined ? key : [...key, ['seed', seed]])).digest('hex').slice(0, 16);
}

/** Reads, validates and expands a sweep file; any error names the file (and the base file) and the field path. */
export function loadSweep(file: string): Sweep {
  return drained(loadSweepSteps(file));
}

/**
 * loadSweep in steps: it pauses as a point's trace is read (a SWIM trace's rows, an SLS or Rumen trace's jobs), so that
 * hfsim sweep lets the event loop turn there and a Ctrl-C clears the trace's reading bar; the same sweep, warnings and errors.
 */
export function* loadSweepSteps(file: string): Steps<Sweep> {
  return yield* expandSweepSteps(readJsonFile(file, 'sweep'), file);
}

/** Validates and expands a sweep already read (`file` names it in errors and anchors its relative paths). */
export function expandSweep(raw: unknown, file: string): Sweep {
  return drained(expandSweepSteps(raw, file));
}

/** expandSweep in steps (loadSweepSteps). */
function* expandSweepSteps(raw: unknown, file: string): Steps<Sweep> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError(`${file}: a sweep must be a JSON object`);
  // A field's error names the file at the field's line (its own, or the base's for a field the base writes); `placing`:
  // the error lines that place them, where not their own.
  const sweepAt = (errors: readonly string[]): string[] => fieldPlaces(errors, raw, { file, root: raw, at: [] }).map((at) => (at === undefined ? file : shownPlace(at)));
  const placedError = (errors: readonly string[], placing: readonly string[] = errors): InputError =>
    new InputError(placedLines(placing, raw, { file, root: raw, at: [] }, [], (i, at) => `${at === undefined ? file : shownPlace(at)}: ${errors[i]}`).join('\n'));
  // zod's records drop a "__proto__" key before its path is checked: the axis (or set) vanished, the sweep ran on.
  for (const field of ['axes', 'set'] as const) {
    const table = (raw as Record<string, unknown>)[field];
    if (typeof table === 'object' && table !== null && Object.hasOwn(table, '__proto__')) throw placedError([`${field}: ${overridePathProblem('__proto__')}`], [atKey(field, '__proto__')]);
  }
  // reportInput: formatIssue shows a number given as a string ("1") how to write it
  const parsed = sweepSchema.safeParse(raw, { reportInput: true, error: fieldErrors });
  if (!parsed.success) {
    // a refused key of set or axes (a path reaching "constructor", or with an empty segment) at the key, not its value
    const keyAt = (i: z.core.$ZodIssue): string | undefined => (i.code === 'invalid_key' && i.path.length === 2 ? atKey(String(i.path[0]), String(i.path[1])) : undefined);
    throw placedError(parsed.error.issues.map(formatIssue), parsed.error.issues.map((i) => keyAt(i) ?? formatIssue(i)));
  }
  const spec = parsed.data;
  // `set`, then the axes in file order, apply at every point: one that a later one sets again, or replaces with an
  // object at a parent path, never counted (an axis "scheduler.delay.maxSkips" before an axis "scheduler.delay" ran
  // its points with the same scenario under different values).
  const shadowedSet = shadowedSetError(spec);
  if (shadowedSet !== undefined) throw placedError([shadowedSet]);

  const baseFile = typeof spec.base === 'string' ? resolve(dirname(file), spec.base) : undefined;
  // An inline base as read (not zod's copy of it), which keeps the order its variants were written in (key-order.ts).
  const base = baseFile === undefined ? (raw as Record<string, unknown>).base : readJsonFile(baseFile, 'base scenario');
  if (typeof base !== 'object' || base === null || Array.isArray(base)) throw new InputError(`${baseFile}: a scenario must be a JSON object`);
  const baseRecord = base as Record<string, unknown>;
  const where = baseFile === undefined ? `${file}: base` : `${file}: base ${spec.base as string}`;
  // The base as written: its own file, or the sweep file's "base".
  const baseWritten: Written = baseFile === undefined ? { file, root: raw, at: ['base'] } : { file: baseFile, root: base, at: [] };
  /** The sweep's prefix for an error of the base at `place` (where its field is written): in the sweep file, or the base's. */
  const baseAt = (place: Place | undefined, at = ''): string => {
    if (place === undefined) return `${where}${at}`;
    const line = `${place.line}:${place.column}`;
    return place.file === baseFile ? `${where}:${line}${at}` : `${file}:${line}: base${baseFile === undefined ? '' : ` ${spec.base as string}`}${at}`;
  };
  const badVariants = variantErrors(baseRecord);
  if (badVariants.length > 0) {
    throw new InputError(placedLines(badVariants, baseRecord, baseWritten, [], (i, at) => `${baseAt(at)}: ${badVariants[i]}`).join('\n'));
  }

  const variants = variantsOf(baseRecord);
  // Every point's seed is one of the sweep's seeds: a variant's own seed was dropped (hfsim run --variant ran it).
  const seeded = variants.find((v) => Object.hasOwn(v.overrides, 'seed'));
  if (seeded !== undefined) throw new InputError(`${baseAt(fieldPlaces([`variants.${seeded.name}.seed: `], baseRecord, baseWritten)[0])}: variants.${seeded.name}.seed: a sweep runs every point at the seeds in its "seeds" (default: the base's seed), so this seed is never used: list it in "seeds", or drop it`);
  // Without "seeds", the base's own seed (a sweep of a scenario written with seed 7 ran seed 1); one that is not a
  // seed is named by the scenario's check below.
  const seeds = spec.seeds ?? [(baseRecord.seed ?? 1) as number];
  const axes: Axis[] = Object.entries(spec.axes).map(([name, values]) => ({ name, values }));
  const variantAxis = axes.find((a) => a.name === VARIANT_AXIS);
  if (variantAxis) {
    for (const [i, v] of variantAxis.values.entries()) {
      if (typeof v !== 'string' || !variants.some((x) => x.name === v)) {
        const have = variants[0].name === '' ? 'it has no variants' : `have ${variants.map((x) => `"${x.name}"`).join(', ')}`;
        throw new InputError(`${sweepAt([`axes.variant[${i}]`])[0]}: axes.variant: ${JSON.stringify(v)} is not a variant of the base (${have})`);
      }
    }
  } else if (variants.length > 1 || variants[0].name !== '') {
    axes.unshift({ name: VARIANT_AXIS, values: variants.map((v) => v.name) }); // every variant of the base, as an axis
    const { points } = pointCount(axes, seeds.length);
    if (points > MAX_SWEEP_POINTS) throw placedError([`axes: ${variants.length} variants of the base x the axes and seeds is ${shownPoints(points)} points, above the limit of ${MAX_SWEEP_POINTS}`]);
  }
  // The skip-count curve is a chance of node locality: on another metric's scale it drew a 0-1 line among seconds.
  // (Checked of a sweep file, not of an output's sweep.json: one made before the check still reports.)
  const analyticOn = (spec.charts ?? []).map((c, i) => [c, i] as const).filter(([c]) => c.analytic !== undefined && c.metric !== 'locality.node');
  const badCharts = [...chartProblems(spec.charts ?? [], axes),
    ...analyticOn.map(([c, i]) => `charts[${i}].analytic: the skip-count curve is node locality's (1 - (1 - p)^(D+1)), but the chart draws ${c.metric}: use "metric": "locality.node", or leave analytic out`)];
  if (badCharts.length > 0) throw placedError(badCharts);

  const points: SweepPoint[] = [];
  const combos = product(axes);
  // Each variant's warnings over its points, written once at the end, naming the variants where not all gave one (as
  // hfsim run does); where a point fails, as they are.
  const variantNames = (axes.find((a) => a.name === VARIANT_AXIS)?.values as string[] | undefined) ?? ['']; // the axis named or added above
  const said = variantNames.map((): string[] => []);
  /** Whether the variants swept name the plugin at `field`: a config a set gives them all may suit only some. */
  const variantsName = (field: string): boolean => variantNames.length > 1
    && variants.some((v) => variantNames.includes(v.name) && Object.keys(v.overrides).some((path) => touches(path, field)));
  let resolvedAll = false;
  try {
    for (const values of combos) {
      const variantName = typeof values[VARIANT_AXIS] === 'string' ? (values[VARIANT_AXIS] as string) : '';
      const overrides = variants.find((v) => v.name === variantName)?.overrides ?? {};
      const at = Object.entries(values).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ');
      const point = `${where}${at ? ` at ${at}` : ''}: `;
      // Where a point's fields are written: the base, its variant's overrides, the sweep's set, then its axes' values.
      const layers = [
        ...(variantName === '' ? [] : [overridesAt(baseWritten.file, baseWritten.root, [...baseWritten.at, 'variants', variantName], overrides)]),
        overridesAt(file, raw, ['set'], spec.set),
        { file, root: raw, entries: axes.filter((a) => a.name !== VARIANT_AXIS).map((a) => ({ path: a.name, at: ['axes', a.name, a.values.indexOf(values[a.name])], key: ['axes', a.name] })) },
      ];
      /** The point's prefix for each of `errors` (of its scenario `resolvedPoint`), placed at the error's field. */
      const pointPrefixes = (errors: readonly string[], resolvedPoint: unknown): string[] =>
        fieldPlaces(errors, resolvedPoint, baseWritten, layers).map((place) => `${baseAt(place, at ? ` at ${at}` : '')}: `);
      /** The point's lines `line` makes of `errors`, each with its prefix (pointPrefixes), placed only where printed. */
      const pointLines = (errors: readonly string[], resolvedPoint: unknown, line: (i: number) => string, kept?: (lines: readonly string[]) => number[]): string =>
        placedLines(errors, resolvedPoint, baseWritten, layers, (i, place) => `${baseAt(place, at ? ` at ${at}` : '')}: ${line(i)}`, kept).join('\n');
      let resolved = asInput(() => resolveVariant(baseRecord, overrides, Object.entries(spec.set)), (m) => pointPrefixes([m], baseRecord)[0]);
      for (const axis of axes) if (axis.name !== VARIANT_AXIS) resolved = asInput(() => setPath(resolved, axis.name, values[axis.name]), (m) => pointPrefixes([m], resolved)[0]);
      const group = pointId(values);
      const warnings = said[variantNames.indexOf(variantName)];
      for (const seed of seeds) {
        const checked = yield* within((step) => collectWarnings(warnings, () => atPoint(point, baseFile ?? file, step)), resolveScenarioSteps(setPath(resolved, 'seed', seed), baseFile ?? file)); // files relative to the base's
        if (!checked.ok) {
          const advised = { file: baseFile === undefined ? `the base of ${file}` : (spec.base as string), variant: { name: variantName, overrides }, beforeSets: resolveVariant(baseRecord, overrides, []),
            ...sweepPointLayers(spec.set, Object.fromEntries(Object.entries(values).filter(([k]) => k !== VARIANT_AXIS)), variantsName) };
          throw new InputError(pointLines(checked.errors, resolved, (i) => configAdviceNamed(checked.issues[i], advised)));
        }
        const scenario = checked.value;
        const trace = yield* within((step) => collectWarnings(warnings, () => atPoint(point, baseFile ?? file, step)), traceRead(baseFile ?? file, scenario));
        const over = workloadLimitErrors(scenario, trace, processLastSubmits);
        if (over.length > 0) {
          throw new InputError(pointLines(over, resolved, (i) => atTraceLine(over[i], scenario), firstPerTraceJob));
        }
        points.push({ id: pointId(values, seed), index: points.length, values, group, seed, variant: variantName || scenario.scheduler.policy, scenario, trace });
      }
    }
    resolvedAll = true;
  } finally {
    warnByVariant(variantNames, said, () => resolvedAll);
  }
  const { hash, inputs } = pointsHashed(points);
  // The skip-count curve's p: the share of nodes holding a 1-block job's data, R / nodes, which must be one for the
  // whole sweep (with R or the cluster's size an axis, the first point's p drew the curve for every line).
  const charts = spec.charts?.map((c, i) => (c.analytic && c.analytic.p === undefined ? { ...c, analytic: { ...c.analytic, p: defaultP(points, `${file}: charts[${i}].analytic`) } } : c));
  return { file, name: spec.name, description: spec.description, axes, seeds, charts, hash, inputs, points };
}

/**
 * The sweep's hash and its inputs' hashes apart (sweep-output.ts's manifest): each point's id and scenario, with its
 * trace's fingerprint where it replays one, and the hfsim build that runs them (hfsim-build.ts).
 */
function pointsHashed(points: readonly SweepPoint[]): { hash: string; inputs: SweepInputs } {
  // A point that replays a SWIM trace reads its rows from a file the scenario only names: its rows count too, or a
  // trace edited between a kill and --resume (or between shards) mixed two workloads in one output.
  // Each [id, scenario] is written once, for both: the hash (a point with a trace as [id, scenario, its fingerprint])
  // and the same inputs hashed apart, so that a --resume or a merge of another sweep's output can say which changed.
  const written = points.map((p) => JSON.stringify([p.id, p.scenario]));
  const prints = points.map((p) => (p.trace === undefined ? null : traceFingerprint(p.trace)));
  const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
  const build = hfsimBuild();
  const pointsText = `[${written.map((w, i) => (prints[i] === null ? w : `${w.slice(0, -1)},${JSON.stringify(prints[i])}]`)).join(',')}]`;
  const hash = sha(JSON.stringify([sha(pointsText), build.code]));
  // ... by point id, so that an order alone (axis values or seeds reordered) is told apart from the points' contents
  const byId = points.map((_, i) => i).sort((i, j) => compareCodeUnits(points[i].id, points[j].id));
  const inputs: SweepInputs = { scenarios: sha(`[${byId.map((i) => written[i]).join(',')}]`), traces: sha(JSON.stringify(byId.map((i) => prints[i]))), plugins: [], build };
  return { hash, inputs };
}

/**
 * The error for a path of `set` or an axis (they apply in that order, the axes in file order, at every point) that a later
 * one sets again, or replaces with an object at a parent path, so that it is never used; undefined where none is.
 */
function shadowedSetError(spec: { set: Record<string, unknown>; axes: Record<string, unknown> }): string | undefined {
  const setPaths = Object.keys(spec.set);
  const shadowed = shadowedOverride([...setPaths, ...Object.keys(spec.axes).filter((a) => a !== VARIANT_AXIS)]);
  if (shadowed === undefined) return undefined;
  const field = setPaths.includes(shadowed.path) ? 'set' : 'axes';
  const byAxis = !setPaths.includes(shadowed.by);
  const what = shadowed.by === shadowed.path ? `the axis "${shadowed.by}" sets it again at every point` : `${byAxis ? `the axis "${shadowed.by}"` : `set's "${shadowed.by}"`}, applied after it, replaces the whole of ${shadowed.by} at every point`;
  const fix = shadowed.by === shadowed.path ? 'drop it (the axis gives the value)' : !byAxis ? 'give it inside that value, or drop it' : field === 'set' ? 'give it in each value of that axis, or drop it' : 'list this axis after that one (axes apply in file order), or drop it';
  return `${field}.${shadowed.path}: ${what}, so this ${field === 'set' ? 'value' : "axis's values"} ${field === 'set' ? 'is' : 'are'} never used: ${fix}`;
}

/**
 * What `read` returns; an InputError from a file the point names (an allocation or capacity file, a trace) names the
 * point first, as its fields' errors do (it named the file alone: which axis value had it was left to guess). A line
 * naming the scenario (`scenarioFile`: a trace's error) names it by the point instead.
 */
function atPoint<T>(point: string, scenarioFile: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    throw new InputError(err.message.split('\n').map((line) => `${point}${line.startsWith(`${scenarioFile}: `) ? line.slice(scenarioFile.length + 2) : line}`).join('\n'));
  }
}

/** R / nodes (at most 1), the same at every point, or an InputError at `where` naming two points that differ. */
function defaultP(points: readonly SweepPoint[], where: string): number {
  const pOf = (p: SweepPoint): number => Math.min(1, p.scenario.hdfs.replication / (p.scenario.cluster.racks * p.scenario.cluster.nodesPerRack));
  const p = pOf(points[0]);
  const other = points.find((q) => pOf(q) !== p);
  if (other !== undefined) {
    const at = (q: SweepPoint): string => Object.entries(q.values).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ') || 'the base';
    throw new InputError(`${where}: p defaults to R / nodes, but the points differ (${p.toFixed(4)} at ${at(points[0])}, ${pOf(other).toFixed(4)} at ${at(other)}): give "p", or draw the curve in a sweep of one R and cluster size`);
  }
  return p;
}

const fingerprints = new WeakMap<SwimTrace, string>();

/** sha256 of a trace's rows as read (its ids, times, bytes and paths): once per trace, which every point of a file shares. */
function traceFingerprint(trace: SwimTrace): string {
  let f = fingerprints.get(trace);
  if (f === undefined) {
    const h = createHash('sha256').update(JSON.stringify(trace.ids));
    for (const column of [trace.submitS, trace.inputBytes, trace.shuffleBytes, trace.outputBytes]) h.update(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
    if (trace.inputPaths !== undefined) h.update(JSON.stringify(trace.inputPaths));
    fingerprints.set(trace, (f = h.digest('hex')));
  }
  return f;
}

function product(axes: Axis[]): Array<Record<string, unknown>> {
  let out: Array<Record<string, unknown>> = [{}];
  for (const axis of axes) out = out.flatMap((partial) => axis.values.map((v) => ({ ...partial, [axis.name]: v })));
  return out;
}

/** Parses --shard "i/n" (0 <= i < n): the points whose index is i modulo n. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index >= count || !Number.isSafeInteger(count)) throw new InputError(`--shard ${text}: expected i/n with 0 <= i < n, e.g. --shard 0/4`);
  return { index, count };
}

export function shardOf<T extends { index: number }>(points: readonly T[], shard: { index: number; count: number }): T[] {
  return points.filter((p) => p.index % shard.count === shard.index);
}
