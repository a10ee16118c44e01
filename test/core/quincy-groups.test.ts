/**
 * Quincy's aggregated program (src/core/quincy/groups.ts): identical waiting tasks as one supply vertex give the plain
 * program's optimum, and the decoded placements cost exactly that optimum, on random instances.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSolver } from '../../src/actors/highs-solver.js';
import { supplyGroups } from '../../src/core/quincy/groups.js';
import { type FlowSnapshot, type FlowTask, type QuincyCosts, buildNetwork, fairMinimums, placements } from '../../src/core/quincy/network.js';
import { networkProgram } from '../../src/core/quincy/program.js';
import { quincyArcs, quincySizeError } from '../../src/core/quincy/size-limit.js';
import { parseScenario } from '../../src/core/scenario.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';
import { lcg } from '../lcg.js';

/** A random decision: few distinct input sets so that groups form, some running tasks, fairness on or off. */
function instance(seed: number): { s: FlowSnapshot; c: QuincyCosts } {
  const rand = lcg(seed);
  const racks = 1 + rand(3);
  const perRack = 1 + rand(4);
  const nodes = racks * perRack;
  const rackOf = Int32Array.from({ length: nodes }, (_, m) => Math.floor(m / perRack));
  const capacity = Int32Array.from({ length: nodes }, () => rand(3));
  const jobs = 1 + rand(3);
  const waited = Array.from({ length: jobs }, () => 1000 * rand(40));
  const inputs = Array.from({ length: 1 + rand(5) }, () => [...new Set(Array.from({ length: 1 + rand(3) }, () => rand(nodes)))]);
  const tasks: FlowTask[] = [];
  for (let i = 0, n = 1 + rand(40); i < n; i++) {
    const job = rand(jobs);
    const ns = inputs[rand(inputs.length)];
    const running = rand(5) === 0 ? rand(nodes) : -1;
    tasks.push({ job, nodes: ns, racks: [...new Set(ns.map((m) => rackOf[m]))], waitedMs: waited[job], runningOn: running, runMs: running < 0 ? 0 : 1000 * rand(30) });
  }
  const demand = new Int32Array(jobs);
  for (const t of tasks) demand[t.job]++;
  const slots = capacity.reduce((a, b) => a + b, 0);
  const pick = <T>(xs: T[]): T => xs[rand(xs.length)];
  const c: QuincyCosts = { rackLocal: pick([0, 5, 30]), offRack: pick([5, 20, 100]), unscheduledBase: pick([0, 1, 50]), waitPerSecond: pick([0, 1, 10]), killCost: pick([0, 1, 50]), runningPerSecond: pick([0, 1, 10]) };
  return { s: { capacity, rackOf, racks, tasks, minScheduled: rand(2) === 0 ? fairMinimums(demand, slots) : new Int32Array(jobs) }, c };
}

/**
 * The cheapest path's cost for task t placed on computer m (or left waiting: m = -1): its arc to m if it has one (a
 * running task's to its own computer less its bonus), through a rack of its input (rackLocal) or X (offRack).
 */
function pathCost(t: FlowTask, m: number, s: FlowSnapshot, c: QuincyCosts): number {
  if (m < 0) return c.unscheduledBase + (c.waitPerSecond * t.waitedMs) / 1000;
  const paths = [c.offRack];
  if (t.racks.includes(s.rackOf[m])) paths.push(c.rackLocal);
  if (t.nodes.includes(m)) paths.push(0);
  if (m === t.runningOn) {
    const placement = t.nodes.includes(m) ? 0 : t.racks.includes(s.rackOf[m]) ? c.rackLocal : c.offRack;
    paths.push(placement - c.killCost - (c.runningPerSecond * t.runMs) / 1000);
  }
  return Math.min(...paths);
}

describe('Quincy: identical waiting tasks share a supply vertex', () => {
  it('groups waiting tasks by job, waiting time and input computers (in any order); running tasks stay alone', () => {
    const t = (job: number, nodes: number[], runningOn = -1): FlowTask => ({ job, nodes, racks: [0], waitedMs: 0, runningOn, runMs: 0 });
    const g = supplyGroups([t(0, [1, 2]), t(0, [2, 1]), t(1, [1, 2]), t(0, [1, 2], 1), t(0, [1, 2]), t(0, [3])], true);
    expect(g.count).toBe(4);
    const members = (v: number) => [...g.members.subarray(g.start[v], g.start[v + 1])];
    expect([0, 1, 2, 3].map(members)).toEqual([[0, 1, 4], [2], [3], [5]]);
    expect(supplyGroups([t(0, [1]), t(0, [1])], false).count).toBe(2);
  });

  it('200 random decisions: the aggregated program has the plain optimum, and its placements cost exactly that', async () => {
    const solver = await loadSolver();
    let grouped = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { s, c } = instance(seed);
      const objective = (net: ReturnType<typeof buildNetwork>) => {
        const flow = solver.solve(networkProgram(net));
        let sum = 0;
        for (let a = 0; a < flow.length; a++) sum += flow[a] * net.cost[a];
        return { flow, sum };
      };
      const plain = objective(buildNetwork(s, c, { aggregate: false }));
      const net = buildNetwork(s, c);
      if (net.groups.count < s.tasks.length) grouped++;
      const agg = objective(net);
      expect(agg.sum, `seed ${seed}`).toBeCloseTo(plain.sum, 6);
      const place = placements(net, s, agg.flow);
      const used = new Int32Array(s.capacity.length);
      let decoded = 0;
      s.tasks.forEach((t, i) => {
        decoded += pathCost(t, place[i], s, c);
        if (place[i] >= 0) used[place[i]]++;
      });
      expect(decoded, `seed ${seed}`).toBeCloseTo(plain.sum, 6);
      for (let m = 0; m < used.length; m++) expect(used[m], `seed ${seed} computer ${m}`).toBeLessThanOrEqual(s.capacity[m]);
    }
    expect(grouped).toBeGreaterThan(150); // most instances have groups of more than one task
  });
});

describe("Quincy's size limit (size-limit.ts)", () => {
  it.each([
    // the harness's stalled scenario: Facebook jobs of up to 4,800 maps on 12 nodes at 3 replicas: at most 12 + 66 + 220 input sets
    { maps: 4800, nodes: 12, racks: 4, replicas: 3, running: 0, arcs: 298 * 9 + 1 + 4 + 24 },
    // kills on: the running maps are vertices of their own
    { maps: 4800, nodes: 12, racks: 4, replicas: 3, running: 12, arcs: 310 * 9 + 1 + 4 + 24 },
    // a large cluster: every map its own vertex
    { maps: 4800, nodes: 100, racks: 10, replicas: 3, running: 400, arcs: 4800 * 9 + 1 + 10 + 200 },
    { maps: 30, nodes: 12, racks: 2, replicas: 3, running: 24, arcs: 30 * 9 + 1 + 2 + 24 },
  ])('a job of $maps maps on $nodes nodes, $replicas replicas, $running running: up to $arcs arcs', ({ arcs, ...size }) => {
    expect(quincyArcs({ ...size, field: 'workload', mapSlots: 2 * size.nodes })).toBe(arcs);
  });

  it.each([
    // the few arcs of one input set, yet every decision walked every waiting map: 112 s, where fair sharing took 1.5 s
    { maps: 14_901, slots: 16, refused: true },
    { maps: 8_000, slots: 16, refused: false }, // 2,000,000 visits: 32 s
    { maps: 4_800, slots: 24, refused: false }, // the Facebook benchmark's largest job on 12 nodes
  ])('a job of $maps maps on $slots map slots walks about maps^2 / (2 slots) waiting maps: refused past 2,000,000: $refused', ({ maps, slots, refused }) => {
    const error = quincySizeError({ maps, field: 'workload.sizes', nodes: slots / 2, racks: 1, replicas: 1, running: 0, mapSlots: slots });
    if (!refused) expect(error).toBe(undefined);
    else expect(error).toBe(`workload.sizes: a job of ${maps} maps under policy quincy on ${slots} map slots waits through about ${Math.ceil(maps / slots)} decisions, each building its graph from every waiting map: ${Math.round((maps * maps) / (2 * slots))} map visits, above the limit of 2000000 (half a minute of run): give it fewer maps or the cluster more slots, or use another policy`);
  });
});

describe("Quincy's size limit on the harness's stalled scenario (fixtures/quincy-large-job.json)", () => {
  const file = join(import.meta.dirname, '..', 'harness', 'fixtures', 'quincy-large-job.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as { cluster: Record<string, unknown> };

  it('12 nodes: within the limit (now aggregated, the run ends); 100 nodes: refused, naming the field', () => {
    const parsed = parseScenario(json);
    expect(parsed.ok && workloadLimitErrors(parsed.value)).toEqual([]);
    const wide = parseScenario({ ...json, cluster: { ...json.cluster, nodesPerRack: 25 } });
    expect(wide.ok && workloadLimitErrors(wide.value)[0]).toMatch(/^workload\.sizes: a job of 4800 maps under policy quincy makes a decision program of up to \d+ arcs \(100 nodes/);
  });
});
