/**
 * The msgpack codec for every message. Batches (heartbeats, epoch commands) travel as a small msgpack envelope
 * plus their columns laid end to end in one binary payload (Float64 columns first, so every column stays aligned):
 * encoding is a few memory copies and decoding one copy plus typed-array views, instead of msgpack walking each
 * column (which cost 20-45 us a batch). The batches' msgpack is written and read by batch-wire.ts, byte for byte
 * what msgpackr writes for the same wire form, without its generic walk; other messages (and any batch holding a
 * value batch-wire.ts does not write) use msgpackr with moreTypes (without it typed arrays become Buffers of the
 * wrong bytes). encode() returns an exact-size Uint8Array that owns its memory, so it can be posted or transferred
 * without cloning a scratch buffer. decode() validates the shape.
 */
import { createRequire } from 'node:module';
import type { Packr } from 'msgpackr';
import type { EpochCommand, HeartbeatBatch, Message, ResponseBatch } from './types.js';
import { EMPTY_F64, EMPTY_I32, EMPTY_U8, WireWriter, isNotWritable, readMessage } from './batch-wire.js';

/** msgpackr (its CommonJS build), loaded at the first message encoded: an in-process run without --codec sends none. */
let packer: Packr | undefined;
const packr = (): Packr => (packer ??= new (createRequire(import.meta.url)('msgpackr') as typeof import('msgpackr')).Packr({ moreTypes: true, useRecords: false }));

interface Layout {
  f64: readonly string[];
  i32: readonly string[];
  u8: readonly string[];
  /** All columns in wire order (Float64, then Int32, then Uint8). */
  keys: readonly string[];
}

function layout(f64: string[], i32: string[], u8: string[]): Layout {
  return { f64, i32, u8, keys: [...f64, ...i32, ...u8] };
}

const HEARTBEATS = layout(['timeMs', 'carriedMB', 'replicas', 'fetches'], ['node', 'freeMaps', 'freeReduces', 'finishedEnd', 'finishedJob', 'finishedTask', 'demand', 'stillToRun', 'farPeers'], []);
const RESPONSES = layout(
  ['launchMs', 'launchCopyMs'],
  ['launchNode', 'launchJob', 'launchTask', 'launchSrc', 'launchReadKB', 'launchWriteKB', 'doneNode', 'doneJob', 'doneFinished', 'doneInRack', 'doneOnNode', 'doneMaps', 'killNode', 'killJob', 'killTask'],
  ['launchMapsDone'],
);

/** Columns on the wire: their lengths in layout order, and their bytes end to end. */
interface WireColumns {
  n: number[];
  cols: Uint8Array;
}

const writer = new WireWriter();

/** The message's bytes: an exact-size Uint8Array that owns its memory (it can be posted or transferred as it is). */
export function encode(message: Message): Uint8Array {
  return writeBatch(message)?.slice() ?? packBytes(message);
}

/**
 * The message's bytes, possibly a view of this thread's scratch buffer, valid only until the next encodeView() or
 * encode() here: for a caller that copies them at once (a mailbox's push, decode).
 */
export function encodeView(message: Message): Uint8Array {
  return writeBatch(message) ?? packBytes(message);
}

/** A batch written by batch-wire.ts, as a view of the writer's scratch; null for any other message, or a batch it refuses. */
function writeBatch(message: Message): Uint8Array | null {
  if (message.type !== 'heartbeats' && message.type !== 'epoch') return null;
  try {
    return message.type === 'heartbeats' ? writeHeartbeats(message) : writeEpoch(message);
  } catch (err) {
    if (isNotWritable(err)) return null;
    throw err;
  }
}

/** msgpackr's bytes for the message's wire form, exact-size and owned. */
function packBytes(message: Message): Uint8Array {
  return Uint8Array.prototype.slice.call(packr().pack(toWireMessage(message)));
}

/** Decodes a message; `bytes` may be a view of shared memory or a scratch buffer: nothing decoded refers to them. */
export function decode(bytes: Uint8Array): Message {
  const wire = readMessage(bytes) ?? (packr().unpack(bytes.buffer instanceof SharedArrayBuffer ? bytes.slice() : bytes) as Record<string, unknown>);
  if (typeof wire !== 'object' || wire === null) throw new Error('message is not an object');
  let message = wire as unknown as Message;
  if (wire.type === 'heartbeats') {
    message = fromWire({ type: 'heartbeats', rack: wire.rack, epoch: wire.epoch }, wire, HEARTBEATS, 'heartbeats') as unknown as HeartbeatBatch;
  } else if (wire.type === 'epoch' && wire.responses !== null && typeof wire.responses === 'object') {
    const r = wire.responses as Record<string, unknown>;
    wire.responses = fromWire({ epoch: r.epoch }, r, RESPONSES, 'responses');
  }
  validate(message);
  return message;
}

/** The wire form msgpackr packs: a batch's columns as lengths and one run of bytes (toWire). */
function toWireMessage(message: Message): unknown {
  if (message.type === 'heartbeats') {
    return { type: message.type, rack: message.rack, epoch: message.epoch, ...toWire(message, HEARTBEATS) };
  }
  if (message.type === 'epoch') {
    const r = message.responses;
    return { ...message, responses: r === null ? null : { epoch: r.epoch, ...toWire(r, RESPONSES) } };
  }
  return message;
}

/** toWireMessage(m) as msgpackr writes it, written directly. */
function writeHeartbeats(m: HeartbeatBatch): Uint8Array {
  const w = writer;
  w.begin();
  w.map(5);
  w.string('type');
  w.string('heartbeats');
  w.string('rack');
  w.value(m.rack);
  w.string('epoch');
  w.value(m.epoch);
  writeColumns(w, m, HEARTBEATS);
  return w.end();
}

/** toWireMessage(m) as msgpackr writes it, written directly: the command's own keys in their order. */
function writeEpoch(m: EpochCommand): Uint8Array {
  const w = writer;
  w.begin();
  const keys = Object.keys(m);
  w.map(keys.length);
  for (const key of keys) {
    w.string(key);
    const v = (m as unknown as Record<string, unknown>)[key];
    if (key !== 'responses' || v === null) {
      w.value(v);
      continue;
    }
    const r = v as ResponseBatch;
    w.map(3);
    w.string('epoch');
    w.value(r.epoch);
    writeColumns(w, r, RESPONSES);
  }
  return w.end();
}

/** A batch's `n` and `cols` (toWire's), written directly. */
function writeColumns(w: WireWriter, o: object, layout: Layout): void {
  const cols = o as Record<string, Float64Array | Int32Array | Uint8Array>;
  const arrays = layout.keys.map((k) => cols[k]);
  w.string('n');
  w.arrayHeader(arrays.length);
  for (const c of arrays) w.value(c.length);
  w.string('cols');
  w.columns(arrays);
}

function toWire(o: object, layout: Layout): WireColumns {
  const cols = o as Record<string, Float64Array | Int32Array | Uint8Array>;
  const keys = layout.keys;
  const n = keys.map((k) => cols[k].length);
  const bytes = keys.reduce((sum, k) => sum + cols[k].byteLength, 0);
  const out = new Uint8Array(bytes);
  let at = 0;
  for (const k of keys) {
    const c = cols[k];
    out.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), at);
    at += c.byteLength;
  }
  return { n, cols: out };
}

/** Sets `out`'s columns from a wire form's lengths and bytes (views of them where they lie 8-byte aligned); returns `out`. */
function fromWire(out: Record<string, unknown>, w: Record<string, unknown>, layout: Layout, what: string): Record<string, unknown> {
  const n = w.n;
  const keys = layout.keys;
  const f64 = layout.f64.length;
  const i32 = f64 + layout.i32.length;
  if (!Array.isArray(n) || n.length !== keys.length) throw new Error(`${what}: column lengths missing`);
  let expected = 0;
  for (let i = 0; i < n.length; i++) {
    const len = n[i] as unknown;
    if (!Number.isInteger(len) || (len as number) < 0) throw new Error(`${what}: column lengths missing`);
    expected += (len as number) * (i < f64 ? 8 : i < i32 ? 4 : 1);
  }
  const cols = w.cols;
  if (!(cols instanceof Uint8Array)) throw new Error(`${what}: columns missing`);
  if (cols.byteLength !== expected) throw new Error(`${what}: columns hold ${cols.byteLength} bytes, lengths say ${expected}`);
  // Both readers copy the columns out 8-byte aligned; anything else is copied so.
  const own = cols.byteOffset % 8 === 0 && !(cols.buffer instanceof SharedArrayBuffer) ? cols : cols.slice();
  const buffer = own.buffer;
  let at = own.byteOffset;
  for (let i = 0; i < keys.length; i++) {
    const len = n[i] as number;
    if (i < f64) { out[keys[i]] = len === 0 ? EMPTY_F64 : new Float64Array(buffer, at, len); at += len * 8; }
    else if (i < i32) { out[keys[i]] = len === 0 ? EMPTY_I32 : new Int32Array(buffer, at, len); at += len * 4; }
    else { out[keys[i]] = len === 0 ? EMPTY_U8 : new Uint8Array(buffer, at, len); at += len; }
  }
  return out;
}

function validate(m: Message): void {
  switch (m.type) {
    case 'heartbeats':
      requireNumbers(m, ['rack', 'epoch']);
      if (m.finishedEnd.length !== m.node.length || m.timeMs.length !== m.node.length) throw new Error('heartbeats: columns differ in length');
      return;
    case 'epoch':
      requireNumbers(m, ['rack', 'epoch', 'reportFreeFromMs']);
      if (m.allocationMBps != null && !(m.allocationMBps instanceof Float64Array)) throw new Error('epoch: allocationMBps must be a Float64Array or null');
      if (m.serves != null && !(m.serves instanceof Float64Array)) throw new Error('epoch: serves must be a Float64Array or null');
      if (m.forgetJobs != null && !(m.forgetJobs instanceof Int32Array)) throw new Error('epoch: forgetJobs must be an Int32Array or null');
      if (m.farCapsMBps != null && !(m.farCapsMBps instanceof Float64Array)) throw new Error('epoch: farCapsMBps must be a Float64Array or null');
      if (m.responses !== null) requireNumbers(m.responses, ['epoch']);
      return;
    case 'failed':
      requireNumbers(m, ['rack', 'timeMs']);
      if (typeof m.message !== 'string') throw new Error('failed: message missing');
      return;
    default:
      throw new Error(`unknown message type ${String((m as { type?: unknown }).type)}`);
  }
}

function requireNumbers(o: object, keys: string[]): void {
  for (const k of keys) {
    const v = (o as Record<string, unknown>)[k];
    if (typeof v !== 'number' || Number.isNaN(v)) throw new Error(`${k} must be a number`);
  }
}
