/**
 * scheduler.delay.clock: which heartbeat a skip's wait runs to. "paper" (the default): the cluster's next heartbeat,
 * from any node. "hadoop" (branch-1's updateLocalityWaitTimes, run in assignTasks): the next heartbeat of a node
 * asking for tasks, one with a free map or reduce slot. A job whose data sits on a node with every slot busy, skipped
 * at the other node's heartbeats, so waits the gap to the busy node's heartbeat per skip on the paper's clock, and a
 * whole interval on Hadoop's.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { parseScenario } from '../../src/core/scenario.js';
import { makeTopology } from '../../src/core/topology.js';
import { RACK_LOCAL } from '../../src/core/locality-level.js';
import { compiledSimulate, loadVariant, scenario } from '../helpers.js';

const H = 1000;
const W = 2000;
const SUBMIT = 5000;
const SEED = 1;

/**
 * One rack of nodes 0 (A) and 1 (B), a map and a reduce slot each, no slow start. "hog" (submitted at 0) runs its one
 * map on A, where its block is, for 100 s, and its two reduces hold A's and B's reduce slots until then: A has no free
 * slot, so it never asks for tasks. "small" (at 5 s) has one block, on A; B's free map slot is offered to it at each
 * of B's heartbeats and it is skipped until it has waited W, then it launches rack-local on B.
 */
const raw = (clock?: string) => ({
  seed: SEED,
  cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: H },
  tasks: { slowStart: 0 },
  scheduler: { delay: { mode: 'wait', nodeMs: W, rackMs: W, ...(clock === undefined ? {} : { clock }) } },
  workload: {
    kind: 'jobs',
    files: [{ name: 'big', blocks: 1, replicas: [[0]] }, { name: 'one', blocks: 1, replicas: [[0]] }],
    jobs: [
      { id: 'hog', input: 'big', mapMs: 100_000, reduces: 2, reduceMs: 1000 },
      { id: 'small', submitMs: SUBMIT, input: 'one', mapMs: 1000 },
    ],
  },
});

/** small's map launch: when, where, at what locality. */
async function smallLaunch(clock?: string): Promise<{ atMs: number; node: number; locality: number }> {
  const launches: Array<{ atMs: number; node: number; locality: number }> = [];
  await simulate(scenario(raw(clock)), { timeDecisions: false, observer: { launched: (atMs, node, job, _task, locality) => { if (job === 1) launches.push({ atMs, node, locality }); } } });
  expect(launches).toHaveLength(1);
  return launches[0];
}

describe('scheduler.delay.clock', () => {
  const phase = makeTopology(raw().cluster, SEED).phaseMs;
  const [a, b] = [phase[0], phase[1]];
  const gap = (((a - b) % H) + H) % H; // from B's heartbeat to A's next: all a skip at B gains on the paper's clock
  const firstB = Math.ceil((SUBMIT - b) / H) * H + b; // B's first heartbeat at or after small's arrival

  it('has phases that tell the clocks apart (B\'s heartbeat well before A\'s)', () => {
    expect(gap).toBeGreaterThan(0);
    expect(Math.ceil(W / gap)).toBeGreaterThan(Math.ceil(W / H));
  });

  it('paper (the default): each skip at B gains the gap to A\'s heartbeat; small goes rack-local after ceil(W / gap) skips', async () => {
    const expected = { atMs: firstB + Math.ceil(W / gap) * H, node: 1, locality: RACK_LOCAL };
    expect(await smallLaunch()).toEqual(expected);
    expect(await smallLaunch('paper')).toEqual(expected);
  });

  it('hadoop: A, all slots busy, never asks, so each skip at B gains the whole interval; rack-local after ceil(W / H) skips', async () => {
    expect(await smallLaunch('hadoop')).toEqual({ atMs: firstB + Math.ceil(W / H) * H, node: 1, locality: RACK_LOCAL });
  });

  it('hadoop: the same digest in-process and on 2 rack threads (the set-up with A and B in racks of their own)', async () => {
    const twoRacks = (clock?: string) => scenario({ ...raw(clock), cluster: { ...raw().cluster, racks: 2, nodesPerRack: 1 } });
    const inProcess = await simulate(twoRacks('hadoop'), { timeDecisions: false });
    const threads = await (await compiledSimulate())(twoRacks('hadoop'), { runtime: 'threads', workers: 2, timeDecisions: false });
    expect(threads.run.workers).toBe(2);
    expect(threads.digest).toBe(inProcess.digest);
    expect((await simulate(twoRacks(), { timeDecisions: false })).digest).not.toBe(inProcess.digest);
  });

  it('hadoop: the heartbeats left out (skipIdleHeartbeats) are none that ask for tasks: every heartbeat walked gives the same digest', async () => {
    const s = loadVariant('hierarchical.json', 'HFS + delay', [['scheduler.delay.clock', 'hadoop']]);
    const shortcut = await simulate(s, { timeDecisions: false });
    expect((await simulate(s, { timeDecisions: false, everyHeartbeat: true, scan: 'walk' })).digest).toBe(shortcut.digest);
    expect((await simulate(loadVariant('hierarchical.json', 'HFS + delay'), { timeDecisions: false })).digest).not.toBe(shortcut.digest);
  });

  it('refuses another value, naming the field', () => {
    const r = parseScenario(raw('Hadoop'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(['scheduler.delay.clock: clock must be "paper" or "hadoop", not "Hadoop" (did you mean "hadoop"?)']);
  });
});
