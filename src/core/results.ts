/** The outcome of a run: per job, per Facebook size bin, and a summary, in the result JSON's shape (DESIGN.md). */
import type { NetworkResult } from './network/link-usage.js';
import type { ReplicationResult } from './replication/results.js';
import type { Job } from './job.js';
import type { PoolResult } from './pool-results.js';
import type { SchedulerStats } from './scheduler.js';
import type { Topology } from './topology.js';

export interface LocalityShare {
  node: number;
  rack: number;
  off: number;
}

export interface JobResult {
  id: string;
  pool: string;
  type: string;
  bin: number;
  maps: number;
  reduces: number;
  submitMs: number;
  finishMs: number;
  responseMs: number;
  nodeLocalMaps: number;
  rackLocalMaps: number;
  offRackMaps: number;
  /** With a replication policy only: time the job's tasks spent skipped for locality (replication/delay-wait.ts). */
  delayWaitMs?: number;
}

export interface BinResult {
  bin: number;
  jobs: number;
  maps: number;
  meanResponseMs: number;
  medianResponseMs: number;
  locality: LocalityShare;
}

export interface Summary {
  jobs: number;
  tasks: number;
  maps: number;
  reduces: number;
  makespanMs: number;
  meanResponseMs: number;
  medianResponseMs: number;
  /** Share of maps that ran node-local, rack-local and off-rack. */
  locality: LocalityShare;
  /** Busy map slot time over map slot time available from the first submit to the last finish. */
  utilization: number;
  reduceUtilization: number;
  jobsPerHour: number;
  /**
   * Pool-aware policies, and runs whose policy may kill (Tick.mayKill: Quincy with kills): task attempts killed (0
   * included), and the slot time they had run (lost work).
   */
  killedTasks?: number;
  lostSlotSeconds?: number;
}

export interface Outcome {
  summary: Summary;
  bins: BinResult[];
  jobs: JobResult[];
  /** Pool-aware policies (hfs, capacity) only. */
  pools?: PoolResult[];
  /** The fluid network model only (src/core/network/link-usage.ts). */
  network?: NetworkResult;
  /** A replication policy's runs only (src/core/replication/results.ts). */
  replication?: ReplicationResult;
  /**
   * A policy that fills map slots its own way (resource offers, Quincy) and counts what it did: its name and counts
   * (offers: rounds, offers, declines; Quincy: solves, tasks, maxTasks, kills). Maps only: reduces go the usual way.
   */
  mapAssignment?: MapAssignmentResult;
}

export interface MapAssignmentResult {
  policy: string;
  counts: Record<string, number>;
}

/** `mayKill`: the run's policy may kill tasks (besides pool preemption, whose pools report them anyway). */
export function buildOutcome(jobs: readonly Job[], stats: SchedulerStats, topology: Topology, pools?: (jobs: JobResult[]) => PoolResult[], mayKill = false): Outcome {
  const results = jobs.map(jobResult);
  // Loops, not Math.min(...xs): a spread of a million jobs overflows the stack.
  let firstSubmit = Infinity;
  let lastFinish = -Infinity;
  for (const j of results) {
    if (j.submitMs < firstSubmit) firstSubmit = j.submitMs;
    if (j.finishMs > lastFinish) lastFinish = j.finishMs;
  }
  const makespanMs = lastFinish - firstSubmit;
  const maps = sum(results, (j) => j.maps);
  const reduces = sum(results, (j) => j.reduces);
  const span = Math.max(1, makespanMs);
  const summary: Summary = {
    jobs: results.length,
    tasks: maps + reduces,
    maps,
    reduces,
    makespanMs,
    meanResponseMs: round(mean(results.map((j) => j.responseMs)), 1),
    medianResponseMs: median(results.map((j) => j.responseMs)),
    locality: localityOf(results),
    utilization: round(stats.busyMapMs / (topology.nodes * topology.mapSlotsPerNode * span), 4),
    reduceUtilization: round(stats.busyReduceMs / (topology.nodes * topology.reduceSlotsPerNode * span), 4),
    jobsPerHour: round(results.length / (span / 3_600_000), 2),
  };
  const bins = [...new Set(results.map((j) => j.bin))].sort((a, b) => a - b).map((bin) => binResult(bin, results.filter((j) => j.bin === bin)));
  if (pools === undefined && !mayKill && stats.kills === 0) return { summary, bins, jobs: results };
  summary.killedTasks = stats.kills;
  summary.lostSlotSeconds = round(stats.lostSlotMs / 1000, 1) + 0; // + 0: none lost is -0 (DOUBLE_ZERO), which JSON writes as 0 anyway
  if (pools === undefined) return { summary, bins, jobs: results }; // a policy that kills without pools (Quincy)
  return { summary, bins, jobs: results, pools: pools(results) };
}

function jobResult(job: Job): JobResult {
  const s = job.spec;
  return {
    id: s.id,
    pool: s.pool,
    type: s.type,
    bin: s.bin,
    maps: job.maps,
    reduces: job.reduces,
    submitMs: s.submitMs,
    finishMs: job.finishMs,
    responseMs: job.finishMs - s.submitMs,
    nodeLocalMaps: job.nodeLocalMaps,
    rackLocalMaps: job.rackLocalMaps,
    offRackMaps: job.offRackMaps,
  };
}

function binResult(bin: number, jobs: JobResult[]): BinResult {
  return {
    bin,
    jobs: jobs.length,
    maps: sum(jobs, (j) => j.maps),
    meanResponseMs: round(mean(jobs.map((j) => j.responseMs)), 1),
    medianResponseMs: median(jobs.map((j) => j.responseMs)),
    locality: localityOf(jobs),
  };
}

function localityOf(jobs: JobResult[]): LocalityShare {
  const maps = Math.max(1, sum(jobs, (j) => j.maps));
  return {
    node: round(sum(jobs, (j) => j.nodeLocalMaps) / maps, 4),
    rack: round(sum(jobs, (j) => j.rackLocalMaps) / maps, 4),
    off: round(sum(jobs, (j) => j.offRackMaps) / maps, 4),
  };
}

const sum = <T>(xs: T[], f: (x: T) => number): number => xs.reduce((a, x) => a + f(x), 0);
const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
