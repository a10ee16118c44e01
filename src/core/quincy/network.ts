/**
 * Quincy's scheduling graph (Isard et al., SOSP 2009) for one decision, as a min-cost flow: every task is a source of
 * one unit that reaches the sink S through its job's unscheduled node U_j (left waiting), the cluster aggregator X
 * (any node: off-rack), a rack aggregator R_r (a node of a rack holding its data: rack-local) or a computer C_m
 * holding its data (node-local); X feeds every rack, a rack its computers, a computer S up to its free map slots.
 * Costs: node-local 0, rack-local `rackLocal`, off-rack `offRack`; waiting `unscheduledBase + waitPerSecond x seconds
 * waited`, so a task waits for a better slot until waiting costs more than the transfer (Quincy's delay). A running
 * task (when kills are on) also has an arc to the computer it runs on, its placement cost less `killCost +
 * runningPerSecond x seconds run`: the optimum may move it (kill and restart) or leave it unscheduled (kill) when that
 * pays more than the work lost. Every task of a job has the job's waiting cost (seconds since its maps became schedulable), so
 * swapping a running task for a waiting one of its own job never pays.
 * Fairness: U_j -> S carries at most N_j - E_j, so at least E_j of the job's N_j tasks are scheduled.
 * Waiting tasks of a job with their inputs on the same computers share one supply vertex (groups.ts): the same optimum
 * from a program of a few hundred vertices for a job of thousands of maps on a small cluster.
 * Pure: builds the arcs and decodes a solution's flows into a computer (or -1) per task.
 */
import { type SupplyGroups, supplyGroups } from './groups.js';

export interface QuincyCosts {
  rackLocal: number;
  offRack: number;
  unscheduledBase: number;
  waitPerSecond: number;
  /** A running task's arc to its own computer costs its placement less killCost + runningPerSecond x seconds run. */
  killCost: number;
  runningPerSecond: number;
}

export interface FlowTask {
  /** Its job's position in FlowSnapshot.jobs. */
  job: number;
  /** Computers holding its input's replicas, and their racks (each rack once). */
  nodes: readonly number[];
  racks: readonly number[];
  waitedMs: number;
  /** The computer it runs on, or -1 while it waits. */
  runningOn: number;
  runMs: number;
}

export interface FlowSnapshot {
  /** Per computer: the map slots this decision may fill (free ones, and with kills those of the tasks in the graph). */
  capacity: Int32Array;
  /** Per computer: its rack (racks are 0 .. racks - 1). */
  rackOf: Int32Array;
  racks: number;
  tasks: readonly FlowTask[];
  /** Per job: the fewest of its tasks in the graph the decision must schedule (E_j). */
  minScheduled: Int32Array;
}

export interface FlowNetwork {
  /** Vertices: supply vertices 0 .. V-1 (groups.ts: tasks no solution tells apart), U_j at V + j, X, R_r, C_m, the sink last. */
  readonly vertices: number;
  readonly sink: number;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly cost: Float64Array;
  readonly cap: Float64Array;
  /** Each supply vertex's arcs are supplyArcs[v] .. supplyArcs[v + 1]. */
  readonly supplyArcs: Int32Array;
  /** Vertex ids of the aggregators. */
  readonly X: number;
  readonly R0: number;
  readonly C0: number;
  /** The supply vertices (V) and their tasks. */
  readonly groups: SupplyGroups;
}

export interface NetworkOptions {
  /** One supply vertex per group of identical waiting tasks (default); false: one per task (the plain program). */
  aggregate?: boolean;
}

class Arcs {
  from: number[] = [];
  to: number[] = [];
  cost: number[] = [];
  cap: number[] = [];
  add(a: number, b: number, cost: number, cap: number): void {
    this.from.push(a);
    this.to.push(b);
    this.cost.push(cost);
    this.cap.push(cap);
  }
}

/** The placement cost of a task on computer `m`. */
function placementCost(t: FlowTask, m: number, rackOf: Int32Array, c: QuincyCosts): number {
  if (t.nodes.includes(m)) return 0;
  return t.racks.includes(rackOf[m]) ? c.rackLocal : c.offRack;
}

const runBonus = (t: FlowTask, c: QuincyCosts): number => c.killCost + (c.runningPerSecond * t.runMs) / 1000;

export function buildNetwork(s: FlowSnapshot, c: QuincyCosts, options: NetworkOptions = {}): FlowNetwork {
  const groups = supplyGroups(s.tasks, options.aggregate ?? true);
  const V = groups.count;
  const J = s.minScheduled.length;
  const nodes = s.capacity.length;
  const X = V + J;
  const R0 = X + 1;
  const C0 = R0 + s.racks;
  const sink = C0 + nodes;
  const arcs = new Arcs();
  const supplyArcs = new Int32Array(V + 1);
  const perJob = new Int32Array(J);
  for (const t of s.tasks) perJob[t.job]++;
  for (let v = 0; v < V; v++) {
    supplyArcs[v] = arcs.from.length;
    const k = groups.start[v + 1] - groups.start[v];
    const t = s.tasks[groups.members[groups.start[v]]];
    arcs.add(v, V + t.job, c.unscheduledBase + (c.waitPerSecond * t.waitedMs) / 1000, k);
    arcs.add(v, X, c.offRack, k);
    for (const r of t.racks) arcs.add(v, R0 + r, c.rackLocal, k);
    for (const m of t.nodes) {
      arcs.add(v, C0 + m, m === t.runningOn ? -runBonus(t, c) : 0, k);
    }
    if (t.runningOn >= 0 && !t.nodes.includes(t.runningOn)) {
      arcs.add(v, C0 + t.runningOn, placementCost(t, t.runningOn, s.rackOf, c) - runBonus(t, c), k);
    }
  }
  supplyArcs[V] = arcs.from.length;
  for (let j = 0; j < J; j++) arcs.add(V + j, sink, 0, Math.max(0, perJob[j] - s.minScheduled[j]));
  const rackCap = new Int32Array(s.racks);
  for (let m = 0; m < nodes; m++) rackCap[s.rackOf[m]] += s.capacity[m];
  for (let r = 0; r < s.racks; r++) arcs.add(X, R0 + r, 0, rackCap[r]);
  for (let m = 0; m < nodes; m++) arcs.add(R0 + s.rackOf[m], C0 + m, 0, s.capacity[m]);
  for (let m = 0; m < nodes; m++) arcs.add(C0 + m, sink, 0, s.capacity[m]);
  return {
    vertices: sink + 1, sink, X, R0, C0, groups, supplyArcs,
    from: Int32Array.from(arcs.from), to: Int32Array.from(arcs.to), cost: Float64Array.from(arcs.cost), cap: Float64Array.from(arcs.cap),
  };
}

/**
 * The computer each task goes to in a solution's arc flows `flow`, or -1 (unscheduled). A supply vertex's tasks take
 * its arcs' flows in task order, placed arcs first (computers, racks, X, in reverse arc order), so the first tasks of a
 * group are placed and the last wait. Flows through X and the racks are aggregates: they are split among the tasks
 * that enter them, computer by computer in id order (tasks in graph order; every split reaches the same computers at
 * the same cost), a running task kept on its own computer where the aggregate flow allows.
 */
export function placements(net: FlowNetwork, s: FlowSnapshot, flow: Float64Array): Int32Array {
  const { groups } = net;
  const V = groups.count;
  const out = new Int32Array(s.tasks.length).fill(-1);
  const byRack: number[][] = Array.from({ length: s.racks }, () => []);
  const viaX: number[] = [];
  for (let v = 0; v < V; v++) {
    let k = groups.start[v];
    for (let a = net.supplyArcs[v + 1] - 1; a >= net.supplyArcs[v]; a--) {
      const to = net.to[a];
      if (to < net.X) continue; // its unscheduled vertex: the tasks left over wait
      for (let n = Math.round(flow[a]); n > 0; n--) {
        const i = groups.members[k++];
        if (to >= net.C0) out[i] = to - net.C0;
        else if (to >= net.R0) byRack[to - net.R0].push(i);
        else viaX.push(i);
      }
    }
  }
  // Arc flows from X to each rack and from each rack to each computer (the arcs after the tasks' and the U_j's).
  const J = s.minScheduled.length;
  const xArc = net.supplyArcs[V] + J;
  const nodes = s.capacity.length;
  const toNode = new Int32Array(nodes);
  for (let m = 0; m < nodes; m++) toNode[m] = Math.round(flow[xArc + s.racks + m]);
  let k = 0;
  for (let r = 0; r < s.racks; r++) for (let n = Math.round(flow[xArc + r]); n > 0; n--) byRack[r].push(viaX[k++]);
  for (let r = 0; r < s.racks; r++) {
    const entering = byRack[r];
    const rest: number[] = [];
    for (const i of entering) {
      const m = s.tasks[i].runningOn;
      if (m >= 0 && s.rackOf[m] === r && toNode[m] > 0) {
        out[i] = m;
        toNode[m]--;
      } else rest.push(i);
    }
    let m = 0;
    for (const i of rest) {
      while (m < nodes && (s.rackOf[m] !== r || toNode[m] === 0)) m++;
      if (m === nodes) throw new Error(`flows into rack ${r} do not add up: more tasks enter it than leave to its computers`);
      out[i] = m;
      toNode[m]--;
    }
  }
  return out;
}

/**
 * E_j: each job's share of `slots` by max-min fairness over its demand (tasks in the graph), in whole slots: jobs in
 * order of demand (then index) take min(demand, what is left / jobs left, rounded down), so a remainder goes to the
 * jobs of larger demand.
 */
export function fairMinimums(demand: Int32Array, slots: number): Int32Array {
  const J = demand.length;
  const out = new Int32Array(J);
  const order = Array.from({ length: J }, (_, j) => j).sort((a, b) => demand[a] - demand[b] || a - b);
  let left = slots;
  for (let k = 0; k < J; k++) {
    const j = order[k];
    const share = Math.min(demand[j], Math.floor(left / (J - k)));
    out[j] = share;
    left -= share;
  }
  return out;
}
