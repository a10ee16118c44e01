/**
 * A run's plugins, made from its scenario through the registry: the policy's queues and caps (and its pools), the
 * locality gate with the rules around it, the task choice, the pool clock with preemption, and a replication policy.
 * The shortcuts a run may take are the ones every plugin in it permits.
 */
import type { HeartbeatLimits } from './framework/admission.js';
import { NO_LIMITS } from './framework/admission.js';
import { gates, isBuiltIn, policies, preemptions, replications } from './framework/builtins.js';
import { type JobEvents, allEvents } from './framework/job-events.js';
import type { LocalityGate } from './framework/locality-gate.js';
import type { LpSolver } from './framework/lp-solver.js';
import type { MapAssigner } from './framework/map-assignment.js';
import type { NodeFilter } from './framework/node-filter.js';
import type { JobQueue } from './framework/queue-order.js';
import type { PluginContext, PluginKind } from './framework/registry.js';
import type { ReplicationPolicy } from './framework/replication.js';
import { type Shortcut, permittedByAll } from './framework/shortcuts.js';
import type { TaskChoice } from './framework/task-choice.js';
import type { Tick } from './framework/tick.js';
import { checkedFilter, checkedGate, checkedLimits, checkedMade, checkedPreemption, checkedQueue, checkedRounds, checkedWrappedGate, ownReduceQueue } from './plugin-checks.js';
import { syncOnly } from './sync-only.js';
import { admittedQueue } from './admitted-queue.js';
import { countedQueue } from './counted-queue.js';
import { copyComputeSplit } from './copy-compute.js';
import { jobTypeRule } from './gate-rules.js';
import { LongTaskBalancer } from './long-tasks.js';
import { nearestFirst } from './nearest-first.js';
import { PoolClock } from './pool-clock.js';
import { frozenCopy } from './frozen.js';
import { blockReaderView, poolSetView, topologyView, withHdfsView, withRunningView } from './plugin-views.js';
import { PoolSet, keepCounts } from './pools.js';
import { DelayWait } from './replication/delay-wait.js';
import { HadoopWaitClock } from './wait-clock.js';
import { RunningTasks } from './running-tasks.js';
import type { BlockStore } from './hdfs.js';
import type { Scenario } from './scenario.js';
import type { Topology } from './topology.js';

export interface RunPlugins {
  readonly mapQueue: JobQueue;
  readonly reduceQueue: JobQueue;
  readonly limits: HeartbeatLimits;
  /** Pools of a pool-aware policy (hfs, capacity): admission, shares, the clock's state; else undefined. */
  readonly pools: PoolSet | undefined;
  /** The pool clock (the periodic tick, with preemption when it is on) of a pool-aware policy. */
  readonly poolClock: PoolClock | undefined;
  /** The periodic tick: the pool clock, or a policy's own (Quincy's solve); it may kill running tasks. */
  readonly clock: Tick | undefined;
  /** Running attempts, kept while preemption is on or the policy has a tick. */
  readonly running: RunningTasks | undefined;
  /** The policy's own way of filling free map slots (resource offers, Quincy); undefined: the core's walk. */
  readonly assigner: MapAssigner | undefined;
  /** Rules keeping jobs off nodes (long-task balancing, a policy's own), all of which must admit a job. */
  readonly filter: NodeFilter | undefined;
  readonly gate: LocalityGate;
  readonly choice: TaskChoice;
  readonly events: JobEvents | undefined;
  readonly replication: ReplicationPolicy | undefined;
  /** With a replication policy: each job's delay waiting, recorded around the gate. */
  readonly delays: DelayWait | undefined;
  /** Hadoop's wait clock (scheduler.delay.clock "hadoop"), told of each heartbeat asking for tasks; else undefined. */
  readonly waitClock: HadoopWaitClock | undefined;
  readonly shortcuts: ReadonlySet<Shortcut>;
}

/**
 * The plugins of a run of `scenario` whose `permits` decide its shortcuts, known from the scenario alone: the policy,
 * the gate, preemption (a pool-aware policy with it on), long-task balancing (it permits none) and the replication
 * policy. makePlugins adds the policy's own hooks, known once the policy is made.
 */
function declaredPlugins(scenario: Scenario): Array<{ readonly permits?: readonly Shortcut[] }> {
  const sc = scenario.scheduler;
  const policy = policies.find(sc.policy);
  const used: Array<{ readonly permits?: readonly Shortcut[] }> = [policy, gates.find(sc.delay.mode)];
  if (policy.usesPools && sc.preemption.enabled) used.push(preemptions.find(sc.preemption.policy));
  if (sc.longTasks !== undefined) used.push({});
  if (sc.replication !== undefined) used.push(replications.find(sc.replication.policy));
  return used;
}

/**
 * The shortcuts a run of `scenario` may take as far as the scenario tells, before any plugin is made (the size limits
 * ask it): a policy's own hooks (map assignment, a node filter, a tick) take all of them away in makePlugins.
 */
export function declaredShortcuts(scenario: Scenario): ReadonlySet<Shortcut> {
  return permittedByAll(declaredPlugins(scenario));
}

/**
 * `notOwnJob`: how a value a user's plugin hands back is not one of the run's jobs (undefined: it is one); `solver`: a
 * linear-program solver, for a policy that needs one (the runtime loads it); `keptCounts`: the pools keep their counts
 * between refreshes (kept-counts.ts), where false counts every job at each (the plain walk, which proves them).
 */
export function makePlugins(scenario: Scenario, topology: Topology, jobs: number, notOwnJob: (job: unknown) => string | undefined, blocks: BlockStore, solver?: LpSolver, keptCounts = true): RunPlugins {
  const sc = scenario.scheduler;
  const policyPlugin = policies.find(sc.policy);
  const gatePlugin = gates.find(sc.delay.mode);
  const used = declaredPlugins(scenario);
  const pools = policyPlugin.usesPools ? new PoolSet(sc, topology.nodes * topology.mapSlotsPerNode, topology.nodes * topology.reduceSlotsPerNode, policyPlugin.ownsPoolShares === true) : undefined;
  if (policyPlugin.needsSolver && solver === undefined) throw new Error(`policy "${sc.policy}" needs a linear-program solver: run it through simulate(), which loads one`);
  const context: PluginContext = { scenario, topology, jobs, pools, solver, blocks };
  // A user's plugin reads a frozen copy of the scenario and its config: one that changed them in create() had the
  // result report settings the run was not built with (a fuzzing pass's plugin set the seed, after the workload).
  let frozen: Scenario | undefined;
  const seenBy = (plugin: object): Scenario => (isBuiltIn(plugin) ? scenario : (frozen ??= frozenCopy(scenario)));
  // And views of the topology and the blocks: a write to them throws (plugin-views.ts); built-ins get the objects.
  let views: Pick<PluginContext, 'topology' | 'blocks' | 'pools'> | undefined;
  const contextFor = (plugin: object): PluginContext => {
    if (isBuiltIn(plugin)) return context;
    views ??= { topology: topologyView(topology), blocks: blockReaderView(blocks), pools: pools === undefined ? undefined : poolSetView(pools, () => makingPolicy, `policy "${sc.policy}"`) };
    return { ...context, ...views, scenario: seenBy(plugin) };
  };
  // What a user's plugin's create() returns is checked (checkedMade) and, by kind, wrapped: a gate's answers checked,
  // a preemption's and a replication policy's views of the engine read only (plugin-views.ts). Built-ins: as made.
  const made = <T>(kind: PluginKind, name: string, plugin: object, value: T, wrap: (checked: T) => T = (v) => v): T =>
    (isBuiltIn(plugin) ? value : wrap(checkedMade(kind, name, value)));
  // While the policy is made, and only then, its pools' view lets it set their share division (divideSharesBy).
  let makingPolicy = true;
  const policy = made('policy', sc.policy, policyPlugin, policyPlugin.create(seenBy(policyPlugin).scheduler.policyConfig, contextFor(policyPlugin)));
  makingPolicy = false;
  // What a user's policy hands back later (its wrapped gate, filter, queues) is checked as made things are; a built-in's is trusted.
  const fromPolicy = <T>(value: T, check: (v: T) => T): T => (isBuiltIn(policyPlugin) ? value : check(value));
  const { mode: _mode, ...gateConfig } = seenBy(gatePlugin).scheduler.delay;
  let gate = made('gate', sc.delay.mode, gatePlugin, gatePlugin.create(gateConfig, contextFor(gatePlugin)), (g) => checkedGate(g, sc.delay.mode));
  if (sc.jobTypeRule) gate = jobTypeRule(gate);
  if (policy.wrapGate !== undefined) {
    // A user's policy's wrapped gate is checked as a user's gate is (its members, its answers, no Promise).
    gate = fromPolicy(policy.wrapGate(gate), (wrapped) => checkedGate(syncOnly(checkedWrappedGate(wrapped, sc.policy), `policy "${sc.policy}": the gate its wrapGate() returned`), `${sc.delay.mode}" as wrapped by policy "${sc.policy}`));
  }
  let poolClock: PoolClock | undefined;
  let running: RunningTasks | undefined;
  if (pools !== undefined) {
    let preemption;
    if (sc.preemption.enabled) {
      const plugin = preemptions.find(sc.preemption.policy);
      preemption = made('preemption', sc.preemption.policy, plugin, plugin.create(seenBy(plugin).scheduler.preemption.config, contextFor(plugin)), (p) => checkedPreemption(withRunningView(p, contextFor(plugin).pools!), sc.preemption.policy));
      running = new RunningTasks();
    }
    poolClock = new PoolClock(pools, topology.heartbeatMs, sc.preemption.intervalMs, preemption, running);
  }
  if (policy.tick !== undefined && poolClock !== undefined) throw new Error(`policy "${sc.policy}": a pool-aware policy has the pool clock as its tick`);
  if (policy.tick !== undefined) running ??= new RunningTasks();
  // A truthy non-boolean ("yes") read as false: its summary left the kills out.
  const mayKill: unknown = policy.tick?.mayKill;
  if (mayKill !== undefined && typeof mayKill !== 'boolean') throw new TypeError(`policy "${sc.policy}": tick.mayKill is ${JSON.stringify(mayKill) ?? String(mayKill)}, not true or false`);
  // New hooks permit no shortcut: runs with them take the plain walk over every heartbeat.
  if (policy.assignMaps !== undefined || policy.filter !== undefined || policy.tick !== undefined) used.push({});
  const longTasks = sc.longTasks === undefined ? undefined : new LongTaskBalancer(sc.longTasks, jobs, topology.nodes);
  const filter = bothFilters(longTasks, policy.filter === undefined ? undefined : fromPolicy(policy.filter, (f) => checkedFilter(f, sc.policy)));
  let replication: ReplicationPolicy | undefined;
  let delays: DelayWait | undefined;
  if (sc.replication !== undefined) {
    const plugin = replications.find(sc.replication.policy);
    replication = made('replication', sc.replication.policy, plugin, plugin.create(seenBy(plugin).scheduler.replication!.config, contextFor(plugin)), (p) => checkedRounds(withHdfsView(p), sc.replication!.policy));
    delays = new DelayWait(jobs);
    gate = delays.wrap(gate); // it hears every skip the scheduler reports
  }
  const waitClock = sc.delay.mode === 'wait' && sc.delay.clock === 'hadoop' ? new HadoopWaitClock(jobs) : undefined;
  if (waitClock !== undefined) gate = waitClock.wrap(gate); // outermost: it charges skips to every gate inside
  const split = sc.copyComputeSplit ? copyComputeSplit(nearestFirst, jobs) : undefined;
  const mapQueue = policy.createQueue('map');
  // A user's pool-aware queue is read through the pools' admission, as the built-ins' orders filter by it themselves.
  const admitted = (q: JobQueue): JobQueue => (pools === undefined ? q : admittedQueue(q, pools));
  // Every change to a job's counts reaches the pools through the scheduler's queue calls: they keep their counts.
  const keeping = pools !== undefined && keptCounts;
  if (keeping) keepCounts(pools);
  const counted = (q: JobQueue): JobQueue => (keeping ? countedQueue(q, pools) : q);
  return {
    mapQueue: counted(fromPolicy(mapQueue, (q) => admitted(checkedQueue(q, sc.policy, 'map', notOwnJob)))),
    reduceQueue: counted(fromPolicy(policy.createQueue('reduce'), (q) => admitted(checkedQueue(ownReduceQueue(q, mapQueue, sc.policy), sc.policy, 'reduce', notOwnJob)))),
    limits: policy.limits === undefined ? NO_LIMITS : checkedLimits(sc.policy, policy.limits),
    pools, poolClock, running, gate,
    clock: poolClock ?? policy.tick,
    assigner: policy.assignMaps,
    filter,
    choice: split ?? nearestFirst,
    events: allEvents([split, longTasks, policy.events]),
    replication,
    delays,
    waitClock,
    shortcuts: permittedByAll(used),
  };
}

function bothFilters(a: NodeFilter | undefined, b: NodeFilter | undefined): NodeFilter | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return { admits: (job, node) => a.admits(job, node) && b.admits(job, node) };
}
