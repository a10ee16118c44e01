/**
 * JSON input files read with their positions (jsonc-parser), for errors that name the line: a file of JSON values
 * one after another (as Jackson's readValues reads SLS and Rumen traces) or one array of them.
 */
import { filePosition } from './file-position.js';
import { type Node, type ParseError, createScanner, parseTree, printParseErrorCode, SyntaxKind } from 'jsonc-parser';
import { hasControlChars, hasUnpairedSurrogate, unpairedWhy } from '../core/bounded.js';
import { MAX_JSON_DEPTH, MAX_JSON_VALUE_NODES, MAX_TIME_MS, MAX_TIME_TEXT } from '../core/limits.js';
import { decimal } from './decimal.js';
import { InputError } from './errors.js';
import { overlongRun } from './json-runs.js';
import { lastAtMost, lineStarts } from './line-starts.js';

/** The tokens that are a node of a parsed tree: a key or a value (an object's or an array's opening). */
const NODE_TOKENS = new Set([SyntaxKind.OpenBraceToken, SyntaxKind.OpenBracketToken, SyntaxKind.StringLiteral, SyntaxKind.NumericLiteral,
  SyntaxKind.TrueKeyword, SyntaxKind.FalseKeyword, SyntaxKind.NullKeyword]);

/** A top-level value past `most` keys and values (MAX_JSON_VALUE_NODES): a job, or a trace written as one array (`array`). */
const tooLarge = (array: boolean, most: number): string => `a JSON value of more than ${most} keys and values, more than hfsim holds parsed at once ${array
  ? '(a trace written as one array is parsed whole): write its jobs one after another, not in an array'
  : '(a job is parsed whole): split the job, or in SLS JSON write its like containers once, with "count"'}`;

/** A line as a SWIM trace's row: 6 to 9 tab-separated columns (src/cli/trace.ts). */
const isSwimRow = (line: string): boolean => /^[^\t]+(\t[^\t]*){5,8}$/.test(line.replace(/\r$/, ''));

/** The line and column (from 1) of `offset` in a text whose lines start at `lineStarts`. */
export function positionIn(lineStarts: readonly number[], offset: number): [line: number, column: number] {
  const i = lastAtMost(lineStarts, offset);
  return [i + 1, offset - lineStarts[i]! + 1];
}

export class JsonReader {
  private readonly lineStarts: number[];

  /** `maxValueNodes`: the most keys and values one top-level value may hold (a test sets a small one). */
  constructor(private readonly text: string, readonly file: string, private readonly maxValueNodes = MAX_JSON_VALUE_NODES) {
    this.lineStarts = lineStarts(text);
    const run = overlongRun(text);
    if (run !== undefined) this.fail(run.offset, run.what);
  }

  /** The UTF-8 bytes of the text from `start` to `end` (by default the whole text): how much of it a read has passed. */
  bytes(start = 0, end = this.text.length): number {
    return Buffer.byteLength(this.text.slice(start, end));
  }

  line(offset: number): number {
    return lastAtMost(this.lineStarts, offset) + 1;
  }

  /**
   * An error at `offset`, named by its line and column (`file:line:column:`), as a JSON scenario's are: in the JSON
   * itself (its syntax, nesting, runs, size), or in a job's keys and values, at the value (a wrong type, a number out
   * of range), the key (an unknown one), or the object a key is missing from. Key and value errors named the line alone.
   */
  fail(offset: number, what: string): never {
    throw new InputError(`${filePosition(this.file, ...positionIn(this.lineStarts, offset))}: ${what}`);
  }

  /** The text's line starts (positionIn). */
  lines(): readonly number[] {
    return this.lineStarts;
  }

  /** The key node of an object's value (`props` gives the values): where an error about the key itself is named. */
  keyOf(value: Node): Node {
    return value.parent?.children?.[0] ?? value;
  }

  /**
   * The top-level values: objects one after another, or the elements of one array. Each object is parsed as it is
   * reached, so that a caller reading one job at a time holds one job's tree, not the file's: every tree made up
   * front, a Rumen trace of 200 jobs of 10,000 maps (138 MB) filled Node's 4 GB heap (exit 134). Objects one after
   * another is how SLS and Rumen write traces; a trace written as one array is still parsed whole. A value of more
   * than MAX_JSON_VALUE_NODES keys and values is refused at its line before it is parsed (its tree filled the heap).
   */
  *values(): Generator<Node, void, undefined> {
    const scanner = createScanner(this.text, false);
    let depth = 0;
    let start = -1;
    let count = 0;
    // A first value that is an array is its elements if it is the only value: held until the next value or the end.
    let firstArray: Node | undefined;
    // The keys and values of the value being scanned: its tree's nodes, bounded (MAX_JSON_VALUE_NODES).
    let nodes = 0;
    for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
      if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
      const at = scanner.getTokenOffset();
      if (depth === 0 && kind !== SyntaxKind.OpenBraceToken && kind !== SyntaxKind.OpenBracketToken) {
        // a SWIM trace under kind "sls": said as such (it was "expected a job object"), at its first row
        if (count === 0 && isSwimRow(this.text.slice(at).split('\n', 1)[0])) this.fail(at, 'a SWIM trace (rows of tab-separated columns), not JSON: set workload.kind to "swim"');
        this.fail(at, 'expected a job object ({ ... }) or an array of them');
      }
      if (depth === 0) {
        start = at;
        nodes = 0;
      }
      if (NODE_TOKENS.has(kind) && ++nodes > this.maxValueNodes) this.fail(start, tooLarge(this.text.charCodeAt(start) === 0x5b, this.maxValueNodes));
      if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) depth++;
      // jsonc-parser's parseTree recurses a level a call: 7,000 levels overflowed the stack (exit 1, no line).
      if (depth > MAX_JSON_DEPTH) this.fail(at, `arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels`);
      if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth--;
      if (depth === 0) {
        const node = this.parse(start, scanner.getTokenOffset() + scanner.getTokenLength());
        count++;
        if (firstArray !== undefined) {
          yield firstArray;
          firstArray = undefined;
        }
        if (count === 1 && node.type === 'array') firstArray = node;
        else yield node;
      }
    }
    if (depth > 0) this.fail(this.text.length, 'unexpected end of file: an object or array is not closed');
    if (firstArray !== undefined) yield* firstArray.children ?? [];
  }

  private parse(start: number, end: number): Node {
    const errors: ParseError[] = [];
    const node = parseTree(this.text.slice(start, end), errors, { disallowComments: true, allowTrailingComma: false });
    if (errors.length > 0 || node === undefined) {
      const e = errors[0];
      this.fail(start + (e?.offset ?? 0), `invalid JSON: ${e === undefined ? 'no value' : printParseErrorCode(e.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`);
    }
    shift(node, start);
    return node;
  }

  /** The object's properties by key (offsets of key and value), refusing keys not in `known`. */
  props(node: Node, known: Set<string> | undefined, what: string): Map<string, Node> {
    if (node.type !== 'object') this.fail(node.offset, `${what} must be an object`);
    const out = new Map<string, Node>();
    for (const p of node.children ?? []) {
      const [key, value] = p.children!;
      const name = key.value as string;
      if (known !== undefined && !known.has(name)) this.fail(key.offset, `unknown key "${name}" in ${what}`);
      if (out.has(name)) this.fail(key.offset, `"${name}" is given twice`);
      out.set(name, value);
    }
    return out;
  }

  /** A value as a number (SLS also accepts numbers written as strings); NaN when it is not one. */
  numeric(v: Node): number {
    // decimal, as Hadoop's Long.parseLong reads it: Number() read "0x10" as 16
    return typeof v.value === 'number' ? v.value : typeof v.value === 'string' ? decimal(v.value) : NaN;
  }

  /** A number (see numeric), at least `min` (and at most `max`: a time, MAX_TIME_MS), whole when `int`. */
  num(props: Map<string, Node>, key: string, o: { min: number; max?: number; int?: boolean }): number | undefined {
    const v = props.get(key);
    if (v === undefined || v.value === null) return undefined;
    const n = this.numeric(v);
    if (!Number.isFinite(n) || n < o.min || (o.int === true && !Number.isInteger(n))) {
      this.fail(v.offset, `"${key}" must be a ${o.int === true ? 'whole ' : ''}number${o.min === -Infinity ? '' : ` of at least ${o.min}`}, not ${this.shown(v)}`);
    }
    if (o.max !== undefined && n > o.max) this.fail(v.offset, `"${key}" is ${n}, above the limit of ${o.max === MAX_TIME_MS ? `${MAX_TIME_TEXT} for any time` : o.max}`);
    return n;
  }

  /** A name: a non-empty string without control characters (names are printed in tables and CSV), trimmed. */
  str(props: Map<string, Node>, key: string): string | undefined {
    const v = props.get(key);
    if (v === undefined || v.value === null) return undefined;
    if (typeof v.value !== 'string' || v.value.trim() === '') this.fail(v.offset, `"${key}" must be a non-empty string, not ${this.shown(v)}`);
    if (hasControlChars(v.value)) this.fail(v.offset, `"${key}" must not contain control characters (a tab, a newline...): names are printed in tables and CSV`);
    if (hasUnpairedSurrogate(v.value)) this.fail(v.offset, `"${key}" ${unpairedWhy}`);
    return v.value.trim();
  }

  /** A value as the file writes it. */
  written(v: Node): string {
    return this.text.slice(v.offset, v.offset + v.length);
  }

  /**
   * A value for a message: JSON of a scalar; an array or an object (jsonc-parser gives them no value) by its kind; a
   * number beyond a double's range as written (1e400 reads as Infinity, which JSON writes as null: "not null").
   */
  shown(v: Node): string {
    if (v.type === 'number' && !Number.isFinite(v.value)) return `${this.written(v)} (beyond the range of a number: it reads as ${v.value})`;
    return v.type === 'array' ? 'an array' : v.type === 'object' ? 'an object' : JSON.stringify(v.value);
  }
}

/** jsonc-parser's offsets are relative to the parsed slice: move them to the file's. */
function shift(node: Node, by: number): void {
  (node as { offset: number }).offset += by;
  for (const c of node.children ?? []) shift(c, by);
}
