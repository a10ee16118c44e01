/**
 * YARN's Scheduler Load Simulator input (SLS JSON, hadoop-sls's AMRunner and AMDefinitionSLS): a file of job objects,
 * one after another (or a JSON array of them), each with "job.start.ms", "job.queue.name", optional "job.id",
 * "job.user", "job.end.ms", "job.count", "job.label.expression", the AM type ("yarn.sls.am.type", or "am.type" as SLS
 * read it before), and "job.tasks": containers with "container.host" ("/rack/host"), a duration ("container.duration.ms",
 * else "duration.ms", else "container.end.ms" - "container.start.ms", as TaskContainerDefinition takes them),
 * "container.priority", "container.type" (map or reduce), "count", "container.execution.type",
 * "container.allocation.id" and "container.request.delay".
 *
 * Read into a hfsim jobs workload: a job per SLS job (job.count copies), submitted at job.start.ms to the pool named
 * by its queue; a file per job with a block per map, the block's one replica on the map's container.host; its maps
 * take their mean duration and its reduces theirs (a hfsim job has one map and one reduce time). Hosts map onto the
 * cluster's nodes: the trace's racks by name in natural order (rack2 before rack10), the hosts of each (of maps and
 * reduces) by name, rack r's i-th node being node r x nodesPerRack + i. Ignored, as a slot simulation has no use for
 * them: job.end.ms (the traced finish), job.label.expression, container.priority (map 20, reduce 10 in SLS: the order
 * of a job's requests), the execution type, allocation id and request delay, and resources: SLS reads "am." and
 * "container." followed by a resource name (memory-mb, vcores, any configured type) as whole numbers, and so does this
 * (a container is a slot).
 *
 * A job SLS itself skips ("Failed to create an AM": no containers, or one whose duration is not above 0) is skipped
 * here too and listed (SlsTrace.skipped) for the caller to warn of. Any other key, a non-mapreduce AM type, a job
 * without maps, or a malformed value is bad input naming the file, line and column.
 */
import type { Node } from 'jsonc-parser';
import { JsonReader, positionIn } from './json-located.js';
import { InputError } from './errors.js';
import { MAX_JOB_MAPS, MAX_JOBS, MAX_LISTED_REPLICA_BLOCKS, MAX_REDUCES, MAX_TIME_MS, MAX_TIME_TEXT } from '../core/limits.js';
import { type Steps, drained } from './steps.js';

const JOB_KEYS = new Set(['yarn.sls.am.type', 'am.type', 'job.start.ms', 'job.end.ms', 'job.queue.name', 'job.id', 'job.user', 'job.tasks', 'job.count',
  'job.label.expression']);
const TASK_KEYS = new Set(['container.host', 'container.start.ms', 'container.end.ms', 'container.duration.ms', 'duration.ms', 'container.priority',
  'container.type', 'count', 'container.execution.type', 'container.allocation.id', 'container.request.delay']);
const EXECUTION_TYPES = ['GUARANTEED', 'OPPORTUNISTIC'];

/** A trace's jobs, and the jobs SLS would skip (skipped here too), each with its line and SLS's reason. */
export interface SlsTrace {
  jobs: SlsJob[];
  skipped: SkippedJob[];
  /**
   * Rumen: jobs submitted before the first job of the file (earlierMs), or whose submitTime is -1 (`unknown`, Rumen's
   * "not known"), whose submit time SLS resets to 0 ("reset job ... start time to 0").
   */
  reset?: Array<{ id: string; line: number } & ({ earlierMs: number } | { unknown: true })>;
  /** Where each job and the values of its converted fields are written (slsErrorsAtTrace names them by line and column). */
  places?: JobPlaces;
}

/** The converted fields whose values a job's places hold, in order after the job's own, and their keys in SLS JSON (rumen.ts: Rumen's). */
export const PLACED_FIELDS = ['id', 'submitMs', 'pool', 'user'] as const;
/** A trace format's key for each of PLACED_FIELDS, in its order. */
export type PlacedKeys = Keys<typeof PLACED_FIELDS>;
type Keys<T extends readonly unknown[]> = { readonly [K in keyof T]: string };
const SLS_PLACED_KEYS: PlacedKeys = ['job.id', 'job.start.ms', 'job.queue.name', 'job.user'];
/** Ints of JobPlaces a job: a line and a column for the job and for each of PLACED_FIELDS. */
export const PLACE_INTS = 2 * (1 + PLACED_FIELDS.length);

/**
 * For the jobs read, in order, 5 places each, a line and a column (from 1) a place: the job's own (its opening brace),
 * then the values of PLACED_FIELDS (line 0: not given). In one array, not an object a job: those cost 310 bytes a job
 * (31 MB for 100,000 jobs), these 40.
 */
export type JobPlaces = Int32Array;

export interface SkippedJob {
  id: string;
  line: number;
  /** What kind of fault, short, the same for every job skipped for it (a summary counts the jobs by it). */
  reason: string;
  why: string;
  /** SLS replays it, though hfsim cannot (a Rumen job without tasks: SLS runs its AM alone); absent where SLS skips it. */
  slsRuns?: true;
}

/**
 * Thrown while reading a job that SLS skips (AMRunner logs "Failed to create an AM" and goes on), or, `slsRuns`, one
 * SLS replays that hfsim has nothing of to replay.
 */
export class SkipJob extends Error {
  constructor(readonly job: SlsJob, readonly reason: string, why: string, readonly slsRuns = false) {
    super(why);
  }
}

/** Containers of one job alike: a duration, the preferred hosts (maps only), and how many containers. */
export interface TaskRun {
  hosts?: string[];
  ms: number;
  count: number;
}

/** The mean duration of the runs' tasks, summed task by task in file order (as it was summed when each was an element). */
export function meanMs(runs: readonly TaskRun[], n: number): number {
  let sum = 0;
  for (const r of runs) for (let i = 0; i < r.count; i++) sum += r.ms;
  return sum / n;
}

/** The trace's totals so far (each job counted with its "job.count" copies), checked against the limits as it is read. */
interface Totals {
  jobs: number;
  maps: number;
  reduces: number;
}

/** One SLS job, as read: its maps' hosts and durations, its reduces' durations. */
export interface SlsJob {
  id: string;
  startMs: number;
  queue: string;
  user: string;
  count: number;
  /**
   * The maps by container: each one's preferred hosts (SLS: its container.host; Rumen: its input's locations), its
   * duration, and how many maps it stands for (SLS's "count"; 1 in Rumen). Copies are counted, not made: 4.9 M of
   * them, one object each, took 1.1 GB a job.
   */
  maps: TaskRun[];
  /** The maps in all (the counts summed). */
  mapCount: number;
  /** The reduces by container, as the maps (a duration and a count each), and their number in all. */
  reduces: TaskRun[];
  reduceCount: number;
  /** Every container.host of the job (reduces' too), for the host-to-node map. */
  hosts: string[];
  line: number;
}

/**
 * Checks the keys of a job or container not in `known`: SLS reads `prefix` + a resource name as a resource, a whole
 * number (ignored here); any other key is refused.
 */
function checkOtherKeys(r: JsonReader, p: Map<string, Node>, known: Set<string>, prefix: string, what: string): void {
  for (const [key, value] of p) {
    if (known.has(key)) continue;
    const n = r.numeric(value);
    if (!key.startsWith(prefix) || !Number.isInteger(n) || n < 0) {
      r.fail(r.keyOf(value).offset, `unknown key "${key}" in ${what}${key.startsWith(prefix) ? ` (SLS reads other "${prefix}" keys as resources: whole numbers, not ${r.shown(value)})` : ''}`);
    }
  }
}

/**
 * A job in another of SLS's input formats, told by its keys (a Rumen job's, or the SYNTH generator's description),
 * refused saying what to set: a Rumen trace read as SLS JSON was refused as 'unknown key "priority" in a job'.
 */
function otherFormat(r: JsonReader, node: Node, p: Map<string, Node>): void {
  if (p.has('jobID') || p.has('mapTasks') || p.has('submitTime')) r.fail(node.offset, 'a Rumen job ("jobID", "mapTasks", "submitTime"), not an SLS JSON one: set workload.format to "rumen"');
  if (p.has('num_jobs') || p.has('workloads')) r.fail(node.offset, 'SLS\'s synthetic workload description (SYNTH: "num_jobs", "workloads"), not a trace: hfsim replays SLS JSON and Rumen traces; write such jobs as a "generated" workload');
}

function slsJob(r: JsonReader, node: Node, index: number, totals: Totals): SlsJob {
  const p = r.props(node, undefined, 'a job');
  otherFormat(r, node, p);
  checkOtherKeys(r, p, JOB_KEYS, 'am.', 'a job');
  // null is no value: it read as a submit time of 0 and the queue "default", silently
  const need = (key: string): void => {
    const v = p.get(key);
    if (v === undefined) r.fail(node.offset, `the job has no "${key}"`);
    if (v.value === null) r.fail(v.offset, `"${key}" is null: the job needs one`);
  };
  need('job.start.ms');
  need('job.queue.name');
  const amKey = p.has('yarn.sls.am.type') ? 'yarn.sls.am.type' : 'am.type';
  const amType = r.str(p, amKey) ?? 'mapreduce';
  if (amType !== 'mapreduce') r.fail(p.get(amKey)!.offset, `${amKey} "${amType}": only mapreduce jobs are replayed`);
  r.num(p, 'job.end.ms', { min: 0 });
  r.str(p, 'job.label.expression');
  const job: SlsJob = {
    id: r.str(p, 'job.id') ?? `job_${index + 1}`,
    startMs: r.num(p, 'job.start.ms', { min: 0, max: MAX_TIME_MS, int: true })!,
    queue: r.str(p, 'job.queue.name')!,
    user: r.str(p, 'job.user') ?? 'default',
    count: Math.max(r.num(p, 'job.count', { min: -Infinity, int: true }) ?? 1, 1), // SLS: Math.max(jobCount, 1)
    maps: [],
    mapCount: 0,
    reduces: [],
    reduceCount: 0,
    hosts: [],
    line: r.line(node.offset),
  };
  // Alone past the limit (its products with the maps then stay small); the running total once the job is read whole.
  // Each is said once the job is read whole, and only if SLS would not skip it (a later container of 0 ms): a
  // container's copies are a count, so reading on costs nothing.
  const countAt = (p.get('job.count') ?? node).offset;
  if (job.count > MAX_JOBS) overLimit(job, countAt, `"job.count" ${job.count} is above the limit of ${MAX_JOBS} jobs`);
  const tasks = p.get('job.tasks');
  if (tasks === undefined || tasks.value === null || (tasks.type === 'array' && (tasks.children ?? []).length === 0)) throw new SkipJob(job, 'no container', `"job.tasks" is ${noList(tasks)}, and SLS needs at least one container ("No task for the job!")`);
  if (tasks.type !== 'array') r.fail(tasks.offset, '"job.tasks" must be an array of containers');
  for (const t of tasks.children!) slsTask(r, t, job, totals);
  const over = firstOver.get(job);
  if (over !== undefined) r.fail(...over);
  if (job.mapCount === 0) r.fail(tasks.offset, `job "${job.id}" has no map container: hfsim's jobs read their input in maps`);
  // Counted once it is read whole: a job SLS skips (SkipJob, above) counts for nothing.
  if (totals.jobs + job.count > MAX_JOBS) r.fail(countAt, `job "${job.id}"${job.count > 1 ? ` (${job.count} copies: "job.count")` : ''} brings the trace to ${totals.jobs + job.count} jobs in all, above the limit of ${MAX_JOBS}`);
  totals.jobs += job.count;
  totals.maps += job.count * job.mapCount;
  totals.reduces += job.count * job.reduceCount;
  return job;
}

/** A container's duration keys, in TaskContainerDefinition's order; then "container.start.ms" and "container.end.ms". */
const DURATION_KEYS = ['container.duration.ms', 'duration.ms'] as const;
const TIME_KEYS = [...DURATION_KEYS, 'container.start.ms', 'container.end.ms'];

/** The time keys a container with no duration has, as written ("duration.ms" -1 is SLS's "not given"), or "none". */
function timeKeysWritten(p: Map<string, Node>): string {
  const written = TIME_KEYS.filter((k) => p.has(k)).map((k) => `"${k}" ${JSON.stringify(p.get(k)!.value)}${p.get(k)!.value === -1 ? ', SLS\'s "not given"' : ''}`);
  return written.length === 0 ? 'none' : written.join(', ');
}

/** How a list a job or task needs is empty: "missing", "null" or "[]". */
export function noList(list: Node | undefined): string {
  return list === undefined ? 'missing' : list.value === null ? 'null' : '[]';
}

/** A job's first limit passed (at its offset), said once the job is read whole and not skipped. */
const firstOver = new WeakMap<SlsJob, [number, string]>();
const overLimit = (job: SlsJob, at: number, message: string): void => {
  if (!firstOver.has(job)) firstOver.set(job, [at, message]);
};

function slsTask(r: JsonReader, node: Node, job: SlsJob, totals: Totals): void {
  const p = r.props(node, undefined, 'a container');
  checkOtherKeys(r, p, TASK_KEYS, 'container.', 'a container');
  r.num(p, 'container.priority', { min: -Infinity, int: true }); // any int, as SLS's Integer.parseInt
  r.num(p, 'container.allocation.id', { min: -1, int: true });
  r.num(p, 'container.request.delay', { min: -Infinity, int: true }); // SLS clamps a negative delay to 0
  const execution = r.str(p, 'container.execution.type');
  if (execution !== undefined && !EXECUTION_TYPES.includes(execution)) r.fail(p.get('container.execution.type')!.offset, `"container.execution.type" must be ${EXECUTION_TYPES.map((t) => `"${t}"`).join(' or ')}, not "${execution}"`);
  // TaskContainerDefinition's order; -1 is its "not given".
  const given = (key: string): number | undefined => {
    const v = r.num(p, key, { min: -Infinity });
    return v === -1 ? undefined : v;
  };
  const durationKey = DURATION_KEYS.find((key) => given(key) !== undefined);
  const duration = durationKey === undefined ? undefined : given(durationKey);
  const start = given('container.start.ms');
  const end = given('container.end.ms');
  const timed = duration !== undefined || (start !== undefined && end !== undefined);
  const ms = duration ?? (timed ? end! - start! : 0);
  if (ms <= 0) {
    const has = durationKey !== undefined ? `has "${durationKey}" ${ms}`
      : timed ? `has "container.start.ms" ${start} and "container.end.ms" ${end}, so lasts ${ms} ms`
      : `has no duration ("container.duration.ms", "duration.ms", or "container.start.ms" and "container.end.ms"; it has ${timeKeysWritten(p)})`;
    throw new SkipJob(job, timed ? 'a container of 0 ms or less' : 'a container with no duration', `its container at line ${r.line(node.offset)} ${has}, and SLS needs a container to last above 0 ms ("Duration of a task shouldn't be less or equal to 0!")`);
  }
  // here, with its line: past the limit it failed as the converted workload's "workload.jobs[0].mapMs", or as NaN
  if (ms > MAX_TIME_MS) r.fail(node.offset, `the container lasts ${ms} ms, above the limit of ${MAX_TIME_TEXT} for any time`);
  const type = r.str(p, 'container.type') ?? 'map';
  if (type !== 'map' && type !== 'reduce') r.fail(p.get('container.type')!.offset, `"container.type" must be "map" or "reduce", not "${type}"`);
  const count = Math.max(r.num(p, 'count', { min: -Infinity, int: true }) ?? 1, 1); // SLS: Math.max(count, 1)
  const host = hostOf(r, p, 'container.host');
  if (type === 'map' && host === undefined) r.fail(node.offset, 'a map container needs "container.host": its input\'s replica');
  if (host !== undefined) job.hosts.push(host);
  // Checked as each container is read, the job's and the trace's (every job before it, with its copies): a count of
  // 1e9 once filled the heap for minutes, and 12 jobs of 4.9 M maps (each within a job's limit) crashed it.
  const at = (p.get('count') ?? node).offset;
  const map = type === 'map';
  const [have, most, what] = map ? [job.mapCount, MAX_JOB_MAPS, 'maps a job'] : [job.reduceCount, MAX_REDUCES, 'reduces'];
  if (have + count > most) overLimit(job, at, `"count" ${count} makes job "${job.id}" ${have + count} ${type}s, above the limit of ${most} ${what}`);
  const [before, mostInAll, whatInAll] = map ? [totals.maps, MAX_LISTED_REPLICA_BLOCKS, 'maps in all (each a block whose host is listed as its replica)'] : [totals.reduces, MAX_REDUCES, 'reduces in all'];
  const inAll = before + job.count * (have + count);
  if (inAll > mostInAll) overLimit(job, at, `"count" ${count} brings the trace to ${inAll} ${type}s in all (the jobs up to this one, with their "job.count" copies${job.count > 1 ? `: this one's ${job.count}` : ''}), above the limit of ${mostInAll} ${whatInAll}`);
  if (map) {
    job.maps.push({ hosts: [host!], ms, count });
    job.mapCount += count;
  } else {
    job.reduces.push({ ms, count });
    job.reduceCount += count;
  }
}

/** `onBytes` is told the bytes of the jobs read so far and the trace's bytes (a command's progress). */
export function parseSlsTrace(text: string, file: string, onBytes?: (bytes: number, total: number) => void): SlsTrace {
  return drained(slsTraceJobs(text, file, onBytes));
}

/** parseSlsTrace, pausing as readJobs does. */
export function slsTraceJobs(text: string, file: string, onBytes?: (bytes: number, total: number) => void): Steps<SlsTrace> {
  const reader = new JsonReader(text, file);
  const totals: Totals = { jobs: 0, maps: 0, reduces: 0 };
  return readJobs(reader, reader.values(), (v, i) => slsJob(reader, v, i, totals), SLS_PLACED_KEYS, onBytes);
}

/**
 * Characters of a trace read between pauses (readJobs): about 0.1 s of reading (156 MB of SLS JSON took 15 s), as a
 * SWIM trace's 16,384 rows (trace.ts).
 */
const CHARS_TOLD = 1 << 20;

/**
 * Each job of a trace read by `read`, but those SLS skips (SkipJob), listed with their id and line; none left is bad
 * input. After the job that passes each CHARS_TOLD characters more, it tells `onBytes` the bytes read up to that job's
 * end, of the trace's, and pauses (a command lets the event loop turn there); and once at the end.
 */
export function* readJobs(r: JsonReader, values: Iterable<Node>, read: (v: Node, i: number) => SlsJob, placedKeys: PlacedKeys,
  onBytes?: (bytes: number, total: number) => void): Steps<SlsTrace> {
  const jobs: SlsJob[] = [];
  const places: number[] = [];
  const lines = r.lines();
  const place = (offset: number | undefined): void => {
    if (offset === undefined) places.push(0, 0);
    else places.push(...positionIn(lines, offset));
  };
  const skipped: SkippedJob[] = [];
  const total = onBytes === undefined ? 0 : r.bytes();
  let toldAt = 0;
  let bytes = 0;
  let i = 0;
  // One job's tree at a time (JsonReader.values parses each as it is reached).
  for (const v of values) {
    try {
      jobs.push(read(v, i));
      place(v.offset);
      for (const key of placedKeys) place(v.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1]?.offset);
    } catch (err) {
      if (!(err instanceof SkipJob)) throw err;
      skipped.push({ id: err.job.id, line: err.job.line, reason: err.reason, why: err.message, ...(err.slsRuns ? { slsRuns: true as const } : {}) });
    }
    i++;
    const end = v.offset + v.length;
    if (end - toldAt >= CHARS_TOLD) {
      if (onBytes !== undefined) {
        bytes += r.bytes(toldAt, end);
        onBytes(bytes, total);
      }
      toldAt = end;
      yield;
    }
  }
  onBytes?.(total, total);
  if (jobs.length === 0) {
    const all = skipped.some((k) => k.slsRuns) ? `all ${skipped.length} are skipped` : `SLS skips all ${skipped.length}`;
    throw new InputError(skipped.length === 0 ? `${r.file}: the trace has no jobs` : `${r.file}: no job to replay: ${all} (line ${skipped[0].line}, job "${skipped[0].id}": ${skipped[0].why})`);
  }
  return { jobs, skipped, places: Int32Array.from(places) };
}


/**
 * A container's host, "/rack/host" (or a bare host), read as SLS reads it: Hadoop's NodeBase drops one trailing "/", so
 * "/r1/h1/" is /r1/h1 (it was host "" of a rack "r1/h1" of its own, silently); what names no host then ("/r1/", "/",
 * "/r1/h1//") is refused at its line, as SLS fails on it.
 */
export function hostOf(r: JsonReader, p: Map<string, Node>, key: string): string | undefined {
  const written = r.str(p, key);
  if (written === undefined || !written.endsWith('/')) return written;
  const host = written.slice(0, -1);
  if (host.endsWith('/') || host.lastIndexOf('/') <= 0) r.fail(p.get(key)!.offset, `"${key}" ${JSON.stringify(written)} names no host: write "/rack/host" (SLS reads "/rack/host/" as /rack/host, and fails on this)`);
  return host;
}
