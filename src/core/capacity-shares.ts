/**
 * The capacity scheduler's fair shares: what preemption restores a queue to, and what the results' `shares` report.
 * YARN's ProportionalCapacityPreemptionPolicy computes each queue's ideal assignment so: a level at a time, the
 * parent's share is divided among its children in proportion to their guaranteed capacities, none given more than its
 * demand (its pending and running tasks) or its maximum capacity, and what one leaves goes to the others in the same
 * proportion. That is computeFairShares with the capacities as weights and no min shares. (The Fair Scheduler's
 * division, by weights and min shares, gave every queue the same share whatever its capacity: a 12.5% queue holding
 * its one slot of 8 counted as starved below half of 4, and preemption killed the other queue's tasks every check,
 * only for the capacity order to give the slots straight back.) A queue's demand counts each user's tasks only up to
 * what the user may ever hold there (user-limit-factor), as YARN 2.8's preemption counts pending work within the user
 * limit: a queue of 50% whose one user may hold 1 slot kept a share of 5, and each check killed 4 of the other queue's
 * tasks, which it took straight back (3,033 kills in a run).
 */
import { computeFairShares } from './fair-shares.js';
import { PoolSet, type ShareDivision } from './pools.js';
import { type Pool, activeJobs } from './pool.js';
import { demandCounted } from './pool-count.js';
import type { QueueTree } from './queue-tree.js';
import type { SlotKind } from './slot-kind.js';
import { userCap } from './policies/capacity-rules.js';

/** The division for PoolSet.divideSharesBy over `tree`, the scheduler's queues, those of `set`. */
export function capacityShares(tree: QueueTree, set: PoolSet): ShareDivision {
  /** The tasks of `kind` a queue's runnable jobs want, each user's counted up to what the user may hold there. */
  const withinUserCaps = (pool: Pool, kind: SlotKind, slots: number): number => {
    const cap = userCap(tree.config(pool.name), tree.capacitySlots(pool.name, slots));
    if (cap === Infinity) return Infinity;
    const byUser = new Map<string, number>();
    for (const j of activeJobs(pool)) {
      const demand = demandCounted(set, j, kind, set.isRunnable(j));
      if (demand > 0) byUser.set(PoolSet.userOf(j), (byUser.get(PoolSet.userOf(j)) ?? 0) + demand);
    }
    let sum = 0;
    for (const d of byUser.values()) sum += Math.min(d, cap);
    return sum;
  };
  return (pools: readonly Pool[], kind: SlotKind, slots: number): number[] => {
    const fair = new Array<number>(pools.length).fill(0);
    // What a queue may run under its maximum (whole slots: 85% of 10 is 8), as the capacity order lets it.
    const max = (name: string): number => tree.maxTasks(name, slots);
    // The leaves under each parent queue (undefined: root), each one's demand capped by its own maximum.
    const leaves = new Map<string | undefined, number[]>();
    const leafDemand = pools.map((pool, i) => {
      const parent = tree.parentOf(pool.name);
      const list = leaves.get(parent);
      if (list === undefined) leaves.set(parent, [i]);
      else list.push(i);
      return Math.min(pool.share(kind).demand, max(pool.name), withinUserCaps(pool, kind, slots));
    });
    // A parent queue's demand: its children's, each capped by its own maximum, summed and capped by the parent's (a
    // parent credited with what a capped leaf cannot take kept it from the parent's siblings: shares summed to 70 of 100).
    const parentDemand = new Map<string, number>();
    const demandOf = (name: string): number => {
      let d = parentDemand.get(name);
      if (d === undefined) {
        d = (leaves.get(name) ?? []).reduce((a, i) => a + leafDemand[i], 0);
        for (const child of tree.parentsUnder(name)) d += demandOf(child);
        parentDemand.set(name, (d = Math.min(d, max(name))));
      }
      return d;
    };
    // Recursion as deep as the queue tree, which the schema bounds (MAX_TREE_DEPTH).
    const divide = (parent: string | undefined, share: number): void => {
      const mine = leaves.get(parent) ?? [];
      const parents = tree.parentsUnder(parent);
      const inputs = [
        ...mine.map((i) => ({ weight: Math.max(1e-9, tree.absolute(pools[i].name)), minShare: 0, demand: leafDemand[i] })),
        ...parents.map((name) => ({ weight: Math.max(1e-9, tree.absolute(name)), minShare: 0, demand: demandOf(name) })),
      ];
      const shares = computeFairShares(inputs, share);
      mine.forEach((i, k) => (fair[i] = shares[k]));
      parents.forEach((name, k) => divide(name, shares[mine.length + k]));
    };
    divide(undefined, slots);
    return fair;
  };
}
