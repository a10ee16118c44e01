/** The scenario's workload section: its kinds (facebook, jobs, generated, swim, sls), each a schema, and their defaults. */
import { z } from 'zod';
import * as L from './limits.js';
import { PRIORITIES } from './priority.js';
import { sharedInputSchema } from './shared-input.js';
import { misplacedFields } from './unknown-fields.js';
import { atLeast, atMost, durationMs, nameField, nonNegInt, oneOf, pathField, posInt, posNum, repeatedKeys, timeMs } from './bounded.js';

export const JOB_TYPES = ['io', 'cpu'] as const;
export type JobType = (typeof JOB_TYPES)[number];

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
  /** Bytes a reduce (Hive's hive.exec.reducers.bytes.per.reducer, a count of bytes): below 1, 1e-300 made "Infinity reduces". */
  bytesPerReduce: posNum('bytesPerReduce').min(1, atLeast('bytesPerReduce', 1)).default(1e9),
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

export const WORKLOAD_KINDS = [facebookWorkload, jobsWorkload, generatedWorkload, swimWorkload, slsWorkload] as const;
export const workloadSchema = z.discriminatedUnion('kind', WORKLOAD_KINDS, {
  error: 'workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls"',
});
