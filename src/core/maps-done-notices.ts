/**
 * The flat model's notices to reduces in their copy phase (the fluid model's are map-outputs.ts's): by node, the jobs
 * with a reduce there waiting to hear that the job's maps are done, told at the node's heartbeat once they are.
 */
import type { ActionSink } from './action-sink.js';
import type { Rank } from './ids.js';
import type { Job, JobIndex } from './job.js';
import type { NodeId } from './topology.js';

export class MapsDoneNotices {
  /** By rank in the heartbeat order: an array, not a Map, as it is read at every heartbeat. */
  private readonly waiting: Array<JobIndex[] | undefined>;

  constructor(private readonly jobs: ReadonlyArray<Job | undefined>, nodes: number) {
    this.waiting = new Array<JobIndex[] | undefined>(nodes).fill(undefined);
  }

  /** A reduce of `job` launched on the node at `rank` before the job's maps are done: it waits for the notice. */
  reduceWaits(rank: Rank, job: JobIndex): void {
    const waiting = this.waiting[rank];
    if (waiting === undefined) this.waiting[rank] = [job];
    else waiting.push(job);
  }

  /** The heartbeat of `node` (at `rank`): one mapsDone to `sink` for each waiting job whose maps are done. */
  heartbeat(node: NodeId, rank: Rank, sink: ActionSink): void {
    const waiting = this.waiting[rank];
    if (waiting === undefined) return;
    let kept = 0;
    let notified: JobIndex[] | undefined; // made only when a notice goes out: most heartbeats send none
    for (const jobIndex of waiting) {
      if (this.jobs[jobIndex]!.mapsDoneMs < 0) waiting[kept++] = jobIndex;
      else if (notified === undefined || !notified.includes(jobIndex)) {
        (notified ??= []).push(jobIndex); // one notice per job, however many of its reduces the node runs
        sink.mapsDone(node, jobIndex);
      }
    }
    waiting.length = kept;
    if (kept === 0) this.waiting[rank] = undefined;
  }
}
