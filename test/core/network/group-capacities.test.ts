import { describe, expect, it } from 'vitest';
import { CoreAllocator } from '../../../src/core/network/core-allocation.js';
import { GroupCapacities } from '../../../src/core/network/group-capacities.js';
import type { LinkRates } from '../../../src/core/network/rack-links.js';

const RACKS = 3;
const RATES: LinkRates = { diskReadMBps: 240, diskWriteMBps: 200, streamMBps: 60, nicMBps: 100, switchMBps: 100, coreMBps: 120 };

/** One allocation of `demand` ([rack, group, flows] triples) and each rack's changes as plain arrays. */
function step(allocator: CoreAllocator, held: GroupCapacities, demand: Array<[number, number, number]>): Array<number[] | null> {
  for (const [d, g, n] of demand) allocator.add(d, g, n);
  allocator.allocate();
  held.update(allocator);
  return Array.from({ length: RACKS }, (_, d) => {
    const c = held.changesOf(d);
    return c === null ? null : [...c];
  });
}

describe('group capacities sent to the racks', () => {
  it('sends only what differs from what a rack holds: new groups, changed ones, and 0 for a group that lost its demand', () => {
    const allocator = new CoreAllocator(RACKS, RATES);
    const held = new GroupCapacities(RACKS, allocator.groups);
    // Rack 0 reads from rack 1 (3 flows) and rack 2 (1 flow): its downlink (100) is the bottleneck, 25 a flow.
    expect(step(allocator, held, [[0, 1, 3], [0, 2, 1]])).toEqual([[1, 75, 2, 25], null, null]);
    // The same demand again: nothing changes, nothing is sent.
    expect(step(allocator, held, [[0, 2, 1], [0, 1, 3]])).toEqual([null, null, null]);
    // Rack 0's read from rack 2 ends and rack 1 starts a shuffle in from anywhere (group RACKS): the core (120) is
    // now the bottleneck of all four flows, 30 each.
    expect(step(allocator, held, [[0, 1, 3], [1, RACKS, 1]])).toEqual([[1, 90, 2, 0], [RACKS, 30], null]);
    // No demand at all: every group that held a capacity goes back to 0.
    expect(step(allocator, held, [])).toEqual([[1, 0], [RACKS, 0], null]);
    expect(step(allocator, held, [])).toEqual([null, null, null]);
  });

  it('adds demand for the same group together, and a group whose flows each get a NIC\'s rate is unbounded', () => {
    const allocator = new CoreAllocator(RACKS, RATES);
    allocator.add(2, 0, 1);
    allocator.add(2, 0, 0);
    allocator.allocate();
    expect([allocator.entries, allocator.index[0], allocator.flows[0], allocator.mbps[0]]).toEqual([1, 2 * allocator.groups, 1, Infinity]);
    allocator.add(2, 0, 1);
    allocator.add(2, 0, 1);
    allocator.allocate();
    expect([allocator.entries, allocator.flows[0], allocator.mbps[0]]).toEqual([1, 2, 100]);
  });
});
