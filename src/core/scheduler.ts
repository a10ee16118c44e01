/**
 * The master's model (Hadoop's JobTracker with its TaskScheduler): job arrivals, task completions learned at
 * heartbeats, and the heartbeat loop that decides what free slots launch. Pure: decisions go to an ActionSink.
 * The policy lives in plugins (plugins.ts, framework/): queue order, caps and admission, the locality gate, task
 * choice, the periodic tick with preemption, replication hooks. This file keeps the loop and the bookkeeping.
 *
 * Per heartbeat, in order: (1) record the tasks the node reports finished; (2) tell the node which jobs with
 * reduces waiting on it have all their maps done; (3) fill free map slots: for each slot, scan jobs in policy
 * order, skip jobs without pending maps or already skipped on this heartbeat, and launch the best map the job's
 * locality gate allows (node-local, then rack-local, then any); (4) fill free reduce slots in policy order among
 * jobs past slow start. A job the map scan visits that launches nothing in the heartbeat is "skipped" for delay
 * scheduling, once per heartbeat.
 */
import { ENGINE } from './engine-key.js';
import type { HeartbeatLimits } from './framework/admission.js';
import type { JobEvents } from './framework/job-events.js';
import type { LocalityGate } from './framework/locality-gate.js';
import type { LpSolver } from './framework/lp-solver.js';
import type { LaunchPort, MapAssigner, MapSlots } from './framework/map-assignment.js';
import type { NodeFilter } from './framework/node-filter.js';
import type { Victim } from './framework/preemption.js';
import { DOUBLE_ZERO } from './doubles.js';
import type { JobQueue } from './framework/queue-order.js';
import type { ReplicationPolicy } from './framework/replication.js';
import type { Shortcut } from './framework/shortcuts.js';
import type { MapChoice, TaskChoice } from './framework/task-choice.js';
import type { Tick } from './framework/tick.js';
import type { BlockStore } from './hdfs.js';
import { type Rank, nodeId, rackId } from './ids.js';
import { Job, type JobIndex, JobScratch, type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './job.js';
import { PassAll } from './pass-all.js';
import type { PoolClock } from './pool-clock.js';
import { policyAndPreemption } from './plugin-checks.js';
import { shownValue, valueKind } from './shown-value.js';
import type { PoolSet } from './pools.js';
import { makePlugins } from './plugins.js';
import { COMPUTE_PHASE, COPY_PHASE, MAP_PHASE, TaskDraws } from './task-draws.js';
import { COPY_JOB, isReduceRef, reduceOf, reduceRef } from './task-ref.js';
import { RUNNING } from './task-state.js';
import type { RunningTasks } from './running-tasks.js';
import type { Scenario } from './scenario.js';
import { type HeartbeatOrder, type NodeId, type RackId, type Topology, heartbeatOrder, rackOf } from './topology.js';
import { type JobSpec, LOCALITY_SENSITIVITY, strideOf } from './workload.js';
import { TaskIo } from './network/task-io.js';
import { MapOutputs } from './map-outputs.js';
import { gbpsToMBps } from './network/config.js';
import type { DelayWait } from './replication/delay-wait.js';
import { DynamicReplicas } from './replication/replicas.js';

/** Where the scheduler's decisions go (the master actor encodes them into response batches). */
export interface ActionSink {
  /** Fluid model: durationMs is the compute phase, src the node the map reads from, readKB and writeKB its bytes. */
  launchMap(node: NodeId, job: JobIndex, map: number, durationMs: number, src?: NodeId | -1, readKB?: number, writeKB?: number): void;
  /**
   * A reduce's slot is held for its copy phase (at least copyMs, and until the node learns the maps are done), then
   * computeMs. Fluid model: readKB is its shuffle, writeKB its output, and copyMs is unused.
   */
  launchReduce(node: NodeId, job: JobIndex, reduce: number, copyMs: number, computeMs: number, mapsDone: boolean, readKB?: number, writeKB?: number): void;
  /** Every map of `job` has finished: reduces of it on `node` may leave their copy phase now (flat model). */
  mapsDone(node: NodeId, job: JobIndex): void;
  /**
   * Fluid model, instead of mapsDone: `finished` of the job's `maps` have finished, `inRack` of them on the node's
   * rack and `onNode` of those on the node itself; its reduces on `node` fetch those maps' outputs (map-outputs.ts).
   * finished === maps: the maps are done.
   */
  mapProgress(node: NodeId, job: JobIndex, finished: number, inRack: number, onNode: number, maps: number): void;
  /** Kill a running task (a map's index or reduceRef(r)); its slot frees at once and nothing is reported for it. */
  kill(node: NodeId, job: JobIndex, task: number): void;
}

/** 'walk' walks the queue on every map scan, even where pass-all.ts's O(1) answer applies (tests compare the two). */
export type ScanMode = 'shortcut' | 'walk';

/** Observes every launch and completion the master records (tests audit invariants with it). */
export interface SchedulerObserver {
  /** `durationMs`: a map's duration (with its locality's slowdown), or a reduce's compute phase. */
  launched?(nowMs: number, node: NodeId, job: JobIndex, task: number, locality: Locality | -1, durationMs: number): void;
  finished?(nowMs: number, node: NodeId, job: JobIndex, task: number): void;
  killed?(nowMs: number, node: NodeId, job: JobIndex, task: number): void;
}

export interface SchedulerStats {
  heartbeats: number;
  arrivals: number;
  taskFinishes: number;
  launches: number;
  busyMapMs: number;
  busyReduceMs: number;
  /** Task attempts killed by preemption, and the slot time they had run (lost work). */
  kills: number;
  lostSlotMs: number;
}

export class Scheduler {
  readonly jobs: Array<Job | undefined>;
  readonly stats: SchedulerStats = { heartbeats: 0, arrivals: 0, taskFinishes: 0, launches: 0, busyMapMs: DOUBLE_ZERO, busyReduceMs: DOUBLE_ZERO, kills: 0, lostSlotMs: DOUBLE_ZERO };
  /** Pools of a pool-aware policy (hfs, capacity), else undefined. */
  readonly pools: PoolSet | undefined;
  /** Epoch-boundary timer of a pool-aware policy: shares, starvation clocks, preemption, recorded shares. */
  readonly poolClock: PoolClock | undefined;
  /** The periodic tick at epoch boundaries: the pool clock, or a policy's own (Quincy). */
  private readonly clock: Tick | undefined;
  /** The time of the tick running (its kills are taken), else NaN. */
  private tickAt = NaN;
  /** A policy's own way of filling free map slots (map-assignment.ts; its counts go in the results), and the port it launches through. */
  readonly assigner: MapAssigner | undefined;
  private readonly port: HeartbeatPort | undefined;
  /** The heartbeat an assigner is filling (see makePort). */
  private readonly hb = { node: nodeId(0), rack: rackId(0), nowMs: 0, seq: 0, untilNextMs: 0, launched: 0, offRack: 0, maxMaps: 0, maxOffRack: 0, sink: undefined as ActionSink | undefined };
  /** Rules keeping jobs off nodes (long-task balancing). */
  private readonly filter: NodeFilter | undefined;
  private readonly running: RunningTasks | undefined;
  private readonly limits: HeartbeatLimits;
  private readonly gate: LocalityGate;
  private readonly choice: TaskChoice;
  /** Where choice.chooseMap writes (reused: no allocation per launch). */
  private readonly picked: MapChoice = { map: -1, locality: NODE_LOCAL };
  private readonly events: JobEvents | undefined;
  /** The replication policy (its counts go in the results' replication section). */
  readonly replication: ReplicationPolicy | undefined;
  /** With a replication policy: each job's delay waiting, and HDFS's replicas as the policy changes them. */
  readonly delays: DelayWait | undefined;
  readonly replicas: DynamicReplicas | undefined;
  /** The exact shortcuts every plugin of this run permits (framework/shortcuts.ts). */
  readonly shortcuts: ReadonlySet<Shortcut>;
  /** By job: the heartbeat sequence number at which the map scan last visited it, and at which it last launched a map. */
  private readonly visitedAt: Float64Array;
  private readonly launchedAt: Float64Array;
  /** Buffers each arriving job builds its locality caches in. */
  private readonly jobScratch = new JobScratch();
  /** Task durations' lognormal jitter: its sigma, the draws, and each job's key into them (by job index). */
  private readonly sigma: number;
  private readonly draws: TaskDraws;
  private readonly jobKeys: Uint32Array;
  /**
   * Jobs that can use a free slot, in policy order: the map queue holds jobs with pending maps, the reduce queue jobs
   * past slow start with reduces left to launch. A heartbeat then scans only jobs it could launch from, not every
   * active job (the order among them is the one the policy gives all jobs, so decisions are the same).
   */
  private readonly mapQueue: JobQueue;
  private readonly reduceQueue: JobQueue;
  private readonly specs: JobSpec[];
  private nextArrival = 0;
  private activeJobs = 0;
  private doneJobs = 0;
  private pendingMapsTotal = 0;
  /** Jobs with reduces not yet launched (they may become launchable at any map completion). */
  private jobsWithUnlaunchedReduces = 0;
  /** Heartbeat order: state read at every heartbeat is kept by rank, so an epoch reads it sequentially. */
  readonly order: HeartbeatOrder;
  /**
   * By rank (flat model; the fluid model's notices are map-outputs.ts's): jobs with a reduce on the node in its copy
   * phase, waiting to hear that the job's maps are done. An array, not a Map: it is read at every heartbeat.
   */
  private readonly waitingReduces: Array<JobIndex[] | undefined>;
  /** By rank: time from the node's heartbeat to the cluster's next heartbeat. */
  private readonly untilNextHeartbeatMs: Int32Array;
  private heartbeatSeq = 0;
  private readonly slowdown: { rack: number; off: number };
  /** The O(1) answer to a map scan that can launch nothing (pass-all.ts), where the gate's skips may be counted late. */
  private readonly passAll: PassAll | undefined;
  /** The fluid network model's launch fields (undefined: the flat model's fixed slowdowns). */
  private readonly io: TaskIo | undefined;
  /** Fluid model: where finished maps' outputs wait, and the progress notices to reduces (instead of waitingReduces). */
  private readonly outputs: MapOutputs | undefined;
  /**
   * Hadoop 0.20's job set-up and clean-up tasks (cluster.network.jobSetupMs / jobCleanupMs), as delays: a job's
   * tasks become schedulable setupMs after its submission, and it finishes cleanupMs after its last task (neither
   * holds a slot here). 0 and 0 by default.
   */
  private readonly setupMs: number;
  private readonly cleanupMs: number;

  constructor(
    private readonly scenario: Scenario,
    private readonly topology: Topology,
    private readonly blocks: BlockStore,
    specs: JobSpec[],
    private readonly observer: SchedulerObserver = {},
    scan: ScanMode = 'shortcut',
    solver?: LpSolver,
  ) {
    this.specs = specs;
    this.jobs = new Array<Job | undefined>(specs.length).fill(undefined);
    const plugins = makePlugins(scenario, topology, specs.length, (job) => this.notThisRunsJob(job), blocks, solver);
    ({ pools: this.pools, poolClock: this.poolClock, running: this.running, limits: this.limits, gate: this.gate, choice: this.choice } = plugins);
    ({ clock: this.clock, assigner: this.assigner, filter: this.filter } = plugins);
    // Its first time too: a tick first due at NaN (or Infinity) never ran, silently, and one at -3000 ms ran before the run.
    if (this.clock !== undefined) this.checkTickTime(this.clock.nextTickMs);
    ({ events: this.events, replication: this.replication, shortcuts: this.shortcuts, mapQueue: this.mapQueue, reduceQueue: this.reduceQueue } = plugins);
    this.port = this.assigner === undefined ? undefined : this.makePort();
    this.delays = plugins.delays;
    if (this.replication !== undefined) {
      blocks.widen(strideOf(scenario, topology.nodes)); // room for the replicas the policy may add
      // A copy's fixed time on the flat model: the block over the destination's NIC; the fluid model carries it as a
      // transfer on the hardware (src/core/replication/replicas.ts).
      const copyMs = Math.ceil((scenario.hdfs.blockMB / gbpsToMBps(scenario.cluster.network.nicGbps)) * 1000);
      this.replicas = new DynamicReplicas(blocks, blocks.files, topology, copyMs, scenario.hdfs.blockMB,
        (j) => this.jobs[j]!.replicasChanged(ENGINE, topology, blocks, this.jobScratch), scenario.cluster.network.model === 'fluid', scenario.scheduler.replication!.policy, scenario.seed);
    }
    this.sigma = scenario.tasks.durationJitter;
    this.draws = new TaskDraws(scenario.seed);
    this.jobKeys = new Uint32Array(this.sigma === 0 ? 0 : specs.length);
    this.visitedAt = new Float64Array(specs.length).fill(-1);
    this.launchedAt = new Float64Array(specs.length).fill(-1);
    this.order = heartbeatOrder(topology);
    this.untilNextHeartbeatMs = untilNextHeartbeat(topology, this.order);
    this.waitingReduces = new Array<JobIndex[] | undefined>(topology.nodes).fill(undefined);
    this.slowdown = { rack: scenario.tasks.rackLocalSlowdown, off: scenario.tasks.offRackSlowdown };
    this.io = scenario.cluster.network.model === 'fluid' ? new TaskIo(scenario, topology, blocks) : undefined;
    this.outputs = this.io === undefined ? undefined : new MapOutputs(this.jobs, scenario.cluster.nodesPerRack, scenario.cluster.racks); // the hardware's racks
    this.setupMs = scenario.cluster.network.jobSetupMs;
    this.cleanupMs = scenario.cluster.network.jobCleanupMs;
    // A rule around the gate (pool starvation, DSFS's job-type rule) drops `lazy`: those runs always walk.
    const lazy = this.gate.lazy;
    this.passAll = scan === 'shortcut' && lazy !== undefined && this.shortcuts.has('passAll')
      ? new PassAll(this.order.rankOf, specs.length, lazy)
      : undefined;
  }

  private readonly isDone = (j: number): boolean => this.jobs[j]?.done ?? true;

  /**
   * Fluid model: where finished maps' outputs wait (the master resolves the racks' fetches with it and tells the racks
   * which jobs' map logs to drop); flat: undefined.
   */
  get mapOutputs(): MapOutputs | undefined {
    return this.outputs;
  }

  /** Jobs finished so far. */
  get jobsFinished(): number {
    return this.doneJobs;
  }

  /** The workload's jobs. */
  get jobCount(): number {
    return this.specs.length;
  }

  /** All jobs have arrived and finished. */
  get finished(): boolean {
    return this.doneJobs === this.specs.length;
  }

  /** Submit time of the next job not yet arrived, or Infinity. */
  get nextArrivalMs(): number {
    return this.nextArrival < this.specs.length ? this.specs[this.nextArrival].submitMs + this.setupMs : Infinity;
  }

  /** Tasks launched and not yet reported finished. */
  get runningTasks(): number {
    return this.stats.launches - this.stats.taskFinishes - this.stats.kills;
  }

  /** Map scans answered without walking the queue (pass-all.ts); 0 where that does not apply. */
  get passedScans(): number {
    return this.passAll?.passes ?? 0;
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
    while (this.nextArrival < this.specs.length && this.specs[this.nextArrival].submitMs + this.setupMs <= nowMs) {
      // Frozen: a plugin's queue that set spec.mapMs shortened the job's maps while the result echoed the given times.
      const spec = Object.freeze(this.specs[this.nextArrival++]);
      const job = new Job(spec, this.topology, this.blocks, this.scenario.tasks.slowStart, this.jobScratch);
      this.jobs[spec.index] = job;
      if (this.sigma !== 0) this.jobKeys[spec.index] = this.draws.jobKey(spec.id);
      this.replicas?.jobArrived(spec.index, spec.blocks);
      this.activeJobs++;
      this.stats.arrivals++;
      this.pendingMapsTotal += job.maps;
      if (job.reduces > 0) this.jobsWithUnlaunchedReduces++;
      this.admission?.add(job);
      if (job.pendingMaps > 0) {
        this.mapQueue.add(job);
        this.passAll?.enter(job);
      }
      if (job.reducesReady) this.reduceQueue.add(job);
      if (job.slowStartMaps === 0) this.events?.slowStartReached?.(job, spec.submitMs + this.setupMs);
      if (job.done) this.complete(job, spec.submitMs + this.setupMs); // a job with no maps and no reduces
    }
  }

  /**
   * One heartbeat of `node` (at `rank` in the heartbeat order) at `nowMs`: the tasks it finished since its last
   * heartbeat (finJob/finTask[from, to)) and its free slots after them. Decisions go to `sink`.
   */
  heartbeat(node: NodeId, rank: Rank, nowMs: number, freeMaps: number, freeReduces: number,
    finJob: Int32Array, finTask: Int32Array, from: number, to: number, sink: ActionSink): void {
    this.stats.heartbeats++;
    const seq = ++this.heartbeatSeq;
    const replicas = this.replicas;
    if (replicas !== undefined) replicas.advance(nowMs, this.replication!, this.isDone);
    for (let i = from; i < to; i++) {
      if (finJob[i] === COPY_JOB) replicas!.landed(finTask[i], node, nowMs);
      else this.taskFinished(node, nowMs, finJob[i] as JobIndex, finTask[i]);
    }
    if (replicas?.network === true) {
      replicas.rebuildChanged(this.isDone); // the copies that landed
      replicas.launchCopies(node, nowMs, sink);
    }
    if (this.outputs !== undefined) this.outputs.heartbeat(node, rank, sink);
    else this.notifyMapsDone(node, rank, sink);
    if (freeMaps > 0 && this.pendingMapsTotal > 0) this.assignMaps(node, rank, nowMs, freeMaps, seq, sink);
    if (freeReduces > 0 && this.jobsWithUnlaunchedReduces > 0) this.assignReduces(node, rank, nowMs, freeReduces, sink);
  }

  private taskFinished(node: NodeId, nowMs: number, jobIndex: JobIndex, task: number): void {
    const job = this.jobs[jobIndex];
    if (job === undefined) throw new Error(`node ${node} reported a task of job ${jobIndex}, which has not arrived`);
    this.stats.taskFinishes++;
    this.observer.finished?.(nowMs, node, jobIndex, task);
    if (isReduceRef(task)) {
      const r = reduceOf(task);
      job.finishReduce(ENGINE, r);
      this.stats.busyReduceMs += nowMs - job.reduceStartMs[r];
      this.reduceQueue.update(job);
    } else {
      job.finishMap(ENGINE, task);
      this.outputs?.mapFinished(job, node);
      this.events?.mapFinished?.(job, task, node, nowMs);
      if (job.mapStartMs !== undefined) this.stats.busyMapMs += nowMs - job.mapStartMs[task]; // fluid: known at the finish
      this.mapQueue.update(job);
      if (job.finishedMaps === job.slowStartMaps && job.pendingReduces > 0) this.reduceQueue.add(job); // slow start reached
      if (job.finishedMaps === job.maps) job.mapsDoneAt(ENGINE, nowMs);
      if (job.finishedMaps === job.slowStartMaps) this.events?.slowStartReached?.(job, nowMs);
    }
    if (job.done) this.complete(job, nowMs);
  }

  private complete(job: Job, nowMs: number): void {
    job.finishedAt(ENGINE, nowMs + this.cleanupMs);
    this.mapQueue.remove(job);
    this.reduceQueue.remove(job);
    this.admission?.remove(job);
    this.activeJobs--;
    this.doneJobs++;
    this.running?.forget(job);
    this.outputs?.forget(job);
    job.release(ENGINE);
  }

  /**
   * Told when each timer tick starts and stops (the master times them: a pool clock's shares, starvation and preemption
   * checks, Quincy's solve), so that the core needs no clock of its own; undefined: ticks are not timed.
   */
  tickWatch: { start(): void; stop(): void } | undefined;

  /** A run with a periodic tick (the pool clock of a pool-aware policy) runs it at epoch boundaries (the master calls advanceTo). */
  get hasTimers(): boolean {
    return this.clock !== undefined;
  }

  /** Whether the run's tick says it may kill tasks (Tick.mayKill): its summary then counts kills, 0 included. */
  get mayKill(): boolean {
    return this.clock?.mayKill === true;
  }

  /** Pools' admission (max running jobs) of a pool-aware policy. */
  private get admission(): PoolSet | undefined {
    return this.pools;
  }

  /**
   * Processes the arrivals and timer ticks due at or before `untilMs`, in time order (arrivals first at equal
   * times). Ticks fall on epoch boundaries, so the master calls this between epochs and a kill it decides reaches
   * the rack before the rack's next heartbeats; `sinkOf` gives the response sink of a node's rack.
   */
  advanceTo(untilMs: number, sinkOf: (node: NodeId) => ActionSink): void {
    const clock = this.clock;
    if (clock === undefined) {
      this.arrive(untilMs);
      return;
    }
    for (;;) {
      const a = this.nextArrivalMs;
      if (a <= untilMs && a <= clock.nextTickMs) this.arrive(a);
      else if (clock.nextTickMs <= untilMs && !this.finished) {
        if (this.activeJobs === 0) clock.skipIdle(Math.min(untilMs, a - 1));
        const at = clock.nextTickMs;
        this.checkTickTime(at);
        this.tickAt = at;
        this.tickWatch?.start();
        try {
          clock.tick(this.activeJobs > 0, (victim, nowMs) => this.kill(victim, nowMs, sinkOf));
        } finally {
          this.tickAt = NaN;
          this.tickWatch?.stop();
        }
        this.checkTickTime(clock.nextTickMs, at);
      } else return;
    }
  }

  /**
   * A tick's time must lie on the heartbeat grid (the contract: a kill then reaches the racks between epochs) and
   * move forward at each tick: a tick whose next time stayed put looped here forever, and one off the grid killed
   * tasks at times already past (a plugin's, found by a fuzzing pass).
   */
  private checkTickTime(next: number, after?: number): void {
    const H = this.topology.heartbeatMs;
    const early = after === undefined ? next < 0 : next <= after; // `after` omitted: at the run's start, or after skipIdle
    if (Number.isFinite(next) && !early && next % H === 0) return;
    const why = !Number.isFinite(next) ? 'is not a finite time'
      : early ? (after === undefined ? 'is before the run\'s start (0 ms)' : `is not after the tick that ran (${after} ms)`)
      : `is not a multiple of the heartbeat interval (${H} ms)`;
    throw new Error(`policy "${this.scenario.scheduler.policy}": its tick's next time (${next} ms) ${why}`);
  }

  /** Kills a running attempt chosen by preemption: back to pending, its lost slot time counted, the kill sent. */
  private kill(v: Victim, nowMs: number, sinkOf: (node: NodeId) => ActionSink): void {
    // A kill is decided at a tick, at the tick's time, of an attempt started before it: a kept `kill` called later
    // reached the rack before a launch and ran a map twice; a start in the future or NaN gave negative or NaN lost
    // slot time (a fuzzing pass's plugins).
    const refuse = (why: string): Error => new Error(`${policyAndPreemption(this.scenario.scheduler)}: ${why}`);
    if (Number.isNaN(this.tickAt)) throw refuse('a kill was asked outside a tick (the tick\'s kill function was kept and called later)');
    if (nowMs !== this.tickAt) throw refuse(`a kill at ${nowMs} ms, at a tick of ${this.tickAt} ms (a kill happens at its tick's time)`);
    // A victim that is not one of this run's running attempts failed in the engine's words, naming no plugin ("Cannot
    // read properties of null (reading 'mapState')", "job.requeueMap is not a function", "map 399 killed while not running").
    if (typeof v !== 'object' || v === null) throw refuse(`a kill of ${shownValue(v)}, not a victim { job, task, startMs }`);
    const not = this.notThisRunsJob(v.job);
    if (not !== undefined) throw refuse(`a kill of a victim whose job is ${not}, not a job the plugin was given`);
    const job = v.job as Job; // one of this run's: checked just above
    const reduce = isReduceRef(v.task);
    const r = reduce ? reduceOf(v.task) : -1;
    const count = reduce ? job.reduces : job.maps;
    if (!Number.isInteger(v.task) || (reduce ? r : v.task) >= count) {
      // a job without reduces has no reference to offer ("-1 to -0" was)
      const reduces = job.reduces === 0 ? ': the job has no reduces'
        : ` or a reduce's reference (-1 ${job.reduces === 1 ? 'for its one reduce' : `to -${job.reduces}`}, reduce r as -(r + 1))`;
      throw refuse(`a kill of job ${job.spec.id}'s task ${shownValue(v.task)}, not a map index (0 to ${job.maps - 1})${reduces}`);
    }
    const state = reduce ? job.reduceState[r] : job.mapState[v.task];
    if (state !== RUNNING) throw refuse(`a kill of job ${job.spec.id}'s ${reduce ? `reduce ${r}` : `map ${v.task}`}, which is not running`);
    if (!(Number.isFinite(v.startMs) && v.startMs <= nowMs)) throw refuse(`a kill of an attempt started at ${v.startMs} ms, not a time before the tick's ${nowMs} ms`);
    const running = this.running!;
    // The lost slot time is the engine's own start's: a victim naming another start (a plugin's) would book what it says.
    const started = reduce ? job.reduceStartMs[r] : running.mapStartMs(job, v.task);
    if (v.startMs !== started) throw refuse(`a kill of job ${job.spec.id}'s ${reduce ? `reduce ${r}` : `map ${v.task}`} naming its start as ${v.startMs} ms; it started at ${started} ms`);
    let node: NodeId;
    if (reduce) {
      node = running.reduceNode(job, r);
      this.outputs?.killed(this.order.rankOf[node] as Rank, job);
      const wasEmpty = job.pendingReduces === 0;
      if (wasEmpty) this.jobsWithUnlaunchedReduces++;
      job.requeueReduce(ENGINE, r);
      this.stats.busyReduceMs += nowMs - job.reduceStartMs[r];
      if (wasEmpty) this.reduceQueue.add(job);
      else this.reduceQueue.update(job);
    } else {
      node = running.mapNode(job, v.task);
      if (job.mapStartMs !== undefined) this.stats.busyMapMs += nowMs - job.mapStartMs[v.task];
      else this.stats.busyMapMs -= Math.max(0, running.mapEndMs(job, v.task) - nowMs);
      const wasEmpty = job.pendingMaps === 0;
      job.requeueMap(ENGINE, v.task, this.topology, this.blocks);
      this.pendingMapsTotal++;
      this.events?.mapKilled?.(job, v.task, node, nowMs);
      // Kills come from preemption, which only pool policies run, and those never use PassAll.
      if (wasEmpty) this.mapQueue.add(job);
      else this.mapQueue.update(job);
    }
    const lost = nowMs - v.startMs;
    this.stats.kills++;
    this.stats.lostSlotMs += lost;
    this.clock!.killed(v, lost);
    this.observer.killed?.(nowMs, node, job.index, v.task);
    sinkOf(node).kill(node, job.index, v.task);
  }

  private notifyMapsDone(node: NodeId, rank: Rank, sink: ActionSink): void {
    const waiting = this.waitingReduces[rank];
    if (waiting === undefined) return;
    let kept = 0;
    let notified: JobIndex[] | undefined; // made only when a notice goes out: most heartbeats send none
    for (const jobIndex of waiting) {
      if (this.jobs[jobIndex]!.mapsDoneMs < 0) waiting[kept++] = jobIndex;
      else if (notified === undefined || !notified.includes(jobIndex)) {
        (notified ??= []).push(jobIndex); // one notice per job, however many of its reduces the node runs
        sink.mapsDone(node, jobIndex);
      }
    }
    waiting.length = kept;
    if (kept === 0) this.waitingReduces[rank] = undefined;
  }

  private assignMaps(node: NodeId, rank: Rank, nowMs: number, free: number, seq: number, sink: ActionSink): void {
    const untilNext = this.untilNextHeartbeatMs[rank];
    if (this.port !== undefined) {
      const hb = this.hb;
      hb.node = node;
      hb.rack = rackOf(this.topology, node);
      hb.nowMs = nowMs;
      hb.seq = seq;
      hb.untilNextMs = untilNext;
      hb.launched = 0;
      hb.offRack = 0;
      hb.maxMaps = this.scenario.scheduler.assignMultiple ? free : 1;
      hb.maxOffRack = this.scenario.scheduler.assignMultiple ? this.limits.offRackMaps : 1;
      hb.sink = sink;
      this.assigner!.assign(this.port, this.port);
      hb.sink = undefined;
      return;
    }
    const passAll = this.passAll;
    const skip = passAll === undefined ? 0 : this.gate.lazy!.amount(untilNext); // what a skip adds to a job here
    if (passAll?.tryPass(rank, skip, this.mapQueue.jobs)) return;
    const rack = rackOf(this.topology, node);
    const maxOffRack = this.scenario.scheduler.assignMultiple ? this.limits.offRackMaps : 1;
    const maxMaps = this.scenario.scheduler.assignMultiple ? free : 1;
    let launched = 0;
    let offRack = 0;
    while (launched < maxMaps && this.pendingMapsTotal > 0 && offRack < maxOffRack) {
      const jobs = this.mapQueue.jobs; // a pool-aware queue reorders after each launch
      let found = false;
      for (let i = 0; i < jobs.length; i++) {
        const job = jobs[i];
        const j = job.index;
        if (job.pendingMaps === 0 || (this.visitedAt[j] === seq && this.launchedAt[j] !== seq)) continue;
        this.visitedAt[j] = seq;
        // A plain job with no map here would only be skipped (not twice a heartbeat, nor after a launch in it): its
        // skip is owed, as a pass owes it, without reading its delay state.
        if (passAll !== undefined && !job.hasMapOn(node) && passAll.skipLater(job, this.launchedAt[j] === seq ? 0 : skip)) continue;
        passAll?.settle(job); // skips that passes gave it, before its delay state is read
        const picked = this.picked;
        if ((this.filter !== undefined && !this.filter.admits(job, node)) || !this.choice.chooseMap(job, node, rack, this.gate.allowed(job, nowMs), picked)) {
          // Skipped: a value, not an error. Counted now: later scans of this heartbeat pass the job without a look,
          // so nothing reads its state before the heartbeat ends (a job that launched earlier in it is not skipped).
          if (this.launchedAt[j] !== seq) this.gate.skipped(job, untilNext);
          this.passAll?.note(job);
          continue;
        }
        const locality = picked.locality;
        this.launchMap(job, picked.map, locality, node, nowMs, seq, sink);
        launched++;
        if (locality === OFF_RACK) offRack++;
        found = true;
        break;
      }
      if (!found) break;
    }
  }

  /**
   * How `job`, handed back by a plugin, is not one of this run's jobs (null, a copy, another run's), in a message's
   * words; undefined when it is one.
   */
  private notThisRunsJob(job: unknown): string | undefined {
    if (!(job instanceof Job)) return valueKind(job);
    return this.jobs[job.index] === job ? undefined : `job ${job.spec.id}, not one of this run's (a copy?)`;
  }

  /** The port an assigner fills a heartbeat's slots through: the walk's rules, one job or one planned map at a time. */
  private makePort(): HeartbeatPort {
    const hb = this.hb;
    const queue = this.mapQueue;
    const free = (): number => (hb.offRack >= hb.maxOffRack ? 0 : hb.maxMaps - hb.launched);
    // A port kept and called later, outside assign(), has no heartbeat to launch in: a map it started stayed "running"
    // with no slot, and the run waited on it forever (a plugin's, found by a fuzzing pass). Refused before any change.
    const inHeartbeat = (what: string): void => {
      if (hb.sink === undefined) throw new Error(`policy "${this.scenario.scheduler.policy}": the heartbeat port's ${what}() was called outside assign(), when no heartbeat is being answered`);
    };
    // A job that is not one of this run's (null, a copy, another run's) failed in the engine's words ("reading 'index'"),
    // or a copy's maps were started with the real job's still pending.
    const ownJob = (what: string, job: Job): void => {
      const not = this.notThisRunsJob(job);
      if (not !== undefined) throw new TypeError(`policy "${this.scenario.scheduler.policy}": the heartbeat port's ${what}(job) was given ${not}, not one of port.jobs`);
    };
    const launched = (job: Job, map: number, locality: Locality): Locality => {
      this.launchMap(job, map, locality, hb.node, hb.nowMs, hb.seq, hb.sink!);
      hb.launched++;
      if (locality === OFF_RACK) hb.offRack++;
      return locality;
    };
    return {
      get node() { return hb.node; },
      get rack() { return hb.rack; },
      get nowMs() { return hb.nowMs; },
      get free() { return free(); },
      get jobs() { return queue.jobs; },
      offer: (job) => {
        inHeartbeat('offer');
        ownJob('offer', job);
        const j = job.index;
        if (free() <= 0 || job.pendingMaps === 0 || (this.visitedAt[j] === hb.seq && this.launchedAt[j] !== hb.seq)) return -1;
        this.visitedAt[j] = hb.seq;
        const picked = this.picked;
        if ((this.filter !== undefined && !this.filter.admits(job, hb.node)) || !this.choice.chooseMap(job, hb.node, hb.rack, this.gate.allowed(job, hb.nowMs), picked)) {
          if (this.launchedAt[j] !== hb.seq) this.gate.skipped(job, hb.untilNextMs);
          return -1;
        }
        return launched(job, picked.map, picked.locality);
      },
      launch: (job, map) => {
        inHeartbeat('launch');
        ownJob('launch', job);
        // A string "0" indexes a typed array as 0 does: it would have launched, and been carried as a string.
        if (typeof map !== 'number') throw new TypeError(`job ${job.spec.id}: launch(job, ${JSON.stringify(map) ?? String(map)}): a map is a number from 0 to ${job.maps - 1}, not a ${typeof map}`);
        if (free() <= 0) return -1;
        this.visitedAt[job.index] = hb.seq;
        return launched(job, map, localityOf(this.topology, this.blocks, job.spec.blocks[map], hb.node, hb.rack));
      },
    };
  }

  private launchMap(job: Job, map: number, locality: Locality, node: NodeId, nowMs: number, seq: number, sink: ActionSink): void {
    job.startMap(ENGINE, map, locality, this.passAll);
    this.launchedAt[job.index] = seq;
    this.pendingMapsTotal--;
    this.gate.launched(job, locality);
    if (job.pendingMaps === 0) {
      this.mapQueue.remove(job);
      this.passAll?.leave(job);
    } else {
      this.mapQueue.update(job);
      this.passAll?.note(job);
    }
    const spec = job.spec;
    const sensitivity = LOCALITY_SENSITIVITY[spec.type];
    const slow = locality === NODE_LOCAL ? 1 : 1 + ((locality === RACK_LOCAL ? this.slowdown.rack : this.slowdown.off) - 1) * sensitivity;
    const attempt = job.mapAttempt(map);
    const jitter = this.jitter(job, map, attempt, MAP_PHASE);
    const durationMs = Math.max(1, Math.round(spec.mapMs * slow * jitter));
    this.stats.launches++;
    this.observer.launched?.(nowMs, node, job.index, map, locality, durationMs);
    this.running?.launchedMap(job, map, node, nowMs, durationMs);
    this.events?.mapLaunched?.(job, map, node, nowMs);
    this.replication?.blockRead(job, spec.blocks[map], node, locality, nowMs, this.delays?.lastWaitMs(job) ?? 0);
    if (this.io === undefined) {
      this.stats.busyMapMs += durationMs;
      sink.launchMap(node, job.index, map, durationMs);
      return;
    }
    job.recordMapStart(ENGINE, map, nowMs);
    const o = this.io.map(job, map, attempt, node, locality, spec.mapMs * jitter);
    sink.launchMap(node, job.index, map, o.computeMs, o.src, o.readKB, o.writeKB);
  }

  private assignReduces(node: NodeId, rank: Rank, nowMs: number, free: number, sink: ActionSink): void {
    const max = this.scenario.scheduler.assignMultiple ? Math.min(free, this.limits.reduces) : 1;
    let launched = 0;
    while (launched < max) {
      const jobs = this.reduceQueue.jobs; // a pool-aware queue reorders after each launch
      let found = false;
      for (let i = 0; i < jobs.length; i++) {
        const job = jobs[i];
        const r = this.choice.chooseReduce(job);
        if (r < 0) continue;
        job.startReduce(ENGINE, r, nowMs);
        if (job.pendingReduces === 0) {
          this.jobsWithUnlaunchedReduces--;
          this.reduceQueue.remove(job);
        } else this.reduceQueue.update(job);
        const spec = job.spec;
        const attempt = job.reduceAttempt(r);
        const copyMs = this.choice.copyPhaseMs(job, spec.copyMs > 0 ? Math.round(spec.copyMs * this.jitter(job, r, attempt, COPY_PHASE)) : 0, nowMs);
        const computeMs = Math.max(1, Math.round(spec.reduceMs * this.jitter(job, r, attempt, COMPUTE_PHASE)));
        const mapsDone = job.mapsDoneMs >= 0;
        if (!mapsDone && this.outputs === undefined) {
          const waiting = this.waitingReduces[rank];
          if (waiting === undefined) this.waitingReduces[rank] = [job.index];
          else waiting.push(job.index);
        }
        this.stats.launches++;
        this.running?.launchedReduce(job, r, node);
        this.observer.launched?.(nowMs, node, job.index, reduceRef(r), -1, computeMs);
        if (this.io === undefined) sink.launchReduce(node, job.index, r, copyMs, computeMs, mapsDone);
        else {
          const o = this.io.reduce(job, copyMs + computeMs);
          sink.launchReduce(node, job.index, r, 0, o.computeMs, mapsDone, o.readKB, o.writeKB);
          this.outputs!.launched(node, rank, job, sink);
        }
        launched++;
        found = true;
        break;
      }
      if (!found) break;
    }
  }

  /**
   * A lognormal duration factor with mean 1 for an attempt (1 when the scenario sets no jitter): common random
   * numbers, the same for (job, task, attempt, phase) whatever the policy or launch order (task-draws.ts).
   */
  private jitter(job: Job, task: number, attempt: number, phase: number): number {
    const sigma = this.sigma;
    if (sigma === 0) return 1;
    return Math.exp(sigma * this.draws.normal(this.jobKeys[job.index], task, attempt, phase) - (sigma * sigma) / 2);
  }
}

type HeartbeatPort = MapSlots & LaunchPort;

/** Where `block` is read from on `node` (of `rack`): node-local, rack-local or off-rack. */
export function localityOf(topology: Topology, blocks: BlockStore, block: number, node: NodeId, rack: RackId): Locality {
  let best: Locality = OFF_RACK;
  for (let i = 0, n = blocks.replicaCount(block); i < n; i++) {
    const r = blocks.replica(block, i);
    if (r === node) return NODE_LOCAL;
    if (rackOf(topology, r) === rack) best = RACK_LOCAL;
  }
  return best;
}

/** By rank in the heartbeat order: the time from that heartbeat to the next heartbeat of any node. */
export function untilNextHeartbeat(topology: Topology, order: HeartbeatOrder): Int32Array {
  const { nodeAt } = order;
  const out = new Int32Array(topology.nodes);
  for (let i = 0; i < nodeAt.length; i++) {
    const next = nodeAt[(i + 1) % nodeAt.length];
    const wrap = i + 1 === nodeAt.length ? topology.heartbeatMs : 0;
    out[i] = topology.phaseMs[next] + wrap - topology.phaseMs[nodeAt[i]];
  }
  return out;
}
