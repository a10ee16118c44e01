/**
 * Review stress: the kept HFS order against hfsOrder on larger trees and pools than test/core/hfs-order.test.ts, with
 * few reads (many changes pending at once: the re-walk path, nested moves), deep parent chains, and stretches past
 * SPREAD_MAX (4096 jobs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE } from '../../src/core/engine-key.js';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import { hfsOrder } from '../../src/core/policies/hfs.js';
import { HfsQueue } from '../../src/core/policies/hfs-order.js';
import { PoolSet } from '../../src/core/pools.js';
import { PRIORITIES } from '../../src/core/priority.js';
import { KINDS, type SlotKind } from '../../src/core/slot-kind.js';
import { RUNNING } from '../../src/core/task-state.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';

const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);
const ids = (jobs: readonly Job[]) => jobs.map((j) => j.spec.id);
const shares = (set: PoolSet, kind: SlotKind) => [...set.pools, ...set.parentPools].map((n) => `${n.name}:${n.share(kind).running}/${n.share(kind).demand}`);

const configArb = fc.record({
  parents: fc.array(fc.record({ parent: fc.nat(), root: fc.boolean(), weight: fc.constantFrom(0.5, 1, 3), minMaps: fc.integer({ min: 0, max: 6 }),
    extraMaps: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }), maxRunningJobs: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined, freq: 4 }) }), { maxLength: 8 }),
  pools: fc.array(fc.record({ parent: fc.option(fc.nat(), { nil: undefined }), weight: fc.constantFrom(0.5, 1, 2, 3), minMaps: fc.integer({ min: 0, max: 6 }),
    minReduces: fc.integer({ min: 0, max: 3 }), extraMaps: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
    extraReduces: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), mode: fc.constantFrom('fifo', 'fair', undefined),
    maxRunningJobs: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined, freq: 4 }) }), { minLength: 1, maxLength: 24 }),
  sizeBasedWeight: fc.boolean(),
  copyComputeSplit: fc.boolean(),
  defaultSchedulingMode: fc.constantFrom('fifo', 'fair'),
  userMaxJobsDefault: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined, freq: 4 }),
});
const eventArb = fc.record({
  kind: fc.constantFrom('arrive', 'arrive', 'arrive', 'launchMap', 'launchMap', 'launchMap', 'endMap', 'endMap', 'killMap', 'launchReduce', 'launchReduce', 'endReduce', 'killReduce'),
  which: fc.nat(),
  pool: fc.nat({ max: 40 }),
  user: fc.constantFrom('u0', 'u1', 'u2', undefined),
  priority: fc.constantFrom(...PRIORITIES),
  maps: fc.integer({ min: 1, max: 6 }),
  reduces: fc.integer({ min: 0, max: 3 }),
  read: fc.integer({ min: 0, max: 29 }),
});

describe('the kept HFS order, stressed', () => {
  it('equals hfsOrder on big trees with many changes between reads', () => {
    fc.assert(fc.property(configArb, fc.array(eventArb, { minLength: 50, maxLength: 500, size: 'max' }), (c, events) => {
      // parent i's parent is one made before it (a chain as deep as the list, often)
      const parentPools = c.parents.map((p, i) => ({ name: `P${i}`, parent: i === 0 || p.root ? undefined : `P${p.parent % i}`, weight: p.weight, minMaps: p.minMaps,
        maxMaps: p.extraMaps === undefined ? undefined : p.minMaps + p.extraMaps, maxRunningJobs: p.maxRunningJobs }));
      const pools = c.pools.map((p, i) => ({ name: `p${i}`, parent: p.parent === undefined || c.parents.length === 0 ? undefined : `P${p.parent % c.parents.length}`,
        weight: p.weight, minMaps: p.minMaps, minReduces: p.minReduces, schedulingMode: p.mode, maxRunningJobs: p.maxRunningJobs,
        maxMaps: p.extraMaps === undefined ? undefined : p.minMaps + p.extraMaps, maxReduces: p.extraReduces === undefined ? undefined : p.minReduces + p.extraReduces }));
      const sc = scenario({ scheduler: { policy: 'hfs', parentPools, pools, sizeBasedWeight: c.sizeBasedWeight, copyComputeSplit: c.copyComputeSplit,
        defaultSchedulingMode: c.defaultSchedulingMode, userMaxJobsDefault: c.userMaxJobsDefault },
      workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
      const names = [...pools.map((p) => p.name), 'new0', 'new1', ...parentPools.map((p) => `${p.name}.new`)];
      const set = new PoolSet(sc, 200, 60);
      const queues = { map: new HfsQueue(set, 'map'), reduce: new HfsQueue(set, 'reduce') };
      const active: Job[] = [];
      const blocksOf = new Map<Job, BlockStore>();
      let next = 0;
      let t = 0;
      const read = (kind: SlotKind): void => {
        const kept = ids(queues[kind].jobs);
        const measured = shares(set, kind);
        expect(kept, `${kind} order`).toEqual(ids(hfsOrder(set, kind)));
        expect(measured, `${kind} shares`).toEqual(shares(set, kind));
      };
      const pick = (jobs: Job[], which: number): Job | undefined => (jobs.length === 0 ? undefined : jobs[which % jobs.length]);
      const finishIfDone = (job: Job): void => {
        if (!job.done) return;
        active.splice(active.indexOf(job), 1);
        queues.map.remove(job);
        queues.reduce.remove(job);
        set.remove(job);
      };
      for (const e of events) {
        t += 1000;
        if (e.kind === 'arrive') {
          const blocks = new BlockStore(1);
          const input = Int32Array.from({ length: e.maps }, (_, i) => blocks.add([nodeId(i % 4)]));
          const index = next++;
          const job = new Job({ index: jobIndex(index), id: `j${index}`, pool: names[e.pool % names.length], user: e.user, priority: e.priority, type: 'io',
            submitMs: t, blocks: input, reduces: e.reduces, mapMs: 1, reduceMs: 1, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
          active.push(job);
          blocksOf.set(job, blocks);
          set.add(job);
          queues.map.add(job);
          if (job.reducesReady) queues.reduce.add(job);
        } else if (e.kind === 'launchMap') {
          const job = pick(active.filter((j) => set.isRunnable(j) && j.pendingMaps > 0), e.which);
          if (job !== undefined) {
            job.startMap(ENGINE, job.peekAny(), 0);
            if (job.pendingMaps === 0) queues.map.remove(job);
            else queues.map.update(job);
          }
        } else if (e.kind === 'endMap' || e.kind === 'killMap') {
          const job = pick(active.filter((j) => j.runningMaps > 0), e.which);
          if (job !== undefined) {
            const m = job.mapState.indexOf(RUNNING);
            if (e.kind === 'killMap') {
              job.requeueMap(ENGINE, m, topology, blocksOf.get(job)!);
              queues.map.add(job);
            } else {
              job.finishMap(ENGINE, m);
              queues.map.update(job);
              if (job.finishedMaps === job.slowStartMaps && job.pendingReduces > 0) queues.reduce.add(job);
              if (job.finishedMaps === job.maps) job.mapsDoneAt(ENGINE, t);
              finishIfDone(job);
            }
          }
        } else if (e.kind === 'launchReduce') {
          const job = pick(active.filter((j) => set.isRunnable(j) && j.reducesReady && (!c.copyComputeSplit || j.mapsDoneMs >= 0)), e.which);
          if (job !== undefined) {
            job.startReduce(ENGINE, job.peekReduce(), t);
            if (job.pendingReduces === 0) queues.reduce.remove(job);
            else queues.reduce.update(job);
          }
        } else {
          const job = pick(active.filter((j) => j.runningReduces > 0), e.which);
          if (job !== undefined) {
            const r = job.reduceState.indexOf(RUNNING);
            if (e.kind === 'killReduce') {
              job.requeueReduce(ENGINE, r);
              queues.reduce.add(job);
            } else {
              job.finishReduce(ENGINE, r);
              queues.reduce.update(job);
              finishIfDone(job);
            }
          }
        }
        // rare reads: many changes pend at once
        if (e.read === 0) read('map');
        if (e.read === 1) read('reduce');
        if (e.read === 2) {
          read('map');
          read('reduce');
        }
      }
      for (const kind of KINDS) read(kind);
    }), { numRuns: 200 });
  });
});
