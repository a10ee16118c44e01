/**
 * The scenario resolved again, quietly, only to place an error: without the --sets, without a variant's overrides or
 * in every variant, so that an error is blamed on what brings it (the file, a variant, a --set).
 */
import { OverrideError, resolveVariant, variantsOf } from '../core/scenario.js';
import { workloadLimitErrors } from '../core/workload-limits.js';
import { processLastSubmits } from '../actors/last-submits.js';
import { NamedFileError } from './errors.js';
import { quietly } from './warn.js';
import { resolveScenario } from './resolve-scenario.js';
import { traceFor } from './trace.js';
import { fieldOf } from './set-blame.js';

/**
 * Which errors a probe of the scenario gives: its parse errors, (where it parses) its workload limits', or the errors
 * of the files it names (a trace, an allocation file).
 */
export type Phase = 'parse' | 'limits' | 'files';

/** A named file's error as the loader places it: `field: line`, one a line. */
export const namedFileErrors = (err: NamedFileError): string[] => err.lines.map((line) => `${err.field}: ${line}`);

/**
 * The errors of the scenario resolved again with `overrides` and `sets`, only to place an error (quietly: its warnings
 * are for variants the user may not have chosen): in phase 'parse' its parse errors (none where it parses), in phase
 * 'limits' its workload limits' (undefined where it does not parse), in phase 'files' its named files' (undefined
 * where it does not parse); undefined too where it cannot resolve at all.
 */
export function probe(record: Record<string, unknown>, overrides: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, file: string, phase: Phase): string[] | undefined {
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
export const seedSets = (seed: number | undefined): Array<readonly [string, unknown]> => (seed === undefined ? [] : [['seed', seed]]);

/** No overrides (the scenario itself), then each variant's: what an error must hold in to be the scenario's own. */
const everyOverrides = (record: Record<string, unknown>): Array<Record<string, unknown>> => [{}, ...variantsOf(record).map((v) => v.overrides)];

/**
 * The errors (of `phase`) that are the scenario's own rather than variant `name`'s: given by the scenario without any
 * variant's overrides and by every variant, with the sets. They were labelled with the first variant's name, as if that
 * variant brought them. None where the scenario has no variants (its one is unnamed) or cannot resolve.
 */
export function inEveryVariant(record: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, file: string, name: string, phase: Phase): Set<string> {
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
export function failsEverywhere(record: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, message: string, name: string): boolean {
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
export function fieldsWithoutSet(record: Record<string, unknown>, overrides: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>, seed: number | undefined, file: string, phase: Phase): (k: number) => Set<string> | undefined {
  const known = new Map<number, Set<string> | undefined>();
  return (k) => {
    if (!known.has(k)) {
      const errors = probe(record, overrides, [...sets.filter((_, i) => i !== k), ...seedSets(seed)], file, phase);
      known.set(k, errors === undefined ? undefined : new Set(phase === 'files' ? errors : errors.map(fieldOf)));
    }
    return known.get(k);
  };
}
