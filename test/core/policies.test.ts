import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../src/core/hdfs.js';
import { Job } from '../../src/core/job.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL } from '../../src/core/locality-level.js';
import { defaultLocalityDelayMs, makeLocalityGate } from '../../src/core/locality.js';
import { compareFair } from '../../src/core/policies/fair.js';
import { compareFifo } from '../../src/core/policies/fifo.js';
import { SortedJobQueue } from '../../src/core/policies/sorted-queue.js';
import { makeRng } from '../../src/core/rng.js';
import { makeTopology } from '../../src/core/topology.js';
import { jobIndex, nodeId, rackId } from '../../src/core/ids.js';
import type { JobSpec } from '../../src/core/workload.js';
import type { Priority } from '../../src/core/scenario.js';
import { ENGINE } from '../../src/core/engine-key.js';

const topology = makeTopology({ racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, 1);

/** A job of `maps` maps whose blocks live on the given nodes (one replica each). */
function makeJob(index: number, opts: { submitMs?: number; priority?: Priority; nodes?: number[] } = {}): Job {
  const blocks = new BlockStore(1);
  const nodes = opts.nodes ?? [0];
  const ids = Int32Array.from(nodes.map((n) => blocks.add([nodeId(n)])));
  const spec: JobSpec = { index: jobIndex(index), id: `j${index}`, pool: 'p', priority: opts.priority ?? 'NORMAL', type: 'io', submitMs: opts.submitMs ?? index,
    blocks: ids, reduces: 0, mapMs: 1000, reduceMs: 1000, copyMs: 0, bin: 1 };
  return new Job(spec, topology, blocks, 0.05);
}

describe('job ordering', () => {
  it('FIFO orders by priority, then submit time, then index', () => {
    const jobs = [makeJob(0, { submitMs: 5 }), makeJob(1, { submitMs: 1, priority: 'LOW' }), makeJob(2, { submitMs: 9, priority: 'VERY_HIGH' }), makeJob(3, { submitMs: 5 })];
    const q = new SortedJobQueue(compareFifo);
    jobs.forEach((j) => q.add(j));
    expect(q.jobs.map((j) => j.index)).toEqual([2, 0, 3, 1]);
  });

  it('FIFO ranks all five priorities VERY_HIGH, HIGH, NORMAL, LOW, VERY_LOW, whatever the submit order', () => {
    const levels = ['VERY_LOW', 'LOW', 'NORMAL', 'HIGH', 'VERY_HIGH'] as const; // submitted in this order: lowest first
    const q = new SortedJobQueue(compareFifo);
    levels.forEach((priority, i) => q.add(makeJob(i, { submitMs: i, priority })));
    expect(q.jobs.map((j) => j.spec.priority)).toEqual([...levels].reverse());
  });

  it('an incrementally updated fair queue always equals a full sort', () => {
    const rng = makeRng(5, 'queue');
    const jobs = Array.from({ length: 40 }, (_, i) => makeJob(i, { submitMs: rng.int(10), nodes: [0, 1, 2, 3, 0, 1] }));
    const cmp = compareFair('map');
    const q = new SortedJobQueue(cmp);
    jobs.slice(0, 30).forEach((j) => q.add(j));
    let live = jobs.slice(0, 30);
    for (let step = 0; step < 2000; step++) {
      const j = live[rng.int(live.length)];
      if (j.pendingMaps > 0 && rng.next() < 0.6) j.startMap(ENGINE, j.peekAny(), NODE_LOCAL);
      else if (j.runningMaps > 0) j.finishMap(ENGINE, j.mapState.indexOf(1));
      q.update(j);
      if (step % 200 === 0 && live.length > 5) {
        q.remove(live[0]);
        live = live.slice(1);
      }
      if (step % 300 === 0) {
        const next = jobs.find((x) => !live.includes(x) && x.finishedMaps === 0 && x.runningMaps === 0 && x.index >= 30);
        if (next) { q.add(next); live.push(next); }
      }
      expect(q.jobs).toEqual([...live].sort(cmp));
    }
  });
});

describe('locality caches', () => {
  it('finds node-local, rack-local and any maps, and forgets launched ones', () => {
    // nodes 0,1 in rack 0; 2,3 in rack 1
    const j = makeJob(0, { nodes: [0, 1, 2] });
    expect(j.peekNodeLocal(nodeId(0))).toBe(0);
    expect(j.peekNodeLocal(nodeId(3))).toBe(-1);
    expect(j.peekRackLocal(rackId(1))).toBe(2);
    j.startMap(ENGINE, 2, NODE_LOCAL);
    expect(j.peekRackLocal(rackId(1))).toBe(-1);
    expect(j.peekAny()).toBe(0);
    j.startMap(ENGINE, 0, NODE_LOCAL);
    expect(j.peekNodeLocal(nodeId(0))).toBe(-1);
    expect(j.peekRackLocal(rackId(0))).toBe(1);
    j.requeueMap(ENGINE, 0, topology, new BlockStore(1));
    expect(j.pendingMaps).toBe(2);
    expect(j.peekAny()).toBe(0);
    expect(() => j.finishMap(ENGINE, 0)).toThrow(/not running/);
  });

  it('a node\'s bit is exact: a launch clears it where it took the job\'s last pending map there, and says so', () => {
    const blocks = new BlockStore(3);
    const ids = Int32Array.from([blocks.add(Int32Array.of(0, 2, 3)), blocks.add(Int32Array.of(0, 3, 1)), blocks.add(Int32Array.of(1, 2, 3))]);
    const spec: JobSpec = { index: jobIndex(0), id: 'j0', pool: 'p', priority: 'NORMAL', type: 'io', submitMs: 0, blocks: ids, reduces: 0, mapMs: 1000, reduceMs: 1000, copyMs: 0, bin: 1 };
    const j = new Job(spec, topology, blocks, 0.05);
    const withMap = (): number[] => [0, 1, 2, 3].filter((n) => j.hasMapOn(nodeId(n)));
    const nodesWith: number[] = [];
    j.forEachNodeWithMap((n) => nodesWith.push(n));
    expect(nodesWith).toEqual([0, 1, 2, 3]);
    const cleared: number[] = [];
    const listener = { cleared: (n: number): void => void cleared.push(n) };
    j.startMap(ENGINE, 1, NODE_LOCAL, listener);
    expect(cleared).toEqual([]); // maps 0 and 2 are still pending on 0, 3 and 1
    j.startMap(ENGINE, 0, RACK_LOCAL, listener);
    expect(cleared).toEqual([0]);
    expect(withMap()).toEqual([1, 2, 3]);
    expect(j.peekNodeLocal(nodeId(0))).toBe(-1);
    j.startMap(ENGINE, 2, OFF_RACK, listener);
    expect(cleared).toEqual([0, 1, 2, 3]);
    expect(withMap()).toEqual([]);
    j.requeueMap(ENGINE, 1, topology, blocks); // a killed map: pending again on its three nodes
    expect(withMap()).toEqual([0, 1, 3]);
    expect([0, 1, 3].map((n) => j.peekNodeLocal(nodeId(n)))).toEqual([1, 1, 1]);
    j.startMap(ENGINE, 1, NODE_LOCAL);
    expect(withMap()).toEqual([]);
  });
});

describe('locality gates', () => {
  it('skip count: node-local only until D skips, then any until a node-local launch resets it', () => {
    const gate = makeLocalityGate({ mode: 'skip', maxSkips: 2 }, 1);
    const j = makeJob(0);
    expect(gate.allowed(j, 0)).toBe(NODE_LOCAL);
    gate.skipped(j, 10);
    expect(gate.allowed(j, 0)).toBe(NODE_LOCAL);
    gate.skipped(j, 10);
    expect(gate.allowed(j, 0)).toBe(OFF_RACK);
    gate.launched(j, OFF_RACK);
    expect(gate.allowed(j, 0)).toBe(OFF_RACK); // "as many as it likes"
    gate.launched(j, RACK_LOCAL);
    expect(gate.allowed(j, 0)).toBe(OFF_RACK);
    gate.launched(j, NODE_LOCAL);
    expect(gate.allowed(j, 0)).toBe(NODE_LOCAL);
  });

  it('two-level wait: rack after nodeMs of skipping, any after a further rackMs; a launch sets the level', () => {
    const gate = makeLocalityGate({ mode: 'wait', nodeMs: 5000, rackMs: 3000 }, 1);
    const j = makeJob(0);
    expect(gate.allowed(j, 0)).toBe(NODE_LOCAL);
    gate.skipped(j, 4999);
    expect(gate.allowed(j, 0)).toBe(NODE_LOCAL);
    gate.skipped(j, 1);
    expect(gate.allowed(j, 0)).toBe(RACK_LOCAL);
    gate.skipped(j, 2999);
    expect(gate.allowed(j, 0)).toBe(RACK_LOCAL);
    gate.skipped(j, 1);
    expect(gate.allowed(j, 0)).toBe(OFF_RACK);
    gate.launched(j, RACK_LOCAL);
    expect(gate.allowed(j, 0)).toBe(RACK_LOCAL);
    gate.launched(j, NODE_LOCAL);
    expect(gate.allowed(j, 0)).toBe(NODE_LOCAL);
  });

  it('two-level wait, as the paper\'s Algorithm 3: a wait past W1 + W2 at level NODE allows any at once, and asking moves nothing', () => {
    const gate = makeLocalityGate({ mode: 'wait', nodeMs: 500, rackMs: 500 }, 1);
    const j = makeJob(0);
    // One heartbeat gap of 1,783 ms (2 nodes, 3 s interval): past W1 + W2 in one skip. The level moved to RACK at the
    // next ask and the wait was reset there, so the job was skipped a heartbeat more before it could launch anywhere.
    gate.skipped(j, 1783);
    expect(gate.allowed(j, 0)).toBe(OFF_RACK);
    const k = makeJob(0);
    gate.launched(k, NODE_LOCAL);
    gate.skipped(k, 700);
    expect(gate.allowed(k, 0)).toBe(RACK_LOCAL);
    gate.skipped(k, 300); // 1,000 in all at level NODE: no reset at the ask above
    expect(gate.allowed(k, 0)).toBe(OFF_RACK);
  });

  it.each([
    [3000, 4500], // 1.5 x a 3 s heartbeat
    [1000, 1500],
    [10_000, 15_000],
    [12_000, 15_000], // capped at 15 s
  ])('two-level wait without nodeMs, heartbeat %i ms: Hadoop branch-1\'s min(15 s, 1.5 x heartbeat) = %i ms at each level', (heartbeatMs, waitMs) => {
    const gate = makeLocalityGate({ mode: 'wait' }, 1, heartbeatMs);
    const j = makeJob(0);
    gate.skipped(j, waitMs - 1);
    expect(gate.allowed(j, 0)).toBe(NODE_LOCAL);
    gate.skipped(j, 1);
    expect(gate.allowed(j, 0)).toBe(RACK_LOCAL);
    gate.skipped(j, waitMs - 1); // rackMs defaults to nodeMs
    expect(gate.allowed(j, 0)).toBe(RACK_LOCAL);
    gate.skipped(j, 1);
    expect(gate.allowed(j, 0)).toBe(OFF_RACK);
  });

  it('the default delay is Hadoop\'s min(15 s, (long) (1.5 x heartbeat)): truncated, so a 3,001 ms heartbeat gives 4,501 ms, not 4,502', () => {
    expect([3000, 3001, 6000, 9999, 10_001].map(defaultLocalityDelayMs)).toEqual([4500, 4501, 9000, 14_998, 15_000]);
    const j = makeJob(0, { nodes: [3] });
    const gate = makeLocalityGate({ mode: 'wait' }, 1, 3001);
    gate.skipped(j, 4501);
    expect(gate.allowed(j, 0)).toBe(RACK_LOCAL);
  });

  it('none: any locality at once', () => {
    expect(makeLocalityGate({ mode: 'none' }, 1).allowed(makeJob(0), 0)).toBe(OFF_RACK);
  });
});
