/**
 * The fluid model's whole runs on cases a hardware person times by hand (simulate, 100 ms heartbeats so that a finish
 * is seen within 0.1 s of when it happens): a lone map reading a remote block, n readers on one disk, readers in two
 * racks behind one oversubscribed uplink, a reduce's write pipeline across racks. A task that ends at t is reported
 * at its node's first heartbeat at or after t, so each expected finish is checked against that heartbeat.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { gbpsToMBps } from '../../src/core/network/units.js';
import { makeTopology } from '../../src/core/topology.js';
import { linkMB, scenario } from '../helpers.js';

const HB = 100;
const START_MS = 1000; // cluster.network.taskStartMs's default
const NIC = gbpsToMBps(1);

interface Task { launchMs: number; node: number; task: number; finishMs: number }

async function run(cluster: Record<string, unknown>, hdfs: Record<string, unknown>, workload: Record<string, unknown>, tasks: Record<string, unknown> = {}) {
  const s = scenario({ name: 'analytic', seed: 1, cluster: { heartbeatMs: HB, ...cluster }, hdfs, tasks: { durationJitter: 0, ...tasks }, scheduler: { policy: 'fifo' }, workload });
  const byKey = new Map<string, Task>();
  const r = await simulate(s, { timeDecisions: false, observer: {
    launched: (t, node, job, task) => byKey.set(`${job}/${task}`, { launchMs: t, node, task, finishMs: NaN }),
    finished: (t, _node, job, task) => (byKey.get(`${job}/${task}`)!.finishMs = t),
  } });
  return { r, tasks: [...byKey.values()], phaseMs: makeTopology(s.cluster, s.seed).phaseMs };
}

/** A task that ends at `endMs` on `node` is reported at the node's first heartbeat at or after it (1 ms for rounding). */
function expectSeenAt(t: Task, phaseMs: Int32Array, endMs: number): void {
  const first = phaseMs[t.node] + Math.ceil((endMs - 1 - phaseMs[t.node]) / HB) * HB;
  expect(t.finishMs - first, `task ${t.task} on node ${t.node}: ends at ${endMs}, reported at ${t.finishMs}`).toBeGreaterThanOrEqual(0);
  expect(t.finishMs - first, `task ${t.task} on node ${t.node}: ends at ${endMs}, reported at ${t.finishMs}`).toBeLessThanOrEqual(HB);
  expect(t.finishMs).toBeGreaterThanOrEqual(endMs - 1);
}

describe('fluid model, whole runs timed by hand', () => {
  it.each([
    // A 0.1 Gbps NIC (11.92 MB/s) is the path's bottleneck: the read, 10.74 s, outlasts the map's 1 s of compute.
    ['NIC-bound', 2000, 128 / gbpsToMBps(0.1) * 1000],
    // 14 s of compute: the stream is held to the map's pace (128 MB / 14 s), slower than the NIC.
    ['CPU-bound', 15_000, 14_000],
  ])('a lone map reading a block from another rack (%s): start-up, then max(block / bottleneck, compute)', async (_, mapMs, phaseMs) => {
    const { r, tasks, phaseMs: phases } = await run(
      { racks: 2, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, network: { model: 'fluid', nicGbps: 0.1, disksPerNode: 1, mapOutputRatio: { io: 0 } } },
      { replication: 1, blockMB: 128 },
      { kind: 'jobs', files: [{ name: 'f', blocks: 1, replicas: [[1]] }], jobs: [{ id: 'j', submitMs: 1000, input: 'f', type: 'io', mapMs, reduces: 0 }] },
    );
    expect(r.jobs[0].offRackMaps).toBe(1); // node 0 heartbeats first (phases 22 and 81 ms)
    expect(r.network!.crossRackMB).toBe(128);
    expectSeenAt(tasks[0], phases, tasks[0].launchMs + START_MS + phaseMs);
  });

  it.each([[1, 1], [1, 2], [1, 4], [4, 2], [4, 8]])('%i disk(s) a node, %i local maps on it: each stream gets min(one disk, the disks / n)', async (disks, n) => {
    const { tasks, phaseMs } = await run(
      { racks: 1, nodesPerRack: 1, mapSlotsPerNode: n, reduceSlotsPerNode: 1, network: { model: 'fluid', disksPerNode: disks, mapOutputRatio: { io: 0 } } },
      { replication: 1, blockMB: 120 },
      { kind: 'jobs', files: [{ name: 'f', blocks: n, replicas: Array.from({ length: n }, () => [0]) }], jobs: [{ id: 'j', submitMs: 1000, input: 'f', type: 'io', mapMs: START_MS + 1, reduces: 0 }] },
    );
    expect(tasks).toHaveLength(n);
    const rate = Math.min(240 / disks, 240 / n);
    for (const t of tasks) {
      expect(t.launchMs).toBe(tasks[0].launchMs); // one heartbeat launches them all
      expectSeenAt(t, phaseMs, t.launchMs + START_MS + (120 / rate) * 1000);
    }
  });

  it.each([2, 4, 8])('reads from one rack into two, %i:1 oversubscribed: the source\'s uplink (1 node x NIC / o) bounds them, max-min fairly', async (o) => {
    // Racks of one 4-slot node; rack 1's holds 8 blocks. Submitted just after rack 1's heartbeat, racks 0 and 2 take
    // one off-rack map a heartbeat each (Hadoop's one non-local map a heartbeat), two each, rack 1's node the 4 left.
    // The 4 cross-rack reads share rack 1's uplink U = NIC / o (their downlinks carry 2 each of U / 4: not full; the
    // source's NIC out, 119 MB/s, and disk, 240, are not full either), so each runs at U / 4 once all 4 have started.
    const cluster = { racks: 3, nodesPerRack: 1, mapSlotsPerNode: 4, reduceSlotsPerNode: 1, network: { model: 'fluid', oversubscription: o, mapOutputRatio: { io: 0 } } };
    const phases = makeTopology({ ...cluster, heartbeatMs: HB }, 1).phaseMs;
    const { r, tasks } = await run(cluster, { replication: 1, blockMB: 128 },
      { kind: 'jobs', files: [{ name: 'f', blocks: 8, replicas: Array.from({ length: 8 }, () => [1]) }], jobs: [{ id: 'j', submitMs: 10 * HB + phases[1] + 1, input: 'f', type: 'io', mapMs: START_MS + 1, reduces: 0 }] });
    const U = NIC / o;
    const cross = tasks.filter((t) => t.node !== 1);
    expect(cross).toHaveLength(4);
    expect(r.network!.crossRackMB).toBe(4 * 128);
    const starts = cross.map((t) => t.launchMs + START_MS);
    const [first, last] = [Math.min(...starts), Math.max(...starts)];
    expect(last - first).toBeLessThanOrEqual(2 * HB); // two heartbeats of each reader's node
    // The uplink carries 512 MB at U at most: the last read ends no sooner than first start + 512 MB / U.
    expect(Math.max(...cross.map((t) => t.finishMs))).toBeGreaterThanOrEqual(first + ((4 * 128) / U) * 1000);
    // Max-min: each read gets U / 4 once all have started, and at most U / 2 (its rack's share) before; so it ends
    // within the starts' spread of start + 128 MB / (U / 4), and is seen within a heartbeat interval after.
    for (const t of cross) {
      const ideal = t.launchMs + START_MS + (128 / (U / 4)) * 1000;
      expect(t.finishMs, `node ${t.node}`).toBeGreaterThanOrEqual(ideal - (last - first));
      expect(t.finishMs, `node ${t.node}`).toBeLessThanOrEqual(ideal + (last - first) + HB);
    }
    // Rack 1's uplink series: the 512 MB, within U in every bucket.
    const n = r.network!;
    const upMB = linkMB(n.utilization, n.utilization.up[1], U);
    expect(upMB).toBeCloseTo(4 * 128, 0);
    for (const u of n.utilization.up[1]) expect(u).toBeLessThanOrEqual(1 + 1e-9);
  });

  it.each([1, 2, 3])('a reduce\'s output with replication %i: its pipeline leaves the rack once for R >= 2 (HDFS: second off-rack, third beside it), never for 1', async (R) => {
    // One map on node 0 (its block's node) writes 64 MB of output (ratio 0.5); the reduce fetches it and writes 64 MB.
    const { r, tasks } = await run(
      { racks: 3, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, network: { model: 'fluid', mapOutputRatio: { io: 0.5 } } },
      { replication: R, blockMB: 128 },
      { kind: 'jobs', files: [{ name: 'f', blocks: 1, replicas: [[0]] }], jobs: [{ id: 'j', submitMs: 1000, input: 'f', type: 'io', mapMs: 3000, reduces: 1, reduceMs: 5000 }] },
      { slowStart: 1 },
    );
    const [map, reduce] = tasks;
    const shuffleCross = Math.floor(map.node / 2) === Math.floor(reduce.node / 2) ? 0 : 64;
    const n = r.network!;
    expect(n.readMB).toBe(128 + 64);
    expect(n.crossRackMB).toBe(shuffleCross + (R > 1 ? 64 : 0));
    expect(n.replicatedMB).toBe(R > 1 ? 64 : 0);
  });
});
