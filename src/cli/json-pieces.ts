/**
 * JSON.stringify(value, null, 2) as pieces, each far below V8's longest string (about 512 MB): a run's result of a
 * million-job trace, or of a scenario listing ten million replicas, passed it as one string ("Invalid string length",
 * exit 1, after the whole run). The pieces joined are byte for byte what JSON.stringify gives (test/cli/json-pieces.test.ts
 * checks that against it on random values); output.ts writes them one after another.
 *
 * JSON.stringify still writes every value: a big array's elements in runs of about WHOLE_WEIGHT values, each run
 * nested in as many arrays as it is deep, so that JSON.stringify indents it as it lies in the whole, and the brackets
 * of those arrays cut off (about as fast as one JSON.stringify: re-indenting each element's text took 7 times as long).
 *
 * Written here rather than taken from a library: the streaming JSON packages are asynchronous streams with their own
 * spacing, where the CLI writes its outputs synchronously (all or none, output.ts) and its users diff the JSON.
 */

/** The pieces joined past this many characters: few pieces, none long. */
const PIECE_CHARS = 1 << 20;
/**
 * JSON.stringify is given values, or runs of an array's elements, of at most this many values, strings and keys
 * counted a value each 16 characters: a job's record whole, a run of a hundred jobs, never the list of a million.
 */
const WHOLE_WEIGHT = 1 << 14;

/** `wholeWeight`: tests cut finer. */
export function jsonPieces(value: unknown, wholeWeight = WHOLE_WEIGHT): string[] {
  const pieces: string[] = [];
  let buffer = '';
  const put = (s: string): void => {
    buffer += s;
    if (buffer.length >= PIECE_CHARS) {
      pieces.push(buffer);
      buffer = '';
    }
  };
  // v as JSON.stringify serializes it (after its toJSON(key), if it had one: not called again), its first line
  // `depth` levels in.
  const emit = (resolved: unknown, depth: number): void => {
    const v = unboxed(resolved);
    if (typeof v === 'bigint') throw new TypeError('Do not know how to serialize a BigInt'); // as JSON.stringify: after toJSON
    if (v === null || typeof v !== 'object') return put(JSON.stringify(v));
    if (!hasToJson(v) && weighsAtMost(v, wholeWeight)) return put(stringifiedAt(v, depth, 0));
    const inner = `\n${'  '.repeat(depth + 1)}`;
    if (Array.isArray(v)) return emitElements(v, depth, inner);
    put('{');
    let first = true;
    for (const k of Object.keys(v as object)) {
      const member = toJson(k, (v as Record<string, unknown>)[k]);
      if (!hasText(member)) continue;
      put(`${first ? '' : ','}${inner}${JSON.stringify(k)}: `);
      first = false;
      emit(member, depth + 1);
    }
    put(first ? '}' : `\n${'  '.repeat(depth)}}`);
  };
  // An array's elements: runs of those JSON.stringify may take as they are (no toJSON of their own, which it would call
  // with the run's index), each run at most wholeWeight; an element heavier than that on its own, or with a toJSON, alone.
  const emitElements = (v: readonly unknown[], depth: number, inner: string): void => {
    if (v.length === 0) return put('[]');
    put('[');
    let start = 0;
    let weight = 0;
    const flush = (end: number): void => {
      if (end <= start) return;
      // copied, not v.slice(): an array's own slice, or its subclass's constructor (Symbol.species), would make the run
      const run: unknown[] = new Array(end - start);
      for (let k = start; k < end; k++) run[k - start] = v[k];
      put(`${start === 0 ? '' : ','}${inner}${stringifiedAt(run, depth, 1)}`);
      start = end;
      weight = 0;
    };
    for (let i = 0; i < v.length; i++) {
      const e = v[i];
      const left = wholeWeight - weight;
      let w = hasToJson(e) ? Infinity : weightOf(e, left);
      if (w <= left) {
        weight += w;
        continue;
      }
      flush(i);
      // counted only past what the run had left: counted again to the whole (a wide object after a number went whole)
      if (w !== Infinity && left < wholeWeight) w = weightOf(e, wholeWeight);
      if (w <= wholeWeight) { // a run of its own begins
        weight = w;
        continue;
      }
      const member = toJson(String(i), e);
      put(`${i === 0 ? '' : ','}${inner}`);
      if (hasText(member)) emit(member, depth + 1);
      else put('null');
      start = i + 1;
    }
    flush(v.length);
    put(`\n${'  '.repeat(depth)}]`);
  };
  const top = toJson('', value);
  if (!hasText(top)) throw new TypeError('jsonPieces: the value has no JSON text (undefined, a function or a symbol)');
  emit(top, 0);
  if (buffer !== '' || pieces.length === 0) pieces.push(buffer);
  return pieces;
}

/**
 * JSON.stringify(v, null, 2) as it lies `depth` levels in; `inside` 1: v an array whose elements are wanted without
 * its brackets, as they lie one level deeper. v nested in arrays: JSON.stringify indents it as deep as it is, and the
 * arrays' own text before it (each level L: '[', a newline and 2L spaces) and after it (a newline, 2(L-1) spaces
 * and ']') is cut off.
 */
function stringifiedAt(v: unknown, depth: number, inside: 0 | 1): string {
  let wrapped = v;
  for (let i = 0; i < depth; i++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  const levels = depth + inside;
  return levels === 0 ? text : text.slice(levels * (levels + 3), text.length - levels * (levels + 1));
}

/**
 * A boxed primitive as the primitive JSON.stringify writes (its Number(), String(), boolean or bigint, as the spec's
 * SerializeJSONProperty unwraps one); anything else as it is (one with Number.prototype but no number inside, too).
 */
function unboxed(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  const inside = (valueOf: (this: unknown) => unknown): boolean => {
    try {
      valueOf.call(v);
      return true;
    } catch {
      return false;
    }
  };
  if (v instanceof Number && inside(Number.prototype.valueOf)) return Number(v);
  if (v instanceof String && inside(String.prototype.valueOf)) return String(v);
  if (v instanceof Boolean && inside(Boolean.prototype.valueOf)) return Boolean.prototype.valueOf.call(v);
  if (v instanceof BigInt && inside(BigInt.prototype.valueOf)) return BigInt.prototype.valueOf.call(v);
  return v;
}

/**
 * A value JSON.stringify would call toJSON of with its key: an object's, a function's or a bigint's own or inherited
 * toJSON (v is after its toJSON in emit: JSON.stringify would call one of v's own again; given whole, or in a run of
 * elements, it would be called with the wrong key).
 */
const hasToJson = (v: unknown): boolean =>
  ((typeof v === 'object' && v !== null) || typeof v === 'function' || typeof v === 'bigint') && typeof (v as { toJSON?: unknown }).toJSON === 'function';

/** v as JSON.stringify writes it: what its toJSON(key) returns, if it has one. */
const toJson = (key: string, v: unknown): unknown => (hasToJson(v) ? (v as { toJSON: (k: string) => unknown }).toJSON(key) : v);

/** Whether JSON.stringify writes v (not undefined, a function or a symbol: an object leaves such a member out, an array writes null). */
const hasText = (v: unknown): boolean => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';

const weighsAtMost = (v: unknown, most: number): boolean => weightOf(v, most) <= most;

/** v's values, its strings and keys a value each 16 characters; counted until they pass `most` (then some number above it). */
function weightOf(v: unknown, most: number): number {
  if (v === null || typeof v !== 'object') return typeof v === 'string' ? 1 + (v.length >> 4) : 1;
  let weight = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const u = stack.pop();
    weight += typeof u === 'string' ? 1 + (u.length >> 4) : 1;
    if (weight > most) return weight;
    if (u === null || typeof u !== 'object') continue;
    if (Array.isArray(u)) {
      if (weight + u.length > most) return weight + u.length;
      for (const e of u) stack.push(e);
      continue;
    }
    for (const k of Object.keys(u)) {
      weight += k.length >> 4;
      stack.push((u as Record<string, unknown>)[k]);
    }
  }
  return weight;
}
