/**
 * The threads runtime: rack actors on worker threads. Racks are spread round-robin over the workers; each epoch
 * every worker gets one postMessage holding one msgpack batch per rack it hosts (exact-size, transferred) and
 * answers likewise. The master merges batches by (time, node id), so thread timing cannot reach the scheduler.
 * A failed rack, a worker error or a worker exit aborts the run with the rack and simulated time; every worker is
 * terminated at the end, whatever happened.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { decode, encode } from '../messages/codec.js';
import type { EpochCommand, HeartbeatBatch } from '../messages/types.js';
import type { TransportStats } from './inprocess.js';
import type { MasterActor } from './master-actor.js';
import { siblingModule, startWorker } from './workers.js';

/** Test hook: make `rack` throw at `epoch` (and after). */
export interface InjectedFault {
  rack: number;
  epoch: number;
}

export type WorkerReply = { batches: Uint8Array[] } | { failed: Uint8Array };

export interface ThreadsOptions {
  /** Worker threads (default: available cores); never more than there are racks. */
  workers?: number;
  fault?: InjectedFault;
  /** Test hook: sees the workers once started (e.g. to terminate one from outside). */
  onWorkers?: (workers: readonly Worker[]) => void;
  /** Milliseconds between the first epoch reply and the progress callback (0: every epoch). */
}

export class RunFailed extends Error {
  override readonly name = 'RunFailed';
}

export function defaultWorkers(): number {
  return availableParallelism();
}

export async function runThreads(master: MasterActor, options: ThreadsOptions = {}): Promise<TransportStats & { workers: number }> {
  const racks = master.topology.racks;
  const n = Math.max(1, Math.min(options.workers ?? defaultWorkers(), racks));
  const hosted: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < racks; r++) hosted[r % n].push(r);
  const entry = siblingModule(import.meta.url, 'rack-worker');
  const workers = hosted.map((mine) => startWorker(entry, { workerData: { racks: mine, scenario: master.scenario, fault: options.fault } }));
  const stats = { bytesToRacks: 0, bytesFromRacks: 0, masterMs: 0, racksMs: 0, workers: n };
  let epochStartMs = 0;
  let finished = false;

  // One pending epoch at a time: replies fill `batches`; a failure rejects.
  let collect: { left: number; batches: HeartbeatBatch[]; resolve: () => void; reject: (e: Error) => void } | null = null;
  let failure: Error | null = null;
  const fail = (err: Error): void => {
    if (failure !== null || finished) return;
    failure = err;
    collect?.reject(err);
  };
  workers.forEach((worker, w) => {
    const where = (): string => `rack${hosted[w].length > 1 ? 's' : ''} ${hosted[w].join(', ')}`;
    worker.on('message', (reply: WorkerReply) => {
      if ('failed' in reply) {
        const f = decode(reply.failed);
        fail(new RunFailed(f.type === 'failed' ? f.message : `${where()} failed`));
        return;
      }
      if (collect === null) return;
      for (const bytes of reply.batches) {
        stats.bytesFromRacks += bytes.byteLength;
        collect.batches.push(decode(bytes) as HeartbeatBatch);
      }
      if (--collect.left === 0) collect.resolve();
    });
    worker.on('error', (err) => fail(new RunFailed(`worker for ${where()} failed at simulated time ${(epochStartMs / 1000).toFixed(3)} s: ${err.message}`)));
    worker.on('exit', (code) => fail(new RunFailed(`worker for ${where()} exited (code ${code}) at simulated time ${(epochStartMs / 1000).toFixed(3)} s`)));
  });
  options.onWorkers?.(workers);

  try {
    let commands: EpochCommand[] | null = master.start();
    while (commands !== null) {
      if (failure !== null) throw failure;
      const epoch: number = commands[0].epoch;
      const t0 = performance.now();
      epochStartMs = epoch * master.topology.heartbeatMs;
      const replies = new Promise<void>((resolve, reject) => {
        collect = { left: n, batches: [], resolve, reject };
      });
      hosted.forEach((mine, w) => {
        const bytes = mine.map((r) => encode(commands![r]));
        for (const b of bytes) stats.bytesToRacks += b.byteLength;
        workers[w].postMessage(bytes, bytes.map((b) => b.buffer as ArrayBuffer));
      });
      await replies;
      const batches = collect!.batches;
      collect = null;
      batches.sort((a, b) => a.rack - b.rack); // arrival order is thread timing; fix it before the master sees it
      const t1 = performance.now();
      commands = master.onBatches(epoch, batches);
      stats.racksMs += t1 - t0;
      stats.masterMs += performance.now() - t1;
    }
    finished = true;
    return stats;
  } finally {
    finished = true;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
