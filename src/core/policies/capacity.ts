/**
 * The capacity scheduler (Yahoo's, Hadoop 0.20; SPEC.md 3.7): queues with configured capacities (percent of the
 * slots of each kind). A free slot goes to the queue with the lowest running / capacity (ties by name); a queue
 * whose next task would pass its maxCapacity (in slots, maybe fractional) is passed over. Within a queue, jobs by
 * priority then submit time (orderingPolicy fifo) or by
 * their running containers, maps and reduces, fewest first, then so (fair: YARN's FairOrderingPolicy orders apps by
 * their resource usage, ties first-in first-out; a container is a slot here), skipping jobs whose user
 * already holds the user limit: max(ceil(C / active users), ceil(C * minUserLimitPercent / 100)) (0: C / active users
 * alone; 100 or more: never below C, so only the user-limit-factor binds), active users
 * being YARN's (users with a task of the slot's kind to launch), where C is the
 * queue's capacity (in whole slots, rounded up, and at least one, as YARN counts it), or its running tasks + 1 once it is over capacity (Hadoop's
 * getUserLimit), and at most ceil(C x userLimitFactor) when the queue sets one (YARN's user-limit-factor). A queue of
 * capacity 0 is guaranteed nothing: it is offered a slot only after every queue guaranteed something (YARN's
 * PriorityUtilizationQueueOrderingPolicy), so it runs on what they leave idle, up to its maxCapacity. A job names its
 * queue in `pool`; a queue not listed in scheduler.queues gets the capacity the listed ones leave (at least 1%).
 * Queues may sit under parent queues (scheduler.parentQueues, YARN's ParentQueue): capacities are then percentages
 * of the parent's, C is the queue's absolute capacity, and slots are offered a level at a time (queue-tree.ts).
 */
import type { Job } from '../job.js';
import { PoolSet, livePools } from '../pools.js';
import { type Pool, activeJobs } from '../pool.js';
import { jobDemand, jobRunning } from '../job-demand.js';
import { type QueueTree, queueTreeOf } from '../queue-tree.js';
import { capacityShares } from '../capacity-shares.js';
import type { QueueConfig } from '../pool-config.js';
import { compareFifo } from './fifo.js';
import type { PolicyPlugin } from '../framework/registry.js';
import type { SlotKind } from '../slot-kind.js';
import { pooledPolicy } from './pool-queue.js';
import { CapacityQueue } from './capacity-order.js';
import { type QueueUse, byUse, runningContainers, userLimit } from './capacity-rules.js';

/**
 * A queue or parent queue as the order sees it: its use, and the tasks its maximum lets it run (QueueTree.maxTasks:
 * Hadoop 0.20's "we strictly respect the maximum-capacity").
 */
interface Entry extends QueueUse {
  max: number;
  /** The leaf queues to offer, in order: the queue itself, or a parent's as its own level orders them. */
  queues: Array<{ pool: Pool; q: QueueConfig; capacity: number; running: number }>;
}

/**
 * The order of `kind`'s jobs, rebuilt whole from the PoolSet (every queue measured, every level and queue sorted). The
 * policy keeps this order between reads instead (capacity-order.ts); this plain recomputation is what it is checked
 * against (test/core/capacity-order.test.ts). Cost O(jobs + queues log queues + jobs log jobs).
 */
export function capacityOrder(set: PoolSet, kind: SlotKind): Job[] {
  set.refreshStats(kind);
  const slots = kind === 'map' ? set.mapSlots : set.reduceSlots;
  const tree = queueTreeOf(set.config);
  // Each parent queue's running tasks are those of every queue under it; the runnable leaves, by parent.
  const running = new Map<string, number>();
  const leaves = new Map<string | undefined, Entry[]>();
  for (const pool of livePools(set)) {
    const r = pool.share(kind).running;
    const parent = tree.parentOf(pool.name);
    for (let a = parent; a !== undefined; a = tree.parentOf(a)) running.set(a, (running.get(a) ?? 0) + r);
    if (pool.runnableJobs === 0) continue;
    const q = tree.config(pool.name);
    const entry = { name: pool.name, capacity: tree.capacitySlots(pool.name, slots), max: tree.maxTasks(pool.name, slots), running: r, queues: [] as Entry['queues'] };
    entry.queues.push({ pool, q, capacity: entry.capacity, running: r });
    const list = leaves.get(parent);
    if (list === undefined) leaves.set(parent, [entry]);
    else list.push(entry);
  }
  const out: Job[] = [];
  for (const { pool, q, capacity, running: r } of level(undefined, tree, slots, running, leaves)) {
    const jobs = activeJobs(pool).filter((j) => set.isRunnable(j)).sort(q.orderingPolicy === 'fair' ? compareUsage : compareFifo);
    const { byUser, active } = users(jobs, kind, set.config.copyComputeSplit);
    const limit = userLimit(q, capacity, r, active);
    for (const j of jobs) if (byUser.get(PoolSet.userOf(j))! < limit) out.push(j);
  }
  return out;
}

/**
 * One level of the tree, under `parent` (undefined: root), as YARN's ParentQueue offers a node to its children: those
 * below their maximum, the least used (running / guaranteed) first, ties by name; a parent queue's leaves in its place.
 */
function level(parent: string | undefined, tree: QueueTree, slots: number, running: ReadonlyMap<string, number>, leaves: ReadonlyMap<string | undefined, Entry[]>): Entry['queues'] {
  const entries = (leaves.get(parent) ?? []).filter((x) => x.running < x.max);
  for (const name of tree.parentsUnder(parent)) {
    const r = running.get(name) ?? 0;
    const max = tree.maxTasks(name, slots);
    if (r >= max) continue;
    const queues = level(name, tree, slots, running, leaves);
    if (queues.length > 0) entries.push({ name, capacity: tree.capacitySlots(name, slots), max, running: r, queues });
  }
  entries.sort(byUse);
  return entries.length === 1 ? entries[0].queues : entries.flatMap((e) => e.queues);
}

/** YARN's FairOrderingPolicy with 1-slot containers: fewer running containers (maps and reduces) first, then fifo. */
function compareUsage(a: Job, b: Job): number {
  return runningContainers(a) - runningContainers(b) || compareFifo(a, b);
}

/**
 * Per user among `jobs`: running tasks of `kind`, in one pass with the count of YARN's active users
 * (ActiveUsersManager): users with a job that has a task of `kind` to launch. A user whose jobs
 * only run tasks (or wait for slow start) takes no part of the limit: counted, it halved a lone waiting user's limit,
 * and a queue below its capacity left slots idle with maps pending (Hadoop 0.20 gave them out in a second pass that
 * ignores the limit; YARN never counts such a user).
 */
function users(jobs: readonly Job[], kind: SlotKind, copySplit: boolean): { byUser: Map<string, number>; active: number } {
  const byUser = new Map<string, number>(); // running tasks of `kind` per user
  const active = new Set<string>();
  for (const j of jobs) {
    const u = PoolSet.userOf(j);
    const running = jobRunning(j, kind);
    byUser.set(u, (byUser.get(u) ?? 0) + running);
    if (jobDemand(j, kind, copySplit) > running) active.add(u);
  }
  return { byUser, active: active.size };
}

export const capacity = {
  description: 'capacity scheduler: queues by running / capacity, FIFO (or fair) within, a per-user limit',
  usesPools: true,
  // a queue's capacity is its share and guarantee, its maxCapacity its cap: no pool weights, min shares or caps
  ownsPoolShares: true,
  permits: ['skipIdleHeartbeats'],
  // capacityOrder's order, kept between reads (capacity-order.ts): rebuilt at every launch, it cost O(jobs + queues
  // log queues) a launch
  create: (_config, context) => {
    const policy = pooledPolicy('capacity', context, (pools, kind) => new CapacityQueue(pools, kind));
    const pools = context.pools!; // pooledPolicy checked it
    pools.divideSharesBy(capacityShares(queueTreeOf(pools.config), pools));
    return policy;
  },
} satisfies PolicyPlugin;
