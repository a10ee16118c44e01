import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { decode, encode, encodeView } from '../../src/messages/codec.js';
import { readMessage } from '../../src/messages/batch-wire.js';
import type { EpochCommand, HeartbeatBatch, Message, ResponseBatch } from '../../src/messages/types.js';

/** The codec before batch-wire.ts: msgpackr over the wire form (columns as lengths and one run of bytes). */
const packr = new Packr({ moreTypes: true, useRecords: false });
const HEARTBEAT_COLUMNS = ['timeMs', 'carriedMB', 'replicas', 'fetches', 'node', 'freeMaps', 'freeReduces', 'finishedEnd', 'finishedJob', 'finishedTask', 'demand', 'stillToRun', 'farPeers'];
const RESPONSE_COLUMNS = ['launchMs', 'launchCopyMs', 'launchNode', 'launchJob', 'launchTask', 'launchSrc', 'launchReadKB', 'launchWriteKB', 'doneNode', 'doneJob', 'doneFinished', 'doneInRack', 'doneOnNode', 'doneMaps', 'killNode', 'killJob', 'killTask', 'launchMapsDone'];

function wireColumns(o: object, keys: string[]): { n: number[]; cols: Uint8Array } {
  const cols = keys.map((k) => (o as Record<string, Float64Array | Int32Array | Uint8Array>)[k]);
  const bytes = new Uint8Array(cols.reduce((sum, c) => sum + c.byteLength, 0));
  let at = 0;
  for (const c of cols) {
    bytes.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), at);
    at += c.byteLength;
  }
  return { n: cols.map((c) => c.length), cols: bytes };
}

function msgpackrBytes(m: Message): Uint8Array {
  if (m.type === 'heartbeats') return packr.pack({ type: m.type, rack: m.rack, epoch: m.epoch, ...wireColumns(m, HEARTBEAT_COLUMNS) });
  if (m.type === 'epoch') {
    const r = m.responses;
    return packr.pack({ ...m, responses: r === null ? null : { epoch: r.epoch, ...wireColumns(r, RESPONSE_COLUMNS) } });
  }
  return packr.pack(m);
}

// Every kind of number msgpackr tells apart: fixints, 8/16/32-bit ints of both signs, doubles, the infinities, -0 (NaN,
// which decode refuses in a scalar field, in the test of odd values below; columns hold NaNs from fc.double).
const number = fc.oneof(
  fc.integer({ min: -40, max: 200 }), fc.integer({ min: -70_000, max: 70_000 }), fc.integer(), fc.nat({ max: 2 ** 32 - 1 }),
  fc.double({ noNaN: true }), fc.constantFrom(2 ** 32, 2 ** 53, -(2 ** 31) - 1, Infinity, -Infinity, -0),
);
const i32 = (max: number) => fc.array(fc.integer(), { maxLength: max }).map((a) => Int32Array.from(a));
const f64 = (max: number) => fc.array(fc.double(), { maxLength: max }).map((a) => Float64Array.from(a));
// Lengths across msgpackr's ext8/ext16/ext32 and fixarray/array16 boundaries come from the column sizes together.
// A batch's per-heartbeat columns share one length (decode checks it); the finished tasks' columns have their own.
const heartbeats = fc.nat({ max: 40 }).chain((rows) => {
  const row = { minLength: rows, maxLength: rows };
  const ints = fc.array(fc.integer(), row).map((a) => Int32Array.from(a));
  return fc.record({
    rack: number, epoch: number, node: ints, timeMs: fc.array(fc.double(), row).map((a) => Float64Array.from(a)), freeMaps: ints,
    freeReduces: ints, finishedEnd: ints, finishedJob: i32(9000), finishedTask: i32(5), demand: i32(5), carriedMB: f64(7), replicas: f64(6), fetches: f64(10), stillToRun: i32(1), farPeers: i32(4),
  });
}).map((h): HeartbeatBatch => ({ type: 'heartbeats', ...h }));
const responses = fc.record({
  epoch: number, launchMs: f64(20), launchCopyMs: f64(3), launchNode: i32(20), launchJob: i32(3), launchTask: i32(3), launchSrc: i32(3),
  launchReadKB: i32(3), launchWriteKB: i32(3), launchMapsDone: fc.uint8Array({ maxLength: 40 }), doneNode: i32(3), doneJob: i32(3), doneFinished: i32(3), doneInRack: i32(3), doneOnNode: i32(3), doneMaps: i32(3),
  killNode: i32(3), killJob: i32(3), killTask: i32(3),
}) as fc.Arbitrary<ResponseBatch>;
const epochCommand = fc.record({
  rack: number, epoch: number, reportFreeFromMs: number, responses: fc.option(responses, { nil: null }),
  allocationMBps: fc.option(f64(70), { nil: undefined }), serves: fc.oneof(fc.constant(null), fc.constant(undefined), f64(9)),
  forgetJobs: fc.oneof(fc.constant(null), fc.constant(undefined), i32(5)),
}, { requiredKeys: ['rack', 'epoch', 'reportFreeFromMs', 'responses'] }).map((c): EpochCommand => ({ type: 'epoch', ...c }));
const message = fc.oneof(heartbeats, epochCommand);

/** What a message decodes to: msgpack has no -0 for integers (msgpackr writes it as 0, as before batch-wire.ts). */
function decoded(m: Message): Message {
  const zero = (v: unknown): unknown => (Object.is(v, -0) ? 0 : v);
  const out = Object.fromEntries(Object.entries(m).map(([k, v]) => [k, zero(v)])) as Record<string, unknown>;
  if (m.type === 'epoch' && m.responses !== null) out.responses = { ...m.responses, epoch: zero(m.responses.epoch) };
  return out as unknown as Message;
}

/** Bytes as they arrive in a mailbox: a view into shared memory, among other bytes. */
function inSharedMemory(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength + 13));
  shared.set(bytes, 5);
  return shared.subarray(5, 5 + bytes.byteLength);
}

describe('batch messages written and read directly (batch-wire.ts)', () => {
  it('writes the bytes msgpackr writes for the same wire form, and reads them back to what msgpackr reads', () => {
    fc.assert(fc.property(message, (m) => {
      const ours = encode(m);
      const theirs = msgpackrBytes(m);
      expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
      expect(readMessage(ours)).toEqual(packr.unpack(theirs));
      expect(decode(ours)).toEqual(decoded(m));
    }), { numRuns: 400 });
  });

  it('decodes views of shared memory and of its own scratch, keeping nothing of them', () => {
    fc.assert(fc.property(message, message, (m, other) => {
      const shared = inSharedMemory(encodeView(m));
      const fromShared = decode(shared);
      const fromScratch = decode(encodeView(m));
      encodeView(other); // overwrites the scratch
      shared.fill(0xff); // and the mailbox
      expect(fromShared).toEqual(decoded(m));
      expect(fromScratch).toEqual(decoded(m));
    }), { numRuns: 200 });
  });

  it('keeps every decoded column intact while later messages fill arena after arena, and a large column apart', () => {
    const batch = (k: number, rows: number): HeartbeatBatch => ({
      type: 'heartbeats', rack: k, epoch: k, node: new Int32Array(rows).fill(k), timeMs: new Float64Array(rows).fill(k + 0.5),
      freeMaps: new Int32Array(rows), freeReduces: new Int32Array(rows), finishedEnd: new Int32Array(rows), finishedJob: Int32Array.of(k, -k, 7),
      finishedTask: new Int32Array(0), demand: new Int32Array(0), carriedMB: Float64Array.of(k), replicas: new Float64Array(0), fetches: new Float64Array(0), stillToRun: new Int32Array(0), farPeers: new Int32Array(0),
    });
    const sent = Array.from({ length: 3000 }, (_, k) => batch(k, k === 1500 ? 40_000 : 1 + (k % 50))); // ~3 MB: three arenas, one 480 KB column
    const got = sent.map((m) => decode(inSharedMemory(encodeView(m))));
    got.forEach((m, k) => expect(m).toEqual(sent[k]));
  });

  it('gives encode() bytes of their own even when a batch fills the scratch buffer exactly', () => {
    // A command ending in null (which takes exactly its one byte of room) can end at the scratch's last byte; a string
    // before it moves that end one byte at a time, its Float64s eight at a time.
    const command = (floats: number, chars: number) => ({
      type: 'epoch', rack: 0, epoch: 1, reportFreeFromMs: 0, responses: null, allocationMBps: new Float64Array(floats),
      note: 'x'.repeat(chars), serves: null,
    }) as EpochCommand;
    let m: EpochCommand | undefined;
    const start = Math.floor(encodeView(command(0, 0)).buffer.byteLength / 8) - 20; // the scratch as it is now
    for (let floats = Math.max(0, start); m === undefined && floats < start + 40; floats++) {
      for (let chars = 0; chars < 16; chars++) {
        const view = encodeView(command(floats, chars));
        if (view.byteLength === view.buffer.byteLength) { m = command(floats, chars); break; }
      }
    }
    if (m === undefined) throw new Error('no command fills the scratch');
    const scratch = encodeView(m).buffer;
    const bytes = encode(m);
    const copy = bytes.slice();
    encodeView(command(3, 0)); // overwrites the scratch
    expect(bytes.buffer).not.toBe(scratch);
    expect(bytes).toEqual(copy);
  });

  it('leaves to msgpackr what it does not write as msgpackr would, with the same bytes', () => {
    const odd: Message[] = [
      { type: 'epoch', rack: 1, epoch: 2, reportFreeFromMs: 0, responses: null, serves: Buffer.from([1, 2]) as unknown as Float64Array },
      { type: 'epoch', rack: 1, epoch: 2, reportFreeFromMs: 0, responses: null, ['é' as 'serves']: null },
      { type: 'failed', rack: 3, timeMs: 1.5, message: 'a message of more than 255 characters: '.padEnd(300, 'x') },
      { type: 'heartbeats', rack: 1, epoch: 2, node: Int32Array.of(4), timeMs: Float64Array.of(1), freeMaps: Uint16Array.of(258) as unknown as Int32Array, freeReduces: Int32Array.of(0), finishedEnd: Int32Array.of(0), finishedJob: new Int32Array(0), finishedTask: new Int32Array(0), demand: new Int32Array(0), carriedMB: new Float64Array(0), replicas: new Float64Array(0), fetches: new Float64Array(0), stillToRun: new Int32Array(0), farPeers: new Int32Array(0) },
    ];
    const nan: Message = { type: 'epoch', rack: NaN, epoch: 2, reportFreeFromMs: 0, responses: null };
    expect(Buffer.from(encode(nan)).equals(Buffer.from(msgpackrBytes(nan)))).toBe(true);
    expect(() => decode(encode(nan))).toThrow(/rack must be a number/);
    for (const m of odd) expect(Buffer.from(encode(m)).equals(Buffer.from(msgpackrBytes(m)))).toBe(true);
  });

  it('reads only the forms it writes; msgpack it does not know is for msgpackr', () => {
    expect(readMessage(packr.pack({ a: true }))).toBeNull(); // booleans are not batch values
    expect(readMessage(packr.pack([1, 2]))).toBeNull(); // not a map
    expect(readMessage(new Uint8Array([0xde, 0x00]))).toBeNull(); // cut short
    expect(readMessage(new Uint8Array(100_000).fill(0x91))).toBeNull(); // nested past a batch's depth (no stack overflow)
    expect(readMessage(new Uint8Array([0x81, 0xa1, 0x61, 0xc7, 0x03, 0x74, 0x05, 0x01, 0x02]))).toBeNull(); // 2 bytes of an Int32Array
    const good = encode({ type: 'epoch', rack: 0, epoch: 1, reportFreeFromMs: 0, responses: null });
    expect(readMessage(Uint8Array.from([...good, 0]))).toBeNull(); // bytes left over
  });
});
