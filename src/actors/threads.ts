/**
 * The threads runtime: rack actors on worker threads. Racks are spread round-robin over the workers; each epoch
 * every worker gets its racks' commands (one msgpack batch per rack, exact-size, transferred) on a MessagePort and
 * answers likewise. The wake-ups go through a shared control word (Atomics.notify / Atomics.wait) and the messages
 * are taken synchronously (receiveMessageOnPort), so an epoch's round trip costs a futex wake, not two event-loop
 * turns. The master merges batches by (time, node id), so thread timing cannot reach the scheduler. A failed rack,
 * a worker error or a worker exit aborts the run with the rack and simulated time (the main thread yields to its
 * event loop every YIELD_MS to hear of them); every worker is stopped and terminated at the end, whatever happened.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, type Worker, receiveMessageOnPort } from 'node:worker_threads';
import { decode, encode } from '../messages/codec.js';
import type { EpochCommand, HeartbeatBatch } from '../messages/types.js';
import type { TransportStats } from './inprocess.js';
import type { MasterActor } from './master-actor.js';
import { siblingModule, startWorker } from './workers.js';

/** Control words shared with each worker: commands posted, replies posted. STOP as CMD_SEQ ends the worker. */
export const CMD_SEQ = 0;
export const REPLY_SEQ = 1;
export const STOP = -1;
const WAIT_SLICE_MS = 20;
const YIELD_MS = 50;

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
}

export class RunFailed extends Error {
  override readonly name = 'RunFailed';
}

export function defaultWorkers(): number {
  return availableParallelism();
}

interface Link {
  worker: Worker;
  port: MessagePort;
  ctl: Int32Array;
  racks: number[];
  replies: number;
}

export async function runThreads(master: MasterActor, options: ThreadsOptions = {}): Promise<TransportStats & { workers: number }> {
  const racks = master.topology.racks;
  const n = Math.max(1, Math.min(options.workers ?? defaultWorkers(), racks));
  const hosted: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < racks; r++) hosted[r % n].push(r);
  const entry = siblingModule(import.meta.url, 'rack-worker');
  const stats = { bytesToRacks: 0, bytesFromRacks: 0, masterMs: 0, racksMs: 0, workers: n };
  let epochStartMs = 0;
  let failure: Error | null = null;
  let finished = false;
  const fail = (err: Error): void => {
    if (failure === null && !finished) failure = err;
  };
  const links: Link[] = hosted.map((mine) => {
    const { port1, port2 } = new MessageChannel();
    const control = new SharedArrayBuffer(8);
    const worker = startWorker(entry, {
      workerData: { racks: mine, scenario: master.scenario, fault: options.fault, port: port2, control },
      transferList: [port2],
    });
    const where = `rack${mine.length > 1 ? 's' : ''} ${mine.join(', ')}`;
    const at = (): string => `simulated time ${(epochStartMs / 1000).toFixed(3)} s`;
    worker.on('error', (err) => fail(new RunFailed(`worker for ${where} failed at ${at()}: ${err.message}`)));
    worker.on('exit', (code) => fail(new RunFailed(`worker for ${where} exited (code ${code}) at ${at()}`)));
    return { worker, port: port1, ctl: new Int32Array(control), racks: mine, replies: 0 };
  });
  options.onWorkers?.(links.map((l) => l.worker));

  let lastYield = performance.now();
  const yieldNow = async (): Promise<void> => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    lastYield = performance.now();
  };
  /** Waits for one reply from `link`, hearing of failures meanwhile. */
  const awaitReply = async (link: Link): Promise<WorkerReply> => {
    link.replies++;
    for (;;) {
      if (failure !== null) throw failure;
      if (Atomics.load(link.ctl, REPLY_SEQ) >= link.replies) {
        const received = receiveMessageOnPort(link.port);
        if (received !== undefined) return received.message as WorkerReply;
      }
      Atomics.wait(link.ctl, REPLY_SEQ, link.replies - 1, WAIT_SLICE_MS);
      if (performance.now() - lastYield > YIELD_MS) await yieldNow();
    }
  };

  try {
    await yieldNow();
    let commands: EpochCommand[] | null = master.start();
    while (commands !== null) {
      if (performance.now() - lastYield > YIELD_MS) await yieldNow();
      if (failure !== null) throw failure;
      const epoch: number = commands[0].epoch;
      const t0 = performance.now();
      epochStartMs = epoch * master.topology.heartbeatMs;
      for (const link of links) {
        const bytes = link.racks.map((r) => encode(commands![r]));
        for (const b of bytes) stats.bytesToRacks += b.byteLength;
        link.port.postMessage(bytes, bytes.map((b) => b.buffer as ArrayBuffer));
        Atomics.add(link.ctl, CMD_SEQ, 1);
        Atomics.notify(link.ctl, CMD_SEQ);
      }
      const batches: HeartbeatBatch[] = [];
      for (const link of links) {
        const reply = await awaitReply(link);
        if ('failed' in reply) {
          const f = decode(reply.failed);
          throw new RunFailed(f.type === 'failed' ? f.message : `racks ${link.racks.join(', ')} failed`);
        }
        for (const bytes of reply.batches) {
          stats.bytesFromRacks += bytes.byteLength;
          batches.push(decode(bytes) as HeartbeatBatch);
        }
      }
      // Batches arrive in worker order; put them in rack order before the master sees them.
      batches.sort((a, b) => a.rack - b.rack);
      const t1 = performance.now();
      commands = master.onBatches(epoch, batches);
      stats.racksMs += t1 - t0;
      stats.masterMs += performance.now() - t1;
    }
    finished = true;
    return stats;
  } finally {
    finished = true;
    for (const link of links) {
      Atomics.store(link.ctl, CMD_SEQ, STOP);
      Atomics.notify(link.ctl, CMD_SEQ);
      link.port.close();
    }
    await Promise.all(links.map((l) => l.worker.terminate()));
  }
}
