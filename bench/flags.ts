/** Flags of the bench scripts run with node (warm.ts, decisions.ts): `--name value` pairs; a bad value exits 2. */
const args = process.argv.slice(2);

/** The value after `--name`, or undefined. */
export const flag = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

/** A count flag: a whole number from `min` (`fallback` when absent), else a message and exit 2. */
export function count(name: string, fallback: number, min: number): number {
  const text = flag(name);
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`${name} must be a whole number of at least ${min}, got ${text}\n`);
    process.exit(2);
  }
  return n;
}
