/**
 * The starvation clocks an arrival stamps (pools.ts stampAtArrival): its count of the pool's running tasks stops once
 * they reach both thresholds; the decision it stamps, starved or not for min share and for fair share, of maps and of
 * reduces, is the one a full count of the pool's jobs gives, on random pools, jobs, thresholds and arrivals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE } from '../../src/core/engine-key.js';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import { jobDemand, jobRunning } from '../../src/core/job-demand.js';
import { type Pool, belowFairShare, belowMinShare } from '../../src/core/pool.js';
import { PoolSet } from '../../src/core/pools.js';
import { KINDS, type SlotKind } from '../../src/core/slot-kind.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';

const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);

const poolArb = fc.record({
  minMaps: fc.integer({ min: 0, max: 8 }),
  minReduces: fc.integer({ min: 0, max: 4 }),
  maxMaps: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
  maxReduces: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  maxRunningJobs: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 3 }),
  fairSharePreemptionThreshold: fc.option(fc.constantFrom(0, 0.3, 0.5, 0.7, 0.9, 1), { nil: undefined }),
});
/** A job: its pool (past the listed ones: one the job names), its tasks, and those started and finished after the tick. */
const jobArb = fc.record({
  pool: fc.nat({ max: 5 }),
  maps: fc.integer({ min: 1, max: 8 }),
  reduces: fc.integer({ min: 0, max: 4 }),
  slowStart: fc.constantFrom(0, 0.5, 1),
  doneMaps: fc.nat({ max: 8 }),
  runMaps: fc.nat({ max: 8 }),
  doneReduces: fc.nat({ max: 4 }),
  runReduces: fc.nat({ max: 4 }),
});
const caseArb = fc.record({
  pools: fc.array(poolArb, { minLength: 1, maxLength: 4 }),
  mapSlots: fc.integer({ min: 1, max: 30 }),
  reduceSlots: fc.integer({ min: 1, max: 12 }),
  copyComputeSplit: fc.boolean(),
  fairSharePreemptionThreshold: fc.option(fc.constantFrom(0.2, 0.5, 0.8), { nil: undefined }),
  jobs: fc.array(jobArb, { maxLength: 14 }),
  /** Arrivals after the tick: a job's pool, whether it comes at the same time as the one before, and tasks launched before it. */
  arrivals: fc.array(fc.record({ pool: fc.nat({ max: 5 }), sameTime: fc.boolean(), launch: fc.nat({ max: 3 }) }), { minLength: 1, maxLength: 4 }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;

let next = 0;
function newJob(pool: string, maps: number, reduces: number, slowStart: number, submitMs: number): Job {
  const blocks = new BlockStore(1);
  const input = Int32Array.from({ length: maps }, (_, i) => blocks.add([nodeId(i % 4)]));
  const index = next++;
  return new Job({ index: jobIndex(index), id: `j${index}`, pool, priority: 'NORMAL', type: 'io', submitMs, blocks: input, reduces,
    mapMs: 1, reduceMs: 1, copyMs: 0, bin: 1 }, topology, blocks, slowStart);
}

/** Finishes up to `done` maps, then starts up to `run`; the same for reduces, as far as slow start lets them launch. */
function progress(job: Job, j: Case['jobs'][number], nowMs: number): void {
  for (let i = 0; i < j.doneMaps && job.pendingMaps > 0; i++) {
    const m = job.peekAny();
    job.startMap(ENGINE, m, 0);
    job.finishMap(ENGINE, m);
  }
  if (job.finishedMaps === job.maps) job.mapsDoneAt(ENGINE, nowMs);
  for (let i = 0; i < j.runMaps && job.pendingMaps > 0; i++) job.startMap(ENGINE, job.peekAny(), 0);
  for (let i = 0; i < j.doneReduces && job.reducesReady; i++) {
    const r = job.peekReduce();
    job.startReduce(ENGINE, r, nowMs);
    job.finishReduce(ENGINE, r);
  }
  for (let i = 0; i < j.runReduces && job.reducesReady; i++) job.startReduce(ENGINE, job.peekReduce(), nowMs);
}

/** The clocks `pool`'s share of `kind` reads after an arrival at `nowMs`, from a count of every one of its jobs. */
function stampedByFullCount(set: PoolSet, pool: Pool, kind: SlotKind, nowMs: number): [number, number] {
  const s = pool.share(kind);
  let running = 0;
  let demand = 0;
  for (const job of pool.jobs) {
    running += jobRunning(job, kind);
    if (set.isRunnable(job)) demand += jobDemand(job, kind, set.config.copyComputeSplit);
  }
  const capped = Math.min(demand, s.maxTasks);
  const atMin = !belowMinShare(s, running, capped);
  const atHalf = !belowFairShare(s, pool.fairShareThreshold, running, capped);
  return [atMin ? Math.max(nowMs, s.lastTimeAtMinShare) : s.lastTimeAtMinShare, atHalf ? Math.max(nowMs, s.lastTimeAtHalfFairShare) : s.lastTimeAtHalfFairShare];
}

describe('the starvation clocks an arrival stamps', () => {
  it('stamp what a full count of the pool\'s running tasks and demand decides, though the count stops at both thresholds', () => {
    fc.assert(fc.property(caseArb, (c) => {
      next = 0;
      const names = [...c.pools.map((_, i) => `p${i}`), 'new'];
      const raw = { policy: 'hfs', copyComputeSplit: c.copyComputeSplit, fairSharePreemptionThreshold: c.fairSharePreemptionThreshold,
        pools: c.pools.map((p, i) => ({ name: `p${i}`, ...p, minMaps: Math.min(p.minMaps, p.maxMaps ?? Infinity), minReduces: Math.min(p.minReduces, p.maxReduces ?? Infinity) })) };
      const sc = scenario({ scheduler: JSON.parse(JSON.stringify(raw)), workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
      const set = new PoolSet(sc, c.mapSlots, c.reduceSlots);
      const jobs = c.jobs.map((j, i) => newJob(names[j.pool % names.length], j.maps, j.reduces, j.slowStart, i));
      jobs.forEach((job) => set.add(job));
      set.update(1000); // the fair shares the arrivals read: the last tick's
      jobs.forEach((job, i) => progress(job, c.jobs[i], 1000));
      let t = 2000;
      for (const a of c.arrivals) {
        if (!a.sameTime) t += 500;
        const name = names[a.pool % names.length];
        const pool = set.pool(name);
        for (let i = 0; i < a.launch; i++) {
          const job = pool?.jobs.find((j) => j.pendingMaps > 0 || j.reducesReady);
          if (job?.pendingMaps) job.startMap(ENGINE, job.peekAny(), 0);
          else job?.startReduce(ENGINE, job.peekReduce(), t);
        }
        const want = pool === undefined ? undefined : KINDS.map((kind) => stampedByFullCount(set, pool, kind, t));
        set.add(newJob(name, 1, 1, 0.05, t), t);
        if (pool !== undefined) expect(KINDS.map((kind) => [pool.share(kind).lastTimeAtMinShare, pool.share(kind).lastTimeAtHalfFairShare]), `${name} at ${t}`).toEqual(want);
      }
    }), { numRuns: 1000 });
  });
});
