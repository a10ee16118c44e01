/** The cluster's shape: racks, nodes, slots, and each node's heartbeat phase. Node ids are dense: rack r holds nodes r*nodesPerRack .. (r+1)*nodesPerRack-1. */
import type { ClusterConfig } from './scenario.js';
import { makeRng } from './rng.js';

import type { NodeId, RackId } from './ids.js';

export type { NodeId, RackId } from './ids.js';

export interface Topology {
  readonly racks: number;
  readonly nodesPerRack: number;
  readonly nodes: number;
  readonly mapSlotsPerNode: number;
  readonly reduceSlotsPerNode: number;
  readonly heartbeatMs: number;
  /** Heartbeat offset of each node within an epoch, in [0, heartbeatMs). */
  readonly phaseMs: Int32Array;
}

/** Hadoop 0.20/0.21 JobTracker heartbeat interval: max(3 s, 1 s per 100 nodes, rounded up). */
export function hadoopHeartbeatMs(nodes: number): number {
  return Math.max(3000, 1000 * Math.ceil(nodes / 100));
}

/** A cluster's heartbeat interval: its own, or Hadoop's for its nodes (hadoopHeartbeatMs). */
export function heartbeatMsOf(cluster: Pick<ClusterConfig, 'heartbeatMs' | 'racks' | 'nodesPerRack'>): number {
  return cluster.heartbeatMs ?? hadoopHeartbeatMs(cluster.racks * cluster.nodesPerRack);
}

export function rackOf(topology: Topology, node: NodeId): RackId {
  return (Math.floor(node / topology.nodesPerRack)) as RackId;
}

export function firstNodeOf(topology: Topology, rack: RackId): NodeId {
  return (rack * topology.nodesPerRack) as NodeId;
}

/** Builds the topology; phases come from one stream per rack, so master and rack actors derive the same ones. */
export function makeTopology(cluster: Omit<ClusterConfig, 'network'>, seed: number): Topology {
  const nodes = cluster.racks * cluster.nodesPerRack;
  const heartbeatMs = heartbeatMsOf(cluster);
  const phaseMs = new Int32Array(nodes);
  for (let r = 0; r < cluster.racks; r++) {
    const rng = makeRng(seed, `rack:${r}`).fork('phase');
    for (let i = 0; i < cluster.nodesPerRack; i++) phaseMs[r * cluster.nodesPerRack + i] = rng.int(heartbeatMs);
  }
  return {
    racks: cluster.racks,
    nodesPerRack: cluster.nodesPerRack,
    nodes,
    mapSlotsPerNode: cluster.mapSlotsPerNode,
    reduceSlotsPerNode: cluster.reduceSlotsPerNode,
    heartbeatMs,
    phaseMs,
  };
}

/**
 * The cluster as Hadoop sees it: the hardware's topology, or with `rackAware` false (no topology script, as on
 * EC2) one rack of every node, same heartbeat phases. The scheduler and HDFS's block placement use this view.
 */
export function schedulerView(topology: Topology, rackAware: boolean): Topology {
  return rackAware || topology.racks === 1 ? topology : { ...topology, racks: 1, nodesPerRack: topology.nodes };
}

/** A rack's nodes' heartbeat phases, and its node offsets in the order their heartbeats happen: (phase, node id). */
export function rackHeartbeats(topology: Topology, rack: RackId): { phaseMs: Int32Array; order: Int32Array } {
  const first = rack * topology.nodesPerRack;
  const phaseMs = topology.phaseMs.slice(first, first + topology.nodesPerRack);
  const order = Int32Array.from(Array.from({ length: topology.nodesPerRack }, (_, i) => i).sort((a, b) => phaseMs[a] - phaseMs[b] || a - b));
  return { phaseMs, order };
}

/**
 * The order of an epoch's heartbeats: nodes by (phase, node id). `nodeAt[rank]` is the node at each position and
 * `rankOf[node]` its position. The master decides heartbeats in this order, so state read at every heartbeat kept by
 * rank is read sequentially, where by node id it was a cache miss a heartbeat at 10,000 nodes.
 */
export interface HeartbeatOrder {
  readonly nodeAt: Int32Array;
  readonly rankOf: Int32Array;
}

export function heartbeatOrder(topology: Topology): HeartbeatOrder {
  const phase = topology.phaseMs;
  const nodeAt = Int32Array.from(Array.from({ length: topology.nodes }, (_, n) => n).sort((a, b) => phase[a] - phase[b] || a - b));
  const rankOf = new Int32Array(topology.nodes);
  nodeAt.forEach((node, rank) => (rankOf[node] = rank));
  return { nodeAt, rankOf };
}

/** By rank in the heartbeat order: the time from that heartbeat to the next heartbeat of any node. */
export function untilNextHeartbeat(topology: Topology, order: HeartbeatOrder): Int32Array {
  const { nodeAt } = order;
  const out = new Int32Array(topology.nodes);
  for (let i = 0; i < nodeAt.length; i++) {
    const next = nodeAt[(i + 1) % nodeAt.length];
    const wrap = i + 1 === nodeAt.length ? topology.heartbeatMs : 0;
    out[i] = topology.phaseMs[next] + wrap - topology.phaseMs[nodeAt[i]];
  }
  return out;
}
