/**
 * A job queue over pools: the order is rebuilt by the policy from the PoolSet whenever a job arrives, finishes,
 * launches or finishes a task (the PoolSet's version moves), as Hadoop's FairScheduler re-sorts its
 * schedulables for every task it assigns. Cost per rebuild: O(jobs + pools log pools + jobs log jobs).
 */
import type { Job } from '../job.js';
import type { PoolSet } from '../pools.js';
import type { JobQueue, PolicyContext, SlotKind } from './policy.js';

/** Builds the order in which a policy offers a free slot of `kind`: runnable jobs of pools not at their cap. */
export type PoolOrder = (pools: PoolSet, kind: SlotKind) => Job[];

/** createQueue of a pool-aware policy: a PoolQueue over the scheduler's pools, ordered by `build`. */
export function poolQueues(policy: string, build: PoolOrder) {
  return (kind: SlotKind, context?: PolicyContext): JobQueue => {
    if (context === undefined) throw new Error(`${policy} needs the scheduler's pools`);
    return new PoolQueue(context.pools, kind, build);
  };
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
