/**
 * Fluid model: where the outputs of each job's finished maps wait for its reduces, and the progress notices that
 * tell a node's reduces of them.
 *
 * A map writes its output to its own node's disk; a reduce's copy phase fetches its share of each finished map's
 * output from there, as the map finishes (Hadoop 0.20's ReduceTask polls its TaskTracker for the job's map
 * completion events, which the TaskTracker gets from the JobTracker; a reduce launched at slow start fetches the
 * maps finished so far and then the rest as they finish). Here a reduce hears, at its node's heartbeats, how many
 * of its job's maps have finished, how many of those ran on its own rack and how many on its own node: its rack
 * fetches the new outputs, its own node's over loopback (the disk alone), the rest of its rack's over the reduce's
 * NIC, and the others from other racks (rack-slots.ts). A reduce launched hears at once (a notice beside its launch);
 * one that has heard every map is done with the notices.
 */
import type { JobIndex, NodeId, Rank } from './ids.js';
import type { Job } from './job.js';
import type { FinishOrder } from './network/shuffle-sends.js';

/** Where the notices go (ActionSink.mapProgress). */
export interface ProgressSink {
  mapProgress(node: NodeId, job: JobIndex, finished: number, inRack: number, onNode: number, maps: number): void;
}

/**
 * The most done jobs an epoch command tells a rack of nodesPerRack nodes to forget (MapOutputs.forgets): room for a
 * job done per slot of a 16-slot node each epoch; more wait for the next.
 */
export const forgetsPerEpoch = (nodesPerRack: number): number => 16 * nodesPerRack;

export class MapOutputs {
  /**
   * By job index: its finished maps by the rack that ran them (allocated at its first, dropped when it is done). Kept
   * for jobs without reduces too: each rack logs every map it reports (map-log.ts) and must hear when to drop them.
   */
  private readonly byRack: Array<Int32Array | undefined>;
  /** By job index: the racks with anything in byRack, in order of their first map. */
  private readonly sources: Array<number[] | undefined>;
  /** By job index: its finished maps by the node that ran them, for the nodes that ran any (sparse: a node each). */
  private readonly byNode: Array<Map<number, number> | undefined>;
  /**
   * By job index (jobs with reduces): the node of each finished map, in finish order (the order the notices count
   * them in), entries 0 .. finishedMaps - 1; kept an epoch past the job's end (retired), for the fetches its racks
   * report a batch late (finishOrder).
   */
  private readonly order: Array<JobFinishOrder | undefined>;
  /** Finish orders of jobs done since the last dropRetired. */
  private retired: JobFinishOrder[] = [];
  /**
   * By rank: (job, finished maps the node was last told, its reduces of the job running) triples for the node's reduces
   * whose job has maps running.
   */
  private readonly told: Array<number[] | undefined>;
  /** By rack: the done jobs it ran maps of and has not yet been told to forget. */
  private readonly toForget: Array<ForgetQueue | undefined>;

  /**
   * `nodesPerRack` and `racks`: the hardware's racks (where the bytes are), not the scheduler's view of them (one rack
   * without a topology script: topology.ts schedulerView); node ids are the same in both.
   */
  constructor(private readonly jobs: ReadonlyArray<Job | undefined>, private readonly nodesPerRack: number, private readonly racks: number) {
    this.byRack = new Array<Int32Array | undefined>(jobs.length).fill(undefined);
    this.sources = new Array<number[] | undefined>(jobs.length).fill(undefined);
    this.byNode = new Array<Map<number, number> | undefined>(jobs.length).fill(undefined);
    this.order = new Array<JobFinishOrder | undefined>(jobs.length).fill(undefined);
    this.told = new Array<number[] | undefined>(nodesPerRack * racks).fill(undefined);
    this.toForget = new Array<ForgetQueue | undefined>(racks).fill(undefined);
  }

  /** A map of `job` finished on `node` (counted after job.finishMap). */
  mapFinished(job: Job, node: NodeId): void {
    const rack = this.rackOf(node);
    if ((this.byRack[job.index] ??= new Int32Array(this.racks))[rack]++ === 0) (this.sources[job.index] ??= []).push(rack);
    if (job.reduces === 0) return;
    const onNode = (this.byNode[job.index] ??= new Map<number, number>());
    onNode.set(node, (onNode.get(node) ?? 0) + 1);
    const order = (this.order[job.index] ??= { job: job.index, nodes: new Int32Array(job.maps), finished: 0 });
    order.nodes[order.finished++] = node;
  }

  /**
   * The nodes of `job`'s finished maps in finish order, while the job runs and until the first dropRetired after it is
   * done. Throws for a job that has none (no map finished, no reduces, or retired and dropped).
   */
  finishOrder(job: number): FinishOrder {
    const order = this.order[job] ?? this.retired.find((o) => o.job === job);
    if (order === undefined) throw new Error(`a fetch of job ${job}'s map outputs, which has no finished maps on record`);
    return order;
  }

  /** `job`'s finished maps by rack (nonzero at `sources` only); undefined before its first or once it is done. */
  racksOf(job: number): { byRack: Int32Array; sources: readonly number[] } | undefined {
    const byRack = this.byRack[job];
    return byRack === undefined ? undefined : { byRack, sources: this.sources[job]! };
  }

  /** Drops the finish orders of the jobs done before this call (the master calls it once it has read a batch's fetches). */
  dropRetired(): void {
    if (this.retired.length > 0) this.retired = [];
  }

  /** The job is done: its counts go, and each rack that ran any of its maps is to drop its log of them (forgets). */
  forget(job: Job): void {
    for (const r of this.sources[job.index] ?? []) (this.toForget[r] ??= new ForgetQueue()).push(job.index);
    this.byRack[job.index] = undefined;
    this.sources[job.index] = undefined;
    this.byNode[job.index] = undefined;
    const order = this.order[job.index];
    if (order !== undefined) this.retired.push(order);
    this.order[job.index] = undefined;
  }

  /**
   * Up to `max` of the done jobs rack `rack` is yet to drop from its map log, oldest first (taken: each is sent once);
   * null when none. Bounded so that an epoch command has room for them (mailbox.ts); the rest wait for the next epoch.
   * Dropping a done job's log changes nothing simulated, only the rack's memory (fb2010-day fluid kept 16 M entries).
   */
  forgets(rack: number, max: number): Int32Array | null {
    const q = this.toForget[rack];
    return q === undefined || q.size === 0 ? null : q.take(max);
  }

  /** A reduce of `job` launched on `node` (at `rank`): it hears now, and at later heartbeats until the maps are done. */
  launched(node: NodeId, rank: Rank, job: Job, sink: ProgressSink): void {
    this.tell(node, job, sink);
    const finished = job.finishedMaps;
    if (finished === job.maps) return;
    const list = (this.told[rank] ??= []);
    for (let k = 0; k < list.length; k += 3) {
      if (list[k] !== job.index) continue;
      list[k + 1] = finished; // the notice above reached this node's other reduces of the job too
      list[k + 2]++;
      return;
    }
    list.push(job.index, finished, 1);
  }

  /**
   * A reduce of `job` on the node at `rank` was killed: once none of the job's is left there, the node hears no more
   * of it (a notice to it would still count as demand for a fetch: MasterActor.allocate).
   */
  killed(rank: Rank, job: Job): void {
    const list = this.told[rank];
    if (list === undefined) return;
    for (let k = 0; k < list.length; k += 3) {
      if (list[k] !== job.index || --list[k + 2] > 0) continue;
      list.splice(k, 3);
      if (list.length === 0) this.told[rank] = undefined;
      return;
    }
  }

  /** `node`'s heartbeat: a notice for each job of its reduces with maps finished since it was last told. */
  heartbeat(node: NodeId, rank: Rank, sink: ProgressSink): void {
    const list = this.told[rank];
    if (list === undefined) return;
    let kept = 0;
    for (let k = 0; k < list.length; k += 3) {
      const job = this.jobs[list[k]]!;
      const finished = job.finishedMaps;
      if (finished !== list[k + 1]) this.tell(node, job, sink);
      if (finished === job.maps) continue;
      list[kept++] = job.index;
      list[kept++] = finished;
      list[kept++] = list[k + 2];
    }
    list.length = kept;
    if (kept === 0) this.told[rank] = undefined;
  }

  private tell(node: NodeId, job: Job, sink: ProgressSink): void {
    const inRack = this.byRack[job.index]?.[this.rackOf(node)] ?? 0;
    sink.mapProgress(node, job.index, job.finishedMaps, inRack, this.byNode[job.index]?.get(node) ?? 0, job.maps);
  }

  private rackOf(node: NodeId): number {
    return Math.floor(node / this.nodesPerRack);
  }
}

interface JobFinishOrder extends FinishOrder {
  readonly job: number;
  finished: number;
}

/** A FIFO of job indices. */
class ForgetQueue {
  private jobs: number[] = [];
  private head = 0;

  get size(): number {
    return this.jobs.length - this.head;
  }

  push(job: number): void {
    this.jobs.push(job);
  }

  take(max: number): Int32Array {
    const out = new Int32Array(Math.min(max, this.size));
    for (let k = 0; k < out.length; k++) out[k] = this.jobs[this.head++];
    // Drop what was taken once it is most of the array: a queue fed faster than it drains still holds only its size.
    if (this.head === this.jobs.length) {
      this.jobs = [];
      this.head = 0;
    } else if (this.head > 1024 && 2 * this.head > this.jobs.length) {
      this.jobs = this.jobs.slice(this.head);
      this.head = 0;
    }
    return out;
  }
}
