/**
 * The epoch-level cross-rack allocation against an event-exact run of the same model: the same random cross-rack
 * flows on a small oversubscribed cluster, once on one network holding every rack's links, once on per-rack networks
 * whose cross-rack group links the CoreAllocator sizes at each epoch boundary.
 */
import { describe, expect, it } from 'vitest';
import { CoreAllocator } from '../../../src/core/network/core-allocation.js';
import { EventHeap } from '../../../src/core/network/event-heap.js';
import { FluidNet } from '../../../src/core/network/fluid-net.js';
import { type LinkRates, RackLinks } from '../../../src/core/network/rack-links.js';
import { makeRng } from '../../../src/core/rng.js';

const RACKS = 3;
const NODES = 4;
const RATES: LinkRates = { diskReadMBps: 240, diskWriteMBps: 200, streamMBps: 240, nicMBps: 100, switchMBps: 100, coreMBps: 250 };

interface Flow { atMs: number; dst: number; node: number; src: number; mb: number }

/** Allocates the demand (rack d, group g at d * groups + g) and returns every group's capacity the same way (0: none). */
function allocateDense(allocator: CoreAllocator, demand: Int32Array): Float64Array {
  for (let i = 0; i < demand.length; i++) allocator.add(Math.floor(i / allocator.groups), i % allocator.groups, demand[i]);
  allocator.allocate();
  const out = new Float64Array(demand.length);
  for (let k = 0; k < allocator.entries; k++) out[allocator.index[k]] = allocator.mbps[k];
  return out;
}

function flows(seed: number, n: number): Flow[] {
  const rng = makeRng(seed, 'epoch-allocation');
  const out = Array.from({ length: n }, () => {
    const dst = rng.int(RACKS);
    return { atMs: rng.int(30_000), dst, node: rng.int(NODES), src: (dst + 1 + rng.int(RACKS - 1)) % RACKS, mb: 50 + rng.int(150) };
  });
  return out.sort((a, b) => a.atMs - b.atMs);
}

/** Event-exact: one network; a flow crosses its reader's NIC, its rack's downlink, the source rack's uplink, the core. */
function exact(fs: Flow[]): Float64Array {
  const per = NODES + 2;
  const caps = new Float64Array(RACKS * per + 1);
  for (let r = 0; r < RACKS; r++) {
    caps.fill(RATES.nicMBps, r * per, r * per + NODES);
    caps[r * per + NODES] = RATES.switchMBps;
    caps[r * per + NODES + 1] = RATES.switchMBps;
  }
  caps[RACKS * per] = RATES.coreMBps;
  const heap = new EventHeap(fs.length);
  const net = new FluidNet(caps, fs.length, heap);
  const owner = new Int32Array(fs.length);
  const finish = new Float64Array(fs.length);
  let next = 0;
  for (let done = 0; done < fs.length;) {
    const t = heap.peekTime();
    if (next < fs.length && fs[next].atMs <= t) {
      const f = fs[next];
      const path = [f.dst * per + f.node, f.dst * per + NODES + 1, f.src * per + NODES, RACKS * per];
      owner[net.add(path, undefined, path.length, f.mb, f.atMs)] = next++;
      continue;
    }
    const id = heap.pop();
    net.remove(id, t);
    finish[owner[id]] = t;
    done++;
  }
  return finish;
}

/** Epoch-allocated: each rack its own network; group links sized each epoch from active and arriving flows. */
function epochs(fs: Flow[], heartbeatMs: number): Float64Array {
  const links = new RackLinks(NODES, RACKS);
  const racks = Array.from({ length: RACKS }, () => {
    const heap = new EventHeap(fs.length);
    const caps = links.capacities(RATES);
    return { heap, net: new FluidNet(caps, fs.length, heap), owner: new Int32Array(fs.length) };
  });
  const allocator = new CoreAllocator(RACKS, RATES);
  const demand = new Int32Array(RACKS * allocator.groups);
  const finish = new Float64Array(fs.length).fill(-1);
  const path = new Int32Array(8);
  let next = 0;
  for (let e = 0; finish.includes(-1); e++) {
    const [start, end] = [e * heartbeatMs, (e + 1) * heartbeatMs];
    for (let d = 0; d < RACKS; d++) for (let g = 0; g < allocator.groups; g++) demand[d * allocator.groups + g] = racks[d].net.flowsOn(links.group(g));
    for (let k = next; k < fs.length && fs[k].atMs < end; k++) demand[fs[k].dst * allocator.groups + fs[k].src]++;
    const allocation = allocateDense(allocator, demand);
    for (let d = 0; d < RACKS; d++) for (let g = 0; g < allocator.groups; g++) racks[d].net.setCapacity(links.group(g), allocation[d * allocator.groups + g], start);
    for (let d = 0; d < RACKS; d++) {
      const { heap, net, owner } = racks[d];
      let k = next;
      for (;;) {
        while (k < fs.length && fs[k].atMs < end && fs[k].dst !== d) k++;
        const arrival = k < fs.length && fs[k].atMs < end ? fs[k].atMs : Infinity;
        const t = heap.peekTime();
        if (arrival === Infinity && t >= end) break;
        if (arrival <= t) {
          const f = fs[k];
          owner[net.add(path, undefined, links.readPath(f.node, -(f.src + 1), path), f.mb, f.atMs)] = k++;
          continue;
        }
        const id = heap.pop();
        net.remove(id, t);
        finish[owner[id]] = t;
      }
      expect(net.maxLoadRatio()).toBeLessThanOrEqual(1 + 1e-9);
    }
    while (next < fs.length && fs[next].atMs < end) next++;
  }
  return finish;
}

describe('epoch-level cross-rack allocation against an event-exact run (3 racks of 4 nodes, 4:1 oversubscribed)', () => {
  // Measured at 60 flows x 3 seeds: mean relative error of a flow's time 0.100 at 1 s epochs (worst flow 1.10),
  // 0.230 at 3 s (worst 2.20); the bounds guard those numbers. Epochs much shorter than the flows keep it small.
  it.each([[1000, 0.12], [3000, 0.26]])('heartbeat %i ms: flow times within %d on average, never faster than the links allow', (heartbeatMs, bound) => {
    const errors: number[] = [];
    for (const seed of [1, 2, 3]) {
      const fs = flows(seed, 60);
      const a = exact(fs);
      const b = epochs(fs, heartbeatMs);
      fs.forEach((f, i) => {
        errors.push(Math.abs(b[i] - a[i]) / (a[i] - f.atMs));
        expect(b[i] - f.atMs).toBeGreaterThanOrEqual((f.mb / RATES.nicMBps) * 1000 - 1e-6);
      });
    }
    const mean = errors.reduce((x, y) => x + y, 0) / errors.length;
    expect(mean).toBeLessThan(bound);
  });

  it('allocations never exceed an uplink, a downlink or the core', () => {
    const rng = makeRng(5, 'allocator');
    const allocator = new CoreAllocator(RACKS, RATES);
    const demand = new Int32Array(RACKS * allocator.groups);
    for (let trial = 0; trial < 200; trial++) {
      for (let i = 0; i < demand.length; i++) demand[i] = rng.next() < 0.4 ? rng.int(5) : 0;
      const out = allocateDense(allocator, demand);
      const up = new Float64Array(RACKS);
      const down = new Float64Array(RACKS);
      let core = 0;
      for (let d = 0; d < RACKS; d++) {
        for (let g = 0; g < allocator.groups; g++) {
          // Unbounded: each of the group's flows gets a NIC's rate at least, and can use no more than that.
          const n = demand[d * allocator.groups + g];
          const x = out[d * allocator.groups + g] === Infinity ? n * RATES.nicMBps : out[d * allocator.groups + g];
          if (demand[d * allocator.groups + g] === 0) expect(x).toBe(0);
          core += x;
          if (g < RACKS) { up[g] += x; down[d] += x; } else if (g === RACKS) down[d] += x; else up[d] += x;
        }
      }
      for (let r = 0; r < RACKS; r++) {
        expect(up[r]).toBeLessThanOrEqual(RATES.switchMBps * (1 + 1e-9));
        expect(down[r]).toBeLessThanOrEqual(RATES.switchMBps * (1 + 1e-9));
      }
      expect(core).toBeLessThanOrEqual(RATES.coreMBps * (1 + 1e-9));
    }
  });
});

describe('CoreAllocator demand', () => {
  it('sums a pair added more than once and lists the pairs ascending, whatever order they came in', () => {
    const rng = makeRng(11, 'allocator-order');
    const a = new CoreAllocator(RACKS, RATES);
    const b = new CoreAllocator(RACKS, RATES);
    for (let trial = 0; trial < 50; trial++) {
      const adds: Array<[number, number, number]> = [];
      for (let k = 0; k < 12; k++) adds.push([rng.int(RACKS), rng.int(a.groups), 1 + rng.int(3)]);
      const dense = new Int32Array(RACKS * a.groups);
      for (const [d, g, n] of adds) dense[d * a.groups + g] += n;
      for (const [d, g, n] of adds) a.add(d, g, n);
      a.allocate();
      const out = allocateDense(b, dense);
      const index = Array.from(a.index.subarray(0, a.entries));
      expect(index).toEqual([...index].sort((x, y) => x - y));
      expect(index).toEqual([...dense.keys()].filter((i) => dense[i] > 0));
      for (let k = 0; k < a.entries; k++) {
        expect(a.flows[k]).toBe(dense[a.index[k]]);
        expect(a.mbps[k]).toBe(out[a.index[k]]);
      }
    }
  });

  it('keeps no number per (rack, group) pair: 10,000 racks cost the pairs with demand', () => {
    const before = process.memoryUsage().arrayBuffers;
    const a = new CoreAllocator(10_000, RATES);
    a.add(9_999, 10_001, 2);
    a.add(0, 5, 1);
    a.allocate();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(10_000_000); // a number a pair: 400 MB
    expect(Array.from(a.index.subarray(0, a.entries))).toEqual([5, 9_999 * a.groups + 10_001]);
    expect(Array.from(a.flows.subarray(0, a.entries))).toEqual([1, 2]);
  });
});

describe('CoreAllocator caps of far sides (bounded core): where the core holds the near half\'s group', () => {
  const core = (coreMBps: number): LinkRates => ({ ...RATES, coreMBps });
  const shares = { changed: true, shares: (_rack: number, _flows: number, visit: (source: number, share: number) => void) => { visit(1, 0.75); visit(2, 0.25); } };

  it('a group of reads the core holds: what it gets (its send halves share it) and its rate a flow; Infinity where a rack link holds it', () => {
    const a = new CoreAllocator(RACKS, core(120));
    // Each rack reads 2 flows from the next: every uplink and downlink could give 50 a flow, the core 120 / 6 = 20.
    a.add(0, 1, 2);
    a.add(1, 2, 2);
    a.add(2, 0, 2);
    a.allocate();
    expect([a.readMBps(0, 1), a.readFlowMBps(0, 1), a.readMBps(2, 0)]).toEqual([40, 20, 40]);
    expect(a.readMBps(1, 0)).toBe(Infinity); // no demand
    // Rack 0 reads 6 flows from rack 1: its downlink holds them at 100 / 6 (the core would give 20): no cap.
    a.add(0, 1, 6);
    a.allocate();
    expect(a.mbps[0]).toBeCloseTo(100, 9);
    expect([a.readMBps(0, 1), a.readFlowMBps(0, 1)]).toEqual([Infinity, Infinity]);
  });

  it('a write\'s far side: its writer\'s rate a flow out while the core holds that group; none once the group is gone', () => {
    const a = new CoreAllocator(RACKS, core(120));
    expect(a.writeFlowMBps(0)).toBe(Infinity);
    a.add(0, RACKS + 1, 3); // 3 + 3 writes out over uplinks of 100: the core gives 20 a flow
    a.add(1, RACKS + 1, 3);
    a.allocate();
    expect([a.writeFlowMBps(0), a.writeFlowMBps(1)]).toEqual([20, 20]);
    a.add(1, RACKS + 1, 3);
    a.add(2, RACKS + 1, 3);
    a.allocate();
    expect(a.writeFlowMBps(0)).toBe(Infinity); // rack 0 writes no more: its far sides run on unheld
    expect(a.writeFlowMBps(1)).toBe(20);
    a.add(1, RACKS + 1, 3); // alone, its uplink holds it (100 / 3; the core would give 40): no cap
    a.allocate();
    expect(a.writeFlowMBps(1)).toBe(Infinity);
  });

  it('a rack\'s sends to fetches in from anywhere: each fetch group\'s rate times the rack\'s share of it, where the core holds one', () => {
    const a = new CoreAllocator(RACKS, core(60));
    a.add(0, RACKS, 4); // 4 fetches into rack 0: its downlink would give 25 a flow, the core 15
    a.allocate(shares);
    expect(a.shuffleEgressMBps(0)).toBe(Infinity); // nothing draws on rack 0
    expect(a.shuffleEgressMBps(1)).toBe(45);
    expect(a.shuffleEgressMBps(2)).toBe(15);
    expect([...a.egressSources]).toEqual([1, 2]);
    const b = new CoreAllocator(RACKS, core(120)); // the core would give 30: the downlink holds them
    b.add(0, RACKS, 4);
    b.allocate(shares);
    expect([b.shuffleEgressMBps(1), b.shuffleEgressMBps(2)]).toEqual([Infinity, Infinity]);
  });

  it('a core that holds nothing caps nothing, as a non-blocking one: each link is seen by the half in whose rack it lies', () => {
    for (const coreMBps of [1e6, Infinity]) {
      const a = new CoreAllocator(RACKS, core(coreMBps));
      a.add(0, 1, 3);
      a.add(0, RACKS, 2);
      a.add(2, RACKS + 1, 5);
      a.allocate(shares);
      expect(Array.from(a.mbps.subarray(0, a.entries)).every((x) => x < Infinity)).toBe(true); // the rack links hold them still
      expect([a.readMBps(0, 1), a.readFlowMBps(0, 1), a.writeFlowMBps(2), a.shuffleEgressMBps(1)]).toEqual([Infinity, Infinity, Infinity, Infinity]);
    }
  });
});
