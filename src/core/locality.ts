/**
 * Delay scheduling's locality gate: how far from its data a job may launch a map right now.
 * - none: any locality at once (the head job takes node-local, else rack-local, else any).
 * - skip (paper Algorithm 2): after maxSkips skips a job may launch non-local maps, as many as it likes, until it
 *   launches a node-local map again, which resets its count. A job is skipped at most once per heartbeat.
 * - wait (paper Algorithm 3; Hadoop branch-1 FairScheduler.getAllowedLocalityLevel): a job at level NODE may
 *   launch only node-local maps; after waiting nodeMs it may launch rack-local; after a further rackMs (nodeMs +
 *   rackMs in all), any. A launch sets the level to that map's locality (a job at level RACK may launch any after
 *   rackMs) and resets the wait; nothing else does. The wait grows only while the job is skipped: a job skipped at a
 *   heartbeat accrues the time to the cluster's next heartbeat (the paper's line 3: every heartbeat received). Hadoop
 *   branch-1 updates the waits only in assignTasks, which the JobTracker calls only for a TaskTracker with a free map
 *   or reduce slot, so there a skip accrues the time to the next such heartbeat: longer where the nodes between have
 *   every slot busy (README, "Delay"). `clock: "hadoop"` charges that instead (wait-clock.ts, around the gate).
 * Each gate keeps its jobs' state (skip counts; levels and waits) by job index: a Job carries none of it.
 */
import { z } from 'zod';
import { nonNegInt, oneOf, timeMs } from './bounded.js';
import { MAX_INT32 } from './limits.js';
import type { GatePlugin } from './framework/registry.js';
import type { LazySkips, LocalityGate } from './framework/locality-gate.js';
import type { Job } from './job.js';
import { type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './locality-level.js';

export type { LazySkips, LocalityGate } from './framework/locality-gate.js';

const noDelay: LocalityGate = {
  allowed: () => OFF_RACK,
  skipped: () => {},
  launched: () => {},
};

// The gates' LazySkips as classes, not closures: a prototype's methods are the same functions in every run of a
// process, where closures made per gate are new call targets in each run, which deoptimize PassAll at the second.

/** Skip count: a skip adds 1; a job is plain while it has skips left before maxSkips. */
class LazySkipCounts implements LazySkips {
  constructor(private readonly maxSkips: number, private readonly skips: Int32Array) {}

  amount(): number {
    return 1;
  }

  headroom(job: Job): number {
    return this.maxSkips - this.skips[job.index];
  }

  settle(job: Job, owed: number): void {
    this.skips[job.index] += owed;
  }
}

/** Two-level wait: a skip adds the time to the cluster's next heartbeat; a job is plain while node-local with wait left. */
class LazyWaits implements LazySkips {
  constructor(private readonly nodeMs: number, private readonly levels: Uint8Array, private readonly waited: Float64Array) {}

  amount(untilNextMs: number): number {
    return untilNextMs;
  }

  headroom(job: Job): number {
    return this.levels[job.index] === NODE_LOCAL ? this.nodeMs - this.waited[job.index] : 0;
  }

  settle(job: Job, owed: number): void {
    this.waited[job.index] += owed;
  }
}

/**
 * Refuses a job past the `jobs` a gate was made for (a plugin's, made with fewer jobs than the run has), whatever it
 * is asked or told: a typed array reads 0 past its end and drops a write there, so such a job ran as another gate
 * would, silently (TwoLevelWaitGate(5000, 5000, 2) on 15 jobs), and a delegated skip or launch was lost.
 */
function checkJob(gate: string, job: Job, jobs: number): void {
  if (job.index >= jobs) throw new RangeError(`${gate}: job ${job.spec.id} (index ${job.index}) asked of a gate made for ${jobs} job${jobs === 1 ? '' : 's'}: make it with the run's job count (create()'s context.jobs)`);
}

/** Skip count: each job's skips since its last node-local launch, kept here by job index (not on Job). */
export class SkipCountGate implements LocalityGate {
  private readonly skips: Int32Array;
  readonly lazy: LazySkips;

  /** `jobs`: the run's job count (indexes 0 .. jobs - 1). */
  constructor(private readonly maxSkips: number, jobs: number) {
    this.skips = new Int32Array(jobs);
    this.lazy = new LazySkipCounts(maxSkips, this.skips);
  }

  allowed(job: Job, _nowMs?: number): Locality {
    checkJob('SkipCountGate', job, this.skips.length);
    return this.skips[job.index] >= this.maxSkips ? OFF_RACK : NODE_LOCAL;
  }

  skipped(job: Job, _untilNextMs?: number): void {
    checkJob('SkipCountGate', job, this.skips.length);
    this.skips[job.index]++;
  }

  launched(job: Job, locality: Locality): void {
    checkJob('SkipCountGate', job, this.skips.length);
    if (locality === NODE_LOCAL) this.skips[job.index] = 0;
  }
}

/** Two-level wait: each job's locality level and the time it has waited at it, kept here by job index (not on Job). */
export class TwoLevelWaitGate implements LocalityGate {
  private readonly levels: Uint8Array;
  private readonly waited: Float64Array;
  readonly lazy: LazySkips;

  /** `jobs`: the run's job count (indexes 0 .. jobs - 1). */
  constructor(private readonly nodeMs: number, private readonly rackMs: number, jobs: number) {
    this.levels = new Uint8Array(jobs); // NODE_LOCAL
    this.waited = new Float64Array(jobs);
    this.lazy = new LazyWaits(nodeMs, this.levels, this.waited);
  }

  /** The time `job` has waited at its locality level (as last read or set). */
  waitedMs(job: Job): number {
    return this.waited[job.index];
  }

  /**
   * The paper's Algorithm 3, lines 9 and 11: at level NODE, rack-local once the wait reaches W1 and any once it reaches
   * W1 + W2; at level RACK, any once it reaches W2. Only a launch moves the level and resets the wait. (It moved the
   * level at W1 and reset the wait there, so a job needed W2 more from whenever it was first asked past W1: up to a
   * heartbeat gap late, as branch-1's getAllowedLocalityLevel is below W1 + W2.)
   */
  allowed(job: Job, _nowMs?: number): Locality {
    const j = job.index;
    checkJob('TwoLevelWaitGate', job, this.levels.length);
    const w = this.waited[j];
    switch (this.levels[j]) {
      case NODE_LOCAL:
        return w < this.nodeMs ? NODE_LOCAL : w < this.nodeMs + this.rackMs ? RACK_LOCAL : OFF_RACK;
      case RACK_LOCAL:
        return w < this.rackMs ? RACK_LOCAL : OFF_RACK;
      default:
        return OFF_RACK;
    }
  }

  skipped(job: Job, untilNextMs: number): void {
    checkJob('TwoLevelWaitGate', job, this.levels.length);
    this.waited[job.index] += untilNextMs;
  }

  launched(job: Job, locality: Locality): void {
    checkJob('TwoLevelWaitGate', job, this.levels.length);
    this.levels[job.index] = locality;
    this.waited[job.index] = 0;
  }
}

/** Hadoop's default locality delay: min(15 s, (long) (1.5 x heartbeat)), Java's cast truncating (3,001 ms: 4,501, not 4,502). */
export const defaultLocalityDelayMs = (heartbeatMs: number): number => Math.min(15_000, Math.floor(1.5 * heartbeatMs));

const BOTH = ['skipIdleHeartbeats', 'passAll'] as const;

/**
 * What a skip's wait runs to (`wait`'s `clock`): "paper", the cluster's next heartbeat, charged at the skip (above);
 * "hadoop", the next heartbeat of a node asking for tasks, charged then (wait-clock.ts). Omitted: "paper".
 */
export const WAIT_CLOCKS = ['paper', 'hadoop'] as const;
export type WaitClock = (typeof WAIT_CLOCKS)[number];

/** The built-in gates, registered as scheduler.delay.mode "none", "skip" and "wait". */
export const noDelayGate = {
  description: 'no delay: any locality at once',
  permits: BOTH,
  create: () => noDelay,
} satisfies GatePlugin;

export const skipGate = {
  description: 'skip count (Algorithm 2): non-local maps after maxSkips skips',
  config: z.strictObject({ maxSkips: nonNegInt('maxSkips', MAX_INT32) }),
  permits: BOTH,
  create: (c: { maxSkips: number }, context) => new SkipCountGate(c.maxSkips, context.jobs),
} satisfies GatePlugin;

export const waitGate = {
  description: 'two-level wait (Algorithm 3): rack-local after nodeMs, any after a further rackMs',
  config: z.strictObject({
    nodeMs: timeMs('nodeMs').int('nodeMs must be a whole number').optional(),
    rackMs: timeMs('rackMs').int('rackMs must be a whole number').optional(),
    clock: oneOf('clock', WAIT_CLOCKS).optional(),
  }),
  permits: BOTH,
  create: (c, context) => waitGateOf(c, context.topology.heartbeatMs, context.jobs),
} satisfies GatePlugin<{ nodeMs?: number; rackMs?: number; clock?: WaitClock }>;

/**
 * The wait gate's config as a run of heartbeat interval `heartbeatMs` uses it: nodeMs, rackMs and clock given where the
 * scenario leaves them out (Hadoop's min(15 s, 1.5 x heartbeat), nodeMs, the paper's clock), so that a result's echoed
 * config says which waits it ran with; any other gate's config as it is.
 */
export function resolvedDelay<D extends { mode: string }>(delay: D, heartbeatMs: number): D {
  if (delay.mode !== 'wait') return delay;
  const c = delay as D & { nodeMs?: number; rackMs?: number; clock?: WaitClock };
  return { ...delay, ...waitsOf(c, heartbeatMs), clock: c.clock ?? 'paper' };
}

/** The wait gate's two waits, each Hadoop's default where left out: min(15 s, 1.5 x heartbeat), and rackMs nodeMs. */
export function waitsOf(c: { nodeMs?: number; rackMs?: number }, heartbeatMs: number): { nodeMs: number; rackMs: number } {
  const nodeMs = c.nodeMs ?? defaultLocalityDelayMs(heartbeatMs);
  return { nodeMs, rackMs: c.rackMs ?? nodeMs };
}

function waitGateOf(c: { nodeMs?: number; rackMs?: number }, heartbeatMs: number, jobs: number): TwoLevelWaitGate {
  const { nodeMs, rackMs } = waitsOf(c, heartbeatMs);
  return new TwoLevelWaitGate(nodeMs, rackMs, jobs);
}

/** A built-in gate's scenario config (tests make gates without a run). */
export type BuiltinDelay = { mode: 'none' } | { mode: 'skip'; maxSkips: number } | { mode: 'wait'; nodeMs?: number; rackMs?: number; clock?: WaitClock };

/** A built-in gate for a run of `jobs` jobs (it keeps per-job state by job index). */
export function makeLocalityGate(delay: BuiltinDelay, jobs: number, heartbeatMs = 3000): LocalityGate {
  switch (delay.mode) {
    case 'none':
      return noDelay;
    case 'skip':
      return new SkipCountGate(delay.maxSkips, jobs);
    case 'wait':
      return waitGateOf(delay, heartbeatMs, jobs);
  }
}
