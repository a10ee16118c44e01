import { describe, expect, it } from 'vitest';
import { HeartbeatBatchBuilder, ResponseRouter } from '../../src/messages/builders.js';
import { encode } from '../../src/messages/codec.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { MAILBOX_FAILED, MAILBOX_MAX_BYTES, MAILBOX_OK, Mailbox, batchBoundBytes, serveBoundBytes } from '../../src/actors/mailbox.js';
import { SERVE_FIELDS } from '../../src/core/network/serves.js';
import { forgetsPerEpoch } from '../../src/core/map-outputs.js';

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

  it('fluid model: holds a full rack\'s largest batches, and every commands mailbox an epoch\'s serves for the whole cluster', () => {
    const [racks, nodes, maps, copies, reduces] = [300, 4, 3, 1, 2];
    const fluid = { racks, copySlots: copies };
    const bound = batchBoundBytes(nodes, maps, reduces, fluid);
    const mapLike = nodes * (maps + copies);
    const hb = new HeartbeatBatchBuilder();
    for (let n = 0; n < nodes; n++) {
      for (let s = 0; s < maps + copies + reduces; s++) hb.finished(jobIndex(100_000 + n), s < maps + copies ? s : -(s + 1));
      hb.heartbeat(nodeId(n), 1e12 + n, maps, reduces);
    }
    const demandPairs = Math.min(racks + 2, 2 * mapLike + 2);
    const demand = new Int32Array(2 * demandPairs).fill(2 ** 30);
    // The far sides' (kind, peer) pairs: a pair for each serve the rack can hold (bounded core).
    const farPeers = new Array<number>(2 * nodes * (2 * (maps + copies) + reduces)).fill(2 ** 30);
    const writes = new Array<number>(nodes * reduces * 2 * 5).fill(1e12 + 0.5);
    const fetches = new Array<number>(nodes * reduces * 2 * 5).fill(1e12 + 0.5);
    hb.network(demand, demand.length, new Float64Array(11).fill(1e15 + 0.5), writes, fetches, 2 ** 30, farPeers);
    const rb = new ResponseRouter(1, nodes);
    for (let n = 0; n < nodes; n++) {
      for (let s = 0; s < maps + copies; s++) { rb.kill(nodeId(n), jobIndex(100_000), s); rb.launchMap(nodeId(n), jobIndex(100_000), s, 2 ** 40 + 0.5, nodeId(2 ** 30), 2 ** 30, 2 ** 30); }
      for (let s = 0; s < reduces; s++) {
        rb.kill(nodeId(n), jobIndex(100_000), -1 - s);
        rb.launchReduce(nodeId(n), jobIndex(100_000), s, 2 ** 40 + 0.5, 2 ** 40 + 0.5, false, 2 ** 30, 2 ** 30);
        rb.mapProgress(nodeId(n), jobIndex(100_000), 2 ** 30, 2 ** 30, 2 ** 30, 2 ** 30);
      }
    }
    const allocation = new Float64Array(2 * Math.min(racks + 2, 2 * (demandPairs + mapLike + 2))).fill(1e15 + 0.5);
    // Every serve of the epoch, the whole cluster's, sent to this one rack.
    const serves = new Float64Array(racks * nodes * (maps + copies + 4 * reduces + 1) * SERVE_FIELDS).fill(1e15 + 0.5);
    const up = encode(hb.take(3, 2 ** 30));
    const forgetJobs = new Int32Array(forgetsPerEpoch(nodes)).fill(2 ** 30); // the most done jobs a command carries
    // The most caps: one for each pair the rack can report and the shuffle's, and one for each serve it is sent.
    const reportedCaps = new Float64Array(3 * (Math.min(2 * racks, nodes * (2 * (maps + copies) + reduces)) + 1)).fill(1e15 + 0.5);
    const farCapsMBps = new Float64Array(reportedCaps.length + 3 * racks * nodes * (maps + copies + 4 * reduces + 1)).fill(1e15 + 0.5);
    const down = encode({ type: 'epoch', rack: 3, epoch: 2 ** 30, reportFreeFromMs: Infinity, responses: rb.take(2 ** 30)[0], allocationMBps: allocation, serves, forgetJobs, farCapsMBps });
    const withServes = bound + serveBoundBytes(racks, nodes, maps + copies, reduces);
    expect(up.byteLength).toBeLessThanOrEqual(bound);
    expect(down.byteLength).toBeGreaterThan(bound); // the serves alone would overflow a rack's own bound
    expect(down.byteLength).toBeLessThanOrEqual(withServes);
    const box = Mailbox.create(withServes);
    box.send([down]);
    expect(Buffer.from(box.receive().messages[0]).equals(down)).toBe(true);
    const encodedNoServes = encode({ type: 'epoch', rack: 3, epoch: 2 ** 30, reportFreeFromMs: Infinity, responses: rb.take(2 ** 30)[0] ?? null, allocationMBps: allocation, serves: null, forgetJobs, farCapsMBps: reportedCaps });
    expect(encodedNoServes.byteLength).toBeLessThanOrEqual(bound);
  });

  it('makes the commands mailbox of a worker whose racks\' bounds pass 2^32 bytes (capped: the memory is taken only where written)', () => {
    // 2,000 fluid racks of 50 nodes with 20 map and 80 reduce slots on 2 workers: 1,000 racks' batches and the
    // cluster's serves, 4.38 GB; a Uint8Array that long could not be made, and every such threads run failed with
    // "Invalid typed array length: undefined" before its first epoch (in-process ran it).
    const [racks, nodes, maps, reduces] = [2000, 50, 20, 80];
    const bytes = batchBoundBytes(nodes, maps, reduces, { racks, copySlots: 0 }) * (racks / 2) + serveBoundBytes(racks, nodes, maps, reduces);
    expect(bytes).toBeGreaterThan(2 ** 32);
    const box = Mailbox.create(bytes);
    expect(box.buffer.byteLength).toBe(MAILBOX_MAX_BYTES);
    const a = [new Uint8Array([1, 2, 3]), new Uint8Array(100).fill(7)];
    box.send(a);
    expect(box.receive()).toEqual({ status: MAILBOX_OK, messages: a });
  });
});
