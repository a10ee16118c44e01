/**
 * The capacity scheduler's queue tree (YARN's CSQueueUtils): each queue's absolute capacity and absolute maximum, the
 * fractions of the cluster its percentages come to down the tree (a child's capacity is a percentage of its parent's),
 * and each queue's parent. A job's queue that scheduler.queues does not list sits under root with the capacity root's
 * listed children leave (at least 1%), no cap and no user limit below 100%. Pure: built from the frozen config once.
 */
import type { ParentQueueConfig, QueueConfig } from './pool-config.js';

export interface QueueTree {
  /** A leaf queue's configuration (an unlisted queue's: leftover capacity under root). */
  config(name: string): QueueConfig;
  /** The parent queue of a queue or parent queue; undefined: root. */
  parentOf(name: string): string | undefined;
  /** The parent queues under `parent` (undefined: root), in configuration order. */
  parentsUnder(parent: string | undefined): readonly string[];
  /** The fraction of the cluster a queue or parent queue is guaranteed, and the most it may use. */
  absolute(name: string): number;
  absoluteMax(name: string): number;
  /** Of `slots` slots, those a queue or parent queue is guaranteed: its absolute capacity in slots (inSlots). */
  capacitySlots(name: string, slots: number): number;
  /**
   * Of `slots` slots, the tasks a queue or parent queue may run at once: its absolute maximum in whole slots
   * (tasksWithin). The capacity order and the queues' fair shares both go by it.
   */
  maxTasks(name: string, slots: number): number;
}

const built = new WeakMap<object, QueueTree>();

export function queueTreeOf(config: { queues: readonly QueueConfig[]; parentQueues: readonly ParentQueueConfig[] }): QueueTree {
  let tree = built.get(config);
  if (tree === undefined) built.set(config, (tree = build(config.queues, config.parentQueues)));
  return tree;
}

function build(queues: readonly QueueConfig[], parentQueues: readonly ParentQueueConfig[]): QueueTree {
  const leaves = new Map(queues.map((q) => [q.name, q]));
  const parents = new Map(parentQueues.map((q) => [q.name, q]));
  const rootUsed = [...queues, ...parentQueues].reduce((a, q) => a + (q.parent === undefined ? q.capacity : 0), 0);
  const leftover = Math.max(1, 100 - rootUsed);
  const under = new Map<string | undefined, string[]>();
  for (const p of parentQueues) {
    const list = under.get(p.parent);
    if (list === undefined) under.set(p.parent, [p.name]);
    else list.push(p.name);
  }
  const abs = new Map<string, [number, number]>();
  const config = (name: string): QueueConfig => leaves.get(name) ?? { name, capacity: leftover, minUserLimitPercent: 100 };
  const own = (name: string): { capacity: number; maxCapacity?: number; parent?: string } => parents.get(name) ?? config(name);
  const absolutes = (name: string): [number, number] => {
    let a = abs.get(name);
    if (a === undefined) {
      const q = own(name);
      const [cap, max] = q.parent === undefined ? [1, 1] : absolutes(q.parent);
      a = [(q.capacity / 100) * cap, ((q.maxCapacity ?? 100) / 100) * max];
      abs.set(name, a);
    }
    return a;
  };
  return {
    config,
    parentOf: (name) => own(name).parent,
    parentsUnder: (parent) => under.get(parent) ?? [],
    absolute: (name) => absolutes(name)[0],
    absoluteMax: (name) => absolutes(name)[1],
    capacitySlots: (name, slots) => inSlots(absolutes(name)[0], slots),
    maxTasks: (name, slots) => tasksWithin(inSlots(absolutes(name)[1], slots)),
  };
}

/**
 * A fraction of the slots, as slots, to 9 decimals: percentages multiplied in floating point come out a hair above
 * the whole number they mean (7% of 100 slots: 7.000000000000001; 40% of 80%: 0.32000000000000006), and the caps
 * and user limits round up (ceil, running < max), which gave one slot too many.
 */
function inSlots(fraction: number, slots: number): number {
  const exact = fraction * slots;
  const rounded = Math.round(exact * 1e9) / 1e9;
  return rounded === 0 ? exact : rounded; // a sliver of a slot stays one: a positive cap never becomes 0
}

/**
 * The tasks a queue whose maximum is `max` slots (inSlots) may run at once: the whole slots within it, Hadoop 0.20's
 * "we strictly respect the maximum-capacity"; at least one under a positive maximum below one slot (else its jobs
 * never ran, and the run stalled). The capacity order and the queues' fair shares both go by it.
 */
function tasksWithin(max: number): number {
  return max <= 0 ? 0 : Math.max(1, Math.floor(max));
}
