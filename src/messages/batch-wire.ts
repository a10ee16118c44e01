/**
 * The batch messages' msgpack, written and read directly: the bytes msgpackr (moreTypes, no records) writes for the
 * wire form of a heartbeat batch or an epoch command, without msgpackr's generic walk. A batch's wire form is a map
 * of a few numbers and strings, the column lengths as an array, and its columns as one typed-array extension
 * (codec.ts), so writing it is a handful of header bytes and one copy of the columns, and reading it is a parse of
 * those headers and one copy of the columns. The threads runtime moves two such messages per rack per epoch
 * (fb2009-day: 505,000 a run), where msgpackr's walk and its buffers cost 6-12 us a message, encode and decode
 * (`--codec` against a plain run: 3.0-5.9 s more racks time); node dist/bench/codec.js times it.
 *
 * Writing follows msgpackr's choices byte for byte (test/messages/batch-wire.test.ts compares them on random
 * messages): a map is map16 (0xde) whatever its size; a positive integer below 2^32 is a fixint below 0x80, else
 * uint8/16/32; a negative one above -2^31 is a negative fixint or int8/16/32; any other number a float64; undefined
 * is fixext1 type 0; a typed array is ext 0x74 with its type's index in msgpackr's list. A value of any other kind
 * (a long or non-ASCII string, an object, a Buffer) is refused (isNotWritable), and the caller encodes that message
 * with msgpackr. Reading accepts exactly these forms; anything else returns null and the caller decodes with
 * msgpackr, which gives the same result or the same error.
 */

import { ColumnArena } from './column-arena.js';

/** msgpackr's typed-array extension: ext type 0x74 ('t'), then the array's index in msgpackr's list of types. */
const TYPED_ARRAY_EXT = 0x74;
/** msgpackr's indices (its unpack.js `typedArrays`) of the three typed arrays the batches carry. */
const UINT8 = 1;
const INT32 = 5;
const FLOAT64 = 8;

/** This platform's byte order, which a typed array's bytes are in. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A value the writer cannot write as msgpackr would: the caller encodes the message with msgpackr instead. */
const NOT_WRITABLE = new Error('not written by WireWriter');

/** Whether `err` is the writer's refusal of a value (the message is then encoded with msgpackr). */
export function isNotWritable(err: unknown): boolean {
  return err === NOT_WRITABLE;
}

/**
 * A growable scratch buffer that a message's msgpack is written into, reused from message to message: begin(), the
 * values in order, then end() gives a view of exactly what was written. A value msgpackr would write in another form
 * throws NOT_WRITABLE (see isNotWritable), and the caller encodes that message with msgpackr instead.
 */
export class WireWriter {
  private bytes = new Uint8Array(4096);
  private view = new DataView(this.bytes.buffer);
  private at = 0;

  begin(): void {
    this.at = 0;
  }

  /** The message's bytes, a view of the scratch buffer: valid until the next begin(). */
  end(): Uint8Array {
    return this.bytes.subarray(0, this.at);
  }

  /** A map's header (map16, as msgpackr writes every map); its keys and values follow. */
  map(entries: number): void {
    if (entries > 0xffff) throw NOT_WRITABLE;
    this.room(3);
    this.bytes[this.at++] = 0xde;
    this.bytes[this.at++] = entries >> 8;
    this.bytes[this.at++] = entries & 0xff;
  }

  /** A number, an ASCII string, null, undefined, one of the three typed arrays, or an array of these. */
  value(v: unknown): void {
    if (typeof v === 'number') this.number(v);
    else if (typeof v === 'string') this.string(v);
    else if (v === null) this.byte(0xc0);
    else if (v === undefined) {
      this.room(3);
      this.bytes[this.at++] = 0xd4;
      this.bytes[this.at++] = 0;
      this.bytes[this.at++] = 0;
    } else if (ArrayBuffer.isView(v)) {
      const kind = v.constructor;
      this.typedArrays([v as Uint8Array], kind === Uint8Array ? UINT8 : kind === Int32Array ? INT32 : kind === Float64Array ? FLOAT64 : -1);
    } else if (Array.isArray(v)) {
      this.arrayHeader(v.length);
      for (const x of v) this.value(x);
    } else throw NOT_WRITABLE;
  }

  /** An array's header; its values follow. */
  arrayHeader(n: number): void {
    if (n > 0xffff) throw NOT_WRITABLE;
    this.room(3);
    if (n < 0x10) this.bytes[this.at++] = 0x90 | n;
    else {
      this.bytes[this.at++] = 0xdc;
      this.bytes[this.at++] = n >> 8;
      this.bytes[this.at++] = n & 0xff;
    }
  }

  /** The bytes of `arrays` end to end as one Uint8Array (a batch's `cols`), without joining them first. */
  columns(arrays: ReadonlyArray<Uint8Array | Int32Array | Float64Array>): void {
    this.typedArrays(arrays, UINT8);
  }

  /** msgpackr's number encoding with useRecords false. */
  private number(v: number): void {
    this.room(9);
    const b = this.bytes;
    if (v >>> 0 === v) {
      if (v < 0x80) b[this.at++] = v;
      else if (v < 0x100) { b[this.at++] = 0xcc; b[this.at++] = v; }
      else if (v < 0x10000) { b[this.at++] = 0xcd; b[this.at++] = v >> 8; b[this.at++] = v & 0xff; }
      else { b[this.at++] = 0xce; this.view.setUint32(this.at, v); this.at += 4; }
    } else if (v >> 0 === v) {
      if (v >= -0x20) b[this.at++] = 0x100 + v;
      else if (v >= -0x80) { b[this.at++] = 0xd0; b[this.at++] = v + 0x100; }
      else if (v >= -0x8000) { b[this.at++] = 0xd1; this.view.setInt16(this.at, v); this.at += 2; }
      else { b[this.at++] = 0xd2; this.view.setInt32(this.at, v); this.at += 4; }
    } else {
      b[this.at++] = 0xcb;
      this.view.setFloat64(this.at, v);
      this.at += 8;
    }
  }

  /** An ASCII string below 256 bytes, as msgpackr writes it (fixstr, else str8); any other string is not written here. */
  string(s: string): void {
    const n = s.length;
    if (n >= 0x100) throw NOT_WRITABLE;
    this.room(n + 2);
    const b = this.bytes;
    if (n < 0x20) b[this.at++] = 0xa0 | n;
    else { b[this.at++] = 0xd9; b[this.at++] = n; }
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) throw NOT_WRITABLE;
      b[this.at++] = c;
    }
  }

  /** One typed-array extension of type `code` (-1: none of the three) holding the bytes of `arrays` end to end. */
  private typedArrays(arrays: ReadonlyArray<Uint8Array | Int32Array | Float64Array>, code: number): void {
    if (code < 0) throw NOT_WRITABLE;
    let length = 0;
    for (const a of arrays) {
      const kind = a.constructor; // a Buffer (msgpackr: bin), a DataView or another typed array: msgpackr's to write
      if (kind !== Float64Array && kind !== Int32Array && kind !== Uint8Array) throw NOT_WRITABLE;
      length += a.byteLength;
    }
    this.room(length + 8);
    const b = this.bytes;
    if (length + 1 < 0x100) { b[this.at++] = 0xc7; b[this.at++] = length + 1; }
    else if (length + 1 < 0x10000) { b[this.at++] = 0xc8; b[this.at++] = (length + 1) >> 8; b[this.at++] = (length + 1) & 0xff; }
    else { b[this.at++] = 0xc9; this.view.setUint32(this.at, length + 1); this.at += 4; }
    b[this.at++] = TYPED_ARRAY_EXT;
    b[this.at++] = code;
    // Element by element in the platform's byte order (the bytes of the array's own memory): a Uint8Array view of
    // each column would cost an object each.
    const view = this.view;
    for (const a of arrays) {
      if (a instanceof Float64Array) for (let i = 0; i < a.length; i++, this.at += 8) view.setFloat64(this.at, a[i], LITTLE_ENDIAN);
      else if (a instanceof Int32Array) for (let i = 0; i < a.length; i++, this.at += 4) view.setInt32(this.at, a[i], LITTLE_ENDIAN);
      else for (let i = 0; i < a.length; i++) b[this.at++] = a[i];
    }
  }

  private byte(x: number): void {
    this.room(1);
    this.bytes[this.at++] = x;
  }

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/** Whatever the reader cannot read: the caller decodes with msgpackr. */
const NOT_READABLE = new Error('not read by readMessage');

const arena = new ColumnArena();
/** Empty typed arrays: shared, as an array of no elements cannot be written. */
export const EMPTY_U8 = new Uint8Array(0);
export const EMPTY_I32 = new Int32Array(0);
export const EMPTY_F64 = new Float64Array(0);

/**
 * Reads a map of the forms WireWriter writes (keys: ASCII strings; values: numbers, ASCII strings, nil, undefined,
 * arrays of such values, the three typed arrays, and maps of the same) into a plain object; returns null for any
 * other msgpack, which the caller hands to msgpackr. `bytes` may be a view of shared memory: a typed array is copied
 * out (column-arena.ts), 8-byte aligned, and nothing else refers to `bytes` afterwards.
 */
export function readMessage(bytes: Uint8Array): Record<string, unknown> | null {
  const r = reader.reset(bytes);
  try {
    const v = r.value();
    if (r.at !== bytes.length || typeof v !== 'object' || v === null || Array.isArray(v) || ArrayBuffer.isView(v)) return null;
    return v as Record<string, unknown>;
  } catch (err) {
    if (err === NOT_READABLE) return null;
    throw err;
  }
}

/** Strings read before, by a hash of their length and first and last bytes (keys and message types: a few dozen). */
const STRING_SLOTS = 256;
const strings: Array<string | undefined> = new Array(STRING_SLOTS).fill(undefined);

const MAX_DEPTH = 4;

class WireReader {
  at = 0;
  private bytes: Uint8Array = EMPTY_U8;
  /** A view of the whole buffer `bytes` lies in (kept while messages come from the same buffer), and their offset in it. */
  private view: DataView = new DataView(new ArrayBuffer(0));
  private base = 0;
  private end = 0;
  /** Maps and arrays open (a batch nests two deep; deeper input is msgpackr's, which bounds its own recursion). */
  private depth = 0;

  reset(bytes: Uint8Array): this {
    if (this.view.buffer !== bytes.buffer) this.view = new DataView(bytes.buffer);
    this.bytes = bytes;
    this.base = bytes.byteOffset;
    this.end = bytes.length;
    this.at = 0;
    this.depth = 0;
    return this;
  }

  value(): unknown {
    const b = this.byte();
    if (b < 0x80) return b;
    if (b >= 0xe0) return b - 0x100;
    if ((b & 0xf0) === 0x80) return this.map(b & 0x0f);
    if ((b & 0xf0) === 0x90) return this.array(b & 0x0f);
    if ((b & 0xe0) === 0xa0) return this.string(b & 0x1f);
    switch (b) {
      case 0xc0: return null;
      case 0xcc: return this.byte();
      case 0xcd: return this.u16();
      case 0xce: return this.u32();
      case 0xd0: this.need(1); return this.view.getInt8(this.base + this.at++);
      case 0xd1: { this.need(2); const v = this.view.getInt16(this.base + this.at); this.at += 2; return v; }
      case 0xd2: { this.need(4); const v = this.view.getInt32(this.base + this.at); this.at += 4; return v; }
      case 0xcb: { this.need(8); const v = this.view.getFloat64(this.base + this.at); this.at += 8; return v; }
      case 0xd9: return this.string(this.byte());
      case 0xdc: return this.array(this.u16());
      case 0xde: return this.map(this.u16());
      case 0xd4: {
        if (this.byte() !== 0 || this.byte() !== 0) throw NOT_READABLE; // fixext1 type 0, data 0: undefined
        return undefined;
      }
      case 0xc7: return this.typedArray(this.byte());
      case 0xc8: return this.typedArray(this.u16());
      case 0xc9: return this.typedArray(this.u32());
      default: throw NOT_READABLE;
    }
  }

  private map(n: number): Record<string, unknown> {
    if (++this.depth > MAX_DEPTH) throw NOT_READABLE;
    const o: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const key = this.value();
      if (typeof key !== 'string' || key === '__proto__') throw NOT_READABLE;
      o[key] = this.value();
    }
    this.depth--;
    return o;
  }

  private array(n: number): unknown[] {
    if (++this.depth > MAX_DEPTH) throw NOT_READABLE;
    const a: unknown[] = [];
    for (let i = 0; i < n; i++) a.push(this.value());
    this.depth--;
    return a;
  }

  /** An ASCII string: one the reader has met before (keys, message types) is taken from `strings`, not built. */
  private string(n: number): string {
    this.need(n);
    const b = this.bytes;
    const at = this.at;
    const slot = n === 0 ? 0 : (n * 31 + b[at] * 7 + b[at + n - 1]) & (STRING_SLOTS - 1);
    const known = strings[slot];
    if (known !== undefined && known.length === n) {
      let same = true;
      for (let i = 0; i < n && same; i++) same = known.charCodeAt(i) === b[at + i];
      if (same) {
        this.at += n;
        return known;
      }
    }
    let s = '';
    for (let i = 0; i < n; i++) {
      const c = b[at + i];
      if (c >= 0x80) throw NOT_READABLE;
      s += String.fromCharCode(c);
    }
    this.at += n;
    if (n <= 32) strings[slot] = s;
    return s;
  }

  /** Ext of `length` bytes (its type byte after the length): a typed array of the batches' three kinds. */
  private typedArray(length: number): Uint8Array | Int32Array | Float64Array {
    if (length < 1 || this.byte() !== TYPED_ARRAY_EXT) throw NOT_READABLE;
    this.need(length);
    const code = this.bytes[this.at];
    const start = this.at + 1;
    const size = length - 1;
    const width = code === UINT8 ? 1 : code === INT32 ? 4 : code === FLOAT64 ? 8 : 0;
    if (width === 0 || size % width !== 0) throw NOT_READABLE;
    this.at += length;
    if (size === 0) return code === UINT8 ? EMPTY_U8 : code === INT32 ? EMPTY_I32 : EMPTY_F64;
    const at = arena.place(this.bytes, start, size);
    const buffer = arena.buffer;
    return code === UINT8 ? new Uint8Array(buffer, at, size) : code === INT32 ? new Int32Array(buffer, at, size / 4) : new Float64Array(buffer, at, size / 8);
  }

  private byte(): number {
    this.need(1);
    return this.bytes[this.at++];
  }

  private u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.base + this.at);
    this.at += 2;
    return v;
  }

  private u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.base + this.at);
    this.at += 4;
    return v;
  }

  private need(n: number): void {
    if (this.at + n > this.end) throw NOT_READABLE;
  }
}

const reader = new WireReader();
