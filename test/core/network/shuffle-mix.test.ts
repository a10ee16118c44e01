/** Where each rack's fetches from other racks come from, for the uplinks the core allocation loads with them. */
import { describe, expect, it } from 'vitest';
import { CoreAllocator } from '../../../src/core/network/core-allocation.js';
import { linkRates } from '../../../src/core/network/rack-links.js';
import { ShuffleMix } from '../../../src/core/network/shuffle-mix.js';
import { networkSchema } from '../../../src/core/network/config.js';

const NO_OUTPUTS = (): undefined => undefined;

const sharesOf = (mix: ShuffleMix, rack: number, flows: number): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  mix.shares(rack, flows, (source, share) => out.push([source, share]));
  return out;
};

describe('shuffle mix', () => {
  it('shares are the MB still to fetch by source rack; what the link carries drains them in proportion', () => {
    const mix = new ShuffleMix(4, NO_OUTPUTS);
    mix.add(1, 2, 300);
    mix.add(1, 0, 100);
    mix.add(1, 1, 50); // its own rack: not across racks
    expect(sharesOf(mix, 1, 1)).toEqual([[0, 0.25], [2, 0.75]]);
    mix.carried(1, 200);
    expect(mix.outstandingMB(1)).toBeCloseTo(200, 12);
    expect(sharesOf(mix, 1, 2)).toEqual([[0, 0.25], [2, 0.75]]);
    mix.carried(1, 200); // cumulative: nothing more carried
    expect(mix.outstandingMB(1)).toBeCloseTo(200, 12);
    mix.carried(1, 450); // more than was left: done
    expect(mix.outstandingMB(1)).toBe(0);
    expect(sharesOf(mix, 1, 1)).toEqual([]);
  });

  it('a fetch about to start counts where its job\'s maps ran, for two allocations; a flow with neither loads no uplink', () => {
    const byRack = Int32Array.from([3, 0, 1, 0]);
    const mix = new ShuffleMix(4, (job) => (job === 5 ? { byRack, sources: [0, 2] } : undefined));
    mix.expect(2, 5); // its own rack's map is not fetched across racks
    expect(sharesOf(mix, 2, 1)).toEqual([[0, 1]]);
    expect(sharesOf(mix, 2, 2)).toEqual([[0, 0.5]]); // two flows, one known of
    mix.allocated();
    expect(sharesOf(mix, 2, 1)).toEqual([[0, 1]]);
    mix.add(2, 3, 10); // its fetch resolved: the expectation still stands in for it this once
    expect(sharesOf(mix, 2, 2)).toEqual([[0, 0.5], [3, 0.5]]);
    mix.allocated();
    expect(sharesOf(mix, 2, 1)).toEqual([[3, 1]]);
    expect(mix.changed).toBe(true); // the expectation left
    mix.allocated();
    expect(mix.changed).toBe(false);
  });

  it('a rack\'s flows of one job count once each; each allocation weighs them by where the job\'s maps ran then; a done job\'s count for nothing', () => {
    const byRack = Int32Array.from([1, 0, 0, 1]);
    let done = false;
    const mix = new ShuffleMix(4, (job) => (job === 5 && !done ? { byRack, sources: [0, 3] } : undefined));
    mix.expect(1, 5);
    mix.expect(1, 5);
    mix.add(1, 2, 40); // a third flow, known of
    expect(sharesOf(mix, 1, 3)).toEqual([[0, 1 / 3], [2, 1 / 3], [3, 1 / 3]]);
    expect(sharesOf(mix, 1, 1)).toEqual([[0, 0.5], [3, 0.5]]); // fewer flows than expected: the expected ones stand
    mix.allocated();
    byRack[3] = 3; // more maps finished in rack 3 before the next allocation
    expect(sharesOf(mix, 1, 2)).toEqual([[0, 0.25], [3, 0.75]]);
    done = true;
    expect(sharesOf(mix, 1, 2)).toEqual([[2, 1]]);
  });

  it('the core allocation loads the sources\' uplinks: three racks fetching from one share its uplink, where their downlinks would allow each all of it', () => {
    // 4 racks of 1 node, 8:1: every rack link 14.9 MB/s.
    const rates = linkRates(networkSchema.parse({ model: 'fluid', oversubscription: 8 }), 1);
    const mix = new ShuffleMix(4, NO_OUTPUTS);
    const allocator = new CoreAllocator(4, rates);
    const demand = (): void => { for (const d of [1, 2, 3]) allocator.add(d, 4, 1); };
    demand();
    allocator.allocate();
    expect(Array.from(allocator.mbps.subarray(0, 3))).toEqual([rates.switchMBps, rates.switchMBps, rates.switchMBps]);
    for (const d of [1, 2, 3]) mix.add(d, 0, 150);
    demand();
    allocator.allocate(mix);
    for (const x of allocator.mbps.subarray(0, 3)) expect(x).toBeCloseTo(rates.switchMBps / 3, 12);
    // Half of rack 3's bytes come from rack 2: it loads rack 0's uplink with half its rate. A reduce's fetch is one
    // flow through its sources in their shares, so all three stop at rack 0's: 14.9 / 2.5 each.
    mix.allocated();
    mix.add(3, 2, 150);
    demand();
    allocator.allocate(mix);
    for (const x of allocator.mbps.subarray(0, 3)) expect(x).toBeCloseTo(rates.switchMBps / 2.5, 12);
  });
});
