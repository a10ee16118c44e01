/**
 * The capacity scheduler's user limit counts the queue's capacity as YARN's LeafQueue.computeUserLimit does: in whole
 * containers, rounded up (Resources.multiplyAndNormalizeUp), before minimum-user-limit-percent and user-limit-factor
 * scale it. Counted fractional, a queue of 33% of 10 slots (3.3) capped a lone user at ceil(3.3 x 1.5) = 5 tasks,
 * where YARN caps it at 4 x 1.5 = 6.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { userLimit } from '../../src/core/policies/capacity-rules.js';
import { queueSchema } from '../../src/core/pool-config.js';
import { scenario } from '../helpers.js';

const queue = (q: Record<string, unknown>) => queueSchema.parse({ name: 'a', capacity: 33, ...q });

describe('capacity user limit over a fractional capacity', () => {
  it('scales the capacity rounded up to whole slots, as YARN', () => {
    expect(userLimit(queue({ userLimitFactor: 1.5 }), 3.3, 5, 1)).toBe(6); // 4 x 1.5, not ceil(3.3 x 1.5) = 5
    expect(userLimit(queue({ minUserLimitPercent: 30 }), 3.1, 0, 4)).toBe(2); // ceil(4 x 30%), not ceil(3.1 x 30%) = 1
    expect(userLimit(queue({ minUserLimitPercent: 30 }), 3, 0, 4)).toBe(1); // a whole capacity is unchanged
  });

  it('lets a lone user of a 3.3-slot queue with user-limit-factor 1.5 run 6 maps', async () => {
    const s = scenario({
      name: 'ulf', seed: 1,
      cluster: { racks: 1, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
      scheduler: { policy: 'capacity', queues: [{ name: 'a', capacity: 33, userLimitFactor: 1.5 }, { name: 'b', capacity: 67 }] },
      workload: { kind: 'generated', groups: [{ name: 'a', pool: 'a', user: 'u1', count: 1, maps: 20, mapMs: 600000, reduces: 0, reduceMs: 1000 }] },
    });
    const r = await simulate(s, { timeDecisions: false });
    const a = r.pools!.find((p) => p.name === 'a')!;
    const at = a.shares.tMs.indexOf(30000);
    expect(a.shares.runningMaps[at]).toBe(6);
  });
});

describe('capacity preemption within the user limit', () => {
  it('a queue whose one user may hold 1 slot is not restored past it: no kill loop (3,033 kills and 40,344.9 slot-s lost before capacity-shares.ts counted demand within user caps)', async () => {
    // queue a (50%, user-limit-factor 0.2: one user may hold ceil(5 x 0.2) = 1 slot) arrives after b has filled all 10
    const s = scenario({
      cluster: { racks: 1, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
      scheduler: { policy: 'capacity', queues: [{ name: 'a', capacity: 50, userLimitFactor: 0.2 }, { name: 'b', capacity: 50 }],
        fairSharePreemptionTimeoutMs: 30_000, preemption: { enabled: true, intervalMs: 15_000 } },
      workload: { kind: 'generated', groups: [
        { name: 'b', pool: 'b', user: 'v1', count: 1, maps: 100, mapMs: 600_000, reduces: 0 },
        { name: 'a', pool: 'a', user: 'u1', count: 1, maps: 100, mapMs: 600_000, reduces: 0, startMs: 10_000 },
      ] },
    });
    const r = await simulate(s, { timeDecisions: false });
    expect(r.summary.killedTasks).toBe(0);
    expect(new Set(r.pools!.find((p) => p.name === 'a')!.shares.fairMaps)).toEqual(new Set([1])); // at every check
  });
});
