/**
 * Extension point: a node filter, a rule that keeps a job off a node whatever its locality (Kubernetes' Filter).
 * The map scan asks it before the locality gate: a job the filter turns away is skipped, as a job without a local
 * map is (its delay grows). Long-task balancing (long-tasks.ts) is one. Omitted: every node admits every job.
 */
import type { Job } from '../job.js';
import type { NodeId } from '../topology.js';

export interface NodeFilter {
  /** May `job` launch a map on `node` now? */
  admits(job: Job, node: NodeId): boolean;
}
