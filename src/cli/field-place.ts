/**
 * Where in a JSON file the field a field error names is written ("cluster.racks: racks must be at least 1": the line
 * and column of racks's value), as `file:line:column`. Found only once there is an error: the text of each JSON file
 * read is kept beside its value (noteJsonText) and scanned again then, without building its tree (a value of the
 * whole file filled the heap of a 161 MB scenario). Where a field's value came from: the scenario, or an override
 * table applied over it (a variant's, a sweep's set or axis), the last that wrote it.
 */
import { filePosition } from './file-position.js';
import { visit } from 'jsonc-parser';
import { shownAlike } from './alike-lines.js';
import { refusedOverridePath } from '../core/scenario-variants.js';
import { CONFIG_NAMED_BY } from '../core/framework/plugin-config.js';

/** A step of a path into a JSON value: an object's key, or a list's index. */
export type Segment = string | number;

/** Each JSON file's text, by the value read from it (readJsonFile notes them). */
const texts = new WeakMap<object, string>();

/** Keeps `text` as the text `value` was read from, to place its errors later. */
export function noteJsonText(value: unknown, text: string): void {
  if (typeof value === 'object' && value !== null) texts.set(value, text);
}

/** A JSON value as a file holds it: the file's name, its root value (as read), and the path within it. */
export interface Written {
  file: string;
  root: unknown;
  at: Segment[];
}

/**
 * An override table: each dotted field path it sets, where in its file that value is written, and where the path is
 * (`key`: a sweep axis's name, above its list of values; omitted: the value's own key).
 */
export interface Overrides {
  file: string;
  root: unknown;
  entries: ReadonlyArray<{ path: string; at: Segment[]; key?: Segment[] }>;
}

/** The table of `overrides` (a variant's, or a sweep's set) at `at` in `root`: each key is written at its own key. */
export const overridesAt = (file: string, root: unknown, at: Segment[], overrides: Record<string, unknown>): Overrides =>
  ({ file, root, entries: Object.keys(overrides).map((path) => ({ path, at: [...at, path] })) });

/** An error line that places a key of `field`'s object (a table's refused key: set's "constructor"), as an unknown field's does. */
export const atKey = (field: string, key: string): string => `${field}: unknown field ${JSON.stringify(key)}`;

/**
 * The field an error line ("field: message") names, its first unknown key where it says "unknown field" (or the key
 * where an override table refuses its path: a variant's "constructor.x"), and whether it says the field is missing.
 */
export function errorField(error: string): { field: string; key?: string; missing: boolean } {
  const colon = error.indexOf(': ');
  // a field named with its value (`scheduler.policy "bad": ` before a policy plugin's own size limit) is the field
  const field = (colon < 0 ? error : error.slice(0, colon)).replace(/ "(?:[^"\\]|\\.)*"$/, '');
  const rest = colon < 0 ? '' : error.slice(colon + 2);
  const refused = refusedOverridePath(rest);
  if (refused !== undefined && field.endsWith(`.${refused}`)) return { field: field.slice(0, -refused.length - 1), key: refused, missing: false };
  const unknown = /^unknown fields? ("(?:[^"\\]|\\.)*")/.exec(rest);
  let key: string | undefined;
  if (unknown !== null) {
    try {
      key = JSON.parse(unknown[1]) as string;
    } catch {
      key = undefined;
    }
  }
  return { field, key, missing: rest.startsWith('missing (') };
}

/**
 * The segments of a field path as an error writes it ("a.b[0].c", "(top level)"), matched against `value` so that a key
 * holding a dot (a variant's "scheduler.policy") is one segment: at each object the longest key the path goes on with.
 * Past what `value` holds, the rest is split at its dots and indices; every step takes at least one character.
 */
export function segmentsOf(value: unknown, field: string): Segment[] {
  const out: Segment[] = [];
  let rest = field === '(top level)' ? '' : field;
  let at: unknown = value;
  while (rest !== '') {
    const index = /^\[(\d+)\]/.exec(rest);
    if (index !== null) {
      out.push(Number(index[1]));
      rest = rest.slice(index[0].length).replace(/^\./, '');
      at = Array.isArray(at) ? at[Number(index[1])] : undefined;
      continue;
    }
    const ends = (key: string): boolean => rest === key || rest.startsWith(`${key}.`) || rest.startsWith(`${key}[`);
    const key = typeof at === 'object' && at !== null && !Array.isArray(at)
      ? Object.keys(at).filter(ends).sort((a, b) => b.length - a.length)[0]
      : undefined;
    // past the value: up to the next dot or index; a "[" that opens no index is the segment's own ("x[")
    const next = key ?? /^(?:[^.[]|\[(?!\d+\]))*/.exec(rest)![0];
    if (next === '') { // no segment there ("a..b"): the rest is one, and the path ends
      out.push(rest);
      break;
    }
    out.push(next);
    rest = rest.slice(next.length).replace(/^\./, '');
    at = key === undefined ? undefined : (at as Record<string, unknown>)[key];
  }
  return out;
}

/** Thrown from visit to stop once every path is found. */
const FOUND = Symbol('found');

const sameStart = (path: readonly Segment[], of: readonly Segment[]): boolean => path.length <= of.length && path.every((s, i) => String(s) === String(of[i]));

/** A path to look up in a text: of a value, or (`key`) of its key (an unknown field). */
interface Target {
  path: readonly Segment[];
  key: boolean;
}

/** A path as a map key: its segments joined by U+0001 (a key holding one could only misplace a line, never fail). */
const pathKey = (path: readonly Segment[]): string => path.join('\u0001');

/**
 * The line and column (from 1) in `text` (JSON) of each target's value, or key, or, where it is not written, of its
 * nearest ancestor that is (a missing field: the object it is missing from). Cost: one scan of the text, up to the
 * last target, for all of them (a thousand jobs' errors, each scanning the file, were quadratic).
 */
export function placesIn(text: string, targets: readonly Target[]): Array<{ line: number; column: number }> {
  const best = targets.map(() => ({ depth: -1, line: 1, column: 1 }));
  // each target under each of its path's prefixes: what a value or key met at that path may place
  const byPrefix = new Map<string, number[]>();
  targets.forEach((t, i) => {
    for (let d = 0; d <= t.path.length; d++) {
      const k = pathKey(t.path.slice(0, d));
      const list = byPrefix.get(k);
      if (list === undefined) byPrefix.set(k, [i]);
      else list.push(i); // in place: a copy a target made 100,000 jobs' errors quadratic (217 s)
    }
  });
  let left = targets.length;
  const seen = (at: Segment[], line: number, column: number, isKey: boolean): void => {
    for (const i of byPrefix.get(pathKey(at)) ?? []) {
      const whole = at.length === targets[i].path.length;
      // a key target's own path is placed at its key; a key places nothing else
      if (isKey !== (whole && targets[i].key) || at.length <= best[i].depth) continue;
      best[i] = { depth: at.length, line: line + 1, column: column + 1 };
      if (whole) left--;
    }
    if (left === 0) throw FOUND;
  };
  const value = (_offset: number, _length: number, line: number, column: number, pathSupplier: () => Segment[]): void => seen(pathSupplier(), line, column, false);
  try {
    if (left > 0) {
      visit(text, {
        onObjectBegin: value,
        onArrayBegin: value,
        onLiteralValue: (_v, offset, length, line, column, pathSupplier) => value(offset, length, line, column, pathSupplier),
        onObjectProperty: (name, _offset, _length, line, column, pathSupplier) => seen([...pathSupplier(), name], line, column, true),
      });
    }
  } catch (stop) {
    if (stop !== FOUND) throw stop;
  }
  return best.map(({ line, column }) => ({ line, column }));
}

/** A place in a file: its name (as the Written or Overrides gave it), line and column. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

/** A place as messages name it, `file:line:column`, as a compiler does (and as trace errors name `file:line`). */
export const shownPlace = (p: Place): string => filePosition(p.file, p.line, p.column);

/** Where a field is written: in which value as written (a file's), and the path there. */
type Spot = { w: { file: string; root: unknown }; target: Target };

/**
 * Where the field of `error` ("field: message", of the scenario `resolved` that `scenario` and the `layers` over it,
 * in the order they apply, make) is written: in the last layer that set it or a path above it, else in the scenario.
 * A field missing from an object only a layer wrote is placed at that layer's value.
 */
function spotOf(error: string, resolved: unknown, scenario: Written, layers: readonly Overrides[]): Spot {
  const { field, key, missing } = errorField(error);
  const path = segmentsOf(resolved, field);
  if (key !== undefined) path.push(key);
  const parent = path.slice(0, -1);
  for (const layer of [...layers].reverse()) {
    for (const { path: p, at, key: named = at } of [...layer.entries].reverse()) {
      const keys = p.split('.');
      // an unknown field the path itself brings ("cluster.rackz", or the "extra" of "workload.extra.deep"): at the path
      if (key !== undefined && sameStart(path, keys)) return { w: layer, target: { path: named, key: true } };
      if (sameStart(keys, path)) return { w: layer, target: { path: [...at, ...path.slice(keys.length)], key: key !== undefined } };
    }
  }
  if (missing && !writes(scenario.root, [...scenario.at, ...parent])) {
    for (const layer of [...layers].reverse()) {
      const under = [...layer.entries].reverse().find(({ path: p }) => sameStart(parent, p.split('.')));
      if (under !== undefined) return { w: layer, target: { path: under.at, key: true } };
    }
    // a plugin's config that nothing writes: where its plugin is named (a variant's, not the base's "scheduler")
    const namedBy = Object.hasOwn(CONFIG_NAMED_BY, parent.join('.')) ? CONFIG_NAMED_BY[parent.join('.')] : undefined;
    if (namedBy !== undefined) return spotOf(`${namedBy}: `, resolved, scenario, layers);
  }
  return { w: scenario, target: { path: [...scenario.at, ...path], key: key !== undefined } };
}

/**
 * The place of each error's field (see spotOf), or undefined where its file's text was not kept (a value built, not
 * read) or the error is not `wanted`: each file scanned once for all of them.
 */
export function fieldPlaces(errors: readonly string[], resolved: unknown, scenario: Written, layers: readonly Overrides[] = [],
  wanted: readonly boolean[] = errors.map(() => true)): Array<Place | undefined> {
  const spots = errors.map((e, i) => (wanted[i] ? spotOf(e, resolved, scenario, layers) : undefined));
  const out: Array<Place | undefined> = spots.map(() => undefined);
  for (const root of new Set(spots.map((s) => s?.w.root))) {
    const text = typeof root === 'object' && root !== null ? texts.get(root) : undefined;
    if (text === undefined) continue;
    const mine = spots.flatMap((s, i) => (s?.w.root === root ? [i] : []));
    const found = placesIn(text, mine.map((i) => spots[i]!.target));
    mine.forEach((i, k) => (out[i] = { file: spots[i]!.w.file, ...found[k] }));
  }
  return out;
}

/**
 * The lines `line` makes of `errors`, each given its error's place (fieldPlaces) where the line is printed
 * (alike-lines.ts: past the third of a kind, lines are counted, not shown) and none where not, as for a value built,
 * not read: placing a 100,000-job file's alike errors to print three took 1.3 s. `kept` picks the lines that stand,
 * by index, from those made without places (default: all).
 */
export function placedLines(errors: readonly string[], resolved: unknown, scenario: Written, layers: readonly Overrides[],
  line: (i: number, place: Place | undefined) => string, kept?: (lines: readonly string[]) => number[]): string[] {
  const drafts = errors.map((_, i) => line(i, undefined));
  const standing = kept?.(drafts) ?? drafts.map((_, i) => i);
  const shown = shownAlike(standing.map((i) => drafts[i]));
  const wanted = errors.map(() => false);
  standing.forEach((i, k) => (wanted[i] = shown[k]));
  const places = fieldPlaces(errors, resolved, scenario, layers, wanted);
  return standing.map((i) => (wanted[i] ? line(i, places[i]) : drafts[i]));
}

/** The place of one error's field (fieldPlaces). */
export const fieldPlace = (error: string, resolved: unknown, scenario: Written, layers: readonly Overrides[] = []): Place | undefined =>
  fieldPlaces([error], resolved, scenario, layers)[0];

/** Whether `root` holds a value at `path`. */
function writes(root: unknown, path: readonly Segment[]): boolean {
  let at = root;
  for (const s of path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, String(s))) return false;
    at = (at as Record<string, unknown>)[String(s)];
  }
  return true;
}
