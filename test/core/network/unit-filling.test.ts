/**
 * UnitFilling (the bottleneck rounds in place, reading one-flow resources only when they could be least) and FluidNet
 * with unit coefficients (its rating without a solve, slack links left out of a walk), differentially, on instances
 * fast-check draws: up to 30 shared resources and 60 flows, each flow over 1 to 5 resources, capacities with ties,
 * zeros, unbounded, huge and tiny ones, and one-flow resources (a flow's private cap) in numbers; FluidNet through
 * random adds, cancels, finishes, capacity changes (one or several at once) and links bound as first used. Rates must be
 * maxMinRates' over the same flows bit for bit (what the shortcuts claim: the solve's answer, not an estimate), the
 * reference's (progressive-filling.ts) within a tight relative tolerance, feasible and max-min fair. Fixed seeds;
 * a failure prints fast-check's seed and path, which replay it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventHeap } from '../../../src/core/network/event-heap.js';
import { FlowLists } from '../../../src/core/network/flow-lists.js';
import { FluidNet } from '../../../src/core/network/fluid-net.js';
import { maxMinRates } from '../../../src/core/network/max-min.js';
import { UnitFilling } from '../../../src/core/network/unit-filling.js';
import { makeRng } from '../../../src/core/rng.js';
import { expectClose, expectMaxMinFair, type Flow, progressiveFilling, solveMaxMin } from './progressive-filling.js';

const MAX_SHARED = 30;
const MAX_FLOWS = 60;
const MAX_PATH = 5;

/** A capacity: often one of a few values (ties), else anywhere from tiny to huge, now and then 0 or unbounded. */
const capacity = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(1, 10, 60, 117.5, 240, 1 / 3) },
  { weight: 4, arbitrary: fc.double({ min: 1e-3, max: 1e3, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(Infinity) },
  { weight: 1, arbitrary: fc.double({ min: 1e6, max: 1e12, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: 1e-9, max: 1e-6, noNaN: true }) },
);

/** Unit flows' rates by maxMinRates, the general solve, over every flow at once. */
function solveUnit(caps: number[], paths: number[][]): number[] {
  const start = new Int32Array(paths.length + 1);
  paths.forEach((p, f) => (start[f + 1] = start[f] + p.length));
  const rates = new Float64Array(paths.length);
  maxMinRates(paths.length, start, Int32Array.from(paths.flat()), undefined, Float64Array.from(caps), caps.length, rates);
  return Array.from(rates);
}

const unit = (paths: number[][]): Flow[] => paths.map((res) => ({ res, coef: res.map(() => 1) }));

/** Rates bit for bit (Object.is: -0 is not 0), flow by flow. */
function expectSame(got: number[], want: number[], what: string): void {
  got.forEach((g, f) => {
    if (!Object.is(g, want[f])) expect(g, `${what}: flow ${f}`).toBe(want[f]);
  });
}

/** Each flow: 1 to 5 shared resources, and up to 2 resources of its own (private caps); at most 5 in all. */
const instance = fc.record({
  caps: fc.array(capacity, { minLength: 1, maxLength: MAX_SHARED, size: 'max' }),
  flows: fc.array(fc.record({
    shared: fc.uniqueArray(fc.nat(MAX_SHARED - 1), { minLength: 1, maxLength: MAX_PATH }),
    own: fc.array(capacity, { maxLength: 2 }),
    ownFirst: fc.boolean(),
  }), { minLength: 1, maxLength: MAX_FLOWS, size: 'max' }),
  order: fc.integer(),
});

type Instance = typeof instance extends fc.Arbitrary<infer T> ? T : never;

/** The instance as capacities and paths: shared resources modulo their count, private ones after them. */
function build(inst: Instance): { caps: number[]; paths: number[][] } {
  const caps = [...inst.caps];
  const paths = inst.flows.map((fl) => {
    const shared = [...new Set(fl.shared.map((r) => r % inst.caps.length))];
    const own = fl.own.map((c) => caps.push(c) - 1);
    return (fl.ownFirst ? [...own, ...shared] : [...shared, ...own]).slice(0, MAX_PATH);
  });
  return { caps, paths };
}

describe('UnitFilling against maxMinRates and progressive filling', () => {
  const R = MAX_SHARED + 2 * MAX_FLOWS;
  // One filling for every instance, as a network keeps one: a solve must not read an earlier one's state.
  const filling = new UnitFilling(MAX_FLOWS, R);

  /** UnitFilling's rates with the flows, the resources and each resource's list in the order `rng` draws. */
  function fill(caps: number[], paths: number[][], seed: number): number[] {
    const rng = makeRng(seed, 'unit-filling-order');
    const lists = new FlowLists(caps.length, MAX_FLOWS * MAX_PATH, MAX_PATH);
    const pathRes = new Int32Array(MAX_FLOWS * MAX_PATH);
    const pathLen = new Uint8Array(MAX_FLOWS);
    const entries: Array<[number, number]> = [];
    paths.forEach((p, f) => {
      pathLen[f] = p.length;
      p.forEach((r, k) => {
        pathRes[f * MAX_PATH + k] = r;
        entries.push([r, f * MAX_PATH + k]);
      });
    });
    for (const [r, e] of rng.shuffle(entries)) lists.append(r, e);
    const res = rng.shuffle(caps.map((_, r) => r).filter((r) => caps[r] !== Infinity && lists.count[r] > 0));
    const flows = rng.shuffle(paths.map((_, f) => f));
    const rates = new Float64Array(MAX_FLOWS).fill(-1);
    filling.solve({ capacity: Float64Array.from(caps), lists, pathRes, pathLen, maxPath: MAX_PATH, flows: Int32Array.from(flows), nf: flows.length,
      res: Int32Array.from(res), nr: res.length }, rates);
    return Array.from(rates.subarray(0, paths.length));
  }

  it('gives maxMinRates\' rates bit for bit, in any order, and the reference\'s within 1e-9: feasible and max-min fair', () => {
    let solos = 0;
    fc.assert(fc.property(instance, (inst) => {
      const { caps, paths } = build(inst);
      const got = fill(caps, paths, inst.order);
      expectSame(got, solveUnit(caps, paths), 'against maxMinRates');
      expectSame(fill(caps, paths, inst.order + 1), got, 'in another order');
      const flows = unit(paths);
      expectClose(got, progressiveFilling(caps, flows), 'against the reference');
      expectMaxMinFair(caps, flows, got, 'UnitFilling');
      solos += caps.filter((_, r) => paths.filter((p) => p.includes(r)).length === 1).length;
    }), { seed: 20240611, numRuns: 1000 });
    expect(solos).toBeGreaterThan(20000);
  });

  it('maxMinRates with coefficients (0 among them) on the same instances: the reference\'s within 1e-9, feasible and max-min fair', () => {
    const coefs = fc.array(fc.oneof(fc.constantFrom(0, 1, 1, 2, 0.5, 12), fc.double({ min: 1e-3, max: 3, noNaN: true })), { minLength: 1, maxLength: 16 });
    fc.assert(fc.property(instance, coefs, (inst, draws) => {
      const { caps, paths } = build(inst);
      let n = 0;
      const flows = paths.map((res) => ({ res, coef: res.map(() => draws[n++ % draws.length]) }));
      const got = solveMaxMin(caps, flows, true);
      expectClose(got, progressiveFilling(caps, flows), 'against the reference');
      expectMaxMinFair(caps, flows, got, 'maxMinRates');
    }), { seed: 20240613, numRuns: 500 });
  });
});

describe('FluidNet with unit coefficients against a solve from scratch, after every change', () => {
  // Resources: `nodes` of a node's kind (disks, NICs), a stream per flow (a map's read: crossed alone when the flow
  // takes a free one, its private cap), then `links` shared links (sharedFrom on: uplinks, downlinks, group links), of
  // which the network holds the first `bound` until a flow crosses a later one (a rack binds a group's link when it
  // first uses the group: growResources).
  const kind = fc.constantFrom('node' as const, 'stream' as const, 'link' as const);
  const op = fc.oneof(
    { weight: 6, arbitrary: fc.record({ op: fc.constant('add' as const), nodes: fc.uniqueArray(fc.nat(), { maxLength: 3 }),
      links: fc.uniqueArray(fc.nat(), { maxLength: 2 }), stream: fc.constantFrom('own', 'own', 'shared', 'none'), turn: fc.nat(), mb: fc.integer({ min: 0, max: 5000 }) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), which: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('capacities' as const),
      set: fc.array(fc.record({ kind, which: fc.nat(), cap: capacity }), { minLength: 1, maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('finish' as const) }) },
  );
  const run = fc.record({
    nodes: fc.array(capacity, { minLength: 1, maxLength: 20 }),
    links: fc.array(capacity, { maxLength: 8 }),
    streams: capacity,
    bound: fc.nat(8),
    ops: fc.array(op, { minLength: 1, maxLength: 150, size: 'max' }),
  });

  it('rates bit for bit as maxMinRates over every live flow, within 1e-9 of the reference: adds, removes, finishes, capacity changes', () => {
    let shortcuts = 0;
    let elisions = 0;
    let steps = 0;
    let fullest = 0;
    let grown = 0;
    fc.assert(fc.property(run, (r) => {
      const N = r.nodes.length;
      const L = r.links.length;
      const sharedFrom = N + MAX_FLOWS;
      const caps = [...r.nodes, ...Array.from({ length: MAX_FLOWS }, () => r.streams), ...r.links];
      const index = (k: 'node' | 'stream' | 'link', which: number): number =>
        k === 'node' ? which % N : k === 'stream' || L === 0 ? N + (which % MAX_FLOWS) : sharedFrom + (which % L);
      const heap = new EventHeap(MAX_FLOWS);
      let held = sharedFrom + Math.min(r.bound, L);
      const net = new FluidNet(caps.slice(0, held), MAX_FLOWS, heap, 0, true, false, sharedFrom);
      const live = new Map<number, number[]>();
      let now = 0;
      for (const [step, o] of r.ops.entries()) {
        now += step % 3 === 0 ? 0 : 250;
        let what = `step ${step}: ${o.op}`;
        if (o.op === 'add' && live.size < MAX_FLOWS) {
          const used = new Set([...live.values()].flat().filter((q) => q >= N && q < sharedFrom));
          const free = [...Array(MAX_FLOWS).keys()].map((k) => N + k).filter((q) => !used.has(q)).slice(0, 1);
          const stream = o.stream === 'own' ? free : o.stream === 'shared' && used.size > 0 ? [[...used][o.turn % used.size]] : [];
          const links = L === 0 ? [] : o.links.map((w) => index('link', w));
          const path = [...new Set([...stream, ...o.nodes.map((w) => index('node', w)), ...links])];
          if (path.length === 0) path.push(index('node', o.turn));
          const turned = [...path.slice(o.turn % path.length), ...path.slice(0, o.turn % path.length)];
          const most = Math.max(...turned) + 1;
          if (most > held) {
            net.growResources(most);
            for (; held < most; held++) net.setCapacity(held, caps[held], now);
          }
          live.set(net.add(turned, undefined, turned.length, o.mb, now), turned);
          what += ` over ${turned}`;
        } else if (o.op === 'remove' && live.size > 0) {
          const id = [...live.keys()][o.which % live.size];
          net.remove(id, now);
          live.delete(id);
          what += ` ${id}`;
        } else if (o.op === 'capacities') {
          const set = o.set.map((s) => ({ q: index(s.kind, s.which), cap: s.cap }));
          for (const { q, cap } of set) caps[q] = cap;
          const res = set.filter(({ q }) => q < held).map(({ q }) => q);
          const mbps = set.filter(({ q }) => q < held).map(({ cap }) => cap);
          if (res.length === 1) net.setCapacity(res[0], mbps[0], now);
          else net.setCapacities(res, mbps, res.length, now);
          what += ` ${set.map(({ q, cap }) => `${q} = ${cap}`)}`;
        } else { // the next finish (also for an add to a full network or a removal from an empty one)
          const t = heap.peekTime();
          if (t === Infinity) continue;
          now = Math.max(now, t);
          const id = heap.pop();
          net.remove(id, now);
          live.delete(id);
          what += ` ${id}`;
        }
        steps++;
        fullest = Math.max(fullest, live.size);
        const ids = [...live.keys()];
        const paths = [...live.values()];
        const got = ids.map((id) => net.rateMBps[id]);
        expectSame(got, solveUnit(caps, paths), what);
        const flows = unit(paths);
        expectClose(got, progressiveFilling(caps, flows), what);
        expectMaxMinFair(caps, flows, got, what);
      }
      shortcuts += net.shortcuts;
      elisions += net.elisions;
      grown += held - sharedFrom - Math.min(r.bound, L);
    }), { seed: 20240612, numRuns: 300 });
    expect(fullest).toBe(MAX_FLOWS);
    expect(steps).toBeGreaterThan(10000);
    expect(shortcuts).toBeGreaterThan(1000);
    expect(elisions).toBeGreaterThan(100);
    expect(grown).toBeGreaterThan(100);
  });
});
