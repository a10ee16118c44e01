/**
 * Quincy's solver is exact: on small random decisions HiGHS's optimum of the flow program equals a brute force over
 * every assignment of tasks to computers or waiting (within each computer's slots and each job's E_j), and its flows
 * are integral. The brute force knows nothing of the network: a task's cost on a computer is its cheapest path there.
 */
import { describe, expect, it } from 'vitest';
import { loadSolver } from '../../src/actors/highs-solver.js';
import { type FlowSnapshot, type FlowTask, type QuincyCosts, buildNetwork, fairMinimums, placements } from '../../src/core/quincy/network.js';
import { networkProgram } from '../../src/core/quincy/program.js';
import { lcg } from '../lcg.js';

/** A tiny decision: 2 racks of 2 computers with 0-2 slots, up to 6 tasks of up to 3 jobs, some running; rack-local costs at most off-rack. */
function instance(seed: number): { s: FlowSnapshot; c: QuincyCosts } {
  const rand = lcg(seed);
  const rackOf = Int32Array.from([0, 0, 1, 1]);
  const capacity = Int32Array.from({ length: 4 }, () => rand(3));
  const jobs = 1 + rand(3);
  const tasks: FlowTask[] = [];
  const used = new Int32Array(4);
  for (let i = 0, n = 1 + rand(6); i < n; i++) {
    const job = rand(jobs);
    const ns = [...new Set(Array.from({ length: 1 + rand(2) }, () => rand(4)))];
    let running = rand(3) === 0 ? rand(4) : -1;
    if (running >= 0 && used[running] >= capacity[running]) running = -1;
    if (running >= 0) used[running]++;
    tasks.push({ job, nodes: ns, racks: [...new Set(ns.map((m) => rackOf[m]))], waitedMs: 1000 * rand(40), runningOn: running, runMs: running < 0 ? 0 : 1000 * rand(30) });
  }
  const demand = new Int32Array(jobs);
  for (const t of tasks) demand[t.job]++;
  const slots = capacity.reduce((a, b) => a + b, 0);
  const pick = <T>(xs: T[]): T => xs[rand(xs.length)];
  const c: QuincyCosts = { rackLocal: pick([0, 1, 5, 20]), offRack: pick([20, 21, 100]), unscheduledBase: pick([0, 1, 50]), waitPerSecond: pick([0, 1, 10]), killCost: pick([1, 50]), runningPerSecond: pick([0, 1, 10]) };
  return { s: { capacity, rackOf, racks: 2, tasks, minScheduled: rand(2) === 0 ? fairMinimums(demand, slots) : new Int32Array(jobs) }, c };
}

/** Task t's cost on computer m (-1: waiting), from Quincy's costs alone. */
function cost(t: FlowTask, m: number, s: FlowSnapshot, c: QuincyCosts): number {
  if (m < 0) return c.unscheduledBase + (c.waitPerSecond * t.waitedMs) / 1000;
  const placement = t.nodes.includes(m) ? 0 : t.racks.includes(s.rackOf[m]) ? c.rackLocal : c.offRack;
  return m === t.runningOn ? placement - c.killCost - (c.runningPerSecond * t.runMs) / 1000 : placement;
}

/** The least total cost over every assignment (each task waits or takes a slot), with each job's E_j placed. */
function bruteForce(s: FlowSnapshot, c: QuincyCosts): number {
  const n = s.tasks.length;
  const left = Int32Array.from(s.capacity);
  const placed = new Int32Array(s.minScheduled.length);
  let best = Infinity;
  const go = (i: number, sum: number): void => {
    if (i === n) {
      for (let j = 0; j < placed.length; j++) if (placed[j] < s.minScheduled[j]) return;
      best = Math.min(best, sum);
      return;
    }
    const t = s.tasks[i];
    go(i + 1, sum + cost(t, -1, s, c));
    for (let m = 0; m < left.length; m++) {
      if (left[m] === 0) continue;
      left[m]--;
      placed[t.job]++;
      go(i + 1, sum + cost(t, m, s, c));
      placed[t.job]--;
      left[m]++;
    }
  };
  go(0, 0);
  return best;
}

describe("Quincy's solver against a brute force", () => {
  it('300 tiny random decisions: HiGHS finds the brute-force optimum, with integral flows, and the placements cost it', async () => {
    const solver = await loadSolver();
    let forced = 0;
    let kept = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const { s, c } = instance(seed);
      const net = buildNetwork(s, c, { aggregate: seed % 2 === 0 });
      const flow = solver.solve(networkProgram(net));
      let lp = 0;
      for (let a = 0; a < flow.length; a++) {
        expect(Math.abs(flow[a] - Math.round(flow[a])), `seed ${seed} arc ${a}`).toBeLessThan(1e-9);
        lp += flow[a] * net.cost[a];
      }
      const best = bruteForce(s, c);
      expect(lp, `seed ${seed}`).toBeCloseTo(best, 6);
      const place = placements(net, s, flow);
      const decoded = s.tasks.reduce((sum, t, i) => sum + cost(t, place[i], s, c), 0);
      expect(decoded, `seed ${seed}`).toBeCloseTo(best, 6);
      if (s.minScheduled.some((e) => e > 0)) forced++;
      if (s.tasks.some((t, i) => t.runningOn >= 0 && place[i] === t.runningOn)) kept++;
    }
    expect(forced).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(50);
  });
});
