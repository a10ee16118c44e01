/**
 * Review stress: the kept HFS order against hfsOrder on larger trees and pools than test/core/hfs-order.test.ts, with
 * few reads (many changes pending at once: the re-walk path, nested moves), deep parent chains, and stretches past
 * SPREAD_MAX (4096 jobs).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { KINDS } from '../../src/core/slot-kind.js';
import { HfsDriver, drawnPoolSet } from './hfs-order-driver.js';
import { eventArb } from './order-driver.js';

const configArb = fc.record({
  parents: fc.array(fc.record({ parent: fc.nat(), root: fc.boolean(), weight: fc.constantFrom(0.5, 1, 3), minMaps: fc.integer({ min: 0, max: 6 }),
    extraMaps: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }), maxRunningJobs: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined, freq: 4 }) }), { maxLength: 8 }),
  pools: fc.array(fc.record({ parent: fc.option(fc.nat(), { nil: undefined }), weight: fc.constantFrom(0.5, 1, 2, 3), minMaps: fc.integer({ min: 0, max: 6 }),
    minReduces: fc.integer({ min: 0, max: 3 }), extraMaps: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
    extraReduces: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), mode: fc.constantFrom('fifo', 'fair', undefined),
    maxRunningJobs: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined, freq: 4 }) }), { minLength: 1, maxLength: 24 }),
  sizeBasedWeight: fc.boolean(),
  copyComputeSplit: fc.boolean(),
  defaultSchedulingMode: fc.constantFrom('fifo', 'fair'),
  userMaxJobsDefault: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined, freq: 4 }),
});
/** `read`: 0 reads maps after the event, 1 reduces, 2 both, the rest nothing. */
const event = eventArb({ kinds: ['arrive', 'arrive', 'arrive', 'launchMap', 'launchMap', 'launchMap', 'endMap', 'endMap', 'killMap', 'launchReduce', 'launchReduce', 'endReduce', 'killReduce'],
  pools: 40, users: ['u0', 'u1', 'u2', undefined], reads: 29 });

describe('the kept HFS order, stressed', () => {
  it('equals hfsOrder on big trees with many changes between reads', () => {
    fc.assert(fc.property(configArb, fc.array(event, { minLength: 50, maxLength: 500, size: 'max' }), (c, events) => {
      // parent i's parent is one made before it (a chain as deep as the list, often)
      const { set, pools, parents } = drawnPoolSet(c, (i) => (i === 0 || c.parents[i].root ? undefined : `P${c.parents[i].parent % i}`), 200, 60);
      const names = [...pools, 'new0', 'new1', ...parents.map((p) => `${p}.new`)];
      const driver = new HfsDriver(set, names, c.copyComputeSplit);
      for (const e of events) {
        driver.apply(e);
        // rare reads: many changes pend at once
        if (e.read === 0) driver.read('map');
        if (e.read === 1) driver.read('reduce');
        if (e.read === 2) {
          driver.read('map');
          driver.read('reduce');
        }
      }
      for (const kind of KINDS) driver.read(kind);
    }), { numRuns: 200 });
  });
});
