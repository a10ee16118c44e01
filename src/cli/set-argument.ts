/** One --set argument, "path=value", read: its path checked, its value JSON or a string. */
import { MAX_JSON_DEPTH } from '../core/limits.js';
import { overridePathProblem } from '../core/scenario.js';
import { InputError } from './errors.js';
import { depthOf, scanJson } from './json-file.js';

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
