/**
 * Drives a PoolSet and both kinds' kept pool orders through random events as the scheduler does (arrivals, launches,
 * ends, kills, each followed by the queue call the scheduler makes), and reads the kept order against the plain one
 * rebuilt whole: the hfs tests (hfs-order-driver.ts) and the capacity ones share it.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { ENGINE } from '../../src/core/engine-key.js';
import type { JobQueue } from '../../src/core/framework/queue-order.js';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import type { PoolSet } from '../../src/core/pools.js';
import { PRIORITIES } from '../../src/core/priority.js';
import type { Priority } from '../../src/core/scenario.js';
import type { SlotKind } from '../../src/core/slot-kind.js';
import { RUNNING } from '../../src/core/task-state.js';
import { makeTopology } from '../../src/core/topology.js';

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

/** The mix of events the tests draw (a kind twice is drawn twice as often), a change no queue hears of among them. */
export const EVENT_MIX = ['arrive', 'arrive', 'launchMap', 'launchMap', 'launchMap', 'endMap', 'endMap', 'killMap', 'launchReduce', 'launchReduce', 'endReduce', 'killReduce', 'changed'] as const;

/**
 * DriverEvents as the tests draw them: of `kinds` (repeat a kind to draw it more often), an arrival's pool an index up
 * to `pools`, and `read`, from 0 to `reads`, by which a test picks the kinds it reads after the event.
 */
export function eventArb(o: { kinds: ReadonlyArray<DriverEvent['kind']>; pools: number; users: ReadonlyArray<string | undefined>; reads: number }) {
  return fc.record({
    kind: fc.constantFrom(...o.kinds),
    which: fc.nat(),
    /** An arrival's pool: a listed one by index, or (past them) one the job names, made at its arrival. */
    pool: fc.nat({ max: o.pools }),
    user: fc.constantFrom(...o.users),
    priority: fc.constantFrom(...PRIORITIES),
    maps: fc.integer({ min: 1, max: 6 }),
    reduces: fc.integer({ min: 0, max: 3 }),
    read: fc.integer({ min: 0, max: o.reads }),
  });
}

/** A policy's kept queue and its plain order, rebuilt whole (which measures every pool's share, as refreshStats does). */
export interface Orders {
  queue(set: PoolSet, kind: SlotKind): JobQueue;
  plain(set: PoolSet, kind: SlotKind): Job[];
}

export class OrderDriver {
  readonly queues: Record<SlotKind, JobQueue>;
  private readonly active: Job[] = [];
  private readonly blocksOf = new Map<Job, BlockStore>();
  private next = 0;
  private t = 0;

  /** `reduceAfterMapsDone`: a reduce launches only once its job's maps are done (copy-compute splitting's rule). */
  constructor(private readonly set: PoolSet, private readonly names: readonly string[], private readonly orders: Orders, private readonly reduceAfterMapsDone = false) {
    this.queues = { map: orders.queue(set, 'map'), reduce: orders.queue(set, 'reduce') };
  }

  /** The kept order of `kind` is the plain one's, and so are the pools' shares the kept order measured. */
  read(kind: SlotKind): void {
    const kept = ids(this.queues[kind].jobs);
    const measured = shares(this.set, kind); // as the kept order measured them
    expect(kept, `${kind} order after ${this.next} arrivals`).toEqual(ids(this.orders.plain(this.set, kind)));
    expect(measured, `${kind} shares`).toEqual(shares(this.set, kind)); // the plain order re-measured every pool
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
