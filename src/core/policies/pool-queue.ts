/**
 * A job queue over pools, as hfs and capacity offer slots: the order is kept between reads (kept-order.ts), and a
 * job's change is told to the PoolSet, which tells every kind's order (a launch changes a job's counts of both kinds'
 * views: its pool's running, a fair-ordered queue's container count).
 */
import type { JobQueue } from '../framework/queue-order.js';
import type { PluginContext, SchedulingPolicy } from '../framework/registry.js';
import { starvationBypass } from '../gate-rules.js';
import type { Job } from '../job.js';
import { type PoolSet, jobChanged } from '../pools.js';
import type { SlotKind } from '../slot-kind.js';
import type { KeptOrder } from './kept-order.js';

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
