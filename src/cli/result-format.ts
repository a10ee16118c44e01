/**
 * The output formats, as zod schemas: a run's result (`run --json`, `--out`), a sweep's results.jsonl line and its
 * aggregate.json rows. `npm run schema` writes them to schema/ as JSON Schemas (json-schema.ts) for users' own
 * checks and tools; test/cli/result-format.test.ts validates the results of every kind of run against them.
 * Strict: a field a result gains must be added here (the types below fail to compile until it is, for the sections
 * typed in src/), and the tests find any a run writes that the schema lacks. Reading results back (report, merge) is
 * src/report/result-schema.ts's, which checks only what those commands use, so older files still load.
 */
import { z } from 'zod';
import type { Result } from '../actors/simulate.js';
import type { AggregateRow, PointRecord } from './sweep-aggregate.js';

// zod 4's number refuses NaN and ±Infinity, which JSON would have written as null.
const count = z.number().int().min(0);
const ms = z.number().min(0);
const mb = z.number().min(0);
const share = z.number().min(0).max(1);
const name = z.string();

const locality = z.strictObject({
  node: share.describe('share of maps that read a replica on their own node'),
  rack: share.describe('share of maps that read a replica in their own rack'),
  off: share.describe('share of maps that read from another rack'),
});
const bin = z.number().int().min(1).max(9).describe("the job's Facebook size bin (the Delay Scheduling paper's Table 2)");
const latency = z.strictObject({ count: count.describe('the times measured: heartbeats, tasks launched or ticks'), mean: z.number().min(0), p50: z.number().min(0), p90: z.number().min(0), p99: z.number().min(0), p999: z.number().min(0), max: z.number().min(0) })
  .describe('µs: HdrHistogram percentiles at 3 significant digits');

const summary = z.strictObject({
  jobs: count,
  tasks: count.describe('maps + reduces'),
  maps: count,
  reduces: count,
  makespanMs: ms.describe('first submit to last finish'),
  meanResponseMs: ms,
  medianResponseMs: ms,
  locality,
  utilization: z.number().min(0).describe('busy map slot time over the map slot time from the first submit to the last finish'),
  reduceUtilization: z.number().min(0),
  jobsPerHour: z.number().min(0),
  killedTasks: count.optional().describe('pool-aware policies and policies that may kill: task attempts killed'),
  lostSlotSeconds: z.number().min(0).optional().describe('slot time the killed attempts had run, in seconds'),
});

const binResult = z.strictObject({ bin, jobs: count, maps: count, meanResponseMs: ms, medianResponseMs: ms, locality });

const jobResult = z.strictObject({
  id: name,
  pool: name,
  type: name.describe('job type: io or cpu, or a plugin workload\'s own'),
  bin,
  maps: count,
  reduces: count,
  submitMs: ms,
  finishMs: ms.describe('the heartbeat at which the master learned of its last task'),
  responseMs: ms,
  nodeLocalMaps: count,
  rackLocalMaps: count,
  offRackMaps: count,
  delayWaitMs: ms.optional().describe('with a replication policy: time its tasks spent skipped for locality'),
});

const shareSeries = z.strictObject({
  tMs: z.array(ms),
  fairMaps: z.array(z.number().min(0)),
  runningMaps: z.array(count),
  fairReduces: z.array(z.number().min(0)),
  runningReduces: z.array(count),
}).describe('fair and running shares at each preemption check while jobs were active');

const poolResult = z.strictObject({
  name,
  parent: name.optional().describe('its parent pool (scheduler.parentPools), or under capacity its parent queue (scheduler.parentQueues); omitted under the root'),
  weight: z.number().gt(0),
  minMaps: count,
  minReduces: count,
  jobs: count,
  meanResponseMs: ms.nullable().describe('null for a pool with no job'),
  killedTasks: count,
  lostSlotSeconds: z.number().min(0),
  shares: shareSeries,
});

const network = z.strictObject({
  model: z.literal('fluid'),
  crossRackMB: mb,
  forcedMB: mb.describe("MB the committed passes finished early: the model's own error"),
  readMB: mb,
  servedMB: mb,
  unservedMB: mb,
  replicatedMB: mb,
  unreplicatedMB: mb,
  shuffleSentMB: mb,
  utilization: z.strictObject({
    bucketMs: z.number().gt(0),
    lastBucketMs: z.number().gt(0).describe('the part of the last bucket the run lasted (at most bucketMs): its shares are of that time'),
    up: z.array(z.array(share)).describe("per rack, per bucket: the share of the uplink's capacity used"),
    down: z.array(z.array(share)),
    core: z.array(share).optional().describe("with a bounded core (coreGbps), per bucket: the share of the core's capacity the MB across racks used"),
  }),
});

const replication = z.strictObject({
  policy: name,
  defaultReplication: z.number().int().min(1),
  maxReplicas: z.number().int().min(1),
  blocks: count,
  replicasCreated: count,
  replicasDeleted: count,
  copiesUnfinished: count,
  copiesQueued: count.optional().describe('fluid model only: copies decided and never launched by the end'),
  bytesCopiedMB: mb,
  copyMs: ms,
  storage: z.strictObject({
    staticReplicas: count,
    meanOverheadPct: z.number().min(0),
    peakOverheadPct: z.number().min(0),
    finalOverheadPct: z.number().min(0),
    series: z.array(z.tuple([ms, z.number().min(0)])).describe('[time ms, overhead %] at 0 and after every change'),
  }),
  delayWaitMs: z.strictObject({ total: ms, meanPerJob: ms, jobsWaiting: count }),
  counts: z.record(z.string(), z.number()).optional().describe("the policy's own counts"),
});

const mapAssignment = z.strictObject({ policy: name, counts: z.record(z.string(), z.number()) })
  .describe('a policy that fills map slots its own way (resource offers, Quincy): its counts');

const run = z.strictObject({
  runtime: z.enum(['inprocess', 'threads']),
  workers: count,
  wallMs: ms,
  epochs: count,
  events: count,
  heartbeats: count,
  eventsPerSecond: z.number().min(0),
  bytesPerEpoch: z.number().min(0),
  masterMs: ms,
  racksMs: ms,
  decisionUs: latency.optional().describe('µs per heartbeat processed (HdrHistogram percentiles at 3 significant digits, held to the exact max; exact mean); absent with --no-time-decisions'),
  launchUs: latency.optional().describe('µs per task launched (a heartbeat that launched k tasks counts its time / k, k times); absent with --no-time-decisions'),
  tickUs: latency.optional().describe('µs per timer tick between epochs (pool clock: shares, preemption checks; Quincy: its solve); absent with --no-time-decisions or without a tick'),
  solver: z.strictObject({
    solver: name,
    solves: count,
    totalMs: ms,
    meanMs: ms,
    p50Ms: ms,
    p99Ms: ms,
    maxMs: ms,
    meanColumns: z.number().min(0),
    maxColumns: count,
    maxRows: count,
  }).optional().describe('a policy that solves linear programs (Quincy)'),
}).describe('how the run went (wall-clock measures vary between runs; not in the digest)');

const outcome = {
  summary,
  bins: z.array(binResult),
  jobs: z.array(jobResult),
  pools: z.array(poolResult).optional(),
  network: network.optional(),
  replication: replication.optional(),
  mapAssignment: mapAssignment.optional(),
};
const digest = z.string().regex(/^[0-9a-f]{64}$/).describe('SHA-256 of the outcome: scenario, variant, seed, summary, bins, jobs, pools, network, replication, mapAssignment');

/** One variant's result, as `hfsim run --json` prints it (an array of these when several variants run) and `--out` writes it. */
export const runResultSchema = z.strictObject({
  scenario: name,
  variant: name,
  seed: z.number().int(),
  config: z.looseObject({}).describe('the resolved scenario (scenario.schema.json), without its variants; cluster.heartbeatMs is the interval the run used'),
  ...outcome,
  run,
  digest,
});

/** A line of a sweep's results.jsonl: the point, then its result as `run --json` writes it, without `config`. */
export const pointResultSchema = z.strictObject({
  id: z.string().describe("the point's id: a hash of its axis values and seed"),
  index: count.describe("the point's place in the sweep"),
  group: z.string().describe('a hash of its axis values: the aggregate\'s point'),
  values: z.record(z.string(), z.unknown()).describe('the axis values, by path'),
  scenario: name,
  variant: name,
  seed: z.number().int(),
  ...outcome,
  run,
  digest,
});

/** A row of a sweep's aggregate.json (as aggregate.csv's): the axis values by path, then these. */
const aggregateFields = {
  point: z.string(),
  seeds: z.string().describe('the seeds whose runs gave the metric, space-separated'),
  metric: z.string(),
  bin: bin.nullable().describe('null: the whole run'),
  n: z.number().int().min(1),
  mean: z.number(),
  sd: z.number().min(0).nullable(),
  ci95: z.number().min(0).nullable().describe('half-width of the 95% confidence interval (Student t); null for one seed'),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
};
export const aggregateRowSchema = z.looseObject(aggregateFields).describe('the axis values are columns named by their paths');

export const aggregateSchema = z.array(aggregateRowSchema);

// The schemas and the types src/ builds the outputs with agree, field by field at every depth: a field added to one
// and not the other, or typed otherwise, fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
type Agree<A, B> = [A] extends [readonly (infer X)[]] ? ([B] extends [readonly (infer Y)[]] ? Agree<X, Y> : false)
  : [A] extends [object] ? (SameKeys<A, B> extends true ? ({ [K in keyof A]-?: Same<A[K], B[K & keyof B]> extends true ? Agree<NonNullable<A[K]>, NonNullable<B[K & keyof B]>> : false }[keyof A] extends true ? true : false) : false)
  : Same<A, B>;
const agrees = <T extends true>(): T | undefined => undefined;
agrees<Same<Omit<z.output<typeof runResultSchema>, 'config'>, Omit<Result, 'config'>>>();
agrees<Agree<Omit<z.output<typeof runResultSchema>, 'config'>, Omit<Result, 'config'>>>();
agrees<Agree<z.output<typeof pointResultSchema>, PointRecord>>();
agrees<Agree<z.output<z.ZodObject<typeof aggregateFields>>, Omit<AggregateRow, 'values' | 'seeds'> & { seeds: string }>>();
