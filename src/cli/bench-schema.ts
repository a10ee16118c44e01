/**
 * The JSON that `hfsim bench` writes and `hfsim bench compare` reads: machine, Node version, commit, and per case
 * each measure as the median and spread (max - min) of repeated runs. Validated on read, so a nightly job's stored
 * file that is malformed is bad input (exit 2), not a crash.
 */
import { z } from 'zod';
import { nameField, repeatedKeys } from '../core/bounded.js';
import { typeInWords, valueKind } from '../core/shown-value.js';
import { fieldErrors } from '../core/unknown-fields.js';

export const BENCH_FORMAT = 'hfsim-bench/1';

/**
 * The parse's error map of a report: a value of the wrong type told in words (zod's were "Invalid input: expected
 * number, received string"); a number given as text is left to formatIssue, which says how to write it; a field left
 * out stays zod's, which formatIssue tells as missing (an enumerated one's values are written out here); an unknown field is named
 * with the one it is likely meant as.
 */
export const reportErrors: z.core.$ZodErrorMap = (issue) => {
  // an enumerated field left out read zod's "Invalid option: expected one of ..."; formatIssue tells it as missing
  if (issue.code === 'invalid_value' && issue.input === undefined) return `expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((v) => JSON.stringify(v)).join('|')}`;
  if (issue.code !== 'invalid_type' || issue.input === undefined) return fieldErrors(issue);
  const must = `must be ${issue.expected === 'boolean' ? 'true or false' : typeInWords(issue.expected)}`;
  return issue.expected === 'number' && typeof issue.input === 'string' ? must : `${must}, not ${valueKind(issue.input)}`;
};

/** A measure over repeated runs: median, spread = max - min (the measured noise), and each run's value. */
export const statSchema = z.strictObject({
  median: z.number(),
  spread: z.number().min(0),
  min: z.number(),
  max: z.number(),
  // Every measure is a time, a count, a rate or a size: a negative one is a corrupt report (compare printed "-116.1%").
  values: z.array(z.number().min(0)).min(1),
}).superRefine((st, ctx) => {
  // compare judges the best run (min or max): one that contradicts the runs' values would be judged instead of them
  const least = st.values.reduce((a, v) => Math.min(a, v), Infinity);
  const most = st.values.reduce((a, v) => Math.max(a, v), -Infinity);
  if (st.min !== least || st.max !== most) ctx.addIssue({ code: 'custom', message: `min ${st.min} and max ${st.max} are not the least and the most of its values (${least}, ${most})` });
  else if (st.median < st.min || st.median > st.max) ctx.addIssue({ code: 'custom', message: `median ${st.median} is outside min ${st.min} .. max ${st.max}` });
  else if (Math.abs(st.spread - (st.max - st.min)) > 0.011) ctx.addIssue({ code: 'custom', message: `spread ${st.spread} is not max - min (${st.max - st.min}; values are rounded)` });
});
export type Stat = z.infer<typeof statSchema>;
/** A wall time over runs: a run of 0 ms is a corrupt report (compare judged the sweep's 0 -> 850 ms a regression of +85000000000000%). */
const wallSchema = statSchema.refine((st) => st.min > 0, { message: 'a run of 0 ms: no case runs in no time' });

const PERCENTILES = ['p50', 'p90', 'p99', 'p999'] as const;
const latencySchema = z.strictObject({ mean: statSchema, p50: statSchema, p90: statSchema, p99: statSchema, p999: statSchema, max: statSchema })
  .superRefine((l, ctx) => {
    // Each run's percentiles are in order (HdrHistogram's are). Not checked against max: reports written before
    // 2026-11-25 could hold a bucket's top above the exact max, and stay readable.
    for (let k = 1; k < PERCENTILES.length; k++) {
      const [lo, hi] = [l[PERCENTILES[k - 1]], l[PERCENTILES[k]]];
      const run = lo.values.findIndex((v, i) => i < hi.values.length && v > hi.values[i]);
      if (lo.values.length !== hi.values.length) ctx.addIssue({ code: 'custom', message: `${PERCENTILES[k - 1]} has ${lo.values.length} runs and ${PERCENTILES[k]} ${hi.values.length}` });
      else if (run >= 0) ctx.addIssue({ code: 'custom', message: `run ${run + 1}: ${PERCENTILES[k - 1]} ${lo.values[run]} is above ${PERCENTILES[k]} ${hi.values[run]}` });
    }
  });
export type LatencyStats = z.infer<typeof latencySchema>;

/** kube-scheduler's benchmark shape (perf-dash DataItem): percentiles of one metric, in `unit`. */
const dataItemSchema = z.strictObject({
  data: z.strictObject({ Average: z.number(), Perc50: z.number(), Perc90: z.number(), Perc99: z.number() }),
  unit: z.string(),
  labels: z.record(z.string(), z.string()),
});
export type DataItem = z.infer<typeof dataItemSchema>;

/** A case's measures, each with its path in the case: the run-level stats and each decision latency's. */
function caseStats(c: { wallMs: Stat; cpuMs?: Stat; peakRssMB: Stat; eventsPerSecond: Stat; heartbeatsPerSecond: Stat; eventsPerCpuSecond?: Stat; decisionUs: Record<string, LatencyStats | undefined> }): Array<[string[], Stat]> {
  const own = (['wallMs', 'cpuMs', 'peakRssMB', 'eventsPerSecond', 'heartbeatsPerSecond', 'eventsPerCpuSecond'] as const)
    .flatMap((field): Array<[string[], Stat]> => (c[field] === undefined ? [] : [[[field], c[field]]]));
  const latencies = Object.entries(c.decisionUs).flatMap(([kind, l]) => (l === undefined ? [] : Object.entries(l).map(([k, st]): [string[], Stat] => [['decisionUs', kind, k], st])));
  return [...own, ...latencies];
}

export const caseSchema = z.strictObject({
  name: nameField('a case name'),
  /** `own`: a --scenario file's case (a user's scenario, measured warm). */
  group: z.enum(['scenario', 'latency', 'scale', 'own']),
  /** A scenario file from scenarios/: its digest is an outcome that must not change (bench compare: always fatal). */
  canonical: z.boolean(),
  policy: z.string(),
  nodes: z.number().int().positive(),
  jobs: z.number().int().min(0),
  maps: z.number().int().min(0),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  runs: z.number().int().positive(),
  wallMs: wallSchema,
  /**
   * User + system CPU time of the run (what the code costs; other work on the machine barely moves it). Absent in
   * reports before ebc02a9 (2026-11-22), as eventsPerCpuSecond is: they stay readable.
   */
  cpuMs: statSchema.optional(),
  peakRssMB: statSchema,
  events: z.number().int().min(0),
  heartbeats: z.number().int().min(0),
  /** Tasks launched and timer ticks run in a run (decisionUs.launch's and .tick's counts). Absent in reports before 2026-11-28 (ticks also for a policy with no timer): they stay readable. */
  launches: z.number().int().min(0).optional(),
  ticks: z.number().int().min(0).optional(),
  eventsPerSecond: statSchema,
  heartbeatsPerSecond: statSchema,
  eventsPerCpuSecond: statSchema.optional(),
  decisionUs: z.strictObject({
    heartbeat: latencySchema,
    launch: latencySchema,
    /**
     * The policy's timer cost per tick between epochs (a run's tickUs: hfs's and capacity's pool clocks, Quincy's
     * solve, a plugin's tick). Absent for a policy with no timer, and in reports before it existed: they stay readable.
     */
    tick: latencySchema.optional(),
  }),
  /**
   * A case of a user's scenario file (hfsim bench --scenario) run with --plugin files: each file as given and a
   * sha256 of its bytes (not of the modules it imports), so that compare can say when the plugin code differs.
   * Absent for the suites' cases and a user's case without plugins.
   */
  plugins: z.array(z.strictObject({ file: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })).min(1).optional(),
}).superRefine((c, ctx) => {
  // Each measure holds one value a run: a stat of other length was judged (its best value) beside a table that said
  // "runs" of the case's count, and compare's noise floor read a spread over runs that never were.
  for (const [path, st] of caseStats(c)) {
    if (st.values.length !== c.runs) ctx.addIssue({ code: 'custom', path: [...path, 'values'], message: `${st.values.length} value${st.values.length === 1 ? '' : 's'} where the case has ${c.runs} run${c.runs === 1 ? '' : 's'}` });
  }
});
export type BenchCase = z.infer<typeof caseSchema>;

export const benchReportSchema = z.strictObject({
  format: z.literal(BENCH_FORMAT),
  /** The built-in suite run, or "none": only a user's --scenario cases. */
  suite: z.enum(['smoke', 'full', 'none']),
  // a time, not any text ("yesterday"): bench compare tells a base newer than the new report by it
  createdAt: z.iso.datetime({ error: (i) => i.input === undefined ? undefined : `${JSON.stringify(i.input)} is no time as hfsim bench writes one (ISO 8601, as 2026-11-28T03:00:00.000Z)` }),
  machine: z.strictObject({ cpu: z.string(), cores: z.number().int().positive(), memoryMB: z.number().int().positive(), platform: z.string(), arch: z.string() }),
  node: z.string(),
  commit: z.string(),
  repeat: z.number().int().positive(),
  /** The --only text the cases were picked by (absent: every case of the suite, and in reports before it was kept). */
  only: z.string().min(1).optional(),
  /** Each case once: compare matches cases by name (a repeated one was judged by whichever came last). */
  cases: z.array(caseSchema).superRefine((cases, ctx) => repeatedKeys(ctx, cases, [], 'name', (c) => c.name, (name) => `case "${name}" appears twice`)),
  /** Best wall time of each size's runs against nodes at constant load per node: cost per node relative to the smallest size (1 = linear). */
  // Each size once, smallest first, in positive times: a size of 0 ms or one given twice fitted an exponent of NaN
  // (null in compare --json, exit 0).
  scale: z.array(z.strictObject({
    nodes: z.number().int().positive(), wallMs: z.number().positive(), usPerNodeHeartbeat: z.number().positive(), relativeCostPerNode: z.number().positive(),
    /** us per heartbeat added since the next smaller size (absent for the smallest, and in reports before it existed). */
    marginalUsPerHeartbeat: z.number().optional(),
  })).superRefine((rows, ctx) => {
    const after = rows.findIndex((r, i) => i > 0 && r.nodes <= rows[i - 1].nodes);
    if (after > 0) ctx.addIssue({ code: 'custom', path: [after, 'nodes'], message: `${rows[after].nodes} nodes after ${rows[after - 1].nodes}: the sizes go up, each once` });
  }),
  /** b in wall = a * nodes^b fitted over the scale curve (1 = linear; absent with fewer than two sizes, and in older reports). */
  scaleExponent: z.number().optional(),
  /**
   * A sweep (fb-macro-io under fair + delay, W1 x seeds) on 1 worker and on the machine's cores, alternating
   * (bench/sweep-scaling.ts): each worker count's wall time over the runs, and the speed-up of the medians. Absent
   * in reports before it existed, and with --only naming no sweep.
   */
  sweepScaling: z.strictObject({
    jobs: z.number().int().positive(),
    points: z.number().int().positive(),
    pool: z.string(),
    /** sha256 of the points' digests in point order: the same in every run, or the sweep is not deterministic. */
    digest: z.string().regex(/^[0-9a-f]{64}$/),
    /** Each worker count once: compare matches them by count (a repeated one was judged by whichever came first). */
    workers: z.array(z.strictObject({ workers: z.number().int().positive(), wallMs: wallSchema, pointMs: statSchema })).min(1)
      .superRefine((ws, ctx) => repeatedKeys(ctx, ws, [], 'workers', (w) => String(w.workers), (n) => `${n} workers appear twice`)),
    /** 1 worker's median wall time over the most workers': a ratio of times, above 0. */
    speedup: z.number().positive(),
  }).optional(),
  /** Decision latency in kube-scheduler's {Average, Perc50, Perc90, Perc99} shape, one item per case and metric. */
  perfdash: z.strictObject({ version: z.literal('v1'), dataItems: z.array(dataItemSchema) }),
}).superRefine((r, ctx) => {
  // hfsim bench runs every case, and the sweep on each worker count, --repeat times: a report that says otherwise was
  // edited, and compare would read its medians and noise as of runs it never made.
  r.cases.forEach((c, i) => {
    if (c.runs !== r.repeat) ctx.addIssue({ code: 'custom', path: ['cases', i, 'runs'], message: `${c.runs} where the report's repeat is ${r.repeat}: hfsim bench runs each case --repeat times` });
  });
  r.sweepScaling?.workers.forEach((w, i) => {
    if (w.wallMs.values.length !== r.repeat) ctx.addIssue({ code: 'custom', path: ['sweepScaling', 'workers', i, 'wallMs', 'values'], message: `${w.wallMs.values.length} value${w.wallMs.values.length === 1 ? '' : 's'} where the report's repeat is ${r.repeat}: hfsim bench runs the sweep on each worker count --repeat times` });
  });
  // compare read an exponent beside no curve as a curve of other sizes ("... nodes in base,  in new")
  if (r.scaleExponent !== undefined && r.scale.length < 2) ctx.addIssue({ code: 'custom', path: ['scaleExponent'], message: `${r.scaleExponent} with ${r.scale.length} size${r.scale.length === 1 ? '' : 's'} in scale: an exponent is fitted over two or more` });
});
export type BenchReport = z.infer<typeof benchReportSchema>;
