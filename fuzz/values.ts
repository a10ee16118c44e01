/**
 * Boundary values the mutators draw from. Numbers that JSON.stringify cannot write (1e400 parses as Infinity)
 * travel as RAW markers and are spliced into the text by `stringifyRaw`.
 *
 * Safety: the fuzzed CLI runs as the current user, so no generated value names an absolute path to write to, and
 * relative paths climb at most two folders (cases run three folders deep inside the fuzzer's own temporary folder).
 */
import type { Chooser } from './random.js';

const RAW_OPEN = '@@raw:';
const RAW_CLOSE = '@@';

/** A JSON token written as is (e.g. 1e400, -0.0, 1.0e+2). */
export const raw = (token: string): string => `${RAW_OPEN}${token}${RAW_CLOSE}`;

/** JSON.stringify, then the RAW markers replaced by their tokens. */
export function stringifyRaw(value: unknown, indent?: number): string | undefined {
  const text = JSON.stringify(value, null, indent) as string | undefined; // undefined for undefined
  return text?.replace(/"@@raw:([^"@]*)@@"/g, '$1');
}

/**
 * The document as text, indented when `indent` and the indented text stays small: indentation grows with depth, so a
 * few thousand copies of a 2,000-level nesting (4 KB compact) would indent to gigabytes, past V8's longest string.
 */
export function stringifyPretty(doc: unknown, indent: boolean): string {
  const compact = stringifyRaw(doc) ?? 'null';
  return indent && compact.length * (2 * depthOf(doc) + 1) < 64_000_000 ? (stringifyRaw(doc, 2) ?? 'null') : compact;
}

/** Nesting depth of a JSON value (a scalar is 0). */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const v of Object.values(value)) deepest = Math.max(deepest, depthOf(v));
  return deepest + 1;
}

/** Copies of something `size` characters long to make, at most `wanted`, the whole under a few megabytes. */
export function copiesWithin(wanted: number, size: number): number {
  return Math.max(1, Math.min(wanted, Math.floor(4_000_000 / Math.max(1, size))));
}

export const NUMBERS: readonly number[] = [
  0, -1, 1, 2, 3, 0.5, -0.5, 100, 1000, 1e5, 1e9, 2147483647, 2147483648, 4294967296, 2 ** 53 + 2, 1e300, -1e300, 1e-300, 5e-324,
];
const RAW_NUMBERS: readonly string[] = ['1e400', '-1e400', '-0.0', '1.0e+2', '0.0000001', '12345678901234567890123'];

export const STRINGS: readonly string[] = [
  '', ' ', 'x', 'NaN', 'Infinity', '-1', '1e3', '0x10', 'fifo', 'fair', 'hfs', 'capacity', 'drf', 'none', 'skip', 'wait',
  'io', 'cpu', 'mixed', 'exponential', 'fixed', 'bin', 'single', 'round-robin', 'benchmark', 'distribution', 'default',
  'root', 'root.a', 'a.b', 'variant', 'seed', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '../escaped',
  '../../escaped', 'a/b', '.', '..', 'missing.json', 'sp ace', 'üñï', '\u{1F4A5}', 'a\u0000b', 'line\nbreak', '<tag>&amp;',
  'x'.repeat(5000),
];

/** Paths a scenario may read from (never written to): missing files, folders, devices. */
export const READ_PATHS: readonly string[] = ['missing.tsv', 'missing.xml', '.', '..', '/dev/null', '/nonexistent/x', 'sub/missing', ''];

/** A value of any JSON type, near a boundary; `current` biases towards its own type. */
export function boundaryValue(c: Chooser, current?: unknown): unknown {
  const sameType = current !== undefined && c.chance(0.6);
  const type = sameType ? typeOf(current) : c.pick(['number', 'number', 'string', 'boolean', 'null', 'array', 'object', 'raw']);
  switch (type) {
    case 'number': {
      if (typeof current === 'number' && c.chance(0.4)) return c.pick([current * 2, current + 1, -current, current - 1, current / 3, current * 1e12]);
      return c.pick(NUMBERS);
    }
    case 'raw':
      return raw(c.pick(RAW_NUMBERS));
    case 'string':
      return c.pick(STRINGS);
    case 'boolean':
      return c.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return c.pick([[], [0], [''], [null], [{}], [[]], Array.from({ length: c.pick([2, 100, 10_000]) }, (_, i) => i)]);
    default:
      return c.pick([{}, { '': 1 }, { x: 1 }, { __proto__x: 1 }, { length: 3 }]);
  }
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Arrays nested `depth` deep around `inner`. */
export function nested(depth: number, inner: unknown, asObject: boolean): unknown {
  let v = inner;
  for (let i = 0; i < depth; i++) v = asObject ? { x: v } : [v];
  return v;
}
