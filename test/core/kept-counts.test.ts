/**
 * PoolSet.refreshStats with its counts kept (keepCounts: only the jobs the scheduler's queue calls named are counted
 * again) against a twin PoolSet that counts every job at each refresh, driven through the same random events as the
 * scheduler drives them (order-driver.ts): the same running tasks and demand in every pool's and parent pool's share
 * after every refresh, and the same fair shares and preemption clocks after every update.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedQueue } from '../../src/core/counted-queue.js';
import type { JobQueue } from '../../src/core/framework/queue-order.js';
import type { Job } from '../../src/core/job.js';
import { type PoolSet, keepCounts } from '../../src/core/pools.js';
import { KINDS, type SlotKind } from '../../src/core/slot-kind.js';
import { drawnPoolSet, poolArb } from './hfs-order-driver.js';
import { EVENT_MIX, OrderDriver, eventArb } from './order-driver.js';

const parentArb = fc.record({
  weight: fc.constantFrom(0.5, 1, 3),
  minMaps: fc.integer({ min: 0, max: 3 }),
  extraMaps: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  maxRunningJobs: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});
const treeArb = fc.record({
  parents: fc.array(parentArb, { maxLength: 3 }),
  pools: fc.array(poolArb, { minLength: 1, maxLength: 5 }),
  sizeBasedWeight: fc.constant(false),
  copyComputeSplit: fc.boolean(),
  defaultSchedulingMode: fc.constantFrom('fifo', 'fair'),
  userMaxJobsDefault: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});
/** `read` after the event: 0 nothing, 1 refresh the maps, 2 the reduces, 3 update both (shares and clocks). */
const event = eventArb({ kinds: EVENT_MIX, pools: 6, users: ['u0', 'u1', undefined], reads: 3 });

const NO_ORDER: JobQueue = { add: () => {}, remove: () => {}, update: () => {}, jobs: [] };

/** Every pool's and parent pool's share of `kind`, as it stands. */
const shares = (set: PoolSet, kind: SlotKind) => [...set.pools, ...set.parentPools].map((n) => {
  const s = n.share(kind);
  return [n.name, s.running, s.demand, s.fairShare, s.lastTimeAtMinShare, s.lastTimeAtHalfFairShare];
});

describe('PoolSet.refreshStats with its counts kept', () => {
  it('measures what a count of every job measures, after any mix of arrivals, launches, ends, kills, departures and changed()', () => {
    fc.assert(fc.property(treeArb, fc.array(event, { minLength: 10, maxLength: 150, size: 'max' }), (c, events) => {
      const parentOf = (i: number) => (i === 0 ? undefined : `P${i - 1}`);
      const { set, pools } = drawnPoolSet(c, parentOf, 12, 6);
      const { set: twin } = drawnPoolSet(c, parentOf, 12, 6);
      keepCounts(set);
      // the driver's PoolSet calls go to both sets; its queue calls, as the scheduler's, tell the kept one alone
      const both = {
        add: (job: Job) => (set.add(job), twin.add(job)),
        remove: (job: Job) => (set.remove(job), twin.remove(job)),
        isRunnable: (job: Job) => set.isRunnable(job),
        changed: () => (set.changed(), twin.changed()),
      } as unknown as PoolSet;
      const driver = new OrderDriver(both, [...pools, 'new'], { queue: () => countedQueue(NO_ORDER, set), plain: () => [] });
      let t = 0;
      for (const e of events) {
        driver.apply(e);
        if (e.read === 3) {
          t += 500;
          set.update(t);
          twin.update(t);
        } else if (e.read > 0) {
          const kind: SlotKind = e.read === 1 ? 'map' : 'reduce';
          set.refreshStats(kind);
          twin.refreshStats(kind);
        }
        for (const kind of KINDS) expect(shares(set, kind), `${kind} shares after ${e.kind}`).toEqual(shares(twin, kind));
      }
    }), { numRuns: 300 });
  });
});
