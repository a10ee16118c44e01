/**
 * The open registry: plugins by name for each extension point a scenario names one of (scheduler.policy,
 * scheduler.delay.mode, scheduler.preemption.policy, scheduler.replication.policy), each with its own config schema.
 * parseScenario checks the names and configs against what is registered when it runs, so a plugin registered
 * through the library API or `--plugin` is as valid in a scenario as a built-in one. Registering code is the only
 * way to add one: a scenario names a plugin, never a path.
 */
import type { z } from 'zod';
import type { BlockReader } from '../hdfs.js';
import type { PoolSet } from '../pools.js';
import type { Scenario } from '../scenario.js';
import type { Topology } from '../topology.js';
import type { GateWrapper, LocalityGate } from './locality-gate.js';
import type { HeartbeatLimits } from './admission.js';
import type { JobShape } from '../largest-jobs.js';
import type { JobArrivals } from '../job-arrivals.js';
import type { JobEvents } from './job-events.js';
import type { LpSolver } from './lp-solver.js';
import type { MapAssigner } from './map-assignment.js';
import type { NodeFilter } from './node-filter.js';
import type { Preemption } from './preemption.js';
import type { QueueOrder } from './queue-order.js';
import type { ReplicationPolicy } from './replication.js';
import { SHORTCUTS, type Shortcut } from './shortcuts.js';
import { classMethodNames } from '../class-methods.js';
import { nearestName } from '../nearest-name.js';
import type { Tick } from './tick.js';

/** What a plugin is made with. */
export interface PluginContext {
  readonly scenario: Scenario;
  readonly topology: Topology;
  /** Jobs in the run (job indexes are 0 .. jobs - 1): size per-job state by it. */
  readonly jobs: number;
  /** The pools, for a policy registered with usesPools (and the plugins of a run with one). */
  readonly pools?: PoolSet;
  /** HDFS's blocks and their replicas (where each map's input is). */
  readonly blocks: BlockReader;
  /** A linear-program solver, for a policy registered with needsSolver (the runtime loads one). */
  readonly solver?: LpSolver;
}

interface PluginBase<C> {
  readonly description: string;
  /** Its configuration's schema (omitted: it takes none, and an empty object is all that parses). */
  readonly config?: z.ZodType<C>;
  /** The exact shortcuts it keeps exact (shortcuts.ts); omitted: none, and runs with it take the plain walk. */
  readonly permits?: readonly Shortcut[];
}

/**
 * A scheduling policy made for one run: its queue order, its caps, and a rule it puts around the locality gate;
 * optionally its own way of filling free map slots (map-assignment.ts), a rule keeping jobs off nodes, a periodic
 * tick at epoch boundaries that may kill running tasks, and the task events it listens to.
 */
export interface SchedulingPolicy extends QueueOrder {
  readonly limits?: HeartbeatLimits;
  readonly wrapGate?: GateWrapper;
  readonly assignMaps?: MapAssigner;
  readonly filter?: NodeFilter;
  readonly tick?: Tick;
  readonly events?: JobEvents;
}

export interface PolicyPlugin<C = any> extends PluginBase<C> {
  /** The scheduler keeps a PoolSet (pools or capacity queues, max running jobs), runs the pool clock and may preempt. */
  readonly usesPools?: boolean;
  /**
   * With usesPools: the policy divides and caps the pools' shares by rules of its own (its create() calls
   * pools.divideSharesBy), and no pool has a weight, min share or cap of the Fair Scheduler's (each pool reads weight 1,
   * min shares 0, no caps). The capacity scheduler does: a queue's capacity is its share and guarantee, its
   * maxCapacity its cap.
   */
  readonly ownsPoolShares?: boolean;
  /** The run needs a linear-program solver (context.solver): simulate() loads one before the run. */
  readonly needsSolver?: boolean;
  /**
   * Its assignMaps places maps by a solution of its own, past the locality gate, the job-type rule and long-task
   * balancing: a scenario that sets those map-scan fields under it is refused (policy-fields.ts), as they would not
   * change its run. Quincy's min-cost flow is one.
   */
  readonly placesMapsItself?: boolean;
  create(config: C, context: PluginContext): SchedulingPolicy;
  /**
   * An error when the workload is too large for this policy (checked before the run with the other size limits,
   * workload-limits.ts), or undefined: e.g. Quincy's program size per decision.
   */
  sizeError?(config: C, workload: WorkloadShape): string | undefined;
}

/** What the size limits know of a workload before the run, for a policy's own sizeError. */
export interface WorkloadShape {
  readonly scenario: Scenario;
  /** The largest job's maps (the most any job may draw), and the scenario field that sets it. */
  readonly largestMaps: number;
  readonly largestField: string;
  /**
   * The jobs no other job exceeds in both maps and map time (largest-jobs.ts), most maps first: a job's maps and map
   * time (ms: the workload's, before slowdowns and jitter, or under the fluid model a Facebook map's compute of its
   * block at mapCpuMBps where that is longer), each with the field that sets it. A cost that grows with both (with the
   * heartbeat, cluster.heartbeatMs via topology.ts's heartbeatMsOf: e.g. the decisions Quincy makes while a job drains)
   * is largest at one of them. Past 4,096 such jobs, neighbours are merged in pairs into bounds of both (one's maps
   * beside the other's map time).
   */
  readonly largestJobs: readonly JobShape[];
  /**
   * Every job's submission, maps and map time in submission order (job-arrivals.ts: drawn gaps and sizes as the run
   * draws them at the scenario's seed), for a cost that grows with the jobs waiting at once (Quincy's decisions: quincy/waiting-jobs.ts); built on
   * the first call. Undefined past MAX_JOBS jobs (refused on its own). Optional: a shape built before it has none.
   */
  readonly arrivals?: () => JobArrivals | undefined;
}

export interface GatePlugin<C = any> extends PluginBase<C> {
  create(config: C, context: PluginContext): LocalityGate;
}

export interface PreemptionPlugin<C = any> extends PluginBase<C> {
  create(config: C, context: PluginContext): Preemption;
}

export interface ReplicationPlugin<C = any> extends PluginBase<C> {
  create(config: C, context: PluginContext): ReplicationPolicy;
  /**
   * The interval of its rounds, when each round visits every block of the store (DSBRA's, popular-small's), or
   * undefined: the size limits refuse a run whose rounds x blocks would take hours (workload-limits.ts).
   */
  roundMs?(config: C): number | undefined;
  /**
   * True where the policy never adds a replica (the built-in "static"): HDFS keeps the placement made at load, so a
   * block needs room for hdfs.replication replicas, not hdfs.maxReplicas (workload.ts strideOf), and an addReplica it
   * asks for anyway is refused as one past the most a block may have.
   */
  addsNoReplicas?: boolean;
}

export type PluginKind = 'policy' | 'gate' | 'preemption' | 'replication';

/** The fields every plugin may have, and the kind of value each holds (description and create are required). */
const BASE_FIELDS = { description: 'string', config: 'schema', permits: 'shortcuts', create: 'function' } as const;
/** A policy's own fields. */
const POLICY_FIELDS = { ...BASE_FIELDS, usesPools: 'boolean', ownsPoolShares: 'boolean', needsSolver: 'boolean', placesMapsItself: 'boolean', sizeError: 'function' } as const;
/** A replication policy's own fields. */
const REPLICATION_FIELDS = { ...BASE_FIELDS, roundMs: 'function', addsNoReplicas: 'boolean' } as const;
type FieldKind = (typeof POLICY_FIELDS)[keyof typeof POLICY_FIELDS];

/**
 * Why `value` (given) is not of `kind`, or undefined: a config is a zod schema (it is asked to safeParse each
 * scenario's config), permits a list of SHORTCUTS' names (a name misspelled would quietly cost the shortcut).
 */
function fieldProblem(kind: FieldKind, value: unknown): string | undefined {
  switch (kind) {
    case 'schema':
      return typeof (value as { safeParse?: unknown } | null)?.safeParse === 'function' ? undefined : 'must be a zod schema (e.g. z.strictObject({ ... }), with z from hfsim)';
    case 'shortcuts': {
      const known = `shortcuts are ${SHORTCUTS.map((s) => `"${s}"`).join(', ')}`;
      if (!Array.isArray(value)) return `must be a list of shortcut names (${known})`;
      const i = value.findIndex((s) => !(SHORTCUTS as readonly unknown[]).includes(s));
      return i < 0 ? undefined : `[${i}] is ${JSON.stringify(value[i]) ?? String(value[i])}, not a shortcut (${known})`;
    }
    default:
      return typeof value === kind ? undefined : `must be a ${kind}, not ${value === null ? 'null' : typeof value}`;
  }
}

/** Plugins of one extension point, by name, in registration order. */
export class Registry<P extends PluginBase<unknown>> {
  private readonly byName = new Map<string, P>();
  private readonly fields: Readonly<Record<string, FieldKind>>;
  /** hfsim's own plugins' names (markBuiltIns): one registered again was told as "registered already", as if a file loaded twice. */
  private readonly builtIns = new Set<string>();

  /** What README calls one: a replication is a "replication policy"; the others go by their kind. */
  private readonly noun: string;

  constructor(readonly kind: PluginKind) {
    this.fields = kind === 'policy' ? POLICY_FIELDS : kind === 'replication' ? REPLICATION_FIELDS : BASE_FIELDS;
    this.noun = kind === 'replication' ? 'replication policy' : kind;
  }

  /** Registers `plugin` as `name`; a definition with a field missing, unknown or of the wrong kind is a TypeError naming it. */
  register(name: string, plugin: P): void {
    // A bad argument, as a bad field of the definition is (TypeErrors); a name taken is a clash of registrations (Error).
    if (typeof name !== 'string' || !/^[A-Za-z][\w.-]*$/.test(name)) throw new TypeError(`${this.kind} name ${JSON.stringify(name)}: a name is a letter then letters, digits, '_', '-' or '.'`);
    if (this.builtIns.has(name)) throw new Error(`a ${this.noun} named "${name}" is built into hfsim: give yours another name (a plugin adds a ${this.noun}; it cannot replace one)`);
    if (this.byName.has(name)) throw new Error(`a ${this.noun} named "${name}" is registered already`);
    const problems = (typeof plugin === 'object' && plugin !== null ? Object.entries(plugin) : []).flatMap(([field, value]) => {
      const kind = Object.hasOwn(this.fields, field) ? this.fields[field] : undefined;
      const problem = kind === undefined ? `is not a field of a ${this.kind} plugin (${Object.keys(this.fields).join(', ')})` : value === undefined ? undefined : fieldProblem(kind, value);
      return problem === undefined ? [] : [`${this.kind} "${name}": ${field}${problem.startsWith('[') ? '' : ' '}${problem}`];
    });
    // A class-based definition's methods are on its prototype: one named near a field it lacks is that field misspelled
    // (never called: a sizeErorr() let the run go unchecked, silently); its other methods are its own helpers.
    if (typeof plugin === 'object' && plugin !== null) {
      const lacks = Object.keys(this.fields).filter((f) => !(f in plugin));
      for (const method of classMethodNames(plugin)) {
        const near = Object.hasOwn(this.fields, method) ? undefined : nearestName(method, lacks);
        if (near !== undefined) problems.push(`${this.kind} "${name}": ${method}, a method of its class, is not a field of a ${this.kind} plugin (did you mean "${near}"?)`);
      }
    }
    // Without them, the fields it has that are none of its kind's too (a misspelled `creat` was told only to give create).
    if (typeof plugin?.description !== 'string' || typeof (plugin as { create?: unknown }).create !== 'function') {
      throw new TypeError([`${this.kind} "${name}": a plugin needs a description (a string) and create (a function)`, ...problems.filter((p) => / is not a field of /.test(p))].join('\n'));
    }
    // Owning the pools' shares means nothing without pools: the flag would be read as a promise the run never keeps.
    if ((plugin as { ownsPoolShares?: unknown }).ownsPoolShares === true && (plugin as { usesPools?: unknown }).usesPools !== true) {
      problems.push(`${this.kind} "${name}": ownsPoolShares needs usesPools: true (a policy without pools has no shares to own)`);
    }
    if (problems.length > 0) throw new TypeError(problems.join('\n'));
    this.byName.set(name, this.frozen(plugin));
  }

  /**
   * What the registry keeps of a definition, as it was checked: its fields read once, its methods bound to it, a list
   * copied, all frozen. The definition itself was kept: a plugin that changed it after registering (its permits to a
   * name the check refuses, create to a number) ran on what no check had seen, and one that set a built-in's create
   * (`policies.get('fifo').create = ...`) ran its own code under the built-in's name, silently.
   */
  private frozen(plugin: P): P {
    const kept: Record<string, unknown> = {};
    for (const field of Object.keys(this.fields)) {
      if (!(field in plugin)) continue;
      const value: unknown = (plugin as Record<string, unknown>)[field];
      if (value === undefined) continue;
      kept[field] = typeof value === 'function' ? value.bind(plugin) : Array.isArray(value) ? Object.freeze([...value]) : value;
    }
    return Object.freeze(kept) as unknown as P;
  }

  /**
   * Marks every name registered so far as hfsim's own (builtins.ts, once its plugins are in), once: a plugin that called
   * it made its own names built-ins, which a failed run's message then left unnamed.
   */
  markBuiltIns(): void {
    if (this.builtInsMarked) throw new Error(`hfsim's own ${this.kind} plugins are marked already: markBuiltIns() is hfsim's, called once`);
    this.builtInsMarked = true;
    for (const [name, plugin] of this.byName) {
      this.builtIns.add(name);
      this.builtInDefinitions.add(plugin);
    }
  }

  private builtInsMarked = false;
  /** What the registry holds of hfsim's own plugins (its frozen copies: what find() and get() give). */
  private readonly builtInDefinitions = new WeakSet<object>();

  /**
   * Whether `plugin` is what the registry holds of one of hfsim's own: trusted with the run's scenario itself, its calls
   * unchecked. A user's registration of a built-in's definition under its own name is its own copy, and is not.
   */
  isBuiltIn(plugin: object): boolean {
    return this.builtInDefinitions.has(plugin);
  }

  get(name: string): P | undefined {
    return this.byName.get(name);
  }

  /** The plugin registered as `name` (parseScenario has checked the name). */
  find(name: string): P {
    const p = this.byName.get(name);
    if (p === undefined) throw new Error(`no ${this.noun} named "${name}" is registered`);
    return p;
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  /** The names registered by plugins, not built into hfsim. */
  get pluginNames(): string[] {
    return this.names.filter((name) => !this.builtIns.has(name));
  }

  /** 'one of "a", "b"' for an error message. */
  oneOf(): string {
    if (this.byName.size === 0) return `a registered ${this.noun} (none is registered)`;
    return `one of ${this.names.map((n) => `"${n}"`).join(', ')}`;
  }
}

export const policies = new Registry<PolicyPlugin>('policy');
export const gates = new Registry<GatePlugin>('gate');
export const preemptions = new Registry<PreemptionPlugin>('preemption');
export const replications = new Registry<ReplicationPlugin>('replication');

export const registerPolicy = <C>(name: string, plugin: PolicyPlugin<C>): void => policies.register(name, plugin);
export const registerGate = <C>(name: string, plugin: GatePlugin<C>): void => gates.register(name, plugin);
export const registerPreemption = <C>(name: string, plugin: PreemptionPlugin<C>): void => preemptions.register(name, plugin);
export const registerReplication = <C>(name: string, plugin: ReplicationPlugin<C>): void => replications.register(name, plugin);
