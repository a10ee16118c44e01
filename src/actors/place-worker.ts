/** A worker thread of place-threads.ts: places its range of a workload's files into the shared block arrays, then says so. */
import { parentPort, workerData } from 'node:worker_threads';
import { type FileToPlace, placeFiles } from '../core/placement.js';
import type { Topology } from '../core/topology.js';

export interface PlaceJob {
  topology: Topology;
  replication: number;
  key: number;
  files: FileToPlace[];
  replicas: SharedArrayBuffer;
  counts: SharedArrayBuffer;
  /** Where this thread counts its blocks placed (an Int32Array's element `part`), for a build's progress; none: not counted. */
  placed?: { counts: SharedArrayBuffer; part: number };
}

const job = workerData as PlaceJob;
const placed = job.placed === undefined ? undefined : { counts: new Int32Array(job.placed.counts), part: job.placed.part };
placeFiles(job.topology, job.replication, job.key, job.files, new Int32Array(job.replicas), new Uint8Array(job.counts),
  placed && ((n) => Atomics.store(placed.counts, placed.part, n)));
parentPort!.postMessage('placed');
