/**
 * A workload's build told as it goes: a SWIM day of 70,000 rows (46 M maps) took 5-7 s to build with nothing on
 * stderr, before a run's bar. Its blocks placed are told (buildWorkload's onPlaced, simulate()'s onBuildProgress),
 * read-only: the same blocks and digest with or without a listener, on one thread or several.
 */
import { describe, expect, it } from 'vitest';
import { BLOCKS_BETWEEN_TURNS, buildWorkloadOnThreads } from '../../src/actors/place-threads.js';
import { type BuildProgress, type RunProgress, buildTicker } from '../../src/actors/run-progress.js';
import { simulate } from '../../src/actors/simulate.js';
import type { BlockStore } from '../../src/core/hdfs.js';
import { BLOCKS_TOLD } from '../../src/core/placement.js';
import { makeRng } from '../../src/core/rng.js';
import { parseScenario } from '../../src/core/scenario.js';
import { makeTopology } from '../../src/core/topology.js';
import { JOBS_TOLD, buildWorkload, planWorkload } from '../../src/core/workload.js';
import { loadVariant } from '../helpers.js';

const replicasOf = (b: BlockStore): number[][] => Array.from({ length: b.blocks }, (_, id) => Array.from({ length: b.replicaCount(id) }, (_, i) => b.replica(id, i)));

/** Files of more blocks than are placed between tellings, one of them alone more (a file is told within). */
function scenario() {
  const parsed = parseScenario({ name: 'w', seed: 3, cluster: { racks: 3, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, hdfs: { replication: 2 },
    workload: { kind: 'jobs', files: [{ name: 'x', blocks: BLOCKS_TOLD + 1000 }, { name: 'y', blocks: 2, replicas: [[0, 5], [11]] }, { name: 'z', blocks: 2 * BLOCKS_TOLD + 7 }],
      jobs: [{ id: 'j1', input: 'x', mapMs: 1000 }, { id: 'j2', input: 'y', mapMs: 1000 }, { id: 'j3', input: 'z', mapMs: 1000 }] } });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.value;
}
const PLACED = 3 * BLOCKS_TOLD + 1007;

function parseOrThrow(raw: unknown) {
  const parsed = parseScenario(raw);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.value;
} // the listed file's 2 blocks are stored as listed, not placed

describe('buildWorkload onPlaced', () => {
  it('tells the blocks placed of all, rising, within a large file too, ending with all; the blocks are the same', () => {
    const s = scenario();
    const topology = makeTopology(s.cluster, s.seed);
    const told: Array<[number, number]> = [];
    const watched = buildWorkload(s, topology, makeRng(s.seed), undefined, (placed, total) => told.push([placed, total]));
    const plain = buildWorkload(s, topology, makeRng(s.seed));
    expect(replicasOf(watched.blocks)).toEqual(replicasOf(plain.blocks));
    expect(told).toEqual([[BLOCKS_TOLD, PLACED], [2 * BLOCKS_TOLD, PLACED], [3 * BLOCKS_TOLD, PLACED], [PLACED, PLACED]]);
  });

  it('on several threads: rising, ending once with all, the same blocks as one thread', async () => {
    const s = scenario();
    const topology = makeTopology(s.cluster, s.seed);
    const told: Array<[number, number]> = [];
    const many = await buildWorkloadOnThreads(s, topology, makeRng(s.seed), undefined, 2, 0, { placed: (placed, total) => told.push([placed, total]) });
    expect(replicasOf(many.blocks)).toEqual(replicasOf(buildWorkload(s, topology, makeRng(s.seed)).blocks));
    expect(told.length).toBeGreaterThan(1);
    expect(told.every(([, total]) => total === PLACED)).toBe(true);
    expect(told.map(([p]) => p)).toEqual([...told.map(([p]) => p)].sort((a, b) => a - b));
    expect(told.filter(([p]) => p === PLACED)).toHaveLength(1);
    expect(told.at(-1)).toEqual([PLACED, PLACED]);
  });
});

describe('buildWorkloadOnThreads told, on this thread', () => {
  it('lets the event loop turn between slices of its files (a Ctrl-C clears the bar then), the same blocks', async () => {
    const file = BLOCKS_BETWEEN_TURNS / 2 + 1; // two files a slice
    const parsed = parseScenario({ name: 'w', seed: 3, cluster: { racks: 3, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, hdfs: { replication: 2 },
      workload: { kind: 'jobs', files: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, blocks: file })), jobs: [{ id: 'j1', input: 'a', mapMs: 1000 }] } });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const s = parsed.value;
    const topology = makeTopology(s.cluster, s.seed);
    let turned = false;
    setImmediate(() => { turned = true; });
    const told: Array<[number, boolean]> = [];
    const built = await buildWorkloadOnThreads(s, topology, makeRng(s.seed), undefined, 1, undefined, { placed: (placed) => told.push([placed, turned]) });
    expect(replicasOf(built.blocks)).toEqual(replicasOf(buildWorkload(s, topology, makeRng(s.seed)).blocks));
    expect(told.find(([p]) => p > 2 * file)?.[1]).toBe(true); // past the first slice, the loop had turned
    expect(told.filter(([p]) => p <= 2 * file).every(([, t]) => !t)).toBe(true);
    expect(told.at(-1)![0]).toBe(5 * file);
  });
});

describe('planWorkload onDrawn', () => {
  const topology = makeTopology(parseOrThrow({ name: 't', workload: { kind: 'facebook', jobs: 1 } }).cluster, 1);
  it.each([
    ['facebook', { kind: 'facebook', jobs: 3 * JOBS_TOLD + 5, sizes: 'distribution', meanInterarrivalMs: 100 }, 3 * JOBS_TOLD + 5],
    ['generated', { kind: 'generated', groups: [{ name: 'a', count: 2 * JOBS_TOLD, maps: 1, mapMs: 1000, reduces: 0, intervalMs: 10, arrivals: 'exponential' }, { name: 'b', count: 7, maps: 2, mapMs: 1000, reduces: 0 }] }, 2 * JOBS_TOLD + 7],
  ])('%s: tells the jobs drawn of all, rising, ending with all; the same jobs and blocks', (_, workload, total) => {
    const s = parseOrThrow({ name: 'w', seed: 4, workload });
    const told: Array<[number, number]> = [];
    const watched = planWorkload(s, topology, makeRng(s.seed), undefined, (drawn, all) => told.push([drawn, all]));
    const plain = planWorkload(s, topology, makeRng(s.seed));
    expect(watched.jobs).toEqual(plain.jobs);
    expect(watched.plan.placed).toEqual(plain.plan.placed);
    expect(told.length).toBeGreaterThan(1);
    expect(told.every(([, all]) => all === total)).toBe(true);
    expect(told.map(([d]) => d)).toEqual([...told.map(([d]) => d)].sort((a, b) => a - b));
    expect(told.at(-1)).toEqual([total, total]);
  });
});

describe('simulate onBuildProgress', () => {
  const RUN = loadVariant('fb-macro-io.json', 'Fair + delay', [['workload.jobs', 30]]);

  it('is told the build, every block placed, before the run\'s first progress; the digest is the same', async () => {
    const events: Array<BuildProgress | RunProgress> = [];
    const plain = await simulate(RUN, { timeDecisions: false });
    const watched = await simulate(RUN, { timeDecisions: false, onBuildProgress: (p) => events.push(p), onProgress: (p) => events.push(p), progressEveryMs: 0 });
    expect(watched.digest).toBe(plain.digest);
    const builds = events.filter((e): e is BuildProgress => 'blocksPlaced' in e);
    expect(builds.length).toBeGreaterThanOrEqual(1);
    const last = builds.at(-1)!;
    expect(last.blocksPlaced).toBe(last.blocks);
    expect(last.blocks).toBeGreaterThan(0);
    expect(events.indexOf(last)).toBe(builds.length - 1); // every build telling before any of the run's
  });

  it('a Facebook mix: tells its jobs drawn (jobsDrawn of jobs) before its blocks placed', async () => {
    const builds: BuildProgress[] = [];
    const plain = await simulate(RUN, { timeDecisions: false });
    const watched = await simulate(RUN, { timeDecisions: false, progressEveryMs: 0, onBuildProgress: (p) => builds.push(p) });
    expect(watched.digest).toBe(plain.digest);
    const drawing = builds.filter((b) => b.jobsDrawn !== undefined);
    expect(drawing.at(-1)).toMatchObject({ jobsDrawn: 30, jobs: 30 });
    expect(builds.indexOf(drawing.at(-1)!)).toBe(drawing.length - 1); // every drawing telling before the blocks'
    expect(builds.at(-1)!.blocksPlaced).toBe(builds.at(-1)!.blocks);
  });

  it('the last drawing is told however soon it comes, as the last placing is (the bar sat at 901120/1000000 jobs drawn)', () => {
    const told: BuildProgress[] = [];
    const ticker = buildTicker((p) => told.push(p), 1e9);
    for (let n = 1; n <= 3; n++) ticker.drawn(n, 3);
    for (let n = 1; n <= 3; n++) ticker.placed(n, 3);
    expect(told).toEqual([{ jobsDrawn: 3, jobs: 3, blocksPlaced: 0, blocks: 0 }, { blocksPlaced: 3, blocks: 3 }]);
  });

  it('on build threads too, the same digest', async () => {
    const builds: BuildProgress[] = [];
    const plain = await simulate(RUN, { timeDecisions: false });
    const watched = await simulate(RUN, { timeDecisions: false, buildThreads: 2, onBuildProgress: (p) => builds.push(p) });
    expect(watched.digest).toBe(plain.digest);
    expect(builds.at(-1)!.blocksPlaced).toBe(builds.at(-1)!.blocks);
  });

  it('refuses a listener that is not a function', async () => {
    await expect(simulate(RUN, { onBuildProgress: 5 as never })).rejects.toThrow(/options\.onBuildProgress: must be a function, not/);
  });
});
