/** Pool state and the pool-aware orders: HFS (pools by FairShareComparator, fifo|fair inside, caps) and capacity. */
import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../src/core/hdfs.js';
import { Job } from '../../src/core/job.js';
import { capacityShares } from '../../src/core/capacity-shares.js';
import { capacityOrder } from '../../src/core/policies/capacity.js';
import { queueTreeOf } from '../../src/core/queue-tree.js';
import { hfsOrder, jobWeight } from '../../src/core/policies/hfs.js';
import { PoolSet } from '../../src/core/pools.js';
import type { Priority } from '../../src/core/scenario.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { ENGINE } from '../../src/core/engine-key.js';

const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);
let next = 0;
function job(pool: string, o: { submitMs?: number; maps?: number; running?: number; priority?: Priority; user?: string } = {}): Job {
  const blocks = new BlockStore(1);
  const maps = o.maps ?? 10;
  const ids = Int32Array.from({ length: maps }, (_, i) => blocks.add([nodeId(i % 4)]));
  const index = next++;
  const j = new Job({ index: jobIndex(index), id: `j${index}`, pool, user: o.user, priority: o.priority ?? 'NORMAL', type: 'io', submitMs: o.submitMs ?? index,
    blocks: ids, reduces: 0, mapMs: 1000, reduceMs: 1000, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
  for (let m = 0; m < (o.running ?? 0); m++) j.startMap(ENGINE, m, 0);
  return j;
}
const schedulerOf = (raw: object) => scenario({ scheduler: raw, workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
const ids = (jobs: Job[]) => jobs.map((j) => j.spec.id);

describe('HFS order', () => {
  it('needy pools first; a pool at maxMaps is passed over; fifo and fair modes inside a pool', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', pools: [
      { name: 'prod', weight: 2, minMaps: 4, schedulingMode: 'fifo' },
      { name: 'adhoc', weight: 1 },
      { name: 'capped', maxMaps: 2 },
    ] }), 100, 50);
    const jobs = [
      job('prod', { running: 2, submitMs: 5 }), // j0: prod, fifo: earlier submit first
      job('prod', { running: 0, submitMs: 3, priority: 'HIGH' }), // j1: higher priority first
      job('adhoc', { running: 1 }), // j2: fair inside: 1 running
      job('adhoc', { running: 0 }), // j3: 0 running: first in adhoc
      job('capped', { running: 2 }), // j4: capped pool at its max
    ];
    jobs.forEach((j) => set.add(j));
    // prod: 2 running < min 4: needy, first. adhoc: 1 running / weight 1. capped: at maxMaps 2, skipped.
    expect(ids(hfsOrder(set, 'map'))).toEqual(['j1', 'j0', 'j3', 'j2']);
  });

  it('maxRunningJobs: later jobs of a full pool wait, not runnable; they run when an earlier one leaves', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', pools: [{ name: 'p', maxRunningJobs: 2 }], users: [{ name: 'u', maxRunningJobs: 1 }] }), 100, 50);
    const a = job('p');
    const b = job('p');
    const c = job('p');
    const d = job('q', { user: 'u' });
    const e = job('r', { user: 'u' });
    [a, b, c, d, e].forEach((j) => set.add(j));
    expect([a, b, c, d, e].map((j) => set.isRunnable(j))).toEqual([true, true, false, true, false]);
    set.remove(a);
    set.remove(d);
    expect([b, c, e].map((j) => set.isRunnable(j))).toEqual([true, true, true]);
  });

  it('poolMaxJobsDefault caps a pool that sets no maxRunningJobs (its own wins); userMaxJobsDefault a user not listed', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', poolMaxJobsDefault: 1, userMaxJobsDefault: 2, pools: [{ name: 'own', maxRunningJobs: 2 }],
      users: [{ name: 'listed', maxRunningJobs: 3 }] }), 100, 50);
    const p = [job('p', { user: 'x1' }), job('p', { user: 'x2' })]; // pool p: the default of 1 job
    const own = [job('own', { user: 'x3' }), job('own', { user: 'x4' }), job('own', { user: 'x5' })]; // its own 2
    const u = [job('q1', { user: 'u' }), job('q2', { user: 'u' }), job('q3', { user: 'u' })]; // user u: the default of 2
    const listed = [job('r1', { user: 'listed' }), job('r2', { user: 'listed' }), job('r3', { user: 'listed' })]; // its own 3
    const all = [...p, ...own, ...u, ...listed];
    all.forEach((j) => set.add(j));
    expect(all.map((j) => set.isRunnable(j))).toEqual([true, false, true, true, false, true, true, false, true, true, true]);
  });

  it('job weights: priority factors, and log2(1 + demand) when size-based', () => {
    next = 0;
    expect(jobWeight(job('p', { priority: 'VERY_HIGH' }), 'map', false)).toBe(4);
    expect(jobWeight(job('p', { priority: 'VERY_LOW' }), 'map', false)).toBe(0.25);
    expect(jobWeight(job('p', { maps: 7 }), 'map', true)).toBe(3);
    expect(jobWeight(job('p', { maps: 15, priority: 'HIGH' }), 'map', true)).toBe(8);
  });

  it('fair shares: the update splits slots 2:1 and starts the starvation clocks', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', pools: [{ name: 'a', weight: 2, minMaps: 10 }, { name: 'b' }] }), 30, 10);
    set.add(job('a', { maps: 100 }));
    set.add(job('b', { maps: 100 }));
    set.update(3000);
    expect(set.pools.map((p) => Math.round(p.map.fairShare))).toEqual([20, 10]);
    expect(set.pool('a')!.map.lastTimeAtMinShare).toBe(0); // 0 running < min 10: starved since before 3000
    expect(set.pool('b')!.map.lastTimeAtMinShare).toBe(3000);
    expect(set.pool('a')!.map.lastTimeAtHalfFairShare).toBe(0); // 0 < floor(20 / 2)
  });

  // Hadoop's jobAdded runs update() before the job is counted: a pool not starved then is stamped at the arrival. Only
  // an idle pool was; one running jobs kept its last tick's stamp, so the starvation its new job brought counted from
  // up to a heartbeat before the job was submitted.
  it('an arrival stamps its pool\'s clocks at its submission where the pool is not starved before it, a busy pool too', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', pools: [{ name: 'b', minMaps: 2 }, { name: 'c', minMaps: 2 }] }), 8, 4);
    set.add(job('b', { maps: 1, running: 1, submitMs: 0 })); // b: 1 running of a demand of 1: not starved
    set.add(job('c', { maps: 2, running: 0, submitMs: 0 })); // c: 0 running of min(2, 2): starved
    set.update(1000);
    expect([set.pool('b')!.map.lastTimeAtMinShare, set.pool('c')!.map.lastTimeAtMinShare]).toEqual([1000, 0]);
    set.add(job('b', { maps: 1, submitMs: 1900 })); // b starved by it from 1900 on
    set.add(job('c', { maps: 1, submitMs: 1900 })); // c starved before it: its clock stays
    expect([set.pool('b')!.map.lastTimeAtMinShare, set.pool('c')!.map.lastTimeAtMinShare]).toEqual([1900, 0]);
    expect(set.pool('b')!.map.lastTimeAtHalfFairShare).toBe(1900);
    set.update(2000); // both starved now: no stamp
    expect([set.pool('b')!.map.lastTimeAtMinShare, set.pool('c')!.map.lastTimeAtMinShare]).toEqual([1900, 0]);
  });

  it('a job naming a pool not listed, under a listed parent pool (prod.new), gets a new pool under that parent, as YARN creates a queue (it went to the root)', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', parentPools: [{ name: 'prod', weight: 3 }], pools: [{ name: 'prod.etl', parent: 'prod' }, { name: 'adhoc' }] }), 40, 10);
    set.add(job('prod.new', { maps: 100 }));
    set.add(job('adhoc', { maps: 100 }));
    set.add(job('other.x', { maps: 100 }));
    expect(set.pool('prod.new')!.parent?.name).toBe('prod');
    expect(set.pool('other.x')!.parent).toBeUndefined(); // no parent pool "other": under the root
    set.update(3000);
    // prod (weight 3) : adhoc : other.x = 3 : 1 : 1 of 40; prod.new alone wants under prod
    expect(set.pools.map((p) => [p.name, Math.round(p.map.fairShare)])).toEqual([['prod.etl', 0], ['adhoc', 8], ['prod.new', 24], ['other.x', 8]]);
  });


  // YARN gives every queue that sets no maxResources queueMaxResourcesDefault, one it creates for a job included; the
  // default was applied by the CLI alone, listing every pool a workload could name up front (empty pools in the results).
  it('poolMaxMapsDefault / poolMaxReducesDefault cap each pool and parent pool that sets no cap, a pool made at a job\'s arrival too; a min share above the default is lowered to it', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', poolMaxMapsDefault: 3, poolMaxReducesDefault: 2,
      parentPools: [{ name: 'p' }, { name: 'q', maxMaps: 10 }],
      pools: [{ name: 'a' }, { name: 'b', maxMaps: 5 }, { name: 'c', minMaps: 6, minReduces: 1 }, { name: 'p.x', parent: 'p' }, { name: 'q.y', parent: 'q', maxReduces: 4 }] }), 100, 50);
    set.add(job('new', { maps: 100 }));
    set.add(job('p.new', { maps: 100 }));
    const caps = (n: { name: string; config: { minMaps: number; minReduces: number; maxMaps: number; maxReduces: number }; map: { minShare: number; maxTasks: number }; reduce: { minShare: number; maxTasks: number } }) =>
      [n.name, n.config.minMaps, n.config.minReduces, n.config.maxMaps, n.config.maxReduces, n.map.minShare, n.map.maxTasks, n.reduce.minShare, n.reduce.maxTasks];
    expect(set.pools.map(caps)).toEqual([
      ['a', 0, 0, 3, 2, 0, 3, 0, 2],
      ['b', 0, 0, 5, 2, 0, 5, 0, 2],
      ['c', 3, 1, 3, 2, 3, 3, 1, 2], // minMaps 6 above the default 3: lowered to it
      ['p.x', 0, 0, 3, 2, 0, 3, 0, 2],
      ['q.y', 0, 0, 3, 4, 0, 3, 0, 4],
      ['new', 0, 0, 3, 2, 0, 3, 0, 2], // made at its job's arrival
      ['p.new', 0, 0, 3, 2, 0, 3, 0, 2],
    ]);
    expect(set.pool('p.new')!.parent?.name).toBe('p');
    expect(set.parentPools.map(caps)).toEqual([['p', 0, 0, 3, 2, 0, 3, 0, 2], ['q', 0, 0, 10, 2, 0, 10, 0, 2]]);
    // a pool at the default is passed over, as at its own maxMaps; one with a cap of its own above it is not
    const full = new PoolSet(schedulerOf({ policy: 'hfs', poolMaxMapsDefault: 2, pools: [{ name: 'y', maxMaps: 10 }] }), 100, 50);
    const capped = job('x', { running: 2 });
    const other = job('y', { running: 5 });
    [capped, other].forEach((j) => full.add(j));
    expect(ids(hfsOrder(full, 'map'))).toEqual([other.spec.id]);
    // none set: no cap, as before
    const free = new PoolSet(schedulerOf({ policy: 'hfs', pools: [{ name: 'a', minMaps: 6 }] }), 100, 50);
    free.add(job('new'));
    expect(free.pools.map(caps)).toEqual([['a', 6, 0, Infinity, Infinity, 6, Infinity, 0, Infinity], ['new', 0, 0, Infinity, Infinity, 0, Infinity, 0, Infinity]]);
  });
  it('fairSharePreemptionThreshold (YARN\'s): a pool is starved for fair share below floor(fair share x threshold); 0: never; the scheduler\'s default for pools that set none', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'hfs', fairSharePreemptionThreshold: 0.9, pools: [{ name: 'a', fairSharePreemptionThreshold: 0 }, { name: 'b', fairSharePreemptionThreshold: 0.5 }, { name: 'c' }] }), 30, 10);
    set.add(job('a', { maps: 100 }));
    set.add(job('b', { maps: 100, running: 5 }));
    set.add(job('c', { maps: 100, running: 9 }));
    set.update(3000);
    expect(set.pools.map((p) => p.map.fairShare)).toEqual([10, 10, 10]);
    expect(set.pools.map((p) => p.fairShareThreshold)).toEqual([0, 0.5, 0.9]);
    // a: 0 running, never below floor(10 x 0) = 0; b: 5 = floor(10 x 0.5); c: 9 = floor(10 x 0.9): none starved
    expect(set.pools.map((p) => p.starvedForFairShare('map'))).toEqual([false, false, false]);
    expect(set.pools.map((p) => p.map.lastTimeAtHalfFairShare)).toEqual([3000, 3000, 3000]);
    const more = new PoolSet(schedulerOf({ policy: 'hfs', pools: [{ name: 'a', fairSharePreemptionThreshold: 1 }, { name: 'b' }] }), 20, 10);
    more.add(job('a', { maps: 100, running: 9 }));
    more.add(job('b', { maps: 100, running: 5 }));
    more.update(3000);
    expect(more.pools.map((p) => p.starvedForFairShare('map'))).toEqual([true, false]); // 9 < 10; 5 = floor(10 / 2)
  });
});

describe('capacity order', () => {
  /** 10 slots of two queues: 'small' of 20% (with `small`'s fields) and 'big' of 80%, idle. */
  const smallAndBig = (small: object): PoolSet => {
    next = 0;
    return new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'small', capacity: 20, ...small }, { name: 'big', capacity: 80 }] }), 10, 10);
  };

  it('the queue with the lowest running / capacity first; FIFO inside; a user over the limit is passed over', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'capacity', queues: [
      { name: 'prod', capacity: 60 },
      { name: 'adhoc', capacity: 40, minUserLimitPercent: 50 },
    ] }), 10, 10);
    // prod: capacity 6 slots, 3 running -> 0.5; adhoc: capacity 4, 1 running -> 0.25: adhoc first
    set.add(job('prod', { running: 3 }));
    set.add(job('adhoc', { running: 1, user: 'ann', submitMs: 1 }));
    set.add(job('adhoc', { running: 0, user: 'ben', submitMs: 0 }));
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j2', 'j1', 'j0']);
    // ann at 2 running in adhoc: limit max(ceil(4 / 2 users), ceil(4 * 50%)) = 2: ann's job is passed over
    const more = job('adhoc', { running: 1, user: 'ann', submitMs: 2 });
    set.add(more);
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j2', 'j0']);
  });

  it.each([
    // 10 slots; a queue of 20% whose maximum is 50% (5 slots) or 45% (4.5: 4 whole slots, Hadoop 0.20 "strictly
    // respects the maximum-capacity"); the other queue idle, so only the maximum stops it
    [50, 4, true],
    [50, 5, false],
    [45, 3, true],
    [45, 4, false],
    [100, 9, true],
  ])('maxCapacity %i%% of 10 slots: a queue running %i may take another: %s (the rest of the cluster idle)', (maxCapacity, running, more) => {
    const set = smallAndBig({ maxCapacity, minUserLimitPercent: 100, userLimitFactor: 10 });
    set.add(job('small', { maps: 100, running, user: 'ann' }));
    set.add(job('small', { maps: 100, running: 0, user: 'ben', submitMs: 1 }));
    expect(ids(capacityOrder(set, 'map'))).toEqual(more ? ['j0', 'j1'] : []);
  });

  it('a parent queue\'s maximum caps the queues under it together: at its maximum none of them is offered a slot', () => {
    const offered = (etl: number, bi: number): string[] => {
      next = 0;
      const set = new PoolSet(schedulerOf({ policy: 'capacity', parentQueues: [{ name: 'prod', capacity: 50, maxCapacity: 60 }], queues: [
        { name: 'etl', parent: 'prod', capacity: 50, userLimitFactor: 10 },
        { name: 'bi', parent: 'prod', capacity: 50, userLimitFactor: 10 },
        { name: 'adhoc', capacity: 50 },
      ] }), 10, 10);
      set.add(job('etl', { maps: 100, running: etl, user: 'ann' }));
      set.add(job('bi', { maps: 100, running: bi, user: 'ben' }));
      return ids(capacityOrder(set, 'map'));
    };
    expect(offered(3, 2)).toEqual(['j1', 'j0']); // prod at 5 of its 6 slots: both, bi first (2 / 2.5 below 3 / 2.5)
    expect(offered(4, 2)).toEqual([]); // prod at 6 of 6
  });

  it('a queue with the fair ordering policy offers its jobs fewest running containers first, then fifo; fifo by submit time', () => {
    const order = (policy: 'fifo' | 'fair' | undefined) => {
      next = 0;
      const set = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'q', capacity: 100, userLimitFactor: 10, ...(policy === undefined ? {} : { orderingPolicy: policy }) }] }), 40, 40);
      set.add(job('q', { running: 3, user: 'a', submitMs: 0 }));
      set.add(job('q', { running: 1, user: 'b', submitMs: 1 }));
      set.add(job('q', { running: 1, user: 'c', submitMs: 2 }));
      set.add(job('q', { running: 0, user: 'd', submitMs: 3 }));
      return ids(capacityOrder(set, 'map'));
    };
    expect(order('fair')).toEqual(['j3', 'j1', 'j2', 'j0']);
    expect(order('fifo')).toEqual(['j0', 'j1', 'j2', 'j3']);
    expect(order(undefined)).toEqual(order('fifo'));
  });

  it.each([
    // a lone user in a 20% queue of 10 slots, the rest idle: without a factor it may grow past the capacity (0.20's
    // running + 1); with user-limit-factor f it stops at ceil(2 x f) slots
    [undefined, 5, true],
    [1, 1, true],
    [1, 2, false],
    [2, 3, true],
    [2, 4, false],
    [0.5, 1, false],
  ])('userLimitFactor %s: a lone user holding %i slots may take another: %s', (factor, running, more) => {
    const set = smallAndBig(factor === undefined ? {} : { userLimitFactor: factor });
    set.add(job('small', { running, user: 'ann' }));
    expect(ids(capacityOrder(set, 'map'))).toEqual(more ? ['j0'] : []);
  });
});

describe('a queue of capacity 0 (YARN allows it: guaranteed nothing, it runs on what the others leave idle)', () => {
  /** 10 map slots: 'main' of 100% and 'spare' of 0% with a maximum of 50% (5 slots), plus `more` queues. */
  const spareSet = (spare: object = {}, more: object[] = []): PoolSet => {
    next = 0;
    return new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'main', capacity: 100 }, { name: 'spare', capacity: 0, maxCapacity: 50, ...spare }, ...more] }), 10, 10);
  };

  it('is offered a slot only after the queues guaranteed something, however little it runs (at 0 running, 0 / 1e-9 put it first)', () => {
    const set = spareSet();
    set.add(job('main', { maps: 100, running: 3, user: 'ann' })); // j0: 3 of its 10 slots
    set.add(job('spare', { maps: 100, running: 0, user: 'ben' })); // j1
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j0', 'j1']);
  });

  it('with the others idle it takes slots up to its maximum: 50% of 10 slots is 5 tasks', () => {
    for (const [running, more] of [[4, true], [5, false]] as const) {
      const set = spareSet();
      set.add(job('spare', { maps: 100, running, user: 'ben' }));
      expect(ids(capacityOrder(set, 'map'))).toEqual(more ? ['j0'] : []);
    }
  });

  it('among queues of capacity 0, fewest running first (YARN\'s absolute used capacity), after every queue guaranteed something', () => {
    const set = spareSet({}, [{ name: 'idle', capacity: 0 }]);
    set.add(job('idle', { maps: 100, running: 1, user: 'cy' })); // j0
    set.add(job('spare', { maps: 100, running: 2, user: 'ben' })); // j1
    set.add(job('main', { maps: 100, running: 7, user: 'ann' })); // j2
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j2', 'j0', 'j1']);
  });

  it('a parent queue of capacity 0 puts its queues after the queues guaranteed something, whatever their own percentages', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'capacity', parentQueues: [{ name: 'P', capacity: 0, maxCapacity: 50 }],
      queues: [{ name: 'main', capacity: 100 }, { name: 'c', parent: 'P', capacity: 100 }] }), 10, 10);
    set.add(job('c', { maps: 100, running: 0, user: 'ben' })); // j0
    set.add(job('main', { maps: 100, running: 6, user: 'ann' })); // j1
    expect(ids(capacityOrder(set, 'map'))).toEqual(['j1', 'j0']);
  });

  it.each([
    // YARN's user limit counts at least one container's capacity ("allow progress for queues with miniscule
    // capacity"): a lone user may hold min(max(running + 1, ...), ceil(1 x userLimitFactor)); without a factor, up to the maximum
    [3, 2, true],
    [3, 3, false],
    [1, 0, true],
    [1, 1, false],
    [undefined, 4, true],
  ])('userLimitFactor %s: a lone user holding %i slots may take another: %s (ceil(1e-9 x 3) let it hold 1)', (factor, running, more) => {
    const set = spareSet(factor === undefined ? {} : { userLimitFactor: factor });
    set.add(job('spare', { maps: 100, running, user: 'ben' }));
    expect(ids(capacityOrder(set, 'map'))).toEqual(more ? ['j0'] : []);
  });

  it('its fair share is what the others leave, up to its maximum (preemption restores it nothing more)', () => {
    const shares = (demands: Record<string, number>): Record<string, number> => {
      const set = spareSet();
      set.divideSharesBy(capacityShares(queueTreeOf(set.config), set));
      for (const [queue, maps] of Object.entries(demands)) set.add(job(queue, { maps }));
      set.update(0);
      return Object.fromEntries(set.pools.map((p) => [p.name, Math.round(p.share('map').fairShare * 1e4) / 1e4]));
    };
    expect(shares({ main: 40, spare: 40 })).toEqual({ main: 10, spare: 0 });
    expect(shares({ main: 4, spare: 40 })).toEqual({ main: 4, spare: 5 });
    expect(shares({ main: 4, spare: 3 })).toEqual({ main: 4, spare: 3 });
  });
});

describe('capacity fair shares (what preemption restores; capacity-shares.ts)', () => {
  /** The map fair shares, by queue, of a capacity PoolSet over `slots` slots with jobs of the given demands. */
  function shares(raw: object, slots: number, demands: Record<string, number>): Record<string, number> {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'capacity', ...raw }), slots, slots);
    set.divideSharesBy(capacityShares(queueTreeOf(set.config), set));
    for (const [queue, maps] of Object.entries(demands)) set.add(job(queue, { maps }));
    set.update(0);
    // to 4 decimals: Hadoop's 25-step bisection ends a hair above the exact share (70.000002)
    return Object.fromEntries(set.pools.map((p) => [p.name, Math.round(p.share('map').fairShare * 1e4) / 1e4]));
  }

  it('in proportion to the capacities, not equal: a 12.5% queue\'s share of 8 slots is 1, not 4', () => {
    expect(shares({ queues: [{ name: 'q1', capacity: 12.5 }, { name: 'q2', capacity: 87.5 }] }, 8, { q1: 40, q2: 70 })).toEqual({ q1: 1, q2: 7 });
  });

  it('what a queue does not want goes to the others, each up to its maximum capacity', () => {
    const queues = [{ name: 'a', capacity: 25, maxCapacity: 50 }, { name: 'b', capacity: 75 }];
    expect(shares({ queues }, 8, { a: 40 })).toEqual({ a: 4 });
    expect(shares({ queues }, 8, { a: 1, b: 40 })).toEqual({ a: 1, b: 7 });
    expect(shares({ queues }, 8, { a: 40, b: 3 })).toEqual({ a: 4, b: 3 });
    expect(shares({ queues: [{ name: 'a', capacity: 20 }, { name: 'b', capacity: 30 }, { name: 'c', capacity: 50 }] }, 10, { a: 9, b: 9, c: 1 }))
      .toEqual({ a: 3.6, b: 5.4, c: 1 });
  });

  it('down the queue tree: a parent divides its share among its queues; its maximum caps them all', () => {
    const tree = {
      parentQueues: [{ name: 'prod', capacity: 70, maxCapacity: 80 }],
      queues: [{ name: 'etl', parent: 'prod', capacity: 60 }, { name: 'bi', parent: 'prod', capacity: 40 }, { name: 'adhoc', capacity: 30 }],
    };
    expect(shares(tree, 100, { etl: 100, bi: 100, adhoc: 100 })).toEqual({ etl: 42, bi: 28, adhoc: 30 });
    // bi idle: etl takes prod's share, up to prod's maximum of 80; adhoc the rest
    expect(shares(tree, 100, { etl: 100, adhoc: 100 })).toEqual({ etl: 70, adhoc: 30 });
    expect(shares(tree, 100, { etl: 100, adhoc: 5 })).toEqual({ etl: 80, adhoc: 5 });
  });

  it('a queue\'s users count only up to what each may hold there (user-limit-factor): a share it can never run made preemption kill every check (3,033 kills in a run)', () => {
    const shares = (userLimitFactor: number | undefined, users: string[]): Record<string, number> => {
      next = 0;
      const set = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'a', capacity: 50, userLimitFactor }, { name: 'b', capacity: 50 }] }), 10, 10);
      set.divideSharesBy(capacityShares(queueTreeOf(set.config), set));
      for (const user of users) set.add(job('a', { maps: 40, user }));
      set.add(job('b', { maps: 40 }));
      set.update(0);
      return Object.fromEntries(set.pools.map((p) => [p.name, Math.round(p.share('map').fairShare * 1e4) / 1e4]));
    };
    // one user may hold ceil(5 x 0.2) = 1 slot in a: a's share is 1, the rest b's
    expect(shares(0.2, ['u'])).toEqual({ a: 1, b: 9 });
    expect(shares(0.2, ['u', 'v', 'u'])).toEqual({ a: 2, b: 8 }); // two users, 1 each
    expect(shares(undefined, ['u'])).toEqual({ a: 5, b: 5 });
    expect(shares(1, ['u'])).toEqual({ a: 5, b: 5 });
  });

  it('a division that gives no number of slots for a pool fails at once, naming the pool (NaN made preemption kill arbitrary tasks)', () => {
    next = 0;
    const set = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'q', capacity: 50 }] }), 8, 8);
    set.divideSharesBy((pools) => pools.map(() => NaN));
    set.add(job('q'));
    expect(() => set.update(0)).toThrow('the pools\' share division gave pool "q" a share of NaN, not one number of slots from 0 a pool');
    const short = new PoolSet(schedulerOf({ policy: 'capacity', queues: [{ name: 'q', capacity: 50 }] }), 8, 8);
    short.divideSharesBy(() => []);
    short.add(job('q'));
    expect(() => short.update(0)).toThrow('the pools\' share division gave 0 shares for 1 pool, not one number');
    expect(() => short.divideSharesBy(() => [])).toThrow('set already');
  });

  it('a queue capped by its own maximum under a parent: the parent asks only what it can take, the rest goes to its siblings (they summed to 70 of 100)', () => {
    const tree = {
      parentQueues: [{ name: 'P', capacity: 50 }],
      queues: [{ name: 'a', parent: 'P', capacity: 10, maxCapacity: 20 }, { name: 'b', parent: 'P', capacity: 90 }, { name: 'Q', capacity: 25 }, { name: 'R', capacity: 25 }],
    };
    // a's maximum is 20% of P's 100%: 20 slots; P asked for 100 and kept 50, so Q and R had 25 each (70 of 100)
    expect(shares(tree, 100, { a: 100, Q: 100, R: 100 })).toEqual({ a: 20, Q: 40, R: 40 });
  });
});
