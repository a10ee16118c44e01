/**
 * A job queue over pools, as hfs offers slots: the order is kept between reads (kept-order.ts), and a job's change
 * is told to the PoolSet, which tells every kind's order (a launch changes a job's counts of both kinds' views). The
 * capacity scheduler's order is rebuilt at the first read after any change instead (poolPolicy).
 */
import type { JobQueue } from '../framework/queue-order.js';
import type { PluginContext, SchedulingPolicy } from '../framework/registry.js';
import { starvationBypass } from '../gate-rules.js';
import type { Job } from '../job.js';
import { type PoolSet, jobChanged } from '../pools.js';
import type { SlotKind } from '../slot-kind.js';
import type { KeptOrder } from './kept-order.js';

/** Builds the order in which a policy offers a free slot of `kind`: runnable jobs of pools not at their cap. */
export type PoolOrder = (pools: PoolSet, kind: SlotKind) => Job[];

/**
 * A pool-aware policy whose order `build` rebuilds from the PoolSet whenever its version moves (a job arrives,
 * finishes, launches or finishes a task), as the capacity scheduler's queues are. Cost per rebuild: O(jobs + pools
 * log pools + jobs log jobs).
 */
export function poolPolicy(policy: string, build: PoolOrder, context: PluginContext): SchedulingPolicy {
  return pooledPolicy(policy, context, (pools, kind) => new RebuiltQueue(pools, kind, build));
}

/** A pool-aware policy whose queues `queue` makes over the run's pools; no delay for a pool starved past a timeout. */
export function pooledPolicy(policy: string, context: PluginContext, queue: (pools: PoolSet, kind: SlotKind) => JobQueue): SchedulingPolicy {
  const pools = context.pools;
  if (pools === undefined) throw new Error(`${policy} needs the scheduler's pools (a policy registered with usesPools)`);
  return { createQueue: (kind) => queue(pools, kind), wrapGate: starvationBypass(pools) };
}

/** A kind's queue over a kept order: the scheduler files jobs under pools itself; a job's change only reorders. */
export class PoolQueue implements JobQueue {
  constructor(private readonly pools: PoolSet, private readonly order: KeptOrder) {}

  add(job: Job): void {
    jobChanged(this.pools, job);
  }

  remove(job: Job): void {
    jobChanged(this.pools, job);
  }

  update(job: Job): void {
    jobChanged(this.pools, job);
  }

  get jobs(): readonly Job[] {
    return this.order.jobs;
  }
}

/** A kind's queue whose order is rebuilt at the first read after any change. */
class RebuiltQueue implements JobQueue {
  private order: Job[] = [];
  private builtAt = -1;

  constructor(private readonly pools: PoolSet, private readonly kind: SlotKind, private readonly build: PoolOrder) {}

  add(_job: Job): void {
    this.pools.changed();
  }

  remove(_job: Job): void {
    this.pools.changed();
  }

  update(): void {
    this.pools.changed();
  }

  get jobs(): readonly Job[] {
    if (this.builtAt !== this.pools.version) {
      this.order = this.build(this.pools, this.kind);
      this.builtAt = this.pools.version;
    }
    return this.order;
  }
}
