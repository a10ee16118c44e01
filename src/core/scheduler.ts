/**
 * The master's model (Hadoop's JobTracker with its TaskScheduler): job arrivals, task completions learned at
 * heartbeats, and the heartbeat loop that decides what free slots launch. Pure: decisions go to an ActionSink.
 * The policy lives in plugins (plugins.ts, framework/): queue order, caps and admission, the locality gate, task
 * choice, the periodic tick with preemption, replication hooks. This file keeps the loop and the bookkeeping; its
 * parts with a noun of their own are apart: action-sink.ts (where decisions go), heartbeat-port.ts (an assigner's
 * port), tick-checks.ts (a tick's time and victims, checked), maps-done-notices.ts, task-jitter.ts, locality-level.ts.
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
import type { MapAssigner } from './framework/map-assignment.js';
import type { NodeFilter } from './framework/node-filter.js';
import type { Victim } from './framework/preemption.js';
import { DOUBLE_ZERO } from './doubles.js';
import type { JobQueue } from './framework/queue-order.js';
import type { ReplicationPolicy } from './framework/replication.js';
import type { Shortcut } from './framework/shortcuts.js';
import type { MapChoice, TaskChoice } from './framework/task-choice.js';
import type { Tick } from './framework/tick.js';
import type { BlockStore } from './hdfs.js';
import type { Rank } from './ids.js';
import { Job, type JobIndex } from './job.js';
import { type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './locality-level.js';
import { JobScratch } from './job-scratch.js';
import { PassAll } from './pass-all.js';
import type { PoolClock } from './pool-clock.js';
import { valueKind } from './shown-value.js';
import type { PoolSet } from './pools.js';
import { makePlugins } from './plugins.js';
import { COMPUTE_PHASE, COPY_PHASE, MAP_PHASE } from './task-draws.js';
import { TaskJitter, longestTask } from './task-jitter.js';
import { rackEpochCost } from './limits.js';
import { checkTickTime, checkVictim } from './tick-checks.js';
import { type HeartbeatPort, heartbeatInProgress, makeHeartbeatPort } from './heartbeat-port.js';
import type { ActionSink } from './action-sink.js';
import { COPY_JOB, isReduceRef, reduceOf, reduceRef } from './task-ref.js';
import type { RunningTasks } from './running-tasks.js';
import type { Scenario } from './scenario.js';
import { type HeartbeatOrder, type NodeId, type Topology, heartbeatOrder, rackOf, untilNextHeartbeat } from './topology.js';
import { type JobSpec, LOCALITY_SENSITIVITY, strideOf } from './workload.js';
import { TaskIo } from './network/task-io.js';
import { MapOutputs } from './map-outputs.js';
import { MapsDoneNotices } from './maps-done-notices.js';
import { gbpsToMBps } from './network/config.js';
import type { DelayWait } from './replication/delay-wait.js';
import { DynamicReplicas } from './replication/replicas.js';
import type { HadoopWaitClock } from './wait-clock.js';

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
  /** The heartbeat an assigner is filling (heartbeat-port.ts). */
  private readonly hb = heartbeatInProgress();
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
  /** Hadoop's wait clock (wait-clock.ts): told of each heartbeat asking for tasks; undefined: skips are charged at once. */
  private readonly waitClock: HadoopWaitClock | undefined;
  readonly replicas: DynamicReplicas | undefined;
  /** The exact shortcuts every plugin of this run permits (framework/shortcuts.ts). */
  readonly shortcuts: ReadonlySet<Shortcut>;
  /** By job: the heartbeat sequence number at which the map scan last visited it, and at which it last launched a map. */
  private readonly visitedAt: Float64Array;
  private readonly launchedAt: Float64Array;
  /** Buffers each arriving job builds its locality caches in. */
  private readonly jobScratch = new JobScratch();
  /** Task durations' lognormal jitter (task-jitter.ts). */
  private readonly jitter: TaskJitter;
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
  /** Flat model: reduces in their copy phase waiting to hear that their job's maps are done (fluid: map-outputs.ts's). */
  private readonly mapsDone: MapsDoneNotices;
  /** By rank: time from the node's heartbeat to the cluster's next heartbeat. */
  private readonly untilNextHeartbeatMs: Int32Array;
  private heartbeatSeq = 0;
  private readonly slowdown: { rack: number; off: number };
  /** The O(1) answer to a map scan that can launch nothing (pass-all.ts), where the gate's skips may be counted late. */
  private readonly passAll: PassAll | undefined;
  /** The fluid network model's launch fields (undefined: the flat model's fixed slowdowns). */
  private readonly io: TaskIo | undefined;
  /** Fluid model: where finished maps' outputs wait, and the progress notices to reduces (instead of maps-done-notices.ts). */
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
    const plugins = makePlugins(scenario, topology, specs.length, (job) => this.notThisRunsJob(job), blocks, solver, scan === 'shortcut');
    ({ pools: this.pools, poolClock: this.poolClock, running: this.running, limits: this.limits, gate: this.gate, choice: this.choice } = plugins);
    ({ clock: this.clock, assigner: this.assigner, filter: this.filter } = plugins);
    // Its first time too: a tick first due at NaN (or Infinity) never ran, silently, and one at -3000 ms ran before the run.
    if (this.clock !== undefined) this.checkTickTime(this.clock.nextTickMs);
    ({ events: this.events, replication: this.replication, shortcuts: this.shortcuts, mapQueue: this.mapQueue, reduceQueue: this.reduceQueue } = plugins);
    this.delays = plugins.delays;
    this.waitClock = plugins.waitClock;
    if (this.replication !== undefined) {
      blocks.widen(strideOf(scenario, topology.nodes)); // room for the replicas the policy may add
      // A copy's fixed time on the flat model: the block over the destination's NIC; the fluid model carries it as a
      // transfer on the hardware (src/core/replication/replicas.ts).
      const copyMs = Math.ceil((scenario.hdfs.blockMB / gbpsToMBps(scenario.cluster.network.nicGbps)) * 1000);
      this.replicas = new DynamicReplicas(blocks, blocks.files, topology, copyMs, scenario.hdfs.blockMB,
        (j) => this.jobs[j]!.replicasChanged(ENGINE, topology, blocks, this.jobScratch), scenario.cluster.network.model === 'fluid', scenario.scheduler.replication!.policy, scenario.seed);
    }
    this.jitter = new TaskJitter(scenario.tasks.durationJitter, scenario.seed, specs.length, longestTask(topology.heartbeatMs, scenario.cluster.racks, rackEpochCost(scenario.cluster.network.model)));
    this.visitedAt = new Float64Array(specs.length).fill(-1);
    this.launchedAt = new Float64Array(specs.length).fill(-1);
    this.port = this.assigner === undefined ? undefined : makeHeartbeatPort(this.hb, {
      policy: scenario.scheduler.policy, topology, blocks, queue: this.mapQueue, filter: this.filter, gate: this.gate, choice: this.choice,
      picked: this.picked, visitedAt: this.visitedAt, launchedAt: this.launchedAt, notThisRunsJob: (job) => this.notThisRunsJob(job),
      admitted: (job) => this.pools === undefined || this.pools.isRunnable(job),
      launchMap: (job, map, locality, hb) => this.launchMap(job, map, locality, hb.node, hb.nowMs, hb.seq, hb.sink!),
    });
    this.order = heartbeatOrder(topology);
    this.untilNextHeartbeatMs = untilNextHeartbeat(topology, this.order);
    this.mapsDone = new MapsDoneNotices(this.jobs, topology.nodes);
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
      this.jitter.jobArrived(spec.index, spec.id);
      this.replicas?.jobArrived(spec.index, spec.blocks);
      this.activeJobs++;
      this.stats.arrivals++;
      this.pendingMapsTotal += job.maps;
      if (job.reduces > 0) this.jobsWithUnlaunchedReduces++;
      this.admission?.add(job, spec.submitMs + this.setupMs);
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
    else this.mapsDone.heartbeat(node, rank, sink);
    if (this.waitClock !== undefined && (freeMaps > 0 || freeReduces > 0)) this.waitClock.asked(nowMs);
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
        const before = clock.nextTickMs;
        if (this.activeJobs === 0) clock.skipIdle(Math.min(untilMs, a - 1));
        const at = clock.nextTickMs;
        this.checkTickTime(at, undefined, before);
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

  private checkTickTime(next: number, after?: number, skipped?: number): void {
    checkTickTime(this.scenario.scheduler.policy, this.topology.heartbeatMs, next, after, skipped);
  }

  /** Kills a running attempt chosen by preemption: back to pending, its lost slot time counted, the kill sent. */
  private kill(v: Victim, nowMs: number, sinkOf: (node: NodeId) => ActionSink): void {
    const job = checkVictim(this.scenario.scheduler, v, nowMs, this.tickAt, (j) => this.notThisRunsJob(j), this.running!);
    const reduce = isReduceRef(v.task);
    const r = reduce ? reduceOf(v.task) : -1;
    const running = this.running!;
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
    const jitter = this.jitter.factor(job.index, map, attempt, MAP_PHASE);
    const durationMs = Math.max(1, Math.round(spec.mapMs * slow * jitter));
    this.stats.launches++;
    this.observer.launched?.(nowMs, node, job.index, map, locality, durationMs);
    this.running?.launchedMap(job, map, node, nowMs, durationMs);
    this.events?.mapLaunched?.(job, map, node, nowMs);
    this.replication?.blockRead(job, spec.blocks[map], node, locality, nowMs, this.delays?.lastWaitMs(job) ?? 0);
    if (this.io === undefined) {
      this.jitter.checked(durationMs, spec.id, 'map', map, attempt);
      this.stats.busyMapMs += durationMs;
      sink.launchMap(node, job.index, map, durationMs);
      return;
    }
    job.recordMapStart(ENGINE, map, nowMs);
    const o = this.io.map(job, map, attempt, node, locality, spec.mapMs * jitter);
    this.jitter.checked(o.computeMs, spec.id, 'map', map, attempt); // its compute phase, as simulated (a Facebook map's at mapCpuMBps)
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
        const copyMs = this.choice.copyPhaseMs(job, spec.copyMs > 0 ? Math.round(spec.copyMs * this.jitter.factor(job.index, r, attempt, COPY_PHASE)) : 0, nowMs);
        const computeMs = Math.max(1, Math.round(spec.reduceMs * this.jitter.factor(job.index, r, attempt, COMPUTE_PHASE)));
        this.jitter.checked(copyMs + computeMs, spec.id, 'reduce', r, attempt);
        const mapsDone = job.mapsDoneMs >= 0;
        if (!mapsDone && this.outputs === undefined) this.mapsDone.reduceWaits(rank, job.index);
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

}
