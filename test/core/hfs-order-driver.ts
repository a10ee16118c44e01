/**
 * Drives a PoolSet and both kinds' kept HFS queues through random events as the scheduler does (arrivals, launches,
 * ends, kills, each followed by the queue call the scheduler makes), and reads the kept order against hfsOrder's:
 * hfs-order.test.ts and hfs-order-stress.test.ts share it.
 */
import { expect } from 'vitest';
import { ENGINE } from '../../src/core/engine-key.js';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import { hfsOrder } from '../../src/core/policies/hfs.js';
import { HfsQueue } from '../../src/core/policies/hfs-order.js';
import { PoolSet } from '../../src/core/pools.js';
import type { Priority } from '../../src/core/scenario.js';
import type { SlotKind } from '../../src/core/slot-kind.js';
import { RUNNING } from '../../src/core/task-state.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';

export const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);

export const ids = (jobs: readonly Job[]) => jobs.map((j) => j.spec.id);

/** The running and demand of one kind in every pool's and parent pool's share, as they stand. */
export const shares = (set: PoolSet, kind: SlotKind) => [...set.pools, ...set.parentPools].map((n) => `${n.name}:${n.share(kind).running}/${n.share(kind).demand}`);

export interface DriverEvent {
  kind: 'arrive' | 'launchMap' | 'endMap' | 'killMap' | 'launchReduce' | 'endReduce' | 'killReduce' | 'changed';
  which: number;
  /** An arrival's pool: an index into the driver's pool names. */
  pool: number;
  user: string | undefined;
  priority: Priority;
  maps: number;
  reduces: number;
}

export class HfsDriver {
  readonly queues: Record<SlotKind, HfsQueue>;
  private readonly active: Job[] = [];
  private readonly blocksOf = new Map<Job, BlockStore>();
  private next = 0;
  private t = 0;

  /** `reduceAfterMapsDone`: a reduce launches only once its job's maps are done (copy-compute splitting's rule). */
  constructor(private readonly set: PoolSet, private readonly names: readonly string[], private readonly reduceAfterMapsDone = false) {
    this.queues = { map: new HfsQueue(set, 'map'), reduce: new HfsQueue(set, 'reduce') };
  }

  /** The kept order of `kind` is hfsOrder's, and so are the pools' shares the kept order measured. */
  read(kind: SlotKind): void {
    const kept = ids(this.queues[kind].jobs);
    const measured = shares(this.set, kind); // as the kept order measured them
    expect(kept, `${kind} order after ${this.next} arrivals`).toEqual(ids(hfsOrder(this.set, kind)));
    expect(measured, `${kind} shares`).toEqual(shares(this.set, kind)); // hfsOrder re-measured every pool
  }

  apply(e: DriverEvent): void {
    const { set, queues, active } = this;
    this.t += 1000;
    const t = this.t;
    const pick = (jobs: Job[]): Job | undefined => (jobs.length === 0 ? undefined : jobs[e.which % jobs.length]);
    if (e.kind === 'arrive') {
      const blocks = new BlockStore(1);
      const input = Int32Array.from({ length: e.maps }, (_, i) => blocks.add([nodeId(i % 4)]));
      const index = this.next++;
      const job = new Job({ index: jobIndex(index), id: `j${index}`, pool: this.names[e.pool % this.names.length], user: e.user, priority: e.priority, type: 'io',
        submitMs: t, blocks: input, reduces: e.reduces, mapMs: 1, reduceMs: 1, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
      active.push(job);
      this.blocksOf.set(job, blocks);
      set.add(job);
      queues.map.add(job);
      if (job.reducesReady) queues.reduce.add(job);
    } else if (e.kind === 'launchMap') {
      const job = pick(active.filter((j) => set.isRunnable(j) && j.pendingMaps > 0));
      if (job !== undefined) {
        job.startMap(ENGINE, job.peekAny(), 0);
        if (job.pendingMaps === 0) queues.map.remove(job);
        else queues.map.update(job);
      }
    } else if (e.kind === 'endMap' || e.kind === 'killMap') {
      const job = pick(active.filter((j) => j.runningMaps > 0));
      if (job !== undefined) {
        const m = job.mapState.indexOf(RUNNING);
        if (e.kind === 'killMap') {
          job.requeueMap(ENGINE, m, topology, this.blocksOf.get(job)!);
          queues.map.add(job);
        } else {
          job.finishMap(ENGINE, m);
          queues.map.update(job);
          if (job.finishedMaps === job.slowStartMaps && job.pendingReduces > 0) queues.reduce.add(job);
          if (job.finishedMaps === job.maps) job.mapsDoneAt(ENGINE, t);
          this.finishIfDone(job);
        }
      }
    } else if (e.kind === 'launchReduce') {
      const job = pick(active.filter((j) => set.isRunnable(j) && j.reducesReady && (!this.reduceAfterMapsDone || j.mapsDoneMs >= 0)));
      if (job !== undefined) {
        job.startReduce(ENGINE, job.peekReduce(), t);
        if (job.pendingReduces === 0) queues.reduce.remove(job);
        else queues.reduce.update(job);
      }
    } else if (e.kind === 'endReduce' || e.kind === 'killReduce') {
      const job = pick(active.filter((j) => j.runningReduces > 0));
      if (job !== undefined) {
        const r = job.reduceState.indexOf(RUNNING);
        if (e.kind === 'killReduce') {
          job.requeueReduce(ENGINE, r);
          queues.reduce.add(job);
        } else {
          job.finishReduce(ENGINE, r);
          queues.reduce.update(job);
          this.finishIfDone(job);
        }
      }
    } else {
      // a change no queue hears of, then changed(): the order is rebuilt whole (as tests and plugins use it)
      const job = pick(active.filter((j) => set.isRunnable(j) && j.pendingMaps > 0));
      if (job !== undefined) job.startMap(ENGINE, job.peekAny(), 0);
      set.changed();
    }
  }

  private finishIfDone(job: Job): void {
    if (!job.done) return;
    this.active.splice(this.active.indexOf(job), 1);
    this.queues.map.remove(job);
    this.queues.reduce.remove(job);
    this.set.remove(job);
  }
}

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
