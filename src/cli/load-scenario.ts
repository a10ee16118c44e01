/** Reads a scenario file, applies --set and --seed, resolves its variants and validates each; errors name file, line or field. */
import { readTextFile } from './read-file.js';
import { type ParseError, ParseErrorCode, printParseErrorCode, visit } from 'jsonc-parser';
import { isIndexKey, noteKeysAsWritten } from '../core/key-order.js';
import { MAX_JSON_DEPTH } from '../core/limits.js';
import { OverrideError, type Scenario, overridePathProblem, resolveVariant, setPath, variantErrors, variantsOf } from '../core/scenario.js';
import { workloadLimitErrors } from '../core/workload-limits.js';
import { processLastSubmits } from '../actors/last-submits.js';
import type { SwimTrace } from '../core/swim.js';
import { withoutSuggestions } from '../core/nearest-name.js';
import { InputError, NamedFileError } from './errors.js';
import { overdeepOpening, overlongRun } from './json-runs.js';
import { filePosition, positionAt } from './file-position.js';
import { type Overrides, type Written, fieldPlaces, noteJsonText, overridesAt, placedLines, shownPlace } from './field-place.js';
import { collectWarnings, quietly, warnByVariant, warnOnce } from './warn.js';
import { valueKind } from '../core/shown-value.js';
import { atTraceLine, resolveScenario } from './resolve-scenario.js';
import { firstPerTraceJob } from './sls.js';
import { traceFor, traceRead } from './trace.js';
import { type Steps, drained, within } from './steps.js';

export interface LoadedVariant {
  name: string;
  scenario: Scenario;
  /** A swim workload's trace rows (pass to simulate() as options.trace). */
  trace?: SwimTrace;
}

export interface LoadedScenario {
  file: string;
  name: string;
  description?: string;
  variants: LoadedVariant[];
}

/** Text that is no JSON number but reads as one: leading zeros or a sign, a bare point, hexadecimal, NaN, Infinity. */
const NUMBER_LIKE = /^[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|0[xXoObB][\da-fA-F]+|NaN|Infinity)$/;

/** Parses one --set argument "path=value"; the value is JSON when it parses as JSON, else a string (not one that reads as a number). */
export function parseSet(arg: string): [string, unknown] {
  const eq = arg.indexOf('=');
  if (eq <= 0) throw new InputError(`--set ${arg}: expected path=value, e.g. --set cluster.racks=8`);
  const path = arg.slice(0, eq).trim();
  const problem = overridePathProblem(path);
  if (problem !== undefined) throw new InputError(`--set ${arg}: ${problem}`);
  const text = arg.slice(eq + 1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON, so a string; one that reads as a number (07, .5, 1., +3, 0x10, NaN) was meant as one, and its error
    // ("seed must be a number") did not say why it was a string.
    if (NUMBER_LIKE.test(text.trim())) throw new InputError(`--set ${path}=${text.trim()}: not a number as JSON writes one (e.g. 7, 0.5, 1e3), so it would be the string "${text.trim()}": write the number so, or quote a string (--set '${path}="${text.trim()}"')`);
    return [path, text];
  }
  if (depthOf(value) > MAX_JSON_DEPTH) throw new InputError(`--set ${path}: the value nests deeper than ${MAX_JSON_DEPTH} levels`);
  const found = scanJson(text, value);
  if (found !== undefined) {
    // A lone number needs no column: `--set seed=1e400: 1e400 is beyond ...`.
    const lone = !found.twice && found.text === text.trim();
    throw new InputError(lone ? `--set ${path}=${text.trim()}: ${found.what}` : `--set ${path}: column ${found.column}: ${found.what}`);
  }
  return [path, value];
}

/**
 * Runs `resolve`, reporting an override that cannot apply as bad input prefixed with `where` (file and variant or
 * point), or with what `where` makes of the message (the file placed at the override's line).
 */
export function asInput<T>(resolve: () => T, where: string | ((message: string) => string)): T {
  try {
    return resolve();
  } catch (err) {
    if (err instanceof OverrideError) throw new InputError(`${typeof where === 'string' ? where : where(err.message)}${err.message}`);
    throw err;
  }
}

/**
 * How deeply arrays and objects nest in a JSON value (0 for a scalar), counted without recursion; past `cap` it stops
 * and returns a depth above it.
 */
export function depthOf(value: unknown, cap = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d + 1 > deepest) deepest = d + 1;
    if (deepest > cap) return deepest;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

export function readJsonFile(file: string, what: string): unknown {
  const text = readTextFile(file, `${what} file`); // without a byte order mark: the decoder drops it
  const run = overlongRun(text);
  if (run !== undefined) throw new InputError(`${positionAt(file, text, run.offset)}: ${run.what}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError(jsonError(file, text, err as Error));
  }
  const tooDeep = overdeepOpening(text);
  if (tooDeep !== undefined) throw new InputError(`${positionAt(file, text, tooDeep)}: arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels`);
  const found = scanJson(text, value);
  if (found !== undefined) throw new InputError(`${filePosition(file, found.line, found.column)}: ${found.what}`);
  noteJsonText(value, text); // to place a field's error at its line (field-place.ts), should one come
  return value;
}

/** What scanJson found wrong in a JSON text that parses: where, and what to say of it. */
interface JsonFinding {
  line: number;
  column: number;
  /** The key given twice (true), or a number out of range (false). */
  twice: boolean;
  /** The key or the number as written. */
  text: string;
  what: string;
}

/**
 * The first key that an object of `text` (valid JSON, parsed as `value`) gives twice, or number too large for a double
 * (1e400: JSON.parse reads it as Infinity, which a field then calls "not a number", and an error message's JSON
 * shows as null), located; undefined when none. On the way, each object of `value` with an array-index key gets its
 * keys noted in the written order (key-order.ts): JSON.parse lists those keys first, and a key set keeps the order keys
 * were added in.
 */
function scanJson(text: string, value: unknown): JsonFinding | undefined {
  const open: Array<{ keys: Set<string>; at: object }> = [];
  let found: JsonFinding | undefined;
  visit(text, {
    onLiteralValue: (literal: unknown, offset, length, line, column) => {
      if (found !== undefined || typeof literal !== 'number' || Number.isFinite(literal)) return;
      const written = text.slice(offset, offset + length);
      found = { line: line + 1, column: column + 1, twice: false, text: written, what: `${written} is beyond the range of a number (it would read as ${literal})` };
    },
    onObjectBegin: (_offset, _length, _line, _column, pathSupplier) => {
      let at: unknown = value;
      for (const k of pathSupplier()) at = (at as Record<string | number, unknown>)[k];
      open.push({ keys: new Set(), at: at as object });
    },
    onObjectEnd: () => {
      const { keys, at } = open.pop()!;
      if ([...keys].some(isIndexKey)) noteKeysAsWritten(at, [...keys]);
    },
    onObjectProperty: (key, _offset, _length, line, column) => {
      const { keys } = open[open.length - 1];
      if (found === undefined && keys.has(key)) found = { line: line + 1, column: column + 1, twice: true, text: key, what: `"${key}" is given twice in one object (JSON.parse would keep the last silently)` };
      keys.add(key);
    },
  });
  return found;
}

/** "file:L:C: invalid JSON: <what>", located by jsonc-parser in strict mode (Node's JSON.parse gives no position). */
function jsonError(file: string, text: string, err: Error): string {
  // A file a failed copy or a full disk left empty or cut short read 'value expected' at line 1, column 1, or an
  // error at its last character, which did not say that the file itself was short.
  const end = text.trimEnd().length;
  if (end === 0) return `${file}: invalid JSON: the file is empty${text === '' ? '' : ' but for white space'}`;
  const first = firstJsonError(text);
  if (first === 'too deep') return `${file}: invalid JSON (and arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels)`;
  if (first === undefined) return `${file}: invalid JSON: ${err.message}`;
  const cut = first.offset + first.length >= end && first.error !== ParseErrorCode.EndOfFileExpected;
  return `${positionAt(file, text, first.offset)}: invalid JSON: ${describeJsonError(first.error)}${cut ? ' (the file ends there, before its JSON does: is it cut short?)' : ''}`;
}

/** Thrown from visit's onError to stop at the first error. */
const FOUND = Symbol('found');

/**
 * The first error in `text` (jsonc-parser in strict mode), found without building its tree: parseTree held a node a
 * value of the whole file, so a 161 MB scenario of a million jobs cut short filled Node's 4 GB heap before its error
 * was told (exit 134), as did a 2 MB one in a 48 MB heap. 'too deep' where jsonc-parser, which recurses a level a
 * call, overflows the stack on text nested thousands deep.
 */
function firstJsonError(text: string): ParseError | 'too deep' | undefined {
  let first: ParseError | undefined;
  try {
    visit(text, {
      onError: (error, offset, length) => {
        first = { error, offset, length };
        throw FOUND;
      },
    }, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (stop) {
    if (stop instanceof RangeError) return 'too deep';
    if (stop !== FOUND) throw stop;
  }
  return first;
}

function describeJsonError(code: number): string {
  const name = printParseErrorCode(code); // e.g. "ValueExpected"
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A --set value as it was typed: a string that reads as JSON was quoted (`'"1"'`, shown "1", not 1), any other bare. */
function shownSet(value: unknown): string {
  if (typeof value === 'number') return String(value); // a library caller's Infinity or NaN: JSON would say null
  if (typeof value !== 'string') return JSON.stringify(value);
  try {
    JSON.parse(value);
    return JSON.stringify(value);
  } catch {
    return value;
  }
}

/**
 * How the messages name what the caller gave beside the file: the command line's flags (`--set path=value`,
 * `--variant name`), or loadScenario's arguments for a library caller, who typed no flag (`sets ["path",value]`,
 * `variant "name"`), as loadPlugins names a `plugin file` where the CLI names `--plugin`.
 */
interface SetNaming {
  /** A pair of the sets, as an error's place. */
  set(path: string, value: unknown): string;
  /** A pair of the sets by its path alone. */
  path(path: string): string;
  /** How to give a path a whole value (`valueText`: `[...]`, `{...}`). */
  give(path: string, valueText: string): string;
  /** The value a pair gave, in a hint. */
  value: string;
  /** How to write a boolean, and null. */
  booleans: string;
  nulls: string;
  variant(name: string): string;
}

const FLAGS: SetNaming = {
  set: (path, value) => `--set ${path}=${shownSet(value)}`,
  path: (path) => `--set ${path}`,
  give: (path, valueText) => `--set '${path}=${valueText}'`,
  value: 'the --set value',
  booleans: 'write true or false, lowercase',
  nulls: 'write null, lowercase',
  variant: (name) => `--variant ${name}`,
};

/** A value as a library caller wrote it (JSON, but NaN and Infinity as numbers, undefined as it is). */
const asWritten = (value: unknown): string => (typeof value === 'number' ? String(value) : JSON.stringify(value) ?? String(value));

const ARGUMENTS: SetNaming = {
  set: (path, value) => `sets [${JSON.stringify(path)},${asWritten(value)}]`,
  path: (path) => `sets [${JSON.stringify(path)},...]`,
  give: (path, valueText) => `sets [${JSON.stringify(path)},${valueText}]`,
  value: 'the value',
  booleans: 'give true or false',
  nulls: 'give null',
  variant: (name) => `variant ${JSON.stringify(name)}`,
};

/** Words a --set value may be meant as a boolean by (JSON's literals are lowercase; `True` and `yes` are strings). */
const BOOLEAN_WORDS = /^(?:true|false|yes|no|on|off)$/i;
/** Words it may be meant as null by (removing the field). */
const NULL_WORDS = /^(?:null|none|nil)$/i;

/**
 * A hint for an error at a --set's own field whose value, typed as a word (`True`, `no`, `None`), is a string: a field
 * that wants true or false, or the field's removal, is told how JSON writes them (it said only "expected boolean,
 * received string").
 */
function literalHint(error: string, value: unknown, naming: SetNaming): string {
  // false (or False, off, no) on a field that takes an object or a list (scheduler.longTasks=false, meant as "off"):
  // zod's words alone, "expected object, received boolean"; such a field is left out by null (a section with defaults,
  // cluster.network, then takes them)
  const word = typeof value === 'string' ? value.trim() : '';
  if ((value === false || /^(?:false|off|no)$/i.test(word)) && /expected (?:object|array), received (?:boolean|string)/.test(error)) {
    return ` (${naming.value} ${JSON.stringify(value)} turns nothing off here: to leave the field out, ${naming.nulls}; a section with defaults then takes them)`;
  }
  if (typeof value !== 'string') return '';
  if (BOOLEAN_WORDS.test(word) && /expected boolean|must be true or false/.test(error)) {
    return ` (${naming.value} ${JSON.stringify(value)} is a string: ${naming.booleans})`;
  }
  // zod's own message ("expected object, received string"), or the scenario's for its numbers ("heartbeatMs must be a number")
  if (NULL_WORDS.test(word) && /received string|must be a number$/.test(error)) {
    return ` (${naming.value} ${JSON.stringify(value)} is a string: to remove the field, ${naming.nulls})`;
  }
  return '';
}

/** The field an error names (`workload.jobs: about ...`: workload.jobs). */
const fieldOf = (error: string): string => error.slice(0, error.indexOf(': '));

/**
 * The --set that gave the field a scenario error names (`path: message`), as the error's place (`--set seed=-3: `)
 * with a hint for a word meant as a literal, or undefined when none did: the value came from the command line, not
 * from the file or the variant the error was named under before.
 */
function setBlamed(error: string, sets: ReadonlyArray<readonly [string, unknown]>, naming: SetNaming): { place: string; hint: string } | undefined {
  // an error names a list element as pools[0], a --set path as pools.0
  const field = fieldOf(error).replace(/\[(\d+)\]/g, '.$1');
  for (let k = sets.length - 1; k >= 0; k--) { // the last --set of a path wins, as it applies last
    const [path, value] = sets[k];
    // An unknown field is reported at its parent: `--set a.b.extra=1` gives 'a.b: unknown field "extra"' (several:
    // 'unknown fields "x", "y"'; at the top: '(top level): ...').
    const parent = field === '(top level)' ? '' : `${field}.`;
    // The unknown one is the path's first segment past the parent (--set worklod.jobs=10: "worklod").
    const own = path.startsWith(parent) ? path.slice(parent.length).split('.')[0] : '';
    // (a field suggested for another, "did you mean "cluster"?", is none of them)
    const added = own !== '' && /: unknown fields? /.test(error) && withoutSuggestions(error.slice(error.indexOf(': unknown field'))).includes(`"${own}"`);
    if (field === path || field.startsWith(`${path}.`) || added) { // field's [k] are .k already
      return { place: `${naming.set(path, value)}: `, hint: field === path ? literalHint(error, value, naming) : '' };
    }
    // A path by index into a list the scenario does not write (absent, or an allocation file's) made an object keyed "0".
    if (/^\d+$/.test(path.slice(field.length + 1).split('.')[0]) && path.startsWith(`${field}.`) && /expected array, received object/.test(error)) {
      return { place: `${naming.set(path, value)}: `, hint: ` (an index reaches into a list the scenario itself writes, and it writes no ${field}: give the list whole, ${naming.give(field, '[...]')})` };
    }
  }
  return undefined;
}

/**
 * Which errors a probe of the scenario gives: its parse errors, (where it parses) its workload limits', or the errors
 * of the files it names (a trace, an allocation file).
 */
type Phase = 'parse' | 'limits' | 'files';

/** A named file's error as the loader places it: `field: line`, one a line. */
const namedFileErrors = (err: NamedFileError): string[] => err.lines.map((line) => `${err.field}: ${line}`);

/**
 * The errors of the scenario resolved again with `overrides` and `sets`, only to place an error (quietly: its warnings
 * are for variants the user may not have chosen): in phase 'parse' its parse errors (none where it parses), in phase
 * 'limits' its workload limits' (undefined where it does not parse), in phase 'files' its named files' (undefined
 * where it does not parse); undefined too where it cannot resolve at all.
 */
function probe(record: Record<string, unknown>, overrides: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, file: string, phase: Phase): string[] | undefined {
  try {
    return quietly(() => {
      const parsed = resolveScenario(resolveVariant(record, overrides, sets), file);
      if (phase === 'parse') return parsed.ok ? [] : parsed.errors;
      if (!parsed.ok) return undefined;
      const trace = traceFor(file, parsed.value);
      return phase === 'files' ? [] : workloadLimitErrors(parsed.value, trace, processLastSubmits);
    });
  } catch (err) {
    return phase === 'files' && err instanceof NamedFileError && err.scenarioFile === file ? namedFileErrors(err) : undefined;
  }
}

/** The seed as a set, where one is given: the probes keep it (it is no --set the user may have mistyped). */
const seedSets = (seed: number | undefined): Array<readonly [string, unknown]> => (seed === undefined ? [] : [['seed', seed]]);

/** No overrides (the scenario itself), then each variant's: what an error must hold in to be the scenario's own. */
const everyOverrides = (record: Record<string, unknown>): Array<Record<string, unknown>> => [{}, ...variantsOf(record).map((v) => v.overrides)];

/**
 * The errors (of `phase`) that are the scenario's own rather than variant `name`'s: given by the scenario without any
 * variant's overrides and by every variant, with the sets. They were labelled with the first variant's name, as if that
 * variant brought them. None where the scenario has no variants (its one is unnamed) or cannot resolve.
 */
function inEveryVariant(record: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, file: string, name: string, phase: Phase): Set<string> {
  if (name === '') return new Set();
  let common: Set<string> | undefined;
  for (const overrides of everyOverrides(record)) {
    const errors = probe(record, overrides, sets, file, phase);
    if (errors === undefined) return new Set();
    const before = common;
    common = new Set(before === undefined ? errors : errors.filter((e) => before.has(e)));
    if (common.size === 0) break;
  }
  return common ?? new Set();
}

/** Whether the sets fail with OverrideError `message` without any variant's overrides and in every variant. */
function failsEverywhere(record: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, message: string, name: string): boolean {
  if (name === '') return false;
  return everyOverrides(record).every((overrides) => {
    try {
      resolveVariant(record, overrides, sets);
      return false;
    } catch (err) {
      return err instanceof OverrideError && err.message === message;
    }
  });
}

/**
 * By index k of `sets`: the fields the scenario's errors (of `phase`) name with that --set left out (the other sets and
 * the seed kept), in phase 'files' the errors whole (a trace's errors all name workload.trace); undefined when that
 * cannot be told. Each k resolved once, and only when asked.
 */
function fieldsWithoutSet(record: Record<string, unknown>, overrides: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, seed: number | undefined, file: string, phase: Phase): (k: number) => Set<string> | undefined {
  const known = new Map<number, Set<string> | undefined>();
  return (k) => {
    if (!known.has(k)) {
      const errors = probe(record, overrides, [...sets.filter((_, i) => i !== k), ...seedSets(seed)], file, phase);
      known.set(k, errors === undefined ? undefined : new Set(phase === 'files' ? errors : errors.map(fieldOf)));
    }
    return known.get(k);
  };
}

/**
 * The --set that brings an error only the --sets bring, as the error's place: of those without which its field has
 * no error, the one nearest the field (sharing the most leading segments with it, the last of equals); where none
 * is (it takes two), the nearest. `fieldsWithout(k)`: the fields with errors without set k. A cross-field rule
 * (`--set scheduler.policy=quincy` under a variant's delay) was named on a later --set that only shared the path's
 * start. A field the scenario left in an object a --set changed the kind of is told to be the scenario's, and how
 * to replace the object whole. `key`: what `fieldsWithout` holds of the error (the error whole in phase 'files').
 */
function leftBy(error: string, sets: ReadonlyArray<readonly [string, unknown]>, naming: SetNaming, fieldsWithout: (k: number) => Set<string> | undefined, key = fieldOf(error)): { place: string; hint: string } | undefined {
  const field = fieldOf(error).replace(/\[(\d+)\]/g, '.$1'); // pools[0] as a --set path writes it
  const segments = field === '(top level)' ? [] : field.split('.');
  const shared = sets.map(([path]) => {
    const keys = path.split('.');
    let n = 0;
    while (n < keys.length && n < segments.length && keys[n] === segments[n]) n++;
    return n;
  });
  const nearestFirst = sets.map((_, k) => k).sort((a, b) => shared[b] - shared[a] || b - a);
  if (nearestFirst.length === 0) return undefined;
  // One --set brings it alone: no resolve to ask which (each costs a whole resolve of the scenario).
  const brings = nearestFirst.length === 1 ? 0 : nearestFirst.find((k) => fieldsWithout(k)?.has(key) === false);
  const [path, value] = sets[brings ?? nearestFirst[0]];
  const parent = path.slice(0, path.lastIndexOf('.'));
  const hint = parent !== '' && field === parent && /: unknown fields? /.test(error)
    ? ` (left in ${parent} from the scenario: ${naming.path(path)} changes that one field; to replace ${parent} whole, ${naming.give(parent, '{...}')})`
    : '';
  return { place: `${naming.set(path, value)}: `, hint };
}

/**
 * The library API: a scenario file's variants, each validated, with `sets` (`[path, value]` pairs, as --set gives
 * them) and `seed` applied; `variant` picks variants by name (one, or a list). Its messages name these arguments, as
 * README does: loadScenario(file, sets, seed, variant).
 */
export function loadScenario(file: string, sets: ReadonlyArray<readonly [string, unknown]> = [], seed?: number, variant?: string | readonly string[]): LoadedScenario {
  return drained(load(file, sets, seed, variant, ARGUMENTS));
}

/**
 * loadScenario for the command line: its messages name the flags (--set path=value, --variant name). `flagOf` names
 * the flag that gave a path's set where a command has its own (bench/codec.js's `--racks n` sets cluster.racks), so
 * that an error it brings names that flag, not a `--set` never typed.
 */
export function loadScenarioFlags(file: string, sets: ReadonlyArray<readonly [string, unknown]> = [], seed?: number, only?: string | readonly string[],
  flagOf: Readonly<Record<string, string>> = {}): LoadedScenario {
  return drained(loadScenarioFlagsSteps(file, sets, seed, only, flagOf));
}

/**
 * loadScenarioFlags in steps: it pauses as a SWIM trace is read (trace.ts swimTraceRows), so that hfsim run lets the
 * event loop turn there and a Ctrl-C clears the trace's reading bar; the same scenario, warnings and errors.
 */
export function loadScenarioFlagsSteps(file: string, sets: ReadonlyArray<readonly [string, unknown]> = [], seed?: number, only?: string | readonly string[],
  flagOf: Readonly<Record<string, string>> = {}): Steps<LoadedScenario> {
  const own = (path: string): string | undefined => (Object.hasOwn(flagOf, path) ? flagOf[path] : undefined);
  const naming: SetNaming = Object.keys(flagOf).length === 0 ? FLAGS : {
    ...FLAGS,
    set: (path, value) => (own(path) === undefined ? FLAGS.set(path, value) : `${own(path)} ${shownSet(value)}`),
    path: (path) => own(path) ?? FLAGS.path(path),
    give: (path, valueText) => (own(path) === undefined ? FLAGS.give(path, valueText) : `${own(path)} ${valueText}`),
  };
  return load(file, sets, seed, only, naming);
}

function* load(file: string, sets: ReadonlyArray<readonly [string, unknown]>, seed: number | undefined, only: string | readonly string[] | undefined, naming: SetNaming): Steps<LoadedScenario> {
  // The library API's callers (the CLI builds the pairs with parseSet): a string here read as unknown fields "w", ...
  const bad = Array.isArray(sets) ? sets.findIndex((s) => !(Array.isArray(s) && s.length === 2 && typeof s[0] === 'string')) : -1;
  if (!Array.isArray(sets) || bad >= 0) {
    const what = Array.isArray(sets) ? `sets[${bad}] is ${valueKind(sets[bad])}${typeof sets[bad] === 'string' ? ' (split "path=value" into [path, value])' : ''}` : `not ${valueKind(sets)}`;
    throw new TypeError(`loadScenario(file, sets): sets must be a list of [path, value] pairs, e.g. [['workload.jobs', 60]]; ${what}`);
  }
  if (typeof file !== 'string') throw new TypeError(`loadScenario(file): file must be a path (a string), not ${valueKind(file)}`);
  // Sets apply in order, the last of a path winning, as a shell script's overrides mean (a base's --set, then the
  // run's own); one under a path a later one sets whole (maxSkips, then all of delay) was dropped without a word, where
  // variants and sweeps refuse it: told.
  for (const [i, [path, value]] of sets.entries()) {
    const by = sets.slice(i + 1).find(([later]) => path.startsWith(`${later}.`))?.[0];
    if (by !== undefined) warnOnce(`${naming.set(path, value)}: ${naming.path(by)}, later, sets the whole of ${by}, so this value is never used`);
  }
  // A variant given as a number failed as "wanted.find is not a function", and an empty list as "reading 'scenario'".
  const names = typeof only === 'string' ? [only] : only;
  if (names !== undefined && !(Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === 'string'))) {
    throw new TypeError(`loadScenario(file, sets, seed, variant): variant must be a variant's name or a non-empty list of names, not ${Array.isArray(names) ? (names.length === 0 ? 'an empty list' : `a list holding ${valueKind(names.find((n) => typeof n !== 'string'))}`) : valueKind(names)}`);
  }
  // A bad seed was reported as the file's (`s.json: variant "FIFO": seed: seed must be a number`).
  if (seed !== undefined && !(typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0)) {
    const message = `loadScenario(file, sets, seed): seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, not ${valueKind(seed)}`;
    throw typeof seed === 'number' ? new RangeError(message) : new TypeError(message);
  }
  const raw = readJsonFile(file, 'scenario');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError(`${file}: a scenario must be a JSON object`);
  const record = raw as Record<string, unknown>;
  // A field's error names the file at the field's line: in the scenario, or in the variant that set it.
  const written: Written = { file, root: record, at: [] };
  const placesOf = (errors: readonly string[], resolved: unknown, variant: Overrides[] = []): string[] =>
    fieldPlaces(errors, resolved, written, variant).map((at) => (at === undefined ? file : shownPlace(at)));
  /** The lines `line` makes of errors with their places (the file alone where none), placed only where printed. */
  const placedAt = (errors: readonly string[], resolved: unknown, variant: Overrides[], line: (i: number, at: string) => string, kept?: (lines: readonly string[]) => number[]): string =>
    placedLines(errors, resolved, written, variant, (i, place) => line(i, place === undefined ? file : shownPlace(place)), kept).join('\n');
  const badVariants = variantErrors(record);
  if (badVariants.length > 0) throw new InputError(placedAt(badVariants, record, [], (i, at) => `${at}: ${badVariants[i]}`));
  const allSets: ReadonlyArray<readonly [string, unknown]> = seed === undefined ? sets : [...sets, ['seed', seed]];
  let variants = variantsOf(record);
  if (only !== undefined) {
    // --variant, once or more (each named once): those variants, in the scenario's order.
    const wanted = typeof only === 'string' ? [only] : only;
    const names = variantsOf(record).map((v) => v.name).filter((n) => n !== '');
    const twice = wanted.find((w, i) => wanted.indexOf(w) !== i);
    if (twice !== undefined) throw new InputError(`${naming.variant(twice)}: given twice`);
    const missing = wanted.find((w) => !names.includes(w));
    // Without variants the scenario runs as one named after its policy (the results say "fair"): that name is its own.
    if (missing !== undefined && names.length > 0) throw new InputError(`${file}: ${naming.variant(missing)}: no such variant (have ${names.map((n) => `"${n}"`).join(', ')})`);
    if (names.length > 0) variants = variants.filter((v) => wanted.includes(v.name));
  }
  // Each variant's warnings, written once all are loaded (or one failed), naming the variants where not all gave one.
  const said = variants.map((): string[] => []);
  const loaded: LoadedVariant[] = [];
  try {
    for (const [k, v] of variants.entries()) loaded.push(yield* within((step) => collectWarnings(said[k], step), loadVariant(v)));
  } finally {
    warnByVariant(variants.map((v) => v.name), said, loaded.length);
  }
  function* loadVariant({ name, overrides }: { name: string; overrides: Record<string, unknown> }): Steps<LoadedVariant> {
    const where = name === '' ? '' : `variant "${name}": `;
    const variant = name === '' ? [] : [overridesAt(file, record, ['variants', name], overrides)];
    // A --set that cannot apply is the command line's, not the file's (it was blamed on the file and its variant).
    // A --set that cannot apply in any variant, nor without one, the same way, is the --set's alone (see inEveryVariant).
    const applied = (out: Record<string, unknown>, [path, value]: readonly [string, unknown]): Record<string, unknown> => {
      try {
        return setPath(out, path, value);
      } catch (err) {
        if (!(err instanceof OverrideError)) throw err;
        throw new InputError(`${naming.set(path, value)}: ${failsEverywhere(record, allSets, err.message, name) ? '' : where}${err.message}`);
      }
    };
    const resolved = allSets.reduce(applied, asInput(() => resolveVariant(record, overrides, []), (m) => `${placesOf([m], record, variant)[0]}: ${where}`));
    // A file the scenario names that cannot be read (errors.ts namedBy: `s.json: scheduler.allocationFile: ...`) is
    // named as its field's other errors are: by the --set that gave it, or the variant (it blamed the file for a
    // --set's allocation file, and named no variant). Not by its line: a file's read errors name the scenario alone.
    // One that another field brings (`--set cluster.racks=1`: the trace's hosts are in 2 racks) is named by the --set
    // or the variant without which it is gone; it was blamed on the file, which ran alone.
    const ofNamedFile = <T>(read: () => T): T => {
      try {
        return read();
      } catch (err) {
        if (!(err instanceof NamedFileError) || err.scenarioFile !== file) throw err;
        const named = Object.keys(overrides).some((k) => err.field === k || err.field.startsWith(`${k}.`));
        const base = named ? new Set<string>() : inEveryVariant(record, allSets, file, name, 'files');
        let own: Set<string> | undefined;
        const fileErrors = (): Set<string> => (own ??= new Set(probe(record, overrides, seedSets(seed), file, 'files') ?? []));
        const without = fieldsWithoutSet(record, overrides, sets, seed, file, 'files');
        throw new InputError(namedFileErrors(err).map((e) => {
          const at = named || !base.has(e) ? where : '';
          const set = setBlamed(e, sets, naming) ?? (sets.length === 0 || fileErrors().has(e) ? undefined : leftBy(e, sets, naming, without, e));
          return set === undefined ? `${file}: ${at}${e}` : `${set.place}${at}${e}`;
        }).join('\n'));
      }
    };
    const parsed = ofNamedFile(() => resolveScenario(resolved, file));
    if (!parsed.ok) {
      // An error the scenario gives without the --sets, too, is the file's; one only they bring is theirs, though its
      // field is not their path: `--set workload.kind=swim` leaves the facebook workload's fields (it was blamed on the file).
      let own: Set<string> | undefined;
      const fileErrors = (): Set<string> => (own ??= new Set(probe(record, overrides, seedSets(seed), file, 'parse') ?? []));
      const base = inEveryVariant(record, allSets, file, name, 'parse');
      const without = fieldsWithoutSet(record, overrides, sets, seed, file, 'parse');
      throw new InputError(placedAt(parsed.errors, resolved, variant, (i, placed) => {
        const e = parsed.errors[i];
        const at = base.has(e) ? '' : where;
        const set = setBlamed(e, sets, naming);
        const left = set === undefined && !fileErrors().has(e) ? leftBy(e, sets, naming, without) : undefined;
        if (left !== undefined) return `${left.place}${at}${e}${left.hint}`;
        return set === undefined ? `${placed}: ${at}${e}` : `${set.place}${at}${e}${set.hint}`;
      }));
    }
    const trace = yield* within(ofNamedFile, traceRead(file, parsed.value));
    const over = workloadLimitErrors(parsed.value, trace, processLastSubmits);
    if (over.length > 0) {
      // A limit the scenario keeps without the --sets, and breaks with them, is theirs: `--set workload.jobs=999999`
      // read `s.json: workload.jobs: about 161687866 blocks ...` of a file that says 1,562 jobs.
      const fileOver = sets.length === 0 ? undefined : new Set((probe(record, overrides, seedSets(seed), file, 'limits') ?? []).map(fieldOf));
      const base = inEveryVariant(record, allSets, file, name, 'limits');
      const without = fieldsWithoutSet(record, overrides, sets, seed, file, 'limits');
      // Placed by the error's own field; shown at the trace's line where it names an SLS trace's converted job. A
      // job's copies fail alike: one line for them.
      throw new InputError(placedAt(over, resolved, variant, (i, placed) => {
        const e = over[i];
        const left = fileOver === undefined || fileOver.has(fieldOf(e)) ? undefined : leftBy(e, sets, naming, without);
        return `${left?.place ?? `${placed}: `}${base.has(e) ? '' : where}${atTraceLine(e, parsed.value)}`;
      }, firstPerTraceJob));
    }
    return { name: name === '' ? parsed.value.scheduler.policy : name, scenario: parsed.value, trace };
  }
  if (only !== undefined && variantsOf(record).every((v) => v.name === '')) {
    const wrong = (typeof only === 'string' ? [only] : only).find((w) => w !== loaded[0].name);
    if (wrong !== undefined) throw new InputError(`${file}: ${naming.variant(wrong)}: no such variant (the scenario has no variants: it runs as "${loaded[0].name}", its policy)`);
  }
  const first = loaded[0].scenario;
  return { file, name: first.name, description: first.description, variants: loaded };
}
