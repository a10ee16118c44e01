/**
 * The master actor: merges each epoch's heartbeat batches in (time, node id) order, interleaves job arrivals,
 * runs the scheduler on each heartbeat (timing each decision), and answers every rack with one response batch
 * and the next epoch to advance to. Thread timing cannot reach the scheduler: the order is fixed by the phases.
 */
// The module's performance, not the global: Node 20 defines the global as a lazy getter (lib/internal/util.js), which
// cost about 15-40 ns on each of a heartbeat's two reads (fb2009-day's profile: 134 ms of 4.9 s in "get").
import { performance } from 'node:perf_hooks';
import { COPY_JOB, isReduceRef } from '../core/task-ref.js';
import type { NodeId, Rank } from '../core/ids.js';
import type { Job } from '../core/job.js';
import { type JobResult, type Outcome, buildOutcome } from '../core/results.js';
import { poolResults } from '../core/pool-results.js';
import { replicationResult } from '../core/replication/results.js';
import { makeRng } from '../core/rng.js';
import type { Scenario } from '../core/scenario.js';
import type { LpSolver } from '../core/framework/lp-solver.js';
import { type ScanMode, Scheduler, type SchedulerObserver } from '../core/scheduler.js';
import { type Topology, makeTopology, schedulerView } from '../core/topology.js';
import type { SwimTrace } from '../core/swim.js';
import { type Workload, buildWorkload } from '../core/workload.js';
import { keptMix } from './last-submits.js';
import { CoreAllocator } from '../core/network/core-allocation.js';
import { GroupCapacities } from '../core/network/group-capacities.js';
import { LinkUsage, SHUFFLED_IN } from '../core/network/link-usage.js';
import { PIPELINE_LEAVES, linkRates } from '../core/network/rack-links.js';
import { WRITE_FIELDS } from '../core/network/replica-targets.js';
import { REPLICA, SEND } from '../core/network/serves.js';
import { FarCaps } from '../core/network/far-caps.js';
import { ShuffleMix } from '../core/network/shuffle-mix.js';
import { type FinishOrder, ShuffleSends } from '../core/network/shuffle-sends.js';
import { forgetsPerEpoch } from '../core/map-outputs.js';
import { ResponseRouter } from '../messages/builders.js';
import { HeartbeatRow } from '../messages/layouts.js';
import { LatencyHistogram } from './latency-histogram.js';
import { type EpochCommand, type HeartbeatBatch, REPORT_EVERY_HEARTBEAT } from '../messages/types.js';
import { DOUBLE_ZERO } from '../core/doubles.js';
import { checkedCounts, policyAndPreemption } from '../core/plugin-checks.js';
import type { RunProgress } from './run-progress.js';
import { STALL_INTERVALS } from '../core/limits.js';

/**
 * Task attempts killed per slot with no task finished and no job arrived in between: past this the kills are a loop
 * (every attempt killed before it can end: a preemption plugin that kills whatever runs ran past 99 simulated days),
 * not preemption, which kills some tasks so that others run to their end.
 */
const KILLS_PER_SLOT_WITHOUT_FINISH = 1000;

export interface MasterOptions {
  observer?: SchedulerObserver;
  /** Record the wall time of each heartbeat decision (off for nothing but speed). */
  timeDecisions?: boolean;
  /**
   * Process every heartbeat of every node, and never jump idle time. Off (the default), heartbeats that cannot
   * change anything are left out; tests prove both give the same digest.
   */
  everyHeartbeat?: boolean;
  /** The rows of a swim workload's trace (src/cli/trace.ts reads them). */
  trace?: SwimTrace;
  /** 'walk': no O(1) answer to map scans that can launch nothing, no pool counts kept (tests prove both give the same digest). */
  scan?: ScanMode;
  /** The scenario's workload, already built (src/actors/place-threads.ts); else built here. */
  workload?: Workload;
  /** A linear-program solver, for a policy that needs one (simulate() loads it: see highs-solver.ts). */
  solver?: LpSolver;
}

export class MasterActor {
  readonly topology: Topology;
  readonly scheduler: Scheduler;
  readonly decisionNs: LatencyHistogram;
  /** Decision wall time per task launched: a heartbeat that launched k tasks records its time / k, k times. */
  readonly launchNs: LatencyHistogram;
  /** Wall time of each timer tick between epochs (Scheduler.tickWatch); none recorded when the policy has no tick. */
  readonly tickNs: LatencyHistogram;
  epochs = 0;
  /** Simulated time reached: the end of the last epoch handled (progress()). */
  private reachedMs = 0;
  /** Consecutive epochs in which active jobs had nothing running and nothing launched or finished. */
  private stalledEpochs = 0;
  private lastProgress = -1;
  /** Finishes plus arrivals at the last check, and the kills counted then (see KILLS_PER_SLOT_WITHOUT_FINISH). */
  private lastSettled = -1;
  private killsAtSettled = 0;
  /** The decisions of the epoch being answered, for every rack. */
  private readonly responses: ResponseRouter;
  /** Position of each node in the (phase, node id) order of an epoch's heartbeats, and the node at each position. */
  private readonly rankOf: Int32Array;
  private readonly nodeAt: Int32Array;
  /**
   * An epoch's heartbeats copied into rank order by one sequential pass over the batches, so the decision pass
   * reads them in order instead of hopping between racks' columns (at 10,000 nodes those hops were cache misses).
   * One row per rank, laid out as HeartbeatRow (messages/layouts.ts) (the copy writes ranks out of order: one cache
   * line a heartbeat, where a column each cost a line each).
   */
  private readonly rows: Int32Array;
  private readonly timeDecisions: boolean;
  private readonly everyHeartbeat: boolean;
  /** Fluid network model: the cross-rack allocation, its result per rack, and the links' usage. */
  private readonly allocator: CoreAllocator | undefined;
  /** Each rack's group capacities as sent (a rack's links start at 0): only changes are sent. */
  private readonly capacities: GroupCapacities | undefined;
  private readonly usage: LinkUsage | undefined;
  /** Fluid model: each rack's serves of the epoch being answered (src/core/network/serves.ts), SERVE_FIELDS numbers each. */
  private readonly serves: number[][];
  /** Scratch of allocate(): its read serves, as (source rack, index of the serve's cap in its list, reader rack). */
  private readonly sendCaps: number[] = [];
  /** Fluid model with a bounded core: the far sides' caps each rack gets (far-caps.ts), and each rack's of the epoch being answered. */
  private readonly farCaps: FarCaps | undefined;
  private readonly farCapsOut: number[][];
  /**
   * Fluid model: each rack's writes reported in the epoch's batch, with where their replicas go (views of the batches,
   * read by replicaServes within the same onBatches, before the racks reuse them).
   */
  private readonly writes: (Float64Array | null)[];
  /** Fluid model: the send halves of the fetches from other racks the racks' last batches reported (shuffle-sends.ts). */
  private readonly shuffleSends: ShuffleSends | undefined;
  /** Fluid model: where each rack's fetches from other racks come from, for the uplinks they load (shuffle-mix.ts). */
  private readonly shuffleMix: ShuffleMix | undefined;
  /** Fluid model: each rack's fetches reported in the epoch's batch (views of the batches, read within readDemand). */
  private readonly fetches: (Float64Array | null)[];
  /** Fluid model: whether a rack reported flows or writes still to run after the epoch it predicted last. */
  private flowsInFlight = false;
  /** The epoch the last commands answered (null before the first answer). */
  private answered: number | null = null;
  /** The run has ended: the next batches only book the racks' link counters to the last epoch's end. */
  private closing = false;

  constructor(readonly scenario: Scenario, options: MasterOptions = {}) {
    this.topology = makeTopology(scenario.cluster, scenario.seed);
    const view = schedulerView(this.topology, scenario.cluster.network.rackAware);
    const workload = options.workload ?? buildWorkload(scenario, view, makeRng(scenario.seed), options.trace, undefined, keptMix(scenario));
    this.scheduler = new Scheduler(scenario, view, workload.blocks, workload.jobs, options.observer, options.scan, options.solver);
    this.responses = new ResponseRouter(this.topology.racks, this.topology.nodesPerRack);
    const nodes = this.topology.nodes;
    ({ rankOf: this.rankOf, nodeAt: this.nodeAt } = this.scheduler.order);
    this.rows = new Int32Array(nodes * HeartbeatRow.Width);
    for (let rank = 0; rank < nodes; rank++) this.rows[rank * HeartbeatRow.Width + HeartbeatRow.Batch] = -1;
    this.timeDecisions = options.timeDecisions ?? true;
    // A plugin that does not permit leaving out idle heartbeats gets every one (framework/shortcuts.ts).
    this.everyHeartbeat = (options.everyHeartbeat ?? false) || !this.scheduler.shortcuts.has('skipIdleHeartbeats');
    this.decisionNs = new LatencyHistogram();
    this.launchNs = new LatencyHistogram();
    this.tickNs = new LatencyHistogram();
    if (this.timeDecisions && this.scheduler.hasTimers) {
      let t0 = 0;
      const ticks = this.tickNs;
      this.scheduler.tickWatch = {
        start: () => { t0 = performance.now(); },
        stop: () => { ticks.recordValue(Math.max(1, Math.round((performance.now() - t0) * 1e6))); },
      };
    }
    const network = scenario.cluster.network;
    if (network.model === 'fluid') {
      const rates = linkRates(network, this.topology.nodesPerRack);
      this.allocator = new CoreAllocator(this.topology.racks, rates);
      this.capacities = new GroupCapacities(this.topology.racks, this.allocator.groups);
      // On one rack no flow crosses the core: no series of it (an all-zero one changed the digest of a coreGbps the CLI
      // warns changes nothing there).
      this.usage = new LinkUsage(this.topology.racks, rates.switchMBps, this.topology.heartbeatMs, this.topology.racks === 1 ? Infinity : rates.coreMBps);
    }
    this.serves = this.allocator === undefined ? [] : Array.from({ length: this.topology.racks }, () => []);
    this.writes = this.allocator === undefined ? [] : new Array<Float64Array | null>(this.topology.racks).fill(null);
    this.fetches = this.allocator === undefined ? [] : new Array<Float64Array | null>(this.topology.racks).fill(null);
    if (this.allocator !== undefined) {
      this.shuffleMix = new ShuffleMix(this.topology.racks, (job) => this.scheduler.mapOutputs!.racksOf(job));
      this.shuffleSends = new ShuffleSends(this.topology.nodesPerRack, this.topology.nodes, this.shuffleMix);
    }
    const farCaps = this.allocator?.boundedCore === true && this.topology.racks > 1;
    this.farCaps = farCaps ? new FarCaps(this.topology.racks) : undefined;
    this.farCapsOut = farCaps ? Array.from({ length: this.topology.racks }, () => []) : [];
  }

  /** The first epoch's commands. */
  start(): EpochCommand[] {
    const first = this.everyHeartbeat ? 0 : Math.floor(this.scheduler.nextArrivalMs / this.topology.heartbeatMs);
    return this.commands(Number.isFinite(first) ? first : 0, null);
  }

  /**
   * Decides on one epoch's heartbeats; returns the next epoch's commands, or null when every job has finished (fluid
   * model: after one more exchange, whose batches only book the racks' link counters: `closing`).
   */
  onBatches(epoch: number, batches: readonly HeartbeatBatch[]): EpochCommand[] | null {
    if (this.closing) {
      // The run ended in the epoch answered last: these batches carry the racks' counters to its end. Booked, then
      // stop (ending at the finish itself left that epoch's MB out: an off-rack read of 110 MB counted as 80).
      for (const b of batches) this.usage!.report(b.rack, epoch * this.topology.heartbeatMs, b.carriedMB);
      return null;
    }
    this.epochs++;
    const { rankOf, nodeAt, rows } = this;
    const H = this.topology.heartbeatMs;
    const start = epoch * H;
    this.reachedMs = start + H;
    let lo = this.topology.nodes;
    let hi = -1;
    for (let b = 0; b < batches.length; b++) {
      const { node: nodes, timeMs, freeMaps, freeReduces, finishedEnd } = batches[b];
      for (let i = 0; i < nodes.length; i++) {
        const rank = rankOf[nodes[i]];
        const at = rank * HeartbeatRow.Width;
        rows[at + HeartbeatRow.Batch] = b;
        rows[at + HeartbeatRow.Offset] = timeMs[i] - start;
        rows[at + HeartbeatRow.FreeMaps] = freeMaps[i];
        rows[at + HeartbeatRow.FreeReduces] = freeReduces[i];
        rows[at + HeartbeatRow.From] = i === 0 ? 0 : finishedEnd[i - 1];
        rows[at + HeartbeatRow.To] = finishedEnd[i];
        if (rank < lo) lo = rank;
        if (rank > hi) hi = rank;
      }
    }
    // The racks' link counters cover the committed pass of the epoch answered last: they belong to its end. The same
    // time as `start` but after an idle jump, over which nothing runs (FluidRack refuses a jump over a running task).
    if (this.allocator !== undefined) this.readDemand(this.answered === null ? start : (this.answered + 1) * H, batches);
    const scheduler = this.scheduler;
    if (scheduler.hasTimers) scheduler.advanceTo(start, this.sinkOf); // ticks skipped by an idle jump
    for (let rank = lo; rank <= hi; rank++) {
      const at = rank * HeartbeatRow.Width;
      const b = rows[at + HeartbeatRow.Batch];
      if (b < 0) continue;
      rows[at + HeartbeatRow.Batch] = -1;
      const batch = batches[b];
      const node = nodeAt[rank] as NodeId;
      const now = start + rows[at + HeartbeatRow.Offset];
      scheduler.arrive(now);
      const sink = this.responses;
      if (this.timeDecisions) {
        const launches = scheduler.stats.launches;
        const t0 = performance.now();
        scheduler.heartbeat(node, rank as Rank, now, rows[at + HeartbeatRow.FreeMaps], rows[at + HeartbeatRow.FreeReduces], batch.finishedJob, batch.finishedTask, rows[at + HeartbeatRow.From], rows[at + HeartbeatRow.To], sink);
        const ns = Math.max(1, Math.round((performance.now() - t0) * 1e6));
        this.decisionNs.recordValue(ns);
        const launched = scheduler.stats.launches - launches;
        if (launched > 0) this.launchNs.recordValueWithCount(Math.max(1, Math.round(ns / launched)), launched);
      } else {
        scheduler.heartbeat(node, rank as Rank, now, rows[at + HeartbeatRow.FreeMaps], rows[at + HeartbeatRow.FreeReduces], batch.finishedJob, batch.finishedTask, rows[at + HeartbeatRow.From], rows[at + HeartbeatRow.To], sink);
      }
    }
    const epochEnd = (epoch + 1) * this.topology.heartbeatMs - 1;
    // Timer ticks fall on epoch boundaries: run those up to the next epoch's start, so kills reach the racks first.
    if (scheduler.hasTimers) scheduler.advanceTo((epoch + 1) * H, this.sinkOf);
    else if (scheduler.idle) scheduler.arrive(epochEnd); // arrivals after the last heartbeat still count this epoch
    if (scheduler.finished) {
      if (this.usage === undefined) return null;
      // Fluid model: one more exchange, so that the racks commit this epoch and report what their links carried in it.
      this.closing = true;
      return this.commands(epoch + 1, epoch);
    }
    this.checkProgress(epoch);
    // With no job active nothing runs or waits: jump to the epoch of the next arrival (an exact shortcut).
    // Fluid model: not while a rack's flows or a far side about to be sent run on (a write's or a shuffle send's may
    // outlive its job), as the racks' link usage is booked at each epoch's end (LinkUsage.report), exact only over
    // epochs walked.
    const jump = scheduler.idle && !this.everyHeartbeat && !this.flowsInFlight && !this.writes.some((w) => w !== null) && !(this.shuffleSends?.pending ?? false);
    const next = jump ? Math.max(epoch + 1, Math.floor(scheduler.nextArrivalMs / this.topology.heartbeatMs)) : epoch + 1;
    return this.commands(next, epoch);
  }

  /**
   * A broken model must fail loudly, not spin: with jobs active and no launch, finish or arrival, every locality wait
   * expires within STALL_INTERVALS; past that the run cannot progress unless a task still running can finish. Running
   * tasks are counted only then (a map may legitimately run that long): a reduce waiting on maps that never launch
   * cannot finish, and it had kept a Quincy run whose costs left a map unscheduled forever spinning without end.
   */
  private checkProgress(epoch: number): void {
    const s = this.scheduler;
    const settled = s.stats.taskFinishes + s.stats.arrivals;
    if (settled !== this.lastSettled) {
      this.lastSettled = settled;
      this.killsAtSettled = s.stats.kills;
    } else {
      const t = this.topology;
      const slots = t.nodes * (t.mapSlotsPerNode + t.reduceSlotsPerNode);
      const kills = s.stats.kills - this.killsAtSettled;
      if (kills > KILLS_PER_SLOT_WITHOUT_FINISH * slots) {
        throw new Error(`simulation cannot end at ${((epoch + 1) * t.heartbeatMs / 1000).toFixed(1)} s: ${kills} task attempts killed (over ${KILLS_PER_SLOT_WITHOUT_FINISH} for each of the ${slots} slots) with no task finished and no job arrived in between: ${policyAndPreemption(this.scenario.scheduler)} kills tasks before any can end`);
      }
    }
    const progress = s.stats.launches + s.stats.taskFinishes + s.stats.arrivals;
    if (progress !== this.lastProgress || s.idle) {
      this.lastProgress = progress;
      this.stalledEpochs = 0;
      return;
    }
    if (++this.stalledEpochs <= STALL_INTERVALS) return;
    if (this.canFinish()) {
      this.stalledEpochs = 0;
      return;
    }
    const t = ((epoch + 1) * this.topology.heartbeatMs / 1000).toFixed(1);
    const running = s.runningTasks === 0 ? 'nothing running' : `${s.runningTasks} reduces waiting on maps`;
    throw new Error(`simulation stalled at ${t} s: ${s.activeJobCount} jobs active, ${running}, nothing launched or finished for ${STALL_INTERVALS} heartbeat intervals: ` +
      `${policyAndPreemption(this.scenario.scheduler)} launched no task on the free slots it was offered; a policy (a --plugin's assigner, filter, gate or queue) ` +
      'must in the end launch a pending task on a free slot: declining for a while, as delay scheduling does, is fine, for ever is not');
  }

  /** Some running task can finish: a running map, or a running reduce whose job's maps are all done. */
  private canFinish(): boolean {
    for (const job of this.scheduler.jobs) {
      if (job === undefined || job.done) continue;
      if (job.runningMaps > 0 || (job.runningReduces > 0 && job.finishedMaps === job.maps)) return true;
    }
    return false;
  }

  outcome(): Outcome {
    const jobs = this.scheduler.jobs.filter((j): j is Job => j !== undefined);
    const { pools, poolClock } = this.scheduler;
    const poolReport = pools === undefined || poolClock === undefined ? undefined : (results: JobResult[]) => poolResults(pools, poolClock, results);
    const outcome = buildOutcome(jobs, this.scheduler.stats, this.topology, poolReport, this.scheduler.mayKill);
    const { replicas, delays } = this.scheduler;
    const replication = replicas === undefined || delays === undefined ? undefined
      : replicationResult(this.scenario.scheduler.replication!.policy, replicas, delays, outcome.jobs, jobs.map((j) => j.index), checkedCounts(`replication "${this.scenario.scheduler.replication?.policy}"`, this.scheduler.replication?.counts?.()));
    const withReplication = replication === undefined ? outcome : { ...outcome, replication };
    const counts = checkedCounts(`policy "${this.scenario.scheduler.policy}"`, this.scheduler.assigner?.counts?.());
    const withAssigner = counts === undefined ? withReplication : { ...withReplication, mapAssignment: { policy: this.scenario.scheduler.policy, counts } };
    if (this.usage === undefined) return withAssigner;
    const runEndMs = outcome.jobs.reduce((end, j) => Math.max(end, j.finishMs), 0);
    return { ...withAssigner, network: this.usage.result(runEndMs) };
  }

  /** Fluid model: the racks' cross-rack demand and committed link counters from an epoch's batches. */
  private readDemand(committedToMs: number, batches: readonly HeartbeatBatch[]): void {
    const allocator = this.allocator!;
    this.flowsInFlight = false;
    for (const b of batches) {
      if (b.stillToRun.length > 0 && b.stillToRun[0] > 0) this.flowsInFlight = true;
      for (let k = 0; k < b.demand.length; k += 2) allocator.add(b.rack, b.demand[k], b.demand[k + 1]);
      this.usage!.report(b.rack, committedToMs, b.carriedMB);
      this.writes[b.rack] = b.replicas.length === 0 ? null : b.replicas;
      this.fetches[b.rack] = b.fetches.length === 0 ? null : b.fetches;
      this.farCaps?.report(b.rack, b.farPeers);
    }
    // The fetches, rack by rack (the same sums whatever order the batches came in), before this epoch's heartbeats
    // retire the jobs they finish: a fetch is reported a batch late, so a job done last epoch may still be fetched.
    for (let rack = 0; rack < this.fetches.length; rack++) {
      const f = this.fetches[rack];
      if (f === null) continue;
      this.fetches[rack] = null;
      this.shuffleSends!.add(f);
    }
    this.shuffleSends!.resolve(this.finishOrder);
    this.scheduler.mapOutputs!.dropRetired();
    // Then what the racks' links in from anywhere carried drains the mix (the fetches just added carried some of it).
    for (const b of batches) if (b.carriedMB.length > SHUFFLED_IN) this.shuffleMix!.carried(b.rack, b.carriedMB[SHUFFLED_IN]);
  }

  private readonly finishOrder = (job: number): FinishOrder => this.scheduler.mapOutputs!.finishOrder(job);

  /**
   * Fluid model: adds the epoch's cross-rack launches to the demand (a map reading from another rack) and its notices
   * that start reduces' fetches from other racks, allocates the core and the racks' links for the epoch's committed
   * pass and the next, and gathers the far sides the commands carry (serves).
   */
  private allocate(answered: number): void {
    const allocator = this.allocator!;
    const { nodesPerRack: perRack, racks, heartbeatMs, phaseMs } = this.topology;
    const startMs = this.scenario.cluster.network.taskStartMs;
    const sends = this.sendCaps;
    for (const list of this.serves) if (list.length > 0) list.length = 0;
    sends.length = 0;
    if (racks > 1) {
      this.responses.forEachLaunch((node, job, task, src, readKB, computeMs) => {
        const rack = Math.floor(node / perRack);
        if (readKB <= 0 || isReduceRef(task)) return; // a reduce's fetches: its notices, below
        if (Math.floor(src / perRack) !== rack) {
          const from = Math.floor(src / perRack);
          allocator.add(rack, from, 1);
          // Its send half, in the source's rack, starts when the map's read does: its heartbeat plus the start-up
          // (a replica copy has none: its read starts at the heartbeat). Its cap, its reader's rate, once allocated.
          this.serves[from].push(SEND, src, answered * heartbeatMs + phaseMs[node] + (job === COPY_JOB ? 0 : startMs), readKB, computeMs, Infinity, rack);
          sends.push(from, this.serves[from].length - 2, rack);
        }
      });
      // A notice with outputs in other racks starts a fetch from them where a reduce of the job waits (or has just
      // launched): one flow "in from anywhere" (map-outputs.ts). The last one may also start, within the epoch, the
      // write of a short reduce's output through the pipeline: one flow "out to anywhere".
      const writes = this.scenario.hdfs.replication > 1;
      const mix = this.shuffleMix!;
      this.responses.forEachNotice((node, job, finished, inRack, maps) => {
        const rack = Math.floor(node / perRack);
        if (finished > inRack) {
          allocator.add(rack, racks, 1);
          mix.expect(rack, job);
        }
        if (writes && finished === maps) allocator.add(rack, racks + 1, 1);
      });
      this.pipelinesOnward();
    }
    allocator.allocate(this.shuffleMix);
    this.shuffleMix?.allocated();
    this.capacities!.update(allocator);
    if (racks > 1) {
      // The far sides, each capped by what the allocation gives its near half (core-allocation.ts; Infinity with a
      // non-blocking core).
      for (let k = 0; k < sends.length; k += 3) this.serves[sends[k]][sends[k + 1]] = allocator.readFlowMBps(sends[k + 2], sends[k]);
      this.replicaServes();
      this.shuffleSends!.drain(this.serves, answered * heartbeatMs, this.shuffleEgress);
      if (this.farCaps !== undefined) {
        for (const list of this.farCapsOut) if (list.length > 0) list.length = 0;
        this.farCaps.update(allocator, this.serves, this.farCapsOut);
      }
    }
  }

  /**
   * Fluid model: the writes the racks' last batches reported whose pipeline enters a second rack and leaves it for a
   * third (no topology script: replica-targets.ts) cross the core twice. The far side in the second's rack leaves
   * through that rack's group "out to anywhere" (RackLinks.replicaInPath) from this epoch's committed pass on, which its
   * predicted pass could not know of: one flow of demand there.
   */
  private pipelinesOnward(): void {
    const perRack = this.topology.nodesPerRack;
    const out = this.topology.racks + 1;
    for (let rack = 0; rack < this.writes.length; rack++) {
      const w = this.writes[rack];
      if (w === null) continue;
      for (let k = 0; k < w.length; k += WRITE_FIELDS) {
        const second = Math.floor(w[k + 3] / perRack);
        const third = w[k + 4] < 0 ? -1 : Math.floor(w[k + 4] / perRack);
        if (second !== rack && third >= 0 && third !== second) this.allocator!.add(second, out, 1);
      }
    }
  }

  /** A source rack's egress to the groups in from anywhere (core-allocation.ts), for its nodes' shuffle sends' caps. */
  private readonly shuffleEgress = (rack: number): number => this.allocator!.shuffleEgressMBps(rack);

  /**
   * Fluid model: the far sides of the writes the racks' last batches reported, sent to the racks the pipeline enters
   * past the writer's (rack by rack, in report order: the same serves whatever order the batches came in), each capped
   * at the rate a flow of its writer's group out gets (core-allocation.ts). Each starts at the answered epoch's start
   * at the earliest (the rack applies it at max(its clock, the write's start)).
   */
  private replicaServes(): void {
    const { writes } = this;
    const perRack = this.topology.nodesPerRack;
    for (let rack = 0; rack < writes.length; rack++) {
      const w = writes[rack];
      if (w === null) continue;
      writes[rack] = null;
      const cap = this.allocator!.writeFlowMBps(rack);
      for (let k = 0; k < w.length; k += WRITE_FIELDS) {
        const start = w[k + 1];
        const kb = w[k + 2];
        const secondNode = w[k + 3];
        const thirdNode = w[k + 4];
        const second = Math.floor(secondNode / perRack);
        const third = thirdNode < 0 ? -1 : Math.floor(thirdNode / perRack);
        // The writer's rack ran the hops in it (RackSlots.writePipeline); the racks the pipeline enters run theirs.
        if (second === rack) {
          if (third >= 0 && third !== rack) this.serves[third].push(REPLICA, thirdNode, start, kb, -1, cap, rack);
        } else if (third < 0 || third === second) {
          this.serves[second].push(REPLICA, secondNode, start, kb, thirdNode, cap, rack);
        } else {
          this.serves[second].push(REPLICA, secondNode, start, kb, PIPELINE_LEAVES, cap, rack);
          this.serves[third].push(REPLICA, thirdNode, start, kb, -1, cap, rack);
        }
      }
    }
  }

  /** What the run has done so far (run-progress.ts): simulated time reached and jobs finished. */
  progress(): RunProgress {
    return { simulatedMs: this.reachedMs, jobsFinished: this.scheduler.jobsFinished, jobs: this.scheduler.jobCount };
  }

  /** The response sink of a node's rack (for kills decided between heartbeats): one router for every rack. */
  private readonly sinkOf = (): ResponseRouter => this.responses;

  private commands(epoch: number, answered: number | null): EpochCommand[] {
    const reportFreeFromMs = this.everyHeartbeat ? REPORT_EVERY_HEARTBEAT : this.scheduler.freeSlotsIrrelevant ? this.scheduler.nextArrivalMs : DOUBLE_ZERO;
    if (this.allocator !== undefined && answered !== null) this.allocate(answered);
    this.answered = answered;
    const responses = answered === null || this.responses.empty ? null : this.responses.take(answered);
    return Array.from({ length: this.topology.racks }, (_, rack) => ({
      type: 'epoch', rack, epoch, reportFreeFromMs, responses: responses?.[rack] ?? null,
      allocationMBps: this.capacities === undefined || answered === null ? null : this.capacities.changesOf(rack),
      serves: (this.serves[rack]?.length ?? 0) === 0 || answered === null ? null : Float64Array.from(this.serves[rack]),
      forgetJobs: this.allocator === undefined || answered === null ? null : this.scheduler.mapOutputs!.forgets(rack, forgetsPerEpoch(this.topology.nodesPerRack)),
      farCapsMBps: this.farCaps === undefined || answered === null || this.farCapsOut[rack].length === 0 ? null : Float64Array.from(this.farCapsOut[rack]),
    }));
  }
}
