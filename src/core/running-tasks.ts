/**
 * Where and since when each running task attempt runs, as the master knows it: what preemption needs to pick
 * the newest tasks and to send each kill to the right node. Kept only when preemption is on; arrays per job are
 * made on the job's first launch.
 */
import type { Job, JobIndex } from './job.js';
import { type NodeId, nodeId } from './ids.js';

interface JobTasks {
  mapNode: Int32Array;
  mapStartMs: Float64Array;
  mapDurationMs: Float64Array;
  reduceNode: Int32Array;
}

/** Where and since when tasks run: what a preemption policy reads (a user's gets only these, plugin-views.ts). */
export type RunningTaskReader = Pick<RunningTasks, 'mapNode' | 'mapStartMs' | 'mapEndMs' | 'reduceNode'>;

export class RunningTasks {
  private readonly byJob = new Map<JobIndex, JobTasks>();

  private of(job: Job): JobTasks {
    let t = this.byJob.get(job.index);
    if (t === undefined) {
      t = { mapNode: new Int32Array(job.maps), mapStartMs: new Float64Array(job.maps), mapDurationMs: new Float64Array(job.maps), reduceNode: new Int32Array(job.reduces) };
      this.byJob.set(job.index, t);
    }
    return t;
  }

  launchedMap(job: Job, map: number, node: NodeId, nowMs: number, durationMs: number): void {
    const t = this.of(job);
    t.mapNode[map] = node;
    t.mapStartMs[map] = nowMs;
    t.mapDurationMs[map] = durationMs;
  }

  launchedReduce(job: Job, reduce: number, node: NodeId): void {
    this.of(job).reduceNode[reduce] = node;
  }

  mapNode(job: Job, map: number): NodeId {
    return nodeId(this.of(job).mapNode[map]);
  }

  mapStartMs(job: Job, map: number): number {
    return this.of(job).mapStartMs[map];
  }

  /** When the map's slot would have freed had it not been killed. */
  mapEndMs(job: Job, map: number): number {
    const t = this.of(job);
    return t.mapStartMs[map] + t.mapDurationMs[map];
  }

  reduceNode(job: Job, reduce: number): NodeId {
    return nodeId(this.of(job).reduceNode[reduce]);
  }

  /** A finished job's arrays are dropped. */
  forget(job: Job): void {
    this.byJob.delete(job.index);
  }
}
