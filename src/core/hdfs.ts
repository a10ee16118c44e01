/**
 * HDFS: files split into blocks, each block's replicas placed by the default policy (BlockPlacementPolicyDefault):
 * replica 1 on the writer's node (a random node here), replica 2 on a node of another rack, replica 3 on another
 * node of replica 2's rack, further replicas on random nodes; never two replicas on one node, and at most
 * floor((R - 1) / racks) + 2 replicas in one rack. With one rack, all replicas go to distinct nodes of it.
 * Cost: O(R) expected draws per block.
 */
import type { Rng } from './rng.js';
import type { NodeId, RackId } from './ids.js';
import { type Topology, rackOf } from './topology.js';

export type BlockId = number;

/**
 * All blocks of a run. Replicas of block b are replicas[b * stride .. b * stride + count[b] - 1]. The stride is
 * hdfs.replication, widened before the run when a replication policy may add replicas (src/core/replication/) to its
 * most replicas per block.
 */
/** The replicas' read methods: what plugins are given (a replication policy changes replicas through ReplicaHdfs). */
export interface BlockReader {
  /** hdfs.replication. */
  readonly replication: number;
  /** Most replicas a block has room for. */
  readonly stride: number;
  /** Blocks in the run (ids 0 .. blocks - 1). */
  readonly blocks: number;
  replicaCount(block: BlockId): number;
  replica(block: BlockId, i: number): NodeId;
  /** True when `node` holds a replica of `block`. */
  holds(block: BlockId, node: NodeId): boolean;
}

export class BlockStore implements BlockReader {
  private width: number;
  private replicas: Int32Array;
  private counts: Uint8Array;
  private size = 0;
  /** The files of the run, each its blocks' ids (the workload adds them; a replication policy may read them). */
  readonly files: Int32Array[] = [];

  constructor(readonly replication: number, capacity = 1024, stride = replication) {
    if (stride < replication) throw new Error(`BlockStore: stride ${stride} below the replication ${replication}`);
    this.width = stride;
    this.replicas = new Int32Array(capacity * this.width);
    this.counts = new Uint8Array(capacity);
  }

  /** A store of `size` blocks whose replicas and counts are already written (src/core/placement.ts), and its files. */
  static over(replication: number, replicas: Int32Array, counts: Uint8Array, size: number, files: readonly Int32Array[] = []): BlockStore {
    const store = new BlockStore(replication, 0);
    store.replicas = replicas;
    store.counts = counts;
    store.size = size;
    for (const f of files) store.files.push(f); // not push(...files): 125,000 files overflowed the call stack
    return store;
  }

  /** Most replicas a block has room for. */
  get stride(): number {
    return this.width;
  }

  /** Makes room for `stride` replicas a block (before any job reads the store: jobs keep the stride they saw). */
  widen(stride: number): void {
    if (stride <= this.width) return;
    const replicas = new Int32Array(this.counts.length * stride);
    for (let b = 0; b < this.size; b++) {
      for (let i = 0; i < this.counts[b]; i++) replicas[b * stride + i] = this.replicas[b * this.width + i];
    }
    this.replicas = replicas;
    this.width = stride;
  }

  get blocks(): number {
    return this.size;
  }

  replicaCount(block: BlockId): number {
    return this.counts[block];
  }

  replica(block: BlockId, i: number): NodeId {
    return this.replicas[block * this.stride + i] as NodeId;
  }

  /** Adds a block with the first `count` of the given replica nodes (all of them by default); returns its id. */
  add(nodes: ArrayLike<NodeId> | Int32Array, count = nodes.length): BlockId {
    if (this.size >= this.counts.length) this.grow();
    const id = this.size++;
    for (let i = 0; i < count; i++) this.replicas[id * this.stride + i] = nodes[i];
    this.counts[id] = count;
    return id;
  }

  /** True when `node` holds a replica of `block`. */
  holds(block: BlockId, node: NodeId): boolean {
    for (let i = 0, at = block * this.stride; i < this.counts[block]; i++) if (this.replicas[at + i] === node) return true;
    return false;
  }

  /** A new replica of `block` on `node`, last in its list (a replication policy's copy, once it has ended). */
  addReplica(block: BlockId, node: NodeId): void {
    const n = this.counts[block];
    if (n >= this.stride) throw new Error(`block ${block}: already ${n} replicas, the most a block may have`);
    if (this.holds(block, node)) throw new Error(`block ${block}: node ${node} holds a replica already`);
    this.replicas[block * this.stride + n] = node;
    this.counts[block] = n + 1;
  }

  /** Removes the replica of `block` on `node`; the others keep their order. */
  removeReplica(block: BlockId, node: NodeId): void {
    const at = block * this.stride;
    const n = this.counts[block];
    let i = 0;
    while (i < n && this.replicas[at + i] !== node) i++;
    if (i === n) throw new Error(`block ${block}: node ${node} holds no replica`);
    this.replicas.copyWithin(at + i, at + i + 1, at + n);
    this.counts[block] = n - 1;
  }

  private grow(): void {
    const replicas = new Int32Array(Math.max(this.replicas.length * 2, this.stride * 16));
    replicas.set(this.replicas);
    const counts = new Uint8Array(Math.max(this.counts.length * 2, 16));
    counts.set(this.counts);
    this.replicas = replicas;
    this.counts = counts;
  }
}

/**
 * Places one block's replicas by the default policy into `out` (at least `replication` long), in placement order;
 * returns how many it placed. Allocates nothing: a day of FB-2010 places 16 M blocks, and a Map, an array and closures
 * per block made most of the workload's build time.
 */
export function placeReplicas(topology: Topology, replication: number, rng: Rng, out: Int32Array): number {
  const r = Math.min(replication, topology.nodes);
  const maxPerRack = topology.racks === 1 ? r : Math.floor((r - 1) / topology.racks) + 2;
  let n = 0;
  out[n++] = rng.int(topology.nodes); // the writer
  if (r >= 2) {
    const second = randomNode(topology, rng, out, n, maxPerRack, topology.racks > 1 ? rackOf(topology, out[0] as NodeId) : -1);
    if (second >= 0) out[n++] = second;
  }
  if (r >= 3 && n === 2) {
    let third = randomNodeInRack(topology, rng, out, n, maxPerRack, rackOf(topology, out[1] as NodeId));
    if (third < 0) third = randomNode(topology, rng, out, n, maxPerRack, -1);
    if (third >= 0) out[n++] = third;
  }
  while (n < r) {
    const next = randomNode(topology, rng, out, n, maxPerRack, -1);
    if (next < 0) break;
    out[n++] = next;
  }
  return n;
}

/**
 * `node` may take a replica beside the `n` in `chosen`: not one of them, not in `avoidRack` (-1: no rack avoided), and
 * its rack below `maxPerRack` of them.
 */
function fits(topology: Topology, chosen: Int32Array, n: number, maxPerRack: number, node: NodeId, avoidRack: RackId | -1 = -1): boolean {
  const rack = rackOf(topology, node);
  if (rack === avoidRack) return false;
  let inRack = 0;
  for (let k = 0; k < n; k++) {
    if (chosen[k] === node) return false;
    if (rackOf(topology, chosen[k] as NodeId) === rack) inRack++;
  }
  return inRack < maxPerRack;
}

/** A random node that fits, outside `avoidRack` (-1: any rack); 64 draws, then the first in id order; -1 if none. */
function randomNode(topology: Topology, rng: Rng, chosen: Int32Array, n: number, maxPerRack: number, avoidRack: RackId | -1): NodeId | -1 {
  for (let tries = 0; tries < 64; tries++) {
    const c = rng.int(topology.nodes) as NodeId;
    if (fits(topology, chosen, n, maxPerRack, c, avoidRack)) return c;
  }
  for (let c = 0 as NodeId; c < topology.nodes; c = (c + 1) as NodeId) if (fits(topology, chosen, n, maxPerRack, c, avoidRack)) return c; // dense fallback: deterministic, rare
  return -1;
}

/** A random node of `rack` that fits; 32 draws, then the first in id order; -1 if none. */
function randomNodeInRack(topology: Topology, rng: Rng, chosen: Int32Array, n: number, maxPerRack: number, rack: RackId): NodeId | -1 {
  const base = rack * topology.nodesPerRack;
  for (let tries = 0; tries < 32; tries++) {
    const c = (base + rng.int(topology.nodesPerRack)) as NodeId;
    if (fits(topology, chosen, n, maxPerRack, c)) return c;
  }
  for (let c = base as NodeId; c < base + topology.nodesPerRack; c = (c + 1) as NodeId) if (fits(topology, chosen, n, maxPerRack, c)) return c;
  return -1;
}
