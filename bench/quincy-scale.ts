/**
 * Quincy's solver time per decision against the size of the decision (pending tasks x nodes): synthetic graphs as
 * Quincy builds them (each task's input on 3 random nodes of 2 racks, racks of 20 nodes, 2 map slots per node, tasks
 * in jobs of 20, each job waited 0-60 s, no running tasks), each solved `reps` times by the HiGHS wrapper the runs use.
 * Usage: npm run build && node dist/bench/quincy-scale.js [--reps n]
 */
import { loadSolver } from '../src/actors/highs-solver.js';
import { table } from '../src/cli/format.js';
import { type FlowSnapshot, type FlowTask, buildNetwork, fairMinimums } from '../src/core/quincy/network.js';
import { networkProgram } from '../src/core/quincy/program.js';
import { readFlags } from './flags.js';

const reps = readFlags({ script: 'quincy-scale', usage: 'usage: node dist/bench/quincy-scale.js [--reps n]', flags: { '--reps': 'value' } }).count('--reps', 3, 1);
const SIZES: Array<[number, number]> = [[50, 20], [100, 20], [200, 20], [300, 40], [500, 100], [1000, 100], [2000, 200], [4000, 400]];
const COSTS = { rackLocal: 5, offRack: 20, unscheduledBase: 1, waitPerSecond: 1, killCost: 1, runningPerSecond: 1 };

function graph(tasks: number, nodes: number): FlowSnapshot {
  let seed = 12345;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  const racks = Math.max(1, Math.floor(nodes / 20));
  const rackOf = Int32Array.from({ length: nodes }, (_, m) => Math.min(racks - 1, Math.floor(m / 20)));
  const jobs = Math.ceil(tasks / 20);
  const waited = Array.from({ length: jobs }, () => 1000 * rand(60));
  const list: FlowTask[] = [];
  for (let t = 0; t < tasks; t++) {
    const set = new Set<number>();
    while (set.size < Math.min(3, nodes)) set.add(rand(nodes));
    const ns = [...set];
    list.push({ job: Math.floor(t / 20), nodes: ns, racks: [...new Set(ns.map((m) => rackOf[m]))], waitedMs: waited[Math.floor(t / 20)], runningOn: -1, runMs: 0 });
  }
  const demand = new Int32Array(jobs);
  for (const t of list) demand[t.job]++;
  return { capacity: new Int32Array(nodes).fill(2), rackOf, racks, tasks: list, minScheduled: fairMinimums(demand, nodes * 2) };
}

const solver = await loadSolver();
solver.solve(networkProgram(buildNetwork(graph(20, 20), COSTS))); // warm the WebAssembly up
const rows: string[][] = [];
for (const [tasks, nodes] of SIZES) {
  const lp = networkProgram(buildNetwork(graph(tasks, nodes), COSTS));
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < reps; i++) solver.solve(lp);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / reps;
  rows.push([String(tasks), String(nodes), String(lp.numCols), String(lp.numRows), ((performance.now() - t0) / reps).toFixed(1), cpuMs.toFixed(1)]);
}
// CPU time is the steadier measure on a shared machine: wall time there includes waiting for a core.
console.log(table(['tasks', 'nodes', 'arcs', 'vertices', 'ms per solve', 'CPU ms per solve'], rows));
