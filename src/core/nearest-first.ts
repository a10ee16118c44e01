/**
 * The built-in task choice (Hadoop's JobInProgress.obtainNewMapTask): a node-local map, else (when the gate allows) a
 * rack-local one, else (when it allows) any; reduces in index order, requeued ones first, once slow start is reached;
 * a reduce's copy phase holds its slot for its shuffle time. Each peek reads the job's locality caches (job.ts).
 */
import type { MapChoice, TaskChoice } from './framework/task-choice.js';
import type { Job } from './job.js';
import { type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './locality-level.js';
import type { NodeId, RackId } from './topology.js';

export const nearestFirst: TaskChoice = {
  chooseMap(job: Job, node: NodeId, rack: RackId, allowed: Locality, out: MapChoice): boolean {
    let locality: Locality = NODE_LOCAL;
    let map = job.peekNodeLocal(node);
    if (map < 0 && allowed >= RACK_LOCAL) {
      locality = RACK_LOCAL;
      map = job.peekRackLocal(rack);
    }
    if (map < 0 && allowed >= OFF_RACK) {
      locality = OFF_RACK;
      map = job.peekAny();
    }
    out.map = map;
    out.locality = locality;
    return map >= 0;
  },
  chooseReduce: (job) => (job.reducesReady ? job.peekReduce() : -1),
  copyPhaseMs: (_job, copyMs) => copyMs,
};
