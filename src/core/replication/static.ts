/**
 * Static replication as a replication policy ("static"): HDFS keeps the replicas placed at load, as with no policy,
 * but the run records what a replication policy's runs record (delay waiting per job, storage, copies), so that a
 * scenario compares a dynamic policy with it on the same measures.
 */
import type { ReplicationPlugin } from '../framework/registry.js';

export const staticPlugin = {
  description: 'static replication (the replicas placed at load), measured as the dynamic policies are',
  create: () => ({ blockRead: () => {} }),
  addsNoReplicas: true,
} satisfies ReplicationPlugin<Record<string, never>>;
