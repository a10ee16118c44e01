/**
 * Replica copies on a fluid rack (copy slots, job COPY_JOB): one flow from the source's disk over the path between
 * the nodes onto the destination's disks, with no start-up; reported done at the destination's heartbeat like a task;
 * holding no map or reduce slot.
 */
import { describe, expect, it } from 'vitest';
import { FluidRack, type RackResponses } from '../../../src/core/network/fluid-rack.js';
import type { LinkRates } from '../../../src/core/network/rack-links.js';
import type { HeartbeatSink } from '../../../src/core/rack-model.js';
import { COPY_JOB } from '../../../src/core/task-ref.js';
import { makeTopology } from '../../../src/core/topology.js';
import { rackId } from '../../../src/core/ids.js';

const RATES: LinkRates = { diskReadMBps: 240, diskWriteMBps: 200, streamMBps: 240, nicMBps: 100, switchMBps: 150, coreMBps: Infinity };
const H = 10;
const START_MS = 1000;

interface Launch { node: number; job: number; task: number; computeMs: number; src: number; readMB: number }

const ints = (xs: number[]) => Int32Array.from(xs);
function responses(launches: Launch[]): RackResponses {
  return {
    epoch: 0,
    launchNode: ints(launches.map((l) => l.node)), launchJob: ints(launches.map((l) => l.job)), launchTask: ints(launches.map((l) => l.task)),
    launchMs: Float64Array.from(launches.map((l) => l.computeMs)), launchMapsDone: Uint8Array.from(launches.map(() => 1)),
    launchSrc: ints(launches.map((l) => l.src)), launchReadKB: ints(launches.map((l) => l.readMB * 1024)), launchWriteKB: ints(launches.map(() => 0)),
    doneNode: ints([]), doneJob: ints([]), doneFinished: ints([]), doneInRack: ints([]), doneOnNode: ints([]), doneMaps: ints([]), killNode: ints([]), killJob: ints([]), killTask: ints([]),
  };
}

const copy = (node: number, block: number, src: number, readMB: number): Launch => ({ node, job: COPY_JOB, task: block, computeMs: 0, src, readMB });

/**
 * Launches at time 0 on rack 0 of a 2-rack cluster of 3 nodes a rack (2 map, 1 reduce, 2 copy slots a node; every
 * node's phase 0) and runs until all are reported: each one's report time by "job/task", and each heartbeat's free
 * map slots of node 0.
 */
function run(launches: Launch[], rates = RATES, allocation = Float64Array.from([0, 50, 1, 50, 2, 50, 3, 50])) {
  const topology = { ...makeTopology({ racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: H }, 1) };
  topology.phaseMs.fill(0);
  const rack = new FluidRack(topology, rackId(0), { rates, taskStartMs: START_MS, copySlots: 2 });
  const done = new Map<string, number>();
  const freeMaps: number[] = [];
  let now = 0;
  const sink: HeartbeatSink = {
    finished: (job, task) => done.set(`${job}/${task}`, now),
    heartbeat: (node, _t, maps) => { if (node === 0) freeMaps.push(maps); },
  };
  rack.epoch({ responses: null, epoch: 0, reportFreeFromMs: -Infinity, allocationMBps: allocation }, sink);
  rack.epoch({ responses: responses([...launches].sort((a, b) => a.node - b.node)), epoch: 1, reportFreeFromMs: -Infinity, allocationMBps: allocation }, sink);
  const copies = () => rack.runningCopies;
  const seen = { copies: copies(), tasks: rack.runningTasks };
  for (let e = 1; done.size < launches.length && e < 10_000; e++) {
    now = (e + 1) * H;
    rack.epoch({ responses: null, epoch: e + 1, reportFreeFromMs: -Infinity }, sink);
    expect(rack.network.maxLoadRatio()).toBeLessThanOrEqual(1 + 1e-9);
  }
  return { done, freeMaps, seen, rack };
}

function expectNear(t: number | undefined, ms: number): void {
  expect(t).toBeDefined();
  expect(t!).toBeGreaterThanOrEqual(ms);
  expect(t!).toBeLessThan(ms + H + 1);
}

describe('replica copies on a fluid rack', () => {
  it.each([
    ['in the rack: the NICs (100 MB/s) bound it; no start-up', copy(0, 7, 1, 120), RATES, 1200],
    ['in the rack onto a slow disk: the destination\'s disk write (50 MB/s) bounds it, as the block is written while it arrives', copy(0, 7, 1, 120), { ...RATES, diskWriteMBps: 50 }, 2400],
    ['one disk\'s stream at the source (30 MB/s) bounds it', copy(0, 7, 1, 120), { ...RATES, streamMBps: 30 }, 4000],
    ['from another rack: the group link allocated (50 MB/s) bounds it', copy(0, 7, 4, 120), RATES, 2400],
  ])('%s', (_, launch, rates, ms) => {
    const { done, rack } = run([launch], rates);
    expectNear(done.get(`${COPY_JOB}/7`), ms);
    expect(rack.runningCopies).toBe(0);
    expect(rack.readMB).toBe(0); // maps' and reduces' reads only (the bytes invariant)
  });

  it('holds a copy slot, not a map slot: a map and two copies on one node, the map slots still free as the master counts them', () => {
    const { done, freeMaps, seen } = run([copy(0, 7, 1, 120), copy(0, 8, 2, 120), { node: 0, job: 3, task: 0, computeMs: 500, src: 0, readMB: 120 }]);
    expect(seen).toEqual({ copies: 2, tasks: 1 });
    expect(freeMaps[0]).toBe(2); // the heartbeat before the launches
    expect(freeMaps[1]).toBe(1); // the map holds one; the copies none
    // The copies share node 0's NIC in (100 MB/s): 240 MB in 2.4 s; the local map reads from the disk alone.
    expectNear(done.get(`${COPY_JOB}/7`), 2400);
    expectNear(done.get(`${COPY_JOB}/8`), 2400);
    expectNear(done.get('3/0'), START_MS + 500);
  });

  it('a third copy to a node with two under way is refused loudly (the master keeps to COPY_STREAMS)', () => {
    expect(() => run([copy(0, 7, 1, 120), copy(0, 8, 2, 120), copy(0, 9, 4, 120)])).toThrow('copy slots over-committed on node 0');
  });
});
