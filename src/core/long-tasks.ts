/**
 * Long-task balancing (Delay Scheduling paper, section 3.5.1; scheduler.longTasks): a job believed to have long
 * tasks may not launch a map on a node already running more long tasks than the cluster's average, so long tasks
 * spread out and no node's slots all fill with them (which would keep every job whose data is there from running
 * node-local for a long time). Jobs are believed long until their tasks prove short: a job is short from the first
 * of its maps that the master learns finished within shortTaskMs of its launch (a job's tasks run the same code, so
 * they have similar lengths). A node filter (framework/node-filter.ts): a job it turns away is skipped.
 *
 * Counted: maps launched while their job was believed long, until they finish or are killed, or their job proves
 * short (its running maps stop counting then).
 */
import { z } from 'zod';
import { durationMs } from './bounded.js';
import type { JobEvents } from './framework/job-events.js';
import type { NodeFilter } from './framework/node-filter.js';
import type { Job, JobIndex } from './job.js';
import type { NodeId } from './topology.js';

/** scheduler.longTasks: present (even {}) turns balancing on. */
export const longTasksSchema = z.strictObject({
  /** A map that the master learns finished within this time of its launch proves its job short (default 1 minute). */
  shortTaskMs: durationMs('shortTaskMs').default(60_000),
});

export type LongTaskConfig = z.infer<typeof longTasksSchema>;

interface Counted {
  /** By map: the node where it counts as a long task, or -1. */
  node: Int32Array;
  startMs: Float64Array;
}

export class LongTaskBalancer implements NodeFilter, JobEvents {
  private readonly short: Uint8Array;
  /** Long tasks running on each node, and in all. */
  readonly longOn: Int32Array;
  private total = 0;
  private readonly counted = new Map<JobIndex, Counted>();

  constructor(private readonly config: LongTaskConfig, jobs: number, private readonly nodes: number) {
    this.short = new Uint8Array(jobs);
    this.longOn = new Int32Array(nodes);
  }

  /** Long tasks running in the cluster. */
  get longTasks(): number {
    return this.total;
  }

  isLong(job: Job): boolean {
    return this.short[job.index] === 0;
  }

  /** A short job anywhere; a long one only where no more long tasks run than the average (total / nodes). */
  admits(job: Job, node: NodeId): boolean {
    return this.short[job.index] === 1 || this.longOn[node] * this.nodes <= this.total;
  }

  mapLaunched(job: Job, map: number, node: NodeId, nowMs: number): void {
    if (this.short[job.index] === 1) return;
    let c = this.counted.get(job.index);
    if (c === undefined) {
      c = { node: new Int32Array(job.maps).fill(-1), startMs: new Float64Array(job.maps) };
      this.counted.set(job.index, c);
    }
    c.node[map] = node;
    c.startMs[map] = nowMs;
    this.longOn[node]++;
    this.total++;
  }

  mapFinished(job: Job, map: number, _node: NodeId, nowMs: number): void {
    const c = this.counted.get(job.index);
    if (c === undefined || c.node[map] < 0) return;
    this.uncount(c, map);
    if (nowMs - c.startMs[map] <= this.config.shortTaskMs) this.proveShort(job, c);
    else if (job.runningMaps === 0 && job.pendingMaps === 0) this.counted.delete(job.index);
  }

  mapKilled(job: Job, map: number): void {
    const c = this.counted.get(job.index);
    if (c !== undefined && c.node[map] >= 0) this.uncount(c, map);
  }

  private uncount(c: Counted, map: number): void {
    this.longOn[c.node[map]]--;
    this.total--;
    c.node[map] = -1;
  }

  private proveShort(job: Job, c: Counted): void {
    this.short[job.index] = 1;
    for (let m = 0; m < c.node.length; m++) if (c.node[m] >= 0) this.uncount(c, m);
    this.counted.delete(job.index);
  }
}
