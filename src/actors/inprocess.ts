/** The in-process runtime: master and rack actors on one thread, messages passed as objects or through the codec. */
import { performance } from 'node:perf_hooks'; // not the global's lazy getter (master-actor.ts)
import type { HeartbeatBatch, EpochCommand } from '../messages/types.js';
import { decode, encodeView } from '../messages/codec.js';
import type { MasterActor } from './master-actor.js';
import { type RackActor, rackActors, rackScenario } from './rack-actor.js';
import { DOUBLE_ZERO } from '../core/doubles.js';
import type { ProgressTicker } from './run-progress.js';
import { endIfOrphaned } from './orphan-watch.js';

export interface InProcessOptions {
  /** Pass every message through the msgpack codec, as the threads runtime does. */
  codec?: boolean;
  /** Tests: sees the racks' side of the run. */
  inspect?: RackInspector;
  /** Fluid racks solve their network on every flow start and end (no shortcut; see FluidNet). */
  solveEveryChange?: boolean;
  /** Told of the run's progress between epochs (run-progress.ts). */
  progress?: ProgressTicker;
}

/** Sees each epoch's heartbeat batches before the master does, and the rack actors once every job has finished. */
export interface RackInspector {
  batches?(epoch: number, batches: readonly HeartbeatBatch[]): void;
  finished?(racks: readonly RackActor[]): void;
}

export interface TransportStats {
  bytesToRacks: number;
  bytesFromRacks: number;
  /** Wall time in the master's epoch handling. */
  masterMs: number;
  /** Wall time from sending an epoch's commands to holding every rack's batch (rack work plus transport). */
  racksMs: number;
}

export function runInProcess(master: MasterActor, options: InProcessOptions = {}): TransportStats {
  const run = epochs(master, options);
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
  }
}

/**
 * runInProcess, letting the event loop turn after a time the progress listener was told (every 250 ms of wall time
 * by default), at most every YIELD_EVERY_MS: a signal's listener runs then (a progress bar on a terminal clears its line at a Ctrl-C: src/cli/ending-signals.ts),
 * where the synchronous run held it back to the run's end. What is simulated is the same.
 */
export async function runInProcessYielding(master: MasterActor, options: InProcessOptions = {}): Promise<TransportStats> {
  const run = epochs(master, options);
  let turnAt = performance.now() + YIELD_EVERY_MS;
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
    if (performance.now() < turnAt) continue; // a listener told after every epoch (progressEveryMs 0) costs no turns
    await new Promise<void>((resolve) => setImmediate(resolve)); // the loop polls (signals, I/O) before it runs this
    turnAt = performance.now() + YIELD_EVERY_MS;
  }
}

/** Least wall ms between two turns of the event loop in runInProcessYielding. */
const YIELD_EVERY_MS = 100;

/** The run's epochs, one after another; it pauses (yields) after each epoch whose progress the listener was told. */
function* epochs(master: MasterActor, options: InProcessOptions): Generator<void, TransportStats> {
  const racks = rackActors(master.topology, Array.from({ length: master.topology.racks }, (_, r) => r), rackScenario(master.scenario), options.solveEveryChange);
  const stats: TransportStats = { bytesToRacks: 0, bytesFromRacks: 0, masterMs: DOUBLE_ZERO, racksMs: DOUBLE_ZERO };
  let commands: EpochCommand[] | null = master.start();
  while (commands !== null) {
    const epoch: number = commands[0].epoch;
    const t0 = performance.now();
    endIfOrphaned(t0); // on a pool's worker whose parent has died (orphan-watch.ts)
    const batches: HeartbeatBatch[] = options.codec
      ? commands.map((cmd) => throughCodec(racks[cmd.rack].onEpoch(throughCodec(cmd, stats, 'bytesToRacks')), stats, 'bytesFromRacks'))
      : commands.map((cmd) => racks[cmd.rack].onEpoch(cmd));
    const t1 = performance.now();
    options.inspect?.batches?.(epoch, batches);
    commands = master.onBatches(epoch, batches);
    stats.racksMs += t1 - t0;
    stats.masterMs += performance.now() - t1;
    if (options.progress?.tick(master)) yield;
  }
  options.progress?.end(master);
  options.inspect?.finished?.(racks);
  return stats;
}

/** A message encoded and decoded (--codec), its bytes counted: one function for every run (see src/core/doubles.ts's note on second runs). */
function throughCodec<T>(message: T, stats: TransportStats, counter: 'bytesToRacks' | 'bytesFromRacks'): T {
  const bytes = encodeView(message as never); // decoded at once: a view of the encoder's scratch serves
  stats[counter] += bytes.length;
  return decode(bytes) as T;
}
