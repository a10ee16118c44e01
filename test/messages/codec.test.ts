import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../src/messages/codec.js';
import { HeartbeatBatchBuilder, ResponseRouter } from '../../src/messages/builders.js';
import { pack } from 'msgpackr';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import type { HeartbeatBatch, Message } from '../../src/messages/types.js';
import { scenario } from '../helpers.js';

function heartbeats(): Message {
  const b = new HeartbeatBatchBuilder();
  b.finished(jobIndex(3), 17);
  b.finished(jobIndex(4), -2);
  b.heartbeat(nodeId(12), 6001, 1, 0);
  b.heartbeat(nodeId(13), 6500, 0, 2);
  b.network([3, 1], 2, [1.5, 2, 0, 0, 64, 0, 0, 8, 0, 16], [12, 6100, 2048, 40, 41], [13, 7, 0, 3, 1.25], 4, [0, 2, 1, 5]);
  return b.take(1, 2);
}

function responses() {
  const b = new ResponseRouter(1, 100);
  b.launchMap(nodeId(12), jobIndex(3), 18, 19_000);
  b.launchReduce(nodeId(13), jobIndex(4), 0, 250, 30_000, false);
  b.mapsDone(nodeId(13), jobIndex(4));
  b.kill(nodeId(12), jobIndex(3), 5);
  return b.take(2)[0]!;
}

const messages: Array<[string, Message]> = [
  ['heartbeats', heartbeats()],
  ['epoch with responses', { type: 'epoch', rack: 1, epoch: 3, reportFreeFromMs: Infinity, responses: responses() }],
  ['epoch without responses', { type: 'epoch', rack: 0, epoch: 0, reportFreeFromMs: 0, responses: null }],
  ['epoch with a fluid allocation and serves', { type: 'epoch', rack: 2, epoch: 7, reportFreeFromMs: 0, responses: null, allocationMBps: Float64Array.from([Infinity, 12.5, 0]), serves: Float64Array.from([0, 40, 21_000, 131_072, 3200, 1, 41, 21_500, 2048, 44]), forgetJobs: Int32Array.from([3, 17, 2_000_000]) }],
  ['failed', { type: 'failed', rack: 2, timeMs: 12345, message: 'boom' }],
];

describe('message codec', () => {
  it.each(messages)('round-trips %s with typed arrays intact', (_, message) => {
    const bytes = encode(message);
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength); // exact size: posting it clones no scratch buffer
    expect(decode(bytes)).toEqual(message);
  });

  it('keeps rows in columns', () => {
    const m = decode(encode(heartbeats()));
    if (m.type !== 'heartbeats') throw new Error('wrong type');
    expect([...m.finishedEnd]).toEqual([2, 2]);
    expect([...m.finishedTask]).toEqual([17, -2]);
    expect(m.timeMs).toBeInstanceOf(Float64Array);
  });

  it('rejects malformed bytes', () => {
    expect(() => decode(pack({ type: 'heartbeats', rack: 1 }))).toThrow(/heartbeats: column lengths missing/);
    const good = heartbeats() as HeartbeatBatch;
    const short = { type: 'heartbeats', rack: 1, epoch: 2, n: [good.node.length, 0, 0, 0, 2, 2, 2, 2, 2, 2, 0, 1, 0], cols: new Uint8Array(3) };
    expect(() => decode(pack(short))).toThrow(/heartbeats: columns hold 3 bytes, lengths say/);
    expect(() => decode(pack({ type: 'epoch', rack: 'x', epoch: 1, reportFreeFromMs: 0, responses: null }))).toThrow(/rack must be a number/);
    expect(() => decode(encode({ type: 'gossip' } as never))).toThrow(/unknown message type gossip/);
    expect(() => decode(pack({ type: 'epoch', rack: 0, epoch: 1, reportFreeFromMs: 0, responses: null, serves: [1, 2, 3, 4] }))).toThrow(/serves must be a Float64Array or null/);
    expect(() => decode(pack({ type: 'epoch', rack: 0, epoch: 1, reportFreeFromMs: 0, responses: null, forgetJobs: [1, 2] }))).toThrow(/forgetJobs must be an Int32Array or null/);
  });
});
