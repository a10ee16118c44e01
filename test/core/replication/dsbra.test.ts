/**
 * DSBRA's formulas and rounds against a table computed by hand (SPEC.md section 4). Four nodes in one rack, three
 * blocks of one replica each (block b on node b), default replication 1, D = 10 s, alpha = 0.5.
 *   round 1 (60 s): block 0 read 4 times, 2 delayed (5 s, 15 s); block 1 read twice, both delayed 10 s; block 2 not read.
 *     X = 0.5, 1, 0; RF = 0.125, 0.25, 0; Y = RF; GAvg = 0.125 <= 0.2: dereplicate only; nothing has extra replicas.
 *   round 2 (120 s): block 1 read once, delayed 30 s; block 2 once, delayed 10 s.
 *     X = 0, 2, 1; RF = 0.03125, 0.5625, 0.25; Y = 0.078125, 0.40625, 0.125; GAvg = 0.28125 > 0.2:
 *     block 1's RF > 0.48125: floor((0.5625 - 0.28125) / 0.2) = 1 new replica, on the node of lowest DNAvg holding
 *     no replica of it: node 3 (DNAvg 0; node 0 has 0.03125, node 2 0.25).
 *   round 3 (180 s): no reads; the copy ended at 120 s + 1 s. RF = 0.01953125, 0.1015625, 0.03125; GAvg 0.05078125:
 *     block 1 (2 replicas) has RF > 0.1: kept.
 *   round 4 (240 s): RF of block 1 = 0.5 x 0.3046875 / 2 = 0.076171875 <= 0.1: it loses a replica, on the node of
 *     largest DNAvg; nodes 1 and 3 tie (each holds block 1 only): the later replica, node 3's.
 */
import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../../src/core/hdfs.js';
import { nodeId } from '../../../src/core/ids.js';
import type { Job } from '../../../src/core/job.js';
import { makeTopology } from '../../../src/core/topology.js';
import { Dsbra, delayThresholdOf } from '../../../src/core/replication/dsbra.js';
import { DEREPLICATE, KEEP, REPLICATE, currentLoad, decide, history, replicationFactor } from '../../../src/core/replication/dsbra-formulas.js';
import { DynamicReplicas } from '../../../src/core/replication/replicas.js';
import { parseScenario } from '../../../src/core/scenario.js';
import { jobsScenario, scenario } from '../../helpers.js';

const job = { index: 0 } as Job;

function setUp() {
  const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 }, 1);
  const blocks = new BlockStore(1, 16, 4);
  for (let b = 0; b < 3; b++) blocks.files.push(Int32Array.of(blocks.add([nodeId(b)])));
  const hdfs = new DynamicReplicas(blocks, blocks.files, topology, 1000, 64, () => {}, false, 'dsbra', 1);
  const dsbra = new Dsbra({ intervalMs: 60_000, alpha: 0.5, average: 'all' }, 10_000, 4);
  const read = (block: number, waitedMs: number) => dsbra.blockRead(job, block, nodeId(block), 0, 0, waitedMs);
  return { blocks, hdfs, dsbra, read, advance: (t: number) => hdfs.advance(t, dsbra, () => false) };
}

describe('DSBRA formulas', () => {
  it.each([
    // N, M, DT, D, X
    [4, 2, 20_000, 10_000, 0.5],
    [2, 2, 20_000, 10_000, 1],
    [1, 1, 30_000, 10_000, 2],
    [0, 0, 0, 10_000, 0],
    [5, 0, 0, 10_000, 0],
  ])('X(N=%d, M=%d, DT=%d, D=%d) = %d', (n, m, dt, d, x) => expect(currentLoad(n, m, dt, d)).toBeCloseTo(x, 12));

  it('RF and Y', () => {
    expect(replicationFactor(2, 0.25, 0.5)).toBeCloseTo(0.5625, 12);
    expect(replicationFactor(1, 0, 0.5)).toBeCloseTo(0.25, 12);
    expect(replicationFactor(1, 0, 1)).toBeCloseTo(0.5, 12);
    expect(history(0.25, 1, 0.5625)).toBeCloseTo(0.40625, 12);
    expect(history(0, 0, 0.125)).toBeCloseTo(0.125, 12);
  });

  it.each([
    // RF, GAvg, replicas, default, decision, added
    [0.05, 0.1, 3, 2, DEREPLICATE, 0], // GAvg <= 0.2: only dereplicate, RF <= 0.1 with extra replicas
    [0.15, 0.1, 3, 2, KEEP, 0], // RF above 0.1
    [0.05, 0.1, 2, 2, KEEP, 0], // no extra replica
    [0.9, 0.2, 2, 2, KEEP, 0], // GAvg exactly 0.2: no replication however hot
    [0.15, 0.3, 3, 2, DEREPLICATE, 0], // GAvg > 0.2: RF <= 0.2 with extra replicas
    [0.45, 0.3, 2, 2, KEEP, 0], // not above GAvg + 0.2
    [0.1, 0.1, 3, 2, DEREPLICATE, 0], // RF exactly 0.1: "RF_i <= 0.1" dereplicates
    [0.2, 0.3, 3, 2, DEREPLICATE, 0], // RF exactly 0.2: "RF_i <= 0.2 with extra replicas" dereplicates
    [0.5, 0.3, 2, 2, KEEP, 0], // RF exactly GAvg + 0.2 (0.2 + 0.3 === 0.5 in doubles): not above it
    [0.5625, 0.28125, 1, 1, REPLICATE, 1], // floor(1.40625)
    [0.95, 0.3, 2, 2, REPLICATE, 3], // floor(3.25)
    [0.9, 0.3, 2, 2, REPLICATE, 3], // (0.9 - 0.3) / 0.2 = 3 exactly
  ])('RF %d, GAvg %d, %d replicas (default %d): decision %d, %d added', (rf, g, rc, def, decision, add) => {
    expect(decide(rf, g, rc, def)).toEqual({ decision, add });
  });
});

describe('DSBRA rounds (the table in the header)', () => {
  it('computes RF, Y and GAvg, replicates block 1 to node 3, and later dereplicates it', () => {
    const { blocks, hdfs, dsbra, read, advance } = setUp();
    read(0, 0); read(0, 5000); read(0, 15_000); read(0, 0);
    read(1, 10_000); read(1, 10_000);
    advance(60_000);
    let r = dsbra.lastRound!;
    expect(r.nowMs).toBe(60_000);
    expect([...r.rf]).toEqual([0.125, 0.25, 0]);
    expect([...r.y]).toEqual([0.125, 0.25, 0]);
    expect(r.gAvg).toBeCloseTo(0.125, 12);
    expect(hdfs.events).toEqual([]);

    read(1, 30_000);
    read(2, 10_000);
    advance(120_000);
    r = dsbra.lastRound!;
    expect(r.rf[0]).toBeCloseTo(0.03125, 12);
    expect(r.rf[1]).toBeCloseTo(0.5625, 12);
    expect(r.rf[2]).toBeCloseTo(0.25, 12);
    expect([...r.y].map((y) => +y.toFixed(9))).toEqual([0.078125, 0.40625, 0.125]);
    expect(r.gAvg).toBeCloseTo(0.28125, 12);
    expect(hdfs.copyingTo(1, nodeId(3))).toBe(true);
    expect(blocks.holds(1, nodeId(3))).toBe(false); // not readable before the copy ends
    advance(120_999);
    expect(blocks.holds(1, nodeId(3))).toBe(false);
    advance(121_000);
    expect(blocks.holds(1, nodeId(3))).toBe(true);
    expect(hdfs.events).toEqual([{ kind: 'copy', block: 1, node: 3, src: 1, startMs: 120_000, endMs: 121_000 }]);

    advance(180_000);
    r = dsbra.lastRound!;
    expect(r.rf[1]).toBeCloseTo(0.1015625, 12);
    expect(r.gAvg).toBeCloseTo(0.05078125, 12);
    expect(blocks.replicaCount(1)).toBe(2);

    advance(240_000);
    r = dsbra.lastRound!;
    expect(r.rf[1]).toBeCloseTo(0.076171875, 12);
    expect(r.y[1]).toBeCloseTo(0.24755859375, 12);
    expect(blocks.replicaCount(1)).toBe(1);
    expect(blocks.holds(1, nodeId(1))).toBe(true);
    expect(hdfs.events[1]).toEqual({ kind: 'remove', block: 1, node: 3, src: -1, startMs: 240_000, endMs: 240_000 });
    // Storage: one extra replica from 121 s to 240 s, over 3 static replicas: 33.33% peak; the mean to 300 s.
    const { storage, counts } = hdfs.result(300_000);
    expect(storage.peakOverheadPct).toBe(33.33);
    expect(storage.meanOverheadPct).toBeCloseTo((100 * (119_000 / 300_000)) / 3, 2);
    expect(storage.finalOverheadPct).toBe(0);
    expect(counts).toMatchObject({ replicasCreated: 1, replicasDeleted: 1, bytesCopiedMB: 64, copiesUnfinished: 0 });
    // The policy's own counts: 4 rounds, round 2 above the 0.2 floor; 8 reads, 6 delayed; X, RF, GAvg largest in round 2.
    expect(dsbra.counts()).toEqual({ rounds: 4, roundsAboveFloor: 1, reads: 8, delayedReads: 6, xMax: 2, rfMax: 0.5625, gAvgMax: 0.2813, hotDecisions: 1, coldDecisions: 1 });
  });
});

describe('DSBRA dereplication: the replica on the node of largest DNAvg goes', () => {
  // Block 0 has an extra replica (nodes 0 and 1, default 1) and is never read: RF 0 <= 0.1 with GAvg 0.25 / 3 <= 0.2.
  // Node 1 also holds block 1 (RF 0.25), node 0 block 2 (RF 0): DNAvg 0.125 against 0, so node 1 loses block 0.
  it('a cold block with an extra replica loses the one on its hotter node, not its cooler one', () => {
    const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 }, 1);
    const blocks = new BlockStore(1, 16, 4);
    for (const nodes of [[0, 1], [1], [0]]) blocks.files.push(Int32Array.of(blocks.add(nodes.map(nodeId))));
    const hdfs = new DynamicReplicas(blocks, blocks.files, topology, 1000, 64, () => {}, false, 'dsbra', 1);
    const dsbra = new Dsbra({ intervalMs: 60_000, alpha: 0.5, average: 'all' }, 10_000, 4);
    dsbra.blockRead(job, 1, nodeId(1), 0, 0, 10_000);
    dsbra.blockRead(job, 1, nodeId(1), 0, 0, 10_000);
    hdfs.advance(60_000, dsbra, () => false);
    expect([...dsbra.lastRound!.rf]).toEqual([0, 0.25, 0]);
    expect(hdfs.events).toEqual([{ kind: 'remove', block: 0, node: 1, src: -1, startMs: 60_000, endMs: 60_000 }]);
    expect(blocks.holds(0, nodeId(0))).toBe(true);
  });
});

/*
 * Why a block whose reads wait no longer than D is never replicated (alpha = 0.5). RF = (X + Y) / 4 and Y is the mean
 * of the block's past RFs, so RF never exceeds X_max / 3 (the fixed point of s = (X_max + s) / 4). A REPLICATE needs
 * GAvg > 0.2 and RF > GAvg + 0.2 > 0.4, hence X > 1.2: the block's reads, all delayed, waited 1.4 D on average. Under
 * the wait gate a job waits D (nodeMs) at most before it may launch rack-local, which in a one-rack cluster is any
 * node: X <= (1 + (D + one heartbeat gap) / D) / 2, about 1. Hand table, D = 10 s, the block read twice a round, both
 * reads waiting D (X = 1), the other block never read:
 *   round 1: RF = (0.5 + 0) / 2 = 0.25, Y = 0.25
 *   round 2: RF = (0.5 + 0.125) / 2 = 0.3125, Y = (0.25 + 0.3125) / 2 = 0.28125
 *   round 3: RF = (0.5 + 0.140625) / 2 = 0.3203125, Y = (2 x 0.28125 + 0.3203125) / 3 = 0.2942708...
 * and on toward 1/3; GAvg = RF / 2 <= 1/6, never above 0.2: DSBRA only dereplicates, and nothing has extra replicas.
 */
describe('DSBRA with every read delayed D (the most the wait gate allows in one rack)', () => {
  it('RF climbs 0.25, 0.3125, 0.3203125, ... below 1/3; no round replicates', () => {
    const { hdfs, dsbra, read, advance } = setUp();
    const rfs: number[] = [];
    for (let round = 1; round <= 60; round++) {
      read(0, 10_000);
      read(0, 10_000);
      advance(round * 60_000);
      rfs.push(dsbra.lastRound!.rf[0]);
      expect(dsbra.lastRound!.gAvg).toBeLessThan(1 / 6);
    }
    expect(rfs.slice(0, 3)).toEqual([0.25, 0.3125, 0.3203125]);
    expect(dsbra.lastRound!.y[0]).toBeCloseTo(rfs.reduce((a, b) => a + b, 0) / 60, 12);
    for (let k = 1; k < rfs.length; k++) expect(rfs[k]).toBeGreaterThan(rfs[k - 1]);
    expect(rfs.at(-1)!).toBeLessThan(1 / 3);
    expect(rfs.at(-1)!).toBeGreaterThan(0.33);
    expect(hdfs.events).toEqual([]);
    expect(dsbra.counts()).toMatchObject({ rounds: 60, roundsAboveFloor: 0, xMax: 1, hotDecisions: 0 });
  });

  it('even with every block so delayed (GAvg = RF >= 0.275 > 0.2 in every round), no RF is 0.2 above GAvg', () => {
    const { hdfs, dsbra, read, advance } = setUp();
    for (let round = 1; round <= 30; round++) {
      for (let b = 0; b < 3; b++) read(b, 12_000); // 1.2 D: X = 1.1, RF below 1.1 / 3 = 0.3667
      advance(round * 60_000);
    }
    expect(dsbra.counts()).toMatchObject({ rounds: 30, roundsAboveFloor: 30, xMax: 1.1, hotDecisions: 0 });
    expect(dsbra.counts().rfMax).toBeLessThan(1.1 / 3);
    expect(hdfs.events).toEqual([]);
  });
});

describe("DSBRA's D from the scheduler's delay gate", () => {
  const gate = (delay: Record<string, unknown>) => scenario(jobsScenario({ scheduler: { policy: 'fair', delay } }));
  it.each([
    ['a wait of 6 s', { mode: 'wait', nodeMs: 6000, rackMs: 6000 }, 6000],
    ['a wait of 0 (the harness: X_i was infinite)', { mode: 'wait', nodeMs: 0, rackMs: 0 }, 3000],
    ['no gate', { mode: 'none' }, 3000],
    ['a skip count of 0', { mode: 'skip', maxSkips: 0 }, 3000],
    ['a skip count of 4 (8 nodes: 4 skips are charged 4 x 3000 / 8 ms)', { mode: 'skip', maxSkips: 4 }, 1500],
  ])('%s', (_, delay, want) => {
    const D = delayThresholdOf(gate(delay), 3000);
    expect(D).toBe(want);
    expect(Number.isFinite(currentLoad(2, 1, 5000, D))).toBe(true);
  });
});

describe("DSBRA's delayThresholdMs", () => {
  const errors = (delayThresholdMs: unknown): string[] => {
    const r = parseScenario({ workload: { kind: 'facebook' }, scheduler: { replication: { policy: 'dsbra', config: { delayThresholdMs } } } });
    return r.ok ? [] : r.errors;
  };
  it('above the time limit: one message, which says so (a second read "delayThresholdMs must be a number")', () => {
    expect(errors(1e12)).toEqual(['scheduler.replication.config.delayThresholdMs: delayThresholdMs is 1000000000000 ms, above the limit of 2147483647 ms']);
  });
  it('below 0.001 ms is refused: X_i divides the delay by D, and 5e-324 made it Infinity, so the run failed (exit 1, "counts() gives \\"xMax\\" as Infinity")', () => {
    const message = 'scheduler.replication.config.delayThresholdMs: delayThresholdMs must be at least 0.001 ms (the least D a delay gate gives: one skip of a 100 ms heartbeat on 100,000 nodes)';
    expect(errors(5e-324)).toEqual([message]);
    expect(errors(0.0009)).toEqual([message]);
    expect(errors(0.001)).toEqual([]);
    // the largest delay a run can charge over the least D stays finite
    expect(Number.isFinite(currentLoad(1, 1, Number.MAX_SAFE_INTEGER, 0.001))).toBe(true);
  });
});
