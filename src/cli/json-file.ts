/**
 * Reads a JSON input file: refused at its line and column where it is no JSON, gives a key twice, writes a number past
 * a double's range or nests too deep; --set values are scanned alike (set-argument.ts).
 */
import { type ParseError, ParseErrorCode, printParseErrorCode, visit } from 'jsonc-parser';
import { isIndexKey, noteKeysAsWritten } from '../core/key-order.js';
import { MAX_JSON_DEPTH } from '../core/limits.js';
import { InputError } from './errors.js';
import { overdeepOpening, overlongRun } from './json-runs.js';
import { filePosition, positionAt } from './file-position.js';
import { noteJsonText } from './field-place.js';
import { readTextFile } from './read-file.js';

/**
 * How deeply arrays and objects nest in a JSON value (0 for a scalar), counted without recursion; past `cap` it stops
 * and returns a depth above it.
 */
export function depthOf(value: unknown, cap = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d + 1 > deepest) deepest = d + 1;
    if (deepest > cap) return deepest;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

export function readJsonFile(file: string, what: string): unknown {
  const text = readTextFile(file, `${what} file`); // without a byte order mark: the decoder drops it
  const run = overlongRun(text);
  if (run !== undefined) throw new InputError(`${positionAt(file, text, run.offset)}: ${run.what}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError(jsonError(file, text, err as Error));
  }
  const tooDeep = overdeepOpening(text);
  if (tooDeep !== undefined) throw new InputError(`${positionAt(file, text, tooDeep)}: arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels`);
  const found = scanJson(text, value);
  if (found !== undefined) throw new InputError(`${filePosition(file, found.line, found.column)}: ${found.what}`);
  noteJsonText(value, text); // to place a field's error at its line (field-place.ts), should one come
  return value;
}

/** What scanJson found wrong in a JSON text that parses: where, and what to say of it. */
interface JsonFinding {
  line: number;
  column: number;
  /** The key given twice (true), or a number out of range (false). */
  twice: boolean;
  /** The key or the number as written. */
  text: string;
  what: string;
}

/**
 * The first key that an object of `text` (valid JSON, parsed as `value`) gives twice, or number too large for a double
 * (1e400: JSON.parse reads it as Infinity, which a field then calls "not a number", and an error message's JSON
 * shows as null) or too small (1e-400 reads as 0: numberOutOfRange), located; undefined when none. On the way, each object of `value` with an array-index key gets its
 * keys noted in the written order (key-order.ts): JSON.parse lists those keys first, and a key set keeps the order keys
 * were added in.
 */
export function scanJson(text: string, value: unknown): JsonFinding | undefined {
  const open: Array<{ keys: Set<string>; at: object }> = [];
  let found: JsonFinding | undefined;
  visit(text, {
    onLiteralValue: (literal: unknown, offset, length, line, column) => {
      if (found !== undefined || typeof literal !== 'number') return;
      const written = text.slice(offset, offset + length);
      const what = numberOutOfRange(written, literal);
      if (what !== undefined) found = { line: line + 1, column: column + 1, twice: false, text: written, what };
    },
    onObjectBegin: (_offset, _length, _line, _column, pathSupplier) => {
      let at: unknown = value;
      for (const k of pathSupplier()) at = (at as Record<string | number, unknown>)[k];
      open.push({ keys: new Set(), at: at as object });
    },
    onObjectEnd: () => {
      const { keys, at } = open.pop()!;
      if ([...keys].some(isIndexKey)) noteKeysAsWritten(at, [...keys]);
    },
    onObjectProperty: (key, _offset, _length, line, column) => {
      const { keys } = open[open.length - 1];
      if (found === undefined && keys.has(key)) found = { line: line + 1, column: column + 1, twice: true, text: key, what: `"${key}" is given twice in one object (JSON.parse would keep the last silently)` };
      keys.add(key);
    },
  });
  return found;
}

/**
 * Why a JSON number as `written` does not read as itself (`value`, what JSON.parse gives), or undefined: past a
 * double's range it reads as Infinity, and below its least (1e-400) as 0, silently: a seed of 1e-400 ran seed 0, a
 * durationJitter of 1e-400 none.
 */
export function numberOutOfRange(written: string, value: number): string | undefined {
  if (!Number.isFinite(value)) return `${written} is beyond the range of a number (it would read as ${value})`;
  if (value === 0 && /[1-9]/.test(written.split(/[eE]/)[0])) {
    return Object.is(value, -0) ? `${written} is above the greatest number below 0 a double holds (about -5e-324: it would read as -0)` : `${written} is below the least number above 0 a double holds (about 5e-324: it would read as 0)`;
  }
  return undefined;
}

/** "file:L:C: invalid JSON: <what>", located by jsonc-parser in strict mode (Node's JSON.parse gives no position). */
function jsonError(file: string, text: string, err: Error): string {
  // A file a failed copy or a full disk left empty or cut short read 'value expected' at line 1, column 1, or an
  // error at its last character, which did not say that the file itself was short.
  const end = text.trimEnd().length;
  if (end === 0) return `${file}: invalid JSON: the file is empty${text === '' ? '' : ' but for white space'}`;
  const first = firstJsonError(text);
  if (first === 'too deep') return `${file}: invalid JSON (and arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels)`;
  if (first === undefined) return `${file}: invalid JSON: ${err.message}`;
  // A comma before a closing brace or bracket (`"a": 1,\n}`) is refused at the brace: at the file's last one, it read
  // as a file cut short.
  const before = text.slice(0, first.offset);
  const closing = text[first.offset];
  const trailingComma = (closing === '}' || closing === ']') && before.trimEnd().endsWith(',');
  // Text after a whole JSON value that is no token ("foo" on the last line) read as an invalid symbol, "is it cut short?".
  const after = !trailingComma && first.error !== ParseErrorCode.EndOfFileExpected && before.trim() !== '' && firstJsonError(before) === undefined;
  const cut = !trailingComma && !after && first.offset + first.length >= end && first.error !== ParseErrorCode.EndOfFileExpected;
  const hint = trailingComma ? ` (a comma before this ${closing}: JSON allows none after the last ${closing === '}' ? 'field' : 'element'})`
    : after ? ' (after the JSON value, which ends before it: delete it)' : cut ? ' (the file ends there, before its JSON does: is it cut short?)' : '';
  return `${positionAt(file, text, first.offset)}: invalid JSON: ${describeJsonError(first.error)}${hint}`;
}

/** Thrown from visit's onError to stop at the first error. */
const FOUND = Symbol('found');

/**
 * The first error in `text` (jsonc-parser in strict mode), found without building its tree: parseTree held a node a
 * value of the whole file, so a 161 MB scenario of a million jobs cut short filled Node's 4 GB heap before its error
 * was told (exit 134), as did a 2 MB one in a 48 MB heap. 'too deep' where jsonc-parser, which recurses a level a
 * call, overflows the stack on text nested thousands deep.
 */
function firstJsonError(text: string): ParseError | 'too deep' | undefined {
  let first: ParseError | undefined;
  try {
    visit(text, {
      onError: (error, offset, length) => {
        first = { error, offset, length };
        throw FOUND;
      },
    }, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (stop) {
    if (stop instanceof RangeError) return 'too deep';
    if (stop !== FOUND) throw stop;
  }
  return first;
}

function describeJsonError(code: number): string {
  const name = printParseErrorCode(code); // e.g. "ValueExpected"
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
