/**
 * The pools' counts kept between refreshes (src/core/kept-counts.ts, told by counted-queue.ts) against the plain walk,
 * whose pools count every job at each refresh: whole runs under the pool policies, preemption and running-job limits
 * give the same digest both ways. The randomized harness (test/harness) checks the same on generated scenarios.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadVariant, scenario } from '../helpers.js';

/** A backlog of one-map jobs in pools with running-job limits: most jobs wait, unchanged, through many refreshes. */
const backlog = scenario({
  name: 'kept-counts backlog',
  seed: 5,
  cluster: { racks: 1, nodesPerRack: 6, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  scheduler: {
    policy: 'hfs',
    pools: [
      { name: 'a', weight: 2, minMaps: 4, minSharePreemptionTimeoutMs: 20000, maxRunningJobs: 40 },
      { name: 'b', weight: 1, maxRunningJobs: 25 },
    ],
    preemption: { enabled: true, intervalMs: 15000 },
  },
  workload: {
    kind: 'generated',
    groups: [
      { name: 'b', pool: 'b', count: 300, maps: 1, mapMs: 20000, reduces: 1, reduceMs: 5000, intervalMs: 10 },
      { name: 'a', pool: 'a', count: 120, maps: 3, mapMs: 15000, reduces: 1, reduceMs: 5000, startMs: 30000, intervalMs: 200 },
    ],
  },
});

/** Preemption kills one-map jobs' only maps (a kill of a job with no map pending puts it back in its queues: add). */
const oneMapKills = scenario({
  name: 'kept-counts one-map kills',
  seed: 3,
  cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  scheduler: {
    policy: 'hfs',
    pools: [{ name: 'a', minMaps: 6, minSharePreemptionTimeoutMs: 1000 }, { name: 'b' }],
    preemption: { enabled: true, intervalMs: 3000 },
  },
  workload: {
    kind: 'generated',
    groups: [
      { name: 'b', pool: 'b', count: 40, maps: 1, mapMs: 120000, reduces: 0, intervalMs: 1 },
      { name: 'a', pool: 'a', count: 3, maps: 6, mapMs: 10000, reduces: 0, startMs: 20000, intervalMs: 60000 },
    ],
  },
});

describe('pool counts kept between refreshes', () => {
  it.each([
    ['preemption.json', 'Kill (preemption)', () => loadVariant('preemption.json', 'Kill (preemption)')],
    ['hierarchical.json', 'HFS + delay + preemption', () => loadVariant('hierarchical.json', 'HFS + delay + preemption')],
    ['hierarchical.json', 'Prod min 60 + preemption', () => loadVariant('hierarchical.json', 'Prod min 60 + preemption')],
    ['capacity.json', 'Capacity 60/20/20', () => loadVariant('capacity.json', 'Capacity 60/20/20')],
    ['a backlog', 'hfs with limits and preemption', () => backlog],
    ['one-map jobs', 'their maps killed', () => oneMapKills],
  ])('give the plain walk\'s digest: %s / %s', async (_file, _variant, of) => {
    const s = of();
    const kept = await simulate(s, { timeDecisions: false });
    const walk = await simulate(s, { timeDecisions: false, scan: 'walk' });
    expect(kept.digest).toBe(walk.digest);
  });
});
