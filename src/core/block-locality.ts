/** Where a map reads its block from on a node: node-local, rack-local or off-rack, by the block's replicas. */
import type { BlockStore } from './hdfs.js';
import { type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './job.js';
import { type NodeId, type RackId, type Topology, rackOf } from './topology.js';

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
