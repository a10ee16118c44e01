/**
 * The scenario's cross-section checks of pools and queues: the pools its workload's jobs name, against the scheduler's
 * pools and queues (refineJobPools), and queue states against their parent queues' (refineQueueStates).
 */
import type { z } from 'zod';
import { FACEBOOK_USER_POOLS, facebookPool, groupPool, listedJobPool, swimPools } from './pool-names.js';
import type { workloadSchema } from './workload-schema.js';

interface JobPoolsScheduler {
  policy: string;
  pools: readonly { name: string }[];
  parentPools: readonly { name: string }[];
  parentQueues: readonly QueueLimit[];
  queues: readonly QueueLimit[];
  capacitySchedulerFile?: string;
}

interface QueueLimit {
  name: string;
  parent?: string;
  maxCapacity?: number;
  state?: 'RUNNING' | 'STOPPED';
}

/** `q` and the parent queues above it, nearest first; the walk up stops at a cycle (reported elsewhere). */
function* ancestry(q: QueueLimit | undefined, parents: ReadonlyMap<string, QueueLimit>): Generator<QueueLimit> {
  const seen = new Set<string>();
  for (let at = q; at !== undefined && !seen.has(at.name); at = at.parent === undefined ? undefined : parents.get(at.parent)) {
    seen.add(at.name);
    yield at;
  }
}

/** Where a queue's state comes from: the nearest of it and its parent queues with a state set (none: RUNNING, root's). */
const stateFrom = (q: QueueLimit | undefined, parents: ReadonlyMap<string, QueueLimit>): QueueLimit | undefined =>
  [...ancestry(q, parents)].find((at) => at.state !== undefined);

/**
 * The queues no job may name, each with why: a maximum capacity of 0 (theirs, or a parent queue's above them), where
 * YARN keeps a job pending for good and the run would stall; a STOPPED state (theirs, or inherited from a parent
 * queue: the nearest state set going up), where YARN refuses the submission.
 */
function queuesJobsCannotUse(sc: JobPoolsScheduler): Map<string, string> {
  const parents = new Map(sc.parentQueues.map((p) => [p.name, p]));
  const out = new Map<string, string>();
  const where = (q: QueueLimit, at: QueueLimit) => (at === q ? 'a queue whose' : `a queue under parent queue "${at.name}", whose`);
  for (const q of sc.queues) {
    const zero = [...ancestry(q, parents)].find((at) => at.maxCapacity === 0);
    const state = stateFrom(q, parents);
    if (zero !== undefined) out.set(q.name, `${where(q, zero)} maxCapacity is 0: its jobs could never run (YARN keeps them pending for good), and the run would never end`);
    else if (state?.state === 'STOPPED') out.set(q.name, `${where(q, state)} state is STOPPED: YARN's Capacity Scheduler refuses a job submitted to a stopped queue`);
  }
  return out;
}

/** A queue or parent queue set RUNNING under a STOPPED parent queue: refused, as YARN refuses it (initializeQueueState). */
export function refineQueueStates(s: { queues: readonly QueueLimit[]; parentQueues: readonly QueueLimit[] }, ctx: z.RefinementCtx): void {
  const parents = new Map(s.parentQueues.map((p) => [p.name, p]));
  for (const [key, list] of [['queues', s.queues], ['parentQueues', s.parentQueues]] as const) {
    list.forEach((q, i) => {
      if (q.state === 'RUNNING' && q.parent !== undefined && stateFrom(parents.get(q.parent), parents)?.state === 'STOPPED') {
        ctx.addIssue({ code: 'custom', path: [key, i, 'state'], message: `RUNNING under parent queue "${q.parent}", which is STOPPED: YARN refuses it ("The parent queue ... cannot be STOPPED as the child queue ... is in RUNNING state")` });
      }
    });
  }
}

/**
 * The pools a workload's jobs name (a listed job's pool or user, a group's pool or name, the pools the facebook and
 * swim workloads name), each refused where it names it when it is:
 * - a parent pool or parent queue: jobs go to the leaves of the tree;
 * - under capacity, a queue whose maximum capacity (or a parent queue's) is 0: its jobs could never run; a STOPPED
 *   queue (or one under a STOPPED parent queue): YARN refuses the submission;
 * - under capacity with a capacity-scheduler.xml read into scheduler.queues (the CLI and loadScenario read it;
 *   parseScenario reads no file, and with no queues listed checks none), a queue not listed: YARN refuses the
 *   submission (hand-written queues alone still leave an unlisted queue what they leave);
 * - a YARN path from the root ("root.prod.etl") naming a pool or parent pool listed without it (hfs reads an
 *   allocation file's queues so) and not itself listed: it made a second pool at the root.
 */
export function refineJobPools(s: { scheduler: JobPoolsScheduler; workload: z.infer<typeof workloadSchema> }, ctx: z.RefinementCtx): void {
  const sc = s.scheduler;
  const parents = new Map<string, string>([...sc.parentPools.map((p) => [p.name, 'a parent pool (scheduler.parentPools)'] as const),
    ...sc.parentQueues.map((p) => [p.name, 'a parent queue (scheduler.parentQueues)'] as const)]);
  const queues = sc.policy === 'capacity' && sc.capacitySchedulerFile !== undefined && sc.queues.length > 0 ? new Set(sc.queues.map((q) => q.name)) : undefined;
  const listed = sc.policy === 'capacity' ? undefined : new Set([...sc.pools, ...sc.parentPools].map((p) => p.name));
  const never = sc.policy === 'capacity' ? queuesJobsCannotUse(sc) : new Map<string, string>();
  if (parents.size === 0 && queues === undefined && never.size === 0 && (listed === undefined || listed.size === 0)) return;
  const why = (name: string): string | undefined => {
    const parent = parents.get(name);
    if (parent !== undefined) return `${parent}: jobs go to the leaves of the tree; rename one of them`;
    const cannot = never.get(name);
    if (cannot !== undefined) return cannot;
    if (queues !== undefined && !queues.has(name)) {
      const short = name.slice(name.lastIndexOf('.') + 1);
      return `a queue neither its capacitySchedulerFile nor scheduler.queues lists: YARN's Capacity Scheduler refuses a job submitted to an unknown queue${name.startsWith('root.') && queues.has(short) ? `; name the queue by its short name, as hfsim reads the file ("${short}")` : ''}`;
    }
    if (listed !== undefined && name.startsWith('root.') && !listed.has(name) && listed.has(name.slice(5))) return `a path from the root: hfsim names a YARN queue by its path without "root." ("${name.slice(5)}"), as it reads an allocation file`;
    return undefined;
  };
  const refuse = (name: string, path: (string | number)[], how: string): void => {
    const what = why(name);
    if (what !== undefined) ctx.addIssue({ code: 'custom', path, message: `${how} "${name}", ${what}` });
  };
  const w = s.workload;
  if (w.kind === 'jobs') w.jobs.forEach((j, i) => refuse(listedJobPool(j), ['workload', 'jobs', i, j.pool !== undefined ? 'pool' : j.user !== undefined ? 'user' : 'pool'], 'names pool'));
  else if (w.kind === 'generated') w.groups.forEach((g, i) => refuse(groupPool(g), ['workload', 'groups', i, g.pool !== undefined ? 'pool' : 'name'], 'files its jobs under pool'));
  else if (w.kind === 'facebook') for (let k = 0; k < Math.min(FACEBOOK_USER_POOLS, w.jobs); k++) refuse(facebookPool(k), ['workload'], 'the facebook workload files jobs under pool');
  else if (w.kind === 'swim') for (const name of swimPools(w.pools, w.poolCount)) refuse(name, ['workload', 'pools'], `the swim workload (pools "${w.pools}") files jobs under pool`);
}
