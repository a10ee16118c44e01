/**
 * FluidNet's shortcuts are exact: a network with unit coefficients (which solves a lone flow, or flows on one bounded
 * resource, directly; solves in place; and rates a flow that starts or ends where it constrains nobody without any
 * solve) gives bit-identical rates, remaining MB, carried MB and finish times to one that runs the general solver
 * (max-min.ts) over the whole component on every change.
 */
import { describe, expect, it } from 'vitest';
import { EventHeap } from '../../../src/core/network/event-heap.js';
import { FluidNet } from '../../../src/core/network/fluid-net.js';
import { makeRng } from '../../../src/core/rng.js';

const MAX = 24;

type Net = { heap: EventHeap; net: FluidNet };

function pair(capacity: number[]): Net[] {
  return [true, false].map((unit) => {
    const heap = new EventHeap(MAX);
    return { heap, net: new FluidNet(capacity, MAX, heap, 0, unit) };
  });
}

describe('FluidNet', () => {
  it.each([1, 2, 3, 4])('unit coefficients give the same numbers, bit for bit, as the general solve everywhere (seed %i)', (seed) => {
    const rng = makeRng(seed, 'fluid-net');
    // Resources: 6 "disks" (each mostly alone on its flows' paths), 3 shared links, 1 unbounded, 1 set at run time.
    const capacity = [240, 200, 117.5, 3, 1e-3, 250, 125, 37.25, 80, Infinity, 0];
    const nets = pair(capacity);
    let now = 0;
    let adds = 0;
    for (let step = 0; step < 3000; step++) {
      now += rng.int(4) === 0 ? 0 : rng.int(2000); // some changes at the same instant
      const op = rng.int(9);
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
      } else if (op === 7) {
        const f = rng.int(MAX);
        const mb = 1 + rng.int(200);
        if (active[f] === 1) for (const { net } of nets) net.extend(f, mb, now);
      } else now = finishNext(nets, now);
      same(nets);
    }
    expect(adds).toBeGreaterThan(500);
    expect(nets[0].net.shortcuts).toBeGreaterThan(20);
    expect(nets[0].net.recomputes).toBeLessThan(nets[1].net.recomputes);
  });

  it.each([1, 2, 3])('a rack\'s disks and streams: starts and ends rated without a solve match the solve, bit for bit (seed %i)', (seed) => {
    // Per node: a disk (240) and a NIC (117.5); per flow: its own stream (at most 60, some slower), over its disk,
    // sometimes another node's disk and both NICs. A few maps on a disk fill it, more do not: both cases, often.
    const NODES = 3;
    const STREAMS = MAX;
    const capacity: number[] = [];
    for (let i = 0; i < NODES; i++) capacity.push(240, 117.5);
    for (let k = 0; k < STREAMS; k++) capacity.push(60);
    const nets = pair(capacity);
    const rng = makeRng(seed, 'fluid-net-rack');
    let now = 0;
    const streamOf = new Map<number, number>(); // flow -> its stream (a resource no other flow crosses)
    for (let step = 0; step < 4000; step++) {
      now += rng.int(3) === 0 ? 0 : rng.int(700);
      if (rng.int(2) === 0 && nets[0].net.activeFlows < MAX) {
        const used = new Set(streamOf.values());
        let k = 0;
        while (used.has(k)) k++;
        const stream = 2 * NODES + k;
        const cap = rng.int(4) === 0 ? 10 + rng.int(50) : 60;
        for (const { net } of nets) net.setCapacity(stream, cap, now);
        const node = rng.int(NODES);
        const res = [stream, 2 * node];
        if (rng.int(5) === 0) res.push(2 * ((node + 1) % NODES), 2 * node + 1);
        const mb = 1 + rng.int(200);
        const ids = nets.map(({ net }) => net.add(res, undefined, res.length, mb, now));
        expect(ids[1]).toBe(ids[0]);
        streamOf.set(ids[0], k);
      } else {
        const t = nets[0].heap.peekTime();
        if (t === Infinity) continue;
        now = Math.max(now, t);
        const id = nets[0].heap.pop();
        expect(nets[1].heap.pop()).toBe(id);
        for (const { net } of nets) net.remove(id, now);
        streamOf.delete(id);
      }
      same(nets);
    }
    expect(nets[0].net.shortcuts).toBeGreaterThan(500);
    expect(nets[0].net.recomputes).toBeGreaterThan(100);
  });
});

describe('FluidNet.extend (a node\'s backlog of shuffle sends)', () => {
  it('adds MB to a running flow: its finish moves, its rate and every other flow\'s stay', () => {
    const heap = new EventHeap(4);
    const net = new FluidNet([100], 4, heap, 0, true);
    const a = net.add([0], undefined, 1, 100, 0); // 50 MB/s beside b
    const b = net.add([0], undefined, 1, 400, 0);
    net.extend(a, 25, 1000); // 50 moved, 75 left at 50 MB/s: ends at 2.5 s
    expect(net.rateMBps[a]).toBe(50);
    expect(net.rateMBps[b]).toBe(50);
    expect(heap.peekTime()).toBe(2500);
    expect(heap.pop()).toBe(a);
    net.remove(a, 2500);
    expect(net.remainingMB[b]).toBe(275);
    expect(net.carriedMB[0]).toBe(250);
    expect(() => net.extend(a, 1, 2500)).toThrow('fluid network: flow 0 is not active');
  });
});

describe('FluidNet: slack shared links left out of the walk', () => {
  it.each([1, 2, 3, 4, 5, 6])('a rack whose group links often cannot bind gives the same numbers, bit for bit, as solving every component whole (seed %i)', (seed) => {
    // Per node: a disk (240) and a NIC (117.5); then two shared links (the rack's group links: sharedFrom) whose
    // capacities change at run time, from far too small to far more than every NIC together. Flows: shuffles in
    // (NIC, group), reads from another node (disk, NIC out, NIC in: the same resource twice is not allowed, so
    // another node's NIC stands in), local writes (disk), and now and then a flow on the shared links alone.
    const NODES = 4;
    const capacity: number[] = [];
    for (let i = 0; i < NODES; i++) capacity.push(240, 117.5);
    const shared = capacity.length;
    capacity.push(300, 300);
    const rng = makeRng(seed, 'fluid-net-slack');
    const heaps = [new EventHeap(MAX), new EventHeap(MAX)];
    const nets: Net[] = [
      { heap: heaps[0], net: new FluidNet(capacity, MAX, heaps[0], 0, true, false, shared) },
      { heap: heaps[1], net: new FluidNet(capacity, MAX, heaps[1], 0, true, true) },
    ];
    let now = 0;
    for (let step = 0; step < 5000; step++) {
      now += rng.int(3) === 0 ? 0 : rng.int(900);
      const op = rng.int(10);
      if (op < 5 && nets[0].net.activeFlows < MAX) {
        const node = rng.int(NODES);
        const kind = rng.int(8);
        const res = kind < 4 ? [2 * node + 1, shared + rng.int(2)]
          : kind < 6 ? [2 * node, 2 * ((node + 1) % NODES) + 1, ...(rng.int(2) === 0 ? [shared + rng.int(2)] : [])]
          : kind < 7 ? [2 * node] : [shared + rng.int(2)];
        const mb = 1 + rng.int(400);
        const ids = nets.map(({ net }) => net.add(res, undefined, res.length, mb, now));
        expect(ids[1]).toBe(ids[0]);
      } else if (op === 5) {
        const link = shared + rng.int(2);
        const cap = [0, 30, 200, 470, 469.99, 1000, Infinity][rng.int(7)];
        for (const { net } of nets) net.setCapacity(link, cap, now);
      } else if (op === 6) {
        const f = rng.int(MAX);
        if (nets[0].net.active[f] === 1) for (const { net } of nets) net.remove(f, now);
      } else now = finishNext(nets, now);
      same(nets);
    }
    expect(nets[0].net.elisions).toBeGreaterThan(200);
    expect(nets[1].net.elisions).toBe(0);
    expect(nets[0].net.recomputes).toBeLessThan(nets[1].net.recomputes);
  });
});

describe('FluidNet shortcuts, found by review', () => {
  it('a removal whose resources need a solve in part settles the changed flows in the solve\'s order (carried MB bit for bit)', () => {
    // Resources: A 10, B 5, two private caps of 1, C 100. Removing f (on A and B): A alone would keep its flows as
    // they are, B would not, and both are in one component; a shortcut for A alone re-rated from B, in another
    // order, and B's carried MB differed in the last bit (10.188 against 10.187999999999999).
    for (const mb of [1.3, 1.7, 2.9, 3.1]) {
      const nets = pair([10, 5, 1, 1, 100]);
      for (const { net } of nets) {
        net.add([3, 4, 0], undefined, 3, 1e6, 0);
        const f = net.add([0, 1], undefined, 2, 1e6, 0);
        net.add([2, 0, 1], undefined, 3, 1e6, 0);
        net.add([1], undefined, 1, 1e6, 0);
        net.add([4, 1], undefined, 2, mb, 0);
        net.remove(f, 3333);
      }
      same(nets);
    }
  });

  it('a shared resource of subnormal capacity gets no shortcut (its room and shares round away)', () => {
    const nets = pair([Number.MIN_VALUE, 0, Number.MIN_VALUE]);
    for (const { net } of nets) {
      net.add([1, 0], undefined, 2, 1, 0);
      net.add([2, 0], undefined, 2, 1, 0);
    }
    same(nets);
  });
});

/** Ends the flow both networks finish next, if any (the same one, at the same time); returns the clock. */
function finishNext(nets: Net[], now: number): number {
  const t = nets[0].heap.peekTime();
  expect(nets[1].heap.peekTime()).toBe(t);
  if (t === Infinity) return now;
  const at = Math.max(now, t);
  const id = nets[0].heap.pop();
  expect(nets[1].heap.pop()).toBe(id);
  for (const { net } of nets) net.remove(id, at);
  return at;
}

function same(nets: Net[]): void {
  const [a, b] = nets.map(({ net }) => net);
  expect(Array.from(a.rateMBps)).toEqual(Array.from(b.rateMBps));
  expect(Array.from(a.remainingMB)).toEqual(Array.from(b.remainingMB));
  expect(Array.from(a.carriedMB)).toEqual(Array.from(b.carriedMB));
  expect(nets[1].heap.peekTime()).toBe(nets[0].heap.peekTime());
}
