/**
 * The fluid model's rates against a reference written apart from the code it checks (progressive-filling.ts:
 * progressive filling stepped from one saturation to the next in plain numbers). maxMinRates (with and without
 * coefficients), and FluidNet as a whole (in place with unit coefficients, through the general solve with others;
 * shortcuts, slack links, capacity changes, finishes, saves and restores), must give its rates within a tight
 * relative tolerance after every change, load no resource past its capacity, and leave every flow a bottleneck: a
 * full resource it loads where no flow is faster.
 */
import { describe, expect, it } from 'vitest';
import { EventHeap } from '../../../src/core/network/event-heap.js';
import { FlowTable } from '../../../src/core/network/flow-table.js';
import { FluidNet } from '../../../src/core/network/fluid-net.js';
import { makeRng, type Rng } from '../../../src/core/rng.js';
import { expectClose, expectMaxMinFair, type Flow, progressiveFilling, solveMaxMin } from './progressive-filling.js';

/** A random capacity: mostly 1 to 1,000, now and then unbounded, 0, or far from the rest. */
function randomCap(rng: Rng): number {
  const k = rng.int(20);
  if (k === 0) return Infinity;
  if (k === 1) return 0;
  if (k === 2) return 1e6 * (1 + rng.next());
  if (k === 3) return 1e-3 * (1 + rng.next());
  return rng.int(4) === 0 ? 1 + rng.int(8) * 25 : 1 + rng.next() * 999;
}

/** A path of distinct resources of 0 .. R - 1, with coefficients 1 or (withCoef) random, some 0. */
function randomPath(rng: Rng, R: number, withCoef: boolean): Flow {
  const len = 1 + rng.int(Math.min(R, 5));
  const set = new Set<number>();
  while (set.size < len) set.add(rng.int(R));
  const res = [...set];
  const coef = res.map(() => {
    if (!withCoef) return 1;
    const k = rng.int(10);
    return k === 0 ? 0 : k < 4 ? 1 : k < 6 ? 1 + rng.int(12) : rng.next() * 3;
  });
  return { res, coef };
}

describe('max-min rates against progressive filling (a reference written here)', () => {
  it.each([false, true])('maxMinRates on random flows over random resources (coefficients: %s)', (withCoef) => {
    const rng = makeRng(withCoef ? 11 : 12, 'max-min-reference');
    for (let trial = 0; trial < 1500; trial++) {
      const R = 1 + rng.int(7);
      const caps = Array.from({ length: R }, () => randomCap(rng));
      const flows = Array.from({ length: 1 + rng.int(14) }, () => randomPath(rng, R, withCoef));
      const want = progressiveFilling(caps, flows);
      const got = solveMaxMin(caps, flows, withCoef);
      expectClose(got, want, `trial ${trial}`);
      expectMaxMinFair(caps, flows, got, `trial ${trial}`);
    }
  });

  it('a flow that crosses a resource with coefficient 0 is not frozen there: it does not load it', () => {
    // Resource 0 (10) is full with flow 0 alone at 10; flow 1 crosses it at coefficient 0 and its own link of 100.
    const caps = [10, 100];
    const flows: Flow[] = [{ res: [0], coef: [1] }, { res: [0, 1], coef: [0, 1] }];
    expect(progressiveFilling(caps, flows)).toEqual([10, 100]);
    expect(solveMaxMin(caps, flows, true)).toEqual([10, 100]);
  });
});

interface Live {
  id: number;
  flow: Flow;
}

/** The live flows' rates in the network against the reference, after a change. */
function check(net: FlowTable, caps: number[], live: Live[], what: string): void {
  const flows = live.map((l) => l.flow);
  const want = progressiveFilling(caps, flows);
  const got = live.map((l) => net.rateMBps[l.id]);
  expectClose(got, want, what);
  expectMaxMinFair(caps, flows, got, what);
  let active = 0;
  for (let f = 0; f < net.maxFlows; f++) active += net.active[f];
  expect(active, what).toBe(live.length);
}

describe('FluidNet against progressive filling, after every change', () => {
  // Resources as a rack has them: per node a disk read and a NIC (0 .. 2 NODES - 1), some flows' own streams, then
  // shared links from `shared` on (uplink, downlink, group links) whose capacities change.
  const NODES = 4;
  const STREAMS = 6;
  const MAXF = 20;
  const cases = [
    ...[1, 2, 3, 4, 5].map((seed) => ({ seed, unit: true, solveEveryChange: false })),
    ...[1, 2].map((seed) => ({ seed, unit: true, solveEveryChange: true })),
    ...[1, 2, 3].map((seed) => ({ seed, unit: false, solveEveryChange: false })),
  ];
  it.each(cases)('random adds, removes, finishes, capacity changes, saves and restores (%o)', ({ seed, unit, solveEveryChange }) => {
    const rng = makeRng(seed, `fluid-reference-${unit}-${solveEveryChange}`);
    const caps: number[] = [];
    for (let i = 0; i < NODES; i++) caps.push(240, 117.5);
    const streams = caps.length;
    for (let k = 0; k < STREAMS; k++) caps.push(60);
    const shared = caps.length;
    caps.push(300, 300, 150, 80);
    const R = caps.length;
    const heap = new EventHeap(MAXF);
    const net = new FluidNet(caps, MAXF, heap, 0, unit, solveEveryChange, unit ? shared : Infinity);
    // A saved copy, as a rack keeps one (FlowTable.saveTo, restoreFrom), with the reference's state beside it.
    const savedHeap = new EventHeap(MAXF);
    const saved = new FlowTable(caps, MAXF, savedHeap, 0, unit);
    let savedState: { caps: number[]; live: Live[]; now: number } | undefined;
    let live: Live[] = [];
    let now = 0;
    let changes = 0;
    for (let step = 0; step < 2500; step++) {
      now += rng.int(3) === 0 ? 0 : rng.int(800);
      const op = rng.int(12);
      let what = `step ${step}`;
      if (op < 5 && live.length < MAXF) {
        const kind = rng.int(6);
        const node = rng.int(NODES);
        const other = (node + 1 + rng.int(NODES - 1)) % NODES;
        const res = kind === 0 ? [2 * node]
          : kind === 1 ? [streams + rng.int(STREAMS), 2 * node]
          : kind === 2 ? [2 * other, 2 * other + 1, 2 * node + 1]
          : kind === 3 ? [2 * node + 1, shared + rng.int(4)]
          : kind === 4 ? [streams + rng.int(STREAMS), 2 * node, 2 * node + 1, shared + rng.int(4)]
          : randomPath(rng, R, false).res;
        const coef = res.map(() => (unit ? 1 : [1, 1, 2, 0.5, 3.25, 0][rng.int(6)]));
        const mb = rng.int(6) === 0 ? 0 : 1 + rng.int(600);
        const id = net.add(res, unit ? undefined : coef, res.length, mb, now);
        live.push({ id, flow: { res, coef } });
        what += `: add ${id} over ${res}`;
      } else if (op < 7 && live.length > 0) {
        const k = rng.int(live.length);
        net.remove(live[k].id, now);
        what += `: cancel ${live[k].id}`;
        live.splice(k, 1);
      } else if (op === 7) {
        const r = rng.int(3) === 0 ? streams + rng.int(STREAMS) : shared + rng.int(4);
        const cap = [0, 12.5, 30, 60, 200, 469.99, 470, 1000, Infinity][rng.int(9)];
        caps[r] = cap;
        net.setCapacity(r, cap, now);
        what += `: capacity ${r} = ${cap}`;
      } else if (op === 8) {
        net.saveTo(saved);
        heap.copyTo(savedHeap);
        savedState = { caps: [...caps], live: [...live], now };
        continue;
      } else if (op === 9 && savedState !== undefined) {
        // A committed pass: back to the saved state, its events too, as a rack re-runs an epoch (fluid-rack.ts).
        net.restoreFrom(saved);
        savedHeap.copyTo(heap);
        for (let r = 0; r < R; r++) caps[r] = savedState.caps[r];
        live = [...savedState.live];
        now = savedState.now;
        what += ': restore';
      } else {
        const t = heap.peekTime();
        if (t === Infinity) continue;
        now = Math.max(now, t);
        const id = heap.pop();
        // An unbounded flow ends the instant it is rated (its MB are not settled: only unbounded resources would carry them).
        if (net.rateMBps[id] !== Infinity) expect(net.remainingAt(id, now), `${what}: flow ${id} finishes with MB left`).toBeLessThanOrEqual(1e-6);
        net.remove(id, now);
        live = live.filter((l) => l.id !== id);
        what += `: finish ${id}`;
      }
      changes++;
      check(net, caps, live, what);
    }
    expect(changes).toBeGreaterThan(1500);
    if (unit && !solveEveryChange) expect(net.shortcuts + net.elisions).toBeGreaterThan(0);
  });
});
