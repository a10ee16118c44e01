/**
 * hfsim's library API (package.json `main`): run scenarios, and add scheduling plugins to the registry.
 *
 *     import { registerPolicy, SortedJobQueue, parseScenario, simulate } from 'hfsim';
 *     registerPolicy('lifo', { description: 'newest job first', permits: ['skipIdleHeartbeats', 'passAll'],
 *       create: () => ({ createQueue: () => new SortedJobQueue((a, b) => b.spec.submitMs - a.spec.submitMs || b.index - a.index) }) });
 *     const parsed = parseScenario({ scheduler: { policy: 'lifo' }, workload: { kind: 'facebook', jobs: 20 } });
 *     if (parsed.ok) console.log((await simulate(parsed.value)).summary.meanResponseMs);
 *
 * A plugin registered here is valid in any scenario parsed after it, in this thread. Sweeps run on workers (forked
 * processes, or threads with --pool threads): give `hfsim sweep` the plugin's file with --plugin, which each worker imports.
 */
export { simulate, digestOf, type Latency, type Result, type RunInfo, type SimulateOptions, type RuntimeName } from './actors/simulate.js';
export type { SolverReport } from './actors/highs-solver.js';
/** The rows of a swim workload's trace: what loadScenario gives each variant as `trace`, for simulate's `trace` option. */
export type { SwimTrace } from './core/swim.js';
export type { RunProgress, ProgressListener, BuildProgress, BuildListener } from './actors/run-progress.js';
export { loadScenario, type LoadedScenario, type LoadedVariant } from './cli/load-scenario.js';
export { loadPlugins } from './cli/plugins.js';
/** What loadScenario and loadPlugins throw for bad input (a file, a field, a plugin that cannot load): its message says what to fix. */
export { InputError } from './cli/errors.js';
export { type Parsed, type ParseFailure, type Scenario, type SchedulerConfig, type DelayConfig, parseScenario } from './core/scenario.js';
/** A parse's errors as data (ParseFailure's issues): what an error is about, where its advice holds wherever the field came from. */
export type { FieldUnread, GeneralAdvice, PluginNamed, ScenarioIssue } from './core/field-unread.js';
/** The scenario's parts and a job's spec's fields by name: `cluster`, a job's `priority` and `type`, a pool's settings and `schedulingMode`. */
export type { ClusterConfig, JobType, Priority } from './core/scenario.js';
export type { ParentPoolConfig, PoolConfig, SchedulingMode } from './core/pool-config.js';
export { OverrideError, resolveVariant, setPath, variantsOf } from './core/scenario-variants.js';
/** A result's parts: what a report of the user's own reads, by name (Result extends Outcome). */
export type { Outcome, JobResult, Summary, BinResult, LocalityShare, MapAssignmentResult } from './core/results.js';
export type { PoolResult } from './core/pool-results.js';
export type { NetworkResult } from './core/network/link-usage.js';
export type { ReplicationResult } from './core/replication/results.js';

// The registry and the extension points.
export { gates, policies, preemptions, replications, registerGate, registerPolicy, registerPreemption, registerReplication } from './core/framework/builtins.js';
export type { GatePlugin, PluginContext, PluginKind, PolicyPlugin, PreemptionPlugin, Registry, ReplicationPlugin, SchedulingPolicy, WorkloadShape } from './core/framework/registry.js';
export type { JobShape } from './core/largest-jobs.js';
export type { JobArrivals } from './core/job-arrivals.js';
export { SHORTCUTS, type Shortcut } from './core/framework/shortcuts.js';
export type { JobQueue, QueueOrder } from './core/framework/queue-order.js';
export { NO_LIMITS, type Admission, type HeartbeatLimits } from './core/framework/admission.js';
export type { GateWrapper, LazySkips, LocalityGate } from './core/framework/locality-gate.js';
export type { MapChoice, TaskChoice } from './core/framework/task-choice.js';
export type { JobEvents } from './core/framework/job-events.js';
export type { AssignerCounts, LaunchPort, MapAssigner, MapSlots } from './core/framework/map-assignment.js';
export type { NodeFilter } from './core/framework/node-filter.js';
export type { LinearProgram, LpSolver } from './core/framework/lp-solver.js';
export type { Preemption, Victim } from './core/framework/preemption.js';
/** What a preemption is given of the running tasks (its victims() fourth argument). */
export type { RunningTaskReader } from './core/running-tasks.js';
export type { Tick } from './core/framework/tick.js';
export type { ReplicaChanges, ReplicaHdfs, ReplicationPolicy } from './core/framework/replication.js';
export type { OfferedFramework } from './core/framework/offers.js';
export { OfferRound, type OffersConfig } from './core/policies/offers.js';

// Building blocks for policies: the job a queue orders, sorted queues, the built-in comparators.
export { Job, type JobIndex } from './core/job.js';
export { type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './core/locality-level.js';
/** A task's state in Job.mapState and Job.reduceState (a victim must be RUNNING). */
export { DONE, PENDING, RUNNING } from './core/task-state.js';
/** A victim's task: a map's index, or a reduce's reference (reduceRef(r), -(r + 1)). */
export { type TaskRef, isReduceRef, reduceOf, reduceRef } from './core/task-ref.js';
export type { JobSpec } from './core/workload.js';
/** What a plugin is given, to read: the pools of a `usesPools` policy (context.pools), the blocks (context.blocks). */
export type { PoolSet, ShareDivision } from './core/pools.js';
export type { ParentPool, Pool, PoolNode } from './core/pool.js';
export type { PoolShare } from './core/pool-share.js';
export type { BlockReader } from './core/hdfs.js';
/** The built-in gates (a policy's wrapGate may wrap them; a gate plugin may extend them). */
export { SkipCountGate, TwoLevelWaitGate } from './core/locality.js';
export { type SlotKind, KINDS } from './core/slot-kind.js';
export type { JobComparator } from './core/policies/sorted-queue.js';
/** A sorted job queue whose comparator's answers are checked (numbers, not NaN): the built-ins' SortedJobQueue, for plugins. */
export { UserSortedJobQueue as SortedJobQueue } from './core/user-sorted-queue.js';
export { compareFifo } from './core/policies/fifo.js';
export { compareFair } from './core/policies/fair.js';
export type { Topology } from './core/topology.js';
/** Branded ids: plain numbers at run time, kept apart by the type checker; the functions name a number as one. */
export { type NodeId, type RackId, type Rank, heartbeatRank, jobIndex, nodeId, rackId } from './core/ids.js';
/** zod, for plugin config schemas (the same copy parseScenario uses). */
export { z } from 'zod';
