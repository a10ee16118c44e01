/**
 * The command line of a script run by hand or from a nightly job (bench/*.ts, scripts/*.ts), as the script declares
 * it: `--name value` (or `--name=value`), switches, and positional arguments. Anything else is refused as hfsim's own
 * bad input is: one line naming the script and the flag, then the script's usage, exit 2; never a stack trace, NaN
 * output or a silent default. Refused: an unknown flag, a flag missing its value or given twice, a switch given a
 * value, a value of the wrong kind or out of range, too few or too many positional arguments, and (through `input`)
 * a scenario or --set that hfsim would refuse. `--help` prints the usage and exits 0.
 */
import { decimal, digits } from '../src/cli/decimal.js';
import { InputError } from '../src/cli/errors.js';

/** 'value': at most once, with a value; 'values': any number of times, each with a value; 'switch': alone. */
export type FlagKind = 'value' | 'values' | 'switch';

export interface CommandLine {
  /** The script's name, first on every refusal: 'warm'. */
  script: string;
  /** Its usage line, printed under every refusal: 'usage: node dist/bench/warm.js [--runs n] ...'. */
  usage: string;
  /** Its flags, dashes included ('--runs'), and how each is given. */
  flags: Record<string, FlagKind>;
  /** How many positional arguments it takes (default none), and the names of those it needs, as its usage gives them. */
  positionals?: { min: number; max: number; names?: string[] };
}

/** A script's flags, read and checked against its declaration; each reader refuses a bad value. */
export class ScriptFlags {
  constructor(
    private readonly line: CommandLine,
    private readonly given: ReadonlyMap<string, string[]>,
    /** The positional arguments, in order. */
    readonly positionals: readonly string[],
  ) {}

  /** One line naming the script, then its usage, on stderr; exit 2. */
  refuse(message: string): never {
    process.stderr.write(`${this.line.script}: ${message}\n${this.line.usage}\n`);
    process.exit(2);
  }

  /** Runs `load` (a scenario read, a --set parsed); its InputError, hfsim's bad input, is refused. */
  input<T>(load: () => T): T {
    try {
      return load();
    } catch (err) {
      if (err instanceof InputError) this.refuse(err.message);
      throw err;
    }
  }

  /** Whether a switch (or any flag) was given. */
  has(name: string): boolean {
    return this.given.has(this.declared(name));
  }

  /** A 'value' flag's text, or undefined when absent. */
  text(name: string): string | undefined {
    return this.given.get(this.declared(name))?.[0];
  }

  /** A 'values' flag's texts, in the order given. */
  texts(name: string): string[] {
    return this.given.get(this.declared(name)) ?? [];
  }

  /** A whole number in decimal digits (as hfsim's own flags take one), from `min` (0 or more) to `max` (`fallback` when absent). */
  count(name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const text = this.text(name);
    if (text === undefined) return fallback;
    const n = digits(text);
    if (!Number.isSafeInteger(n) || n < min || n > max) this.refuse(`${name} must be a whole number ${range(min, max)}, got "${text}"`);
    return n;
  }

  /** A number in decimal, fractions allowed (as hfsim's configuration files write one), from `min` to `max` (`fallback` when absent). */
  number(name: string, fallback: number, min: number, max: number): number {
    const text = this.text(name);
    if (text === undefined) return fallback;
    const n = decimal(text);
    if (!Number.isFinite(n) || n < min || n > max) this.refuse(`${name} must be a number ${range(min, max)}, got "${text}"`);
    return n;
  }

  /** A name the script reads must be one it declares: a typo in the script, not the user's. */
  private declared(name: string): string {
    if (!(name in this.line.flags)) throw new Error(`${this.line.script}: reads ${name}, which it does not declare`);
    return name;
  }
}

const range = (min: number, max: number): string => (max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`);

/** Reads `argv` (default: this process's arguments) as `line` declares; anything else is refused, exit 2. */
export function readFlags(line: CommandLine, argv: readonly string[] = process.argv.slice(2)): ScriptFlags {
  const given = new Map<string, string[]>();
  const positionals: string[] = [];
  const refuse = (message: string): never => new ScriptFlags(line, given, positionals).refuse(message);
  const isFlag = (arg: string): boolean => arg.startsWith('-') && arg.length > 1 && Number.isNaN(decimal(arg)); // -1 is a value
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${line.usage}\n`);
      process.exit(0);
    }
    if (!isFlag(arg)) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const kind = Object.hasOwn(line.flags, name) ? line.flags[name] : undefined;
    if (kind === undefined) refuse(`unknown flag ${name}`);
    let value: string;
    if (kind === 'switch') {
      if (eq > 0) refuse(`${name} takes no value, got "${arg.slice(eq + 1)}"`);
      value = '';
    } else if (eq > 0) {
      value = arg.slice(eq + 1);
    } else {
      // The next argument, whatever it holds (--worker-flags "--max-semi-space-size=64"), unless it is this script's flag.
      const next = argv[i + 1];
      if (next === undefined || Object.hasOwn(line.flags, next.split('=')[0]) || next === '--help') refuse(`${name} is missing its value`);
      value = next;
      i++;
    }
    const values = given.get(name) ?? [];
    if (values.length > 0 && kind !== 'values') refuse(`${name} given twice${kind === 'switch' ? '' : ' (it takes one value)'}`);
    given.set(name, [...values, value]);
  }
  const { min, max, names = [] } = line.positionals ?? { min: 0, max: 0 };
  if (positionals.length > max) refuse(`unexpected argument "${positionals[max]}"`);
  if (positionals.length < min) refuse(`missing ${names[positionals.length] ?? `argument ${positionals.length + 1}`}`);
  return new ScriptFlags(line, given, positionals);
}
