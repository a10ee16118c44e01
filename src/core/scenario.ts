/** The scenario: its schema (every field defaulted, unknown fields rejected), its types, variants and --set overrides. */
import { z } from 'zod';
import { POLICY_NAMES } from './policies/names.js';
import { poolFields } from './pool-config.js';
import { networkSchema } from './network/config.js';

const posInt = (what: string) => z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).positive(`${what} must be at least 1`);
const nonNegInt = (what: string) => z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).min(0, `${what} must not be negative`);
const posNum = (what: string) => z.number({ error: `${what} must be a number` }).positive(`${what} must be greater than 0`);

export const PRIORITIES = ['VERY_HIGH', 'HIGH', 'NORMAL', 'LOW', 'VERY_LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const JOB_TYPES = ['io', 'cpu'] as const;
export type JobType = (typeof JOB_TYPES)[number];

const clusterSchema = z.strictObject({
  racks: posInt('racks').default(4),
  nodesPerRack: posInt('nodesPerRack').default(25),
  mapSlotsPerNode: posInt('mapSlotsPerNode').default(4),
  reduceSlotsPerNode: posInt('reduceSlotsPerNode').default(2),
  /** Fixed heartbeat interval; omitted: Hadoop's max(3 s, 1 s per 100 nodes). */
  heartbeatMs: posInt('heartbeatMs').optional(),
  /** The hardware model (src/core/network/config.ts); the default, "flat", keeps the fixed slowdowns. */
  network: networkSchema.prefault({}),
});

const hdfsSchema = z.strictObject({
  replication: posInt('replication').default(3),
  blockMB: posNum('blockMB').default(128),
});

const tasksSchema = z.strictObject({
  /** Map duration multiplier when the map reads from another node of its rack (IO-bound jobs; CPU-bound jobs feel a tenth of it). */
  rackLocalSlowdown: z.number().min(1, 'rackLocalSlowdown must be at least 1').default(1.2),
  /** Map duration multiplier when the map reads from another rack. */
  offRackSlowdown: z.number().min(1, 'offRackSlowdown must be at least 1').default(2.0),
  /** Fraction of a job's maps that must finish before its reduces may launch (Hadoop: 0.05). */
  slowStart: z.number().min(0).max(1).default(0.05),
  /** Sigma of a lognormal factor on each task's duration (0: every task of a job takes the same time). */
  durationJitter: z.number().min(0, 'durationJitter must not be negative').default(0),
});

const delaySchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('none') }),
  z.strictObject({ mode: z.literal('skip'), maxSkips: nonNegInt('maxSkips') }),
  /** nodeMs omitted: Hadoop branch-1's default, min(15 s, 1.5 x heartbeat); rackMs omitted: nodeMs. */
  z.strictObject({ mode: z.literal('wait'), nodeMs: nonNegInt('nodeMs').optional(), rackMs: nonNegInt('rackMs').optional() }),
], { error: 'delay.mode must be one of "none", "skip", "wait"' });

const schedulerSchema = z.strictObject({
  policy: z.enum(POLICY_NAMES, { error: `policy must be one of ${POLICY_NAMES.map((p) => `"${p}"`).join(', ')}` }).default('fair'),
  delay: delaySchema.default({ mode: 'none' }),
  /** Fill every free slot in one heartbeat (HFS 0.21) or launch at most one map and one reduce (Hadoop 0.20). */
  assignMultiple: z.boolean().default(true),
  ...poolFields,
}).superRefine((s, ctx) => {
  for (const [key, list] of [['pools', s.pools], ['users', s.users], ['queues', s.queues]] as const) {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.name)) ctx.addIssue({ code: 'custom', path: [key, i, 'name'], message: `name "${x.name}" is used twice` });
      seen.add(x.name);
    });
  }
  const total = s.queues.reduce((a, q) => a + q.capacity, 0);
  if (total > 100 + 1e-9) ctx.addIssue({ code: 'custom', path: ['queues'], message: `queue capacities add up to ${total}%, more than 100%` });
});

const facebookWorkload = z.strictObject({
  kind: z.literal('facebook'),
  jobs: posInt('jobs').default(100),
  /** "benchmark": the paper's 100-job mix (repeated for more jobs); "distribution": sizes drawn from the 9 Facebook bins. */
  sizes: z.enum(['benchmark', 'distribution']).default('benchmark'),
  meanInterarrivalMs: posNum('meanInterarrivalMs').default(14_000),
  type: z.enum(['io', 'cpu', 'mixed']).default('io'),
});

const fileSchema = z.strictObject({ name: z.string().min(1), blocks: posInt('blocks') });
const jobSchema = z.strictObject({
  id: z.string().min(1),
  submitMs: nonNegInt('submitMs').default(0),
  /** Pool (omitted: the user's pool, else "default"). */
  pool: z.string().min(1).optional(),
  /** Submitting user, for per-user job limits (omitted: the pool's name). */
  user: z.string().min(1).optional(),
  priority: z.enum(PRIORITIES).default('NORMAL'),
  input: z.string().min(1),
  type: z.enum(JOB_TYPES).default('io'),
  mapMs: posNum('mapMs'),
  reduces: nonNegInt('reduces').default(0),
  reduceMs: posNum('reduceMs').default(1000),
  /** Shuffle time of each reduce; its copy phase also cannot end before the job's last map. */
  copyMs: z.number().min(0).default(0),
});

const jobsWorkload = z.strictObject({
  kind: z.literal('jobs'),
  files: z.array(fileSchema).min(1, 'files must list at least one file'),
  jobs: z.array(jobSchema).min(1, 'jobs must list at least one job'),
}).superRefine((w, ctx) => {
  const files = new Set(w.files.map((f) => f.name));
  const ids = new Set<string>();
  w.jobs.forEach((j, i) => {
    if (!files.has(j.input)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'input'], message: `input "${j.input}" names no file in workload.files` });
    if (ids.has(j.id)) ctx.addIssue({ code: 'custom', path: ['jobs', i, 'id'], message: `job id "${j.id}" is used twice` });
    ids.add(j.id);
  });
});

const groupSchema = z.strictObject({
  /** Jobs are named name-0, name-1, ...; each reads a file of its own with one block per map. */
  name: z.string().min(1),
  count: posInt('count').default(1),
  maps: posInt('maps'),
  reduces: nonNegInt('reduces').default(0),
  mapMs: posNum('mapMs'),
  reduceMs: posNum('reduceMs').default(1000),
  copyMs: z.number().min(0).default(0),
  type: z.enum(JOB_TYPES).default('io'),
  /** Pool of every job of the group (default: the group's name). */
  pool: z.string().min(1).optional(),
  /** Submitting user (omitted: the pool's name). */
  user: z.string().min(1).optional(),
  priority: z.enum(PRIORITIES).default('NORMAL'),
  startMs: nonNegInt('startMs').default(0),
  /** Gap between submissions: fixed, or the mean of exponential gaps. */
  intervalMs: z.number().min(0, 'intervalMs must not be negative').default(0),
  arrivals: z.enum(['fixed', 'exponential']).default('fixed'),
});

const generatedWorkload = z.strictObject({
  kind: z.literal('generated'),
  groups: z.array(groupSchema).min(1, 'groups must list at least one group of jobs'),
}).superRefine((w, ctx) => {
  const names = new Set<string>();
  w.groups.forEach((g, i) => {
    if (names.has(g.name)) ctx.addIssue({ code: 'custom', path: ['groups', i, 'name'], message: `group name "${g.name}" is used twice` });
    names.add(g.name);
  });
});

/** A SWIM trace replayed (src/core/swim.ts documents the model); `trace` is relative to the scenario file. */
const swimWorkload = z.strictObject({
  kind: z.literal('swim'),
  trace: z.string().min(1, 'trace must name a SWIM .tsv file'),
  /** Replay only the first `jobs` rows. */
  jobs: posInt('jobs').optional(),
  /** Size of the traced cluster; bytes scale by simulated nodes / tracedNodes. */
  tracedNodes: posInt('tracedNodes').default(600),
  bytesPerReduce: posNum('bytesPerReduce').default(1e9),
  mapBaseMs: z.number().min(0, 'mapBaseMs must not be negative').default(3000),
  mapMsPerMB: z.number().min(0, 'mapMsPerMB must not be negative').default(250),
  reduceBaseMs: z.number().min(1, 'reduceBaseMs must be at least 1').default(15_000),
  reduceMsPerMB: z.number().min(0, 'reduceMsPerMB must not be negative').default(226.5),
  pools: z.enum(['bin', 'round-robin', 'single']).default('bin'),
  poolCount: posInt('poolCount').default(10),
  type: z.enum(JOB_TYPES).default('io'),
});

const workloadSchema = z.discriminatedUnion('kind', [facebookWorkload, jobsWorkload, generatedWorkload, swimWorkload], {
  error: 'workload.kind must be one of "facebook", "jobs", "generated", "swim"',
});

/** `"$schema"`: the JSON Schema an editor checks a scenario or sweep file against (schema/*.schema.json); hfsim ignores it. */
export const schemaRef = z.string().optional();

export const scenarioSchema = z.strictObject({
  $schema: schemaRef,
  name: z.string().min(1).default('scenario'),
  description: z.string().optional(),
  seed: nonNegInt('seed').default(1),
  cluster: clusterSchema.prefault({}),
  hdfs: hdfsSchema.prefault({}),
  tasks: tasksSchema.prefault({}),
  scheduler: schedulerSchema.prefault({}),
  workload: workloadSchema,
  /** Named sets of overrides, each a map of field path to value; each variant is run and compared. */
  variants: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type ClusterConfig = Scenario['cluster'];
export type TasksConfig = Scenario['tasks'];
export type SchedulerConfig = Scenario['scheduler'];
export type DelayConfig = SchedulerConfig['delay'];
export type Workload = Scenario['workload'];
export type JobsWorkload = Extract<Workload, { kind: 'jobs' }>;
export type FacebookWorkload = Extract<Workload, { kind: 'facebook' }>;
export type GeneratedWorkload = Extract<Workload, { kind: 'generated' }>;
export type SwimWorkload = Extract<Workload, { kind: 'swim' }>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** Validates raw JSON; errors are values, one line each, naming the field path. */
export function parseScenario(raw: unknown): Parsed<Scenario> {
  const result = scenarioSchema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: result.error.issues.map(formatIssue) };
}

export function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length === 0 ? '(top level)' : formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    return `${path}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  }
  return `${path}: ${issue.message}`;
}

function formatPath(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/** Sets `path` (dotted, e.g. "scheduler.delay.nodeMs") in a raw JSON object, creating objects on the way. Returns a new object. */
export function setPath(raw: unknown, path: string, value: unknown): Record<string, unknown> {
  const root = structuredClone(isRecord(raw) ? raw : {}) as Record<string, unknown>;
  const keys = path.split('.');
  let at = root;
  for (const key of keys.slice(0, -1)) {
    if (!isRecord(at[key])) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
  return root;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The variant names of a raw scenario, in file order; a scenario without variants has one, named by the policy. */
export function variantsOf(raw: Record<string, unknown>): Array<{ name: string; overrides: Record<string, unknown> }> {
  const variants = raw.variants;
  if (!isRecord(variants) || Object.keys(variants).length === 0) return [{ name: '', overrides: {} }];
  return Object.entries(variants).map(([name, overrides]) => ({ name, overrides: isRecord(overrides) ? overrides : {} }));
}

/** Applies a variant's overrides and then the --set overrides to a raw scenario, dropping the variants table. */
export function resolveVariant(raw: Record<string, unknown>, overrides: Record<string, unknown>, sets: Array<[string, unknown]>): Record<string, unknown> {
  let out: Record<string, unknown> = { ...raw };
  delete out.variants;
  for (const [path, value] of Object.entries(overrides)) out = setPath(out, path, value);
  for (const [path, value] of sets) out = setPath(out, path, value);
  return out;
}
