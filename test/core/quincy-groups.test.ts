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
    expect(quincyArcs(size)).toBe(arcs);
  });

  // Measured with the limit lifted (limits.ts MAX_QUINCY_MAP_VISITS): user CPU on the 2-core VM.
  it.each([
    // one input set, few arcs, yet a decision every 1 s interval while a map runs walks every waiting map: 77,860 solves, 44 s
    { maps: 1900, nodes: 1, slotsPerNode: 1, replicas: 1, mapMs: 40_000, heartbeatMs: 1000, refused: true },
    { maps: 1900, nodes: 1, slotsPerNode: 1, replicas: 1, mapMs: 1000, heartbeatMs: 1000, refused: false }, // 3,799 solves, 3.4 s
    // few maps, yet 200,000 solves of their own cost (20 maps of 400 s at 100 ms: 76,020 solves, 13 s)
    { maps: 20, nodes: 1, slotsPerNode: 1, replicas: 1, mapMs: 1_000_000, heartbeatMs: 100, refused: true },
    // the Facebook benchmark's largest job on 12 one-slot nodes (fixtures/quincy-large-job.json): 14,801 solves, 47 s; 4 slots a node: 11 s
    { maps: 4800, nodes: 12, slotsPerNode: 1, replicas: 3, mapMs: 36_000, heartbeatMs: 1000, refused: true },
    { maps: 4800, nodes: 12, slotsPerNode: 4, replicas: 3, mapMs: 36_000, heartbeatMs: 1000, refused: false },
  ])('a job of $maps maps of $mapMs ms on $nodes nodes of $slotsPerNode slots, heartbeats of $heartbeatMs ms: refused $refused', ({ nodes, slotsPerNode, refused, ...size }) => {
    const error = quincySizeError({ ...size, field: 'workload.sizes', nodes, racks: 1, running: 0, mapSlots: nodes * slotsPerNode, mapField: 'workload.groups[0].mapMs' });
    if (refused) expect(error).toMatch(/^workload\.sizes: a job of \d+ maps under policy quincy on \d+ map slots, maps of \d+ ms \(workload\.groups\[0\]\.mapMs\) at heartbeats of \d+ ms: .* above the limit of 40000000 \(half a minute of run\)/);
    else expect(error).toBe(undefined);
  });

  it('counts a block\'s replicas as the run makes room for them: hdfs.replication under "static" (it took 16 and refused a 400-map job that runs), up to hdfs.maxReplicas under a policy that copies', () => {
    const scenario = (policy: string) => {
      const s = parseScenario({ name: 'q', cluster: { racks: 4, nodesPerRack: 10, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 }, hdfs: { replication: 3, blockMB: 64 },
        scheduler: { policy: 'quincy', delay: { mode: 'none' }, replication: { policy } },
        workload: { kind: 'generated', groups: [{ name: 'g', count: 3, maps: 400, mapMs: 10_000, intervalMs: 60_000 }] } });
      if (!s.ok) throw new Error(s.errors.join('\n'));
      return s.value;
    };
    expect(workloadLimitErrors(scenario('static'))).toEqual([]);
    expect(workloadLimitErrors(scenario('dsbra'))).toEqual([expect.stringMatching(/^workload\.groups\[0\]\.maps: a job of 400 maps under policy quincy makes a decision program of up to \d+ arcs \(40 nodes, up to 16 replicas a block, kills on\)/)]);
  });

  it('names the decisions, the waves and the map visits: each decision walks the maps still waiting, and solves', () => {
    const error = quincySizeError({ maps: 1900, field: 'workload.groups[0].maps', nodes: 1, racks: 1, replicas: 1, running: 0, mapSlots: 1, mapMs: 40_000, mapField: 'workload.groups[0].mapMs', heartbeatMs: 1000 });
    // 1,900 waves of 41 intervals; 1,900 + 1,899 + ... + 1 = 1,805,950 waiting maps a wave's decision, plus 300 + 2 x 9 arcs a solve
    expect(error).toBe('workload.groups[0].maps: a job of 1900 maps under policy quincy on 1 map slots, maps of 40000 ms (workload.groups[0].mapMs) at heartbeats of 1000 ms: ' +
      'about 77900 decisions while it drains (1900 waves of 41 intervals), each building its graph from every waiting map and solving a program of up to 9 arcs: ' +
      `${41 * (1_805_950 + 1900 * (300 + 2 * 9))} map visits, above the limit of 40000000 (half a minute of run): ` +
      'give it fewer or shorter maps, the cluster more slots or a longer cluster.heartbeatMs, or use another policy');
  });
});

describe("Quincy's size limit on the harness's stalled scenario (fixtures/quincy-large-job.json)", () => {
  const file = join(import.meta.dirname, '..', 'harness', 'fixtures', 'quincy-large-job.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as { cluster: Record<string, unknown> };

  it('12 one-slot nodes: refused, naming the field, its 36 s maps and 1 s heartbeats (it ran 14,801 solves, 47 s); 4 slots a node: within the limit (11 s); 100 nodes: refused by its arcs', () => {
    const parsed = parseScenario(json);
    expect(parsed.ok && workloadLimitErrors(parsed.value)).toEqual([expect.stringMatching(
      /^workload\.sizes: a job of 4800 maps under policy quincy on 12 map slots, maps of 36000 ms \(workload\.type\) at heartbeats of 1000 ms: about 14800 decisions while it drains \(400 waves of 37 intervals\), .*: \d+ map visits, above the limit of 40000000/)]);
    const slots = parseScenario({ ...json, cluster: { ...json.cluster, mapSlotsPerNode: 4 } });
    expect(slots.ok && workloadLimitErrors(slots.value)).toEqual([]);
    const wide = parseScenario({ ...json, cluster: { ...json.cluster, nodesPerRack: 25 } });
    expect(wide.ok && workloadLimitErrors(wide.value)[0]).toMatch(/^workload\.sizes: a job of 4800 maps under policy quincy makes a decision program of up to \d+ arcs \(100 nodes/);
  });
});

describe("Quincy's size limit counts a decision every heartbeat interval while the largest job's maps run", () => {
  // One one-slot node at 1 s heartbeats, one job: its maps run one at a time, and every decision while one runs walks
  // the maps still waiting.
  const scenario = (maps: number, mapMs: number) => parseScenario({
    name: 'drain', seed: 1,
    cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 },
    hdfs: { replication: 1 },
    scheduler: { policy: 'quincy', delay: { mode: 'none' } },
    workload: { kind: 'generated', groups: [{ name: 'big', count: 1, maps, mapMs, reduces: 0, intervalMs: 1000 }] },
  });

  it('1,900 maps of 40 s: refused, naming the field, the map time and the heartbeat (it solved 77,860 times over 74 M waiting maps: 44 s of CPU)', () => {
    const parsed = scenario(1900, 40_000);
    const errors = parsed.ok ? workloadLimitErrors(parsed.value) : ['not parsed'];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^workload\.groups\[0\]\.maps: a job of 1900 maps under policy quincy on 1 map slots, maps of 40000 ms \(workload\.groups\[0\]\.mapMs\) at heartbeats of 1000 ms: /);
  });

  it('1,900 maps of 1 s: within the limit (3,800 decisions: seconds of run)', () => {
    const parsed = scenario(1900, 1000);
    expect(parsed.ok && workloadLimitErrors(parsed.value)).toEqual([]);
  });

  it('1,900 maps of 1 s beside one job of a single 60 s map: within the limit, each job counted at its own map time (the largest job at the longest map time of another, 148 M visits, refused a run of 4 s)', () => {
    const parsed = parseScenario({
      name: 'mixed', seed: 1,
      cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 },
      hdfs: { replication: 1 },
      scheduler: { policy: 'quincy', delay: { mode: 'none' } },
      workload: { kind: 'generated', groups: [
        { name: 'big', count: 1, maps: 1900, mapMs: 1000, reduces: 0, intervalMs: 1000 },
        { name: 'long', count: 1, maps: 1, mapMs: 60_000, reduces: 0, intervalMs: 1000 },
      ] },
    });
    expect(parsed.ok && workloadLimitErrors(parsed.value)).toEqual([]);
  });
});
