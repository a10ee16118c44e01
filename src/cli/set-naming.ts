/** How a loader's messages name the --sets and --variants a caller gave: by the command line's flags, or by loadScenario's arguments. */
import { variantNamed } from './format.js';

/** A --set value as it was typed: a string that reads as JSON was quoted (`'"1"'`, shown "1", not 1), any other bare. */
export function shownSet(value: unknown): string {
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
export interface SetNaming {
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

export const FLAGS: SetNaming = {
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

export const ARGUMENTS: SetNaming = {
  set: (path, value) => `sets [${JSON.stringify(path)},${asWritten(value)}]`,
  path: (path) => `sets [${JSON.stringify(path)},...]`,
  give: (path, valueText) => `sets [${JSON.stringify(path)},${valueText}]`,
  value: 'the value',
  booleans: 'give true or false',
  nulls: 'give null',
  variant: variantNamed,
};

/** FLAGS, but a path a command gives by a flag of its own (`flagOf`: bench/codec.js's `--racks n` sets cluster.racks) named by that flag. */
export function flagNaming(flagOf: Readonly<Record<string, string>>): SetNaming {
  const own = (path: string): string | undefined => (Object.hasOwn(flagOf, path) ? flagOf[path] : undefined);
  return Object.keys(flagOf).length === 0 ? FLAGS : {
    ...FLAGS,
    set: (path, value) => (own(path) === undefined ? FLAGS.set(path, value) : `${own(path)} ${shownSet(value)}`),
    path: (path) => own(path) ?? FLAGS.path(path),
    give: (path, valueText) => (own(path) === undefined ? FLAGS.give(path, valueText) : `${own(path)} ${valueText}`),
  };
}
