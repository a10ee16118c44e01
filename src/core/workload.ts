/**
 * Workloads: the jobs of a run, each with its input blocks placed in HDFS. The Facebook mix follows the Delay
 * Scheduling paper (section 5.1): 9 size bins, the 100-job benchmark or sizes drawn from the bin distribution,
 * exponential inter-arrival gaps, IO-heavy, CPU-heavy or mixed jobs. An explicit workload lists files and jobs.
 */
import { FACEBOOK_BINS, binOf } from './facebook-bins.js';
import type { BlockStore } from './hdfs.js';
import { BlockPlan, type PlacedListener, placeAll } from './placement.js';
import { MAX_REPLICATION } from './limits.js';
import { addsReplicas } from './replication/adds-replicas.js';
import { type SharedInput, SharedDataset } from './shared-input.js';
import { type SwimTrace, swimJobs } from './swim.js';
import { type Rng, makeRng } from './rng.js';
import type { FacebookWorkload, GeneratedWorkload, JobType, JobsWorkload, Priority, Scenario } from './scenario.js';
import { type JobIndex, jobIndex } from './ids.js';
import { facebookPool, groupPool, listedJobPool } from './pool-names.js';
import type { Topology } from './topology.js';

export interface JobSpec {
  readonly index: JobIndex;
  readonly id: string;
  readonly pool: string;
  /** Submitting user, for per-user job limits (omitted: the pool's name). */
  readonly user?: string;
  readonly priority: Priority;
  readonly type: JobType;
  readonly submitMs: number;
  /** Input block of each map. */
  readonly blocks: Int32Array;
  readonly reduces: number;
  /** Node-local map duration. */
  readonly mapMs: number;
  /** Reduce compute phase. */
  readonly reduceMs: number;
  /** Reduce copy (shuffle) phase, which also cannot end before the job's last map. */
  readonly copyMs: number;
  /** Facebook size bin, 1..9. */
  readonly bin: number;
  /** Bytes for the fluid network model (omitted: a block per map; see src/core/network/task-io.ts). */
  readonly inputMBPerMap?: number;
  readonly shuffleMBPerReduce?: number;
  readonly outputMBPerReduce?: number;
}

export { FACEBOOK_BINS } from './facebook-bins.js';

/**
 * Job-type profiles for the Facebook mix. IO-heavy: a grep over the block (short maps, one small reduce); the
 * scenario's slowdowns apply in full. CPU-heavy: an expensive function per record (3x longer maps); locality
 * matters a tenth as much (LOCALITY_SENSITIVITY).
 */
export const JOB_PROFILES: Record<JobType, { mapMs: number; reduceMs: number }> = {
  io: { mapMs: 12_000, reduceMs: 10_000 },
  cpu: { mapMs: 36_000, reduceMs: 10_000 },
};

/** A Facebook-mix job's reduces: one, or in the mixed workload one a hundred maps. */
export const facebookReduces = (w: FacebookWorkload, maps: number): number => (w.type === 'mixed' ? Math.max(1, Math.round(maps / 100)) : 1);

/** Fraction of the scenario's non-local slowdown that a job of this type feels. */
export const LOCALITY_SENSITIVITY: Record<JobType, number> = { io: 1, cpu: 0.1 };

/** Numbers a file of `blocks` blocks, named `name` (its placement stream's name), and returns its block ids. */
export type AddFile = (name: string, blocks: number) => Int32Array;

/** Told the jobs drawn so far of the workload's `total` (a long draw's progress: 300,000 Facebook-mix jobs, or a million generated, took 2 s). */
export type DrawnListener = (drawn: number, total: number) => void;

/** Jobs drawn between tellings (a few ms of drawing), and the last. */
export const JOBS_TOLD = 1 << 14;

/** Tells `onDrawn`, if given, that `drawn` of `total` jobs are drawn: every JOBS_TOLD jobs and the last. */
function tellDrawn(onDrawn: DrawnListener | undefined, drawn: number, total: number): void {
  if (onDrawn !== undefined && (drawn % JOBS_TOLD === 0 || drawn === total)) onDrawn(drawn, total);
}

export interface Workload {
  readonly jobs: JobSpec[];
  readonly blocks: BlockStore;
}

/**
 * `trace`: the rows of a swim workload's trace (read by the caller: the core does no I/O); `onPlaced`: told the blocks
 * placed as they are (a long build's progress), the same workload either way.
 */
export function buildWorkload(scenario: Scenario, topology: Topology, rng: Rng, trace?: SwimTrace, onPlaced?: PlacedListener, mix?: FacebookMix): Workload {
  const { jobs, plan } = planWorkload(scenario, topology, rng, trace, undefined, mix);
  return { jobs, blocks: placeAll(plan, topology, scenario.hdfs.replication, scenario.seed, onPlaced) };
}

/**
 * The jobs of a workload, their input files' blocks numbered but not yet placed: `plan` lists the files to place
 * (placeAll here, or in ranges on threads: src/actors/place-threads.ts; the same blocks either way). `onDrawn`: told
 * the jobs drawn of a Facebook mix or generated groups as they are (the same jobs either way). `mix`: a Facebook mix's
 * draws at the scenario's seed, made already (drawFacebookMix, kept by a limit check), not drawn again.
 */
export function planWorkload(scenario: Scenario, topology: Topology, rng: Rng, trace?: SwimTrace, onDrawn?: DrawnListener, mix?: FacebookMix): { jobs: JobSpec[]; plan: BlockPlan } {
  return drained(planWorkloadSteps(scenario, topology, rng, trace, onDrawn, mix));
}

/**
 * planWorkload in steps: it pauses (yields) after every JOBS_TOLD jobs drawn of a Facebook mix or generated groups, as
 * it tells them, so that a caller may let the event loop turn there (src/actors/place-threads.ts); the same jobs.
 */
export function* planWorkloadSteps(scenario: Scenario, topology: Topology, rng: Rng, trace?: SwimTrace, onDrawn?: DrawnListener, mix?: FacebookMix): Generator<void, { jobs: JobSpec[]; plan: BlockPlan }, void> {
  const plan = new BlockPlan();
  const addFile: AddFile = (name, nBlocks) => plan.addFile(name, nBlocks);
  const w = scenario.workload;
  if (w.kind === 'sls') throw new Error(`sls workload: trace ${w.trace} was not read into a jobs workload (loadScenario reads it: simulate a variant it gives)`);
  if (w.kind === 'swim' && trace === undefined) throw new Error(`swim workload: the rows of trace ${w.trace} were not loaded (loadScenario reads them: pass its variant's trace, simulate(v.scenario, { trace: v.trace }))`);
  const jobs = w.kind === 'facebook' ? yield* facebookJobs(w, workloadStream(rng), addFile, onDrawn, mix)
    : w.kind === 'generated' ? yield* generatedJobs(w, workloadStream(rng), addFile, onDrawn)
    : w.kind === 'swim' ? swimJobs(w, trace!, topology.nodes, scenario.hdfs.blockMB, addFile, workloadStream(rng))
    : listedJobs(w, addFile, plan);
  return { jobs, plan };
}

/** A generator's value, run to its end without pausing. */
function drained<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The stream the workload's draws fork from, under the run's root stream (makeRng(seed)). */
export function workloadStream(rng: Rng): Rng {
  return rng.fork('workload');
}

/** The workload stream of a run at `seed`, from which a size limit replays its draws (job-arrivals.ts, workload-limits.ts). */
export function seededWorkloadStream(seed: number): Rng {
  return workloadStream(makeRng(seed));
}

/**
 * Replicas a block may have: hdfs.replication, or with a replication policy that adds replicas hdfs.maxReplicas
 * (default: 16, the most a scenario's replication may be), at most the nodes. Under one that adds none ("static"),
 * hdfs.replication: the blocks keep their placement, so each job's replica table, the block store and Quincy's size
 * limit need no room for more.
 */
export function strideOf(scenario: Scenario, nodes: number): number {
  const r = scenario.hdfs.replication;
  if (!addsReplicas(scenario)) return r;
  return Math.max(r, Math.min(nodes, scenario.hdfs.maxReplicas ?? MAX_REPLICATION));
}

/**
 * Each job draws from its own stream (job:i): its size (distribution mode), the gap before it, its type (mixed), so a
 * job more or less changes no other job. The benchmark's sizes are decks of 100 shuffled on a stream of their own.
 */
function* facebookJobs(w: FacebookWorkload, rng: Rng, addFile: AddFile, onDrawn?: DrawnListener, mix?: FacebookMix): Generator<void, JobSpec[], void> {
  const shared = w.shared === undefined ? undefined : sharedDataset(w.shared, rng, addFile);
  const jobs: JobSpec[] = [];
  const each: FacebookJobDrawn = (maps, t, type, i) => {
    const profile = JOB_PROFILES[type];
    jobs.push({
      index: jobIndex(i),
      id: `job${i}`,
      pool: facebookPool(i),
      priority: 'NORMAL',
      type,
      submitMs: t,
      blocks: shared === undefined ? addFile(`job${i}`, maps) : shared.input(i, maps, t),
      reduces: facebookReduces(w, maps),
      mapMs: profile.mapMs,
      reduceMs: profile.reduceMs,
      copyMs: 0,
      bin: binOf(maps),
    });
    tellDrawn(onDrawn, i + 1, w.jobs);
  };
  yield* (mix === undefined ? facebookDrawing(w, rng, each) : replayedMix(mix, each));
  return jobs;
}

/**
 * The Facebook mix's draws, job by job in submission order: its size, its submission (whole ms: the gaps each rounded)
 * and its type, each job's from its own stream under the workload stream `rng` (a size limit replays them: job-arrivals.ts).
 */
export function facebookDraws(w: FacebookWorkload, rng: Rng, job: FacebookJobDrawn): void {
  drained(facebookDrawing(w, rng, job));
}

/** facebookDraws, pausing after every JOBS_TOLD jobs. */
function* facebookDrawing(w: FacebookWorkload, rng: Rng, job: FacebookJobDrawn): Generator<void, void, void> {
  const deck = w.sizes === 'benchmark' ? benchmarkSizes(w.jobs, rng.fork('sizes')) : undefined;
  let t = 0;
  // one job's stream at a time (a million held at once took 6.5 s to draw, 2 s one at a time), in its own order
  for (let i = 0; i < w.jobs; i++) {
    const own = rng.fork(`job:${i}`);
    const maps = deck === undefined ? drawnSize(own) : deck[i];
    if (i > 0) t += Math.round(own.exp(w.meanInterarrivalMs));
    job(maps, t, w.type === 'mixed' ? (own.next() < 0.5 ? 'io' : 'cpu') : w.type, i);
    if ((i + 1) % JOBS_TOLD === 0) yield;
  }
}

/** One job of the Facebook mix as drawn: its size, its submission (whole ms), its type; the i-th in submission order. */
export type FacebookJobDrawn = (maps: number, submitMs: number, type: JobType, i: number) => void;

/** The Facebook mix's draws (facebookDraws), job by job in submission order: a build given them draws no job again. */
export interface FacebookMix {
  readonly maps: Int32Array;
  readonly submitMs: Float64Array;
  /** 1 where the job is of type cpu, 0 io. */
  readonly cpu: Uint8Array;
}

/** Every job of the Facebook mix as a run at `seed` draws them (a limit check's, kept for the build: LastSubmits). */
export function drawFacebookMix(w: FacebookWorkload, seed: number): FacebookMix {
  const mix = { maps: new Int32Array(w.jobs), submitMs: new Float64Array(w.jobs), cpu: new Uint8Array(w.jobs) };
  facebookDraws(w, seededWorkloadStream(seed), (maps, submitMs, type, i) => {
    mix.maps[i] = maps;
    mix.submitMs[i] = submitMs;
    mix.cpu[i] = type === 'cpu' ? 1 : 0;
  });
  return mix;
}

/** The jobs of a mix drawn already, told as facebookDrawing tells them, pausing as it does. */
function* replayedMix(mix: FacebookMix, job: FacebookJobDrawn): Generator<void, void, void> {
  for (let i = 0; i < mix.maps.length; i++) {
    job(mix.maps[i], mix.submitMs[i], mix.cpu[i] === 1 ? 'cpu' : 'io', i);
    if ((i + 1) % JOBS_TOLD === 0) yield;
  }
}

/** The shared tables, placed before any job's input (files table:0, table:1, ...), and the dataset they make. */
function sharedDataset(config: SharedInput, rng: Rng, addFile: AddFile): SharedDataset {
  const dataset = new Int32Array(config.blocks);
  const sizes = Array.from({ length: config.tables }, (_, k) => Math.floor(((k + 1) * config.blocks) / config.tables) - Math.floor((k * config.blocks) / config.tables));
  let at = 0;
  sizes.forEach((size, k) => {
    dataset.set(addFile(`table:${k}`, size), at);
    at += size;
  });
  return new SharedDataset(config, dataset, rng.fork('shared'));
}

/** The paper's 100-job benchmark, shuffled; repeated (each hundred shuffled anew) for more jobs. */
function benchmarkSizes(n: number, rng: Rng): number[] {
  const hundred = FACEBOOK_BINS.flatMap((b) => Array<number>(b.benchmarkJobs).fill(b.benchmarkMaps));
  const sizes: number[] = [];
  while (sizes.length < n) sizes.push(...rng.shuffle([...hundred]));
  return sizes.slice(0, n);
}

/** A size drawn from the bin shares, log-uniform within a bin. */
function drawnSize(rng: Rng): number {
  let u = rng.next();
  let bin = FACEBOOK_BINS[FACEBOOK_BINS.length - 1];
  for (const b of FACEBOOK_BINS) {
    if (u < b.share) {
      bin = b;
      break;
    }
    u -= b.share;
  }
  const lo = Math.log(bin.minMaps);
  const hi = Math.log(bin.maxMaps + 1);
  return Math.min(bin.maxMaps, Math.floor(Math.exp(lo + rng.next() * (hi - lo))));
}

/** Explicit replicas (a file's `replicas`) are stored as listed, drawing nothing from any placement stream. */
function listedJobs(w: JobsWorkload, addFile: AddFile, plan: BlockPlan): JobSpec[] {
  const files = new Map(w.files.map((f) => [f.name, f.replicas === undefined ? addFile(`file:${f.name}`, f.blocks) : plan.addListed(f.replicas)]));
  // Jobs run in submit order; ties keep file order.
  const order = w.jobs.map((j, i) => ({ j, i })).sort((a, b) => a.j.submitMs - b.j.submitMs || a.i - b.i);
  return order.map(({ j }, index) => {
    const blocks = files.get(j.input)!;
    return {
      index: jobIndex(index),
      id: j.id,
      pool: listedJobPool(j),
      ...(j.user === undefined ? {} : { user: j.user }),
      priority: j.priority,
      type: j.type,
      submitMs: j.submitMs,
      blocks,
      reduces: j.reduces,
      mapMs: j.mapMs,
      reduceMs: j.reduceMs,
      copyMs: j.copyMs,
      bin: binOf(blocks.length),
    };
  });
}

/** Groups of identical jobs; all groups' jobs merged in submit order (ties: group order, then job number). */
function* generatedJobs(w: GeneratedWorkload, rng: Rng, addFile: AddFile, onDrawn?: DrawnListener): Generator<void, JobSpec[], void> {
  const drafts = w.groups.flatMap((g, gi) => Array.from(groupSubmits(g, rng), (submitMs, k) => ({ g, gi, k, submitMs })));
  drafts.sort((a, b) => a.submitMs - b.submitMs || a.gi - b.gi || a.k - b.k);
  const jobs: JobSpec[] = [];
  for (const [index, { g, k, submitMs }] of drafts.entries()) {
    jobs.push({
      index: jobIndex(index),
      id: `${g.name}-${k}`,
      pool: groupPool(g),
      ...(g.user === undefined ? {} : { user: g.user }),
      priority: g.priority,
      type: g.type,
      submitMs,
      blocks: addFile(`${g.name}-${k}`, g.maps),
      reduces: g.reduces,
      mapMs: g.mapMs,
      reduceMs: g.reduceMs,
      copyMs: g.copyMs,
      bin: binOf(g.maps),
    });
    tellDrawn(onDrawn, index + 1, drafts.length);
    if ((index + 1) % JOBS_TOLD === 0) yield;
  }
  return jobs;
}

/**
 * A group's submissions in job order, whole ms as every other arrival: fixed gaps k x intervalMs rounded (summed gap by
 * gap, a fractional intervalMs gave 0.8999999999999999), exponential gaps each rounded, drawn from the group's stream
 * under the workload stream `rng` (a size limit replays them: job-arrivals.ts).
 */
export function groupSubmits(g: GeneratedWorkload['groups'][number], rng: Rng): Float64Array {
  const arrivals = g.arrivals === 'exponential' ? rng.fork(`group:${g.name}`) : undefined;
  const submits = new Float64Array(g.count);
  let t = g.startMs;
  for (let k = 0; k < g.count; k++) {
    if (k > 0) t = arrivals !== undefined ? t + Math.round(arrivals.exp(g.intervalMs)) : g.startMs + Math.round(k * g.intervalMs);
    submits[k] = t;
  }
  return submits;
}
