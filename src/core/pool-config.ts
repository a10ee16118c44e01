/**
 * The scenario's pool, queue and preemption settings (scheduler.pools, .users, .queues, .preemption, ...): their
 * schema, defaulted field by field. An allocation file (Hadoop MR1 or YARN XML) is translated by the CLI into
 * these same fields, so both paths meet one validator.
 */
import { z } from 'zod';
import { atLeast, atMost, pathField, flag, nameField, nonNegInt, numberField, posInt, timeMs, wholeUpTo } from './bounded.js';
import { MAX_INT32, MAX_POOLS, MAX_SLOTS, MAX_TIME_MS, MAX_WEIGHT, MIN_WEIGHT } from './limits.js';

const timeoutMs = timeMs;
/** A pool's fair-share starvation threshold when neither it nor the scheduler sets one: Hadoop 1's half, YARN's 0.5. */
export const DEFAULT_FAIR_SHARE_THRESHOLD = 0.5;
/** YARN's fairSharePreemptionThreshold: the fraction of its fair share below which a pool is starved (Hadoop 1: 0.5). */
const threshold = (what: string) => numberField(what).min(0, `${what} must be from 0 to 1`).max(1, `${what} must be from 0 to 1`);
const slots = (what: string) => nonNegInt(what, MAX_SLOTS);
/**
 * A cap on running tasks or jobs: 0 would keep the pool's (or user's) jobs waiting forever, and the run would stall.
 * One message below 1, aborting: -1 also got "must not be negative", and a maxMaps of -1 "minMaps 0 is above maxMaps -1".
 */
const cap = (what: string, max: number) => wholeUpTo(what, max).min(1, { message: `${what} must be at least 1 (0 lets nothing run, and the run would stall)`, abort: true });

export const SCHEDULING_MODES = ['fair', 'fifo'] as const;
export type SchedulingMode = (typeof SCHEDULING_MODES)[number];

/** What pools and parent pools both have: a weight, min shares and caps. */
const shareFields = {
  weight: numberField('weight').positive({ error: 'weight must be greater than 0', abort: true })
    .min(MIN_WEIGHT, atLeast('weight', MIN_WEIGHT)).max(MAX_WEIGHT, atMost('weight', MAX_WEIGHT)).default(1),
  /** Guaranteed map and reduce slots (scaled down evenly when all pools' minimums exceed the cluster). */
  minMaps: slots('minMaps').default(0),
  minReduces: slots('minReduces').default(0),
  /** Caps on running tasks (omitted: the scheduler's poolMaxMapsDefault / poolMaxReducesDefault, else none). */
  maxMaps: cap('maxMaps', MAX_SLOTS).optional(),
  maxReduces: cap('maxReduces', MAX_SLOTS).optional(),
};

export const poolSchema = z.strictObject({
  name: nameField('a pool name', 'a pool needs a name'),
  ...shareFields,
  /** Jobs of the pool that may run at once; later jobs wait (omitted: poolMaxJobsDefault). */
  maxRunningJobs: cap('maxRunningJobs', MAX_INT32).optional(),
  /** Order of the pool's jobs: fifo (priority, submit time) or fair (running / weight). Omitted: defaultSchedulingMode. */
  schedulingMode: z.enum(SCHEDULING_MODES, { error: 'schedulingMode must be "fair" or "fifo"' }).optional(),
  /** Preemption timeouts of this pool (omitted: the scheduler's defaults). */
  minSharePreemptionTimeoutMs: timeoutMs('minSharePreemptionTimeoutMs').optional(),
  fairSharePreemptionTimeoutMs: timeoutMs('fairSharePreemptionTimeoutMs').optional(),
  /** Below this fraction of its fair share the pool is starved for fair share (omitted: the scheduler's default). */
  fairSharePreemptionThreshold: threshold('fairSharePreemptionThreshold').optional(),
  /** false: preemption never takes this pool's tasks (YARN's allowPreemptionFrom); omitted: it may. */
  preemptable: z.boolean({ error: 'preemptable must be true or false' }).optional(),
  /** The parent pool (scheduler.parentPools) this pool shares with its siblings; omitted: the root, beside the others. */
  parent: nameField('a parent pool name', 'parent must name a parent pool').optional(),
}).superRefine((p, ctx) => minWithinMax(p, ctx, 'pool'));
export type PoolConfig = z.infer<typeof poolSchema>;

/**
 * A parent pool (YARN's parent queue): it holds pools and other parent pools, never jobs. Its weight and min shares
 * win it a share of its own parent's slots, which its children then divide by theirs (fair-shares.ts, top down); its
 * caps bound its whole subtree: the tasks running under it and the jobs running under it.
 */
export const parentPoolSchema = z.strictObject({
  name: nameField('a parent pool name', 'a parent pool needs a name'),
  parent: nameField('a parent pool name', 'parent must name a parent pool').optional(),
  ...shareFields,
  /** Jobs that may run at once in all its pools together; later jobs wait (omitted: no limit of its own). */
  maxRunningJobs: cap('maxRunningJobs', MAX_INT32).optional(),
}).superRefine((p, ctx) => minWithinMax(p, ctx, 'parent pool'));
export type ParentPoolConfig = z.infer<typeof parentPoolSchema>;

function minWithinMax(p: { minMaps: number; minReduces: number; maxMaps?: number; maxReduces?: number }, ctx: z.RefinementCtx, what: string): void {
  for (const [min, max] of [['minMaps', 'maxMaps'], ['minReduces', 'maxReduces']] as const) {
    const cap = p[max];
    if (cap !== undefined && p[min] > cap) ctx.addIssue({ code: 'custom', path: [min], message: `${min} ${p[min]} is above ${max} ${cap}: the ${what} could never reach its min share` });
  }
}

export const userSchema = z.strictObject({
  name: nameField('a user name', 'a user needs a name'),
  maxRunningJobs: cap('maxRunningJobs', MAX_INT32),
});
export type UserConfig = z.infer<typeof userSchema>;

/**
 * YARN's queue state: STOPPED refuses submissions, so a job naming the queue (or a queue under a STOPPED parent queue
 * that sets no state) is refused; the queue keeps its capacity, which the others use while it is idle. Omitted: its
 * parent queue's state (root's: RUNNING); RUNNING under a STOPPED parent is refused, as YARN refuses it.
 */
const queueState = z.enum(['RUNNING', 'STOPPED'], { error: 'state must be "RUNNING" or "STOPPED"' }).optional();

/** Capacity scheduler queues (SPEC.md 3.7); a job's pool names its queue. */
export const queueSchema = z.strictObject({
  name: nameField('a queue name', 'a queue needs a name'),
  /**
   * Share of the cluster's slots, in percent. 0, as YARN allows: a queue guaranteed nothing, offered slots only after
   * the queues guaranteed some, so it runs on what they leave idle (up to its maxCapacity).
   */
  capacity: numberField('capacity').min(0, 'capacity must be from 0 to 100').max(100, 'capacity must be from 0 to 100'),
  /** Cap on the queue's slots in percent (omitted: 100, the queue may use idle capacity; 0: its jobs never run, refused for a queue jobs name). */
  maxCapacity: numberField('maxCapacity').min(0, 'maxCapacity must be from 0 to 100').max(100, 'maxCapacity must be from 0 to 100').optional(),
  /**
   * Hadoop's minimum-user-limit-percent: a user may hold max(capacity / active users, capacity * this / 100). 0, as
   * YARN's UsersManager computes it: no floor, capacity / active users alone; above 100 acts as 100 (the queue's
   * current capacity, which its running tasks + 1 never pass: only userLimitFactor binds), as in YARN, which takes both.
   */
  minUserLimitPercent: numberField('minUserLimitPercent').min(0, 'minUserLimitPercent must be 0 or more').default(100),
  /** Hadoop's user-limit-factor (YARN, 0.21 on): a user may hold at most this multiple of the queue's capacity (omitted: no such cap, as in 0.20). */
  userLimitFactor: numberField('userLimitFactor').positive('userLimitFactor must be greater than 0').optional(),
  /**
   * Order of the queue's jobs: fifo (priority, submit time) or fair (YARN's FairOrderingPolicy: fewest running
   * containers first, then fifo). Omitted: fifo.
   */
  orderingPolicy: z.enum(['fifo', 'fair'], { error: 'orderingPolicy must be "fifo" or "fair"' }).optional(),
  /** The parent queue (scheduler.parentQueues) whose capacity this queue's percentages are of; omitted: root. */
  parent: nameField('a parent queue name', 'parent must name a parent queue').optional(),
  state: queueState,
});
export type QueueConfig = z.infer<typeof queueSchema>;

/**
 * A parent queue of the capacity scheduler (YARN's ParentQueue): it holds queues and parent queues, never jobs. Its
 * capacity and maxCapacity are percentages of its own parent's; its children's are percentages of its.
 */
export const parentQueueSchema = z.strictObject({
  name: nameField('a parent queue name', 'a parent queue needs a name'),
  parent: nameField('a parent queue name', 'parent must name a parent queue').optional(),
  capacity: queueSchema.shape.capacity,
  maxCapacity: queueSchema.shape.maxCapacity,
  state: queueState,
});
export type ParentQueueConfig = z.infer<typeof parentQueueSchema>;

/**
 * YARN's tolerance on the capacities under a parent adding up to 100% (ParentQueue: 1 +- 0.0005 as a fraction): a file
 * YARN accepts at 100.04% must pass the scenario's check (at most 100%) too.
 */
export const CAPACITY_SUM_SLACK = 0.05;

/** A sum of percentages as a message shows it: 33.3 x 3 is 99.9, not 99.89999999999999. */
export const shownPercent = (x: number): number => Math.round(x * 1e9) / 1e9;

/**
 * A queue's absolute capacity and maximum, fractions of the cluster, from its percentages and its parent's absolute
 * pair (root: [1, 1]), as YARN's CSQueueUtils computes them.
 */
export function absoluteCapacities(q: { capacity: number; maxCapacity?: number }, parent: readonly [number, number]): [number, number] {
  return [(q.capacity / 100) * parent[0], ((q.maxCapacity ?? 100) / 100) * parent[1]];
}

/**
 * Why a queue's maximum is refused, or undefined. YARN requires the absolute maximum to be at least the absolute
 * capacity (CSQueueUtils.checkAbsoluteCapacity), not the percentages themselves: a child of 100% capped at 60% of a
 * parent of capacity 50 and maximum 100 (50 and 60% of the cluster) is a valid queue, refused here until the check
 * went by the absolute values. YARN allows 1e-4 of slack; hfsim only a float's error, as before (a maximum a hair
 * below the capacity would keep the queue from its guarantee in whole slots).
 */
export function maxBelowCapacity(q: { capacity: number; maxCapacity?: number }, abs: readonly [number, number], underRoot: boolean): string | undefined {
  // A queue that sets no maximum has its parent's, at least the parent's capacity and so its own, unless the parent's
  // (or an ancestor's) maximum is itself below its capacity, which is refused there: blamed here too, it read
  // "maxCapacity (undefined) comes to 40% of the cluster" once for every such queue under it.
  if (q.maxCapacity === undefined) return undefined;
  if (abs[1] >= abs[0] - 1e-12) return undefined;
  if (underRoot) return `maxCapacity (${q.maxCapacity}) is below capacity (${q.capacity})`;
  return `maxCapacity (${q.maxCapacity}) comes to ${shownPercent(abs[1] * 100)}% of the cluster, below its capacity's ${shownPercent(abs[0] * 100)}% (each a percentage of its parent's, down the tree): YARN requires the absolute maximum capacity to be at least the absolute capacity`;
}

/** Each queue's and parent queue's absolute maximum capacity at least its absolute capacity (maxBelowCapacity). */
export function refineQueueMaximums(s: { queues: readonly QueueConfig[]; parentQueues: readonly ParentQueueConfig[] }, ctx: z.RefinementCtx): void {
  const parents = new Map(s.parentQueues.map((p) => [p.name, p]));
  const abs = new Map<string, [number, number] | undefined>();
  // A parent queue's absolute pair; undefined under a cycle or an unknown parent (refineTree reports those).
  const of = (name: string | undefined): [number, number] | undefined => {
    if (name === undefined) return [1, 1];
    if (abs.has(name)) return abs.get(name);
    abs.set(name, undefined); // while walking up: a cycle meets it
    const p = parents.get(name);
    const up = p === undefined ? undefined : of(p.parent);
    const pair = up === undefined ? undefined : absoluteCapacities(p!, up);
    abs.set(name, pair);
    return pair;
  };
  for (const [key, list] of [['queues', s.queues], ['parentQueues', s.parentQueues]] as const) {
    list.forEach((q, i) => {
      const up = of(q.parent);
      const why = up === undefined ? undefined : maxBelowCapacity(q, absoluteCapacities(q, up), q.parent === undefined);
      if (why !== undefined) ctx.addIssue({ code: 'custom', path: [key, i, 'maxCapacity'], message: why });
    });
  }
}

export const preemptionSchema = z.strictObject({
  enabled: flag('enabled').default(false),
  /** A registered preemption policy (built in: "hfs", the Fair Scheduler's) and its config (checked by its schema). */
  policy: z.string({ error: 'policy must name a registered preemption policy' }).default('hfs'),
  config: z.record(z.string(), z.unknown(), { error: 'must be an object' }).default({}),
  /** Time between preemption checks (Hadoop: 15 s); also the sampling interval of the recorded fair shares. */
  intervalMs: posInt('intervalMs', MAX_TIME_MS).default(15_000),
});

function atMostItems(what: string) {
  return { error: (issue: { input?: unknown }) => `${what} lists ${Array.isArray(issue.input) ? issue.input.length : '?'} entries, above the limit of ${MAX_POOLS}` };
}

/** The fields these settings add to `scheduler` in the scenario schema. */
export const poolFields = {
  pools: z.array(poolSchema).max(MAX_POOLS, atMostItems('pools')).default([]),
  /** Parent pools that pools (and other parent pools) name as their `parent`: a tree of pools, as YARN's queues. */
  parentPools: z.array(parentPoolSchema).max(MAX_POOLS, atMostItems('parentPools')).default([]),
  users: z.array(userSchema).max(MAX_POOLS, atMostItems('users')).default([]),
  /** Running jobs per user and per pool when not set for that user or pool (omitted: no limit). */
  userMaxJobsDefault: cap('userMaxJobsDefault', MAX_INT32).optional(),
  poolMaxJobsDefault: cap('poolMaxJobsDefault', MAX_INT32).optional(),
  /**
   * Caps on the running maps and reduces of each pool and parent pool that sets no maxMaps / maxReduces, a pool made
   * for a job naming one not listed included (YARN's queueMaxResourcesDefault, which the CLI reads into them); a min
   * share above the cap is lowered to it, as YARN runs such a queue (omitted: no cap). Read by hfs, not capacity,
   * whose queues' maxCapacity caps them.
   */
  poolMaxMapsDefault: cap('poolMaxMapsDefault', MAX_SLOTS).optional(),
  poolMaxReducesDefault: cap('poolMaxReducesDefault', MAX_SLOTS).optional(),
  defaultSchedulingMode: z.enum(SCHEDULING_MODES, { error: 'defaultSchedulingMode must be "fair" or "fifo"' }).default('fair'),
  /** Preemption timeouts of pools that set none (omitted: never). */
  minSharePreemptionTimeoutMs: timeoutMs('minSharePreemptionTimeoutMs').optional(),
  fairSharePreemptionTimeoutMs: timeoutMs('fairSharePreemptionTimeoutMs').optional(),
  /** The fair-share starvation threshold of pools that set none (omitted: 0.5, Hadoop 1's half and YARN's default). */
  fairSharePreemptionThreshold: threshold('fairSharePreemptionThreshold').optional(),
  /** Job weight log2(1 + demand) instead of 1 (times the priority factor) in fair-mode pools. */
  sizeBasedWeight: flag('sizeBasedWeight').default(false),
  /** Hadoop MR1 fair-scheduler.xml or YARN allocation file, relative to the scenario file; read by the CLI into pools/users. */
  allocationFile: pathField('allocationFile').optional(),
  /** YARN capacity-scheduler.xml, relative to the scenario file; read by the CLI into queues (and delay, assignMultiple). */
  capacitySchedulerFile: pathField('capacitySchedulerFile').optional(),
  preemption: preemptionSchema.prefault({}),
  queues: z.array(queueSchema).max(MAX_POOLS, atMostItems('queues')).default([]),
  /** Parent queues that queues (and other parent queues) name as their `parent`: the capacity scheduler's queue tree. */
  parentQueues: z.array(parentQueueSchema).max(MAX_POOLS, atMostItems('parentQueues')).default([]),
  /** Copy-compute splitting: a reduce's copy phase runs outside the reduce slots, which it takes only to compute. */
  copyComputeSplit: flag('copyComputeSplit').default(false),
  /** DSFS's job-type rule: CPU-bound jobs may launch rack-local maps at once; IO-bound jobs wait as the delay mode says. */
  jobTypeRule: flag('jobTypeRule').default(false),
};

/** The deepest a tree of parents may be (the XML reader's nesting limit: an allocation file can nest no deeper). */
export const MAX_TREE_DEPTH = 64;

/** The two lists of a tree: leaves (which hold jobs) and parents (which hold leaves and parents), by field name. */
interface TreeLists {
  leaves: readonly { name: string; parent?: string }[];
  parents: readonly { name: string; parent?: string }[];
  /** The fields' names (pools / parentPools, queues / parentQueues) and what a leaf and a parent are called. */
  leafKey: string;
  parentKey: string;
  leaf: string;
  parent: string;
}

/** The pool tree and the capacity scheduler's queue tree. */
export const poolTree = (s: { pools: readonly PoolConfig[]; parentPools: readonly ParentPoolConfig[] }): TreeLists =>
  ({ leaves: s.pools, parents: s.parentPools, leafKey: 'pools', parentKey: 'parentPools', leaf: 'pool', parent: 'parent pool' });
export const queueTree = (s: { queues: readonly QueueConfig[]; parentQueues: readonly ParentQueueConfig[] }): TreeLists =>
  ({ leaves: s.queues, parents: s.parentQueues, leafKey: 'queues', parentKey: 'parentQueues', leaf: 'queue', parent: 'parent queue' });

/**
 * The tree leaves and parents make: a name is a leaf or a parent, not both; each `parent` names a parent; no parent is
 * its own ancestor. (Names used twice within one list are reported with the lists.)
 */
export function refineTree(t: TreeLists, ctx: z.RefinementCtx): void {
  const parents = new Map(t.parents.map((p) => [p.name, p]));
  const unknown = (name: string): string => {
    const listed = [...parents.keys()];
    return `"${name}" is not a ${t.parent} (${listed.length === 0 ? `scheduler.${t.parentKey} lists none` : `scheduler.${t.parentKey}: ${listed.slice(0, 8).map((n) => `"${n}"`).join(', ')}${listed.length > 8 ? ', ...' : ''}`})`;
  };
  t.leaves.forEach((p, i) => {
    if (parents.has(p.name)) ctx.addIssue({ code: 'custom', path: [t.leafKey, i, 'name'], message: `"${p.name}" is a ${t.parent} too (scheduler.${t.parentKey}): a name is a ${t.leaf}, which holds jobs, or a ${t.parent}, which holds ${t.leaf}s` });
    if (p.parent !== undefined && !parents.has(p.parent)) ctx.addIssue({ code: 'custom', path: [t.leafKey, i, 'parent'], message: unknown(p.parent) });
  });
  t.parents.forEach((p, i) => {
    if (p.parent === undefined) return;
    if (!parents.has(p.parent)) {
      ctx.addIssue({ code: 'custom', path: [t.parentKey, i, 'parent'], message: unknown(p.parent) });
      return;
    }
    // Walk up: at most MAX_TREE_DEPTH steps, unless there is a cycle or the tree is deeper than that.
    const seen = new Set([p.name]);
    for (let up = parents.get(p.parent); up !== undefined; up = up.parent === undefined ? undefined : parents.get(up.parent)) {
      if (seen.has(up.name)) {
        ctx.addIssue({ code: 'custom', path: [t.parentKey, i, 'parent'], message: `${t.parent}s ${[...seen].slice(0, 8).map((n) => `"${n}"`).join(' -> ')}${seen.size > 8 ? ' -> ...' : ''} -> "${up.name}" form a cycle: the tree needs a root` });
        return;
      }
      if (seen.size >= MAX_TREE_DEPTH) {
        ctx.addIssue({ code: 'custom', path: [t.parentKey, i, 'parent'], message: `${t.parent} "${p.name}" is more than ${MAX_TREE_DEPTH} levels deep, the limit (as an XML file's nesting)` });
        return;
      }
      seen.add(up.name);
    }
  });
}
