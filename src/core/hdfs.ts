/**
 * HDFS: files split into blocks, each block's replicas placed by the default policy (BlockPlacementPolicyDefault):
 * replica 1 on the writer's node (a random node here), replica 2 on a node of another rack, replica 3 on another
 * node of replica 2's rack, further replicas on random nodes; never two replicas on one node, and at most
 * floor((R - 1) / racks) + 2 replicas in one rack. With one rack, all replicas go to distinct nodes of it.
 * Cost: O(R) expected draws per block.
 */
import type { Rng } from './rng.js';
import { type NodeId, type Topology, rackOf } from './topology.js';

export type BlockId = number;

/** All blocks of a run. Replicas of block b are replicas[b * stride .. b * stride + count[b] - 1]. */
export class BlockStore {
  readonly stride: number;
  private replicas: Int32Array;
  private counts: Uint8Array;
  private size = 0;

  constructor(readonly replication: number, capacity = 1024) {
    this.stride = replication;
    this.replicas = new Int32Array(capacity * this.stride);
    this.counts = new Uint8Array(capacity);
  }

  get blocks(): number {
    return this.size;
  }

  replicaCount(block: BlockId): number {
    return this.counts[block];
  }

  replica(block: BlockId, i: number): NodeId {
    return this.replicas[block * this.stride + i];
  }

  /** Adds a block with the given replica nodes; returns its id. */
  add(nodes: ArrayLike<NodeId>): BlockId {
    if (this.size === this.counts.length) this.grow();
    const id = this.size++;
    for (let i = 0; i < nodes.length; i++) this.replicas[id * this.stride + i] = nodes[i];
    this.counts[id] = nodes.length;
    return id;
  }

  private grow(): void {
    const replicas = new Int32Array(this.replicas.length * 2);
    replicas.set(this.replicas);
    const counts = new Uint8Array(this.counts.length * 2);
    counts.set(this.counts);
    this.replicas = replicas;
    this.counts = counts;
  }
}

/** Places one block's replicas by the default policy; returns the replica nodes in placement order. */
export function placeReplicas(topology: Topology, replication: number, rng: Rng): NodeId[] {
  const r = Math.min(replication, topology.nodes);
  const maxPerRack = topology.racks === 1 ? r : Math.floor((r - 1) / topology.racks) + 2;
  const chosen: NodeId[] = [];
  const perRack = new Map<number, number>();
  const take = (n: NodeId): void => {
    chosen.push(n);
    const rack = rackOf(topology, n);
    perRack.set(rack, (perRack.get(rack) ?? 0) + 1);
  };
  const fits = (n: NodeId): boolean => !chosen.includes(n) && (perRack.get(rackOf(topology, n)) ?? 0) < maxPerRack;
  const randomNode = (accept: (n: NodeId) => boolean): NodeId | undefined => {
    for (let tries = 0; tries < 64; tries++) {
      const n = rng.int(topology.nodes);
      if (accept(n)) return n;
    }
    for (let n = 0; n < topology.nodes; n++) if (accept(n)) return n; // dense fallback: deterministic, rare
    return undefined;
  };
  const randomNodeInRack = (rack: number, accept: (n: NodeId) => boolean): NodeId | undefined => {
    const base = rack * topology.nodesPerRack;
    for (let tries = 0; tries < 32; tries++) {
      const n = base + rng.int(topology.nodesPerRack);
      if (accept(n)) return n;
    }
    for (let n = base; n < base + topology.nodesPerRack; n++) if (accept(n)) return n;
    return undefined;
  };

  take(rng.int(topology.nodes)); // the writer
  if (r >= 2) {
    const firstRack = rackOf(topology, chosen[0]);
    const second = topology.racks > 1 ? randomNode((n) => rackOf(topology, n) !== firstRack && fits(n)) : randomNode(fits);
    if (second !== undefined) take(second);
  }
  if (r >= 3 && chosen.length === 2) {
    const third = randomNodeInRack(rackOf(topology, chosen[1]), fits) ?? randomNode(fits);
    if (third !== undefined) take(third);
  }
  while (chosen.length < r) {
    const next = randomNode(fits);
    if (next === undefined) break;
    take(next);
  }
  return chosen;
}
