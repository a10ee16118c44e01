/**
 * Growable column builders for the two batch types. A builder is reused across epochs; take() hands out views of
 * its rows (valid until the take after next) and empties the builder. They implement the core's sink interfaces.
 */
import type { JobIndex } from '../core/job.js';
import type { HeartbeatSink } from '../core/rack-model.js';
import type { ActionSink } from '../core/scheduler.js';
import type { NodeId } from '../core/topology.js';
import type { HeartbeatBatch, ResponseBatch } from './types.js';

type Row = Int32Array | Float64Array | Uint8Array;

/**
 * A growable column over two buffers used in turn. take() returns a view of the rows and switches buffers, so a
 * taken batch stays valid while the builder fills the next one, and is overwritten only by the take after that.
 * Views instead of copies: a typed-array copy cost ~480 ns against ~46 ns for a view, 18 columns per rack per
 * epoch. Every consumer (the master, the rack, the codec) is done with a batch before its producer's next epoch.
 */
class Column<T extends Row> {
  private readonly buffers: [T, T];
  private current = 0;
  length = 0;

  constructor(private readonly make: (capacity: number) => T, capacity = 64) {
    this.buffers = [make(capacity), make(capacity)];
  }

  push(v: number): void {
    let data = this.buffers[this.current];
    if (this.length === data.length) {
      const grown = this.make(data.length * 2);
      grown.set(data);
      this.buffers[this.current] = data = grown;
    }
    data[this.length++] = v;
  }

  take(): T {
    const out = this.buffers[this.current].subarray(0, this.length) as T;
    this.current ^= 1;
    this.length = 0;
    return out;
  }
}

const ints = (capacity: number): Int32Array => new Int32Array(capacity);
const floats = (capacity: number): Float64Array => new Float64Array(capacity);
const bytes = (capacity: number): Uint8Array => new Uint8Array(capacity);

export class HeartbeatBatchBuilder implements HeartbeatSink {
  private readonly node = new Column(ints);
  private readonly timeMs = new Column(floats);
  private readonly freeMaps = new Column(ints);
  private readonly freeReduces = new Column(ints);
  private readonly finishedEnd = new Column(ints);
  private readonly finishedJob = new Column(ints);
  private readonly finishedTask = new Column(ints);

  finished(job: JobIndex, task: number): void {
    this.finishedJob.push(job);
    this.finishedTask.push(task);
  }

  heartbeat(node: NodeId, timeMs: number, freeMaps: number, freeReduces: number): void {
    this.node.push(node);
    this.timeMs.push(timeMs);
    this.freeMaps.push(freeMaps);
    this.freeReduces.push(freeReduces);
    this.finishedEnd.push(this.finishedJob.length);
  }

  take(rack: number, epoch: number): HeartbeatBatch {
    return {
      type: 'heartbeats', rack, epoch,
      node: this.node.take(), timeMs: this.timeMs.take(), freeMaps: this.freeMaps.take(), freeReduces: this.freeReduces.take(),
      finishedEnd: this.finishedEnd.take(), finishedJob: this.finishedJob.take(), finishedTask: this.finishedTask.take(),
    };
  }
}

export class ResponseBatchBuilder implements ActionSink {
  private readonly launchNode = new Column(ints);
  private readonly launchJob = new Column(ints);
  private readonly launchTask = new Column(ints);
  private readonly launchMs = new Column(ints);
  private readonly launchCopyMs = new Column(ints);
  private readonly launchMapsDone = new Column(bytes);
  private readonly doneNode = new Column(ints);
  private readonly doneJob = new Column(ints);
  private readonly killNode = new Column(ints);
  private readonly killJob = new Column(ints);
  private readonly killTask = new Column(ints);

  get empty(): boolean {
    return this.launchNode.length === 0 && this.doneNode.length === 0 && this.killNode.length === 0;
  }

  launchMap(node: NodeId, job: JobIndex, map: number, durationMs: number): void {
    this.launch(node, job, map, durationMs, 0, 0);
  }

  launchReduce(node: NodeId, job: JobIndex, reduce: number, copyMs: number, computeMs: number, mapsDone: boolean): void {
    this.launch(node, job, -(reduce + 1), computeMs, copyMs, mapsDone ? 1 : 0);
  }

  mapsDone(node: NodeId, job: JobIndex): void {
    this.doneNode.push(node);
    this.doneJob.push(job);
  }

  kill(node: NodeId, job: JobIndex, task: number): void {
    this.killNode.push(node);
    this.killJob.push(job);
    this.killTask.push(task);
  }

  take(epoch: number): ResponseBatch {
    return {
      epoch,
      launchNode: this.launchNode.take(), launchJob: this.launchJob.take(), launchTask: this.launchTask.take(),
      launchMs: this.launchMs.take(), launchCopyMs: this.launchCopyMs.take(), launchMapsDone: this.launchMapsDone.take(),
      doneNode: this.doneNode.take(), doneJob: this.doneJob.take(),
      killNode: this.killNode.take(), killJob: this.killJob.take(), killTask: this.killTask.take(),
    };
  }

  private launch(node: NodeId, job: JobIndex, task: number, ms: number, copyMs: number, mapsDone: number): void {
    this.launchNode.push(node);
    this.launchJob.push(job);
    this.launchTask.push(task);
    this.launchMs.push(ms);
    this.launchCopyMs.push(copyMs);
    this.launchMapsDone.push(mapsDone);
  }
}
