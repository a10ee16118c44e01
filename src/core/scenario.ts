/**
 * The scenario: its schema (every field defaulted, unknown fields rejected) and its types. Apart: the workload section
 * (workload-schema.ts), the checks of jobs' pools (job-pools-check.ts), errors in words (scenario-issues.ts), and
 * variants and --set overrides (scenario-variants.ts).
 */
import { z } from 'zod';
import * as L from './limits.js';
import { gates, policies, preemptions, replications } from './framework/builtins.js';
import { parsePluginConfig } from './framework/plugin-config.js';
import { CAPACITY_SUM_SLACK, poolFields, poolTree, queueTree, refineQueueMaximums, refineTree, shownPercent } from './pool-config.js';
import { networkSchema } from './network/config.js';
import { refinePolicyFields } from './policy-fields.js';
import { longTasksSchema } from './long-tasks.js';
import { fieldErrors } from './unknown-fields.js';
import { atMost, flag, oneOf, intWithin, nameField, nonNegInt, numberField, posInt, posNum, repeatedKeys } from './bounded.js';
import { workloadSchema } from './workload-schema.js';
import { refineJobPools, refineQueueStates } from './job-pools-check.js';
import { changedFields, formatIssue } from './scenario-issues.js';
import { type ScenarioIssue, issueOf, unreadOf } from './field-unread.js';

export type { Priority } from './priority.js';
export type { JobType } from './workload-schema.js';
export type { ScenarioIssue } from './field-unread.js';
/** For load-scenario.ts and the library API (src/index.ts), which import them from here. */
export { OverrideError, overridePathProblem, resolveVariant, setPath, variantErrors, variantsOf } from './scenario-variants.js';
const clusterSchema = z.strictObject({
  racks: posInt('racks', L.MAX_RACKS).default(4),
  nodesPerRack: posInt('nodesPerRack', L.MAX_NODES).default(25),
  mapSlotsPerNode: posInt('mapSlotsPerNode', L.MAX_SLOTS_PER_NODE).default(4),
  reduceSlotsPerNode: posInt('reduceSlotsPerNode', L.MAX_SLOTS_PER_NODE).default(2),
  /** Fixed heartbeat interval; omitted: Hadoop's max(3 s, 1 s per 100 nodes). */
  heartbeatMs: intWithin('heartbeatMs', L.MIN_HEARTBEAT_MS, L.MAX_TIME_MS).optional(),
  /** The hardware model (src/core/network/config.ts); the default, "flat", keeps the fixed slowdowns. */
  network: networkSchema.prefault({}),
}).superRefine((c, ctx) => {
  const nodes = c.racks * c.nodesPerRack;
  if (nodes > L.MAX_NODES) ctx.addIssue({ code: 'custom', path: ['nodesPerRack'], message: `racks x nodesPerRack is ${nodes} nodes, above the limit of ${L.MAX_NODES}` });
  else {
    for (const key of ['mapSlotsPerNode', 'reduceSlotsPerNode'] as const) {
      if (nodes * c[key] > L.MAX_SLOTS) ctx.addIssue({ code: 'custom', path: [key], message: `${nodes} nodes x ${c[key]} is ${nodes * c[key]} slots, above the limit of ${L.MAX_SLOTS}` });
    }
    const slots = nodes * (c.mapSlotsPerNode + c.reduceSlotsPerNode);
    if (c.network.model === 'fluid' && slots > L.MAX_FLUID_SLOTS) {
      // Named by the kind with more slots a node: the field to lower first.
      const key = c.reduceSlotsPerNode > c.mapSlotsPerNode ? 'reduceSlotsPerNode' : 'mapSlotsPerNode';
      ctx.addIssue({ code: 'custom', path: [key], message: `${nodes} nodes x (${c.mapSlotsPerNode} + ${c.reduceSlotsPerNode}) is ${slots} slots, above the fluid model's limit of ${L.MAX_FLUID_SLOTS} (about 2 KB a slot: cluster.network.model "flat" takes up to ${L.MAX_SLOTS} of each kind)` });
    }
  }
});

/** The nodes of a raw scenario's cluster (its defaults filled in), or undefined where it is not a valid cluster. */
export function clusterNodes(raw: unknown): number | undefined {
  const c = clusterSlots(raw);
  return 'invalid' in c ? undefined : c.nodes;
}

/**
 * The nodes and the map and reduce slots of a raw scenario's cluster (its defaults filled in), or, where it is not a
 * valid cluster, its first problem as the scenario's errors name it ("cluster.racks: racks must be at least 1").
 */
export function clusterSlots(raw: unknown): { nodes: number; maps: number; reduces: number } | { invalid: string } {
  const c = clusterSchema.safeParse(raw ?? {});
  if (!c.success) {
    const issue = c.error.issues[0];
    return { invalid: `${['cluster', ...issue.path.map(String)].join('.')}: ${issue.message}` };
  }
  const nodes = c.data.racks * c.data.nodesPerRack;
  return { nodes, maps: nodes * c.data.mapSlotsPerNode, reduces: nodes * c.data.reduceSlotsPerNode };
}


const hdfsSchema = z.strictObject({
  replication: posInt('replication', L.MAX_REPLICATION).default(3),
  blockMB: posNum('blockMB').min(L.MIN_BLOCK_MB, `blockMB must be at least ${L.MIN_BLOCK_MB} (HDFS's minimum block size)`).max(L.MAX_BLOCK_MB, atMost('blockMB', L.MAX_BLOCK_MB)).default(128),
  /** With a replication policy (scheduler.replication): the most replicas a block may have; omitted: 16, at most the nodes. */
  maxReplicas: posInt('maxReplicas', L.MAX_REPLICATION).optional(),
}).superRefine((h, ctx) => {
  if (h.maxReplicas !== undefined && h.maxReplicas < h.replication) ctx.addIssue({ code: 'custom', path: ['maxReplicas'], message: `maxReplicas (${h.maxReplicas}) is below replication (${h.replication})` });
});

/** The flat model's slowdowns a scenario gets when it leaves them out. */
export const DEFAULT_SLOWDOWNS = { rackLocalSlowdown: 1.2, offRackSlowdown: 2.0 } as const;

/** slowStart's range, said as a fraction: a percentage (5 for 5%) is the likely mistake. */
const SLOW_START_RANGE = 'slowStart must be from 0 to 1 (a fraction of the job\'s maps: 0.05 is 5%)';

const tasksSchema = z.strictObject({
  /** Map duration multiplier when the map reads from another node of its rack (IO-bound jobs; CPU-bound jobs feel a tenth of it). */
  rackLocalSlowdown: numberField('rackLocalSlowdown').min(1, 'rackLocalSlowdown must be at least 1').max(L.MAX_SLOWDOWN, atMost('rackLocalSlowdown', L.MAX_SLOWDOWN)).default(DEFAULT_SLOWDOWNS.rackLocalSlowdown),
  /** Map duration multiplier when the map reads from another rack. */
  offRackSlowdown: numberField('offRackSlowdown').min(1, 'offRackSlowdown must be at least 1').max(L.MAX_SLOWDOWN, atMost('offRackSlowdown', L.MAX_SLOWDOWN)).default(DEFAULT_SLOWDOWNS.offRackSlowdown),
  /** Fraction of a job's maps that must finish before its reduces may launch (Hadoop: 0.05). */
  slowStart: numberField('slowStart').min(0, SLOW_START_RANGE).max(1, SLOW_START_RANGE).default(0.05),
  /** Sigma of a lognormal factor on each task's duration (0: every task of a job takes the same time). */
  durationJitter: numberField('durationJitter').min(0, 'durationJitter must not be negative').max(L.MAX_DURATION_JITTER, atMost('durationJitter', L.MAX_DURATION_JITTER)).default(0),
});

/**
 * The locality gate: `mode` names a registered gate (built in: "none"; "skip" with maxSkips; "wait" with nodeMs and
 * rackMs, each omitted: Hadoop branch-1's default min(15 s, 1.5 x heartbeat), rackMs: nodeMs); the other fields are
 * the gate's config, checked by its schema once the scheduler section parses.
 */
const delaySchema = z.looseObject({ mode: z.string({ error: () => `delay.mode must be ${gates.oneOf()}` }) });

const pluginConfig = z.record(z.string(), z.unknown(), { error: 'must be an object' });

/** A replication policy (built in: static, dsbra, popular-small; src/core/replication/): its name and config. */
const replicationSchema = z.strictObject({ policy: z.string({ error: 'policy must name a registered replication policy' }), config: pluginConfig.default({}) });

const schedulerSchema = z.strictObject({
  /** A registered scheduling policy (built in: fifo, fair, hfs, capacity), and its config (checked by its schema). */
  policy: z.string({ error: () => `policy must be ${policies.oneOf()}` }).default('fair'),
  policyConfig: pluginConfig.default({}),
  delay: delaySchema.default({ mode: 'none' }),
  replication: replicationSchema.optional(),
  /** Long-task balancing (SPEC.md 3.8; long-tasks.ts): omitted, off. */
  longTasks: longTasksSchema.optional(),
  /** Fill every free slot in one heartbeat (HFS 0.21) or launch at most one map and one reduce (Hadoop 0.20). */
  assignMultiple: flag('assignMultiple').default(true),
  ...poolFields,
}).superRefine((s, ctx) => {
  for (const [key, list] of [['pools', s.pools], ['parentPools', s.parentPools], ['users', s.users], ['queues', s.queues], ['parentQueues', s.parentQueues]] as const) {
    repeatedKeys<{ name: string }>(ctx, list, [key], 'name', (x) => x.name, (name) => `name "${name}" is used twice`);
  }
  // Each parent's children (root's: the queues and parent queues without one) take at most 100% of it.
  const totals = new Map<string | undefined, number>();
  const withQueues = new Set<string | undefined>(); // parents with a queue (not only parent queues) under them
  for (const q of [...s.queues, ...s.parentQueues]) totals.set(q.parent, (totals.get(q.parent) ?? 0) + q.capacity);
  for (const q of s.queues) withQueues.add(q.parent);
  for (const [parent, total] of totals) {
    // Named at the list that holds them: parent queues alone were blamed on scheduler.queues
    const path = withQueues.has(parent) ? 'queues' : 'parentQueues';
    // Within YARN's tolerance: a capacity-scheduler.xml YARN accepts (50.04 + 50) was refused here, blamed on scheduler.queues.
    if (total > 100 + CAPACITY_SUM_SLACK) ctx.addIssue({ code: 'custom', path: [path], message: `${parent === undefined ? (path === 'queues' ? 'queue capacities' : 'parent queue capacities') : `the capacities of parent queue "${parent}"'s children`} add up to ${shownPercent(total)}%, more than 100%` });
  }
  refineTree(poolTree(s), ctx);
  refineTree(queueTree(s), ctx);
  refineQueueMaximums(s, ctx);
  refineQueueStates(s, ctx);
  refinePolicyFields(s, ctx);
}).transform((s, ctx) => {
  // The plugins named, against the registry as it is now (plugins may be registered after this module loads).
  const issues = ctx.issues;
  const { mode, ...gateConfig } = s.delay;
  const policyConfig = parsePluginConfig(policies, 'policy', s.policy, ['policy'], s.policyConfig, ['policyConfig'], issues);
  const delay = parsePluginConfig(gates, 'delay.mode', mode, ['delay', 'mode'], gateConfig, ['delay'], issues, 'mode');
  const preemption = parsePluginConfig(preemptions, 'preemption.policy', s.preemption.policy, ['preemption', 'policy'], s.preemption.config, ['preemption', 'config'], issues);
  const r = s.replication;
  const replication = r === undefined ? undefined : parsePluginConfig(replications, 'replication.policy', r.policy, ['replication', 'policy'], r.config, ['replication', 'config'], issues);
  if (policyConfig === undefined || delay === undefined || preemption === undefined || (r !== undefined && replication === undefined)) return z.NEVER;
  const out = { ...s, policyConfig, delay: { mode, ...delay } as DelayConfig, preemption: { ...s.preemption, config: preemption } };
  return r === undefined ? out : { ...out, replication: { policy: r.policy, config: replication! } };
});

/** `"$schema"`: the JSON Schema an editor checks a scenario or sweep file against (schema/*.schema.json); hfsim ignores it. */
export const schemaRef = z.string().optional();

export const scenarioSchema = z.strictObject({
  $schema: schemaRef,
  name: nameField('the scenario name').default('scenario'),
  description: z.string().optional(),
  seed: nonNegInt('seed', Number.MAX_SAFE_INTEGER).default(1),
  cluster: clusterSchema.prefault({}),
  hdfs: hdfsSchema.prefault({}),
  tasks: tasksSchema.prefault({}),
  scheduler: schedulerSchema.prefault({}),
  workload: workloadSchema,
  /** Named sets of overrides, each a map of field path to value; each variant is run and compared. */
  variants: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
}).superRefine((s, ctx) => {
  refineJobPools(s, ctx);
  // explicit replicas must name nodes of the cluster, at most hdfs.replication of them per block
  if (s.workload.kind !== 'jobs') return;
  const listed = s.workload.files.reduce((n, f) => n + (f.replicas === undefined ? 0 : f.blocks), 0);
  if (listed > L.MAX_LISTED_REPLICA_BLOCKS) {
    ctx.addIssue({ code: 'custom', path: ['workload', 'files'], message: `${listed} blocks with listed replicas in all, above the limit of ${L.MAX_LISTED_REPLICA_BLOCKS} (each is checked and echoed in the result; leave replicas out to have them placed)` });
    return;
  }
  const nodes = s.cluster.racks * s.cluster.nodesPerRack;
  s.workload.files.forEach((f, i) => f.replicas?.forEach((list, b) => {
    const path = ['workload', 'files', i, 'replicas', b];
    if (list.length > s.hdfs.replication) ctx.addIssue({ code: 'custom', path, message: `${list.length} replica nodes, more than hdfs.replication (${s.hdfs.replication})` });
    const outside = list.find((n) => n >= nodes);
    if (outside !== undefined) ctx.addIssue({ code: 'custom', path, message: `node ${outside} is not in the cluster (nodes 0 to ${nodes - 1})` });
  }));
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type ClusterConfig = Scenario['cluster'];
export type SchedulerConfig = Scenario['scheduler'];
/** The gate named by `mode`, and its config (the built-ins': none; skip with maxSkips; wait with nodeMs, rackMs). */
export interface DelayConfig {
  mode: string;
  [field: string]: unknown;
}
export type Workload = Scenario['workload'];
export type JobsWorkload = Extract<Workload, { kind: 'jobs' }>;
export type FacebookWorkload = Extract<Workload, { kind: 'facebook' }>;
export type GeneratedWorkload = Extract<Workload, { kind: 'generated' }>;
export type SwimWorkload = Extract<Workload, { kind: 'swim' }>;
export type SlsWorkload = Extract<Workload, { kind: 'sls' }>;

/** A parse's errors: one line each, and the same lines as issues (`issues[i].message` is `errors[i]`) with what each is about where known. */
export interface ParseFailure {
  ok: false;
  errors: string[];
  issues: ScenarioIssue[];
}
export type Parsed<T> = { ok: true; value: T } | ParseFailure;

/** The failure of a parse with `issues`, its errors their messages. */
export const failedWith = (issues: ScenarioIssue[]): ParseFailure => ({ ok: false, errors: issues.map((i) => i.message), issues });

/** The failure of a parse with `errors`, lines about nothing known as data. */
export const failedWithErrors = (errors: string[]): ParseFailure => failedWith(errors.map((message) => ({ message })));

/** Validates raw JSON; errors are values, one line each, naming the field path. */
export function parseScenario(raw: unknown): Parsed<Scenario> {
  // reportInput: formatIssue tells a field left out (its input undefined, which JSON cannot hold) from a wrong value
  const result = scenarioSchema.safeParse(raw, { reportInput: true, error: fieldErrors });
  if (result.success) return { ok: true, value: result.data };
  return failedWith(result.error.issues.map((issue) => issueOf(formatIssue(issue), unreadOf(issue))));
}

/**
 * Errors (one line each, with the field path) in a value that should be a Scenario as parseScenario returns it (simulate()
 * asks, as a caller may have changed one since): what the schema refuses, and each field the schema would fill in or
 * change (a field deleted: parseScenario gives its default). None for parseScenario's own output, which the schema
 * returns unchanged. Cost: one more parse.
 */
export function parsedScenarioErrors(value: unknown): string[] {
  const result = scenarioSchema.safeParse(value, { reportInput: true, error: fieldErrors });
  // NaN and Infinity are numbers to JavaScript, so "must be a number" alone would puzzle: say which (JSON holds neither)
  if (!result.success) return result.error.issues.map((i) => `${formatIssue(i)}${i.code === 'invalid_type' && typeof i.input === 'number' ? `, not ${i.input}` : ''}`);
  const errors: string[] = [];
  changedFields(value, result.data, [], errors);
  return errors;
}
