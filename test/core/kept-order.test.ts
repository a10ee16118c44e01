/** KeptOrder (src/core/policies/kept-order.ts): what a kept pool order holds between reads stays bounded. */
import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import { KeptOrder } from '../../src/core/policies/kept-order.js';
import { PoolSet } from '../../src/core/pools.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';

/** A kept order that only records what each read settles. */
class Probe extends KeptOrder {
  readonly settled: Array<{ jobs: number; all: boolean }> = [];
  protected settle(changed: ReadonlySet<Job>, all: boolean): void {
    this.settled.push({ jobs: changed.size, all });
  }
  protected get order(): readonly Job[] {
    return [];
  }
}

describe('KeptOrder', () => {
  it('an order seldom read (the reduces\' in a run of maps alone) does not hold every job heard changed: past 65,536 it settles the active jobs instead (it held them all)', () => {
    const topology = makeTopology({ racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, 1);
    const sc = scenario({ scheduler: { policy: 'hfs' }, workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
    const set = new PoolSet(sc, 2, 2);
    const order = new Probe(set);
    const blocks = new BlockStore(1);
    const active = Array.from({ length: 3 }, (_, i) => {
      const job = new Job({ index: jobIndex(i), id: `j${i}`, pool: 'default', priority: 'NORMAL', type: 'io', submitMs: i, blocks: Int32Array.of(blocks.add([nodeId(0)])), reduces: 0, mapMs: 1, reduceMs: 1, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
      set.add(job);
      return job;
    });
    void order.jobs;
    expect(order.settled).toEqual([{ jobs: 3, all: true }]); // the first read settles every active job
    order.jobChanged(active[0]);
    void order.jobs;
    expect(order.settled.at(-1)).toEqual({ jobs: 1, all: false }); // then only those heard changed
    for (let i = 0; i < 70_000; i++) order.jobChanged({} as Job); // jobs that came and went unread
    void order.jobs;
    expect(order.settled.at(-1)).toEqual({ jobs: 3, all: true });
  });
});
