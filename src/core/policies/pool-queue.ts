/**
 * A job queue over pools: the order is rebuilt by the policy from the PoolSet whenever a job arrives, finishes,
 * launches or finishes a task (the PoolSet's version moves), as Hadoop's FairScheduler re-sorts its
 * schedulables for every task it assigns. Cost per rebuild: O(jobs + pools log pools + jobs log jobs). The capacity
 * scheduler's queues are these; hfs keeps its order between reads instead (hfs-order.ts).
 */
import type { JobQueue } from '../framework/queue-order.js';
import type { PluginContext, SchedulingPolicy } from '../framework/registry.js';
import { starvationBypass } from '../gate-rules.js';
import type { Job } from '../job.js';
import type { PoolSet } from '../pools.js';
import type { SlotKind } from '../slot-kind.js';

/** Builds the order in which a policy offers a free slot of `kind`: runnable jobs of pools not at their cap. */
export type PoolOrder = (pools: PoolSet, kind: SlotKind) => Job[];

/** A pool-aware policy: PoolQueues over the run's pools ordered by `build`, no delay for a pool starved past a timeout. */
export function poolPolicy(policy: string, build: PoolOrder, context: PluginContext): SchedulingPolicy {
  return pooledPolicy(policy, context, (pools, kind) => new PoolQueue(pools, kind, build));
}

/** A pool-aware policy whose queues `queue` makes over the run's pools; no delay for a pool starved past a timeout. */
export function pooledPolicy(policy: string, context: PluginContext, queue: (pools: PoolSet, kind: SlotKind) => JobQueue): SchedulingPolicy {
  const pools = context.pools;
  if (pools === undefined) throw new Error(`${policy} needs the scheduler's pools (a policy registered with usesPools)`);
  return { createQueue: (kind) => queue(pools, kind), wrapGate: starvationBypass(pools) };
}

export class PoolQueue implements JobQueue {
  private order: Job[] = [];
  private builtAt = -1;

  constructor(private readonly pools: PoolSet, private readonly kind: SlotKind, private readonly build: PoolOrder) {}

  /** The scheduler files jobs under pools itself; a job becoming eligible or not here only changes the order. */
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
