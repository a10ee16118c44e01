/**
 * The capacity user-limit audit (user-limit.ts): it passes real runs, exactly where no job limit hides who is active,
 * and it catches a launch past the limit.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { jobIndex, nodeId } from '../../src/core/ids.js';
import { scenario } from '../helpers.js';
import { userLimit, userLimitAudit } from './user-limit.js';

/** One queue of half the 4 map slots (2), two users; `queue` adds to its config. */
const twoUsers = (queue: Record<string, unknown>, extra: Record<string, unknown> = {}) => scenario({
  name: 'user-limit', seed: 3,
  cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
  scheduler: { policy: 'capacity', queues: [{ name: 'q0', capacity: 50, ...queue }], ...extra },
  workload: { kind: 'jobs', files: [{ name: 'f', blocks: 6 }], jobs: [
    { id: 'a', input: 'f', pool: 'q0', user: 'u0', mapMs: 5000 },
    { id: 'b', submitMs: 1000, input: 'f', pool: 'q0', user: 'u1', mapMs: 5000 },
  ] },
});

describe('capacity user-limit audit', () => {
  it('computes YARN\'s limit: at least a container, the live active users, minUserLimitPercent, the factor', () => {
    expect(userLimit(2, 0, 2, 0, undefined)).toBe(1); // 2 slots shared by 2 active users
    expect(userLimit(2, 2, 2, 0, undefined)).toBe(2); // over capacity: (running + 1) / 2
    expect(userLimit(2, 0, 1, 0, undefined)).toBe(2); // one active user
    expect(userLimit(2, 0, 2, 100, undefined)).toBe(2); // never below the capacity
    expect(userLimit(0, 0, 1, 100, 1)).toBe(1); // capacity 0 counts one container
    expect(userLimit(2, 5, 1, 100, 2)).toBe(4); // the factor caps it
  });

  it('passes real runs and checks each launch, exactly without job limits', async () => {
    for (const [queue, extra] of [[{ minUserLimitPercent: 0 }, {}], [{ userLimitFactor: 1 }, {}], [{ minUserLimitPercent: 50 }, { userMaxJobsDefault: 1 }]] as const) {
      const s = twoUsers(queue, extra);
      const audit = userLimitAudit(s);
      await simulate(s, { observer: audit.observer, timeDecisions: false });
      expect(audit.failures()).toEqual([]);
      expect(audit.checked).toBe(12);
      if (Object.keys(extra).length === 0) expect(audit.exact).toBe(audit.checked);
    }
  });

  it('catches a user launching past its limit', () => {
    const s = twoUsers({ userLimitFactor: 1 }); // at most ceil(2 x 1) = 2 tasks a user
    const audit = userLimitAudit(s);
    for (let node = 0; node < 3; node++) audit.observer.launched!(0, nodeId(node), jobIndex(0), node, 0, 5000);
    expect(audit.failures()).toEqual(['at 0 ms user u0 launched a map of a in queue q0 to run 3, over its limit of 2 (capacity 2 slots, 2 running, 1 active users, minUserLimitPercent 100, userLimitFactor 1)']);
    // u1's job, submitted at 1 s, makes two active users: with minUserLimitPercent 0 each may run 1 of the 2 slots
    const shared = userLimitAudit(twoUsers({ minUserLimitPercent: 0 }));
    shared.observer.launched!(2000, nodeId(0), jobIndex(0), 0, 0, 5000);
    shared.observer.launched!(2000, nodeId(1), jobIndex(0), 1, 0, 5000);
    expect(shared.failures()).toEqual(['at 2000 ms user u0 launched a map of a in queue q0 to run 2, over its limit of 1 (capacity 2 slots, 1 running, 2 active users, minUserLimitPercent 0, userLimitFactor none)']);
    expect([shared.checked, shared.atLimit]).toEqual([2, 1]); // the first launch reached the limit, the second passed it
  });
});
