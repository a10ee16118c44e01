/**
 * Facts the scheduler core tells plugins that keep state per job or per node (copy-compute splitting's copy clock,
 * long-task balancing's count of long tasks per node, Quincy's view of what runs where).
 */
import type { Job } from '../job.js';
import type { NodeId } from '../topology.js';

export interface JobEvents {
  /** The job's reduces may launch from `atMs` on: its slow-start share of maps finished (at arrival when none must). */
  slowStartReached?(job: Job, atMs: number): void;
  /** A map of the job launched on `node`. */
  mapLaunched?(job: Job, map: number, node: NodeId, nowMs: number): void;
  /** The master learned that a map of the job finished on `node` (at the node's heartbeat). */
  mapFinished?(job: Job, map: number, node: NodeId, nowMs: number): void;
  /** A running map of the job on `node` was killed (it is pending again). */
  mapKilled?(job: Job, map: number, node: NodeId, nowMs: number): void;
}

/** One listener for several (undefined when none): each hears every event, in the order given. */
export function allEvents(list: ReadonlyArray<JobEvents | undefined>): JobEvents | undefined {
  const ls = list.filter((l): l is JobEvents => l !== undefined);
  if (ls.length <= 1) return ls[0];
  return {
    slowStartReached: (job, atMs) => { for (const l of ls) l.slowStartReached?.(job, atMs); },
    mapLaunched: (job, map, node, nowMs) => { for (const l of ls) l.mapLaunched?.(job, map, node, nowMs); },
    mapFinished: (job, map, node, nowMs) => { for (const l of ls) l.mapFinished?.(job, map, node, nowMs); },
    mapKilled: (job, map, node, nowMs) => { for (const l of ls) l.mapKilled?.(job, map, node, nowMs); },
  };
}
