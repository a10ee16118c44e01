/**
 * The HFS order kept between reads (hfs-order.ts) against the plain one rebuilt whole (hfs.ts's hfsOrder), on random
 * pool trees, caps, job limits, scheduling modes and events, read after some events and not others: the same jobs in
 * the same order at every read, of both kinds, and the same running and demand in every pool's and parent pool's share.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE } from '../../src/core/engine-key.js';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import { hfsOrder } from '../../src/core/policies/hfs.js';
import { HfsQueue } from '../../src/core/policies/hfs-order.js';
import { KeyedList } from '../../src/core/policies/keyed-list.js';
import { PoolSet } from '../../src/core/pools.js';
import { PRIORITIES } from '../../src/core/priority.js';
import { KINDS, type SlotKind } from '../../src/core/slot-kind.js';
import { RUNNING } from '../../src/core/task-state.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';

const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);

const parentArb = (i: number) => fc.record({
  parent: i === 0 ? fc.constant(undefined) : fc.option(fc.integer({ min: 0, max: i - 1 }), { nil: undefined }),
  weight: fc.constantFrom(0.5, 1, 3),
  minMaps: fc.integer({ min: 0, max: 3 }),
  extraMaps: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  maxRunningJobs: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});
const poolArb = fc.record({
  parent: fc.option(fc.nat(), { nil: undefined }),
  weight: fc.constantFrom(0.5, 1, 2, 3),
  minMaps: fc.integer({ min: 0, max: 4 }),
  minReduces: fc.integer({ min: 0, max: 2 }),
  extraMaps: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  extraReduces: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  mode: fc.constantFrom('fifo', 'fair', undefined),
  maxRunningJobs: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});
const configArb = fc.record({
  parents: fc.integer({ min: 0, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => parentArb(i)))),
  pools: fc.array(poolArb, { minLength: 1, maxLength: 6 }),
  sizeBasedWeight: fc.boolean(),
  copyComputeSplit: fc.boolean(),
  defaultSchedulingMode: fc.constantFrom('fifo', 'fair'),
  userMaxJobsDefault: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});
const KINDS_OF_EVENT = ['arrive', 'arrive', 'launchMap', 'launchMap', 'launchMap', 'endMap', 'endMap', 'killMap', 'launchReduce', 'launchReduce', 'endReduce', 'killReduce', 'changed'] as const;
const eventArb = fc.record({
  kind: fc.constantFrom(...KINDS_OF_EVENT),
  which: fc.nat(),
  /** An arrival's pool: a listed one by index, or (past them) one the job names, made at its arrival. */
  pool: fc.nat({ max: 8 }),
  user: fc.constantFrom('u0', 'u1', undefined),
  priority: fc.constantFrom(...PRIORITIES),
  maps: fc.integer({ min: 1, max: 6 }),
  reduces: fc.integer({ min: 0, max: 3 }),
  /** Which kinds to read after the event: 0 none, 1 maps, 2 reduces, 3 both. */
  read: fc.integer({ min: 0, max: 3 }),
});

type Config = typeof configArb extends fc.Arbitrary<infer C> ? C : never;

function poolSetOf(c: Config): { set: PoolSet; names: string[] } {
  const parentPools = c.parents.map((p, i) => ({ name: `P${i}`, parent: p.parent === undefined ? undefined : `P${p.parent}`, weight: p.weight, minMaps: p.minMaps,
    maxMaps: p.extraMaps === undefined ? undefined : p.minMaps + p.extraMaps, maxRunningJobs: p.maxRunningJobs }));
  const pools = c.pools.map((p, i) => ({ name: `p${i}`, parent: p.parent === undefined || c.parents.length === 0 ? undefined : `P${p.parent % c.parents.length}`,
    weight: p.weight, minMaps: p.minMaps, minReduces: p.minReduces, schedulingMode: p.mode, maxRunningJobs: p.maxRunningJobs,
    maxMaps: p.extraMaps === undefined ? undefined : p.minMaps + p.extraMaps, maxReduces: p.extraReduces === undefined ? undefined : p.minReduces + p.extraReduces }));
  const sc = scenario({ scheduler: { policy: 'hfs', parentPools, pools, sizeBasedWeight: c.sizeBasedWeight, copyComputeSplit: c.copyComputeSplit,
    defaultSchedulingMode: c.defaultSchedulingMode, userMaxJobsDefault: c.userMaxJobsDefault },
  workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
  // pools a job names that no list holds: one at the root, one under a parent pool (made there, as YARN does)
  const names = [...pools.map((p) => p.name), 'new', ...(c.parents.length > 0 ? ['P0.new'] : [])];
  return { set: new PoolSet(sc, 40, 12), names };
}

const ids = (jobs: readonly Job[]) => jobs.map((j) => j.spec.id);

/** The running and demand of one kind in every pool's and parent pool's share, as they stand. */
const shares = (set: PoolSet, kind: SlotKind) => [...set.pools, ...set.parentPools].map((n) => `${n.name}:${n.share(kind).running}/${n.share(kind).demand}`);

describe('the kept HFS order', () => {
  it('gives hfsOrder\'s jobs in hfsOrder\'s order at every read, and its shares, over random trees, caps, limits and events', () => {
    fc.assert(fc.property(configArb, fc.array(eventArb, { minLength: 10, maxLength: 120, size: 'max' }), (c, events) => {
      const { set, names } = poolSetOf(c);
      const queues = { map: new HfsQueue(set, 'map'), reduce: new HfsQueue(set, 'reduce') };
      const active: Job[] = [];
      const blocksOf = new Map<Job, BlockStore>();
      let next = 0;
      let t = 0;
      const read = (kind: SlotKind): void => {
        const kept = ids(queues[kind].jobs);
        const measured = shares(set, kind); // as the kept order measured them
        expect(kept, `${kind} order after ${next} arrivals`).toEqual(ids(hfsOrder(set, kind)));
        expect(measured, `${kind} shares`).toEqual(shares(set, kind)); // hfsOrder re-measured every pool
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
          const job = pick(active.filter((j) => set.isRunnable(j) && j.reducesReady), e.which);
          if (job !== undefined) {
            job.startReduce(ENGINE, job.peekReduce(), t);
            if (job.pendingReduces === 0) queues.reduce.remove(job);
            else queues.reduce.update(job);
          }
        } else if (e.kind === 'endReduce' || e.kind === 'killReduce') {
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
        } else {
          // a change no queue hears of, then changed(): the order is rebuilt whole (as tests and plugins use it)
          const job = pick(active.filter((j) => set.isRunnable(j) && j.pendingMaps > 0), e.which);
          if (job !== undefined) job.startMap(ENGINE, job.peekAny(), 0);
          set.changed();
        }
        if (e.read & 1) read('map');
        if (e.read & 2) read('reduce');
      }
      for (const kind of KINDS) read(kind);
    }), { numRuns: 300 });
  });
});

describe('KeyedList', () => {
  it('reads in the order a full sort by the current keys gives, after any mix of puts, moves and removals', () => {
    fc.assert(fc.property(fc.array(fc.record({ item: fc.nat({ max: 30 }), key: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }), read: fc.boolean() }), { maxLength: 200 }), (ops) => {
      // keys tie-broken by the item: a total order, as the list asks
      const list = new KeyedList<number, [number, number]>((a, b) => a[0] - b[0] || a[1] - b[1]);
      const now = new Map<number, number>();
      for (const op of ops) {
        list.set(op.item, op.key === undefined ? undefined : [op.key, op.item]);
        if (op.key === undefined) now.delete(op.item);
        else now.set(op.item, op.key);
        if (op.read) expect(list.items).toEqual([...now].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map((e) => e[0]));
      }
    }), { numRuns: 300 });
  });
});
