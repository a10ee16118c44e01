/**
 * Quincy (Isard et al., SOSP 2009) as a baseline policy, "quincy": scheduling as a min-cost flow (network.ts), solved
 * by an injected LP solver (HiGHS, src/actors/highs-solver.ts). When: at every epoch boundary (every heartbeat
 * interval, before the epoch's heartbeats) while maps are pending, Quincy rebuilds the graph from the master's view
 * (pending maps, running maps with kills on, free map slots) and solves it. Running maps the solution moves or leaves
 * unscheduled are killed at once (their slots free before the heartbeats); each node's heartbeat then launches the
 * maps the solution placed on it, past any locality gate. A slot that frees between solves waits for the next one.
 * Reduces go to jobs in fair order, as the core assigns them (reduces have no input locality).
 */
import { z } from 'zod';
import { numberField } from '../bounded.js';
import type { JobEvents } from '../framework/job-events.js';
import type { LpSolver } from '../framework/lp-solver.js';
import type { AssignerCounts, LaunchPort, MapAssigner, MapSlots } from '../framework/map-assignment.js';
import type { Victim } from '../framework/preemption.js';
import type { PluginContext, PolicyPlugin, SchedulingPolicy, WorkloadShape } from '../framework/registry.js';
import type { Tick } from '../framework/tick.js';
import type { BlockReader } from '../hdfs.js';
import type { Job } from '../job.js';
import { MIN_QUINCY_COST } from '../limits.js';
import { compareFair } from '../policies/fair.js';
import { SortedJobQueue } from '../policies/sorted-queue.js';
import { PENDING } from '../task-state.js';
import { type NodeId, type Topology, heartbeatMsOf, rackOf } from '../topology.js';
import { strideOf } from '../workload.js';
import { quincySizeError } from './size-limit.js';
import { waitingJobsError } from './waiting-jobs.js';
import { type FlowSnapshot, type FlowTask, buildNetwork, fairMinimums, placements } from './network.js';
import { networkProgram } from './program.js';

const cost = (what: string) => numberField(what).min(0, `${what} must not be negative`).max(1e6, `${what} must be at most 1000000`)
  .refine((v) => v <= 0 || v >= MIN_QUINCY_COST, { // a negative one has its own error above
    error: (issue) => `${what} is ${String(issue.input)}, below the least cost above 0 of ${MIN_QUINCY_COST}: the solver tells costs apart only to about 1e-7, so a smaller one acts as 0 (write 0, or ${MIN_QUINCY_COST} or more)`,
  });

export const quincyConfig = z.strictObject({
  /** Cost of a rack-local placement (a block read over the rack switch); node-local costs 0. */
  rackLocalCost: cost('rackLocalCost').default(5),
  /** Cost of an off-rack placement (a block read over the core). */
  offRackCost: cost('offRackCost').default(20),
  /** Cost of leaving a task unscheduled, plus waitCostPerSecond for every second it has waited. */
  unscheduledCost: cost('unscheduledCost').default(1),
  waitCostPerSecond: cost('waitCostPerSecond').default(1),
  /** Taken off a running task's arc to its node: killCost, plus runningBonusPerSecond per second it has run (the work a kill wastes). */
  killCost: cost('killCost').default(1),
  runningBonusPerSecond: cost('runningBonusPerSecond').default(1),
  /** Running maps are in the graph and may be killed (moved or left unscheduled); false: they keep their slots. */
  kills: z.boolean({ error: 'kills must be true or false' }).default(true),
  /** Each job must get at least its max-min fair share of the slots in the graph (Quincy's E_j). */
  fairness: z.boolean({ error: 'fairness must be true or false' }).default(true),
}).refine((c) => c.rackLocalCost <= c.offRackCost, {
  // Quincy's rack cost is the worst case within the rack, its X cost the worst case over the cluster (at least as
  // much). Above it, the graph's X arc reaches the rack's computers for less: no solution pays rackLocalCost.
  path: ['rackLocalCost'],
  error: (issue) => {
    const c = issue.input as { rackLocalCost: number; offRackCost: number };
    return `rackLocalCost (${c.rackLocalCost}) is above offRackCost (${c.offRackCost}): a rack-local placement would go through the cluster aggregator X at offRackCost, so rackLocalCost would never be paid`;
  },
}).refine((c) => c.fairness || c.unscheduledCost > 0 || c.waitCostPerSecond > 0, {
  // Then a pending map costs as much unscheduled as node-local (0): no solution need ever place it, and a run could
  // wait forever (fairness's E_j fills the free slots; any other positive cost makes placing it strictly cheaper).
  path: ['unscheduledCost'],
  message: 'unscheduledCost and waitCostPerSecond are both 0 with fairness off: leaving a map unscheduled would cost nothing, so Quincy might never place it',
}).refine((c) => !c.kills || c.killCost > 0 || c.runningBonusPerSecond > 0, {
  // Then keeping a running map costs as much as killing it for another: ties let solutions kill and relaunch maps
  // forever (the harness's seed 20261134 drew it: 10,000 kills and no finish in 7,500 simulated seconds).
  path: ['killCost'],
  message: 'killCost and runningBonusPerSecond are both 0 with kills on: a running map would be no cheaper to keep than to replace, so Quincy might kill and relaunch maps without end',
});
export type QuincyConfig = z.infer<typeof quincyConfig>;

interface RunningMap {
  node: NodeId;
  startMs: number;
}

/** Solves so far, and their sizes: for the report beside the solver's wall time. */
export interface QuincyStats {
  solves: number;
  tasks: number;
  maxTasks: number;
  kills: number;
}

export class Quincy implements MapAssigner, Tick, JobEvents {
  nextTickMs = 0;
  readonly mayKill: boolean;
  readonly stats: QuincyStats = { solves: 0, tasks: 0, maxTasks: 0, kills: 0 };
  private plan: Array<Array<[Job, number]>>;
  private readonly running = new Map<Job, Map<number, RunningMap>>();
  private queue: SortedJobQueue | undefined;
  private readonly rackOfNode: Int32Array;

  /**
   * `setupMs`: cluster.network.jobSetupMs, after which a job's maps become schedulable. Their wait counts from then: from
   * the submission, a map had waited the set-up delay at its first decision (after a 21 s set-up it went rack-local,
   * its wait dearer than rackLocalCost, with no decision having passed it over).
   */
  constructor(private readonly config: QuincyConfig, private readonly topology: Topology, private readonly blocks: BlockReader, private readonly solver: LpSolver,
    private readonly setupMs = 0) {
    this.mayKill = config.kills;
    this.plan = Array.from({ length: topology.nodes }, () => []);
    this.rackOfNode = Int32Array.from({ length: topology.nodes }, (_, m) => rackOf(topology, m as NodeId));
  }

  /** Solves, tasks over all solves' graphs, the largest graph's tasks, and kills: the run's `mapAssignment` counts. */
  counts(): AssignerCounts {
    const { solves, tasks, maxTasks, kills } = this.stats;
    return { solves, tasks, maxTasks, kills };
  }

  /** The map queue (jobs with pending maps), kept by the core. */
  mapQueue(): SortedJobQueue {
    this.queue = new SortedJobQueue(compareFair('map'));
    return this.queue;
  }

  skipIdle(limitMs: number): void {
    const H = this.topology.heartbeatMs;
    const last = Math.floor(limitMs / H) * H;
    if (last > this.nextTickMs) this.nextTickMs = last;
  }

  tick(active: boolean, kill: (victim: Victim, nowMs: number) => void): void {
    const now = this.nextTickMs;
    this.nextTickMs += this.topology.heartbeatMs;
    for (const p of this.plan) p.length = 0;
    const pending = this.queue?.jobs ?? [];
    if (!active || pending.length === 0) return;
    const { snapshot, refs } = this.snapshot(pending, now);
    const net = buildNetwork(snapshot, {
      rackLocal: this.config.rackLocalCost, offRack: this.config.offRackCost, unscheduledBase: this.config.unscheduledCost,
      waitPerSecond: this.config.waitCostPerSecond, killCost: this.config.killCost, runningPerSecond: this.config.runningBonusPerSecond,
    });
    const flow = this.solver.solve(networkProgram(net));
    const place = placements(net, snapshot, flow);
    this.stats.solves++;
    this.stats.tasks += refs.length;
    this.stats.maxTasks = Math.max(this.stats.maxTasks, refs.length);
    refs.forEach(([job, map], i) => {
      const to = place[i];
      const on = snapshot.tasks[i].runningOn;
      if (on >= 0 && to !== on) {
        this.stats.kills++;
        kill({ job, task: map, startMs: this.running.get(job)!.get(map)!.startMs }, now);
      }
      if (to >= 0 && to !== on) this.plan[to].push([job, map]);
    });
  }

  killed(): void {}

  /** The graph's input: pending maps of the queued jobs, then (kills on) every running map; free slots per node. */
  private snapshot(pending: readonly Job[], now: number): { snapshot: FlowSnapshot; refs: Array<[Job, number]> } {
    const { topology, blocks, config } = this;
    const jobs = new Map<Job, number>();
    const tasks: FlowTask[] = [];
    const refs: Array<[Job, number]> = [];
    const capacity = new Int32Array(topology.nodes).fill(topology.mapSlotsPerNode);
    const jobOf = (job: Job): number => {
      let j = jobs.get(job);
      if (j === undefined) jobs.set(job, (j = jobs.size));
      return j;
    };
    /** Since the job's maps became schedulable (its submission and set-up): every task of a job waits as long. */
    const waited = (job: Job): number => now - (job.spec.submitMs + this.setupMs);
    const prefs = (job: Job, map: number) => {
      const block = job.spec.blocks[map];
      const nodes: number[] = [];
      const racks: number[] = [];
      for (let i = 0, n = blocks.replicaCount(block); i < n; i++) {
        const m = blocks.replica(block, i);
        nodes.push(m);
        const r = this.rackOfNode[m];
        if (!racks.includes(r)) racks.push(r);
      }
      return { nodes, racks };
    };
    for (const job of pending) {
      for (let m = 0; m < job.maps; m++) {
        if (job.mapState[m] !== PENDING) continue;
        tasks.push({ job: jobOf(job), ...prefs(job, m), waitedMs: waited(job), runningOn: -1, runMs: 0 });
        refs.push([job, m]);
      }
    }
    for (const [job, maps] of this.running) {
      for (const [m, r] of maps) {
        if (config.kills) {
          // Its unscheduled cost is its job's (as any task of it), so a kill pays only when it saves more than the run's bonus.
          tasks.push({ job: jobOf(job), ...prefs(job, m), waitedMs: waited(job), runningOn: r.node, runMs: now - r.startMs });
          refs.push([job, m]);
        } else capacity[r.node]--;
      }
    }
    const demand = new Int32Array(jobs.size);
    for (const t of tasks) demand[t.job]++;
    let slots = 0;
    for (const c of capacity) slots += Math.max(0, c);
    for (let m = 0; m < capacity.length; m++) capacity[m] = Math.max(0, capacity[m]);
    const minScheduled = !config.fairness ? new Int32Array(jobs.size) : config.kills ? fairMinimums(demand, slots) : this.minimumsBesideRunning(jobs, demand, slots);
    return { snapshot: { capacity, rackOf: this.rackOfNode, racks: topology.racks, tasks, minScheduled }, refs };
  }

  /**
   * E_j without kills. The running maps are not in the graph, yet they hold their jobs' slots: a job's share E_j is of
   * all the map slots, with its running maps in its demand (every job running maps counts, waiting or not), and the
   * graph must place E_j less what the job runs. When jobs over their shares (kept, with no kills) leave the free slots
   * short of those deficits, the free slots are shared max-min among them. (E_j of the free slots alone, running maps
   * left out, gave a job running 20 maps the same minimum as a job running none: fairness did nothing.)
   */
  private minimumsBesideRunning(jobs: ReadonlyMap<Job, number>, pending: Int32Array, freeSlots: number): Int32Array {
    const all = new Int32Array(jobs.size + this.running.size);
    all.set(pending);
    const runs = new Int32Array(jobs.size);
    let extra = jobs.size;
    for (const [job, maps] of this.running) {
      const j = jobs.get(job);
      if (j === undefined) all[extra++] = maps.size;
      else {
        runs[j] = maps.size;
        all[j] += maps.size;
      }
    }
    const shares = fairMinimums(all.subarray(0, extra), this.topology.nodes * this.topology.mapSlotsPerNode);
    const deficit = new Int32Array(jobs.size);
    for (let j = 0; j < jobs.size; j++) deficit[j] = Math.max(0, shares[j] - runs[j]);
    return fairMinimums(deficit, freeSlots);
  }

  assign(slots: MapSlots, port: LaunchPort): void {
    const list = this.plan[slots.node];
    for (const [job, map] of list) {
      if (job.mapState[map] !== PENDING) continue;
      if (port.launch(job, map) < 0) break;
    }
    list.length = 0;
  }

  mapLaunched(job: Job, map: number, node: NodeId, nowMs: number): void {
    let maps = this.running.get(job);
    if (maps === undefined) this.running.set(job, (maps = new Map()));
    maps.set(map, { node, startMs: nowMs });
  }

  mapFinished(job: Job, map: number): void {
    this.forget(job, map);
  }

  mapKilled(job: Job, map: number): void {
    this.forget(job, map);
  }

  private forget(job: Job, map: number): void {
    const maps = this.running.get(job);
    maps?.delete(map);
    if (maps?.size === 0) this.running.delete(job);
  }
}

export const quincy = {
  description: 'Quincy: min-cost flow over tasks, racks, nodes and an unscheduled node per job, re-solved every heartbeat interval, with kills',
  config: quincyConfig,
  needsSolver: true,
  placesMapsItself: true,
  sizeError: (config: QuincyConfig, { scenario, largestJobs, arrivals }: WorkloadShape) => {
    const { cluster } = scenario;
    const nodes = cluster.racks * cluster.nodesPerRack;
    const size = { nodes, racks: cluster.racks, replicas: strideOf(scenario, nodes), mapSlots: nodes * cluster.mapSlotsPerNode, heartbeatMs: heartbeatMsOf(cluster) };
    // each of the largest jobs drained alone, its own maps at its own map time (most maps first)
    const alone = largestJobs.map((j) => quincySizeError({
      ...size, maps: j.maps, field: j.mapsField, running: config.kills ? size.mapSlots : 0, mapMs: j.mapMs, mapField: j.mapMsField,
    })).find((error) => error !== undefined);
    if (alone !== undefined) return alone;
    // then every job from its arrival, those waiting at once together
    const jobs = arrivals?.();
    return jobs === undefined ? undefined : waitingJobsError(jobs, { ...size, kills: config.kills });
  },
  create: (config: QuincyConfig, context: PluginContext): SchedulingPolicy => {
    const q = new Quincy(config, context.topology, context.blocks, context.solver!, context.scenario.cluster.network.jobSetupMs);
    return {
      createQueue: (kind) => (kind === 'map' ? q.mapQueue() : new SortedJobQueue(compareFair(kind))),
      assignMaps: q,
      tick: q,
      events: q,
    };
  },
} satisfies PolicyPlugin<QuincyConfig>;
