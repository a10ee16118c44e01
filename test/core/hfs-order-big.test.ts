/** Review: stretches past SPREAD_MAX (4096 jobs) moved, re-walked and updated in place, against hfsOrder. */
import { describe, expect, it } from 'vitest';
import { ENGINE } from '../../src/core/engine-key.js';
import { BlockStore } from '../../src/core/hdfs.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { Job } from '../../src/core/job.js';
import { hfsOrder } from '../../src/core/policies/hfs.js';
import { HfsQueue } from '../../src/core/policies/hfs-order.js';
import { PoolSet } from '../../src/core/pools.js';
import { makeTopology } from '../../src/core/topology.js';
import { scenario } from '../helpers.js';

const topology = makeTopology({ racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, 1);
const ids = (jobs: readonly Job[]) => jobs.map((j) => j.spec.id);

describe('the kept HFS order with big stretches', () => {
  it.each(['fair', 'fifo'] as const)('moves, re-walks and updates stretches of more than 4096 jobs (%s pools)', (mode) => {
    const sc = scenario({ scheduler: { policy: 'hfs', sizeBasedWeight: true, defaultSchedulingMode: mode,
      parentPools: [{ name: 'P' }, { name: 'Q', parent: 'P' }],
      pools: [{ name: 'a', parent: 'Q' }, { name: 'b', parent: 'Q' }, { name: 'c', parent: 'P' }, { name: 'd' }] },
    workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1 }] } }).scheduler;
    const set = new PoolSet(sc, 100000, 100);
    const q = new HfsQueue(set, 'map');
    const jobs: Job[] = [];
    let n = 0;
    const arrive = (pool: string, maps: number): Job => {
      const blocks = new BlockStore(1);
      const input = Int32Array.from({ length: maps }, (_, i) => blocks.add([nodeId(i % 4)]));
      const index = n++;
      const job = new Job({ index: jobIndex(index), id: `j${index}`, pool, priority: 'NORMAL', type: 'io', submitMs: index, blocks: input, reduces: 0, mapMs: 1, reduceMs: 1, copyMs: 0, bin: 1 }, topology, blocks, 0.05);
      set.add(job);
      q.add(job);
      jobs.push(job);
      return job;
    };
    const check = (what: string): void => expect(ids(q.jobs), what).toEqual(ids(hfsOrder(set, 'map')));
    for (let i = 0; i < 5000; i++) arrive('a', 1 + (i % 5));
    check('a filled');
    for (let i = 0; i < 3; i++) arrive('b', 3);
    arrive('c', 2);
    arrive('d', 2);
    check('others');
    const launch = (job: Job): void => {
      if (job.pendingMaps === 0) return;
      job.startMap(ENGINE, job.peekAny(), 0);
      if (job.pendingMaps === 0) q.remove(job);
      else q.update(job);
    };
    // a moves behind b (Q's level), Q behind c (P's), P behind d (root): stretches of 5000 moved
    launch(jobs[0]);
    check('a moved');
    // a's map ends: a (and Q, P) go back in front, stretches of 5000 put back before the others (a tail after them)
    jobs[0].finishMap(ENGINE, 0);
    q.update(jobs[0]);
    check('a back in front');
    launch(jobs[1]);
    check('a behind again');
    // many of a's jobs at once: its list re-walked whole
    for (let i = 1; i < 1500; i++) launch(jobs[i]);
    check('a re-walked');
    // a few: a's list updated in place, its stretch big
    for (let i = 1500; i < 1505; i++) launch(jobs[i]);
    check('a updated');
    for (let k = 0; k < 5; k++) {
      launch(jobs[5000 + (k % 3)]);
      launch(jobs[5003]);
      launch(jobs[5004]);
      check(`round ${k}`);
    }
    // departures
    for (let i = 0; i < 4500; i += 3) {
      const job = jobs[i];
      set.remove(job);
      q.remove(job);
    }
    check('left');
  });
});
