/**
 * The hfs side of the kept-order tests: OrderDriver over HfsQueue against hfsOrder, and the PoolSet of a drawn pool
 * tree (hfs-order.test.ts and hfs-order-stress.test.ts share them).
 */
import fc from 'fast-check';
import { hfsOrder } from '../../src/core/policies/hfs.js';
import { HfsQueue } from '../../src/core/policies/hfs-order.js';
import { PoolSet } from '../../src/core/pools.js';
import { scenario } from '../helpers.js';
import { OrderDriver } from './order-driver.js';

/** OrderDriver over the kept HFS queues, read against hfsOrder. */
export class HfsDriver extends OrderDriver {
  constructor(set: PoolSet, names: readonly string[], reduceAfterMapsDone = false) {
    super(set, names, { queue: (s, kind) => new HfsQueue(s, kind), plain: hfsOrder }, reduceAfterMapsDone);
  }
}

/** A pool of a drawn tree: its parent's index (taken modulo the parents drawn), weight, min shares, caps and mode. */
export const poolArb = fc.record({
  parent: fc.option(fc.nat(), { nil: undefined }),
  weight: fc.constantFrom(0.5, 1, 2, 3),
  minMaps: fc.integer({ min: 0, max: 4 }),
  minReduces: fc.integer({ min: 0, max: 2 }),
  extraMaps: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  extraReduces: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  mode: fc.constantFrom('fifo', 'fair', undefined),
  maxRunningJobs: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
});

/** A parent pool and a pool as the tests draw them. */
export interface ParentDraw { weight: number; minMaps: number; extraMaps: number | undefined; maxRunningJobs: number | undefined }
export interface PoolDraw extends ParentDraw { parent: number | undefined; minReduces: number; extraReduces: number | undefined; mode: 'fifo' | 'fair' | undefined }
export interface TreeDraw {
  parents: readonly ParentDraw[];
  pools: readonly PoolDraw[];
  sizeBasedWeight: boolean;
  copyComputeSplit: boolean;
  defaultSchedulingMode: 'fifo' | 'fair';
  userMaxJobsDefault: number | undefined;
}

/**
 * The PoolSet of a drawn tree: parent pool i named P<i> under `parentOf(i)`, pool i named p<i> under parent
 * (its draw modulo the parents), each cap its min share plus its draw's extra; with the names of both.
 */
export function drawnPoolSet(c: TreeDraw, parentOf: (i: number) => string | undefined, mapSlots: number, reduceSlots: number): { set: PoolSet; pools: string[]; parents: string[] } {
  const parentPools = c.parents.map((p, i) => ({ name: `P${i}`, parent: parentOf(i), weight: p.weight, minMaps: p.minMaps,
    maxMaps: p.extraMaps === undefined ? undefined : p.minMaps + p.extraMaps, maxRunningJobs: p.maxRunningJobs }));
  const pools = c.pools.map((p, i) => ({ name: `p${i}`, parent: p.parent === undefined || c.parents.length === 0 ? undefined : `P${p.parent % c.parents.length}`,
    weight: p.weight, minMaps: p.minMaps, minReduces: p.minReduces, schedulingMode: p.mode, maxRunningJobs: p.maxRunningJobs,
    maxMaps: p.extraMaps === undefined ? undefined : p.minMaps + p.extraMaps, maxReduces: p.extraReduces === undefined ? undefined : p.minReduces + p.extraReduces }));
  const sc = scenario({ scheduler: { policy: 'hfs', parentPools, pools, sizeBasedWeight: c.sizeBasedWeight, copyComputeSplit: c.copyComputeSplit,
    defaultSchedulingMode: c.defaultSchedulingMode, userMaxJobsDefault: c.userMaxJobsDefault },
  workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
  return { set: new PoolSet(sc, mapSlots, reduceSlots), pools: pools.map((p) => p.name), parents: parentPools.map((p) => p.name) };
}
