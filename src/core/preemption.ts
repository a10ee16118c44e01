/**
 * Preemption in the Hadoop Fair Scheduler (0.21 / branch-1 preemptTasksIfNecessary; SPEC.md 3.6). At each check a
 * pool below min(minShare, demand) for longer than its minSharePreemptionTimeout may take back
 * min(minShare, demand) - running tasks; one below half its fair share for longer than its
 * fairSharePreemptionTimeout may take back min(fairShare, demand) - running. The victims are the most recently
 * launched tasks of pools running more than their fair share, at most floor(running - fairShare), less the bisection's slack, from each, so
 * no pool is taken below its fair share, and none from a pool that is not preemptable (YARN's allowPreemptionFrom
 * false). With config rounding "hadoop", branch-1's preemptTasks: a pool gives tasks while it runs more than its
 * fractional share, so it may end below it by less than a task (4 running, share 3.33: one kill, to 3).
 * Cost: O(running tasks of the pools above their share, log of that).
 */
import { z } from 'zod';
import { oneOf } from './bounded.js';
import type { PreemptionPlugin } from './framework/registry.js';
import type { Victim as AnyVictim } from './framework/preemption.js';
import { type Job, RUNNING } from './job.js';
import type { PoolSet } from './pools.js';
import { type Pool, activeJobs } from './pool.js';
import type { RunningTasks } from './running-tasks.js';
import type { SlotKind } from './slot-kind.js';
import { reduceRef } from './task-ref.js';

/** A victim with the pool it is taken from. */
export interface Victim extends AnyVictim {
  pool: Pool;
}

/**
 * How far a fair share may sit above its exact value: the 25-step bisection (computeFairShares) ends a hair above it
 * (70.000002 for 70; 3e-8 for a pool whose share is 0 once min shares fill the cluster). Without it trunc(running -
 * fairShare) left a pool one task above an integer share (8 running, share 3e-8: 7 kills for 8 wanted, and the
 * last task never went, trunc(1 - 3e-8) = 0). Relative: the bisection's error grows with the share.
 */
const SHARE_SLACK = 1e-6;

/**
 * How many tasks a pool above its fair share may give (config `rounding`): "floor", floor(running - fairShare), never
 * taking it below its share (SPEC.md 3.6); "hadoop", while it runs more than its share (branch-1's
 * `tasksLeftForPool > sched.getFairShare()`), ceil(running - fairShare). Omitted: "floor".
 */
export const PREEMPTION_ROUNDINGS = ['floor', 'hadoop'] as const;
export type PreemptionRounding = (typeof PREEMPTION_ROUNDINGS)[number];

/** The Fair Scheduler's preemption, registered as scheduler.preemption.policy "hfs" (the default). */
export const hfsPreemption = {
  description: 'Hadoop Fair Scheduler: starved pools take back tasks, newest first, from pools above their fair share',
  config: z.strictObject({ rounding: oneOf('rounding', PREEMPTION_ROUNDINGS).optional() }),
  permits: ['skipIdleHeartbeats', 'passAll'],
  create: (c) => ({ victims: c.rounding === 'hadoop' ? chooseVictimsAsHadoop : chooseVictims }),
} satisfies PreemptionPlugin<{ rounding?: PreemptionRounding }>;

/** Tasks a pool may take back by preemption now (Hadoop's tasksToPreempt). */
export function tasksToPreempt(pool: Pool, kind: SlotKind, nowMs: number): number {
  const s = pool.share(kind);
  let dueToMin = 0;
  let dueToFair = 0;
  if (nowMs - s.lastTimeAtMinShare > pool.minShareTimeoutMs) dueToMin = Math.max(0, Math.min(s.minShare, s.demand) - s.running);
  if (nowMs - s.lastTimeAtHalfFairShare > pool.fairShareTimeoutMs) dueToFair = Math.max(0, Math.floor(Math.min(s.fairShare, s.demand)) - s.running);
  return Math.max(dueToMin, dueToFair);
}

/** The tasks to kill now for one slot kind, newest first; empty when no pool is starved past a timeout. */
export function chooseVictims(set: PoolSet, kind: SlotKind, nowMs: number, tasks: RunningTasks): Victim[] {
  return victimsOf(set, kind, nowMs, tasks, wholeTasksAbove);
}

/** As chooseVictims, each pool giving tasks while it runs more than its fair share (rounding "hadoop"). */
export function chooseVictimsAsHadoop(set: PoolSet, kind: SlotKind, nowMs: number, tasks: RunningTasks): Victim[] {
  return victimsOf(set, kind, nowMs, tasks, tasksWhileAbove);
}

/** Tasks a pool running `excess` above its share may give, the bisection's `slack` on the share forgiven. */
type Givable = (excess: number, slack: number) => number;
/** Never below the share: floor. */
const wholeTasksAbove: Givable = (excess, slack) => Math.floor(excess + slack);
/** While above the share (k kills for every k < excess): ceil. */
const tasksWhileAbove: Givable = (excess, slack) => Math.ceil(excess - slack);

function victimsOf(set: PoolSet, kind: SlotKind, nowMs: number, tasks: RunningTasks, givable: Givable): Victim[] {
  let wanted = 0;
  for (const pool of set.pools) wanted += tasksToPreempt(pool, kind, nowMs);
  if (wanted === 0) return [];
  const candidates: Victim[] = [];
  const left = new Map<Pool, number>();
  for (const pool of set.pools) {
    const s = pool.share(kind);
    left.set(pool, givable(s.running - s.fairShare, SHARE_SLACK * Math.max(1, s.fairShare)));
    if (s.running <= s.fairShare || !pool.preemptable) continue;
    for (const job of activeJobs(pool)) collectRunning(job, kind, tasks, pool, candidates);
  }
  // newest first; total order: start time, then job index, then task
  candidates.sort((a, b) => b.startMs - a.startMs || b.job.index - a.job.index || b.task - a.task);
  const victims: Victim[] = [];
  for (const c of candidates) {
    if (wanted === 0) break;
    const n = left.get(c.pool)!;
    if (n <= 0) continue;
    victims.push(c);
    left.set(c.pool, n - 1);
    wanted--;
  }
  return victims;
}

function collectRunning(job: Job, kind: SlotKind, tasks: RunningTasks, pool: Pool, out: Victim[]): void {
  if (kind === 'map') {
    if (job.runningMaps === 0) return;
    for (let m = 0; m < job.maps; m++) if (job.mapState[m] === RUNNING) out.push({ job, task: m, startMs: tasks.mapStartMs(job, m), pool });
  } else {
    if (job.runningReduces === 0) return;
    for (let r = 0; r < job.reduces; r++) if (job.reduceState[r] === RUNNING) out.push({ job, task: reduceRef(r), startMs: job.reduceStartMs[r], pool });
  }
}
