/** The replica a fluid map reads from (src/core/network/task-io.ts replicaFor), as HDFS 0.20 serves a block. */
import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../../src/core/hdfs.js';
import { nodeId } from '../../../src/core/ids.js';
import type { Job } from '../../../src/core/job.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type Locality } from '../../../src/core/locality-level.js';
import { TaskIo } from '../../../src/core/network/task-io.js';
import { makeTopology } from '../../../src/core/topology.js';
import { simulate } from '../../../src/actors/simulate.js';
import { jobsScenario, scenario } from '../../helpers.js';

/** 4 racks of 3 nodes (rack r holds nodes 3r to 3r + 2); block 0 on nodes 0 (rack 0), 3 and 4 (rack 1). */
function setUp(seed = 1) {
  const cluster = { racks: 4, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 };
  const s = scenario({ ...jobsScenario({ cluster: { ...cluster, network: { model: 'fluid' } } }), seed });
  const blocks = new BlockStore(3, 4, 4);
  blocks.add([0, 3, 4].map(nodeId));
  return { io: new TaskIo(s, makeTopology(cluster, seed), blocks), blocks };
}

/** Just what TaskIo.map reads of a job: its index and its maps' blocks (every map reads block 0). */
const job = (index: number): Job => ({ index, spec: { blocks: new Int32Array(500), type: 'io', mapMs: 10_000 } }) as unknown as Job;

/** The source node of map `map` of job `j`, attempt `attempt`, run on `node` at `locality`. */
const src = (io: TaskIo, j: number, map: number, attempt: number, node: number, locality: Locality): number =>
  io.map(job(j), map, attempt, nodeId(node), locality, 10_000).src;

/** How many of 3 jobs x 500 maps x 2 attempts on `node` read from each node. */
function spread(io: TaskIo, node: number, locality: Locality = OFF_RACK): Map<number, number> {
  const counts = new Map<number, number>();
  for (let j = 0; j < 3; j++) for (let m = 0; m < 500; m++) for (let a = 0; a < 2; a++) {
    const s = src(io, j, m, a, node, locality);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

describe('the replica a non-local map reads (HDFS 0.20: pseudoSortByDistance, then the first location)', () => {
  it('off the rack: a uniformly random replica, not always the first (3,000 reads, each replica 1/3 within 3 points)', () => {
    const counts = spread(setUp().io, 7); // node 7: rack 2, which holds none
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([0, 3, 4]);
    for (const n of counts.values()) expect(Math.abs(n / 3000 - 1 / 3)).toBeLessThan(0.03);
  });

  it('the draw is the run\'s: the same seed reads the same replicas, another seed others; a re-run attempt draws anew', () => {
    const reads = (seed: number) => Array.from({ length: 200 }, (_, m) => src(setUp(seed).io, 1, m, 0, 7, OFF_RACK));
    expect(reads(1)).toEqual(reads(1));
    expect(reads(2)).not.toEqual(reads(1));
    const { io } = setUp();
    const attempts = Array.from({ length: 200 }, (_, m) => [src(io, 1, m, 0, 7, OFF_RACK), src(io, 1, m, 1, 7, OFF_RACK)]);
    expect(attempts.filter(([a, b]) => a !== b).length).toBeGreaterThan(100); // about 2/3 of them
  });

  it.each([
    ['rack 1 (holds replicas 1 and 2): the first of them', 5, 3],
    ['rack 0 (holds replica 0): that one', 1, 0],
  ])('in the reader\'s rack, %s', (_, node, want) => {
    expect(spread(setUp().io, node, RACK_LOCAL)).toEqual(new Map([[want, 3000]]));
  });

  it('node-local: its own disk', () => {
    expect(src(setUp().io, 0, 0, 0, 3, NODE_LOCAL)).toBe(3);
  });

  it('a replica a replication policy added (appended last) serves off-rack reads as often as the others, and its rack\'s', () => {
    const { io, blocks } = setUp();
    blocks.addReplica(0, nodeId(9)); // rack 3, as DynamicReplicas does when a copy lands
    const counts = spread(io, 7);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([0, 3, 4, 9]);
    for (const n of counts.values()) expect(Math.abs(n / 3000 - 1 / 4)).toBeLessThan(0.03);
    expect(spread(io, 10, RACK_LOCAL)).toEqual(new Map([[9, 3000]]));
  });
});

describe('a lone local task takes its given time on the fluid model, as on the flat one', () => {
  // The compute was the given time less start-up and the write, rounded to the nearest ms: a fraction of a ms of write
  // (64 KB at 200 MB/s: 0.32 ms) ended a map given 5,000 ms just past the heartbeat at 5,000 ms, so the master heard
  // of it a heartbeat late (6,221 ms against 5,221 flat), and a reduce given 4,000 ms likewise.
  const lone = (model: 'flat' | 'fluid', heartbeatMs: number, mapMs: number, reduces: number, reduceMs: number) => scenario({
    name: 'lone', seed: 1,
    cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs, network: { model } },
    hdfs: { replication: 1, blockMB: 64 }, tasks: { durationJitter: 0 }, scheduler: { policy: 'fifo' },
    workload: { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: [{ id: 'j', submitMs: 0, input: 'f', type: 'io', mapMs, reduces, ...(reduces > 0 ? { reduceMs } : {}) }] },
  });
  it.each([[1000, 5000, 0, 0], [1000, 5000, 1, 4000], [100, 5000, 1, 4000], [3000, 9000, 1, 6000], [250, 2750, 0, 0]])('heartbeat %i ms, map %i ms, %i reduce of %i ms', async (heartbeatMs, mapMs, reduces, reduceMs) => {
    const finish = async (model: 'flat' | 'fluid') => (await simulate(lone(model, heartbeatMs, mapMs, reduces, reduceMs), { timeDecisions: false })).jobs.map((j) => j.finishMs);
    expect(await finish('fluid')).toEqual(await finish('flat'));
  });
});
