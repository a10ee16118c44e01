/** Blocks placed on several threads (src/actors/place-threads.ts): the jobs and every block's replicas of one thread's build. */
import { describe, expect, it } from 'vitest';
import { buildWorkloadOnThreads, splitFiles } from '../../src/actors/place-threads.js';
import type { BlockStore } from '../../src/core/hdfs.js';
import { BlockPlan } from '../../src/core/placement.js';
import { makeRng } from '../../src/core/rng.js';
import { parseScenario } from '../../src/core/scenario.js';
import { makeTopology } from '../../src/core/topology.js';
import { buildWorkload } from '../../src/core/workload.js';

const replicasOf = (b: BlockStore): number[][] => Array.from({ length: b.blocks }, (_, id) => Array.from({ length: b.replicaCount(id) }, (_, i) => b.replica(id, i)));

const cluster = { racks: 3, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 };
const workloads: Array<[string, unknown]> = [
  ['facebook', { kind: 'facebook', jobs: 60, sizes: 'distribution', meanInterarrivalMs: 1000, type: 'mixed' }],
  ['generated', { kind: 'generated', groups: [{ name: 'a', count: 7, maps: 30, mapMs: 1000, reduces: 1, intervalMs: 100 }, { name: 'b', count: 3, maps: 500, mapMs: 1000, reduces: 1, intervalMs: 300 }] }],
  ['jobs, listed replicas between placed files', { kind: 'jobs', files: [{ name: 'x', blocks: 40 }, { name: 'y', blocks: 2, replicas: [[0, 5], [11]] }, { name: 'z', blocks: 90 }],
    jobs: [{ id: 'j1', input: 'x', mapMs: 1000 }, { id: 'j2', input: 'y', mapMs: 1000 }, { id: 'j3', input: 'z', mapMs: 1000 }] }],
];

describe('buildWorkloadOnThreads', () => {
  it.each(workloads)('%s: the same jobs and blocks on 1, 2 and 5 threads as buildWorkload', async (_, workload) => {
    const parsed = parseScenario({ name: 'w', seed: 9, cluster, hdfs: { replication: 2 }, workload });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const s = parsed.value;
    const topology = makeTopology(s.cluster, s.seed);
    const one = buildWorkload(s, topology, makeRng(s.seed));
    for (const threads of [1, 2, 5]) {
      const many = await buildWorkloadOnThreads(s, topology, makeRng(s.seed), undefined, threads, 0); // 0: threads whatever the size
      expect(many.jobs).toEqual(one.jobs);
      expect(replicasOf(many.blocks)).toEqual(replicasOf(one.blocks));
    }
  });
});

describe('splitFiles', () => {
  it('cuts the files into contiguous ranges of about equal blocks, each file in one', () => {
    const plan = new BlockPlan();
    for (const [name, n] of [['a', 10], ['b', 10], ['c', 40], ['d', 5], ['e', 35]] as const) plan.addFile(name, n);
    const ranges = splitFiles(plan, 2);
    expect(ranges.map((r) => r.map((f) => f.name).join(''))).toEqual(['abc', 'de']);
    expect(splitFiles(plan, 10).flat()).toEqual(plan.placed);
    expect(splitFiles(plan, 1)).toEqual([plan.placed]);
  });
});
