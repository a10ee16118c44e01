/** The send halves of reduces' fetches from other racks: the master resolves the racks' fetches into SHUFFLE serves. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FETCH_FIELDS, type FinishOrder, ShuffleSends } from '../../../src/core/network/shuffle-sends.js';
import { SERVE_FIELDS, SHUFFLE } from '../../../src/core/network/serves.js';
import { ShuffleMix } from '../../../src/core/network/shuffle-mix.js';

/** 3 racks of 2 nodes; job 7's maps finished on nodes 0, 2, 3, 4, 2, 1 in that order. */
const ORDER: FinishOrder = { nodes: Int32Array.from([0, 2, 3, 4, 2, 1, -1, -1]), finished: 6 };
const finishOrder = (job: number): FinishOrder => {
  if (job !== 7) throw new Error(`job ${job}`);
  return ORDER;
};

const drained = (sends: ShuffleSends, startMs = 30_000): number[][] => {
  const serves: number[][] = [[], [], []];
  sends.drain(serves, startMs);
  return serves;
};

describe('shuffle sends', () => {
  it('a fetch\'s maps in other racks send the MB a map from their nodes; its own rack\'s are left to it; nodes summed, ascending', () => {
    const sends = new ShuffleSends(2, 6);
    expect(sends.pending).toBe(false);
    // A reduce on node 3 (rack 1) fetches maps 1 .. 5 (nodes 2, 3, 4, 2, 1) at 2 MB a map: nodes 2 and 3 are its rack's.
    sends.add([3, 7, 1, 6, 2]);
    expect(sends.pending).toBe(true);
    // A reduce on node 0 (rack 0) fetches maps 0 .. 2 (nodes 0, 2, 3) at 0.5 MB a map: node 0 is its rack's.
    sends.add([0, 7, 0, 3, 0.5]);
    sends.resolve(finishOrder);
    const serves = drained(sends);
    expect(serves[0]).toEqual([SHUFFLE, 1, 30_000, 2 * 1024, 0, Infinity, -1]);
    expect(serves[1]).toEqual([SHUFFLE, 2, 30_000, 0.5 * 1024, 0, Infinity, -1, SHUFFLE, 3, 30_000, 0.5 * 1024, 0, Infinity, -1]);
    expect(serves[2]).toEqual([SHUFFLE, 4, 30_000, 2 * 1024, 0, Infinity, -1]);
    expect(serves.flat().length % SERVE_FIELDS).toBe(0);
    expect(sends.pending).toBe(false);
    expect(drained(sends)).toEqual([[], [], []]); // each send once
  });

  it('with an egress from the allocation, each node\'s serve carries its rack\'s: what the fetches from it draw, which its sends share', () => {
    const sends = new ShuffleSends(2, 6);
    sends.add([3, 7, 1, 6, 2]); // node 1 (rack 0) sends 2 MB; node 4 (rack 2) 2 MB
    sends.add([0, 7, 0, 3, 0.5]); // nodes 2 and 3 (rack 1) 0.5 MB each
    sends.resolve(finishOrder);
    const serves: number[][] = [[], [], []];
    sends.drain(serves, 30_000, (rack) => [12, Infinity, 6][rack]);
    expect(serves[0]).toEqual([SHUFFLE, 1, 30_000, 2 * 1024, 0, 12, -1]);
    expect(serves[1]).toEqual([SHUFFLE, 2, 30_000, 0.5 * 1024, 0, Infinity, -1, SHUFFLE, 3, 30_000, 0.5 * 1024, 0, Infinity, -1]);
    expect(serves[2]).toEqual([SHUFFLE, 4, 30_000, 2 * 1024, 0, 6, -1]);
  });

  it('a fetch of maps only in the reducer\'s rack sends nothing', () => {
    const sends = new ShuffleSends(2, 6);
    sends.add([2, 7, 1, 3, 4]); // nodes 2 and 3: rack 1, the reducer's (node 2)
    sends.resolve(finishOrder);
    expect(sends.pending).toBe(false);
    expect(drained(sends)).toEqual([[], [], []]);
  });

  it('several fetches in one report, FETCH_FIELDS each', () => {
    const sends = new ShuffleSends(2, 6);
    const one = [4, 7, 0, 1, 1];
    expect(one).toHaveLength(FETCH_FIELDS);
    sends.add([...one, 5, 7, 5, 6, 3]); // node 0's map to node 4, node 1's to node 5
    sends.resolve(finishOrder);
    expect(drained(sends)[0]).toEqual([SHUFFLE, 0, 30_000, 1024, 0, Infinity, -1, SHUFFLE, 1, 30_000, 3 * 1024, 0, Infinity, -1]);
  });

  it('refuses a fetch of maps that have not finished', () => {
    const sends = new ShuffleSends(2, 6);
    sends.add([0, 7, 4, 7, 1]);
    expect(() => sends.resolve(finishOrder)).toThrow(/maps 4 \.\. 7 of job 7, of which 6 have finished/);
    const other = new ShuffleSends(2, 6);
    other.add([0, 7, 3, 2, 1]);
    expect(() => other.resolve(finishOrder)).toThrow(/maps 3 \.\. 2/);
  });

  it('a job\'s fetches taken together send what they send one by one (randomized: overlapping ranges, racks, even and uneven MB a map)', () => {
    const fetch = fc.record({ reducer: fc.integer({ min: 0, max: 11 }), from: fc.nat(40), len: fc.nat(40), perMap: fc.constantFrom(0.25, 1.5, 3) });
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 60 }), fc.array(fetch, { minLength: 1, maxLength: 12 }), fc.boolean(),
      (nodes, fetches, even) => {
        const order: FinishOrder = { nodes: Int32Array.from(nodes), finished: nodes.length };
        const list = fetches.map((x) => {
          const from = Math.min(x.from, nodes.length);
          return [x.reducer, 7, from, Math.min(nodes.length, from + x.len), even ? 1.5 : x.perMap];
        });
        const expected = new Float64Array(12); // 4 racks of 3 nodes
        const pairs = new Float64Array(16); // MB by reducer rack x 4 + source rack, for the mix
        for (const [reducer, , from, to, perMap] of list) {
          for (let k = from; k < to; k++) {
            if (Math.floor(nodes[k] / 3) === Math.floor(reducer / 3)) continue;
            expected[nodes[k]] += perMap;
            pairs[Math.floor(reducer / 3) * 4 + Math.floor(nodes[k] / 3)] += perMap;
          }
        }
        const mix = new ShuffleMix(4, () => undefined);
        const sends = new ShuffleSends(3, 12, mix);
        sends.add(list.flat());
        sends.resolve(() => order);
        const serves: number[][] = [[], [], [], []];
        sends.drain(serves, 0);
        const got = new Float64Array(12);
        for (const rack of serves) for (let k = 0; k < rack.length; k += SERVE_FIELDS) got[rack[k + 1]] = rack[k + 3] / 1024;
        for (let n = 0; n < 12; n++) {
          expect(got[n] === 0).toBe(expected[n] === 0); // a node that sends nothing gets no serve
          expect(got[n]).toBeCloseTo(expected[n], 9);
        }
        // The mix holds the same MB by reducer rack and source rack.
        for (let d = 0; d < 4; d++) {
          const total = pairs.slice(d * 4, d * 4 + 4).reduce((a, b) => a + b, 0);
          expect(mix.outstandingMB(d)).toBeCloseTo(total, 9);
          const shares = new Float64Array(4);
          mix.shares(d, 1, (source, share) => { shares[source] = share; });
          for (let src = 0; src < 4; src++) expect(shares[src]).toBeCloseTo(total === 0 ? 0 : pairs[d * 4 + src] / total, 9);
        }
      },
    ), { numRuns: 300 });
  });

  it('a job spread over very many racks tallies its mix in parts and still adds it all (1,200 reducer racks x 1,500 source racks)', () => {
    // One node a rack; 1,500 maps, one a rack; 1,200 reduces in racks 0 .. 1,199 each fetch maps 0 .. 1,499 at 2 MB.
    const racks = 1500;
    const order: FinishOrder = { nodes: Int32Array.from({ length: racks }, (_, k) => k), finished: racks };
    const mix = new ShuffleMix(racks, () => undefined);
    const sends = new ShuffleSends(1, racks, mix);
    sends.add(Array.from({ length: 1200 }, (_, r) => [r, 7, 0, racks, 2]).flat());
    sends.resolve(() => order);
    for (const d of [0, 599, 1199]) {
      expect(mix.outstandingMB(d)).toBe(2 * (racks - 1));
      let sum = 0;
      let sources = 0;
      mix.shares(d, 1, (source, share) => {
        expect(source).not.toBe(d);
        expect(share).toBeCloseTo(1 / (racks - 1), 12);
        sum += share;
        sources++;
      });
      expect(sources).toBe(racks - 1);
      expect(sum).toBeCloseTo(1, 9);
    }
    expect(mix.outstandingMB(1300)).toBe(0);
    const serves: number[][] = Array.from({ length: racks }, () => []);
    sends.drain(serves, 0);
    expect(serves[0][3] / 1024).toBe(2 * 1199); // every reducer but its own rack's
    expect(serves[1400][3] / 1024).toBe(2 * 1200);
  });
});
