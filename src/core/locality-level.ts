/** Locality levels (Hadoop's LocalityLevel): node-local, rack-local, off-rack; and the level of a block read on a node. */
import type { BlockStore } from './hdfs.js';
import { type NodeId, type RackId, type Topology, rackOf } from './topology.js';

/** Locality of a map launch, also the locality level of delay scheduling. */
export const NODE_LOCAL = 0;
export const RACK_LOCAL = 1;
export const OFF_RACK = 2;
export type Locality = 0 | 1 | 2;

/** Where `block` is read from on `node` (of `rack`): node-local, rack-local or off-rack. */
export function localityOf(topology: Topology, blocks: BlockStore, block: number, node: NodeId, rack: RackId): Locality {
  let best: Locality = OFF_RACK;
  for (let i = 0, n = blocks.replicaCount(block); i < n; i++) {
    const r = blocks.replica(block, i);
    if (r === node) return NODE_LOCAL;
    if (rackOf(topology, r) === rack) best = RACK_LOCAL;
  }
  return best;
}
