/**
 * The msgpack codec for every message. Batches (heartbeats, epoch commands) travel as a small msgpack envelope
 * plus their columns laid end to end in one binary payload (Float64 columns first, so every column stays aligned):
 * encoding is a few memory copies and decoding one copy plus typed-array views, instead of msgpack walking each
 * column (which cost 20-45 us a batch). Other messages use msgpackr with moreTypes (without it typed arrays
 * become Buffers of the wrong bytes). encode() returns an exact-size Uint8Array that owns its memory, so it can
 * be posted or transferred without cloning msgpackr's scratch buffer. decode() validates the shape.
 */
import { createRequire } from 'node:module';
import type { Packr } from 'msgpackr';
import type { EpochCommand, HeartbeatBatch, Message, ResponseBatch } from './types.js';

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

const HEARTBEATS = layout(['timeMs', 'carriedMB'], ['node', 'freeMaps', 'freeReduces', 'finishedEnd', 'finishedJob', 'finishedTask', 'demand'], []);
const RESPONSES = layout(
  ['launchMs', 'launchCopyMs'],
  ['launchNode', 'launchJob', 'launchTask', 'launchSrc', 'launchReadKB', 'launchWriteKB', 'doneNode', 'doneJob', 'killNode', 'killJob', 'killTask'],
  ['launchMapsDone'],
);

/** Columns on the wire: their lengths in layout order, and their bytes end to end. */
interface WireColumns {
  n: number[];
  cols: Uint8Array;
}

export function encode(message: Message): Uint8Array {
  let wire: unknown = message;
  if (message.type === 'heartbeats') {
    wire = { type: message.type, rack: message.rack, epoch: message.epoch, ...toWire(message, HEARTBEATS) };
  } else if (message.type === 'epoch') {
    const r = message.responses;
    wire = { ...message, responses: r === null ? null : { epoch: r.epoch, ...toWire(r, RESPONSES) } };
  }
  return Uint8Array.prototype.slice.call(packr().pack(wire));
}

export function decode(bytes: Uint8Array): Message {
  const wire = packr().unpack(bytes) as Record<string, unknown>;
  if (typeof wire !== 'object' || wire === null) throw new Error('message is not an object');
  let message = wire as unknown as Message;
  if (wire.type === 'heartbeats') {
    message = { type: 'heartbeats', rack: wire.rack, epoch: wire.epoch, ...fromWire(wire, HEARTBEATS, 'heartbeats') } as HeartbeatBatch;
  } else if (wire.type === 'epoch' && wire.responses !== null && typeof wire.responses === 'object') {
    const r = wire.responses as Record<string, unknown>;
    message = { ...(wire as object), responses: { epoch: r.epoch, ...fromWire(r, RESPONSES, 'responses') } as ResponseBatch } as EpochCommand;
  }
  validate(message);
  return message;
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

function fromWire(w: Record<string, unknown>, layout: Layout, what: string): Record<string, Float64Array | Int32Array | Uint8Array> {
  const n = w.n;
  const keys = layout.keys;
  if (!Array.isArray(n) || n.length !== keys.length || !n.every((x) => Number.isInteger(x) && x >= 0)) throw new Error(`${what}: column lengths missing`);
  if (!(w.cols instanceof Uint8Array)) throw new Error(`${what}: columns missing`);
  const expected = n.reduce((sum: number, len: number, i: number) => sum + len * (i < layout.f64.length ? 8 : i < layout.f64.length + layout.i32.length ? 4 : 1), 0);
  if (w.cols.byteLength !== expected) throw new Error(`${what}: columns hold ${w.cols.byteLength} bytes, lengths say ${expected}`);
  const buffer = w.cols.slice().buffer; // one copy, aligned at 0
  const out: Record<string, Float64Array | Int32Array | Uint8Array> = {};
  let at = 0;
  keys.forEach((k, i) => {
    const len = n[i] as number;
    if (i < layout.f64.length) { out[k] = new Float64Array(buffer, at, len); at += len * 8; }
    else if (i < layout.f64.length + layout.i32.length) { out[k] = new Int32Array(buffer, at, len); at += len * 4; }
    else { out[k] = new Uint8Array(buffer, at, len); at += len; }
  });
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
