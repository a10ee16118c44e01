/** Quincy (src/core/quincy/): the flow network on a tiny cluster against hand-checked optima, fair minimums, whole runs. */
import { describe, expect, it } from 'vitest';
import { loadSolver } from '../../src/actors/highs-solver.js';
import { simulate } from '../../src/actors/simulate.js';
import { type FlowSnapshot, type FlowTask, type QuincyCosts, buildNetwork, fairMinimums, placements } from '../../src/core/quincy/network.js';
import { networkProgram } from '../../src/core/quincy/program.js';
import { parseScenario } from '../../src/core/scenario.js';
import { compiledSimulate, jobsScenario, loadVariant } from '../helpers.js';

const COSTS: QuincyCosts = { rackLocal: 5, offRack: 20, unscheduledBase: 1, waitPerSecond: 1, killCost: 1, runningPerSecond: 1 };

/** Two racks of two one-slot computers: 0, 1 in rack 0; 2, 3 in rack 1. */
function snapshot(tasks: Array<Partial<FlowTask> & { nodes: number[] }>, capacity = [1, 1, 1, 1], minScheduled?: number[]): FlowSnapshot {
  const rackOf = Int32Array.from([0, 0, 1, 1]);
  const full = tasks.map((t) => ({ job: 0, waitedMs: 0, runningOn: -1, runMs: 0, ...t, racks: [...new Set(t.nodes.map((m) => rackOf[m]))] }));
  const jobs = Math.max(...full.map((t) => t.job)) + 1;
  return { capacity: Int32Array.from(capacity), rackOf, racks: 2, tasks: full, minScheduled: Int32Array.from(minScheduled ?? new Array(jobs).fill(0)) };
}

async function solve(s: FlowSnapshot): Promise<{ place: number[]; cost: number }> {
  const net = buildNetwork(s, COSTS);
  const flow = (await loadSolver()).solve(networkProgram(net));
  let cost = 0;
  for (let a = 0; a < flow.length; a++) cost += flow[a] * net.cost[a];
  return { place: [...placements(net, s, flow)], cost: Math.round(cost * 1000) / 1000 };
}

describe('the flow network', () => {
  it('has the arcs of Quincy\'s graph: per task U_j, X, its racks, its computers; then U_j -> S, X -> racks, racks -> computers, computers -> S', () => {
    const s = snapshot([{ nodes: [1, 2], waitedMs: 4000 }, { job: 1, nodes: [0] }], [1, 0, 2, 1]);
    const net = buildNetwork(s, COSTS);
    // vertices: 2 tasks, 2 U_j, X, 2 racks, 4 computers, S
    expect(net.vertices).toBe(12);
    const arc = (a: number) => [net.from[a], net.to[a], net.cost[a], net.cap[a]];
    // task 0: U_0 (1 + 4 s waited), X (20), R0, R1 (5), C1, C2 (0)
    expect([0, 1, 2, 3, 4, 5].map(arc)).toEqual([[0, 2, 5, 1], [0, 4, 20, 1], [0, 5, 5, 1], [0, 6, 5, 1], [0, 8, 0, 1], [0, 9, 0, 1]]);
    expect(net.supplyArcs[1]).toBe(6);
    // task 1: U_1 (1), X, R0, C0
    expect([6, 7, 8, 9].map(arc)).toEqual([[1, 3, 1, 1], [1, 4, 20, 1], [1, 5, 5, 1], [1, 7, 0, 1]]);
    // U_j -> S (N_j - E_j), X -> R_r (the rack's capacity), R -> C, C -> S (each computer's capacity)
    expect([10, 11].map(arc)).toEqual([[2, 11, 0, 1], [3, 11, 0, 1]]);
    expect([12, 13].map(arc)).toEqual([[4, 5, 0, 1], [4, 6, 0, 3]]);
    expect([14, 15, 16, 17].map((a) => net.cap[a])).toEqual([1, 0, 2, 1]);
    expect([18, 19, 20, 21].map(arc)).toEqual([[7, 11, 0, 1], [8, 11, 0, 0], [9, 11, 0, 2], [10, 11, 0, 1]]);
  });

  it('as a linear program: a column per arc, a row per vertex but the sink, tasks supply 1', () => {
    const net = buildNetwork(snapshot([{ nodes: [1] }, { nodes: [0, 3] }]), COSTS);
    const lp = networkProgram(net);
    expect(lp.numCols).toBe(net.from.length);
    expect(lp.numRows).toBe(net.vertices - 1);
    expect([...lp.rowLower.subarray(0, 3)]).toEqual([1, 1, 0]);
    // column 0 (task 0 -> U_0): +1 at row 0, -1 at row 2
    expect([...lp.indices.subarray(lp.starts[0], lp.starts[1])]).toEqual([0, 2]);
    expect([...lp.values.subarray(lp.starts[0], lp.starts[1])]).toEqual([1, -1]);
  });
});

describe('hand-checked optima on two racks of two one-slot computers', () => {
  it.each([
    {
      name: 'node 1 busy: B and C local, A waits (1 < rack 5 through a taken slot, < off-rack 20)',
      tasks: [{ nodes: [1] }, { nodes: [0] }, { job: 1, nodes: [0, 2], waitedMs: 30_000 }], capacity: [1, 0, 1, 1], place: [-1, 0, 2], cost: 1,
    },
    {
      name: 'A and B (one job) have waited 10 s: B local, A waits (11) rather than go off-rack (20) or push B out (5 + 11)',
      tasks: [{ nodes: [1], waitedMs: 10_000 }, { nodes: [0], waitedMs: 10_000 }, { job: 1, nodes: [0, 2] }], capacity: [1, 0, 1, 1], place: [-1, 0, 2], cost: 11,
    },
    {
      name: 'they have waited 30 s: off-rack (20) beats waiting (31); A takes the free computer 3',
      tasks: [{ nodes: [1], waitedMs: 30_000 }, { nodes: [0], waitedMs: 30_000 }, { job: 1, nodes: [0, 2] }], capacity: [1, 0, 1, 1], place: [3, 0, 2], cost: 20,
    },
    {
      name: 'rack-local after 4 s: A reads from node 1 (busy) on node 0',
      tasks: [{ nodes: [1], waitedMs: 5000 }], capacity: [1, 0, 1, 1], place: [0], cost: 5,
    },
    {
      name: 'no fairness: job 0 takes its local computer 0, job 1 (data on busy node 1) waits',
      tasks: [{ nodes: [0] }, { job: 1, nodes: [1] }], capacity: [1, 0, 0, 1], place: [0, -1], cost: 1,
    },
    {
      name: 'fairness (E_1 = 1): job 1 must run, rack-local on computer 0 (5), and job 0 waits (1): cheaper than off-rack (20)',
      tasks: [{ nodes: [0] }, { job: 1, nodes: [1] }], capacity: [1, 0, 0, 1], minScheduled: [0, 1], place: [-1, 0], cost: 6,
    },
  ])('$name', async ({ tasks, capacity, minScheduled, place, cost }) => {
    const r = await solve(snapshot(tasks, capacity, minScheduled));
    expect(r.place).toEqual(place);
    expect(r.cost).toBe(cost);
  });

  it.each([
    // A runs on computer 0 (its data) for runMs; B, of another job, waits for computer 0 only, having waited waitedMs
    { runMs: 10_000, waitedMs: 5000, place: [0, -1], cost: -11 + 6 }, // keep: A's bonus 1 + 10 beats B's wait 6
    { runMs: 2000, waitedMs: 30_000, place: [-1, 0], cost: 1 + 0 }, // kill A: B's wait 31 beats A's bonus 3 + A's own wait 1
  ])('kills: A run $runMs ms, B waited $waitedMs ms -> $place', async ({ runMs, waitedMs, place, cost }) => {
    const s = snapshot([{ nodes: [0], runningOn: 0, runMs }, { job: 1, nodes: [0], waitedMs }], [1, 0, 0, 0]);
    const r = await solve(s);
    expect(r.place).toEqual(place);
    expect(r.cost).toBe(cost);
  });

  it('a running task is never swapped for a waiting task of its own job', async () => {
    const s = snapshot([{ nodes: [0], runningOn: 0, runMs: 1, waitedMs: 90_000 }, { nodes: [0], waitedMs: 90_000 }], [1, 0, 0, 0]);
    expect((await solve(s)).place).toEqual([0, -1]);
  });
});

describe('fair minimums (E_j): max-min shares of the slots, rounded down', () => {
  it.each([
    { demand: [5, 1, 10], slots: 6, out: [2, 1, 3] },
    { demand: [5, 1, 10], slots: 100, out: [5, 1, 10] },
    { demand: [4, 4], slots: 5, out: [2, 3] },
    { demand: [0, 3], slots: 2, out: [0, 2] },
    { demand: [], slots: 4, out: [] },
  ])('$demand over $slots slots: $out', ({ demand, slots, out }) => {
    expect([...fairMinimums(Int32Array.from(demand), slots)]).toEqual(out);
  });
});

describe('whole runs: quincy.json', () => {
  it('Quincy reaches fair + delay\'s node locality within 5 points, kills tasks, and reports the solver per decision', async () => {
    const delay = await simulate(loadVariant('quincy.json', 'Fair + delay'), { timeDecisions: false });
    const q = await simulate(loadVariant('quincy.json', 'Quincy'), { timeDecisions: false });
    expect(q.summary.locality.node).toBeGreaterThan(delay.summary.locality.node - 0.05);
    expect(q.summary.killedTasks).toBeGreaterThan(0);
    expect(q.run.solver!.solves).toBeGreaterThan(10);
    expect(q.run.solver!.maxColumns).toBeGreaterThan(0);
    expect(delay.run.solver).toBe(undefined);
    // The results' counts agree with the solver's report and the kills counted by the core.
    expect(q.mapAssignment).toEqual({ policy: 'quincy', counts: { solves: q.run.solver!.solves, tasks: expect.any(Number), maxTasks: expect.any(Number), kills: q.summary.killedTasks } });
    expect(q.mapAssignment!.counts.maxTasks).toBeLessThanOrEqual(q.mapAssignment!.counts.tasks);
    expect(q.mapAssignment!.counts.tasks).toBeGreaterThanOrEqual(q.mapAssignment!.counts.solves);
    expect(delay.mapAssignment).toBe(undefined);
    const noKills = await simulate(loadVariant('quincy.json', 'Quincy, no kills'), { timeDecisions: false });
    expect(noKills.summary.killedTasks).toBe(undefined); // it cannot kill: no kill counts at all
  });

  it('without kills, fairness still serves small jobs: their running maps count against a job\'s E_j (it did nothing: 45.8 s against 49.0 s)', async () => {
    const bin2 = async (variant: string) => (await simulate(loadVariant('quincy.json', variant), { timeDecisions: false })).bins.find((b) => b.bin === 2)!.meanResponseMs;
    const fair = await bin2('Quincy, no kills');
    expect(fair).toBeLessThan(0.7 * (await bin2('Quincy, no fairness')));
    expect(fair).toBeLessThan(1.5 * (await bin2('Naive fair')));
  });

  it('a Quincy run with kills on that kills nothing reports 0 kills, not no field (a sweep\'s mean over seeds needs every seed)', async () => {
    // Jobs that never wait for a busy node: nothing to kill for.
    const s = loadVariant('quincy.json', 'Quincy', [['workload.groups', [{ name: 'one', count: 2, maps: 2, mapMs: 10000, intervalMs: 60000 }]]]);
    const r = await simulate(s, { timeDecisions: false });
    expect(r.summary.killedTasks).toBe(0);
    expect(r.summary.lostSlotSeconds).toBe(0);
  });

  it('a map\'s wait counts from when its job\'s maps became schedulable: a set-up delay of whole intervals shifts the run by it (it counted from the submission, so after a 21 s set-up a map went rack-local at its first decision)', async () => {
    // One rack of two one-slot nodes; both maps read node 0 only. Rack-local costs 6: a map waits until its wait costs
    // more (1 + 1/s: the decision after 5 s), so the second map goes to node 1 at the third decision of its job.
    const launches = async (jobSetupMs: number): Promise<string[]> => {
      const parsed = parseScenario({
        seed: 1, cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000, network: { jobSetupMs } },
        hdfs: { replication: 1 }, tasks: { durationJitter: 0 },
        scheduler: { policy: 'quincy', delay: { mode: 'none' }, policyConfig: { fairness: false, rackLocalCost: 6 } },
        workload: { kind: 'jobs', files: [{ name: 'f', blocks: 2, replicas: [[0], [0]] }], jobs: [{ id: 'a', submitMs: 0, input: 'f', mapMs: 10_000, reduces: 0 }] },
      });
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      const log: string[] = [];
      await simulate(parsed.value, { timeDecisions: false, observer: { launched: (t, node, _job, map, locality) => log.push(`${t - jobSetupMs} node ${node} map ${map} locality ${locality}`) } });
      return log;
    };
    const plain = await launches(0);
    expect(plain.map((l) => l.replace(/^\d+ /, ''))).toEqual(['node 0 map 0 locality 0', 'node 1 map 1 locality 1']);
    expect(await launches(21_000)).toEqual(plain);
  });

  it('the same scenario and seed give the same digest in-process and on threads', async () => {
    const s = loadVariant('quincy.json', 'Quincy');
    const a = await simulate(s, { timeDecisions: false });
    const b = await (await compiledSimulate())(s, { timeDecisions: false, runtime: 'threads', workers: 2 });
    expect(b.digest).toBe(a.digest);
  });

  it.each([
    [{ offRackCost: -1 }, 'scheduler.policyConfig.offRackCost'],
    [{ kills: 'yes' }, 'scheduler.policyConfig.kills'],
    [{ solveEvery: 3 }, 'scheduler.policyConfig'],
    // a map would cost as much unscheduled as node-local: the harness's seed 20261134 drew it, and the run spun forever
    [{ unscheduledCost: 0, waitCostPerSecond: 0, fairness: false }, 'scheduler.policyConfig.unscheduledCost: unscheduledCost and waitCostPerSecond are both 0 with fairness off'],
    // keeping a running map would cost as much as replacing it: the same seed drew it, and maps were killed and relaunched forever
    [{ killCost: 0, runningBonusPerSecond: 0 }, 'scheduler.policyConfig.killCost: killCost and runningBonusPerSecond are both 0 with kills on'],
    // the network reaches a computer of the task's rack through X too: rack-local would cost offRackCost, never rackLocalCost
    [{ rackLocalCost: 30, offRackCost: 20 }, 'scheduler.policyConfig.rackLocalCost: rackLocalCost (30) is above offRackCost (20)'],
    [{ rackLocalCost: 25 }, 'scheduler.policyConfig.rackLocalCost: rackLocalCost (25) is above offRackCost (20)'],
    // a positive cost under the solver's tolerance acts as 0: killCost 1e-9 let solutions kill and relaunch maps
    // (10,805 kills where 1e-3 made 18), evading the check of killCost and runningBonusPerSecond both 0
    [{ killCost: 1e-9, runningBonusPerSecond: 0 }, 'scheduler.policyConfig.killCost: killCost is 1e-9, below the least cost above 0 of 0.001'],
    [{ waitCostPerSecond: 1e-300, unscheduledCost: 0, fairness: false }, 'scheduler.policyConfig.waitCostPerSecond: waitCostPerSecond is 1e-300, below the least cost above 0 of 0.001'],
    [{ rackLocalCost: 0.0005 }, 'scheduler.policyConfig.rackLocalCost: rackLocalCost is 0.0005, below the least cost above 0 of 0.001'],
  ])('bad config %j is named: %s', (policyConfig, field) => {
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: 'quincy', policyConfig } }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join('\n')).toContain(field);
  });

  it('a negative cost gets its one error, not also the least-cost one (zod runs the refine after a failed min)', () => {
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: 'quincy', policyConfig: { killCost: -1 } } }));
    expect(parsed.ok ? [] : parsed.errors).toEqual(['scheduler.policyConfig.killCost: killCost must not be negative']);
  });

  it.each([
    [{ delay: { mode: 'wait', nodeMs: 60_000 } }, 'scheduler.delay: policy "quincy" ignores delay: it places maps by a solution of its own, past any locality gate, job-type rule or long-task balancing: set delay.mode "none"'],
    [{ delay: { mode: 'none' }, jobTypeRule: true }, 'scheduler.jobTypeRule: policy "quincy" ignores jobTypeRule'],
    [{ delay: { mode: 'none' }, longTasks: {} }, 'scheduler.longTasks: policy "quincy" ignores longTasks'],
  ])('fields of the map scan it ignores are refused (%j gave the digest of none)', (fields, message) => {
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: 'quincy', ...fields } }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join('\n')).toContain(message);
  });

  it.each([
    { unscheduledCost: 0, waitCostPerSecond: 0, fairness: true },
    { unscheduledCost: 0, waitCostPerSecond: 1, fairness: false },
    { unscheduledCost: 1, waitCostPerSecond: 0, fairness: false },
    { killCost: 0, runningBonusPerSecond: 0, kills: false },
    { killCost: 0, runningBonusPerSecond: 1 },
    { killCost: 0.001, runningBonusPerSecond: 0 },
  ])('config %j, where placing a waiting map pays, is accepted', (policyConfig) => {
    expect(parseScenario(jobsScenario({ scheduler: { policy: 'quincy', policyConfig } })).ok).toBe(true);
  });
});
