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
