import { describe, expect, it } from 'vitest';
import { BlockStore, placeReplicas } from '../../src/core/hdfs.js';
import { makeRng } from '../../src/core/rng.js';
import { type Topology, makeTopology, rackOf } from '../../src/core/topology.js';
import type { Rng } from '../../src/core/rng.js';
import { type NodeId, nodeId } from '../../src/core/ids.js';

/** One block's replica nodes, in placement order. */
function replicasOf(t: Topology, r: number, rng: Rng): NodeId[] {
  const out = new Int32Array(r);
  return Array.from(out.subarray(0, placeReplicas(t, r, rng, out)), nodeId);
}

describe('HDFS default replica placement', () => {
  it.each([
    [4, 25, 3],
    [10, 10, 3],
    [2, 10, 3],
    [4, 25, 2],
    [4, 25, 5],
    [10, 10, 10],
    [1, 20, 3],
  ])('racks=%i nodesPerRack=%i R=%i obeys the rack rules', (racks, nodesPerRack, r) => {
    const t = makeTopology({ racks, nodesPerRack, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, 1);
    const rng = makeRng(7, 'hdfs');
    const maxPerRack = racks === 1 ? r : Math.floor((r - 1) / racks) + 2;
    const firstReplicaRacks = new Set<number>();
    for (let b = 0; b < 2000; b++) {
      const nodes = replicasOf(t, r, rng);
      expect(nodes.length).toBe(r);
      expect(new Set(nodes).size).toBe(r); // never two replicas on one node
      const perRack = new Map<number, number>();
      for (const n of nodes) perRack.set(rackOf(t, n), (perRack.get(rackOf(t, n)) ?? 0) + 1);
      expect(Math.max(...perRack.values())).toBeLessThanOrEqual(maxPerRack);
      if (racks > 1 && r >= 2) expect(rackOf(t, nodes[1])).not.toBe(rackOf(t, nodes[0])); // replica 2 off the writer's rack
      if (racks > 1 && r >= 3) expect(rackOf(t, nodes[2])).toBe(rackOf(t, nodes[1])); // replica 3 beside replica 2
      firstReplicaRacks.add(rackOf(t, nodes[0]));
    }
    expect(firstReplicaRacks.size).toBe(racks); // writers spread over every rack
  });

  it('spreads replicas evenly over nodes', () => {
    const t = makeTopology({ racks: 4, nodesPerRack: 25, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, 1);
    const rng = makeRng(3, 'hdfs');
    const count = new Array<number>(t.nodes).fill(0);
    for (let b = 0; b < 20_000; b++) for (const n of replicasOf(t, 3, rng)) count[n]++;
    const mean = 60_000 / t.nodes;
    expect(Math.min(...count)).toBeGreaterThan(mean * 0.8);
    expect(Math.max(...count)).toBeLessThan(mean * 1.2);
  });
});

describe('a block store over placed replicas', () => {
  it('takes any number of files (200,000: a spread into push overflowed the call stack from about 125,000 jobs)', () => {
    const files = Array.from({ length: 200_000 }, (_, i) => Int32Array.of(i));
    const store = BlockStore.over(1, new Int32Array(200_000), new Uint8Array(200_000).fill(1), 200_000, files);
    expect(store.files).toHaveLength(200_000);
    expect(store.files[199_999][0]).toBe(199_999);
  });
});
