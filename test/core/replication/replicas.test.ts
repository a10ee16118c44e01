/** HDFS replicas that change during a run (src/core/replication/replicas.ts): copies, removals, storage. */
import { describe, expect, it } from 'vitest';
import type { ReplicationPolicy } from '../../../src/core/framework/replication.js';
import { BlockStore } from '../../../src/core/hdfs.js';
import { nodeId } from '../../../src/core/ids.js';
import { makeTopology } from '../../../src/core/topology.js';
import { DynamicReplicas } from '../../../src/core/replication/replicas.js';

function store() {
  const topology = makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 }, 1);
  const blocks = new BlockStore(2, 4, 4);
  blocks.files.push(Int32Array.of(blocks.add([0, 3].map(nodeId)), blocks.add([1, 4].map(nodeId))));
  const rebuilt: number[] = [];
  const hdfs = new DynamicReplicas(blocks, blocks.files, topology, 500, 128, (j) => rebuilt.push(j), false, 'static', 1);
  return { blocks, hdfs, rebuilt };
}

/** A policy that runs `plan` at its rounds, every 1,000 ms. */
function scripted(plan: Record<number, (h: DynamicReplicas) => void>): ReplicationPolicy {
  const p = { nextRoundMs: 1000, blockRead: () => {}, round: (h: DynamicReplicas) => { plan[p.nextRoundMs]?.(h); p.nextRoundMs += 1000; } };
  return p as unknown as ReplicationPolicy;
}

describe('dynamic replicas', () => {
  it('a copy\'s source is HDFS 0.20\'s (chooseSourceDatanode): the first replica, then each later one on a coin toss, whatever the racks', () => {
    // 4 racks of 3; every block on nodes 0 (rack 0), 3 and 4 (rack 1), copied to node 5 (rack 1) then 9 (rack 3).
    const topology = makeTopology({ racks: 4, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 }, 1);
    const sources = (seed: number) => {
      const blocks = new BlockStore(3, 6, 3000);
      for (let b = 0; b < 3000; b++) blocks.add([0, 3, 4].map(nodeId));
      const hdfs = new DynamicReplicas(blocks, blocks.files, topology, 500, 128, () => {}, false, 'static', seed);
      for (let b = 0; b < 3000; b++) hdfs.addReplica(b, nodeId(b % 2 === 0 ? 5 : 9));
      hdfs.advance(1e9, { nextRoundMs: Infinity } as unknown as ReplicationPolicy, () => false);
      return hdfs.events.map((e) => e.src);
    };
    const src = sources(1);
    expect(src).toHaveLength(3000);
    const share = (n: number) => src.filter((s) => s === n).length / src.length;
    expect(Math.abs(share(0) - 0.25)).toBeLessThan(0.03); // off the destination's rack though 3 and 4 are in it (node 5's)
    expect(Math.abs(share(3) - 0.25)).toBeLessThan(0.03);
    expect(Math.abs(share(4) - 0.5)).toBeLessThan(0.03);
    expect(sources(1)).toEqual(src); // the run's: the same seed, the same sources
    expect(sources(2)).not.toEqual(src);
  });

  it('fluid: a replica copying to its limit (COPY_STREAMS) is passed over, not waited for; with all at it the copy waits', () => {
    const topology = makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 }, 1);
    const blocks = new BlockStore(1, 4, 8);
    blocks.add([nodeId(0)]);
    blocks.add([nodeId(0)]);
    blocks.add([0, 3].map(nodeId));
    blocks.add([0, 3].map(nodeId));
    const hdfs = new DynamicReplicas(blocks, blocks.files, topology, 500, 128, () => {}, true, 'static', 1);
    const launched: Array<[number, number, number]> = [];
    const sink = { launchMap: (node: number, _job: number, block: number, _ms: number, src = -2) => { launched.push([node, block, src]); } };
    for (const [b, n] of [[1, 2], [0, 1], [2, 1], [3, 5]]) hdfs.addReplica(b, nodeId(n));
    hdfs.launchCopies(nodeId(2), 1000, sink);
    // Node 0 sends blocks 1 and 0 (its only replica): at its limit, so block 2, in node 1's rack on node 0, comes from 3.
    hdfs.launchCopies(nodeId(1), 1000, sink);
    expect(launched).toEqual([[2, 1, 0], [1, 0, 0], [1, 2, 3]]);
    blocks.removeReplica(3, nodeId(3)); // block 3 now on node 0 alone, at its limit: its copy waits
    hdfs.launchCopies(nodeId(5), 1000, sink);
    expect(launched).toHaveLength(3);
  });

  it('copyMs: the flat model\'s fixed time, copy or none; the fluid model\'s mean from launch to report, 0 when no copy landed', () => {
    const topology = makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 }, 1);
    const make = (network: boolean) => {
      const blocks = new BlockStore(1, 4, 2);
      blocks.add([nodeId(0)]);
      return new DynamicReplicas(blocks, blocks.files, topology, 500, 128, () => {}, network, 'static', 1);
    };
    expect(make(false).result(10_000).counts.copyMs).toBe(500);
    const fluid = make(true);
    expect(fluid.result(10_000).counts.copyMs).toBe(0);
    expect(make(false).result(10_000).counts).not.toHaveProperty('copiesQueued'); // flat: a copy starts when decided
    fluid.addReplica(0, nodeId(4));
    // decided, not launched: queued, not under way (a review found thousands "under way" on 20 nodes of 2 streams)
    expect(fluid.result(10_000).counts).toMatchObject({ copiesUnfinished: 0, copiesQueued: 1 });
    fluid.launchCopies(nodeId(4), 1000, { launchMap: () => {} });
    expect(fluid.result(10_000).counts).toMatchObject({ copyMs: 0, copiesUnfinished: 1, copiesQueued: 0 }); // launched, not landed
    fluid.landed(0, nodeId(4), 3000);
    expect(fluid.result(10_000).counts).toMatchObject({ copyMs: 2000, copiesUnfinished: 0, replicasCreated: 1 });
  });

  it('a copy is readable only from its end', () => {
    const { blocks, hdfs, rebuilt } = store();
    hdfs.jobArrived(7, Int32Array.of(0));
    const policy = scripted({ 1000: (h) => expect(h.addReplica(0, nodeId(5))).toBe(true) });
    hdfs.advance(1000, policy, () => false);
    expect(blocks.holds(0, nodeId(5))).toBe(false);
    expect(hdfs.copying(0)).toBe(1);
    hdfs.advance(1499, policy, () => false);
    expect(blocks.holds(0, nodeId(5))).toBe(false);
    expect(rebuilt).toEqual([]);
    hdfs.advance(1500, policy, () => false);
    expect(blocks.holds(0, nodeId(5))).toBe(true);
    expect(rebuilt).toEqual([7]); // the reader's caches are rebuilt once the copy ends
    expect(hdfs.events[0]).toMatchObject({ kind: 'copy', startMs: 1000, endMs: 1500 });
    expect([0, 3]).toContain(hdfs.events[0].src);
  });

  it('refuses a second replica on a node, a copy under way twice, more than the most, and a removal below the default', () => {
    const { blocks, hdfs } = store();
    hdfs.nowMs = 0;
    expect(hdfs.addReplica(0, nodeId(0))).toBe(false); // node 0 holds it
    expect(hdfs.addReplica(0, nodeId(1))).toBe(true);
    expect(hdfs.addReplica(0, nodeId(1))).toBe(false); // under way
    expect(hdfs.addReplica(0, nodeId(2))).toBe(true);
    expect(hdfs.addReplica(0, nodeId(4))).toBe(false); // 2 + 2 copies = maxReplicas 4
    expect(hdfs.removeReplica(1, nodeId(1))).toBe(false); // would leave 1 < 2
    expect(hdfs.removeReplica(1, nodeId(2))).toBe(false); // holds none
    expect(blocks.replicaCount(1)).toBe(2);
  });

  it('storage balances: static + created - deleted = replicas held, at every point of the series', () => {
    const { blocks, hdfs } = store();
    const policy = scripted({
      1000: (h) => { h.addReplica(0, nodeId(1)); h.addReplica(1, nodeId(2)); h.addReplica(1, nodeId(5)); },
      2000: (h) => { h.removeReplica(0, nodeId(3)); h.removeReplica(1, nodeId(4)); },
      3000: (h) => { h.removeReplica(1, nodeId(1)); h.removeReplica(1, nodeId(2)); },
    });
    const held = () => blocks.replicaCount(0) + blocks.replicaCount(1);
    for (let t = 0; t <= 4000; t += 250) {
      hdfs.advance(t, policy, () => false);
      const { counts, storage } = hdfs.result(t);
      expect(storage.staticReplicas + counts.replicasCreated - counts.replicasDeleted).toBe(held());
      expect(blocks.replicaCount(0)).toBeGreaterThanOrEqual(2);
      expect(blocks.replicaCount(1)).toBeGreaterThanOrEqual(2);
    }
    const { counts, storage } = hdfs.result(4000);
    expect(counts).toMatchObject({ replicasCreated: 3, replicasDeleted: 3, bytesCopiedMB: 384 });
    // 4 static replicas; +3 from 1.5 s to 2 s, +1 from 2 s to 3 s, then +0 (block 1's removal of node 1 holds none).
    expect(storage.series).toEqual([[0, 0], [1500, 75], [2000, 25], [3000, 0]]);
    expect(storage.peakOverheadPct).toBe(75);
    expect(storage.meanOverheadPct).toBe(15.63); // (75 x 500 + 25 x 1000) / 4000 = 15.625, to 2 decimals
  });
});
