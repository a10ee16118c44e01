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
}

const job = workerData as PlaceJob;
placeFiles(job.topology, job.replication, job.key, job.files, new Int32Array(job.replicas), new Uint8Array(job.counts));
parentPort!.postMessage('placed');
