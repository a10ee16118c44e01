/**
 * scheduler.preemption.config.rounding: how far preemption takes a pool above its fair share. "floor" (the default):
 * at most floor(running - fair share) tasks, never below the share. "hadoop" (branch-1's preemptTasks): it goes on
 * killing while the pool runs more than its fractional share, so it may leave the pool below by less than a task.
 * README's example: a (maxMaps 6), b and c of weight 1 on 10 map slots, shares 3.33 each; a holds 6 and b 4 (the
 * newest) when c starves for fair share and wants floor(3.33) = 3 back. Hadoop takes b to 3 (one kill: 4 > 3.33,
 * then 3 is not) and a to 4 (two: 6, 5 > 3.33): (4, 3, 3). Floor takes floor(6 - 3.33) = 2 of a's and floor(4 - 3.33)
 * = 0 of b's: (4, 4, 2), and c, at 2 of 3.33, is no longer starved (below half its share, floor(1.67) = 1, it was).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { parseScenario } from '../../src/core/scenario.js';
import { compiledSimulate, scenario } from '../helpers.js';

const raw = (rounding?: string, slots = 10) => ({
  cluster: { racks: 1, nodesPerRack: slots, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 },
  scheduler: {
    policy: 'hfs',
    pools: [{ name: 'a', maxMaps: slots - 4 }, { name: 'b' }, { name: 'c' }],
    fairSharePreemptionTimeoutMs: 5000,
    preemption: { enabled: true, intervalMs: 5000, ...(rounding === undefined ? {} : { config: { rounding } }) },
  },
  workload: {
    kind: 'generated',
    groups: [
      { name: 'a', maps: 20, mapMs: 100_000, pool: 'a' },
      { name: 'b', maps: 20, mapMs: 100_000, pool: 'b', startMs: 3000 },
      { name: 'c', maps: 20, mapMs: 100_000, pool: 'c', startMs: 12_000 },
    ],
  },
});

/** Kills by pool, and the running maps (a, b, c) at the first check after the kills, at their fair shares. */
async function outcome(rounding?: string, slots?: number) {
  const r = await simulate(scenario(raw(rounding, slots)), { timeDecisions: false });
  const pools = r.pools!;
  const killed = Object.fromEntries(['a', 'b', 'c'].map((p) => [p, pools.find((x) => x.name === p)!.killedTasks]));
  const at = (p: string) => pools.find((x) => x.name === p)!.shares;
  const check = at('c').runningMaps.findIndex((n) => n > 0); // the first check after the kills
  const running = ['a', 'b', 'c'].map((p) => at(p).runningMaps[check]);
  const fair = ['a', 'b', 'c'].map((p) => at(p).fairMaps[check]);
  return { killed, running, fair, kills: r.summary.killedTasks };
}

describe('scheduler.preemption.config.rounding: README\'s worked example', () => {
  it('floor (the default): 2 of a\'s killed, none of b\'s: (4, 4, 2)', async () => {
    const expected = { killed: { a: 2, b: 0, c: 0 }, running: [4, 4, 2], fair: [3.33, 3.33, 3.33], kills: 2 };
    expect(await outcome()).toEqual(expected);
    expect(await outcome('floor')).toEqual(expected);
  });

  it('hadoop: 1 of b\'s (the newest) and 2 of a\'s killed: (4, 3, 3)', async () => {
    expect(await outcome('hadoop')).toEqual({ killed: { a: 2, b: 1, c: 0 }, running: [4, 3, 3], fair: [3.33, 3.33, 3.33], kills: 3 });
  });

  // Whole shares: the bisection's slack is forgiven toward the share, so a pool at running - share = 1 gives exactly one
  // under both (a slack of the wrong sign took b to 2 of 3 on 9 slots, as a review found).
  it('9 slots, shares 3 each: both take a to 3 and b to 3, (3, 3, 3)', async () => {
    for (const rounding of ['floor', 'hadoop']) {
      expect(await outcome(rounding, 9)).toEqual({ killed: { a: 2, b: 1, c: 0 }, running: [3, 3, 3], fair: [3, 3, 3], kills: 3 });
    }
  });

  // 7 slots, shares 2.33: a (maxMaps 3) holds 3, b 4 (the newest) when c starves and wants floor(2.33) = 2 back.
  it('7 slots: hadoop takes both from b, to (3, 2, 2); floor one, to (3, 3, 1)', async () => {
    expect(await outcome('hadoop', 7)).toEqual({ killed: { a: 0, b: 2, c: 0 }, running: [3, 2, 2], fair: [2.33, 2.33, 2.33], kills: 2 });
    expect(await outcome('floor', 7)).toEqual({ killed: { a: 0, b: 1, c: 0 }, running: [3, 3, 1], fair: [2.33, 2.33, 2.33], kills: 1 });
  });

  it('hadoop: the same digest in-process and on 2 rack threads (the 10 slots in 2 racks of 5)', async () => {
    const s = scenario({ ...raw('hadoop'), cluster: { ...raw().cluster, racks: 2, nodesPerRack: 5 } });
    const inProcess = await simulate(s, { timeDecisions: false });
    const threads = await (await compiledSimulate())(s, { runtime: 'threads', workers: 2, timeDecisions: false });
    expect(threads.run.workers).toBe(2);
    expect(threads.digest).toBe(inProcess.digest);
    expect(inProcess.summary.killedTasks).toBe(3);
  });

  it('refuses another value, naming the field', () => {
    const r = parseScenario(raw('ceil'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(['scheduler.preemption.config.rounding: rounding must be "floor" or "hadoop", not "ceil"']);
  });
});
