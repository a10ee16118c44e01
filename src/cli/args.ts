/** Flag value parsers shared by the commands; a bad value is a commander usage error (exit 2). */
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError } from 'commander';
import { MAX_WORKERS } from '../core/limits.js';
import { digits } from './decimal.js';
import { numberOutOfRange } from './json-file.js';

/** A repeatable option's values (--set, --variant, --scenario), collected in the order given. */
export const collect = (v: string, acc: string[]): string[] => [...acc, v];

/**
 * A file or folder named on the command line (an argument, --scenario): an empty or blank one names none. It was read
 * as a file named '' ("hfsim: : cannot read scenario file (no such file)"), a script's unset variable left unsaid.
 */
export function pathArg(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('an empty path names no file or folder: give its path');
  return value;
}

/** pathArg for a repeatable option or a variadic argument: the paths, collected in the order given. */
export const collectPaths = (v: string, acc: string[] | undefined): string[] => [...(acc ?? []), pathArg(v)];

/** A whole number in decimal digits, at least `min` and at most `max`, named in the error ("" or "1e3" is refused). */
export const intArg = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) => (value: string): number => {
  const n = digits(value);
  if (Number.isNaN(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number >= ${min}, not "${value}"`);
  // digits past 2^53 too: "--workers 99999999999999999999" was told to give a whole number
  if (n > max) throw new InvalidArgumentError(`${name} is ${Number.isSafeInteger(n) ? n : value.trim()}, above the limit of ${max}`);
  return n;
};

/**
 * A limit of wall time in seconds (--point-timeout): a decimal number, at least 1 (a fresh worker's start and its
 * --plugin import, 0.2 s and more, count against its first point: a limit of 0.1 s failed every point of a sweep
 * of 5 ms points on threads, and 1e-7 came back in a stopped sweep's command as "1e-7", which this refused), at most
 * 2,147,483 (Node's timers hold 2^31 - 1 ms, about 24.8 days).
 */
export const secondsArg = (name: string) => (value: string): number => {
  const text = value.trim();
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1)) throw new InvalidArgumentError(`${name} must be a number of seconds, 1 or more (such as 600 or 2.5), not "${value}"`);
  if (n * 1000 > 2 ** 31 - 1) throw new InvalidArgumentError(`${name} is ${text} seconds, above the limit of ${(2 ** 31 - 1) / 1000} (2^31 - 1 ms, 24.8 days)`);
  return n;
};

/** A count of worker threads (--workers, --parallel): 1 to MAX_WORKERS. */
export const workersArg = (name: string) => intArg(name, 1, MAX_WORKERS);

/** `text` as JSON.parse reads it when that is a number (1e3, 1000.0, -1, 1e400 as Infinity), else NaN: what `--set` takes. */
function jsonNumber(text: string): number {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return Number.NaN;
  }
  if (typeof v !== 'number') return Number.NaN;
  // 1e-400 reads as 0: a seed of 0 the user did not write.
  const range = numberOutOfRange(text, v);
  if (range !== undefined && v === 0) throw new InvalidArgumentError(range);
  return v;
}

/**
 * --seed: the scenario's "seed" field from the command line, so it takes what `--set seed=` and a scenario file take,
 * a whole number written as JSON writes one (1e3 and 1000.0 are 1000), besides decimal digits (07 is 7, as before);
 * 0 to 2^53 - 1. `--seed 1e3` was refused while `--set seed=1e3` ran seed 1000.
 */
export function seedArg(value: string): number {
  const text = value.trim();
  const whole = digits(text);
  const n = Number.isNaN(whole) ? jsonNumber(text) : whole;
  if (n > Number.MAX_SAFE_INTEGER) throw new InvalidArgumentError(`--seed is ${text}, above the limit of ${Number.MAX_SAFE_INTEGER}`); // 1e400 too
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`--seed must be a whole number >= 0, not "${value}"`);
  return n;
}

/**
 * --plugin (repeatable): a path, collected. An empty or blank one is refused here: '' imported the working directory
 * (Node's "Directory import ... is not supported"), and '  ' a file named by its spaces.
 */
export function pluginArg(value: string, paths: string[]): string[] {
  if (value.trim() === '') throw new InvalidArgumentError('--plugin needs a file path (a plugin\'s .js file)');
  // a file URL was joined to the working directory as a relative path ("Cannot find module '/work/file:/x/p.js'")
  if (/^file:/i.test(value)) {
    let path: string | undefined;
    try {
      path = fileURLToPath(value);
    } catch { /* not one Node reads (file://host/...): no path to give */ }
    throw new InvalidArgumentError(`--plugin takes a file path, not a URL${path === undefined ? '' : `: give ${path}`}`);
  }
  return [...paths, value];
}
