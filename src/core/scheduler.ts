/**
 * The master's model (Hadoop's JobTracker with its TaskScheduler): job arrivals, task completions learned at
 * heartbeats, and the decision of what each heartbeat's free slots launch. Pure: decisions go to an ActionSink.
 *
 * Per heartbeat, in order: (1) record the tasks the node reports finished; (2) tell the node which jobs with
 * reduces waiting on it have all their maps done; (3) fill free map slots: for each slot, scan jobs in policy
 * order, skip jobs without pending maps or already skipped on this heartbeat, and launch the best map the job's
 * locality gate allows (node-local, then rack-local, then any); (4) fill free reduce slots in policy order among
 * jobs past slow start; (5) jobs visited and not launched are "skipped" for delay scheduling.
 */
import type { BlockStore } from './hdfs.js';
import { Job, type JobIndex, type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './job.js';
import { type LocalityGate, makeLocalityGate } from './locality.js';
import { policyByName } from './policies/index.js';
import type { JobQueue, SchedulingPolicy } from './policies/policy.js';
import type { Rng } from './rng.js';
import type { Scenario } from './scenario.js';
import { type NodeId, type Topology, rackOf } from './topology.js';
import { type JobSpec, LOCALITY_SENSITIVITY } from './workload.js';

/** Where the scheduler's decisions go (the master actor encodes them into response batches). */
export interface ActionSink {
  launchMap(node: NodeId, job: JobIndex, map: number, durationMs: number): void;
  /** A reduce's slot is held for its copy phase (at least copyMs, and until the node learns the maps are done), then computeMs. */
  launchReduce(node: NodeId, job: JobIndex, reduce: number, copyMs: number, computeMs: number, mapsDone: boolean): void;
  /** Every map of `job` has finished: reduces of it on `node` may leave their copy phase now. */
  mapsDone(node: NodeId, job: JobIndex): void;
}

/** Observes every launch and completion the master records (tests audit invariants with it). */
export interface SchedulerObserver {
  launched?(nowMs: number, node: NodeId, job: JobIndex, task: number, locality: Locality | -1): void;
  finished?(nowMs: number, node: NodeId, job: JobIndex, task: number): void;
}

/** Task references on the wire: a map's index, or -(reduce + 1) for a reduce. */
export const reduceRef = (r: number): number => -(r + 1);
export const isReduceRef = (task: number): boolean => task < 0;
export const reduceOf = (task: number): number => -task - 1;

export interface SchedulerStats {
  heartbeats: number;
  arrivals: number;
  taskFinishes: number;
  launches: number;
  busyMapMs: number;
  busyReduceMs: number;
}

export class Scheduler {
  readonly jobs: Array<Job | undefined>;
  readonly stats: SchedulerStats = { heartbeats: 0, arrivals: 0, taskFinishes: 0, launches: 0, busyMapMs: 0, busyReduceMs: 0 };
  private readonly policy: SchedulingPolicy;
  private readonly gate: LocalityGate;
  private readonly mapQueue: JobQueue;
  private readonly reduceQueue: JobQueue;
  private readonly specs: JobSpec[];
  private nextArrival = 0;
  private activeJobs = 0;
  private doneJobs = 0;
  private pendingMapsTotal = 0;
  /** Jobs with reduces not yet launched (they may become launchable at any map completion). */
  private jobsWithUnlaunchedReduces = 0;
  private readonly waitingReduces = new Map<NodeId, JobIndex[]>();
  /** Time from each node's heartbeat to the cluster's next heartbeat (nodes ordered by phase, then id). */
  private readonly untilNextHeartbeatMs: Int32Array;
  private heartbeatSeq = 0;
  private readonly visited: Job[] = [];
  private readonly slowdown: { rack: number; off: number };

  constructor(
    private readonly scenario: Scenario,
    private readonly topology: Topology,
    private readonly blocks: BlockStore,
    specs: JobSpec[],
    private readonly rng: Rng,
    private readonly observer: SchedulerObserver = {},
  ) {
    this.specs = specs;
    this.jobs = new Array<Job | undefined>(specs.length).fill(undefined);
    this.policy = policyByName(scenario.scheduler.policy);
    this.gate = makeLocalityGate(scenario.scheduler.delay);
    this.mapQueue = this.policy.createQueue('map');
    this.reduceQueue = this.policy.createQueue('reduce');
    this.untilNextHeartbeatMs = untilNextHeartbeat(topology);
    this.slowdown = { rack: scenario.tasks.rackLocalSlowdown, off: scenario.tasks.offRackSlowdown };
  }

  /** All jobs have arrived and finished. */
  get finished(): boolean {
    return this.doneJobs === this.specs.length;
  }

  /** Submit time of the next job not yet arrived, or Infinity. */
  get nextArrivalMs(): number {
    return this.nextArrival < this.specs.length ? this.specs[this.nextArrival].submitMs : Infinity;
  }

  /** Tasks launched and not yet reported finished. */
  get runningTasks(): number {
    return this.stats.launches - this.stats.taskFinishes;
  }

  get activeJobCount(): number {
    return this.activeJobs;
  }

  /** True when no job is active: nothing runs and nothing waits, so time may jump to the next arrival. */
  get idle(): boolean {
    return this.activeJobs === 0;
  }

  /**
   * True when a free slot cannot matter before the next arrival: no pending map, and no job that has reduces left
   * to launch (a map completion could make them launchable at any heartbeat). Racks then report only finishes.
   */
  get freeSlotsIrrelevant(): boolean {
    return this.pendingMapsTotal === 0 && this.jobsWithUnlaunchedReduces === 0;
  }

  /** Submits every job whose submit time is at or before `nowMs`. Arrivals order before heartbeats at the same time. */
  arrive(nowMs: number): void {
    while (this.nextArrival < this.specs.length && this.specs[this.nextArrival].submitMs <= nowMs) {
      const spec = this.specs[this.nextArrival++];
      const job = new Job(spec, this.topology, this.blocks, this.scenario.tasks.slowStart);
      this.jobs[spec.index] = job;
      this.activeJobs++;
      this.stats.arrivals++;
      this.pendingMapsTotal += job.maps;
      if (job.reduces > 0) this.jobsWithUnlaunchedReduces++;
      this.mapQueue.add(job);
      this.reduceQueue.add(job);
      if (job.done) this.complete(job, spec.submitMs); // a job with no maps and no reduces
    }
  }

  /**
   * One heartbeat of `node` at `nowMs`: the tasks it finished since its last heartbeat (finJob/finTask[from, to))
   * and its free slots after them. Decisions go to `sink`.
   */
  heartbeat(node: NodeId, nowMs: number, freeMaps: number, freeReduces: number,
    finJob: Int32Array, finTask: Int32Array, from: number, to: number, sink: ActionSink): void {
    this.stats.heartbeats++;
    const seq = ++this.heartbeatSeq;
    for (let i = from; i < to; i++) this.taskFinished(node, nowMs, finJob[i], finTask[i]);
    this.notifyMapsDone(node, sink);
    if (freeMaps > 0 && this.pendingMapsTotal > 0) this.assignMaps(node, nowMs, freeMaps, seq, sink);
    if (freeReduces > 0 && this.jobsWithUnlaunchedReduces > 0) this.assignReduces(node, nowMs, freeReduces, sink);
    if (this.visited.length > 0) {
      const untilNext = this.untilNextHeartbeatMs[node];
      for (const job of this.visited) if (job.launchedAt !== seq) this.gate.skipped(job, untilNext);
      this.visited.length = 0;
    }
  }

  private taskFinished(node: NodeId, nowMs: number, jobIndex: JobIndex, task: number): void {
    const job = this.jobs[jobIndex];
    if (job === undefined) throw new Error(`node ${node} reported a task of job ${jobIndex}, which has not arrived`);
    this.stats.taskFinishes++;
    this.observer.finished?.(nowMs, node, jobIndex, task);
    if (isReduceRef(task)) {
      const r = reduceOf(task);
      job.finishReduce(r);
      this.stats.busyReduceMs += nowMs - job.reduceStartMs[r];
      this.reduceQueue.update(job);
    } else {
      job.finishMap(task);
      this.mapQueue.update(job);
      if (job.finishedMaps === job.maps) job.mapsDoneMs = nowMs;
    }
    if (job.done) this.complete(job, nowMs);
  }

  private complete(job: Job, nowMs: number): void {
    job.finishMs = nowMs;
    this.mapQueue.remove(job);
    this.reduceQueue.remove(job);
    this.activeJobs--;
    this.doneJobs++;
  }

  private notifyMapsDone(node: NodeId, sink: ActionSink): void {
    const waiting = this.waitingReduces.get(node);
    if (waiting === undefined) return;
    let kept = 0;
    const notified: JobIndex[] = [];
    for (const jobIndex of waiting) {
      if (this.jobs[jobIndex]!.mapsDoneMs < 0) waiting[kept++] = jobIndex;
      else if (!notified.includes(jobIndex)) {
        notified.push(jobIndex); // one notice per job, however many of its reduces the node runs
        sink.mapsDone(node, jobIndex);
      }
    }
    waiting.length = kept;
    if (kept === 0) this.waitingReduces.delete(node);
  }

  private assignMaps(node: NodeId, nowMs: number, free: number, seq: number, sink: ActionSink): void {
    const rack = rackOf(this.topology, node);
    const maxOffRack = this.scenario.scheduler.assignMultiple ? this.policy.limits.offRackMaps : 1;
    const maxMaps = this.scenario.scheduler.assignMultiple ? free : 1;
    let launched = 0;
    let offRack = 0;
    const jobs = this.mapQueue.jobs;
    while (launched < maxMaps && this.pendingMapsTotal > 0 && offRack < maxOffRack) {
      let found = false;
      for (let i = 0; i < jobs.length; i++) {
        const job = jobs[i];
        if (job.pendingMaps === 0 || (job.visitedAt === seq && job.launchedAt !== seq)) continue;
        if (job.visitedAt !== seq) {
          job.visitedAt = seq;
          this.visited.push(job);
        }
        const allowed = this.gate.allowed(job);
        let locality: Locality = NODE_LOCAL;
        let map = job.peekNodeLocal(node);
        if (map < 0 && allowed >= RACK_LOCAL) {
          locality = RACK_LOCAL;
          map = job.peekRackLocal(rack);
        }
        if (map < 0 && allowed >= OFF_RACK) {
          locality = OFF_RACK;
          map = job.peekAny();
        }
        if (map < 0) continue; // skipped: a value, not an error
        this.launchMap(job, map, locality, node, nowMs, seq, sink);
        launched++;
        if (locality === OFF_RACK) offRack++;
        found = true;
        break;
      }
      if (!found) break;
    }
  }

  private launchMap(job: Job, map: number, locality: Locality, node: NodeId, nowMs: number, seq: number, sink: ActionSink): void {
    job.startMap(map, locality);
    job.launchedAt = seq;
    this.pendingMapsTotal--;
    this.gate.launched(job, locality);
    this.mapQueue.update(job);
    const spec = job.spec;
    const sensitivity = LOCALITY_SENSITIVITY[spec.type];
    const slow = locality === NODE_LOCAL ? 1 : 1 + ((locality === RACK_LOCAL ? this.slowdown.rack : this.slowdown.off) - 1) * sensitivity;
    const durationMs = Math.max(1, Math.round(spec.mapMs * slow * this.jitter(job)));
    this.stats.busyMapMs += durationMs;
    this.stats.launches++;
    this.observer.launched?.(nowMs, node, job.index, map, locality);
    sink.launchMap(node, job.index, map, durationMs);
  }

  private assignReduces(node: NodeId, nowMs: number, free: number, sink: ActionSink): void {
    const max = this.scenario.scheduler.assignMultiple ? Math.min(free, this.policy.limits.reduces) : 1;
    const jobs = this.reduceQueue.jobs;
    let launched = 0;
    while (launched < max) {
      let found = false;
      for (let i = 0; i < jobs.length; i++) {
        const job = jobs[i];
        if (!job.reducesReady) continue;
        const r = job.peekReduce();
        job.startReduce(r, nowMs);
        if (job.pendingReduces === 0) this.jobsWithUnlaunchedReduces--;
        this.reduceQueue.update(job);
        const spec = job.spec;
        const copyMs = spec.copyMs > 0 ? Math.round(spec.copyMs * this.jitter(job)) : 0;
        const computeMs = Math.max(1, Math.round(spec.reduceMs * this.jitter(job)));
        const mapsDone = job.mapsDoneMs >= 0;
        if (!mapsDone) {
          const waiting = this.waitingReduces.get(node);
          if (waiting === undefined) this.waitingReduces.set(node, [job.index]);
          else waiting.push(job.index);
        }
        this.stats.launches++;
        this.observer.launched?.(nowMs, node, job.index, reduceRef(r), -1);
        sink.launchReduce(node, job.index, r, copyMs, computeMs, mapsDone);
        launched++;
        found = true;
        break;
      }
      if (!found) break;
    }
  }

  /** A lognormal duration factor with mean 1, from the job's own stream (1 when the scenario sets no jitter). */
  private jitter(job: Job): number {
    const sigma = this.scenario.tasks.durationJitter;
    if (sigma === 0) return 1;
    job.rng ??= this.rng.fork(`job:${job.spec.id}`);
    return Math.exp(sigma * job.rng.normal() - (sigma * sigma) / 2);
  }
}

/** For each node, the time from its heartbeat to the next heartbeat of any node, in (phase, node id) order. */
export function untilNextHeartbeat(topology: Topology): Int32Array {
  const order = Array.from({ length: topology.nodes }, (_, n) => n).sort((a, b) => topology.phaseMs[a] - topology.phaseMs[b] || a - b);
  const out = new Int32Array(topology.nodes);
  for (let i = 0; i < order.length; i++) {
    const next = order[(i + 1) % order.length];
    const wrap = i + 1 === order.length ? topology.heartbeatMs : 0;
    out[order[i]] = topology.phaseMs[next] + wrap - topology.phaseMs[order[i]];
  }
  return out;
}
