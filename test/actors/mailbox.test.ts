import { describe, expect, it } from 'vitest';
import { HeartbeatBatchBuilder, ResponseRouter } from '../../src/messages/builders.js';
import { encode } from '../../src/messages/codec.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { MAILBOX_FAILED, MAILBOX_OK, Mailbox, batchBoundBytes } from '../../src/actors/mailbox.js';

describe('shared-memory mailbox', () => {
  it('carries a list of messages of any length, send after send', () => {
    const box = Mailbox.create(1000);
    const a = [new Uint8Array([1, 2, 3]), new Uint8Array(0), new Uint8Array(17).fill(9)];
    box.send(a);
    expect(box.sequence).toBe(1);
    expect(box.receive()).toEqual({ status: MAILBOX_OK, messages: a });
    box.send([new Uint8Array([7])], MAILBOX_FAILED);
    expect(box.sequence).toBe(2);
    expect(box.receive()).toEqual({ status: MAILBOX_FAILED, messages: [new Uint8Array([7])] });
  });

  it('refuses a list that does not fit, saying so', () => {
    const box = Mailbox.create(16);
    expect(() => box.send([new Uint8Array(40)])).toThrow(/mailbox overflow/);
  });

  it('holds the largest batch a full rack can send in either direction', () => {
    const nodes = 50;
    const [maps, reduces] = [6, 3];
    const bound = batchBoundBytes(nodes, maps, reduces);
    const hb = new HeartbeatBatchBuilder();
    for (let n = 0; n < nodes; n++) {
      for (let s = 0; s < maps + reduces; s++) hb.finished(jobIndex(100_000 + n), s < maps ? s : -(s + 1));
      hb.heartbeat(nodeId(n), 1e12 + n, maps, reduces);
    }
    const rb = new ResponseRouter(1, nodes);
    for (let n = 0; n < nodes; n++) {
      for (let s = 0; s < maps; s++) { rb.kill(nodeId(n), jobIndex(100_000), s); rb.launchMap(nodeId(n), jobIndex(100_000), s, 2 ** 30); }
      for (let s = 0; s < reduces; s++) { rb.kill(nodeId(n), jobIndex(100_000), -1 - s); rb.launchReduce(nodeId(n), jobIndex(100_000), s, 2 ** 30, 2 ** 30, false); rb.mapsDone(nodeId(n), jobIndex(100_000)); }
    }
    const up = encode(hb.take(3, 2 ** 30));
    const down = encode({ type: 'epoch', rack: 3, epoch: 2 ** 30, reportFreeFromMs: Infinity, responses: rb.take(2 ** 30)[0] });
    expect(up.byteLength).toBeLessThanOrEqual(bound);
    expect(down.byteLength).toBeLessThanOrEqual(bound);
    const box = Mailbox.create(bound);
    box.send([down]);
    expect(Buffer.from(box.receive().messages[0]).equals(down)).toBe(true); // encode gives a Buffer; compare bytes
  });
});
