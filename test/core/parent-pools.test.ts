/**
 * Parent pools (YARN's Fair Scheduler parent queues): fair shares divided top down, pools offered a level at a time by
 * the FairShareComparator, a parent's caps and job limit over its whole subtree, and the schema's checks of the tree.
 * Parent queues of the capacity scheduler (YARN's ParentQueue): capacities as percentages of the parent's, queues
 * offered a level at a time, least used first, a parent's maximum over its subtree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../src/core/hdfs.js';
import { Job } from '../../src/core/job.js';
import { capacityOrder } from '../../src/core/policies/capacity.js';
import { hfsOrder } from '../../src/core/policies/hfs.js';
import { queueTreeOf } from '../../src/core/queue-tree.js';
import { PoolSet } from '../../src/core/pools.js';
import { type Priority, parseScenario } from '../../src/core/scenario.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { ENGINE } from '../../src/core/engine-key.js';

const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);
let next = 0;
function job(pool: string, o: { maps?: number; running?: number; submitMs?: number; priority?: Priority } = {}): Job {
  const blocks = new BlockStore(1);
  const maps = o.maps ?? 100;
  const ids = Int32Array.from({ length: maps }, (_, i) => blocks.add([nodeId(i % 4)]));
  const index = next++;
  const j = new Job({ index: jobIndex(index), id: `j${index}`, pool, priority: o.priority ?? 'NORMAL', type: 'io', submitMs: o.submitMs ?? index,
    blocks: ids, reduces: 0, mapMs: 1000, reduceMs: 1000, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
  for (let m = 0; m < (o.running ?? 0); m++) j.startMap(ENGINE, m, 0);
  return j;
}
const generated = { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] };
const schedulerOf = (raw: object) => scenario({ scheduler: { policy: 'hfs', ...raw }, workload: generated }).scheduler;
const ids = (jobs: Job[]) => jobs.map((j) => j.spec.id);
const fair = (set: PoolSet, name: string) => set.pool(name)!.map.fairShare;
/** Parent A (weight 3) over pools a1 and a2, parent B (weight 1) over b1. */
const TWO_PARENTS = {
  parentPools: [{ name: 'A', weight: 3 }, { name: 'B' }],
  pools: [{ name: 'a1', parent: 'A' }, { name: 'a2', parent: 'A' }, { name: 'b1', parent: 'B' }],
};

describe('parent pools: fair shares top down', () => {
  it('a parent of weight 3 against one of weight 1: its two pools share three quarters, where flat pools would each get a third', () => {
    next = 0;
    const tree = new PoolSet(schedulerOf(TWO_PARENTS), 100, 50);
    const flat = new PoolSet(schedulerOf({ pools: [{ name: 'a1' }, { name: 'a2' }, { name: 'b1' }] }), 100, 50);
    for (const set of [tree, flat]) for (const p of ['a1', 'a2', 'b1']) set.add(job(p));
    tree.update(0);
    flat.update(0);
    expect(['a1', 'a2', 'b1'].map((p) => fair(tree, p))).toEqual([37.5, 37.5, 25].map((x) => expect.closeTo(x, 4)));
    expect(tree.parentPools.map((p) => p.map.fairShare)).toEqual([75, 25].map((x) => expect.closeTo(x, 4)));
    expect(['a1', 'a2', 'b1'].map((p) => fair(flat, p))).toEqual([100 / 3, 100 / 3, 100 / 3].map((x) => expect.closeTo(x, 4)));
  });

  it('a pool with no demand leaves its share to its siblings first; a parent with none leaves it to the others', () => {
    next = 0;
    const set = new PoolSet(schedulerOf(TWO_PARENTS), 100, 50);
    set.add(job('a1'));
    set.add(job('b1'));
    set.update(0);
    expect(['a1', 'a2', 'b1'].map((p) => fair(set, p))).toEqual([75, 0, 25].map((x) => expect.closeTo(x, 4)));
    const onlyA = new PoolSet(schedulerOf({ parentPools: [{ name: 'A', weight: 3 }, { name: 'B' }], pools: [{ name: 'a1', parent: 'A' }, { name: 'b1', parent: 'B' }] }), 100, 50);
    onlyA.add(job('a1', { maps: 500 }));
    onlyA.update(0);
    expect(fair(onlyA, 'a1')).toBeCloseTo(100, 4);
  });

  it("a parent's min share is won first, then divided among its children by their weights", () => {
    next = 0;
    const set = new PoolSet(schedulerOf({
      parentPools: [{ name: 'prod', minMaps: 80 }],
      pools: [{ name: 'etl', parent: 'prod', weight: 3 }, { name: 'bi', parent: 'prod' }, { name: 'adhoc', weight: 10 }],
    }), 100, 50);
    for (const p of ['etl', 'bi', 'adhoc']) set.add(job(p, { maps: 500 }));
    set.update(0);
    expect(['etl', 'bi', 'adhoc'].map((p) => fair(set, p))).toEqual([60, 20, 20].map((x) => expect.closeTo(x, 3)));
  });
});

describe('parent pools: the order pools are offered slots', () => {
  it('a level at a time: the parent below its weighted share first, its pools in their own order', () => {
    next = 0;
    const set = new PoolSet(schedulerOf(TWO_PARENTS), 100, 50);
    const flat = new PoolSet(schedulerOf({ pools: [{ name: 'a1' }, { name: 'a2' }, { name: 'b1' }] }), 100, 50);
    // A runs 30 (30 / 3 = 10 a weight), B 20 (20 / 1): A first; in A, a2 (0 running) before a1 (30).
    const jobs = (s: PoolSet) => [job('a1', { running: 30 }), job('a2'), job('b1', { running: 20 })].forEach((j) => s.add(j));
    next = 0;
    jobs(set);
    next = 0;
    jobs(flat);
    expect(ids(hfsOrder(set, 'map'))).toEqual(['j1', 'j0', 'j2']);
    expect(ids(hfsOrder(flat, 'map'))).toEqual(['j1', 'j2', 'j0']);
  });

  it('a parent below its min share comes first however its weight compares', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({
      parentPools: [{ name: 'prod', minMaps: 40, weight: 0.5 }, { name: 'dev', weight: 8 }],
      pools: [{ name: 'p1', parent: 'prod' }, { name: 'd1', parent: 'dev' }],
    }), 100, 50);
    set.add(job('d1', { running: 1 }));
    set.add(job('p1', { running: 30 }));
    expect(ids(hfsOrder(set, 'map'))).toEqual(['j1', 'j0']);
  });

  it("a parent at its maxMaps passes over every pool under it, though none is at a cap of its own", () => {
    next = 0;
    const set = new PoolSet(schedulerOf({
      parentPools: [{ name: 'capped', maxMaps: 5 }, { name: 'deep', parent: 'capped' }],
      pools: [{ name: 'c1', parent: 'capped' }, { name: 'c2', parent: 'deep' }, { name: 'free' }],
    }), 100, 50);
    set.add(job('c1', { running: 3 }));
    const c2 = job('c2', { running: 1 });
    set.add(c2);
    set.add(job('free', { running: 50 }));
    expect(ids(hfsOrder(set, 'map'))).toEqual(['j1', 'j0', 'j2']);
    c2.startMap(ENGINE, 1, 0);
    set.changed();
    expect(ids(hfsOrder(set, 'map'))).toEqual(['j2']);
    set.update(0);
    // Its demand is capped too: the share it cannot use goes to the other pool.
    expect(set.parentPools[0].map.demand).toBe(5);
    expect(fair(set, 'free')).toBeCloseTo(95, 4);
  });

  it("a parent's maxRunningJobs bounds the jobs of all its pools together, in submit order", () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ parentPools: [{ name: 'P', maxRunningJobs: 2 }], pools: [{ name: 'x', parent: 'P' }, { name: 'y', parent: 'P' }] }), 100, 50);
    const [a, b, c, d] = [job('x'), job('y'), job('x'), job('z')];
    [a, b, c, d].forEach((j) => set.add(j));
    expect([a, b, c, d].map((j) => set.isRunnable(j))).toEqual([true, true, false, true]);
    set.remove(b);
    expect(set.isRunnable(c)).toBe(true);
  });

  it('a tree of one pool under each parent, with the pool weight and min share, orders and shares as the flat pools do (shares within the bisection tolerance: 25 steps, twice)', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ weight: fc.integer({ min: 1, max: 8 }), min: fc.integer({ min: 0, max: 30 }), running: fc.integer({ min: 0, max: 40 }), maps: fc.integer({ min: 1, max: 80 }) }), { minLength: 1, maxLength: 6 }),
      (specs) => {
        const flatPools = specs.map((p, i) => ({ name: `p${i}`, weight: p.weight, minMaps: p.min }));
        const tree = new PoolSet(schedulerOf({
          parentPools: specs.map((p, i) => ({ name: `P${i}`, weight: p.weight, minMaps: p.min })),
          pools: specs.map((_, i) => ({ name: `p${i}`, parent: `P${i}` })),
        }), 100, 50);
        const flat = new PoolSet(schedulerOf({ pools: flatPools }), 100, 50);
        for (const set of [tree, flat]) {
          next = 0;
          specs.forEach((p, i) => set.add(job(`p${i}`, { maps: Math.max(p.maps, p.running), running: Math.min(p.running, p.maps), submitMs: 0 })));
          set.update(0);
        }
        expect(ids(hfsOrder(tree, 'map'))).toEqual(ids(hfsOrder(flat, 'map')));
        specs.forEach((_, i) => expect(fair(tree, `p${i}`)).toBeCloseTo(fair(flat, `p${i}`), 3));
      },
    ), { numRuns: 200 });
  });
});

describe('parent pools: the schema', () => {
  const errors = (scheduler: object, workload: object = generated) => {
    const r = parseScenario({ scheduler: { policy: 'hfs', ...scheduler }, workload });
    return r.ok ? [] : r.errors;
  };

  it('refuses a parent that is not a parent pool, a cycle, a name used for both, and a parent of a non-pool policy', () => {
    expect(errors({ pools: [{ name: 'a', parent: 'nope' }] })).toEqual([expect.stringMatching(/scheduler\.pools\[0\]\.parent.*"nope" is not a parent pool \(scheduler\.parentPools lists none\)/)]);
    expect(errors({ parentPools: [{ name: 'X', parent: 'Y' }, { name: 'Y', parent: 'X' }] }).join('\n')).toMatch(/parentPools\[0\]\.parent.*form a cycle/);
    expect(errors({ parentPools: [{ name: 'X', parent: 'X' }] }).join('\n')).toMatch(/form a cycle/);
    expect(errors({ parentPools: [{ name: 'a' }], pools: [{ name: 'a' }] }).join('\n')).toMatch(/pools\[0\]\.name.*"a" is a parent pool too/);
    expect(errors({ parentPools: [{ name: 'X' }, { name: 'X' }] }).join('\n')).toMatch(/parentPools.*"X" is used twice/);
    expect(errors({ policy: 'fair', parentPools: [{ name: 'X' }] }).join('\n')).toMatch(/policy "fair" ignores parentPools/);
    expect(errors({ parentPools: [{ name: 'X', minMaps: 5, maxMaps: 2 }] }).join('\n')).toMatch(/minMaps 5 is above maxMaps 2: the parent pool/);
    // As deep as an allocation file can nest, and no deeper (the order walks the tree recursively).
    const chain = (n: number) => Array.from({ length: n }, (_, k) => (k === 0 ? { name: 'p0' } : { name: `p${k}`, parent: `p${k - 1}` }));
    expect(errors({ parentPools: chain(64), pools: [{ name: 'leaf', parent: 'p63' }] })).toEqual([]);
    expect(errors({ parentPools: chain(66), pools: [{ name: 'leaf', parent: 'p65' }] }).join('\n')).toMatch(/parentPools\[64\]\.parent: parent pool "p64" is more than 64 levels deep, the limit/);
  });

  it('refuses jobs filed under a parent pool, naming the field that files them', () => {
    expect(errors({ parentPools: [{ name: 'g' }] }).join('\n')).toMatch(/workload\.groups\[0\]\.name.*"g", a parent pool/);
    const jobs = { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: [{ id: 'j', input: 'f', pool: 'P', mapMs: 1 }] };
    expect(errors({ parentPools: [{ name: 'P' }] }, jobs).join('\n')).toMatch(/workload\.jobs\[0\]\.pool.*"P", a parent pool/);
    expect(errors({ parentPools: [{ name: 'user3' }] }, { kind: 'facebook', jobs: 20 }).join('\n')).toMatch(/facebook workload files jobs under pool "user3"/);
    expect(errors({ parentPools: [{ name: 'user3' }] }, { kind: 'facebook', jobs: 3 })).toEqual([]);
  });
});

describe('parent queues (capacity): the tree YARN\'s capacity scheduler walks', () => {
  /** prod (70%: etl 60% of it, bi 40%) beside adhoc (30%): absolutes 42%, 28%, 30%. */
  const TREE = { policy: 'capacity', parentQueues: [{ name: 'prod', capacity: 70 }], queues: [
    { name: 'etl', parent: 'prod', capacity: 60 }, { name: 'bi', parent: 'prod', capacity: 40 }, { name: 'adhoc', capacity: 30 }] };

  it('absolute capacities and maximums multiply down the tree; an unlisted queue gets what root\'s children leave', () => {
    const tree = queueTreeOf(schedulerOf({ ...TREE, parentQueues: [{ name: 'prod', capacity: 60, maxCapacity: 80 }],
      queues: [{ name: 'etl', parent: 'prod', capacity: 60, maxCapacity: 70 }, { name: 'bi', parent: 'prod', capacity: 40 }] }));
    expect(['prod', 'etl', 'bi'].map((q) => [tree.absolute(q), tree.absoluteMax(q)])).toEqual([[0.6, 0.8], [0.36, expect.closeTo(0.56, 12)], [expect.closeTo(0.24, 12), 0.8]]);
    expect(tree.config('other').capacity).toBe(40);
    expect(tree.parentOf('etl')).toBe('prod');
    expect(tree.parentOf('other')).toBeUndefined();
  });

  it('a level at a time: the less used of prod and adhoc first, then inside prod its less used queue', () => {
    const order = (scheduler: object) => {
      next = 0;
      const set = new PoolSet(schedulerOf(scheduler), 100, 50);
      // etl 40 of 42 (0.95), bi 2 of 28 (0.07): prod 42 of 70 (0.6); adhoc 15 of 30 (0.5).
      [job('etl', { running: 40 }), job('bi', { running: 2 }), job('adhoc', { running: 15 })].forEach((j) => set.add(j));
      return ids(capacityOrder(set, 'map'));
    };
    expect(order(TREE)).toEqual(['j2', 'j1', 'j0']);
    // The same absolute capacities, flat: bi (0.07) first, then adhoc (0.5), then etl (0.95).
    expect(order({ policy: 'capacity', queues: [{ name: 'etl', capacity: 42 }, { name: 'bi', capacity: 28 }, { name: 'adhoc', capacity: 30 }] })).toEqual(['j1', 'j2', 'j0']);
  });

  it("a parent at its maximum passes over every queue under it, though none is at its own", () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ ...TREE, parentQueues: [{ name: 'prod', capacity: 70, maxCapacity: 75 }] }), 100, 50);
    const etl = job('etl', { running: 50 });
    [etl, job('bi', { running: 24 }), job('adhoc', { running: 10 })].forEach((j) => set.add(j));
    // prod runs 74 of its 75 at most: adhoc (10 / 30) first, then prod's queues, bi (24 / 28) before etl (50 / 42).
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j2', 'j1', 'j0']);
    etl.startMap(ENGINE, 50, 0);
    set.changed();
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j2']);
  });

  it('caps and user limits in whole slots: percentages multiplied in floating point give no slot too many', () => {
    next = 0;
    // 40% of 80% of 100 slots is 32 (0.4 x 0.8 is 0.32000000000000006 in floating point); 7% of 100 is 7 (7.000000000000001).
    const nested = new PoolSet(schedulerOf({ policy: 'capacity', parentQueues: [{ name: 'p', capacity: 80, maxCapacity: 80 }],
      queues: [{ name: 'q', parent: 'p', capacity: 40, maxCapacity: 40 }, { name: 'r', parent: 'p', capacity: 60 }, { name: 's', capacity: 20 }] }), 100, 50);
    nested.add(job('q', { running: 32 }));
    expect(ids(capacityOrder(nested, 'map'))).toEqual([]);
    const flat = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'q', capacity: 7, userLimitFactor: 1 }, { name: 'o', capacity: 93 }] }), 100, 50);
    flat.add(job('q', { running: 7 }));
    expect(ids(capacityOrder(flat, 'map'))).toEqual([]);
    flat.add(job('o', { running: 1 }));
    expect(ids(capacityOrder(flat, 'map'))).toEqual(['j2']);
  });

  it('a queue takes a task only within its maximum: 85% of 10 slots is 8 tasks (Hadoop 0.20 refuses occupied + 1 > max; it ran 9)', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'a', capacity: 50, maxCapacity: 85 }, { name: 'b', capacity: 50 }] }), 10, 10);
    set.add(job('a', { running: 7 }));
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j0']);
    next = 0;
    const full = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'a', capacity: 50, maxCapacity: 85 }, { name: 'b', capacity: 50 }] }), 10, 10);
    full.add(job('a', { running: 8 }));
    expect(ids(capacityOrder(full, 'map'))).toEqual([]);
  });

  it('running-job limits go by priority, then submit time (FifoJobComparator): a VERY_HIGH job takes the NORMAL one\'s place', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ pools: [{ name: 'p', maxRunningJobs: 1 }] }), 100, 50);
    const normal = job('p', { submitMs: 0 });
    const urgent = job('p', { submitMs: 100, priority: 'VERY_HIGH' });
    set.add(normal);
    expect([set.isRunnable(normal), set.isRunnable(urgent)]).toEqual([true, false]);
    set.add(urgent);
    expect([set.isRunnable(normal), set.isRunnable(urgent)]).toEqual([false, true]);
    set.remove(urgent);
    expect(set.isRunnable(normal)).toBe(true);
  });

  it('a runnable job with tasks running keeps its place (its reduces would hold their slots waiting on maps it could no longer launch)', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ pools: [{ name: 'p', maxRunningJobs: 1 }] }), 100, 50);
    const started = job('p', { submitMs: 0, running: 1 });
    const urgent = job('p', { submitMs: 100, priority: 'VERY_HIGH' });
    set.add(started);
    set.add(urgent);
    expect([set.isRunnable(started), set.isRunnable(urgent)]).toEqual([true, false]);
  });

  it('a sliver of a slot stays a cap above 0: a queue capped at 1e-10% still gets its one slot', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'small', capacity: 1e-10, maxCapacity: 1e-10 }, { name: 'big', capacity: 90 }] }), 100, 50);
    set.add(job('small'));
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j0']);
  });

  it('flat queues order as before: one parent queue of 100% over them changes nothing (while the cluster has a free slot)', () => {
    fc.assert(fc.property(fc.array(fc.record({ capacity: fc.integer({ min: 1, max: 25 }), running: fc.integer({ min: 0, max: 24 }) }), { minLength: 1, maxLength: 4 }), (qs) => {
      const flat = { policy: 'capacity', queues: qs.map((q, i) => ({ name: `q${i}`, capacity: q.capacity })) };
      const under = { policy: 'capacity', parentQueues: [{ name: 'all', capacity: 100 }], queues: qs.map((q, i) => ({ name: `q${i}`, capacity: q.capacity, parent: 'all' })) };
      const order = (scheduler: object) => {
        next = 0;
        const set = new PoolSet(schedulerOf(scheduler), 100, 50);
        qs.forEach((q, i) => set.add(job(`q${i}`, { running: q.running })));
        return ids(capacityOrder(set, 'map'));
      };
      expect(order(under)).toEqual(order(flat));
    }), { numRuns: 100 });
  });

  it('the schema: capacities add up to at most 100% under each parent; parent queues only under capacity; jobs go to leaf queues', () => {
    const errors = (scheduler: object, workload: object = generated) => {
      const r = parseScenario({ scheduler, workload });
      return r.ok ? [] : r.errors;
    };
    expect(errors({ ...TREE, queues: [...TREE.queues.slice(0, 2), { name: 'x', parent: 'prod', capacity: 10 }, TREE.queues[2]] }).join('\n')).toMatch(/the capacities of parent queue "prod"'s children add up to 110%, more than 100%/);
    expect(errors({ ...TREE, policy: 'hfs', queues: [] }).join('\n')).toMatch(/policy "hfs" ignores parentQueues/);
    expect(errors({ ...TREE, queues: [{ name: 'etl', parent: 'nope', capacity: 60 }] }).join('\n')).toMatch(/queues\[0\]\.parent: "nope" is not a parent queue \(scheduler\.parentQueues: "prod"\)/);
    const jobs = { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: [{ id: 'j', input: 'f', pool: 'prod', mapMs: 1 }] };
    expect(errors(TREE, jobs).join('\n')).toMatch(/workload\.jobs\[0\]\.pool: names pool "prod", a parent queue/);
    // a maximum below the queue's own capacity, where the absolute values hold (YARN compares those): 50% capped at 60%
    expect(errors({ policy: 'capacity', parentQueues: [{ name: 'p', capacity: 50 }], queues: [{ name: 'a', parent: 'p', capacity: 100, maxCapacity: 60 }, { name: 'b', capacity: 50 }] }, { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 1, mapMs: 1 }] })).toEqual([]);
  });
});
