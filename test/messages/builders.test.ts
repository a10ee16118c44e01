import { describe, expect, it } from 'vitest';
import { HeartbeatBatchBuilder } from '../../src/messages/builders.js';
import { RackArena, RackModel } from '../../src/core/rack-model.js';
import { makeTopology } from '../../src/core/topology.js';

describe('heartbeat batches shared by the racks of a host', () => {
  it('gives each rack its own span, finishes counted from the span, valid until the next epoch', () => {
    const b = new HeartbeatBatchBuilder();
    b.begin(7);
    b.finished(1, 10);
    b.heartbeat(0, 21_000, 1, 0);
    const first = b.take(0, 7);
    b.finished(2, 20);
    b.finished(3, -1);
    b.heartbeat(40, 21_500, 2, 1);
    b.heartbeat(41, 22_000, 0, 0);
    const second = b.take(1, 7);
    // Growing past the first buffer must not disturb the spans already taken.
    for (let i = 0; i < 5000; i++) b.heartbeat(80 + i, 23_000, 0, 0);
    expect([...first.node]).toEqual([0]);
    expect([...first.finishedEnd]).toEqual([1]);
    expect([...first.finishedJob]).toEqual([1]);
    expect([...second.node]).toEqual([40, 41]);
    expect([...second.finishedEnd]).toEqual([2, 2]);
    expect([...second.finishedTask]).toEqual([20, -1]);
    b.take(2, 7);
    b.begin(8); // a new epoch starts the buffers over
    b.heartbeat(3, 24_000, 1, 1);
    const next = b.take(0, 8);
    expect([...next.node]).toEqual([3]);
    expect([...next.finishedEnd]).toEqual([0]);
  });
});

describe('rack arena', () => {
  const topology = makeTopology({ racks: 3, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 }, 1);

  it('keeps each rack in its own slice: a launch on one rack leaves the others free', () => {
    const arena = new RackArena(topology, 3);
    const racks = [0, 1, 2].map((r) => new RackModel(topology, r, arena, r));
    racks[1].launchMap(5, 0, 9, 0, 1000);
    racks[1].launchMap(5, 0, 9, 1, 1000);
    expect(() => racks[1].launchMap(5, 0, 9, 2, 1000)).toThrow(/map slots over-committed on node 5/);
    // Node 1 of rack 0 and node 9 of rack 2 sit at the same offsets in their slices: both still have both slots.
    for (const [model, node] of [[racks[0], 1], [racks[2], 9]] as const) {
      model.launchMap(node, 0, 9, 0, 1000);
      model.launchMap(node, 0, 9, 1, 1000);
    }
    expect(racks.map((m) => m.runningTasks)).toEqual([2, 2, 2]);
  });

  it('refuses a slot outside it', () => {
    expect(() => new RackModel(topology, 2, new RackArena(topology, 2), 2)).toThrow(/rack slot 2 is outside an arena of 2 racks/);
  });
});
