/**
 * What reports and sweep aggregates read of a result (a run's result JSON, a sweep's results.jsonl line), checked
 * before anything is drawn: a string or an overflowing number (1e999 parses as Infinity) where a chart places a
 * number drew NaN or Infinity coordinates. Other fields pass as they are.
 */
import { z } from 'zod';
import { formatIssue } from '../core/scenario-issues.js';

// zod 4's number refuses NaN and Infinity.
const count = z.number().int().min(0);
const ms = z.number().min(0);
const share = z.number().min(0).max(1);
const locality = z.looseObject({ node: share, rack: share, off: share });
const bin = z.number().int().min(1);

const resultShape = {
  summary: z.looseObject({ jobs: count, meanResponseMs: ms, locality, killedTasks: count.optional(), lostSlotSeconds: ms.optional() })
    // Every other number of the summary is a metric a sweep chart may draw (sweep-aggregate.ts's metricsOf).
    .catchall(z.union([z.number(), z.null(), z.record(z.string(), z.number().nullable())])),
  bins: z.array(z.looseObject({ bin, jobs: count, maps: count, meanResponseMs: ms, medianResponseMs: ms, locality })),
  // Each job's bin and responseMs are checked by jobsProblem's loop: 0.1 s a million jobs, where zod took 2.3 s.
  jobs: z.array(z.unknown()),
  // the pools and replication charts' numbers (pool-charts.ts, replication-chart.ts)
  pools: z.array(z.looseObject({ name: z.string(), killedTasks: count, lostSlotSeconds: ms })).optional(),
  replication: z.looseObject({
    policy: z.string(), replicasCreated: count, replicasDeleted: count,
    storage: z.looseObject({ meanOverheadPct: z.number().min(0), peakOverheadPct: z.number().min(0), series: z.array(z.tuple([ms, z.number().min(0)])) }),
  }).optional(),
  network: z.looseObject({
    crossRackMB: z.number().min(0),
    utilization: z.looseObject({ bucketMs: z.number().gt(0), lastBucketMs: z.number().gt(0).optional(), up: z.array(z.array(share)), down: z.array(z.array(share)), core: z.array(share).optional() }),
  }).optional(),
};

/** A run's result as `hfsim report <result.json>` draws it. */
const resultSchema = z.looseObject({ ...resultShape, scenario: z.string(), variant: z.string(), seed: z.number(), digest: z.string() });

/** A results.jsonl line as a sweep's report, merge and aggregates read it: the point it is of, and its result. */
const pointRecordSchema = z.looseObject({
  ...resultShape,
  id: z.string(),
  index: z.number().int().min(0),
  group: z.string(),
  values: z.record(z.string(), z.unknown()),
  seed: z.number().int().min(0),
  variant: z.string(),
  digest: z.string().min(1),
  run: z.looseObject({ wallMs: z.number(), decisionUs: z.looseObject({ p50: z.number(), p99: z.number() }).optional() }),
});

/** Why `value` does not fit `schema`: its first problem as "field.path: message", or undefined when it fits. */
export function firstProblem(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : formatIssue(parsed.error.issues[0]);
}

function jobsProblem(jobs: readonly unknown[]): string | undefined {
  for (let i = 0; i < jobs.length; i++) {
    const j = jobs[i] as { bin?: unknown; responseMs?: unknown; finishMs?: unknown; pool?: unknown } | null;
    if (typeof j !== 'object' || j === null || Array.isArray(j)) return `jobs[${i}]: not an object`;
    if (!Number.isInteger(j.bin) || (j.bin as number) < 1) return `jobs[${i}].bin: ${show(j.bin)}, not a size bin (a whole number from 1)`;
    if (typeof j.responseMs !== 'number' || !Number.isFinite(j.responseMs) || j.responseMs < 0) return `jobs[${i}].responseMs: ${show(j.responseMs)}, not a time in ms (a number from 0)`;
    // the pool chart's groups and the storage chart's end: a job without them has none to give, but not another kind
    if (j.pool !== undefined && typeof j.pool !== 'string') return `jobs[${i}].pool: ${show(j.pool)}, not a pool's name (a string)`;
    if (j.finishMs !== undefined && (typeof j.finishMs !== 'number' || !Number.isFinite(j.finishMs) || j.finishMs < 0)) return `jobs[${i}].finishMs: ${show(j.finishMs)}, not a time in ms (a number from 0)`;
  }
  return undefined;
}

/**
 * Whether the summary's and the bins' job counts are the jobs listed, as a run writes them: a file edited to 99 jobs in
 * its summary with 8 listed was drawn as given ("99 jobs" in the introduction, 8 in the charts). Run after
 * jobsProblem: each job's bin is a whole number.
 */
function countsProblem(r: { summary: { jobs: number }; bins: readonly { bin: number; jobs: number }[]; jobs: readonly { bin: number }[] }): string | undefined {
  if (r.summary.jobs !== r.jobs.length) return `summary.jobs: ${r.summary.jobs}, but jobs lists ${r.jobs.length}`;
  const inBin = new Map<number, number>();
  for (const j of r.jobs) inBin.set(j.bin, (inBin.get(j.bin) ?? 0) + 1);
  for (let i = 0; i < r.bins.length; i++) {
    const b = r.bins[i];
    const first = r.bins.findIndex((x) => x.bin === b.bin);
    if (first < i) return `bins[${i}].bin: ${b.bin}, listed at bins[${first}] too`;
    if (b.jobs !== (inBin.get(b.bin) ?? 0)) return `bins[${i}].jobs: ${b.jobs}, but jobs lists ${inBin.get(b.bin) ?? 0} in bin ${b.bin}`;
    inBin.delete(b.bin);
  }
  const unlisted = [...inBin.keys()][0];
  return unlisted === undefined ? undefined : `jobs[${r.jobs.findIndex((j) => j.bin === unlisted)}].bin: ${unlisted}, a bin that bins does not list`;
}

const show = (v: unknown): string => (typeof v === 'number' ? String(v) : JSON.stringify(v) ?? 'missing');

/** The first problem of a run's result, as "field.path: why", or undefined when `hfsim report` can draw it. */
export function resultProblem(value: unknown): string | undefined {
  return firstProblem(resultSchema, value) ?? jobsProblem((value as { jobs: unknown[] }).jobs) ?? countsProblem(value as never);
}

/** The first problem of a results.jsonl line (parsed), as "field.path: why", or undefined when it is a point's result. */
export function pointRecordProblem(value: unknown): string | undefined {
  return firstProblem(pointRecordSchema, value) ?? jobsProblem((value as { jobs: unknown[] }).jobs) ?? countsProblem(value as never);
}
