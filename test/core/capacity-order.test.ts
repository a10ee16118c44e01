/**
 * The capacity order kept between reads (capacity-order.ts) against the plain one rebuilt whole (capacity.ts's
 * capacityOrder), on random queue trees (capacities, maxima, capacity-0 queues, parent queues), user limits
 * (minUserLimitPercent, userLimitFactor, several users a queue), fifo and fair ordering, job limits (users', queues',
 * parent pools') and events, read after some events and not others: the same jobs in the same order at every read, of
 * both kinds, and the same running and demand in every pool's and parent pool's share.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { capacityOrder } from '../../src/core/policies/capacity.js';
import { CapacityQueue } from '../../src/core/policies/capacity-order.js';
import { PoolSet } from '../../src/core/pools.js';
import { KINDS } from '../../src/core/slot-kind.js';
import { scenario } from '../helpers.js';
import { EVENT_MIX, OrderDriver, eventArb } from './order-driver.js';

/** A queue's or parent queue's share of its siblings' capacity (0: guaranteed nothing), and how far its maximum is above it. */
const nodeArb = {
  weight: fc.integer({ min: 0, max: 4 }),
  extraMax: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
};
const parentArb = (i: number) => fc.record({ ...nodeArb, parent: i === 0 ? fc.constant(undefined) : fc.option(fc.integer({ min: 0, max: i - 1 }), { nil: undefined }) });
const queueArb = fc.record({
  ...nodeArb,
  parent: fc.option(fc.nat(), { nil: undefined }),
  minUserLimitPercent: fc.constantFrom(0, 25, 50, 100, 150),
  userLimitFactor: fc.option(fc.constantFrom(0.5, 1, 2), { nil: undefined }),
  orderingPolicy: fc.constantFrom('fifo', 'fair', undefined),
  /** The queue's pool's running-job limit, and its parent pool (scheduler.pools and parentPools: job limits under capacity). */
  maxRunningJobs: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
  poolParent: fc.option(fc.nat(), { nil: undefined, freq: 2 }),
});
const configArb = (maxQueues: number) => fc.record({
  parents: fc.integer({ min: 0, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => parentArb(i)))),
  queues: fc.array(queueArb, { minLength: 1, maxLength: maxQueues }),
  /** The share of each parent's capacity its children are given (below 1: an unlisted queue at the root gets some). */
  fill: fc.constantFrom(1, 0.7),
  parentPools: fc.array(fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), { maxLength: 2 }),
  userMax: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
  userMaxJobsDefault: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 3 }),
  copyComputeSplit: fc.boolean(),
});
/** `read`: the kinds to read after the event, 0 none, 1 maps, 2 reduces, 3 both; above 3, none. */
const event = (reads: number) => eventArb({ kinds: EVENT_MIX, pools: 8, users: ['u0', 'u1', 'u2', undefined], reads });

type Config = typeof configArb extends (n: number) => fc.Arbitrary<infer C> ? C : never;

/** The PoolSet of a drawn queue tree: parent queue i named Q<i>, queue i named q<i>, parent pool i P<i>; and the queues' names jobs name. */
function capacitySet(c: Config): { set: PoolSet; names: string[] } {
  const parentOf = (p: number | undefined): string | undefined => (p === undefined || c.parents.length === 0 ? undefined : `Q${p % c.parents.length}`);
  const nodes = [
    ...c.parents.map((p, i) => ({ name: `Q${i}`, parent: p.parent === undefined ? undefined : `Q${p.parent}`, draw: p })),
    ...c.queues.map((q, i) => ({ name: `q${i}`, parent: parentOf(q.parent), draw: q })),
  ];
  // each parent's children share fill x 100% of it by their weights
  const weights = new Map<string | undefined, number>();
  for (const n of nodes) weights.set(n.parent, (weights.get(n.parent) ?? 0) + n.draw.weight);
  const capacityOf = (n: (typeof nodes)[number]) => {
    const total = weights.get(n.parent)!;
    const capacity = total === 0 ? 0 : Math.floor((100 * c.fill * n.draw.weight) / total);
    return { capacity, maxCapacity: n.draw.extraMax === undefined ? undefined : Math.min(100, capacity + n.draw.extraMax) };
  };
  const parentQueues = nodes.slice(0, c.parents.length).map((n) => ({ name: n.name, parent: n.parent, ...capacityOf(n) }));
  const queues = nodes.slice(c.parents.length).map((n, i) => {
    const q = c.queues[i];
    return { name: n.name, parent: n.parent, ...capacityOf(n), minUserLimitPercent: q.minUserLimitPercent, userLimitFactor: q.userLimitFactor, orderingPolicy: q.orderingPolicy };
  });
  const parentPools = c.parentPools.map((m, i) => ({ name: `P${i}`, maxRunningJobs: m }));
  const pools = c.queues.flatMap((q, i) => (q.maxRunningJobs === undefined && (q.poolParent === undefined || parentPools.length === 0) ? []
    : [{ name: `q${i}`, maxRunningJobs: q.maxRunningJobs, parent: q.poolParent === undefined || parentPools.length === 0 ? undefined : `P${q.poolParent % parentPools.length}` }]));
  const sc = scenario({ scheduler: { policy: 'capacity', parentQueues, queues, parentPools, pools, users: c.userMax === undefined ? [] : [{ name: 'u0', maxRunningJobs: c.userMax }],
    userMaxJobsDefault: c.userMaxJobsDefault, copyComputeSplit: c.copyComputeSplit },
  workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
  // queues no list holds: one at the root of both trees, one under a parent pool (at the root of the queue tree)
  return { set: new PoolSet(sc, 40, 12), names: [...queues.map((q) => q.name), 'new', ...(parentPools.length > 0 ? ['P0.new'] : [])] };
}

const CAPACITY = { queue: (set: PoolSet, kind: 'map' | 'reduce') => new CapacityQueue(set, kind), plain: capacityOrder };

describe('the kept capacity order', () => {
  it.each([
    ['read after most events', 6, 120, 3, 300],
    ['read rarely (many changes pending at once), more queues and events', 16, 400, 29, 100],
  ])('gives capacityOrder\'s jobs in its order at every read, and its shares: %s', (_what, maxQueues, maxEvents, reads, numRuns) => {
    fc.assert(fc.property(configArb(maxQueues), fc.array(event(reads), { minLength: 10, maxLength: maxEvents, size: 'max' }), (c, events) => {
      const { set, names } = capacitySet(c);
      const driver = new OrderDriver(set, names, CAPACITY, c.copyComputeSplit);
      for (const e of events) {
        driver.apply(e);
        if (e.read === 1 || e.read === 3) driver.read('map');
        if (e.read === 2 || e.read === 3) driver.read('reduce');
      }
      for (const kind of KINDS) driver.read(kind);
    }), { numRuns });
  });
});
