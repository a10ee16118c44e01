import { describe, expect, it } from 'vitest';
import { HeartbeatBatchBuilder, ResponseRouter } from '../../src/messages/builders.js';
import { makeRng } from '../../src/core/rng.js';
import { RackArena, RackModel } from '../../src/core/rack-model.js';
import { makeTopology } from '../../src/core/topology.js';
import { jobIndex, nodeId, rackId } from '../../src/core/ids.js';
import { DoneRow, KillRow, LAUNCH_COLUMNS, LaunchRow, ResponseColumn } from '../../src/messages/layouts.js';

describe('heartbeat batches shared by the racks of a host', () => {
  it('gives each rack its own span, finishes counted from the span, valid until the next epoch', () => {
    const b = new HeartbeatBatchBuilder();
    b.begin(7);
    b.finished(jobIndex(1), 10);
    b.heartbeat(nodeId(0), 21_000, 1, 0);
    const first = b.take(0, 7);
    b.finished(jobIndex(2), 20);
    b.finished(jobIndex(3), -1);
    b.heartbeat(nodeId(40), 21_500, 2, 1);
    b.heartbeat(nodeId(41), 22_000, 0, 0);
    const second = b.take(1, 7);
    // Growing past the first buffer must not disturb the spans already taken.
    for (let i = 0; i < 5000; i++) b.heartbeat(nodeId(80 + i), 23_000, 0, 0);
    expect([...first.node]).toEqual([0]);
    expect([...first.finishedEnd]).toEqual([1]);
    expect([...first.finishedJob]).toEqual([1]);
    expect([...second.node]).toEqual([40, 41]);
    expect([...second.finishedEnd]).toEqual([2, 2]);
    expect([...second.finishedTask]).toEqual([20, -1]);
    b.take(2, 7);
    b.begin(8); // a new epoch starts the buffers over
    b.heartbeat(nodeId(3), 24_000, 1, 1);
    const next = b.take(0, 8);
    expect([...next.node]).toEqual([3]);
    expect([...next.finishedEnd]).toEqual([0]);
  });
});

describe('rack arena', () => {
  const topology = makeTopology({ racks: 3, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 }, 1);

  it('keeps each rack in its own slice: a launch on one rack leaves the others free', () => {
    const arena = new RackArena(topology, 3);
    const racks = [0, 1, 2].map((r) => new RackModel(topology, rackId(r), arena, r));
    racks[1].launchMap(nodeId(5), 0, jobIndex(9), 0, 1000);
    racks[1].launchMap(nodeId(5), 0, jobIndex(9), 1, 1000);
    expect(() => racks[1].launchMap(nodeId(5), 0, jobIndex(9), 2, 1000)).toThrow(/map slots over-committed on node 5/);
    // Node 1 of rack 0 and node 9 of rack 2 sit at the same offsets in their slices: both still have both slots.
    for (const [model, node] of [[racks[0], 1], [racks[2], 9]] as const) {
      model.launchMap(nodeId(node), 0, jobIndex(9), 0, 1000);
      model.launchMap(nodeId(node), 0, jobIndex(9), 1, 1000);
    }
    expect(racks.map((m) => m.runningTasks)).toEqual([2, 2, 2]);
  });

  it('refuses a slot outside it', () => {
    expect(() => new RackModel(topology, rackId(2), new RackArena(topology, 2), 2)).toThrow(/rack slot 2 is outside an arena of 2 racks/);
  });
});

describe('response router', () => {
  it("gives each rack its own decisions in the order they were made, and null to a rack with none", () => {
    const [racks, perRack] = [5, 8];
    const router = new ResponseRouter(racks, perRack);
    const rng = makeRng(3);
    const want = Array.from({ length: racks }, () => ({ launch: [] as number[][], done: [] as number[][], kill: [] as number[][] }));
    for (let k = 0; k < 500; k++) {
      const node = Math.floor(rng.next() * (racks - 1) * perRack); // the last rack gets nothing
      const rack = Math.floor(node / perRack);
      const kind = Math.floor(rng.next() * 5);
      if (kind === 0) { router.launchMap(nodeId(node), jobIndex(k), k % 7, 1000 + k); want[rack].launch.push([node, k, k % 7, 1000 + k, 0, 0]); }
      if (kind === 1) { router.launchReduce(nodeId(node), jobIndex(k), 2, 50, 2000 + k, k % 2 === 0); want[rack].launch.push([node, k, -3, 2000 + k, 50, k % 2 === 0 ? 1 : 0]); }
      if (kind === 2) { router.mapsDone(nodeId(node), jobIndex(k)); want[rack].done.push([node, k, 0, 0, 0, 0]); }
      if (kind === 4) { router.mapProgress(nodeId(node), jobIndex(k), k % 11, k % 5, k % 3, 11); want[rack].done.push([node, k, k % 11, k % 5, k % 3, 11]); }
      if (kind === 3) { router.kill(nodeId(node), jobIndex(k), -1); want[rack].kill.push([node, k, -1]); }
    }
    const got = router.take(9);
    expect(router.empty).toBe(true);
    expect(got[racks - 1]).toBeNull();
    for (let r = 0; r < racks - 1; r++) {
      const b = got[r]!;
      expect(b.epoch).toBe(9);
      const launches = [...b.launchNode].map((n, i) => [n, b.launchJob[i], b.launchTask[i], b.launchMs[i], b.launchCopyMs[i], b.launchMapsDone[i]]);
      expect(launches).toEqual(want[r].launch);
      expect([...b.doneNode].map((n, i) => [n, b.doneJob[i], b.doneFinished[i], b.doneInRack[i], b.doneOnNode[i], b.doneMaps[i]])).toEqual(want[r].done);
      expect([...b.killNode].map((n, i) => [n, b.killJob[i], b.killTask[i]])).toEqual(want[r].kill);
    }
    // The next take fills the other set of columns: the batches above stay as they were.
    const before = [...got[0]!.launchJob];
    for (let k = 0; k < 200; k++) router.launchMap(nodeId(k % perRack), jobIndex(10_000 + k), 0, 1);
    const next = router.take(10);
    expect(next[0]!.launchNode.length).toBe(200);
    expect([...got[0]!.launchJob]).toEqual(before);
  });
});

describe('launch durations on the wire', () => {
  it.each([2 ** 31, 3e9, 2 ** 40 + 0.5])('carries a duration of %d ms whole, past where an Int32 wrapped', (ms) => {
    const router = new ResponseRouter(2, 3);
    router.launchMap(nodeId(4), jobIndex(0), 1, ms);
    router.launchReduce(nodeId(1), jobIndex(2), 0, ms + 1, ms + 2, true);
    const [first, second] = router.take(0);
    expect([...second!.launchMs]).toEqual([ms]);
    expect([...first!.launchCopyMs, ...first!.launchMs]).toEqual([ms + 1, ms + 2]);
  });
});

describe('named layouts', () => {
  it('a row field and the response column of the same name line up, as split() copies them (column first + f holds field f)', () => {
    const launch: Array<[ResponseColumn, LaunchRow]> = [
      [ResponseColumn.LaunchNode, LaunchRow.Node], [ResponseColumn.LaunchJob, LaunchRow.Job], [ResponseColumn.LaunchTask, LaunchRow.Task],
      [ResponseColumn.LaunchSrc, LaunchRow.Src], [ResponseColumn.LaunchReadKB, LaunchRow.ReadKB], [ResponseColumn.LaunchWriteKB, LaunchRow.WriteKB],
    ];
    for (const [column, field] of launch) expect(column - ResponseColumn.LaunchNode).toBe(field);
    expect(launch.length).toBe(LAUNCH_COLUMNS);
    const done: Array<[ResponseColumn, DoneRow]> = [
      [ResponseColumn.DoneNode, DoneRow.Node], [ResponseColumn.DoneJob, DoneRow.Job], [ResponseColumn.DoneFinished, DoneRow.Finished],
      [ResponseColumn.DoneInRack, DoneRow.InRack], [ResponseColumn.DoneOnNode, DoneRow.OnNode], [ResponseColumn.DoneMaps, DoneRow.Maps],
    ];
    for (const [column, field] of done) expect(column - LAUNCH_COLUMNS).toBe(field);
    expect(done.length).toBe(DoneRow.Width);
    const kill = ResponseColumn.KillNode;
    expect([kill - ResponseColumn.DoneNode, ResponseColumn.KillJob - kill, ResponseColumn.KillTask - kill]).toEqual([DoneRow.Width, KillRow.Job, KillRow.Task]);
    expect(ResponseColumn.Count).toBe(LAUNCH_COLUMNS + DoneRow.Width + KillRow.Width);
    // split() finds a row's rack from field 0 of every layout.
    expect([LaunchRow.Node, DoneRow.Node, KillRow.Node]).toEqual([0, 0, 0]);
  });
});
