/** A scenario's variants and overrides: override paths, setPath, the variants table, and a variant resolved with --set. */
import { z } from 'zod';
import { nameField } from './bounded.js';
import { keysAsWritten } from './key-order.js';
import { formatIssue } from './scenario-issues.js';
import { valueKind } from './shown-value.js';

/** Path segments that would reach an object's prototype instead of a field. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** What an override path of "" is told. */
export const EMPTY_PATH = '"" is not a field path: name a field, e.g. "cluster.racks"';

/**
 * Why `path` cannot be an override path (of a variant, --set or a sweep), or undefined when it can: it names a field
 * by dotted segments, none empty or reaching a prototype, and not the variants table (resolved before overrides).
 */
export function overridePathProblem(path: string): string | undefined {
  if (path === '') return EMPTY_PATH;
  const keys = path.split('.');
  if (keys.some((k) => k === '')) return `"${path}" is not a field path (an empty segment)`;
  const bad = keys.find((k) => FORBIDDEN_SEGMENTS.has(k));
  if (bad !== undefined) return `"${path}": "${bad}" is not a field`;
  if (keys[0] === 'variants') return `"${path}": variants cannot be overridden (they are resolved before any override)`;
  return undefined;
}

/**
 * The override path a message of overridePathProblem refuses (its own words, the path quoted first), or undefined
 * when `message` is none: a table's refused key is placed at the key, not its value.
 */
export function refusedOverridePath(message: string): string | undefined {
  const quoted = /^"[^"]*"/.exec(message);
  if (quoted === null) return undefined;
  const path = quoted[0].slice(1, -1);
  return overridePathProblem(path) === message ? path : undefined;
}

/** An override that cannot apply (bad input: callers name the file and the variant or point). */
export class OverrideError extends Error {
  override readonly name = 'OverrideError';
}

/**
 * Sets `path` (dotted, e.g. "scheduler.delay.nodeMs") in a raw JSON object, creating objects on the way; a value of
 * null removes the field (a variant clears a field the base sets). A segment that is a whole number names an element
 * of a list by its index ("scheduler.pools.0.weight"): the element must exist, and is replaced, never removed (the
 * elements after it would move). Returns a new object. A path through a value that is not an object or a list (a
 * base's `"scheduler": 5`) is an OverrideError, never replaced with {}, which would drop the bad value unseen; so is a
 * path that fails overridePathProblem, and an index past a list's end.
 */
export function setPath(raw: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  if (!isRecord(raw)) throw new TypeError(`setPath(raw, path, value): raw must be a scenario's JSON object, not ${valueKind(raw)}`);
  if (typeof path !== 'string') throw new TypeError(`setPath(raw, path, value): path must be a dotted field path (a string), not ${valueKind(path)}`);
  const problem = overridePathProblem(path);
  if (problem !== undefined) throw new OverrideError(problem);
  const root = structuredClone(raw);
  const keys = path.split('.');
  const shown = (v: unknown): string => (Array.isArray(v) ? `a list of ${v.length}` : String(JSON.stringify(v)).length > 40 ? `${String(JSON.stringify(v)).slice(0, 40)}...` : JSON.stringify(v));
  /** The element of list `at` (the value at keys[0..i)) that keys[i] names by its index. */
  const index = (at: unknown[], i: number): number => {
    const key = keys[i];
    const n = /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : undefined;
    if (n !== undefined && n < at.length) return n;
    const list = keys.slice(0, i).join('.');
    const elements = at.length === 0 ? 'no elements' : `elements 0 to ${at.length - 1}`;
    throw new OverrideError(n === undefined
      ? `${path}: ${list} is a list of ${at.length}, so ${key} is no field of it: name an element by its index (${list}.0...), or set the list whole (${list}=[...])`
      : `${path}: ${list} is a list of ${at.length} (${elements}), so it has no element ${key}: set the list whole to add one (${list}=[...])`);
  };
  let at: Record<string, unknown> | unknown[] = root;
  for (const [i, key] of keys.slice(0, -1).entries()) {
    let next: unknown;
    if (Array.isArray(at)) next = at[index(at, i)];
    else if (!Object.hasOwn(at, key)) {
      if (value === null) return root; // nothing there to remove
      next = at[key] = {};
    } else next = at[key];
    if (!isRecord(next) && !Array.isArray(next)) {
      throw new OverrideError(`${path}: ${keys.slice(0, i + 1).join('.')} is ${shown(next)}, not an object, so ${path} cannot be set in it`);
    }
    at = next;
  }
  const last = keys[keys.length - 1];
  if (Array.isArray(at)) {
    const k = index(at, keys.length - 1);
    if (value === null) {
      const list = keys.slice(0, -1).join('.');
      throw new OverrideError(`${path}: null cannot remove one element of the list ${list} (the elements after it would move): set the list whole (${list}=[...])`);
    }
    at[k] = value;
  } else if (value === null) delete at[last];
  else at[last] = value;
  return root;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The raw `variants` table: names to objects of override paths (each checked by overridePathProblem). */
const variantsSchema = z.record(
  nameField('a variant name', 'a variant needs a name'),
  z.record(z.string().superRefine((path, ctx) => {
    const problem = overridePathProblem(path);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  }), z.unknown(), { error: 'a variant must be an object of field paths to values, e.g. { "scheduler.policy": "fifo" }' }),
  { error: 'variants must be an object of named variants, e.g. { "FIFO": { "scheduler.policy": "fifo" } }' },
);

/**
 * The first override of `paths` (in the order they apply) that a later one replaces whole, and that later one: the
 * same path, or one of its parents ("scheduler.delay.maxSkips", then "scheduler.delay": an object value replaces the
 * whole object, so the first value was dropped without a word); undefined when none is.
 */
export function shadowedOverride(paths: readonly string[]): { path: string; by: string } | undefined {
  for (const [i, path] of paths.entries()) {
    const by = paths.slice(i + 1).find((later) => later === path || path.startsWith(`${later}.`));
    if (by !== undefined) return { path, by };
  }
  return undefined;
}

/** Errors (one line each, with the field path) in a raw scenario's variants table; none when it has none. */
export function variantErrors(raw: Record<string, unknown>): string[] {
  if (!Object.hasOwn(raw, 'variants')) return [];
  // zod's records drop a "__proto__" key before its path is checked: refused only as the variant applied, naming no field
  const variants = raw.variants;
  const proto = isRecord(variants) ? Object.keys(variants).filter((name) => isRecord(variants[name]) && Object.hasOwn(variants[name], '__proto__')) : [];
  const protoErrors = proto.map((name) => formatIssue({ code: 'custom', path: ['variants', name, '__proto__'], message: overridePathProblem('__proto__')!, input: undefined }));
  const parsed = variantsSchema.safeParse(raw.variants);
  if (!parsed.success) return [...protoErrors, ...parsed.error.issues.map((i) => formatIssue({ ...i, path: ['variants', ...i.path] }))];
  if (protoErrors.length > 0) return protoErrors;
  // A variant's overrides apply in the order written: one under a path it sets again later never counted.
  return variantsOf(raw).flatMap(({ name, overrides }) => {
    const shadowed = shadowedOverride(Object.keys(overrides));
    return shadowed === undefined ? [] : [`variants.${name}.${shadowed.path}: "${shadowed.by}", later in the variant, replaces the whole of ${shadowed.by}, so this value is never used: give it inside that value, or drop it`];
  });
}

/**
 * The variant names of a raw scenario, in file order (as its reader noted it: key-order.ts; else JavaScript's key
 * order); a scenario without variants has one, named by the policy.
 */
export function variantsOf(raw: Record<string, unknown>): Array<{ name: string; overrides: Record<string, unknown> }> {
  if (!isRecord(raw)) throw new TypeError(`variantsOf(raw): raw must be a scenario's JSON object, not ${valueKind(raw)}`);
  const variants = raw.variants;
  if (!isRecord(variants) || Object.keys(variants).length === 0) return [{ name: '', overrides: {} }];
  return keysAsWritten(variants).map((name) => ({ name, overrides: isRecord(variants[name]) ? (variants[name] as Record<string, unknown>) : {} }));
}

/** Applies a variant's overrides and then the --set overrides to a raw scenario, dropping the variants table. */
export function resolveVariant(raw: Record<string, unknown>, overrides: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  if (!isRecord(raw)) throw new TypeError(`resolveVariant(raw, overrides, sets): raw must be a scenario's JSON object, not ${valueKind(raw)}`);
  if (!isRecord(overrides)) throw new TypeError(`resolveVariant(raw, overrides, sets): overrides must be an object of field paths to values (a variant's overrides from variantsOf), not ${valueKind(overrides)}`);
  // A variant of variantsOf given whole: its name renamed the scenario, and its overrides went in as one unknown field.
  const keys = Object.keys(overrides);
  if (keys.length === 2 && typeof overrides.name === 'string' && isRecord(overrides.overrides)) {
    throw new TypeError(`resolveVariant(raw, overrides, sets): overrides is a whole variant ("${overrides.name}", as variantsOf gives it): pass its .overrides`);
  }
  const bad = Array.isArray(sets) ? sets.find((p) => !Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'string') : sets;
  if (!Array.isArray(sets) || bad !== undefined) {
    throw new TypeError(`resolveVariant(raw, overrides, sets): sets must be a list of [path, value] pairs, e.g. [['workload.jobs', 60]]; ${Array.isArray(sets) ? `one is ${valueKind(bad)}` : `not ${valueKind(sets)}`}`);
  }
  let out: Record<string, unknown> = { ...raw };
  delete out.variants;
  for (const [path, value] of Object.entries(overrides)) out = setPath(out, path, value);
  for (const [path, value] of sets) out = setPath(out, path, value);
  return out;
}
