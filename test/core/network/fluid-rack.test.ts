import { describe, expect, it } from 'vitest';
import { FluidRack, type RackResponses } from '../../../src/core/network/fluid-rack.js';
import { DISK_READ, DISK_WRITE, type LinkRates, NIC_IN, NIC_OUT } from '../../../src/core/network/rack-links.js';
import { REPLICA, SEND, SHUFFLE } from '../../../src/core/network/serves.js';
import type { HeartbeatSink } from '../../../src/core/rack-model.js';
import { makeTopology } from '../../../src/core/topology.js';
import { rackId } from '../../../src/core/ids.js';

const RATES: LinkRates = { diskReadMBps: 240, diskWriteMBps: 200, streamMBps: 240, nicMBps: 100, switchMBps: 150, coreMBps: Infinity };
const H = 10;
const START_MS = 1000;

interface Launch { node: number; task: number; computeMs: number; src: number; readMB: number; writeMB?: number }

const ints = (xs: number[]) => Int32Array.from(xs);
function responses(epoch: number, launches: Launch[]): RackResponses {
  return {
    epoch,
    launchNode: ints(launches.map((l) => l.node)), launchJob: ints(launches.map(() => 0)), launchTask: ints(launches.map((l) => l.task)),
    launchMs: Float64Array.from(launches.map((l) => l.computeMs)), launchMapsDone: Uint8Array.from(launches.map(() => 1)),
    launchSrc: ints(launches.map((l) => l.src)), launchReadKB: ints(launches.map((l) => l.readMB * 1024)), launchWriteKB: ints(launches.map((l) => (l.writeMB ?? 0) * 1024)),
    doneNode: ints([]), doneJob: ints([]), doneFinished: ints([]), doneInRack: ints([]), doneOnNode: ints([]), doneMaps: ints([]), killNode: ints([]), killJob: ints([]), killTask: ints([]),
  };
}

/**
 * Launches the tasks (in node order) at the nodes' heartbeats of epoch 0 on rack 0 of a 2-rack cluster (every
 * node's phase 0, so all launch at time 0) and returns each task's finish as its node reports it (to within H).
 */
function finishTimes(launches: Launch[], allocation = Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), rates = RATES, serves: Float64Array | null = null): Map<number, number> {
  return run(launches, allocation, rates, serves).done;
}

/** Runs until every launch is reported and the simulated time passes `untilMs`. */
function run(launches: Launch[], allocation: Float64Array, rates: LinkRates, serves: Float64Array | null, untilMs = 0, replication = 3): { done: Map<number, number>; rack: FluidRack; writes: number[] } {
  const topology = { ...makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: H }, 1) };
  topology.phaseMs.fill(0);
  const rack = new FluidRack(topology, rackId(0), { rates, taskStartMs: START_MS, replication });
  const done = new Map<number, number>();
  const writes: number[] = [];
  let now = 0;
  const sink: HeartbeatSink = { finished: (_job, task) => done.set(task, now), heartbeat: () => {} };
  rack.epoch({ responses: null, epoch: 0, reportFreeFromMs: 0, allocationMBps: allocation }, sink);
  rack.epoch({ responses: responses(0, [...launches].sort((a, b) => a.node - b.node)), epoch: 1, reportFreeFromMs: 0, allocationMBps: allocation, serves }, sink);
  writes.push(...rack.replicaWrites());
  for (let e = 1; (done.size < launches.length || e * H < untilMs) && e < 100_000; e++) {
    now = (e + 1) * H;
    rack.epoch({ responses: null, epoch: e + 1, reportFreeFromMs: 0 }, sink);
    writes.push(...rack.replicaWrites());
    expect(rack.network.maxLoadRatio()).toBeLessThanOrEqual(1 + 1e-9);
  }
  return { done, rack, writes };
}

describe('a fluid rack times tasks from its hardware', () => {
  it.each([
    ['a lone local map: start-up, its block at the disk rate (its code is faster)', [{ node: 0, task: 0, computeMs: 200, src: 0, readMB: 120 }], START_MS + 500],
    ['a lone local map whose code is slower than the disk: it reads as fast as it computes', [{ node: 0, task: 0, computeMs: 5000, src: 0, readMB: 120 }], START_MS + 5000],
    ['a rack-local map: the NIC (100) is the bottleneck', [{ node: 0, task: 0, computeMs: 500, src: 1, readMB: 120 }], START_MS + 1200],
    ['a map that reads nothing computes for its compute time', [{ node: 0, task: 0, computeMs: 700, src: 0, readMB: 0 }], START_MS + 700],
    ['an off-rack map: its group link (50 MB/s allocated) is the bottleneck', [{ node: 0, task: 0, computeMs: 0, src: 4, readMB: 100 }], START_MS + 2000],
    ['a map writing its output: read while computing, then write at the disk write rate', [{ node: 0, task: 0, computeMs: 1000, src: 0, readMB: 240, writeMB: 100 }], START_MS + 1000 + 500],
  ])('%s', (_, launches, expectedMs) => {
    const t = finishTimes(launches).get(0)!;
    expect(t).toBeGreaterThanOrEqual(expectedMs);
    expect(t).toBeLessThan(expectedMs + H + 1);
  });

  it('a read stream gets one disk\'s rate (a block lives on one disk); two local maps share the node\'s disks', () => {
    const rates = { ...RATES, diskReadMBps: 120, streamMBps: 60 };
    const alone = finishTimes([{ node: 0, task: 0, computeMs: 0, src: 0, readMB: 120 }], undefined, rates);
    expect(alone.get(0)!).toBeGreaterThanOrEqual(START_MS + 2000);
    expect(alone.get(0)!).toBeLessThan(START_MS + 2000 + H + 1);
    const three = finishTimes([0, 1].map((task) => ({ node: 0, task, computeMs: 0, src: 0, readMB: 120 })).concat([{ node: 1, task: 2, computeMs: 0, src: 1, readMB: 120 }]), undefined, rates);
    for (const task of [0, 1]) { // 120 MB/s of disks, 60 each: the same 2 s; the third on another node too
      expect(three.get(task)!).toBeGreaterThanOrEqual(START_MS + 2000);
      expect(three.get(task)!).toBeLessThan(START_MS + 2000 + H + 1);
    }
  });

  it('another rack\'s read from a node here (a serve) shares the node\'s disks with its local map', () => {
    // Serve: node 0, from time START_MS (as if launched at 0 elsewhere), 120 MB, no compute. Max-min over the disks
    // (240): the serve is held to 100 by node 0's NIC, the local map takes the other 140: 120 MB in 857 ms.
    const serve = Float64Array.from([SEND, 0, START_MS, 120 * 1024, 0, Infinity, 1]);
    const shared = finishTimes([{ node: 0, task: 0, computeMs: 0, src: 0, readMB: 120 }], undefined, RATES, serve).get(0)!;
    expect(shared).toBeGreaterThanOrEqual(START_MS + 857);
    expect(shared).toBeLessThan(START_MS + 858 + H);
    const alone = finishTimes([{ node: 0, task: 0, computeMs: 0, src: 0, readMB: 120 }], undefined, RATES, serve.slice(0, 0)).get(0)!;
    expect(alone).toBeLessThan(START_MS + 500 + H + 1);
  });

  it('serves from two nodes share the rack\'s uplink (150 MB/s): 75 each, and it carries their MB', () => {
    const serves = Float64Array.from([SEND, 0, START_MS, 150 * 1024, 0, Infinity, 1, SEND, 1, START_MS, 150 * 1024, 0, Infinity, 1]);
    const during = run([], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, serves, START_MS + 1900).rack;
    expect(during.network.flowsOn(during.links.up)).toBe(2); // 150 MB at 75 MB/s: 2 s
    expect(during.network.maxLoadRatio()).toBeCloseTo(1, 9); // the uplink full (each NIC at 75 of 100)
    const after = run([], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, serves, START_MS + 2100).rack;
    expect(after.network.flowsOn(after.links.up)).toBe(0);
    expect(after.network.carriedMB[after.links.up]).toBeCloseTo(300, 6);
    expect(after.committedCarried()[5]).toBeCloseTo(300, 6); // served MB
  });

  it('map outputs other racks\' reduces fetch (SHUFFLE serves): a node\'s join one backlog from its disk over its NIC and the uplink, from the answered epoch\'s start', () => {
    // Node 0 sends 100 + 50 MB (one flow, grown), node 1 150 MB: the uplink (150 MB/s) gives each 75, so 2 s.
    const serves = Float64Array.from([SHUFFLE, 0, 0, 100 * 1024, 0, Infinity, -1, SHUFFLE, 0, 0, 50 * 1024, 0, Infinity, -1, SHUFFLE, 1, 0, 150 * 1024, 0, Infinity, -1]);
    const during = run([], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, serves, 1900).rack;
    const l = during.links;
    expect(during.network.flowsOn(l.up)).toBe(2);
    for (const r of [l.node(0, DISK_READ), l.node(0, NIC_OUT), l.node(1, NIC_OUT)]) expect(during.network.flowsOn(r)).toBe(1);
    expect(during.network.flowsOn(l.node(2, NIC_OUT))).toBe(0);
    expect(during.network.maxLoadRatio()).toBeCloseTo(1, 9); // the uplink full
    const after = run([], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, serves, 2100).rack;
    expect(after.network.flowsOn(l.up)).toBe(0);
    expect(after.network.carriedMB[l.up]).toBeCloseTo(300, 6);
    expect(after.network.carriedMB[l.node(0, NIC_OUT)]).toBeCloseTo(150, 6);
    expect(after.committedCarried()[9]).toBeCloseTo(300, 6); // shuffle sent MB
    expect(after.committedCarried()[5]).toBe(0); // no map read served
    // Timed anywhere but the answered epoch's start, it is refused (the master sends them for it).
    expect(() => run([], Float64Array.from([0, 50]), RATES, Float64Array.from([SHUFFLE, 0, H, 1024, 0, Infinity, -1]))).toThrow(/a shuffle send starting at 10 ms reached rack 0 at 0 ms/);
  });

  it('a write pipeline arriving from another rack (a REPLICA serve): the downlink, the second node\'s NIC and disk, the hop to the third', () => {
    // 100 MB to node 1, then on to node 2: one flow held to 100 MB/s by the NICs (the disks write 200): 1 s.
    const serves = Float64Array.from([REPLICA, 1, START_MS, 100 * 1024, 2, Infinity, 1]);
    const during = run([], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, serves, START_MS + 900).rack;
    const l = during.links;
    for (const r of [l.down, l.node(1, NIC_IN), l.node(1, DISK_WRITE), l.node(1, NIC_OUT), l.node(2, NIC_IN), l.node(2, DISK_WRITE)]) expect(during.network.flowsOn(r)).toBe(1);
    expect(during.network.flowsOn(l.node(0, NIC_IN))).toBe(0);
    const after = run([], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, serves, START_MS + 1100).rack;
    expect(after.network.flowsOn(after.links.down)).toBe(0);
    for (const r of [l.down, l.node(1, DISK_WRITE), l.node(2, DISK_WRITE)]) expect(after.network.carriedMB[r]).toBeCloseTo(100, 6);
    expect(after.committedCarried()[7]).toBeCloseTo(100, 6); // replicated MB
    expect(after.committedCarried()[5]).toBe(0); // no read served
    // With two replicas only (no third node) the pipeline ends at node 1.
    const two = run([], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, Float64Array.from([REPLICA, 1, START_MS, 100 * 1024, -1, Infinity, 1]), START_MS + 1100).rack;
    expect(two.network.carriedMB[l.node(1, DISK_WRITE)]).toBeCloseTo(100, 6);
    expect(two.network.carriedMB[l.node(2, DISK_WRITE)]).toBe(0);
    expect(two.network.carriedMB[l.node(1, NIC_OUT)]).toBe(0);
  });

  it('a reduce\'s output: with replication 3 its pipeline leaves over the NIC and is reported once; with 1, only the local disk', () => {
    const reduce: Launch = { node: 0, task: -1, computeMs: 0, src: -1, readMB: 0, writeMB: 100 };
    const three = run([reduce], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, null, 0, 3);
    const l = three.rack.links;
    expect(three.rack.network.carriedMB[l.node(0, NIC_OUT)]).toBeCloseTo(100, 6);
    expect(three.writes).toHaveLength(5); // one write: writer node, start, KB, second and third replicas' nodes
    expect(three.writes.slice(0, 3)).toEqual([0, START_MS, 100 * 1024]);
    const [second, third] = three.writes.slice(3);
    expect(Math.floor(second / 3)).toBe(1); // rack-aware: the second in the other rack, the third beside it
    expect(Math.floor(third / 3)).toBe(1);
    expect(third).not.toBe(second);
    const one = run([reduce], Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]), RATES, null, 0, 1);
    expect(one.rack.network.carriedMB[l.node(0, NIC_OUT)]).toBe(0);
    expect(one.rack.network.carriedMB[l.node(0, DISK_WRITE)]).toBeCloseTo(100, 6);
    expect(one.writes).toHaveLength(0);
  });

  it('a replica arriving here shares the node\'s disk writes with its local writer: max-min over 200 MB/s', () => {
    // A local map writing 200 MB (its read is nothing) and a replica onto the same node: 100 each until both end at 2 s.
    const serves = Float64Array.from([REPLICA, 0, START_MS, 200 * 1024, -1, Infinity, 1]);
    const t = finishTimes([{ node: 0, task: 0, computeMs: 0, src: 0, readMB: 0, writeMB: 200 }], undefined, RATES, serves).get(0)!;
    expect(t).toBeGreaterThanOrEqual(START_MS + 2000);
    expect(t).toBeLessThan(START_MS + 2000 + H + 1);
    const alone = finishTimes([{ node: 0, task: 0, computeMs: 0, src: 0, readMB: 0, writeMB: 200 }]).get(0)!;
    expect(alone).toBeLessThan(START_MS + 1000 + H + 1);
  });

  it('two maps on one node reading from two other nodes share its NIC: each gets half', () => {
    const t = finishTimes([{ node: 0, task: 0, computeMs: 0, src: 1, readMB: 100 }, { node: 0, task: 1, computeMs: 0, src: 2, readMB: 100 }]);
    for (const task of [0, 1]) {
      expect(t.get(task)!).toBeGreaterThanOrEqual(START_MS + 2000);
      expect(t.get(task)!).toBeLessThan(START_MS + 2000 + H + 1);
    }
  });

  it('when one of two sharing flows ends, the other speeds up (rates change at flow ends)', () => {
    // Both at 50 MB/s until the 50 MB one ends at 1 s; the other then has 100 - 50 = 50 MB left at 100 MB/s: 0.5 s more.
    const t = finishTimes([{ node: 0, task: 0, computeMs: 0, src: 1, readMB: 50 }, { node: 0, task: 1, computeMs: 0, src: 2, readMB: 100 }]);
    expect(t.get(0)!).toBeLessThan(START_MS + 1000 + H + 1);
    expect(t.get(1)!).toBeGreaterThanOrEqual(START_MS + 1500);
    expect(t.get(1)!).toBeLessThan(START_MS + 1500 + H + 1);
  });
});

describe('a reduce fetches its maps\' outputs as they finish (map-outputs.ts)', () => {
  /** A progress notice for node 0's reduce: `finished` of 4 maps, `inRack` of them on this rack, `onNode` on node 0. */
  const notice = (epoch: number, finished: number, inRack: number, onNode = 0, maps = 4): RackResponses => ({
    ...responses(epoch, []), doneNode: ints([0]), doneJob: ints([0]), doneFinished: ints([finished]), doneInRack: ints([inRack]), doneOnNode: ints([onNode]), doneMaps: ints([maps]),
  });

  /** The epoch the reduce launches at: the rack's maps (see fetch) have finished and been reported by then. */
  const E0 = 200;

  /**
   * A 400 MB shuffle's reduce of a 4-map job launched on node 0 at epoch E0 (its maps not done), hearing `notices`
   * ([epochs after E0, finished, inRack, onNode?], the first at its launch); the job's maps on this rack ran first, on
   * the node offsets `mapNodes` (the rack's map log, in report order: node by node at one heartbeat). Returns the
   * reduce's finish after its launch (as its node reports it) and the MB over node 0's NIC in and disk, the group link
   * of traffic in from anywhere, and each node's NIC out.
   */
  function fetch(notices: Array<[number, number, number, number?]>, mapNodes: number[], { nodesPerRack = 3, maps = 4, rates = RATES, readMB = 400 } = {}): { doneMs: number; nicMB: number; diskMB: number; spreadMB: number; outMB: number[]; diskReadMB: number[]; flows: number } {
    const topology = { ...makeTopology({ racks: 2, nodesPerRack, mapSlotsPerNode: 4, reduceSlotsPerNode: 1, heartbeatMs: H }, 1) };
    topology.phaseMs.fill(0);
    const rack = new FluidRack(topology, rackId(0), { rates, taskStartMs: START_MS, replication: 1 });
    let now = 0;
    let doneMs = -1;
    const sink: HeartbeatSink = { finished: (_job, task) => { if (task === -1) doneMs = now - E0 * H; }, heartbeat: () => {} };
    const allocation = Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]);
    rack.epoch({ responses: null, epoch: 0, reportFreeFromMs: 0, allocationMBps: allocation }, sink);
    const mapTasks = [...mapNodes].sort((a, b) => a - b).map((node, task) => ({ node, task, computeMs: 0, src: node, readMB: 0 }));
    let e = 0;
    for (; doneMs < 0 && e < E0 + 5000; e++) {
      const heard = notices.find(([at]) => E0 + at === e);
      let r = heard === undefined ? null : notice(e, heard[1], heard[2], heard[3], maps);
      if (e === 0) r = responses(0, mapTasks);
      if (e === E0) {
        const launch = responses(E0, [{ node: 0, task: -1, computeMs: 500, src: -1, readMB }]);
        r = { ...r!, launchNode: launch.launchNode, launchTask: launch.launchTask, launchMs: launch.launchMs, launchMapsDone: Uint8Array.from([0]), launchSrc: launch.launchSrc, launchReadKB: launch.launchReadKB, launchWriteKB: launch.launchWriteKB, launchJob: launch.launchJob };
      }
      now = (e + 1) * H;
      rack.epoch({ responses: r, epoch: e + 1, reportFreeFromMs: 0 }, sink);
      expect(rack.network.maxLoadRatio()).toBeLessThanOrEqual(1 + 1e-9);
    }
    const l = rack.links;
    const carried = rack.network.carriedMB;
    const nicMB = carried[l.node(0, NIC_IN)];
    const diskMB = carried[l.node(0, DISK_READ)];
    const spreadMB = carried[l.group(l.spreadIn)];
    // What still runs (the sends) ends; then the MB each node's disk and NIC out carried.
    for (const end = e + 2000; e < end; e++) rack.epoch({ responses: null, epoch: e + 1, reportFreeFromMs: 0 }, sink);
    const outMB = Array.from({ length: nodesPerRack }, (_, i) => rack.network.carriedMB[l.node(i, NIC_OUT)]);
    const diskReadMB = Array.from({ length: nodesPerRack }, (_, i) => rack.network.carriedMB[l.node(i, DISK_READ)]);
    return { doneMs, nicMB, diskMB, spreadMB, outMB, diskReadMB, flows: rack.network.activeFlows };
  }

  it('a reduce waiting for its maps claims no cross-rack flow in the demand (the master counts the notices it sends)', () => {
    const topology = { ...makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: H }, 1) };
    topology.phaseMs.fill(0);
    const rack = new FluidRack(topology, rackId(0), { rates: RATES, taskStartMs: START_MS, replication: 1 });
    const sink: HeartbeatSink = { finished: () => {}, heartbeat: () => {} };
    rack.epoch({ responses: null, epoch: 0, reportFreeFromMs: 0, allocationMBps: Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]) }, sink);
    const launch = responses(0, [{ node: 0, task: -1, computeMs: 500, src: -1, readMB: 400 }]);
    rack.epoch({ responses: { ...notice(0, 0, 0), ...{ launchNode: launch.launchNode, launchJob: launch.launchJob, launchTask: launch.launchTask, launchMs: launch.launchMs, launchMapsDone: Uint8Array.from([0]), launchSrc: launch.launchSrc, launchReadKB: launch.launchReadKB, launchWriteKB: launch.launchWriteKB } }, epoch: 1, reportFreeFromMs: 0 }, sink);
    const out = new Int32Array(16);
    const spreadIn = rack.links.spreadIn;
    const claims = (): number => { const n = rack.demand(out); for (let k = 0; k < n; k += 2) if (out[k] === spreadIn) return out[k + 1]; return 0; };
    expect(claims()).toBe(1); // starting up: it fetches next
    for (let e = 2; e < 300; e++) rack.epoch({ responses: null, epoch: e, reportFreeFromMs: 0 }, sink); // past its start-up, nothing finished: it waits
    expect(claims()).toBe(0);
  });

  it('fetches what has finished, waits, fetches more as it hears, and computes once it has every map\'s output', () => {
    // t 0: 1 of 4 maps done, here: 100 MB over the NIC (100 MB/s) from 1 s (start-up) to 2 s. t 3 s: 2 of 4, the new
    // one elsewhere: 100 MB at the group's 50 MB/s, to 5 s. t 6 s: all 4, 2 here: 100 more each way, the group's at
    // 50 and the in-rack one at the NIC's other 50: both to 8 s. Then 0.5 s of compute: 8.5 s.
    const r = fetch([[0, 1, 1], [300, 2, 1], [600, 4, 2]], [1, 1]);
    expect(r.doneMs).toBeGreaterThanOrEqual(8500);
    expect(r.doneMs).toBeLessThan(8500 + H + 1);
    expect(r.nicMB).toBeCloseTo(400, 6);
    expect(r.spreadMB).toBeCloseTo(200, 6);
  });

  it('moves nothing before a map has finished, and nothing across racks when every map ran in its rack', () => {
    // Nothing until t 5 s, then all 400 MB over the NIC: 4 s; compute 0.5 s.
    // From nodes 1 and 2 at once, 200 MB each, sharing node 0's NIC in.
    const r = fetch([[0, 0, 0], [500, 4, 4]], [1, 1, 2, 2]);
    expect(r.doneMs).toBeGreaterThanOrEqual(9500);
    expect(r.doneMs).toBeLessThan(9500 + H + 1);
    expect(r.spreadMB).toBe(0);
    expect(r.nicMB).toBeCloseTo(400, 6);
    // The far side: each source node's NIC out carries its maps' share.
    expect(r.outMB[0]).toBe(0);
    expect(r.outMB[1]).toBeCloseTo(200, 6);
    expect(r.outMB[2]).toBeCloseTo(200, 6);
  });

  it('the nodes that hold the outputs send them from their disks over their NICs out, apart from the fetch', () => {
    // Node 1's disk reads 40 MB/s: its 200 MB take 5 s to send, node 2's 2 s (its NIC out's 100 MB/s). The reduce
    // takes its NIC's 4 s still, from 5 s; compute 0.5 s: the halves run apart, as a cross-rack read's do (serves.ts).
    const slow = { ...RATES, diskReadMBps: 40 };
    const r = fetch([[0, 0, 0], [500, 4, 4]], [1, 1, 2, 2], { rates: slow });
    expect(r.doneMs).toBeGreaterThanOrEqual(9500);
    expect(r.doneMs).toBeLessThan(9500 + H + 1);
    expect(r.diskReadMB[1]).toBeCloseTo(200, 6);
    expect(r.diskReadMB[2]).toBeCloseTo(200, 6);
    expect(r.flows).toBe(0);
  });

  it('each of 7 nodes sends its share (one backlog a node), and every MB sent is an MB fetched', () => {
    const r = fetch([[0, 3, 3], [300, 7, 7]], [1, 2, 3, 4, 5, 6, 7], { nodesPerRack: 8, maps: 7 });
    expect(r.nicMB).toBeCloseTo(400, 6);
    for (let i = 1; i <= 7; i++) {
      expect(r.outMB[i]).toBeCloseTo(400 / 7, 6);
      expect(r.diskReadMB[i]).toBeCloseTo(400 / 7, 6);
    }
    expect(r.outMB[0]).toBe(0);
    expect(r.flows).toBe(0);
  });

  it('a reduce that reads nothing hears its rack\'s maps and computes (test/harness found one that fetched forever)', () => {
    const r = fetch([[0, 2, 2], [500, 4, 4]], [1, 1, 2, 2], { readMB: 0 });
    expect(r.doneMs).toBeGreaterThanOrEqual(5500);
    expect(r.doneMs).toBeLessThan(5500 + H + 1);
    expect(r.nicMB).toBe(0);
  });

  it('a notice while it fetches is fetched when the fetch ends, not lost', () => {
    // t 0: 2 of 4 here: 200 MB to 3 s; at 2 s it hears of all 4 (here): the other 200 MB from 3 s to 5 s; compute: 5.5 s.
    const r = fetch([[0, 2, 2], [200, 4, 4]], [1, 1, 2, 2]);
    expect(r.doneMs).toBeGreaterThanOrEqual(5500);
    expect(r.doneMs).toBeLessThan(5500 + H + 1);
    expect(r.nicMB).toBeCloseTo(400, 6);
  });
});

describe('a fluid rack and the master\'s idle jumps', () => {
  it('refuses to be sent past epochs while a task runs (the master books link usage at the answered epoch\'s end)', () => {
    const topology = { ...makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: H }, 1) };
    const rack = new FluidRack(topology, rackId(0), { rates: RATES, taskStartMs: START_MS });
    const sink: HeartbeatSink = { finished: () => {}, heartbeat: () => {} };
    rack.epoch({ responses: null, epoch: 0, reportFreeFromMs: 0, allocationMBps: Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50]) }, sink);
    rack.epoch({ responses: responses(0, [{ node: 0, task: 0, computeMs: 5000, src: 0, readMB: 10 }]), epoch: 1, reportFreeFromMs: 0 }, sink);
    expect(() => rack.epoch({ responses: null, epoch: 5, reportFreeFromMs: 0 }, sink)).toThrow('rack 0 was sent from epoch 1 to 5 with 1 tasks and 0 replica copies running');
  });
});

describe('a fluid rack keeps its numbers by group for the groups it uses', () => {
  // A rack has a cross-rack group per rack of the cluster; its arrays by group grow with the groups it binds, so a
  // rack of a 10,000-rack cluster costs what one of a 10-rack cluster does (one array by group each made racks^2
  // numbers in all: 2.4 GB at 10,000 racks of one node).
  const bytesOfRacks = (racks: number): number => {
    const topology = makeTopology({ racks, nodesPerRack: 1, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: H }, 1);
    const before = process.memoryUsage().arrayBuffers;
    const held = Array.from({ length: 50 }, (_, r) => new FluidRack(topology, rackId(r), { rates: RATES, taskStartMs: START_MS }));
    return (process.memoryUsage().arrayBuffers - before) / held.length;
  };

  it('a rack of 10,000 racks costs about what a rack of 10 does', () => {
    // A collection of earlier garbage while measuring can only lower a measure: the largest of three is the size.
    const size = (racks: number): number => Math.max(bytesOfRacks(racks), bytesOfRacks(racks), bytesOfRacks(racks));
    const small = size(10);
    const large = size(10_000);
    expect(large).toBeLessThan(1.5 * small + 4096);
  });
});

describe('a fluid rack\'s far sides under a bounded core: each held to what its near half\'s allocation gives', () => {
  const BOUNDED: LinkRates = { ...RATES, coreMBps: 50 };
  const HB = 1000;
  /**
   * Rack 0 of 2 racks x 3 nodes (every phase 0), fed one command an epoch: commands[e] (serves, far sides' caps) with
   * epoch e + 1's. Returns the MB its uplink and downlink carried in each epoch.
   */
  function feed(commands: Array<{ serves?: number[]; caps?: number[] } | null>): { up: number[]; down: number[]; rack: FluidRack } {
    const topology = { ...makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: HB }, 1) };
    topology.phaseMs.fill(0);
    const rack = new FluidRack(topology, rackId(0), { rates: BOUNDED, taskStartMs: START_MS, replication: 3 });
    const sink: HeartbeatSink = { finished: () => {}, heartbeat: () => {} };
    const carried = [[0, 0]];
    rack.epoch({ responses: null, epoch: 0, reportFreeFromMs: 0 }, sink);
    for (let e = 0; e < commands.length; e++) {
      const c = commands[e];
      rack.epoch({ responses: null, epoch: e + 1, reportFreeFromMs: 0, serves: c?.serves === undefined ? null : Float64Array.from(c.serves), farCapsMBps: c?.caps === undefined ? null : Float64Array.from(c.caps) }, sink);
      const mb = rack.committedCarried(); // up to epoch e + 1's start
      carried.push([mb[0], mb[1]]);
    }
    const per = (k: number) => carried.slice(1).map((x, e) => Number((x[k] - carried[e][k]).toFixed(6)));
    return { up: per(0), down: per(1), rack };
  }

  it('a read\'s send halves share what their reader\'s group gets, from the epoch after the master sends it; a new one starts at a flow\'s rate', () => {
    const { up, rack } = feed([
      { serves: [SEND, 0, 0, 1000 * 1024, 0, 20, 1], caps: [SEND, 1, 20] }, // for a reader in rack 1: 20 MB/s (stream 240, NIC 100)
      { caps: [SEND, 1, 10] }, // rack 1's group now gets 10: from the next epoch
      { caps: [SEND, 2, 5] }, // another reader rack's: not this send half's
      { serves: [SEND, 1, 3 * HB, 1000 * 1024, 0, 4, 1], caps: [SEND, 1, 8] }, // a new one at 4; then the two share 8
      null,
    ]);
    expect(up).toEqual([20, 20, 10, 14, 8]);
    expect(rack.farPeers()).toEqual([SEND, 1]); // what it reports: rack 2 had no send half here, and is forgotten
  });

  it('the nodes\' sends to other racks share the egress by the MB each has left: as each batch arrives, and from each epoch\'s start', () => {
    const { up, rack } = feed([
      null,
      { serves: [SHUFFLE, 0, HB, 300 * 1024, 0, 8, -1, SHUFFLE, 2, HB, 100 * 1024, 0, 8, -1], caps: [SHUFFLE, -1, 8] },
      null,
      { serves: [SHUFFLE, 1, 3 * HB, 92 * 1024, 0, 4, -1], caps: [SHUFFLE, -1, 4] },
      null,
    ]);
    // 300 and 100 MB at 6 and 2 MB/s (8 in all); at 3 s 288 and 96 left, and node 1's 92: 4 shared 288:92:96.
    expect(up).toEqual([0, 8, 8, 4, 4]);
    const caps = [0, 1, 2].map((j) => rack.network.capacity[rack.links.sendCap(j)]);
    expect(caps.map((x) => Number(x.toFixed(9)))).toEqual([288, 92, 96].map((mb) => Number(((4 * mb) / 476).toFixed(9))));
  });

  it('a write\'s far side crosses its serve\'s stream at its writer\'s rate a flow, followed from the next epoch; unheld once none is sent', () => {
    const { down, rack } = feed([
      { serves: [REPLICA, 1, 0, 1000 * 1024, -1, 30, 1], caps: [REPLICA, 1, 30] },
      { caps: [REPLICA, 1, 15] },
      null,
      { caps: [REPLICA, 1, Infinity] }, // the writer's group is gone, or the core no longer holds it
      null,
    ]);
    expect(down).toEqual([30, 30, 15, 15, 100]); // unheld: the second replica's NIC (100)
    expect(rack.links.replicaInPath(0, 1, -1, new Int32Array(8))).toBe(4); // stream, downlink, NIC in, disk write
  });
});
