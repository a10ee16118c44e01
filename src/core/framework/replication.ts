/**
 * Extension point: replication policies (Scarlett-style replication driven by reads, DARE, ...). A policy hears every
 * block read a map launch makes. The replica changes it would ask for are declared here for the replication issue;
 * the scheduler does not apply them yet (blocks are placed once, at load), so no plugin may rely on them.
 */
import type { Job, Locality } from '../job.js';
import type { NodeId } from '../topology.js';

export interface ReplicationPolicy {
  /** A map of `job` launched on `node` reading its input block `block` at `locality`. */
  blockRead(job: Job, block: number, node: NodeId, locality: Locality, nowMs: number): void;
}

/** What a replication policy may ask of HDFS (not applied yet: see the module comment). */
export interface ReplicaChanges {
  /** Copy `block` to `node` (a flow from a current replica, at the rack model's rates). */
  addReplica(block: number, node: NodeId): void;
  /** Drop the replica of `block` on `node` (kept while a running task reads it). */
  removeReplica(block: number, node: NodeId): void;
}
