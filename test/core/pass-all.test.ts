import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../src/core/hdfs.js';
import { Job } from '../../src/core/job.js';
import { NODE_LOCAL, RACK_LOCAL } from '../../src/core/locality-level.js';
import { TwoLevelWaitGate, makeLocalityGate } from '../../src/core/locality.js';
import { PassAll } from '../../src/core/pass-all.js';
import { makeTopology } from '../../src/core/topology.js';
import { heartbeatRank, jobIndex, nodeId } from '../../src/core/ids.js';
import type { JobSpec } from '../../src/core/workload.js';
import { ENGINE } from '../../src/core/engine-key.js';

const topology = makeTopology({ racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, 1);
const rankOf = Int32Array.from([0, 1, 2, 3]);

function makeJob(index: number, nodes: number[]): Job {
  const blocks = new BlockStore(1);
  const ids = Int32Array.from(nodes.map((n) => blocks.add([nodeId(n)])));
  const spec: JobSpec = { index: jobIndex(index), id: `j${index}`, pool: 'p', priority: 'NORMAL', type: 'io', submitMs: 0, blocks: ids, reduces: 0, mapMs: 1000, reduceMs: 1000, copyMs: 0, bin: 1 };
  return new Job(spec, topology, blocks, 0.05);
}

describe('PassAll: skips owed rather than handed over', () => {
  it('skipLater owes a plain job the skip a visit would give, and refuses a job whose visit would widen it', () => {
    const gate = new TwoLevelWaitGate(4500, 4500, 2);
    const passAll = new PassAll(rankOf, 2, gate.lazy!);
    const lazy = makeJob(0, [0]);
    const eager = makeJob(1, [0]); // the same job, skipped at each visit as the walk does
    passAll.enter(lazy);
    passAll.enter(eager);
    expect(passAll.tryPass(heartbeatRank(1), 1000, [lazy, eager])).toBe(true); // node 1: no map of either
    passAll.settle(eager);
    expect(passAll.skipLater(lazy, 3000)).toBe(true);
    gate.skipped(eager, 3000);
    passAll.note(eager);
    passAll.settle(lazy);
    expect(gate.waitedMs(lazy)).toBe(4000);
    expect(gate.waitedMs(eager)).toBe(4000);
    expect(gate.allowed(lazy, 0)).toBe(NODE_LOCAL);
    // 500 ms of headroom left: a further skip of 3000 is fine (a visit reads NODE first), and then it would widen.
    expect(passAll.skipLater(lazy, 3000)).toBe(true);
    expect(passAll.skipLater(lazy, 3000)).toBe(false);
    expect(passAll.tryPass(heartbeatRank(1), 1000, [lazy, eager])).toBe(false); // a queued job would widen at its visit
    passAll.settle(lazy);
    expect(gate.waitedMs(lazy)).toBe(7000);
    expect(gate.allowed(lazy, 0)).toBe(RACK_LOCAL);
  });

  it('a launch that takes a job\'s last map on a node lowers that node\'s count, so a scan there passes', () => {
    const gate = makeLocalityGate({ mode: 'skip', maxSkips: 10 }, 1);
    const passAll = new PassAll(rankOf, 1, gate.lazy!);
    const job = makeJob(0, [0, 0, 2]);
    passAll.enter(job);
    expect(passAll.tryPass(heartbeatRank(0), 1, [job])).toBe(false); // node 0 holds maps of it
    job.startMap(ENGINE, 0, NODE_LOCAL, passAll);
    expect(passAll.tryPass(heartbeatRank(0), 1, [job])).toBe(false); // map 1 is still there
    job.startMap(ENGINE, 1, NODE_LOCAL, passAll);
    expect(passAll.tryPass(heartbeatRank(0), 1, [job])).toBe(true);
    expect(passAll.tryPass(heartbeatRank(2), 1, [job])).toBe(false);
  });
});
