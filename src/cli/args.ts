/** Flag value parsers shared by the commands; a bad value is a commander usage error (exit 2). */
import { InvalidArgumentError } from 'commander';
import { MAX_WORKERS } from '../core/limits.js';

/** A whole number in decimal digits, at least `min` and at most `max`, named in the error ("" or "1e3" is refused). */
export const intArg = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) => (value: string): number => {
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number >= ${min}, not "${value}"`);
  if (n > max) throw new InvalidArgumentError(`${name} is ${n}, above the limit of ${max}`);
  return n;
};

/** A count of worker threads (--workers, --parallel): 1 to MAX_WORKERS. */
export const workersArg = (name: string) => intArg(name, 1, MAX_WORKERS);
