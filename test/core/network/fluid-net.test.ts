/**
 * FluidNet's shortcuts are exact: a network with unit coefficients (which solves a lone flow, or flows on one bounded
 * resource, without progressive filling) gives bit-identical rates, remaining MB, carried MB and finish times to one
 * that runs progressive filling on every change.
 */
import { describe, expect, it } from 'vitest';
import { EventHeap } from '../../../src/core/network/event-heap.js';
import { FluidNet } from '../../../src/core/network/fluid-net.js';
import { makeRng } from '../../../src/core/rng.js';

const MAX = 24;

function pair(capacity: number[]): Array<{ heap: EventHeap; net: FluidNet }> {
  return [true, false].map((unit) => {
    const heap = new EventHeap(MAX);
    return { heap, net: new FluidNet(capacity, MAX, heap, 0, unit) };
  });
}

describe('FluidNet', () => {
  it.each([1, 2, 3, 4])('unit coefficients give the same numbers, bit for bit, as progressive filling everywhere (seed %i)', (seed) => {
    const rng = makeRng(seed, 'fluid-net');
    // Resources: 6 "disks" (each mostly alone on its flows' paths), 3 shared links, 1 unbounded, 1 set at run time.
    const capacity = [240, 200, 117.5, 3, 1e-3, 250, 125, 37.25, 80, Infinity, 0];
    const nets = pair(capacity);
    let now = 0;
    let adds = 0;
    for (let step = 0; step < 3000; step++) {
      now += rng.int(4) === 0 ? 0 : rng.int(2000); // some changes at the same instant
      const op = rng.int(8);
      const active = nets[0].net.active;
      if (op < 4 && nets[0].net.activeFlows < MAX) {
        const len = 1 + (rng.int(3) === 0 ? rng.int(3) : 0);
        const path = new Set<number>();
        while (path.size < len) path.add(rng.int(3) === 0 ? 6 + rng.int(5) : rng.int(6));
        const res = [...path];
        const mb = rng.int(5) === 0 ? 0 : 1 + rng.int(500);
        const ids = nets.map(({ net }) => net.add(res, undefined, res.length, mb, now));
        expect(ids[1]).toBe(ids[0]);
        adds++;
      } else if (op < 6) {
        const f = rng.int(MAX);
        if (active[f] === 1) for (const { net } of nets) net.remove(f, now);
      } else if (op === 6) {
        const cap = rng.int(3) === 0 ? Infinity : rng.int(300);
        for (const { net } of nets) net.setCapacity(10, cap, now);
      } else {
        const t = nets[0].heap.peekTime();
        expect(nets[1].heap.peekTime()).toBe(t);
        if (t === Infinity) continue;
        now = Math.max(now, t);
        const id = nets[0].heap.pop();
        expect(nets[1].heap.pop()).toBe(id);
        for (const { net } of nets) net.remove(id, now);
      }
      const [a, b] = nets.map(({ net }) => net);
      expect(Array.from(a.rateMBps)).toEqual(Array.from(b.rateMBps));
      expect(Array.from(a.remainingMB)).toEqual(Array.from(b.remainingMB));
      expect(Array.from(a.carriedMB)).toEqual(Array.from(b.carriedMB));
    }
    expect(adds).toBeGreaterThan(500);
    expect(nets[0].net.recomputes).toBe(nets[1].net.recomputes);
  });
});
