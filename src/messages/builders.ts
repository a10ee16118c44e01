/**
 * The builders of the two batch types, reused across epochs: a rack host's heartbeat batches, and the master's
 * responses to every rack. take() hands out views of their rows, not copies (a typed-array copy cost ~480 ns against
 * ~46 ns for a view). They implement the core's sink interfaces.
 */
import { reduceRef } from '../core/task-ref.js';
import type { JobIndex, NodeId } from '../core/ids.js';
import type { HeartbeatSink } from '../core/rack-model.js';
import type { ActionSink } from '../core/action-sink.js';
import { DoneRow, DurationRow, KillRow, LAUNCH_COLUMNS, LaunchRow, ResponseColumn } from './layouts.js';
import type { HeartbeatBatch, ResponseBatch } from './types.js';

type Row = Int32Array | Float64Array;

/**
 * A growable column whose takes are consecutive spans of one buffer, rewound when an epoch begins: the racks of a
 * host share one, so an epoch's batches lie one after another in memory and the master's merge reads them in order
 * (250 racks' columns of their own were 1,750 buffers, each a cache miss to start). A span stays valid until the
 * next rewind (a grown buffer leaves the earlier spans in the old one).
 */
class SpanColumn<T extends Row> {
  private data: T;
  private mark = 0;
  length = 0;
  /** What an empty take hands out (most of a quiet rack's columns each epoch): no view to make. */
  private readonly empty: T;

  constructor(private readonly make: (capacity: number) => T, capacity = 1024) {
    this.data = make(capacity);
    this.empty = make(0);
  }

  /** Rows pushed since the last take. */
  get rows(): number {
    return this.length - this.mark;
  }

  push(v: number): void {
    if (this.length === this.data.length) this.grow(1);
    this.data[this.length++] = v;
  }

  /** Pushes values[0 .. n). */
  pushAll(values: ArrayLike<number>, n = values.length): void {
    if (this.length + n > this.data.length) this.grow(n);
    for (let k = 0; k < n; k++) this.data[this.length + k] = values[k];
    this.length += n;
  }

  /** Doubles the buffer until `more` rows fit (earlier takes keep viewing the old one). */
  private grow(more: number): void {
    let capacity = this.data.length * 2;
    while (capacity < this.length + more) capacity *= 2;
    const grown = this.make(capacity);
    grown.set(this.data);
    this.data = grown;
  }

  take(): T {
    if (this.mark === this.length) return this.empty;
    const out = this.data.subarray(this.mark, this.length) as T;
    this.mark = this.length;
    return out;
  }

  rewind(): void {
    this.mark = 0;
    this.length = 0;
  }
}

const ints = (capacity: number): Int32Array => new Int32Array(capacity);
const floats = (capacity: number): Float64Array => new Float64Array(capacity);

/**
 * Heartbeat batches of one or more racks (all the racks a host runs share one): begin(epoch), then each rack's
 * heartbeats and take(). A batch stays valid until the builder's next epoch begins: the master is done with an
 * epoch's batches (or they are encoded) before the racks advance again.
 */
export class HeartbeatBatchBuilder implements HeartbeatSink {
  private readonly node = new SpanColumn(ints);
  private readonly timeMs = new SpanColumn(floats);
  private readonly freeMaps = new SpanColumn(ints);
  private readonly freeReduces = new SpanColumn(ints);
  private readonly finishedEnd = new SpanColumn(ints);
  private readonly finishedJob = new SpanColumn(ints);
  private readonly finishedTask = new SpanColumn(ints);
  private readonly demand = new SpanColumn(ints);
  private readonly carriedMB = new SpanColumn(floats);
  private readonly replicas = new SpanColumn(floats);
  private readonly fetches = new SpanColumn(floats);
  private readonly stillToRun = new SpanColumn(ints);
  private readonly farPeers = new SpanColumn(ints);
  private epoch = -1;

  /** Rewinds the builder when `epoch` is a new one (the previous epoch's batches are then overwritten). */
  begin(epoch: number): void {
    if (epoch === this.epoch) return;
    this.epoch = epoch;
    for (const c of [this.node, this.timeMs, this.freeMaps, this.freeReduces, this.finishedEnd, this.finishedJob, this.finishedTask, this.demand, this.carriedMB, this.replicas, this.fetches, this.stillToRun, this.farPeers]) c.rewind();
  }

  finished(job: JobIndex, task: number): void {
    this.finishedJob.push(job);
    this.finishedTask.push(task);
  }

  heartbeat(node: NodeId, timeMs: number, freeMaps: number, freeReduces: number): void {
    this.node.push(node);
    this.timeMs.push(timeMs);
    this.freeMaps.push(freeMaps);
    this.freeReduces.push(freeReduces);
    this.finishedEnd.push(this.finishedJob.rows);
  }

  /**
   * Fluid model: the rack's cross-rack demand (the first `ints` of `demand`: (group, flows) pairs), its committed MB
   * counters, its committed writes with an off-rack replica and fetches from other racks, its flows, writes and
   * fetches still to run, and (bounded core) the (kind, peer) pairs of the far sides it runs, sent with the batch.
   */
  network(demand: ArrayLike<number>, ints: number, carriedMB: ArrayLike<number>, replicas: ArrayLike<number>, fetches: ArrayLike<number>, stillToRun: number, farPeers: ArrayLike<number>): void {
    this.demand.pushAll(demand, ints);
    this.carriedMB.pushAll(carriedMB);
    this.replicas.pushAll(replicas);
    this.fetches.pushAll(fetches);
    this.stillToRun.push(stillToRun);
    this.farPeers.pushAll(farPeers);
  }

  take(rack: number, epoch: number): HeartbeatBatch {
    return {
      type: 'heartbeats', rack, epoch,
      node: this.node.take(), timeMs: this.timeMs.take(), freeMaps: this.freeMaps.take(), freeReduces: this.freeReduces.take(),
      finishedEnd: this.finishedEnd.take(), finishedJob: this.finishedJob.take(), finishedTask: this.finishedTask.take(),
      demand: this.demand.take(), carriedMB: this.carriedMB.take(), replicas: this.replicas.take(), fetches: this.fetches.take(), stillToRun: this.stillToRun.take(), farPeers: this.farPeers.take(),
    };
  }
}

const NO_INTS = new Int32Array(0);
const NO_FLOATS = new Float64Array(0);
const NO_BYTES = new Uint8Array(0);

/**
 * An epoch's decisions for every rack, recorded as rows in decision order and split into one ResponseBatch per rack
 * at take(): a counting sort by rack, stable, so each rack gets its decisions in the order they were made, as a
 * builder of its own would have them. The master decides heartbeats in heartbeat order, which hops between racks:
 * a builder per rack kept 250 racks' 11 column tails in play at 10,000 nodes, a cache miss a push; here a decision
 * is one sequential write, and the split reads and writes in order. take()'s batches are views, valid until the
 * take after next (take() fills two sets of columns in turn).
 */
export class ResponseRouter implements ActionSink {
  private launches: Int32Array = new Int32Array(64 * LaunchRow.Width);
  private durations: Float64Array = new Float64Array(64 * DurationRow.Width);
  private launchCount = 0;
  private dones: Int32Array = new Int32Array(16 * DoneRow.Width);
  private doneCount = 0;
  private kills: Int32Array = new Int32Array(16 * KillRow.Width);
  private killCount = 0;
  /** Scratch of take(): each rack's first launch, done and kill (and the end at racks + 1), and its next position. */
  private readonly starts: [Int32Array, Int32Array, Int32Array];
  private readonly cursor: Int32Array;
  private readonly buffers: [Int32Array[], Int32Array[]] = [[], []];
  private readonly durationBuffers: [Float64Array[], Float64Array[]] = [[], []];
  private readonly flags: [Uint8Array, Uint8Array] = [NO_BYTES, NO_BYTES];
  private current = 0;

  constructor(readonly racks: number, private readonly nodesPerRack: number) {
    this.starts = [new Int32Array(racks + 1), new Int32Array(racks + 1), new Int32Array(racks + 1)];
    this.cursor = new Int32Array(racks + 1);
  }

  get empty(): boolean {
    return this.launchCount === 0 && this.doneCount === 0 && this.killCount === 0;
  }

  launchMap(node: NodeId, job: JobIndex, map: number, durationMs: number, src: NodeId | -1 = -1, readKB = 0, writeKB = 0): void {
    this.launch(node, job, map, durationMs, 0, 0, src, readKB, writeKB);
  }

  launchReduce(node: NodeId, job: JobIndex, reduce: number, copyMs: number, computeMs: number, mapsDone: boolean, readKB = 0, writeKB = 0): void {
    this.launch(node, job, reduceRef(reduce), computeMs, copyMs, mapsDone ? 1 : 0, -1, readKB, writeKB);
  }

  mapsDone(node: NodeId, job: JobIndex): void {
    this.mapProgress(node, job, 0, 0, 0, 0);
  }

  mapProgress(node: NodeId, job: JobIndex, finished: number, inRack: number, onNode: number, maps: number): void {
    if ((this.doneCount + 1) * DoneRow.Width > this.dones.length) this.dones = grow(this.dones);
    const at = this.doneCount++ * DoneRow.Width;
    this.dones[at + DoneRow.Node] = node;
    this.dones[at + DoneRow.Job] = job;
    this.dones[at + DoneRow.Finished] = finished;
    this.dones[at + DoneRow.InRack] = inRack;
    this.dones[at + DoneRow.OnNode] = onNode;
    this.dones[at + DoneRow.Maps] = maps;
  }

  kill(node: NodeId, job: JobIndex, task: number): void {
    if ((this.killCount + 1) * KillRow.Width > this.kills.length) this.kills = grow(this.kills);
    const at = this.killCount++ * KillRow.Width;
    this.kills[at + KillRow.Node] = node;
    this.kills[at + KillRow.Job] = job;
    this.kills[at + KillRow.Task] = task;
  }

  /** Calls fn for each launch since the last take: its node, job, task, and (fluid model) read source, KB read and compute ms. */
  forEachLaunch(fn: (node: NodeId, job: JobIndex, task: number, src: NodeId | -1, readKB: number, computeMs: number) => void): void {
    const rows = this.launches;
    for (let k = 0; k < this.launchCount; k++) {
      const at = k * LaunchRow.Width;
      fn(rows[at + LaunchRow.Node] as NodeId, rows[at + LaunchRow.Job] as JobIndex, rows[at + LaunchRow.Task], rows[at + LaunchRow.Src] as NodeId | -1, rows[at + LaunchRow.ReadKB], this.durations[k * DurationRow.Width + DurationRow.Ms]);
    }
  }

  /** Calls fn for each map-progress notice since the last take: its node, its job, the job's finished maps, those in the node's rack, and its maps. */
  forEachNotice(fn: (node: NodeId, job: JobIndex, finished: number, inRack: number, maps: number) => void): void {
    const rows = this.dones;
    for (let k = 0; k < this.doneCount; k++) {
      const at = k * DoneRow.Width;
      fn(rows[at + DoneRow.Node] as NodeId, rows[at + DoneRow.Job] as JobIndex, rows[at + DoneRow.Finished], rows[at + DoneRow.InRack], rows[at + DoneRow.Maps]);
    }
  }

  /** Each rack's batch of the decisions since the last take (null for a rack with none), and empties the router. */
  take(epoch: number): Array<ResponseBatch | null> {
    const out: Array<ResponseBatch | null> = new Array<ResponseBatch | null>(this.racks).fill(null);
    const columns = this.buffers[this.current];
    const times = this.durationBuffers[this.current];
    const flags = this.mapsDoneColumn();
    const [launch, done, kill] = this.starts;
    this.split(this.launches, this.launchCount, LaunchRow.Width, columns, ResponseColumn.LaunchNode, LAUNCH_COLUMNS, launch, { flags, rows: this.durations, columns: times });
    this.split(this.dones, this.doneCount, DoneRow.Width, columns, ResponseColumn.DoneNode, DoneRow.Width, done);
    this.split(this.kills, this.killCount, KillRow.Width, columns, ResponseColumn.KillNode, KillRow.Width, kill);
    for (let r = 0; r < this.racks; r++) {
      const [l0, l1] = [launch[r], launch[r + 1]];
      const [d0, d1] = [done[r], done[r + 1]];
      const [k0, k1] = [kill[r], kill[r + 1]];
      if (l0 === l1 && d0 === d1 && k0 === k1) continue;
      const view = (c: number, a: number, b: number): Int32Array => (a === b ? NO_INTS : columns[c].subarray(a, b));
      const timeView = (c: number): Float64Array => (l0 === l1 ? NO_FLOATS : times[c].subarray(l0, l1));
      out[r] = {
        epoch,
        launchNode: view(ResponseColumn.LaunchNode, l0, l1), launchJob: view(ResponseColumn.LaunchJob, l0, l1), launchTask: view(ResponseColumn.LaunchTask, l0, l1),
        launchMs: timeView(DurationRow.Ms), launchCopyMs: timeView(DurationRow.CopyMs), launchMapsDone: l0 === l1 ? NO_BYTES : flags.subarray(l0, l1),
        launchSrc: view(ResponseColumn.LaunchSrc, l0, l1), launchReadKB: view(ResponseColumn.LaunchReadKB, l0, l1), launchWriteKB: view(ResponseColumn.LaunchWriteKB, l0, l1),
        doneNode: view(ResponseColumn.DoneNode, d0, d1), doneJob: view(ResponseColumn.DoneJob, d0, d1),
        doneFinished: view(ResponseColumn.DoneFinished, d0, d1), doneInRack: view(ResponseColumn.DoneInRack, d0, d1),
        doneOnNode: view(ResponseColumn.DoneOnNode, d0, d1), doneMaps: view(ResponseColumn.DoneMaps, d0, d1),
        killNode: view(ResponseColumn.KillNode, k0, k1), killJob: view(ResponseColumn.KillJob, k0, k1), killTask: view(ResponseColumn.KillTask, k0, k1),
      };
    }
    this.launchCount = this.doneCount = this.killCount = 0;
    this.current ^= 1;
    return out;
  }

  private launch(node: NodeId, job: JobIndex, task: number, ms: number, copyMs: number, mapsDone: number, src: NodeId | -1, readKB: number, writeKB: number): void {
    if ((this.launchCount + 1) * LaunchRow.Width > this.launches.length) {
      this.launches = grow(this.launches);
      const durations = new Float64Array(this.durations.length * 2);
      durations.set(this.durations);
      this.durations = durations;
    }
    const k = this.launchCount++;
    const at = k * LaunchRow.Width;
    const rows = this.launches;
    rows[at + LaunchRow.Node] = node;
    rows[at + LaunchRow.Job] = job;
    rows[at + LaunchRow.Task] = task;
    rows[at + LaunchRow.Src] = src;
    rows[at + LaunchRow.ReadKB] = readKB;
    rows[at + LaunchRow.WriteKB] = writeKB;
    rows[at + LaunchRow.MapsDone] = mapsDone;
    this.durations[k * DurationRow.Width + DurationRow.Ms] = ms;
    this.durations[k * DurationRow.Width + DurationRow.CopyMs] = copyMs;
  }

  /**
   * Sorts `count` rows of `width` by their node's rack, stable: the first `fields` of each row into columns[first ..
   * first + fields) (grown to hold them); for launches, a row's MapsDone into `launch.flags` and its durations
   * (`launch.rows`, DurationRow.Width a launch) into `launch.columns`. Fills `start` with each rack's first position and
   * the end at racks + 1.
   */
  private split(rows: Int32Array, count: number, width: number, columns: Int32Array[], first: number, fields: number, start: Int32Array,
    launch?: { flags: Uint8Array; rows: Float64Array; columns: Float64Array[] }): void {
    const racks = this.racks;
    start.fill(0);
    // Node is field 0 of every row layout (LaunchRow, DoneRow, KillRow).
    for (let k = 0; k < count; k++) start[Math.floor(rows[k * width + LaunchRow.Node] / this.nodesPerRack) + 1]++;
    for (let r = 0; r < racks; r++) start[r + 1] += start[r];
    for (let c = first; c < first + fields; c++) if ((columns[c]?.length ?? 0) < count) columns[c] = new Int32Array(Math.max(64, 2 * count));
    if (launch !== undefined) for (let c = 0; c < DurationRow.Width; c++) if ((launch.columns[c]?.length ?? 0) < count) launch.columns[c] = new Float64Array(Math.max(64, 2 * count));
    const next = this.cursor;
    next.set(start);
    for (let k = 0; k < count; k++) {
      const at = k * width;
      const i = next[Math.floor(rows[at + LaunchRow.Node] / this.nodesPerRack)]++;
      for (let f = 0; f < fields; f++) columns[first + f][i] = rows[at + f];
      if (launch !== undefined) {
        launch.flags[i] = rows[at + LaunchRow.MapsDone];
        launch.columns[DurationRow.Ms][i] = launch.rows[k * DurationRow.Width + DurationRow.Ms];
        launch.columns[DurationRow.CopyMs][i] = launch.rows[k * DurationRow.Width + DurationRow.CopyMs];
      }
    }
  }

  private mapsDoneColumn(): Uint8Array {
    const c = this.current;
    if (this.flags[c].length < this.launchCount) this.flags[c] = new Uint8Array(Math.max(64, 2 * this.launchCount));
    return this.flags[c];
  }
}

function grow(rows: Int32Array): Int32Array {
  const grown = new Int32Array(rows.length * 2);
  grown.set(rows);
  return grown;
}
