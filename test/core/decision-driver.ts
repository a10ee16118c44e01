/**
 * Drives the scheduler core alone, with no runtime and no actors: a tiny cluster whose heartbeat phases are fixed,
 * jobs whose blocks sit on named nodes, heartbeats given by hand, and a sink that records every decision as a line.
 *
 * The cluster: 2 racks of 2 nodes (n0, n1 in rack 0; n2, n3 in rack 1), 1 map and 1 reduce slot each, 3 s
 * heartbeats; node i beats at 750 i ms into each epoch, so every heartbeat is 750 ms before the cluster's next.
 * The core trusts a heartbeat's free slots, so a row says how many a node has; it need not finish tasks to free them.
 */
import { heartbeatRank, nodeId } from '../../src/core/ids.js';
import { type Locality, NODE_LOCAL } from '../../src/core/locality-level.js';
import { makeRng } from '../../src/core/rng.js';
import type { ActionSink } from '../../src/core/action-sink.js';
import { Scheduler } from '../../src/core/scheduler.js';
import { isReduceRef, reduceOf, reduceRef } from '../../src/core/task-ref.js';
import { makeTopology } from '../../src/core/topology.js';
import { buildWorkload } from '../../src/core/workload.js';
import { scenario } from '../helpers.js';

export const CLUSTER = { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 };

/** A job: its blocks' nodes (one replica each), and the job's fields of a scenario's `jobs` workload. */
export interface JobRow {
  id: string;
  blocks: number[];
  submitMs?: number;
  pool?: string;
  user?: string;
  priority?: string;
  type?: 'io' | 'cpu';
  mapMs?: number;
  reduces?: number;
  reduceMs?: number;
  copyMs?: number;
}

/** A task a heartbeat reports finished: a job's map index, or its reduce as 'r0'. */
export type Finished = [job: string, task: number | `r${number}`];

/** One heartbeat: node, time, free map and reduce slots (default 1 and 0), tasks it reports finished. */
export interface Beat {
  node: number;
  atMs: number;
  maps?: number;
  reduces?: number;
  finished?: Finished[];
}

/** A step: a heartbeat, or the timers (pool clock, preemption) run up to a time, as the master runs them between epochs. */
export type Step = Beat | { tickTo: number };

const LOCALITY: Record<Locality, string> = { 0: 'node', 1: 'rack', 2: 'off' };

export class DecisionDriver implements ActionSink {
  readonly scheduler: Scheduler;
  private readonly ids: string[];
  private log: string[] = [];
  private locality: Locality = NODE_LOCAL;

  /**
   * `scheduler`: the scenario's scheduler section; `tasks`: its tasks section (slowdowns, slow start); `cluster`:
   * fields of CLUSTER to change (more slots a node; the heartbeat phases stay 750 ms apart).
   */
  constructor(jobs: JobRow[], scheduler: Record<string, unknown> = {}, tasks: Record<string, unknown> = {}, cluster: Partial<typeof CLUSTER> = {}) {
    const s = scenario({
      cluster: { ...CLUSTER, ...cluster },
      hdfs: { replication: 1 },
      scheduler,
      tasks,
      workload: {
        kind: 'jobs',
        files: jobs.map((j) => ({ name: j.id, blocks: j.blocks.length, replicas: j.blocks.map((n) => [n]) })),
        jobs: jobs.map(({ blocks: _, mapMs, ...j }) => ({ ...j, input: j.id, mapMs: mapMs ?? 10_000 })),
      },
    });
    const topology = makeTopology(s.cluster, s.seed);
    topology.phaseMs.set(Array.from({ length: topology.nodes }, (_, n) => n * 750));
    const workload = buildWorkload(s, topology, makeRng(s.seed));
    this.ids = workload.jobs.map((j) => j.id);
    this.scheduler = new Scheduler(s, topology, workload.blocks, workload.jobs, {
      launched: (_now, _node, _job, _task, locality) => {
        if (locality !== -1) this.locality = locality;
      },
    });
  }

  /** Runs the steps in order; returns the decisions they made, one line each. */
  run(steps: readonly Step[]): string[] {
    this.log = [];
    for (const step of steps) {
      if ('tickTo' in step) this.scheduler.advanceTo(step.tickTo, () => this);
      else this.beat(step);
    }
    return this.log;
  }

  private beat({ node, atMs, maps = 1, reduces = 0, finished = [] }: Beat): void {
    const s = this.scheduler;
    s.arrive(atMs);
    const job = Int32Array.from(finished, ([id]) => this.ids.indexOf(id));
    const task = Int32Array.from(finished, ([, t]) => (typeof t === 'number' ? t : reduceRef(Number(t.slice(1)))));
    s.heartbeat(nodeId(node), heartbeatRank(s.order.rankOf[node]), atMs, maps, reduces, job, task, 0, finished.length, this);
  }

  private task(job: number, task: number): string {
    return `${this.ids[job]}/${isReduceRef(task) ? `r${reduceOf(task)}` : task}`;
  }

  launchMap(node: number, job: number, map: number, durationMs: number): void {
    this.log.push(`n${node} map ${this.task(job, map)} ${LOCALITY[this.locality]} ${durationMs}ms`);
  }

  launchReduce(node: number, job: number, reduce: number, copyMs: number, computeMs: number, mapsDone: boolean): void {
    this.log.push(`n${node} reduce ${this.task(job, reduceRef(reduce))} copy ${copyMs}ms compute ${computeMs}ms${mapsDone ? ' maps done' : ''}`);
  }

  mapsDone(node: number, job: number): void {
    this.log.push(`n${node} maps done ${this.ids[job]}`);
  }

  mapProgress(node: number, job: number, finished: number, inRack: number, onNode: number, maps: number): void {
    this.log.push(`n${node} maps ${this.ids[job]} ${finished}/${maps} (${inRack} in rack, ${onNode} on the node)`);
  }

  kill(node: number, job: number, task: number): void {
    this.log.push(`n${node} kill ${this.task(job, task)}`);
  }
}
