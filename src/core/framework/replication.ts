/**
 * Extension point: replication policies (DSBRA, the Delay Scheduling paper's replication of small popular files,
 * Scarlett-style policies). A policy hears every block read a map launch makes, with the time the job had waited for
 * locality before it; at its rounds it reads the replicas and asks HDFS for changes (src/core/replication/replicas.ts
 * applies them: a new replica is readable only once its copy has ended).
 */
import type { BlockReader } from '../hdfs.js';
import type { Job } from '../job.js';
import type { Locality } from '../locality-level.js';
import type { NodeId } from '../topology.js';

export interface ReplicationPolicy {
  /**
   * A map of `job` launched on `node` reading its input block `block` at `locality`; `waitedMs` is the time the job
   * spent skipped for locality (delay scheduling) since its previous launch, charged to this one.
   */
  blockRead(job: Job, block: number, node: NodeId, locality: Locality, nowMs: number, waitedMs: number): void;
  /** Time of the policy's next round; Infinity or omitted: it has none. */
  nextRoundMs?: number;
  /** Runs the round due at nextRoundMs (which it then advances). */
  round?(hdfs: ReplicaHdfs): void;
  /** What its rounds saw and decided, by name (numbers), for the results' replication section (`counts`); omitted: none. */
  counts?(): Record<string, number>;
}

/** What a replication policy may ask of HDFS. */
export interface ReplicaChanges {
  /**
   * Copy `block` to `node` from a current replica; the replica becomes readable when the copy ends. False (and
   * nothing done) when the node holds a replica or a copy of it is under way, or the block has its most replicas.
   */
  addReplica(block: number, node: NodeId): boolean;
  /** Drop the replica of `block` on `node`; false (nothing done) when that would leave fewer than the default. */
  removeReplica(block: number, node: NodeId): boolean;
}

/** HDFS as a policy's round sees it: the readable replicas, copies under way, and the changes it may ask for. */
export interface ReplicaHdfs extends ReplicaChanges {
  /** The round's time. */
  readonly nowMs: number;
  /** Readable replicas (read only: change them through addReplica and removeReplica). */
  readonly blocks: BlockReader;
  /** hdfs.replication: no block drops below it. */
  readonly defaultReplication: number;
  /** The workload's files, each its blocks' ids (shared tables, each job's own input, listed files). */
  readonly files: readonly Int32Array[];
  /** The most replicas a block may have (readable and being copied). */
  readonly maxReplicas: number;
  /** Copies of `block` under way. */
  copying(block: number): number;
  /** True when a copy of `block` to `node` is under way. */
  copyingTo(block: number, node: NodeId): boolean;
}
