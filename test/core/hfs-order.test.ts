/**
 * The HFS order kept between reads (hfs-order.ts) against the plain one rebuilt whole (hfs.ts's hfsOrder), on random
 * pool trees, caps, job limits, scheduling modes and events, read after some events and not others: the same jobs in
 * the same order at every read, of both kinds, and the same running and demand in every pool's and parent pool's share.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyedList } from '../../src/core/policies/keyed-list.js';
import type { PoolSet } from '../../src/core/pools.js';
import { KINDS } from '../../src/core/slot-kind.js';
import { HfsDriver, drawnPoolSet, poolArb } from './hfs-order-driver.js';
import { EVENT_MIX, eventArb } from './order-driver.js';

const parentArb = (i: number) => fc.record({
  parent: i === 0 ? fc.constant(undefined) : fc.option(fc.integer({ min: 0, max: i - 1 }), { nil: undefined }),
  weight: fc.constantFrom(0.5, 1, 3),
  minMaps: fc.integer({ min: 0, max: 3 }),
  extraMaps: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  maxRunningJobs: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});
const configArb = fc.record({
  parents: fc.integer({ min: 0, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => parentArb(i)))),
  pools: fc.array(poolArb, { minLength: 1, maxLength: 6 }),
  sizeBasedWeight: fc.boolean(),
  copyComputeSplit: fc.boolean(),
  defaultSchedulingMode: fc.constantFrom('fifo', 'fair'),
  userMaxJobsDefault: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});
/** `read`: the kinds to read after the event, 0 none, 1 maps, 2 reduces, 3 both. */
const event = eventArb({ kinds: EVENT_MIX, pools: 8, users: ['u0', 'u1', undefined], reads: 3 });

type Config = typeof configArb extends fc.Arbitrary<infer C> ? C : never;

function poolSetOf(c: Config): { set: PoolSet; names: string[] } {
  const { set, pools } = drawnPoolSet(c, (i) => (c.parents[i].parent === undefined ? undefined : `P${c.parents[i].parent}`), 40, 12);
  // pools a job names that no list holds: one at the root, one under a parent pool (made there, as YARN does)
  return { set, names: [...pools, 'new', ...(c.parents.length > 0 ? ['P0.new'] : [])] };
}

describe('the kept HFS order', () => {
  it('gives hfsOrder\'s jobs in hfsOrder\'s order at every read, and its shares, over random trees, caps, limits and events', () => {
    fc.assert(fc.property(configArb, fc.array(event, { minLength: 10, maxLength: 120, size: 'max' }), (c, events) => {
      const { set, names } = poolSetOf(c);
      const driver = new HfsDriver(set, names);
      for (const e of events) {
        driver.apply(e);
        if (e.read & 1) driver.read('map');
        if (e.read & 2) driver.read('reduce');
      }
      for (const kind of KINDS) driver.read(kind);
    }), { numRuns: 300 });
  });
});

describe('KeyedList', () => {
  it('reads in the order a full sort by the current keys gives, after any mix of puts, moves and removals', () => {
    fc.assert(fc.property(fc.array(fc.record({ item: fc.nat({ max: 30 }), key: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }), read: fc.boolean() }), { maxLength: 200 }), (ops) => {
      // keys tie-broken by the item: a total order, as the list asks
      const list = new KeyedList<number, [number, number]>((a, b) => a[0] - b[0] || a[1] - b[1]);
      const now = new Map<number, number>();
      for (const op of ops) {
        list.set(op.item, op.key === undefined ? undefined : [op.key, op.item]);
        if (op.key === undefined) now.delete(op.item);
        else now.set(op.item, op.key);
        if (op.read) expect(list.items).toEqual([...now].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map((e) => e[0]));
      }
    }), { numRuns: 300 });
  });
});
