/**
 * A workload built with its blocks placed on several threads: the jobs and their files' block numbers here
 * (planWorkload), then the files in contiguous ranges of about equal blocks, one range on this thread and each other
 * on a worker thread, all writing into shared arrays. Each file draws from its own stream, so the blocks, and every
 * digest, are those of buildWorkload on one thread. fb2010-day's 16 M blocks: see README (Parallel throughput).
 */
import { availableParallelism } from 'node:os';
import { BlockStore } from '../core/hdfs.js';
import { type BlockPlan, type FileToPlace, type PlacedListener, fillListed, placeFiles, placementKey } from '../core/placement.js';
import type { Rng } from '../core/rng.js';
import type { Scenario } from '../core/scenario.js';
import type { SwimTrace } from '../core/swim.js';
import type { Topology } from '../core/topology.js';
import { type DrawnListener, type FacebookMix, type Workload, planWorkload, planWorkloadSteps } from '../core/workload.js';
import type { PlaceJob } from './place-worker.js';
import { siblingModule, startWorker } from './workers.js';

/** Below this many blocks to place, one thread: a worker thread's start (~20-50 ms) would cost more than it saves (~0.13 us a block). */
export const PARALLEL_PLACEMENT_MIN_BLOCKS = 1_000_000;

/** How often the blocks placed are told while this thread waits for the others to end their ranges (ms). */
const WAIT_TOLD_MS = 100;

/**
 * The workload of buildWorkload, its blocks placed on up to `threads` threads (default: the cores) when there are at
 * least `minBlocks`; `told` its jobs drawn (planWorkload's onDrawn), then the blocks placed on all threads as they are
 * (as buildWorkload's onPlaced), the last all. `mix`: a Facebook mix's draws made already (planWorkload's).
 */
export async function buildWorkloadOnThreads(scenario: Scenario, topology: Topology, rng: Rng, trace?: SwimTrace, threads = availableParallelism(),
  minBlocks = PARALLEL_PLACEMENT_MIN_BLOCKS, told?: { drawn?: DrawnListener; placed?: PlacedListener }, mix?: FacebookMix): Promise<Workload> {
  // told, the draws let the event loop turn as they go: a Ctrl-C then clears a terminal's drawing bar
  const { jobs, plan } = told?.drawn === undefined ? planWorkload(scenario, topology, rng, trace, undefined, mix)
    : await turning(planWorkloadSteps(scenario, topology, rng, trace, told.drawn, mix));
  const onPlaced = told?.placed;
  const replication = scenario.hdfs.replication;
  const total = plan.placedBlocks;
  const parts = total < minBlocks ? 1 : Math.max(1, Math.min(threads, plan.placed.length));
  const shared = parts > 1;
  const replicas = new Int32Array(shared ? new SharedArrayBuffer(plan.size * replication * 4) : new ArrayBuffer(plan.size * replication * 4));
  const counts = new Uint8Array(shared ? new SharedArrayBuffer(plan.size) : new ArrayBuffer(plan.size));
  const key = placementKey(scenario.seed);
  const ranges = shared ? splitFiles(plan, parts) : [plan.placed];
  // each thread's blocks placed so far, this one's first (the others count theirs in shared memory as they go)
  const placed = new Int32Array(onPlaced !== undefined && shared ? new SharedArrayBuffer(parts * 4) : new ArrayBuffer(parts * 4));
  // the blocks placed so far, all of them told once only, at the end
  const tell = onPlaced && ((): void => {
    const sum = placed.reduce((a, _, k) => a + Atomics.load(placed, k), 0);
    if (sum < total) onPlaced(sum, total);
  });
  const others = ranges.slice(1).map((files, k) => placeOnWorker({ topology, replication, key, files, replicas: replicas.buffer as SharedArrayBuffer, counts: counts.buffer as SharedArrayBuffer,
    ...(tell === undefined ? {} : { placed: { counts: placed.buffer as SharedArrayBuffer, part: k + 1 } }) }));
  // told, this thread's part lets the event loop turn as it goes: a Ctrl-C then clears a terminal's build bar
  if (tell === undefined) placeFiles(topology, replication, key, ranges[0], replicas, counts);
  else {
    await placeFilesTurning(topology, replication, key, ranges[0], replicas, counts, (n) => {
      Atomics.store(placed, 0, n);
      tell();
    });
  }
  fillListed(plan, replication, replicas, counts);
  const waiting = tell === undefined || others.length === 0 ? undefined : setInterval(tell, WAIT_TOLD_MS);
  try {
    await Promise.all(others);
  } finally {
    clearInterval(waiting);
  }
  onPlaced?.(total, total);
  return { jobs, blocks: BlockStore.over(replication, replicas, counts, plan.size, plan.files) };
}

/** Blocks placed between two turns of the event loop while a build is told (about 70 ms at 0.13 us a block). */
export const BLOCKS_BETWEEN_TURNS = 1 << 19;

/**
 * placeFiles of `files`, `told` the blocks placed so far, letting the event loop turn (where a signal's handler runs)
 * after each slice of files of at least BLOCKS_BETWEEN_TURNS blocks: each file draws from its own stream, so the
 * blocks are the same. A file is never cut: one of more blocks holds the loop until it is placed.
 */
async function placeFilesTurning(topology: Topology, replication: number, key: number, files: readonly FileToPlace[], replicas: Int32Array, counts: Uint8Array,
  told: (placed: number) => void): Promise<void> {
  let before = 0; // blocks placed by the slices before
  for (let start = 0; start < files.length;) {
    let end = start;
    let blocks = 0;
    while (end < files.length && blocks < BLOCKS_BETWEEN_TURNS) blocks += files[end++].blocks;
    placeFiles(topology, replication, key, files.slice(start, end), replicas, counts, (n) => told(before + n));
    before += blocks;
    start = end;
    if (start < files.length) await new Promise<void>((resolve) => setImmediate(resolve)); // the loop polls (signals) before it runs this
  }
}

/** A generator's value, the event loop let turn (where a signal's handler runs) at each of its pauses. */
async function turning<T>(steps: Generator<void, T, void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The placed files cut into `parts` contiguous ranges of about equal blocks. */
export function splitFiles(plan: BlockPlan, parts: number): FileToPlace[][] {
  const total = plan.placed.reduce((a, f) => a + f.blocks, 0);
  const ranges: FileToPlace[][] = [[]];
  let done = 0;
  for (const f of plan.placed) {
    if (done >= (total * ranges.length) / parts && ranges.length < parts) ranges.push([]);
    ranges[ranges.length - 1].push(f);
    done += f.blocks;
  }
  return ranges;
}

function placeOnWorker(job: PlaceJob): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(siblingModule(import.meta.url, 'place-worker'), { workerData: job });
    worker.once('message', () => {
      resolve();
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`a placement thread exited (code ${code}) before it finished`)));
  });
}
