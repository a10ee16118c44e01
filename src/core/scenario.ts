/** The scenario: its schema (every field defaulted, unknown fields rejected), its types, variants and --set overrides. */
import { z } from 'zod';
import * as L from './limits.js';
import { gates, policies, preemptions, replications } from './framework/builtins.js';
import { parsePluginConfig } from './framework/plugin-config.js';
import { CAPACITY_SUM_SLACK, poolFields, poolTree, queueTree, refineQueueMaximums, refineTree, shownPercent } from './pool-config.js';
import { FACEBOOK_USER_POOLS, facebookPool, swimPools } from './pool-names.js';
import { sharedInputSchema } from './shared-input.js';
import { networkSchema } from './network/config.js';
import { refinePolicyFields } from './policy-fields.js';
import { longTasksSchema } from './long-tasks.js';
import { PRIORITIES } from './priority.js';
import { keysAsWritten } from './key-order.js';
import { valueKind } from './shown-value.js';
import { fieldErrors, misplacedFields, unknownFields } from './unknown-fields.js';
import { notGiven } from './nearest-name.js';
import { atMost, durationMs, pathField, flag, oneOf, hasControlChars, hasUnpairedSurrogate, intWithin, nameField, nonNegInt, numberField, posInt, quotedName, repeatedKeys, timeMs } from './bounded.js';

const posNum = (what: string) => numberField(what).positive({ error: `${what} must be greater than 0`, abort: true });

export type { Priority } from './priority.js';
export const JOB_TYPES = ['io', 'cpu'] as const;
export type JobType = (typeof JOB_TYPES)[number];

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

/**
 * Where an object's unknown fields belong, by its path, for formatIssue to say: scheduler.replication holds only a
 * policy's name and its config, so DSBRA's intervalMs, alpha, ... written beside "policy" (as README lists them) are
 * settings for the config.
 */
const UNKNOWN_FIELD_HINTS: ReadonlyMap<string, string> = new Map([
  ['scheduler.replication', "a replication policy's own settings go in scheduler.replication.config"],
]);

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

const facebookWorkload = z.strictObject({
  kind: z.literal('facebook'),
  jobs: posInt('jobs', L.MAX_JOBS).default(100),
  /** "benchmark": the paper's 100-job mix (repeated for more jobs); "distribution": sizes drawn from the 9 Facebook bins. */
  sizes: oneOf('sizes', ['benchmark', 'distribution']).default('benchmark'),
  meanInterarrivalMs: posNum('meanInterarrivalMs').max(L.MAX_TIME_MS, atMost('meanInterarrivalMs', L.MAX_TIME_MS, ' ms')).default(14_000),
  type: oneOf('type', ['io', 'cpu', 'mixed']).default('io'),
  /** Tables that jobs share (src/core/shared-input.ts); omitted: each job reads a file of its own. */
  shared: sharedInputSchema.optional(),
});

const fileSchema = z.strictObject({
  name: nameField('a file name'),
  blocks: posInt('blocks', L.MAX_BLOCKS),
  /**
   * The nodes holding each block's replicas, one list per block (node ids: rack r holds r x nodesPerRack to
   * (r + 1) x nodesPerRack - 1); omitted: placed by HDFS's default policy. An SLS trace's preferred hosts become these.
   */
  replicas: z.array(z.array(nonNegInt('a replica node', L.MAX_NODES - 1)).min(1, 'a block needs at least one replica node')).optional(),
}).superRefine((f, ctx) => {
  if (f.replicas !== undefined && f.replicas.length !== f.blocks) ctx.addIssue({ code: 'custom', path: ['replicas'], message: `lists ${f.replicas.length} blocks' replicas, the file has ${f.blocks} blocks` });
  f.replicas?.forEach((nodes, b) => {
    if (new Set(nodes).size !== nodes.length) ctx.addIssue({ code: 'custom', path: ['replicas', b], message: 'a node holds two replicas of one block' });
  });
});
/** A listed job's or a group's reduce times where it leaves them out. */
export const REDUCE_TIME_DEFAULTS = { reduceMs: 1000, copyMs: 0 } as const;
/** A swim workload's pools under "round-robin": user0 .. user9 unless poolCount says otherwise. */
export const SWIM_POOL_COUNT_DEFAULT = 10;

const jobSchema = misplacedFields(z.strictObject({
  id: nameField('a job id'),
  submitMs: timeMs('submitMs').int('submitMs must be a whole number').default(0),
  /** Pool (omitted: the user's pool, else "default"). */
  pool: nameField('a pool name').optional(),
  /** Submitting user, for per-user job limits (omitted: the pool's name). */
  user: nameField('a user name').optional(),
  priority: oneOf('priority', PRIORITIES).default('NORMAL'),
  input: z.string().min(1),
  type: oneOf('type', JOB_TYPES).default('io'),
  mapMs: durationMs('mapMs'),
  reduces: nonNegInt('reduces', L.MAX_REDUCES).default(0),
  reduceMs: durationMs('reduceMs').default(REDUCE_TIME_DEFAULTS.reduceMs),
  /** Shuffle time of each reduce; its copy phase also cannot end before the job's last map. */
  copyMs: timeMs('copyMs').default(REDUCE_TIME_DEFAULTS.copyMs),
}), { maps: 'a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field' });

const jobsWorkload = z.strictObject({
  kind: z.literal('jobs'),
  files: z.array(fileSchema).min(1, 'files must list at least one file'),
  jobs: z.array(jobSchema).min(1, 'jobs must list at least one job'),
}).superRefine((w, ctx) => {
  repeatedKeys(ctx, w.files, ['files'], 'name', (f) => f.name, (name) => `file name "${name}" is used twice`);
  repeatedKeys(ctx, w.jobs, ['jobs'], 'id', (j) => j.id, (id) => `job id "${id}" is used twice`);
  const files = new Set(w.files.map((f) => f.name));
  w.jobs.forEach((j, i) => {
    if (!files.has(j.input)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'input'], message: `input "${j.input}" names no file in workload.files` });
  });
});

const groupSchema = z.strictObject({
  /** Jobs are named name-0, name-1, ...; each reads a file of its own with one block per map. */
  name: nameField('a group name'),
  count: posInt('count', L.MAX_JOBS).default(1),
  maps: posInt('maps', L.MAX_JOB_MAPS),
  reduces: nonNegInt('reduces', L.MAX_REDUCES).default(0),
  mapMs: durationMs('mapMs'),
  reduceMs: durationMs('reduceMs').default(REDUCE_TIME_DEFAULTS.reduceMs),
  copyMs: timeMs('copyMs').default(REDUCE_TIME_DEFAULTS.copyMs),
  type: oneOf('type', JOB_TYPES).default('io'),
  /** Pool of every job of the group (default: the group's name). */
  pool: nameField('a pool name').optional(),
  /** Submitting user (omitted: the pool's name). */
  user: nameField('a user name').optional(),
  priority: oneOf('priority', PRIORITIES).default('NORMAL'),
  startMs: timeMs('startMs').int('startMs must be a whole number').default(0),
  /** Gap between submissions: fixed, or the mean of exponential gaps. */
  intervalMs: timeMs('intervalMs').default(0),
  arrivals: oneOf('arrivals', ['fixed', 'exponential']).default('fixed'),
});

const generatedWorkload = z.strictObject({
  kind: z.literal('generated'),
  groups: z.array(groupSchema).min(1, 'groups must list at least one group of jobs'),
}).superRefine((w, ctx) => {
  repeatedKeys(ctx, w.groups, ['groups'], 'name', (g) => g.name, (name) => `group name "${name}" is used twice`);
});

/** A SWIM trace replayed (src/core/swim.ts documents the model); `trace` is relative to the scenario file. */
const swimWorkload = z.strictObject({
  kind: z.literal('swim'),
  trace: pathField('trace', 'trace must name a SWIM .tsv file'),
  /** Replay only the first `jobs` rows. */
  jobs: posInt('jobs', L.MAX_JOBS).optional(),
  /** Size of the traced cluster; bytes scale by simulated nodes / tracedNodes. */
  tracedNodes: posInt('tracedNodes', L.MAX_NODES).default(600),
  bytesPerReduce: posNum('bytesPerReduce').default(1e9),
  /** At most this many reduces a job (Hive's hive.exec.reducers.max); omitted: no cap. */
  maxReducesPerJob: posInt('maxReducesPerJob', L.MAX_REDUCES).optional(),
  mapBaseMs: timeMs('mapBaseMs').default(3000),
  mapMsPerMB: timeMs('mapMsPerMB').default(250),
  reduceBaseMs: timeMs('reduceBaseMs').min(1, 'reduceBaseMs must be at least 1').default(15_000),
  reduceMsPerMB: timeMs('reduceMsPerMB').default(226.5),
  pools: oneOf('pools', ['bin', 'round-robin', 'single']).default('bin'),
  poolCount: posInt('poolCount', L.MAX_POOLS).default(SWIM_POOL_COUNT_DEFAULT),
  type: oneOf('type', JOB_TYPES).default('io'),
  /** A trace with input paths: rows naming one path read one file ("shared"), or each row a file of its own ("ignored"). */
  inputPaths: z.enum(['shared', 'ignored'], { error: 'inputPaths must be "shared" or "ignored"' }).default('shared'),
});

/**
 * A YARN Scheduler Load Simulator trace (SLS JSON, or Rumen) replayed: the CLI reads it (src/cli/sls.ts, rumen.ts,
 * relative to the scenario file) into a jobs workload, each map's host the one replica of its block, before the run.
 */
const slsWorkload = z.strictObject({
  kind: z.literal('sls'),
  trace: pathField('trace', 'trace must name an SLS JSON file'),
  /** "sls": SLS's own JSON job format; "rumen": a Rumen job trace (LoggedJob JSON), SLS's other input. */
  format: oneOf('format', ['sls', 'rumen']).default('sls'),
  type: oneOf('type', JOB_TYPES).default('io'),
});

const WORKLOAD_KINDS = [facebookWorkload, jobsWorkload, generatedWorkload, swimWorkload, slsWorkload] as const;
const workloadSchema = z.discriminatedUnion('kind', WORKLOAD_KINDS, {
  error: 'workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls"',
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

interface JobPoolsScheduler {
  policy: string;
  pools: readonly { name: string }[];
  parentPools: readonly { name: string }[];
  parentQueues: readonly QueueLimit[];
  queues: readonly QueueLimit[];
  capacitySchedulerFile?: string;
}

interface QueueLimit {
  name: string;
  parent?: string;
  maxCapacity?: number;
  state?: 'RUNNING' | 'STOPPED';
}

/** `q` and the parent queues above it, nearest first; the walk up stops at a cycle (reported elsewhere). */
function* ancestry(q: QueueLimit | undefined, parents: ReadonlyMap<string, QueueLimit>): Generator<QueueLimit> {
  const seen = new Set<string>();
  for (let at = q; at !== undefined && !seen.has(at.name); at = at.parent === undefined ? undefined : parents.get(at.parent)) {
    seen.add(at.name);
    yield at;
  }
}

/** Where a queue's state comes from: the nearest of it and its parent queues with a state set (none: RUNNING, root's). */
const stateFrom = (q: QueueLimit | undefined, parents: ReadonlyMap<string, QueueLimit>): QueueLimit | undefined =>
  [...ancestry(q, parents)].find((at) => at.state !== undefined);

/**
 * The queues no job may name, each with why: a maximum capacity of 0 (theirs, or a parent queue's above them), where
 * YARN keeps a job pending for good and the run would stall; a STOPPED state (theirs, or inherited from a parent
 * queue: the nearest state set going up), where YARN refuses the submission.
 */
function queuesJobsCannotUse(sc: JobPoolsScheduler): Map<string, string> {
  const parents = new Map(sc.parentQueues.map((p) => [p.name, p]));
  const out = new Map<string, string>();
  const where = (q: QueueLimit, at: QueueLimit) => (at === q ? 'a queue whose' : `a queue under parent queue "${at.name}", whose`);
  for (const q of sc.queues) {
    const zero = [...ancestry(q, parents)].find((at) => at.maxCapacity === 0);
    const state = stateFrom(q, parents);
    if (zero !== undefined) out.set(q.name, `${where(q, zero)} maxCapacity is 0: its jobs could never run (YARN keeps them pending for good), and the run would never end`);
    else if (state?.state === 'STOPPED') out.set(q.name, `${where(q, state)} state is STOPPED: YARN's Capacity Scheduler refuses a job submitted to a stopped queue`);
  }
  return out;
}

/** A queue or parent queue set RUNNING under a STOPPED parent queue: refused, as YARN refuses it (initializeQueueState). */
function refineQueueStates(s: { queues: readonly QueueLimit[]; parentQueues: readonly QueueLimit[] }, ctx: z.RefinementCtx): void {
  const parents = new Map(s.parentQueues.map((p) => [p.name, p]));
  for (const [key, list] of [['queues', s.queues], ['parentQueues', s.parentQueues]] as const) {
    list.forEach((q, i) => {
      if (q.state === 'RUNNING' && q.parent !== undefined && stateFrom(parents.get(q.parent), parents)?.state === 'STOPPED') {
        ctx.addIssue({ code: 'custom', path: [key, i, 'state'], message: `RUNNING under parent queue "${q.parent}", which is STOPPED: YARN refuses it ("The parent queue ... cannot be STOPPED as the child queue ... is in RUNNING state")` });
      }
    });
  }
}

/**
 * The pools a workload's jobs name (a listed job's pool or user, a group's pool or name, the pools the facebook and
 * swim workloads name), each refused where it names it when it is:
 * - a parent pool or parent queue: jobs go to the leaves of the tree;
 * - under capacity, a queue whose maximum capacity (or a parent queue's) is 0: its jobs could never run; a STOPPED
 *   queue (or one under a STOPPED parent queue): YARN refuses the submission;
 * - under capacity with a capacity-scheduler.xml read into scheduler.queues (the CLI and loadScenario read it;
 *   parseScenario reads no file, and with no queues listed checks none), a queue not listed: YARN refuses the
 *   submission (hand-written queues alone still leave an unlisted queue what they leave);
 * - a YARN path from the root ("root.prod.etl") naming a pool or parent pool listed without it (hfs reads an
 *   allocation file's queues so) and not itself listed: it made a second pool at the root.
 */
function refineJobPools(s: { scheduler: JobPoolsScheduler; workload: z.infer<typeof workloadSchema> }, ctx: z.RefinementCtx): void {
  const sc = s.scheduler;
  const parents = new Map<string, string>([...sc.parentPools.map((p) => [p.name, 'a parent pool (scheduler.parentPools)'] as const),
    ...sc.parentQueues.map((p) => [p.name, 'a parent queue (scheduler.parentQueues)'] as const)]);
  const queues = sc.policy === 'capacity' && sc.capacitySchedulerFile !== undefined && sc.queues.length > 0 ? new Set(sc.queues.map((q) => q.name)) : undefined;
  const listed = sc.policy === 'capacity' ? undefined : new Set([...sc.pools, ...sc.parentPools].map((p) => p.name));
  const never = sc.policy === 'capacity' ? queuesJobsCannotUse(sc) : new Map<string, string>();
  if (parents.size === 0 && queues === undefined && never.size === 0 && (listed === undefined || listed.size === 0)) return;
  const why = (name: string): string | undefined => {
    const parent = parents.get(name);
    if (parent !== undefined) return `${parent}: jobs go to the leaves of the tree; rename one of them`;
    const cannot = never.get(name);
    if (cannot !== undefined) return cannot;
    if (queues !== undefined && !queues.has(name)) {
      const short = name.slice(name.lastIndexOf('.') + 1);
      return `a queue neither its capacitySchedulerFile nor scheduler.queues lists: YARN's Capacity Scheduler refuses a job submitted to an unknown queue${name.startsWith('root.') && queues.has(short) ? `; name the queue by its short name, as hfsim reads the file ("${short}")` : ''}`;
    }
    if (listed !== undefined && name.startsWith('root.') && !listed.has(name) && listed.has(name.slice(5))) return `a path from the root: hfsim names a YARN queue by its path without "root." ("${name.slice(5)}"), as it reads an allocation file`;
    return undefined;
  };
  const refuse = (name: string, path: (string | number)[], how: string): void => {
    const what = why(name);
    if (what !== undefined) ctx.addIssue({ code: 'custom', path, message: `${how} "${name}", ${what}` });
  };
  const w = s.workload;
  if (w.kind === 'jobs') w.jobs.forEach((j, i) => refuse(j.pool ?? j.user ?? 'default', ['workload', 'jobs', i, j.pool !== undefined ? 'pool' : j.user !== undefined ? 'user' : 'pool'], 'names pool'));
  else if (w.kind === 'generated') w.groups.forEach((g, i) => refuse(g.pool ?? g.name, ['workload', 'groups', i, g.pool !== undefined ? 'pool' : 'name'], 'files its jobs under pool'));
  else if (w.kind === 'facebook') for (let k = 0; k < Math.min(FACEBOOK_USER_POOLS, w.jobs); k++) refuse(facebookPool(k), ['workload'], 'the facebook workload files jobs under pool');
  else if (w.kind === 'swim') for (const name of swimPools(w.pools, w.poolCount)) refuse(name, ['workload', 'pools'], `the swim workload (pools "${w.pools}") files jobs under pool`);
}

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

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** Validates raw JSON; errors are values, one line each, naming the field path. */
export function parseScenario(raw: unknown): Parsed<Scenario> {
  // reportInput: formatIssue tells a field left out (its input undefined, which JSON cannot hold) from a wrong value
  const result = scenarioSchema.safeParse(raw, { reportInput: true, error: fieldErrors });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: result.error.issues.map(formatIssue) };
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

/** Pushes a line for each field that `parsed` (the schema's output for `given`) fills in or holds otherwise. */
function changedFields(given: unknown, parsed: unknown, path: PropertyKey[], errors: string[]): void {
  if (Object.is(given, parsed)) return;
  if (isObject(given) && isObject(parsed) && Array.isArray(given) === Array.isArray(parsed)) {
    for (const key of Object.keys(parsed)) {
      changedFields((given as Record<string, unknown>)[key], (parsed as Record<string, unknown>)[key], [...path, Array.isArray(parsed) ? Number(key) : key], errors);
    }
    return;
  }
  const at = path.length === 0 ? '(top level)' : formatPath(path);
  const shown = (v: unknown): string => (isObject(v) ? 'an object' : typeof v === 'string' ? JSON.stringify(v) : String(v));
  errors.push(given === undefined
    ? `${at}: missing (parseScenario gives ${isObject(parsed) ? 'one with its defaults' : `its default, ${shown(parsed)}`})`
    : `${at}: is ${shown(given)}, where parseScenario gives ${shown(parsed)}`);
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/**
 * A workload field another kind reads, said so: `"shared"` beside kind "generated" was only 'unknown field "shared"'
 * (shared inputs are the Facebook mix's).
 */
function otherKindsHint(keys: readonly string[]): string | undefined {
  const said = keys.flatMap((key) => {
    const kinds = WORKLOAD_KINDS.filter((k) => Object.hasOwn(k.shape, key)).map((k) => JSON.stringify(k.shape.kind.value));
    return kinds.length === 0 ? [] : [`${JSON.stringify(key)} is read by workload kind${kinds.length > 1 ? 's' : ''} ${kinds.join(', ')}`];
  });
  return said.length === 0 ? undefined : said.join('; ');
}

/** The value a discriminated union's issue was given for its discriminator, and the values it takes; undefined where none. */
function discriminatorGiven(issue: z.core.$ZodIssueInvalidUnion): { value: unknown; options: readonly unknown[] } | undefined {
  const { discriminator, options, input } = issue as { discriminator?: unknown; options?: unknown; input?: unknown };
  if (typeof discriminator !== 'string' || !Array.isArray(options) || typeof input !== 'object' || input === null) return undefined;
  const value = (input as Record<string, unknown>)[discriminator];
  return value === undefined ? undefined : { value, options };
}

export function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length === 0 ? '(top level)' : formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const hint = UNKNOWN_FIELD_HINTS.get(path) ?? (path === 'workload' ? otherKindsHint(issue.keys) : undefined);
    const settings = hint === undefined ? '' : ` (${hint})`;
    // a parse with fieldErrors has said each key's likely field; another (a bench report's) has zod's words
    return `${path}: ${issue.message.startsWith('unknown field') ? issue.message : unknownFields(issue.keys)}${settings}`;
  }
  if (issue.code === 'invalid_key') return `${path}: ${issue.issues.map((i) => i.message).join('; ')}`;
  // An enumerated field (z.enum, z.literal) names the value given, and the one it is likely meant as ("Facebook":
  // "facebook"); a discriminator given a value no option takes (workload.kind), too.
  if (issue.code === 'invalid_value' && 'input' in issue && issue.input !== undefined) return `${path}: ${issue.message}${notGiven(issue.input, issue.values)}`;
  const tag = issue.code === 'invalid_union' ? discriminatorGiven(issue) : undefined;
  if (tag !== undefined) return `${path}: ${issue.message}${notGiven(tag.value, tag.options)}`;
  // A required field left out (seen where the parse reported its input: parseScenario): say so, rather than "workload:
  // workload.kind must be one of ..." for a scenario with no workload, or zod's "expected string, received undefined".
  if (issue.code === 'invalid_type' && issue.path.length > 0 && 'input' in issue && issue.input === undefined) {
    const zods = /^Invalid input: expected (\w+), received undefined$/.exec(issue.message);
    const what = zods ? `expected ${zods[1] === 'array' ? 'a list' : /^[aeiou]/.test(zods[1]) ? `an ${zods[1]}` : `a ${zods[1]}`}` : issue.message;
    return `${path}: missing (required): ${what}`;
  }
  // ... and a discriminated union's discriminator left out ({ workload: {} }): its issue's input is the object around it
  if (issue.code === 'invalid_union' && 'discriminator' in issue && typeof issue.discriminator === 'string' && 'input' in issue
    && typeof issue.input === 'object' && issue.input !== null && (issue.input as Record<string, unknown>)[issue.discriminator] === undefined) {
    return `${path}: missing (required): ${issue.message}`;
  }
  return `${path}: ${issue.message}${issue.code === 'invalid_type' && issue.expected === 'number' && 'input' in issue && typeof issue.input === 'string' ? quotedNumberHint(issue.input) : ''}`;
}

/**
 * What a number written as a string is told ("racks must be a number" left "10" to puzzle over): the number to write
 * without quotes, and for a percentage ("50%") how a percentage field and a fraction field take it. Other text: nothing.
 */
function quotedNumberHint(text: string): string {
  const t = text.trim();
  if (/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(t)) return `, not the string ${JSON.stringify(text)}: write ${t}, without quotes`;
  const percent = /^(-?[0-9]+(?:\.[0-9]+)?)\s*%$/.exec(t);
  if (percent === null) return '';
  const fraction = Number((Number(percent[1]) / 100).toPrecision(12));
  return `, not the string ${JSON.stringify(text)}: write a number, without quotes or "%" (a percentage, such as a queue's capacity, is written ${percent[1]}; a fraction from 0 to 1, such as tasks.slowStart, ${fraction})`;
}

/**
 * A field path as "a.b[0].c"; a key holding a control character is quoted, so that the message stays one line, and so
 * is one holding an unpaired surrogate, which JSON.stringify writes as its escape (stderr wrote U+FFFD).
 */
function formatPath(path: PropertyKey[]): string {
  const key = (p: PropertyKey): string => (hasControlChars(String(p)) || hasUnpairedSurrogate(String(p)) ? quotedName(String(p)) : String(p));
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${key(p)}`)).join('');
}

/** Path segments that would reach an object's prototype instead of a field. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** What an override path of "" is told. */
export const EMPTY_PATH = '"" is not a field path: name a field, e.g. "cluster.racks"';

/**
 * Why `path` cannot be an override path (of a variant, --set or a sweep), or undefined when it can: it names a field
 * by dotted segments, none empty or reaching a prototype, and not the variants table (resolved before overrides).
 */
export function overridePathProblem(path: string): string | undefined {
  if (path === '') return EMPTY_PATH;
  const keys = path.split('.');
  if (keys.some((k) => k === '')) return `"${path}" is not a field path (an empty segment)`;
  const bad = keys.find((k) => FORBIDDEN_SEGMENTS.has(k));
  if (bad !== undefined) return `"${path}": "${bad}" is not a field`;
  if (keys[0] === 'variants') return `"${path}": variants cannot be overridden (they are resolved before any override)`;
  return undefined;
}

/** An override that cannot apply (bad input: callers name the file and the variant or point). */
export class OverrideError extends Error {
  override readonly name = 'OverrideError';
}

/**
 * Sets `path` (dotted, e.g. "scheduler.delay.nodeMs") in a raw JSON object, creating objects on the way; a value of
 * null removes the field (a variant clears a field the base sets). A segment that is a whole number names an element
 * of a list by its index ("scheduler.pools.0.weight"): the element must exist, and is replaced, never removed (the
 * elements after it would move). Returns a new object. A path through a value that is not an object or a list (a
 * base's `"scheduler": 5`) is an OverrideError, never replaced with {}, which would drop the bad value unseen; so is a
 * path that fails overridePathProblem, and an index past a list's end.
 */
export function setPath(raw: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  if (!isRecord(raw)) throw new TypeError(`setPath(raw, path, value): raw must be a scenario's JSON object, not ${valueKind(raw)}`);
  if (typeof path !== 'string') throw new TypeError(`setPath(raw, path, value): path must be a dotted field path (a string), not ${valueKind(path)}`);
  const problem = overridePathProblem(path);
  if (problem !== undefined) throw new OverrideError(problem);
  const root = structuredClone(raw);
  const keys = path.split('.');
  const shown = (v: unknown): string => (Array.isArray(v) ? `a list of ${v.length}` : String(JSON.stringify(v)).length > 40 ? `${String(JSON.stringify(v)).slice(0, 40)}...` : JSON.stringify(v));
  /** The element of list `at` (the value at keys[0..i)) that keys[i] names by its index. */
  const index = (at: unknown[], i: number): number => {
    const key = keys[i];
    const n = /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : undefined;
    if (n !== undefined && n < at.length) return n;
    const list = keys.slice(0, i).join('.');
    const elements = at.length === 0 ? 'no elements' : `elements 0 to ${at.length - 1}`;
    throw new OverrideError(n === undefined
      ? `${path}: ${list} is a list of ${at.length}, so ${key} is no field of it: name an element by its index (${list}.0...), or set the list whole (${list}=[...])`
      : `${path}: ${list} is a list of ${at.length} (${elements}), so it has no element ${key}: set the list whole to add one (${list}=[...])`);
  };
  let at: Record<string, unknown> | unknown[] = root;
  for (const [i, key] of keys.slice(0, -1).entries()) {
    let next: unknown;
    if (Array.isArray(at)) next = at[index(at, i)];
    else if (!Object.hasOwn(at, key)) {
      if (value === null) return root; // nothing there to remove
      next = at[key] = {};
    } else next = at[key];
    if (!isRecord(next) && !Array.isArray(next)) {
      throw new OverrideError(`${path}: ${keys.slice(0, i + 1).join('.')} is ${shown(next)}, not an object, so ${path} cannot be set in it`);
    }
    at = next;
  }
  const last = keys[keys.length - 1];
  if (Array.isArray(at)) {
    const k = index(at, keys.length - 1);
    if (value === null) {
      const list = keys.slice(0, -1).join('.');
      throw new OverrideError(`${path}: null cannot remove one element of the list ${list} (the elements after it would move): set the list whole (${list}=[...])`);
    }
    at[k] = value;
  } else if (value === null) delete at[last];
  else at[last] = value;
  return root;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The raw `variants` table: names to objects of override paths (each checked by overridePathProblem). */
const variantsSchema = z.record(
  nameField('a variant name', 'a variant needs a name'),
  z.record(z.string().superRefine((path, ctx) => {
    const problem = overridePathProblem(path);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  }), z.unknown(), { error: 'a variant must be an object of field paths to values, e.g. { "scheduler.policy": "fifo" }' }),
  { error: 'variants must be an object of named variants, e.g. { "FIFO": { "scheduler.policy": "fifo" } }' },
);

/**
 * The first override of `paths` (in the order they apply) that a later one replaces whole, and that later one: the
 * same path, or one of its parents ("scheduler.delay.maxSkips", then "scheduler.delay": an object value replaces the
 * whole object, so the first value was dropped without a word); undefined when none is.
 */
export function shadowedOverride(paths: readonly string[]): { path: string; by: string } | undefined {
  for (const [i, path] of paths.entries()) {
    const by = paths.slice(i + 1).find((later) => later === path || path.startsWith(`${later}.`));
    if (by !== undefined) return { path, by };
  }
  return undefined;
}

/** Errors (one line each, with the field path) in a raw scenario's variants table; none when it has none. */
export function variantErrors(raw: Record<string, unknown>): string[] {
  if (!Object.hasOwn(raw, 'variants')) return [];
  const parsed = variantsSchema.safeParse(raw.variants);
  if (!parsed.success) return parsed.error.issues.map((i) => formatIssue({ ...i, path: ['variants', ...i.path] }));
  // A variant's overrides apply in the order written: one under a path it sets again later never counted.
  return variantsOf(raw).flatMap(({ name, overrides }) => {
    const shadowed = shadowedOverride(Object.keys(overrides));
    return shadowed === undefined ? [] : [`variants.${name}.${shadowed.path}: "${shadowed.by}", later in the variant, replaces the whole of ${shadowed.by}, so this value is never used: give it inside that value, or drop it`];
  });
}

/**
 * The variant names of a raw scenario, in file order (as its reader noted it: key-order.ts; else JavaScript's key
 * order); a scenario without variants has one, named by the policy.
 */
export function variantsOf(raw: Record<string, unknown>): Array<{ name: string; overrides: Record<string, unknown> }> {
  if (!isRecord(raw)) throw new TypeError(`variantsOf(raw): raw must be a scenario's JSON object, not ${valueKind(raw)}`);
  const variants = raw.variants;
  if (!isRecord(variants) || Object.keys(variants).length === 0) return [{ name: '', overrides: {} }];
  return keysAsWritten(variants).map((name) => ({ name, overrides: isRecord(variants[name]) ? (variants[name] as Record<string, unknown>) : {} }));
}

/** Applies a variant's overrides and then the --set overrides to a raw scenario, dropping the variants table. */
export function resolveVariant(raw: Record<string, unknown>, overrides: Record<string, unknown>, sets: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  if (!isRecord(raw)) throw new TypeError(`resolveVariant(raw, overrides, sets): raw must be a scenario's JSON object, not ${valueKind(raw)}`);
  if (!isRecord(overrides)) throw new TypeError(`resolveVariant(raw, overrides, sets): overrides must be an object of field paths to values (a variant's overrides from variantsOf), not ${valueKind(overrides)}`);
  // A variant of variantsOf given whole: its name renamed the scenario, and its overrides went in as one unknown field.
  const keys = Object.keys(overrides);
  if (keys.length === 2 && typeof overrides.name === 'string' && isRecord(overrides.overrides)) {
    throw new TypeError(`resolveVariant(raw, overrides, sets): overrides is a whole variant ("${overrides.name}", as variantsOf gives it): pass its .overrides`);
  }
  const bad = Array.isArray(sets) ? sets.find((p) => !Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'string') : sets;
  if (!Array.isArray(sets) || bad !== undefined) {
    throw new TypeError(`resolveVariant(raw, overrides, sets): sets must be a list of [path, value] pairs, e.g. [['workload.jobs', 60]]; ${Array.isArray(sets) ? `one is ${valueKind(bad)}` : `not ${valueKind(sets)}`}`);
  }
  let out: Record<string, unknown> = { ...raw };
  delete out.variants;
  for (const [path, value] of Object.entries(overrides)) out = setPath(out, path, value);
  for (const [path, value] of sets) out = setPath(out, path, value);
  return out;
}
