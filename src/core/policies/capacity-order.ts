/**
 * The capacity order (capacity.ts's capacityOrder) kept between reads instead of rebuilt whole. The scheduler reads
 * the order again after every launch, and capacityOrder re-measured every queue and sorted every level of the queue
 * tree and every queue's jobs: O(jobs + queues log queues) a launch, so a burst of jobs each in its own queue cost
 * about queues^2 log queues (1,000 / 2,000 / 4,000 one-job queues at t=0 on 100 nodes: 3.3 / 9.4 / 29.9 s).
 *
 * Here each kind's order hears which jobs changed (kept-order.ts). At the next read it re-counts just those jobs into
 * their queues' sums (pool-tally.ts) and their users' (QueueState), and files again, in the queue tree's order
 * (tree-order.ts), each of those jobs whose place changed (in or out of its user's limit, or its fair key; every job
 * of the queue when a user's standing under the limit moved), each of those queues by its use, and the parent queues
 * above them. A read after a launch so costs O(users of the queue that changed + depth x log queues) compares and a
 * few memory moves, where it cost a sort of every queue.
 *
 * Same order as capacityOrder at every read: the levels are ordered by byUse and the queues' jobs by compareFifo or
 * their container counts (then compareFifo), each a total order, so the order is the one a full sort gives; a job is
 * in it when capacityOrder's filter lets it through, with the same user limit, counted from the same jobs; and every
 * job whose counts may have changed since the last read is one the watchers named, so every queue whose limit or jobs
 * may have changed is filed again. test/core/capacity-order.test.ts compares the two on random queue trees, limits
 * and events.
 */
import type { Job } from '../job.js';
import { PoolSet, livePools } from '../pools.js';
import { Pool, activeJobs } from '../pool.js';
import { compareFifo } from '../priority.js';
import { type QueueTree, queueTreeOf } from '../queue-tree.js';
import type { SlotKind } from '../slot-kind.js';
import { type QueueUse, byUse, runningContainers, userLimit } from './capacity-rules.js';
import { KeptOrder } from './kept-order.js';
import { PoolQueue } from './pool-queue.js';
import { type JobCounts, PoolTally } from './pool-tally.js';
import { TreeOrder } from './tree-order.js';

/** A node of the queue tree: a queue (a pool, which holds jobs) or a parent queue, by name. */
type QueueNode = Pool | string;

/** A runnable job's key in a fair-ordered queue (YARN's FairOrderingPolicy): its running containers, then fifo. */
interface UsageKey {
  readonly job: Job;
  readonly used: number;
}

function compareUsage(a: UsageKey, b: UsageKey): number {
  return a.used - b.used || compareFifo(a.job, b.job);
}

/** A fifo-ordered queue's jobs are keyed by the job itself (its priority and submit time never change). */
type JobKey = UsageKey | Job;

/** A user's counts in a queue: its jobs there, the running tasks of its runnable ones, those with a task to launch. */
interface UserCounts {
  jobs: number;
  running: number;
  wanting: number;
  /** Whether it was under the user limit when the queue was last filed. */
  under: boolean;
}

/**
 * A queue's users as its user limit counts them (capacity.ts's users()), the users with a job wanting a slot of the
 * kind (YARN's active users), and the queue's jobs that changed since it was last filed.
 */
class QueueState {
  readonly #users = new Map<string, UserCounts>();
  active = 0;
  readonly changed: Job[] = [];

  running(user: string): number {
    return this.#users.get(user)?.running ?? 0;
  }

  /** Adds `jobs` jobs, `running` tasks and `wanting` jobs that want a slot (each may be negative: taken out) to `user`'s. */
  add(user: string, jobs: number, running: number, wanting: number): void {
    let u = this.#users.get(user);
    // a user new to the queue has all its jobs there among the changed: its standing moves none of the others
    if (u === undefined) this.#users.set(user, (u = { jobs: 0, running: 0, wanting: 0, under: true }));
    const was = u.wanting > 0;
    u.jobs += jobs;
    u.running += running;
    u.wanting += wanting;
    if (u.wanting > 0 !== was) this.active += was ? -1 : 1;
    if (u.jobs === 0) this.#users.delete(user);
  }

  /**
   * Notes which users are under `limit` now: true when one's standing moved since the last note, so that its jobs
   * (the queue's, to keep it simple) must be filed again; else only the changed jobs' places can have moved.
   */
  moved(limit: number): boolean {
    let moved = false;
    for (const u of this.#users.values()) {
      const under = u.running < limit;
      if (under !== u.under) {
        u.under = under;
        moved = true;
      }
    }
    return moved;
  }
}

/** A job's running tasks as its user's limit counts them: a runnable job's (capacityOrder orders those alone). */
const userRunning = (c: JobCounts | undefined): number => (c !== undefined && c.runnable ? c.running : 0);

/** 1 when a job has a task of the kind to launch (its demand is 0 while it is not runnable), else 0. */
const wanting = (c: JobCounts | undefined): number => (c !== undefined && c.demand > c.running ? 1 : 0);

/** One kind's order, kept: the queue tree's levels and queues' jobs in a TreeOrder, the queues' shares in a PoolTally. */
export class CapacityOrder extends KeptOrder {
  readonly #tally: PoolTally;
  readonly #tree: TreeOrder<QueueNode>;
  readonly #queues: QueueTree;
  readonly #slots: number;
  readonly #states = new Map<Pool, QueueState>();
  /** Each parent queue's running tasks: those of every queue under it. */
  readonly #running = new Map<string, number>();
  /** The running tasks each queue last added to the parent queues above it. */
  readonly #sent = new Map<Pool, number>();

  constructor(set: PoolSet, private readonly kind: SlotKind) {
    super(set);
    const tally = (this.#tally = new PoolTally(set, kind));
    const queues = (this.#queues = queueTreeOf(set.config));
    this.#slots = kind === 'map' ? set.mapSlots : set.reduceSlots;
    this.#tree = new TreeOrder<QueueNode>({
      parentOf: (node) => queues.parentOf(typeof node === 'string' ? node : node.name),
      isLeaf: (node) => node instanceof Pool,
      leafOf: (job) => tally.countsOf(job)!.pool,
      compareJobs: (pool) => (queues.config((pool as Pool).name).orderingPolicy === 'fair' ? compareUsage : compareFifo) as (a: unknown, b: unknown) => number,
      compareNodes: byUse as (a: unknown, b: unknown) => number,
    });
  }

  protected get order(): readonly Job[] {
    return this.#tree.jobs;
  }

  /**
   * Re-counts the jobs that changed into their queues' sums and their users', then files those queues (their jobs
   * first), then the parent queues above them, deepest first; then brings the flat order up to date.
   */
  protected settle(changed: ReadonlySet<Job>, all: boolean): void {
    const tally = this.#tally;
    const pools = new Set<Pool>();
    if (all) {
      tally.clear();
      this.#tree.clear();
      this.#states.clear();
      this.#running.clear();
      this.#sent.clear();
      for (const pool of livePools(this.set)) pools.add(pool);
    }
    for (const job of changed) {
      // its part in its user's counts as last counted (count() changes the counts in place)
      const had = tally.countsOf(job);
      const wasRunning = userRunning(had);
      const wasWanting = wanting(had);
      const pool = tally.count(job);
      if (pool === undefined) continue; // arrived and left between two reads
      const now = this.set.poolOf(job) === undefined ? undefined : tally.countsOf(job); // undefined: it left
      const state = this.stateOf(pool);
      const jobs = (now === undefined ? 0 : 1) - (had === undefined ? 0 : 1);
      if (jobs !== 0 || userRunning(now) !== wasRunning || wanting(now) !== wasWanting) {
        state.add(PoolSet.userOf(job), jobs, userRunning(now) - wasRunning, wanting(now) - wasWanting);
      }
      if (now === undefined) this.#tree.fileJob(pool, job, undefined);
      else state.changed.push(job);
      pools.add(pool);
    }
    tally.measure(pools);
    for (const pool of pools) this.file(pool);
    this.#tree.settle((parent, offeredChildren) => this.parentKey(parent as string, offeredChildren), all);
    tally.forgetGone();
  }

  /**
   * Files `pool`'s jobs again where their places changed (a runnable job under its user's limit is in, by its key;
   * the others out), then `pool` in its level (out of it at its maximum or with no runnable job), and passes its
   * running tasks up to the parent queues above it. A job's place moves with its own counts (it changed) or with its
   * user's standing under the limit: the jobs that changed are filed again, or all the queue's when a standing moved.
   */
  private file(pool: Pool): void {
    const queues = this.#queues;
    const tree = this.#tree;
    const { name } = pool;
    const running = pool.share(this.kind).running;
    const sent = this.#sent.get(pool) ?? 0;
    if (running !== sent) {
      for (let a = queues.parentOf(name); a !== undefined; a = queues.parentOf(a)) this.#running.set(a, (this.#running.get(a) ?? 0) + running - sent);
      this.#sent.set(pool, running);
    }
    const q = queues.config(name);
    const capacity = queues.capacitySlots(name, this.#slots);
    const state = this.stateOf(pool);
    const limit = userLimit(q, capacity, running, state.active);
    const fair = q.orderingPolicy === 'fair';
    for (const job of state.moved(limit) ? activeJobs(pool) : state.changed) {
      const filed = tree.jobKey(pool, job) as JobKey | undefined;
      if (!(this.set.isRunnable(job) && state.running(PoolSet.userOf(job)) < limit)) {
        if (filed !== undefined) tree.fileJob(pool, job, undefined);
      } else if (!fair) {
        if (filed === undefined) tree.fileJob(pool, job, job);
      } else {
        const used = runningContainers(job);
        if (filed === undefined || (filed as UsageKey).used !== used) tree.fileJob(pool, job, { job, used } satisfies UsageKey);
      }
    }
    state.changed.length = 0;
    const offered = pool.runnableJobs > 0 && running < queues.maxTasks(name, this.#slots);
    tree.fileLeaf(pool, offered ? ({ name, capacity, running } satisfies QueueUse) : undefined);
  }

  /** A parent queue's key in its level: its use, or undefined (out of it) at its maximum or with no queue offered under it. */
  private parentKey(name: string, offeredChildren: number): QueueUse | undefined {
    const running = this.#running.get(name) ?? 0;
    const offered = offeredChildren > 0 && running < this.#queues.maxTasks(name, this.#slots);
    return offered ? { name, capacity: this.#queues.capacitySlots(name, this.#slots), running } : undefined;
  }

  private stateOf(pool: Pool): QueueState {
    let u = this.#states.get(pool);
    if (u === undefined) this.#states.set(pool, (u = new QueueState()));
    return u;
  }
}

/** A kind's queue over the kept capacity order. */
export class CapacityQueue extends PoolQueue {
  constructor(pools: PoolSet, kind: SlotKind) {
    super(pools, new CapacityOrder(pools, kind));
  }
}
