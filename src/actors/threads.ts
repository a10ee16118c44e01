/**
 * The threads runtime: rack actors on worker threads. Racks are spread round-robin over the workers; each epoch
 * every worker gets its racks' commands (one msgpack batch per rack) and answers with their heartbeat batches,
 * through two mailboxes in shared memory (mailbox.ts): a send is each message encoded and copied in, then an
 * Atomics.notify; a receive an Atomics.wait and each message decoded where it lies, so an epoch's round trip costs
 * two futex wakes, not event-loop turns. The master merges
 * batches by (time, node id), so thread timing cannot reach the scheduler. A failed rack, a worker error or a worker
 * exit aborts the run with the rack and simulated time (the main thread yields to its event loop every YIELD_MS to
 * hear of errors and exits); every worker is stopped and terminated at the end, whatever happened.
 */
import { performance } from 'node:perf_hooks'; // not the global's lazy getter (master-actor.ts)
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { decode, encodeView } from '../messages/codec.js';
import type { EpochCommand, HeartbeatBatch } from '../messages/types.js';
import type { TransportStats } from './inprocess.js';
import { MAILBOX_FAILED, Mailbox, batchBoundBytes, serveBoundBytes } from './mailbox.js';
import type { MasterActor } from './master-actor.js';
import { rackScenario } from './rack-actor.js';
import { siblingModule, startWorker } from './workers.js';
import type { ProgressTicker } from './run-progress.js';

const WAIT_SLICE_MS = 20;
const YIELD_MS = 50;

/** Test hook: make `rack` throw at `epoch` (and after). */
export interface InjectedFault {
  rack: number;
  epoch: number;
}

export interface ThreadsOptions {
  /** Worker threads (default: available cores); never more than there are racks. */
  workers?: number;
  /** Fluid racks solve their network on every flow start and end (no shortcut; see FluidNet). */
  solveEveryChange?: boolean;
  fault?: InjectedFault;
  /** Told of the run's progress between epochs (run-progress.ts). */
  progress?: ProgressTicker;
  /** Test hook: sees the workers once every one is online, before the first epoch (e.g. to terminate one from outside). */
  onWorkers?: (workers: readonly Worker[]) => void;
}

/**
 * Resolves once every worker runs JavaScript ('online'), or has failed or exited first (the listeners above record
 * that). Until then a worker has no environment, and Node's terminate() on it only marks it stopped: it exits with
 * code 0, not 1 (measured on Node 20.20: terminate() within 10 ms of new Worker gave code 0 in 98 of 100 tries; after
 * 'online', code 1 in 140 of 140). Waiting here means the run starts, and the onWorkers hook sees the workers, only
 * once each is up, so an exit during the run is always a worker that was running.
 */
function online(workers: readonly Worker[]): Promise<unknown> {
  return Promise.all(workers.map((w) => new Promise<void>((up) => {
    w.once('online', up);
    w.once('error', () => up());
    w.once('exit', () => up());
  })));
}

/**
 * A worker's racks in a few words: each of a few, else the first three and the last, and how many ("racks 1, 3, 5,
 * ..., 3999 (2000 racks)"). Every rack of a worker of thousands made its failure a line of 10,000 characters, which
 * the CLI cuts at 1,000, cause and all.
 */
function rackList(racks: readonly number[]): string {
  if (racks.length === 1) return `rack ${racks[0]}`;
  if (racks.length <= 6) return `racks ${racks.join(', ')}`;
  return `racks ${racks.slice(0, 3).join(', ')}, ..., ${racks[racks.length - 1]} (${racks.length} racks)`;
}

export class RunFailed extends Error {
  override readonly name = 'RunFailed';
}

export function defaultWorkers(): number {
  return availableParallelism();
}

interface Link {
  worker: Worker;
  commands: Mailbox;
  replies: Mailbox;
  racks: number[];
  sent: number;
}

/**
 * The rack workers of one run: each with its racks (round-robin) and its two mailboxes, and the first failure any
 * of them reported (an error, an exit, a failed rack), which the run throws at its next wait.
 */
class RackWorkers {
  private readonly links: Link[];
  private failure: Error | null = null;
  private finished = false;
  /** The simulated time of the epoch under way, for a failure's message. */
  private epochStartMs = 0;
  private lastYield = performance.now();

  constructor(master: MasterActor, options: ThreadsOptions, n: number) {
    const t = master.topology;
    const hosted: number[][] = Array.from({ length: n }, () => []);
    for (let r = 0; r < t.racks; r++) hosted[r % n].push(r);
    const entry = siblingModule(import.meta.url, 'rack-worker');
    const scenario = rackScenario(master.scenario); // the workload stays here: each worker holds a copy of what it is sent
    const fluid = scenario.cluster.network.model === 'fluid' ? { racks: t.racks, copySlots: scenario.copySlots } : undefined;
    const perRack = batchBoundBytes(t.nodesPerRack, t.mapSlotsPerNode, t.reduceSlotsPerNode, fluid);
    // Serves go to whichever racks hold the sources and replicas: every commands mailbox can hold all of an epoch's.
    const serves = fluid === undefined ? 0 : serveBoundBytes(t.racks, t.nodesPerRack, t.mapSlotsPerNode + fluid.copySlots, t.reduceSlotsPerNode);
    // Every mailbox is made before any worker starts: one that cannot be made (memory) fails the run with no worker
    // left running to hold the process open.
    const boxes = hosted.map((mine) => ({ mine, commands: Mailbox.create(perRack * mine.length + serves), replies: Mailbox.create(perRack * mine.length) }));
    this.links = boxes.map(({ mine, commands, replies }) => {
      const worker = startWorker(entry, {
        workerData: { racks: mine, scenario, fault: options.fault, solveEveryChange: options.solveEveryChange === true, inbox: commands.buffer, outbox: replies.buffer },
      });
      const where = rackList(mine);
      const at = (): string => `simulated time ${(this.epochStartMs / 1000).toFixed(3)} s`;
      worker.on('error', (err) => this.fail(new RunFailed(`worker for ${where} failed at ${at()}: ${err.message}`)));
      worker.on('exit', (code) => this.fail(new RunFailed(`worker for ${where} exited (code ${code}) at ${at()}`)));
      return { worker, commands, replies, racks: mine, sent: 0 };
    });
  }

  private fail(err: Error): void {
    if (this.failure === null && !this.finished) this.failure = err;
  }

  /** Throws the failure reported, if any. */
  private check(): void {
    if (this.failure !== null) throw this.failure;
  }

  /** Once every worker is up (or failed first): shows them to the onWorkers hook, and hears of what happened meanwhile. */
  async started(onWorkers: ThreadsOptions['onWorkers']): Promise<void> {
    await online(this.links.map((l) => l.worker));
    this.check();
    onWorkers?.(this.links.map((l) => l.worker));
    await this.yieldNow();
  }

  private async yieldNow(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.lastYield = performance.now();
  }

  /** Between epochs: a turn of the event loop every YIELD_MS, to hear of errors and exits; throws one heard. */
  async between(): Promise<void> {
    if (performance.now() - this.lastYield > YIELD_MS) await this.yieldNow();
    this.check();
  }

  /** Sends each worker its racks' commands for the epoch, one message a rack; the bytes sent. */
  send(commands: EpochCommand[], epochStartMs: number): number {
    this.epochStartMs = epochStartMs;
    let bytesSent = 0;
    for (const link of this.links) {
      link.commands.begin();
      for (const r of link.racks) {
        const bytes = encodeView(commands[r]);
        bytesSent += bytes.byteLength;
        link.commands.push(bytes);
      }
      link.sent++;
      link.commands.commit();
    }
    return bytesSent;
  }

  /** Every rack's heartbeat batch for the epoch sent, in rack order (they arrive in worker order), and their bytes. */
  async receive(): Promise<{ batches: HeartbeatBatch[]; bytes: number }> {
    const batches: HeartbeatBatch[] = [];
    let bytes = 0;
    for (const link of this.links) {
      for (const message of await this.replies(link)) {
        bytes += message.byteLength;
        batches.push(decode(message) as HeartbeatBatch);
      }
    }
    batches.sort((a, b) => a.rack - b.rack);
    return { batches, bytes };
  }

  /** Waits for `link` to answer its latest commands, hearing of failures meanwhile. */
  private async replies(link: Link): Promise<Uint8Array[]> {
    for (;;) {
      this.check();
      if (link.replies.wait(link.sent - 1, WAIT_SLICE_MS) === link.sent) {
        const { status, messages } = link.replies.receive();
        if (status === MAILBOX_FAILED) {
          const f = decode(messages[0]);
          throw new RunFailed(f.type === 'failed' ? f.message : `${rackList(link.racks)} failed`);
        }
        return messages;
      }
      if (performance.now() - this.lastYield > YIELD_MS) await this.yieldNow();
    }
  }

  /** Stops and terminates every worker, whatever happened; no failure is recorded after this. */
  async stop(): Promise<void> {
    this.finished = true;
    for (const link of this.links) link.commands.stop();
    await Promise.all(this.links.map((l) => l.worker.terminate()));
  }
}

export async function runThreads(master: MasterActor, options: ThreadsOptions = {}): Promise<TransportStats & { workers: number }> {
  const t = master.topology;
  const n = Math.max(1, Math.min(options.workers ?? defaultWorkers(), t.racks));
  const stats = { bytesToRacks: 0, bytesFromRacks: 0, masterMs: 0, racksMs: 0, workers: n };
  const workers = new RackWorkers(master, options, n);
  try {
    await workers.started(options.onWorkers);
    let commands: EpochCommand[] | null = master.start();
    while (commands !== null) {
      await workers.between();
      const epoch: number = commands[0].epoch;
      const t0 = performance.now();
      stats.bytesToRacks += workers.send(commands, epoch * t.heartbeatMs);
      const { batches, bytes } = await workers.receive();
      stats.bytesFromRacks += bytes;
      const t1 = performance.now();
      commands = master.onBatches(epoch, batches);
      stats.racksMs += t1 - t0;
      stats.masterMs += performance.now() - t1;
      options.progress?.tick(master);
    }
    options.progress?.end(master);
    return stats;
  } finally {
    await workers.stop();
  }
}
