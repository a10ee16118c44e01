/**
 * The results of a run with a replication policy (scheduler.replication): per job, its delay waiting (delayWaitMs in
 * the jobs list); for the run, the outcome's `replication` section: storage over time against static replication,
 * replicas created and deleted, bytes copied, and delay waiting in all.
 */
import type { JobResult } from '../results.js';
import { round } from '../results.js';
import type { DelayWait } from './delay-wait.js';
import type { DynamicReplicas, ReplicaCounts, StorageResult } from './replicas.js';

export interface ReplicationResult extends ReplicaCounts {
  policy: string;
  defaultReplication: number;
  maxReplicas: number;
  blocks: number;
  storage: StorageResult;
  /** Time jobs' tasks spent skipped for locality (delay-wait.ts): in all, mean per job, and jobs that waited at all. */
  delayWaitMs: { total: number; meanPerJob: number; jobsWaiting: number };
  /** The policy's own counts (ReplicationPolicy.counts; DSBRA: its rounds' GAvg, RF and X and decisions), if it keeps any. */
  counts?: Record<string, number>;
}

/** Adds delayWaitMs to each job's result (by index: `jobs` in job-index order) and builds the run's section. */
export function replicationResult(policy: string, replicas: DynamicReplicas, delays: DelayWait, jobs: JobResult[], indexes: number[], policyCounts?: Record<string, number>): ReplicationResult {
  let end = 0;
  let total = 0;
  let waiting = 0;
  jobs.forEach((j, k) => {
    const waited = delays.totalMs[indexes[k]];
    j.delayWaitMs = waited;
    total += waited;
    if (waited > 0) waiting++;
    if (j.finishMs > end) end = j.finishMs;
  });
  const { counts, storage } = replicas.result(end);
  return {
    policy,
    defaultReplication: replicas.defaultReplication,
    maxReplicas: replicas.maxReplicas,
    blocks: replicas.blocks.blocks,
    ...counts,
    storage,
    delayWaitMs: { total, meanPerJob: round(total / Math.max(1, jobs.length), 1), jobsWaiting: waiting },
    ...(policyCounts === undefined ? {} : { counts: policyCounts }),
  };
}
