/**
 * Validation of the plugins a scenario names against the registry, when the scenario is parsed: each name must be
 * registered, and its config must pass the plugin's own schema. Issues name the field's path, as every scenario
 * error does ("scheduler.policyConfig.weight: ...").
 */
import { z } from 'zod';
import { fieldErrors, unknownFields } from '../unknown-fields.js';
import { notGiven } from '../nearest-name.js';
import { typeInWords } from '../shown-value.js';
import { pluginFilesLoading } from '../plugin-loading.js';
import { type FieldUnread, type PluginNamed, withUnread } from '../field-unread.js';

type Issue = z.core.$ZodRawIssue;

/** What this needs of a registry (registry.ts). */
interface PluginLookup {
  get(name: string): { readonly config?: z.ZodType<unknown> } | undefined;
  oneOf(): string;
  readonly names: readonly string[];
}

/**
 * The config of the plugin `name` in `registry`, parsed by its schema, or undefined with issues pushed: at `namePath`
 * (as "`field` must be one of ...") when no such plugin is registered, else at `configPath` inside the config. When
 * the config is the other fields of the object that names the plugin (a gate's: scheduler.delay without mode), an
 * issue about the naming field `nameKey` says that the config never holds it.
 */
export function parsePluginConfig(registry: PluginLookup, field: string, name: string,
  namePath: PropertyKey[], config: unknown, configPath: PropertyKey[], issues: Issue[], nameKey?: string): Record<string, unknown> | undefined {
  const plugin = registry.get(name);
  if (plugin === undefined) {
    // A name that is none of them may be a plugin's whose file was not loaded: say how one is.
    const loading = pluginFilesLoading();
    const how = loading.length > 0 ? `${loading.join(', ')} ${loading.length === 1 ? 'is' : 'are'} still loading: await loadPlugins(...) before parsing a scenario that names its plugins` : 'a plugin registers its name when its file is loaded: hfsim --plugin file.js, or loadPlugins';
    issues.push({ code: 'custom', path: namePath, message: `${field} must be ${registry.oneOf()}${notGiven(name, registry.names)} (${how})`, input: name });
    return undefined;
  }
  const schema = plugin.config ?? NO_CONFIG;
  const result = syncParse(schema, config, { reportInput: true, error: fieldErrors });
  if (result === ASYNC) {
    issues.push({ code: 'custom', path: configPath, input: config,
      message: `${field} "${name}": its config schema is async (a check or transform of it gives a Promise): a scenario is parsed synchronously, so a plugin's schema must be too` });
    return undefined;
  }
  if (result instanceof SchemaThrew) {
    issues.push({ code: 'custom', path: configPath, input: config, message: result.told(field, name) });
    return undefined;
  }
  if (result.success) {
    // A field the schema gives named as the field naming the plugin: the scenario's config is { mode, ...config }, so a
    // default of it took the run to another gate (a gate's `mode` defaulting to "none" ran the built-in one, silently).
    if (nameKey !== undefined && isObject(result.data) && Object.hasOwn(result.data, nameKey)) {
      issues.push({ code: 'custom', path: configPath, input: config,
        message: `${field} "${name}": its config schema gives a field ${nameKey}, which names the plugin (${field}) and is left out of its config: its schema must not have a field ${nameKey}` });
      return undefined;
    }
    // simulate() checks the scenario it is given as parseScenario returns it, so a schema must take its own output: a
    // transform to another shape failed only then, as "the scenario is not one parseScenario returns", naming no plugin.
    const again = syncParse(schema, result.data);
    if (again === ASYNC || again instanceof SchemaThrew) {
      issues.push({ code: 'custom', path: configPath, input: config,
        message: again === ASYNC ? `${field} "${name}": its config schema is async for what it returns (a check or transform gives a Promise): a plugin's schema must be synchronous` : again.told(field, name, ' for what it returns') });
      return undefined;
    }
    if (again.success) {
      // ... and give it back unchanged: simulate() compares the config with what the schema gives for it, so a
      // transform that scaled a value (seconds to ms) or a loose object that dropped the key it added passed here and
      // failed there as "is 2000, where parseScenario gives 2000000", naming no plugin.
      const changed = firstChange(result.data, again.data, []);
      if (changed === undefined) {
        // ... and keep every field it was given: a z.object strips the keys it does not list, so a misspelled field
        // ("quantm") ran with the default, silently.
        const dropped = droppedFields(config, result.data, []);
        for (const { path, key, known } of dropped) {
          issues.push({ code: 'custom', path: [...configPath, ...path], input: config,
            message: `${unknownFields([key], known)} (${field} "${name}"'s config schema leaves it out of the config it returns: a z.object strips the fields it does not list, where z.strictObject refuses them; a preprocess or a union may drop one too)` });
        }
        if (dropped.length > 0) return undefined;
        // ... and hold only what JSON carries: the result echoes the config, so a BigInt failed the run's --json after
        // the whole run ("Do not know how to serialize a BigInt"), and a Map was written as {}, silently.
        const foreign = notJsonAt(result.data, []);
        if (foreign !== undefined) {
          issues.push({ code: 'custom', path: [...configPath, ...foreign.path], input: config,
            message: `${field} "${name}": its config schema gives ${foreign.what}, which JSON cannot carry (a result echoes its config): a plugin's config holds only strings, finite numbers, booleans, null, lists and plain objects` });
          return undefined;
        }
        return (result.data ?? {}) as Record<string, unknown>;
      }
      issues.push({ code: 'custom', path: configPath, input: config,
        message: `${field} "${name}": its config schema gives another config for what it returns (${changed}): a plugin's schema must return a config it gives back unchanged (checks and defaults do; a transform to another shape or value does not)` });
      return undefined;
    }
    const first = again.error.issues[0];
    const at = first.path.length === 0 ? '' : ` at ${first.path.join('.')}`;
    issues.push({ code: 'custom', path: configPath, input: config,
      message: `${field} "${name}": its config schema refuses what it returns (${first.message}${at}): a plugin's schema must return a config it accepts (checks and defaults do; a transform to another shape does not)` });
    return undefined;
  }
  const takes = isObject(config) ? takesNoObject(result.error.issues) : undefined;
  if (takes !== undefined) {
    // zod's "expected number, received object" named no plugin, and no config written could pass
    issues.push({ code: 'custom', path: configPath, input: config,
      message: `${field} "${name}": its config schema takes ${takes}, but a plugin's config is an object of its settings ({} when none is given): its schema must take one, such as z.strictObject({ ... })` });
    return undefined;
  }
  // A config for a plugin that takes none is most often another plugin's, left by a variant that changed the name.
  const left = plugin.config === undefined && nameKey === undefined
    ? configLeft({ kind: field, path: `scheduler.${namePath.join('.')}`, name }, `scheduler.${configPath.join('.')}`) : undefined;
  for (const issue of result.error.issues) {
    const aboutName = nameKey !== undefined && issue.path[0] === nameKey;
    const message = aboutName ? `${issue.message} (${field} names the plugin and is left out of its config, which is the other fields: its schema must not ask for ${nameKey})` : issue.message + (left?.said ?? '');
    // the field's own input (formatIssue says a field left out is missing: maxSkips under "mode": "skip"); the naming
    // field was written, only not handed to the config: told as it is, never as missing
    const pushed = (aboutName ? { code: 'custom', message, path: [...configPath, ...issue.path], input: config }
      : { ...issue, message, path: [...configPath, ...issue.path], input: 'input' in issue ? issue.input : config }) as Issue;
    issues.push(left === undefined ? pushed : withUnread(pushed, left.unread));
  }
  return undefined;
}

const NO_CONFIG = z.strictObject({});

/**
 * The scenario's plugin configs that sit beside the field naming their plugin (README's table; a gate's config is the
 * rest of scheduler.delay, with its mode), each by that field: where a field one lacks is to be added when nothing writes the config.
 */
export const CONFIG_NAMED_BY: Readonly<Record<string, string>> = {
  'scheduler.policyConfig': 'scheduler.policy',
  'scheduler.preemption.config': 'scheduler.preemption.policy',
  'scheduler.replication.config': 'scheduler.replication.policy',
};

/**
 * What a config error says of a plugin that takes none, given one at `configField`: the advice that holds wherever the
 * config came from, and the same as data (for a caller that knows what gave it to say so instead).
 */
function configLeft(plugin: PluginNamed, configField: string): { said: string; unread: FieldUnread } {
  const advice = { text: `remove ${configField}, or set it to null in a variant that changes ${plugin.path}`, then: ')' };
  return { said: ` (${plugin.kind} "${plugin.name}" takes no config: ${advice.text}${advice.then}`, unread: { kind: 'config-left', field: configField, plugin, advice } };
}

/**
 * What a schema takes, where its issues for an object refuse the object itself for its type (z.number(), z.array(),
 * z.enum, z.literal, a union of such): 'a number', 'a list', 'only "a", "b"', 'no object'; undefined where the object is refused for what it holds.
 */
function takesNoObject(found: readonly z.core.$ZodIssue[]): string | undefined {
  const refusesType = (issue: z.core.$ZodIssue): boolean => issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value'
    || (issue.code === 'invalid_union' && issue.errors.length > 0 && issue.errors.every((branch) => branch.some(refusesType))));
  if (found.length !== 1 || !refusesType(found[0])) return undefined;
  const issue = found[0];
  if (issue.code === 'invalid_type') return typeInWords(issue.expected);
  // z.enum, z.literal: the values it takes
  if (issue.code === 'invalid_value') return `only ${issue.values.map((v) => (typeof v === 'bigint' ? `${v}n` : JSON.stringify(v) ?? String(v))).join(', ')}`;
  return 'no object';
}

const ASYNC = Symbol('async schema');

/** What a plugin's schema threw while parsing (its own refine or transform), told as an issue of its config. */
class SchemaThrew {
  constructor(private readonly error: unknown) {}

  told(field: string, name: string, what = ''): string {
    const why = this.error instanceof Error ? `${this.error.name}: ${this.error.message}` : `${typeof this.error} ${String(this.error)}`;
    return `${field} "${name}": its config schema threw${what} (${why}): a plugin's schema must return its issues (a refine returns false, or calls ctx.addIssue), not throw`;
  }
}

/**
 * schema.safeParse; ASYNC where the schema is async (a refine or transform giving a Promise), for which zod throws in
 * its own words ("Encountered Promise during synchronous parse"), naming no plugin or field; SchemaThrew where the
 * plugin's own code in it threw, which ended the run as "run failed: ..." (exit 1), naming neither, where a config
 * it cannot take is bad input.
 */
function syncParse(schema: z.ZodType<unknown>, value: unknown, params?: Parameters<z.ZodType<unknown>['safeParse']>[1]): ReturnType<z.ZodType<unknown>['safeParse']> | typeof ASYNC | SchemaThrew {
  try {
    return schema.safeParse(value, params);
  } catch (err) {
    if (err instanceof z.core.$ZodAsyncError) return ASYNC;
    return new SchemaThrew(err);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The fields of `given` (the config as written) that the schema's output `parsed` lacks, each with its object's path
 * and the fields the output has there.
 * A schema may return a list in another order (a sort), every field kept: an element of a list is matched, one to
 * one, with an element of the output's that keeps its fields, first one whose fields hold the same values (the one
 * at its place first), then any; one left unmatched is compared with the element at its place.
 */
function droppedFields(given: unknown, parsed: unknown, path: PropertyKey[]): { path: PropertyKey[]; key: string; known: string[] }[] {
  if (!isObject(given) || !isObject(parsed) || Array.isArray(given) !== Array.isArray(parsed)) return [];
  if (Array.isArray(given) && Array.isArray(parsed)) {
    const keeps = (i: number, j: number): boolean => droppedFields(given[i], parsed[j], []).length === 0;
    const same = (i: number, j: number): boolean => {
      const g = given[i];
      const p = parsed[j];
      if (!isObject(g) || !isObject(p)) return JSON.stringify(g) === JSON.stringify(p);
      return Object.keys(g).every((k) => JSON.stringify(g[k]) === JSON.stringify(p[k]));
    };
    const match = new Map<number, number>(); // given's index -> parsed's
    const taken = new Set<number>();
    for (const fits of [(i: number, j: number) => keeps(i, j) && same(i, j), keeps]) {
      given.forEach((_, i) => {
        if (match.has(i)) return;
        const j = !taken.has(i) && i < parsed.length && fits(i, i) ? i : parsed.findIndex((_, k) => !taken.has(k) && fits(i, k));
        if (j >= 0) {
          match.set(i, j);
          taken.add(j);
        }
      });
    }
    return given.flatMap((element, i) => (match.has(i) ? [] : droppedFields(element, parsed[i], [...path, i])));
  }
  // known: the fields the schema returns there, for the one a dropped key is likely meant as
  return Object.keys(given).flatMap((key) => (Object.hasOwn(parsed, key) ? droppedFields(given[key], parsed[key], [...path, key]) : [{ path, key, known: Object.keys(parsed) }]));
}

/**
 * Where `then` (the schema's output for `given`, itself its output) differs from `given`, as "path: given, then
 * then" for the first such field (keys in `then`'s order, then those only `given` has); undefined where they are equal.
 */
function firstChange(given: unknown, then: unknown, path: string[]): string | undefined {
  if (Object.is(given, then)) return undefined;
  if (isObject(given) && isObject(then) && Array.isArray(given) === Array.isArray(then)) {
    for (const key of new Set([...Object.keys(then), ...Object.keys(given)])) {
      const change = firstChange(given[key], then[key], [...path, key]);
      if (change !== undefined) return change;
    }
    return undefined;
  }
  const shown = (v: unknown): string => (v === undefined ? 'missing' : typeof v === 'number' || typeof v === 'boolean' || v === null ? String(v) : JSON.stringify(v) ?? String(v));
  return `${path.length === 0 ? '(the config)' : path.join('.')}: ${shown(given)}, then ${shown(then)}`;
}

/**
 * Where `value` holds something JSON does not write as itself, and what: a BigInt (JSON.stringify throws), a number
 * that is not finite (written null), a function or symbol, undefined in a list (written null), an object not plain (a
 * Map or a Set written {}, a Date a string); undefined when none. undefined as an object's field is its absence.
 */
function notJsonAt(value: unknown, path: (string | number)[]): { path: (string | number)[]; what: string } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, what: `the number ${value}` };
  if (typeof value === 'bigint') return { path, what: `the BigInt ${value}n` };
  if (typeof value !== 'object') return { path, what: `a ${typeof value}` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) return { path: [...path, i], what: 'undefined in a list' };
      const inner = notJsonAt(value[i], [...path, i]);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { path, what: `a ${(value as object).constructor?.name ?? 'non-plain'} object` };
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    const found = notJsonAt(inner, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
