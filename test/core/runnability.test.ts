/**
 * PoolSet's runnable jobs under the running-job limits, kept by walking only the jobs under a finite limit, against
 * the plain pass over every active job at each arrival and departure (Hadoop's updateRunnability as pools.ts had it),
 * on random limits, trees and event sequences.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE } from '../../src/core/engine-key.js';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import { PoolSet } from '../../src/core/pools.js';
import type { ParentPool, Pool } from '../../src/core/pool.js';
import { PRIORITIES, type Priority, compareFifo } from '../../src/core/priority.js';
import { RUNNING } from '../../src/core/task-state.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';

const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);

/** The plain pass: every active job, in FIFO order, as pools.ts walked them before. */
function plainRunnable(set: PoolSet, active: readonly Job[], was: ReadonlySet<Job>): Set<Job> {
  const c = set.config;
  const userMax = new Map(c.users.map((u) => [u.name, u.maxRunningJobs]));
  const perUser = new Map<string, number>();
  const perPool = new Map<Pool | ParentPool, number>();
  const out = new Set<Job>();
  const take = (job: Job, pool: Pool, user: string): void => {
    out.add(job);
    perUser.set(user, (perUser.get(user) ?? 0) + 1);
    perPool.set(pool, (perPool.get(pool) ?? 0) + 1);
    for (let a = pool.parent; a !== undefined; a = a.parent) perPool.set(a, (perPool.get(a) ?? 0) + 1);
  };
  const sorted = [...active].sort(compareFifo);
  for (const job of sorted) if (was.has(job) && job.runningMaps + job.runningReduces > 0) take(job, set.poolOf(job), PoolSet.userOf(job));
  for (const job of sorted) {
    if (out.has(job)) continue;
    const user = PoolSet.userOf(job);
    const pool = set.poolOf(job);
    let parents = true;
    for (let a = pool.parent; a !== undefined; a = a.parent) if ((perPool.get(a) ?? 0) >= a.config.maxRunningJobs) parents = false;
    if ((perUser.get(user) ?? 0) < (userMax.get(user) ?? c.userMaxJobsDefault ?? Infinity) && (perPool.get(pool) ?? 0) < pool.config.maxRunningJobs && parents) take(job, pool, user);
  }
  return out;
}

// none half the time: jobs under no finite limit at all are common
const limit = fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined, freq: 1 });
const config = fc.record({
  userMaxJobsDefault: limit,
  poolMaxJobsDefault: limit,
  users: fc.array(fc.record({ name: fc.constantFrom('u0', 'u1', 'u2'), maxRunningJobs: fc.integer({ min: 1, max: 2 }) }), { maxLength: 2 }),
  pools: fc.array(limit, { minLength: 4, maxLength: 4 }),
  parents: fc.array(limit, { minLength: 2, maxLength: 2 }),
});
const op = fc.record({
  kind: fc.constantFrom('arrive', 'arrive', 'arrive', 'leave', 'launch', 'launch', 'launch', 'end', 'end'),
  // a job's pool (x: one made at its arrival) and user (undefined: its pool's name); which job a departure, launch or end takes
  pool: fc.constantFrom('p0', 'p1', 'p2', 'p3', 'x'),
  user: fc.constantFrom('u0', 'u1', 'u2', undefined),
  priority: fc.constantFrom(...PRIORITIES),
  which: fc.nat(),
});

describe('runnable jobs under the running-job limits', () => {
  it('walking only the jobs under a finite limit gives the plain pass\'s runnable jobs and counts, at every arrival and departure', () => {
    fc.assert(fc.property(config, fc.array(op, { minLength: 20, maxLength: 80, size: 'max' }), (c, ops) => {
      const users = [...new Map(c.users.map((u) => [u.name, u])).values()];
      // p0 and p1 under P0, p2 under P1 under P0, p3 at the root; a job may name x, a pool made at its arrival
      const sc = scenario({ scheduler: { policy: 'hfs', users, userMaxJobsDefault: c.userMaxJobsDefault, poolMaxJobsDefault: c.poolMaxJobsDefault,
        parentPools: [{ name: 'P0', maxRunningJobs: c.parents[0] }, { name: 'P1', parent: 'P0', maxRunningJobs: c.parents[1] }],
        pools: [{ name: 'p0', parent: 'P0', maxRunningJobs: c.pools[0] }, { name: 'p1', parent: 'P0', maxRunningJobs: c.pools[1] },
          { name: 'p2', parent: 'P1', maxRunningJobs: c.pools[2] }, { name: 'p3', maxRunningJobs: c.pools[3] }] },
      workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
      const set = new PoolSet(sc, 100, 50);
      const active: Job[] = [];
      let plain = new Set<Job>();
      let next = 0;
      const check = (): void => {
        for (const j of active) expect(set.isRunnable(j), `job ${j.spec.id}`).toBe(plain.has(j));
        for (const p of set.pools) expect(p.runnableJobs, `pool ${p.name}`).toBe(active.filter((j) => set.poolOf(j) === p && plain.has(j)).length);
      };
      for (const o of ops) {
        if (o.kind === 'arrive') {
          const blocks = new BlockStore(1);
          const ids = Int32Array.from({ length: 3 }, (_, i) => blocks.add([nodeId(i)]));
          const index = next++;
          const job = new Job({ index: jobIndex(index), id: `j${index}`, pool: o.pool, user: o.user,
            priority: o.priority, type: 'io', submitMs: index, blocks: ids, reduces: 0, mapMs: 1, reduceMs: 1, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
          set.add(job);
          active.push(job);
          plain = plainRunnable(set, active, plain);
          check();
        } else if (o.kind === 'leave' && active.length > 0) {
          const job = active.splice(o.which % active.length, 1)[0];
          for (let m = 0; m < job.maps; m++) if (job.mapState[m] === RUNNING) job.finishMap(ENGINE, m);
          set.remove(job);
          plain = plainRunnable(set, active, plain);
          check();
        } else if (o.kind === 'launch') {
          // only a runnable job launches
          const ready = active.filter((j) => set.isRunnable(j) && j.pendingMaps > 0);
          if (ready.length > 0) {
            const job = ready[o.which % ready.length];
            job.startMap(ENGINE, job.peekAny(), 0);
          }
        } else if (o.kind === 'end') {
          const busy = active.filter((j) => j.runningMaps > 0);
          if (busy.length > 0) {
            const job = busy[o.which % busy.length];
            for (let m = 0; m < job.maps; m++) {
              if (job.mapState[m] === RUNNING) {
                job.finishMap(ENGINE, m);
                break;
              }
            }
          }
        }
      }
    }), { numRuns: 400 });
  });

  it('the arrival of a job under no limit still walks the limited ones: one whose tasks have all ended gives its place to a job of higher priority', () => {
    const set = new PoolSet(scenario({ scheduler: { policy: 'hfs', pools: [{ name: 'p', maxRunningJobs: 1 }] }, workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler, 100, 50);
    const make = (index: number, pool: string, priority: Priority): Job => {
      const blocks = new BlockStore(1);
      const ids = Int32Array.from({ length: 2 }, (_, i) => blocks.add([nodeId(i)]));
      return new Job({ index: jobIndex(index), id: `j${index}`, pool, priority, type: 'io', submitMs: index, blocks: ids, reduces: 0, mapMs: 1, reduceMs: 1, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
    };
    const a = make(0, 'p', 'NORMAL');
    set.add(a);
    a.startMap(ENGINE, 0, 0);
    const b = make(1, 'p', 'VERY_HIGH');
    set.add(b);
    expect([set.isRunnable(a), set.isRunnable(b)]).toEqual([true, false]); // a keeps its place while its map runs
    a.finishMap(ENGINE, 0);
    const c = make(2, 'q', 'NORMAL'); // pool q: no limit
    set.add(c);
    expect([set.isRunnable(a), set.isRunnable(b), set.isRunnable(c)]).toEqual([false, true, true]);
  });
});
