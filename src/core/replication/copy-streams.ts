/**
 * How many replica copies a node takes part in at once on the fluid model. HDFS's namenode hands a datanode at most
 * dfs.max-repl-streams block transfers at a time (Hadoop 1.x's default: 2); here a copy counts against both its
 * source and its destination, and a fluid rack keeps that many copy slots a node (beside its map and reduce slots)
 * for the copies it receives. The flat model times a copy instead (replicas.ts) and keeps none.
 */
import type { Scenario } from '../scenario.js';
import { addsReplicas } from './adds-replicas.js';

export const COPY_STREAMS = 2;

/**
 * Copy slots a node of a fluid rack keeps: COPY_STREAMS with a replication policy that adds replicas on the fluid
 * model, else 0 (a "static" run's were never used).
 */
export function copySlotsOf(scenario: Pick<Scenario, 'cluster' | 'scheduler'>): number {
  return scenario.cluster.network.model === 'fluid' && addsReplicas(scenario) ? COPY_STREAMS : 0;
}
