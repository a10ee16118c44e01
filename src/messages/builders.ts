/**
 * Growable column builders for the two batch types. A builder is reused across epochs; take() copies the rows
 * into an exact-size batch and empties the builder. They implement the core's sink interfaces.
 */
import type { JobIndex } from '../core/job.js';
import type { HeartbeatSink } from '../core/rack-model.js';
import type { ActionSink } from '../core/scheduler.js';
import type { NodeId } from '../core/topology.js';
import type { HeartbeatBatch, ResponseBatch } from './types.js';

class IntColumn {
  data: Int32Array;
  length = 0;
  constructor(capacity = 64) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }
  take(): Int32Array {
    const out = this.data.slice(0, this.length);
    this.length = 0;
    return out;
  }
}

class FloatColumn {
  data: Float64Array;
  length = 0;
  constructor(capacity = 64) {
    this.data = new Float64Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }
  take(): Float64Array {
    const out = this.data.slice(0, this.length);
    this.length = 0;
    return out;
  }
}

export class HeartbeatBatchBuilder implements HeartbeatSink {
  private readonly node = new IntColumn();
  private readonly timeMs = new FloatColumn();
  private readonly freeMaps = new IntColumn();
  private readonly freeReduces = new IntColumn();
  private readonly finishedEnd = new IntColumn();
  private readonly finishedJob = new IntColumn();
  private readonly finishedTask = new IntColumn();

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
  private readonly launchNode = new IntColumn();
  private readonly launchJob = new IntColumn();
  private readonly launchTask = new IntColumn();
  private readonly launchMs = new IntColumn();
  private readonly launchCopyMs = new IntColumn();
  private readonly launchMapsDone = new IntColumn();
  private readonly doneNode = new IntColumn();
  private readonly doneJob = new IntColumn();
  private readonly killNode = new IntColumn();
  private readonly killJob = new IntColumn();
  private readonly killTask = new IntColumn();

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
      launchMs: this.launchMs.take(), launchCopyMs: this.launchCopyMs.take(), launchMapsDone: Uint8Array.from(this.launchMapsDone.take()),
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
