/** Flag value parsers shared by the commands; a bad value is a commander usage error (exit 2). */
import { InvalidArgumentError } from 'commander';

/** A whole number of at least `min`, named in the error. */
export const intArg = (name: string, min: number) => (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number >= ${min}`);
  return n;
};
