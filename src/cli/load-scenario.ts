/** Reads a scenario file, applies --set and --seed, resolves its variants and validates each; errors name file, line or field. */
import { OverrideError, type Scenario, resolveVariant, setPath, variantErrors, variantsOf } from '../core/scenario.js';
import { workloadLimitErrors } from '../core/workload-limits.js';
import { processLastSubmits } from '../actors/last-submits.js';
import type { SwimTrace } from '../core/swim.js';
import { InputError, NamedFileError } from './errors.js';
import { type Overrides, type Written, fieldPlaces, overridesAt, placedLines, shownPlace } from './field-place.js';
import { collectWarnings, warnByVariant, warnOnce } from './warn.js';
import { valueKind } from '../core/shown-value.js';
import { atTraceLine, resolveScenarioSteps } from './resolve-scenario.js';
import { firstPerTraceJob } from './sls-workload.js';
import { traceRead } from './trace.js';
import { type Steps, drained, within } from './steps.js';
import { readJsonFile } from './json-file.js';
import { ARGUMENTS, type SetNaming, flagNaming } from './set-naming.js';
import { fieldOf, leftBy, setBlamed } from './set-blame.js';
import { configAdviceNamed, variantsTaking } from './config-advice.js';
import { failsEverywhere, fieldsWithoutSet, inEveryVariant, namedFileErrors, probe, seedSets } from './scenario-probes.js';
import { variantNamed } from './format.js';

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
 * loadScenarioFlags in steps: it pauses as a SWIM trace is read (trace.ts swimTraceRows), and an SLS or Rumen trace
 * (sls.ts readJobs), so that hfsim run lets the event loop turn there and a Ctrl-C clears the trace's reading bar; the
 * same scenario, warnings and errors.
 */
export function loadScenarioFlagsSteps(file: string, sets: ReadonlyArray<readonly [string, unknown]> = [], seed?: number, only?: string | readonly string[],
  flagOf: Readonly<Record<string, string>> = {}): Steps<LoadedScenario> {
  return load(file, sets, seed, only, flagNaming(flagOf));
}

function* load(file: string, sets: ReadonlyArray<readonly [string, unknown]>, seed: number | undefined, only: string | readonly string[] | undefined, naming: SetNaming): Steps<LoadedScenario> {
  checkLoadArguments(file, sets, seed, only);
  // Sets apply in order, the last of a path winning, as a shell script's overrides mean (a base's --set, then the
  // run's own); one under a path a later one sets whole (maxSkips, then all of delay) was dropped without a word, where
  // variants and sweeps refuse it: told.
  for (const [i, [path, value]] of sets.entries()) {
    const by = sets.slice(i + 1).find(([later]) => path.startsWith(`${later}.`))?.[0];
    if (by !== undefined) warnOnce(`${naming.set(path, value)}: ${naming.path(by)}, later, sets the whole of ${by}, so this value is never used`);
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
  const variants = chosenVariants(record, only, file, naming);
  // Each variant's warnings, written once all are loaded (or one failed), naming the variants where not all gave one.
  const said = variants.map((): string[] => []);
  const loaded: LoadedVariant[] = [];
  const whole = variants.map(() => false);
  // Every variant's bad input, not the first one's alone: a --set that breaks two variants named only the first.
  const failed: string[] = [];
  try {
    for (const [k, v] of variants.entries()) {
      try {
        loaded.push(yield* within((step) => collectWarnings(said[k], step), loadVariant(v)));
        whole[k] = true;
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        failed.push(err.message);
      }
    }
  } finally {
    warnByVariant(variants.map((v) => v.name), said, (k) => whole[k]);
  }
  if (failed.length > 0) throw new InputError(failedVariants(failed, file));
  function* loadVariant({ name, overrides }: { name: string; overrides: Record<string, unknown> }): Steps<LoadedVariant> {
    const where = name === '' ? '' : `${variantNamed(name)}: `;
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
    const beforeSets = asInput(() => resolveVariant(record, overrides, []), (m) => `${placesOf([m], record, variant)[0]}: ${where}`);
    const resolved = allSets.reduce(applied, beforeSets);
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
    const parsed = yield* within(ofNamedFile, resolveScenarioSteps(resolved, file));
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
        const said = configAdviceNamed(parsed.issues[i], { file, variant: { name, overrides }, sets: allSets, naming, beforeSets, others: at === '' ? undefined : variantsTaking(naming) });
        if (left !== undefined) return `${left.place}${at}${said}${left.hint}`;
        return set === undefined ? `${placed}: ${at}${said}` : `${set.place}${at}${said}${set.hint}`;
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

/** The library API's arguments that are not the file's to check: each refused in words naming loadScenario's parameter. */
function checkLoadArguments(file: unknown, sets: unknown, seed: unknown, only: unknown): void {
  // The library API's callers (the CLI builds the pairs with parseSet): a string here read as unknown fields "w", ...
  const bad = Array.isArray(sets) ? sets.findIndex((s) => !(Array.isArray(s) && s.length === 2 && typeof s[0] === 'string')) : -1;
  if (!Array.isArray(sets) || bad >= 0) {
    const what = Array.isArray(sets) ? `sets[${bad}] is ${valueKind(sets[bad])}${typeof sets[bad] === 'string' ? ' (split "path=value" into [path, value])' : ''}` : `not ${valueKind(sets)}`;
    throw new TypeError(`loadScenario(file, sets): sets must be a list of [path, value] pairs, e.g. [['workload.jobs', 60]]; ${what}`);
  }
  if (typeof file !== 'string') throw new TypeError(`loadScenario(file): file must be a path (a string), not ${valueKind(file)}`);
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
}

/** The scenario's variants that run: those --variant names (each named once, all in the scenario), in its order; else all. */
function chosenVariants(record: Record<string, unknown>, only: string | readonly string[] | undefined, file: string, naming: SetNaming): ReturnType<typeof variantsOf> {
  const variants = variantsOf(record);
  if (only === undefined) return variants;
  // --variant, once or more (each named once): those variants, in the scenario's order.
  const wanted = typeof only === 'string' ? [only] : only;
  const names = variants.map((v) => v.name).filter((n) => n !== '');
  const twice = wanted.find((w, i) => wanted.indexOf(w) !== i);
  if (twice !== undefined) throw new InputError(`${naming.variant(twice)}: given twice`);
  const missing = wanted.find((w) => !names.includes(w));
  // Without variants the scenario runs as one named after its policy (the results say "fair"): that name is its own.
  if (missing !== undefined && names.length > 0) throw new InputError(`${file}: ${naming.variant(missing)}: no such variant (have ${names.map((n) => `"${n}"`).join(', ')})`);
  return names.length > 0 ? variants.filter((v) => wanted.includes(v.name)) : variants;
}

/** The failing variants shown whole at most; the rest counted. */
const SHOWN_FAILED_VARIANTS = 10;

/**
 * The errors of each variant that failed to load, in the scenario's order, each line once: an error every variant
 * gives is said without a variant's name, so it came once from each.
 */
function failedVariants(failed: readonly string[], file: string): string {
  const lines = [...new Set(failed.slice(0, SHOWN_FAILED_VARIANTS).flatMap((m) => m.split('\n')))];
  const shown = new Set(lines);
  const more = failed.slice(SHOWN_FAILED_VARIANTS).filter((m) => m.split('\n').some((line) => !shown.has(line))).length;
  if (more > 0) lines.push(`${file}: and ${more} more variant${more === 1 ? '' : 's'} failing (--variant <name> shows one's errors)`);
  return lines.join('\n');
}
