/**
 * Rumen job traces (hadoop-tools rumen's LoggedJob JSON, SLS's other input), read as SLS's AMDefinitionRumen reads
 * them: per job "jobID" (job_<identifier>_<number>, as Rumen's JobID.forName takes it; a job without one is skipped, as
 * SLS fails on it), "user" ("default" when absent), "queue", "submitTime", and "mapTasks" / "reduceTasks", each
 * task's last attempt giving the container: its "hostName" ("/rack/host") and "finishTime" - "startTime". Submit times
 * count from the file's first job's (a job before it starts at 0): hfsim's rule, near the older SLS runner's (which
 * counted from the first job with a submitTime above 0, set only by a job it could read), where today's starts every
 * job at 0. A job SLS skips ("Failed to create an AM": a task with no attempt, or whose last attempt has no host or
 * does not last above 0 ms, finishTime - startTime taken as it is, -1 for "not known" included) is skipped here too
 * and listed (sls.ts SlsTrace.skipped); Hadoop's own sample trace, 2jobs2min-rumen-jh.json, has such a job (a KILLED
 * map with no attempt). Rumen's many other fields are ignored; a
 * malformed file, or a used field of the wrong type, is bad input naming the file, line and column. Jobs come out as SlsJob.
 */
import type { Node } from 'jsonc-parser';
import { JsonReader } from './json-located.js';
import { MAX_TIME_MS, MAX_TIME_TEXT } from '../core/limits.js';
import { type SlsJob, type SlsTrace, SkipJob, hostOf, noList, readJobs } from './sls.js';
import { type Steps, drained } from './steps.js';

/**
 * `v`, field `key`'s number, where it fits the Java long SLS reads it as (Jackson refuses the trace otherwise: one was
 * taken rounded, and its job skipped, or two jobs' submissions made one). Digits are compared as written: every long
 * from 9223372036854775296 up rounds to 2^63 as a double, Long.MAX_VALUE included.
 */
function longNum(r: JsonReader, props: Map<string, Node>, key: string, v: number): number {
  const node = props.get(key);
  if (node === undefined) return v;
  const text = r.written(node);
  const beyond = /^-?\d+$/.test(text) ? BigInt(text) > 9223372036854775807n || BigInt(text) < -9223372036854775808n : v >= 2 ** 63 || v < -(2 ** 63);
  if (beyond) r.fail(node.offset, `"${key}" is ${text}, beyond a Java long (-9223372036854775808 to 9223372036854775807), which SLS reads it as: Jackson refuses it`);
  return v;
}

/** An attempt's "startTime" and "finishTime" as written, with what SLS takes a -1, null or missing one for. */
function attemptTimes(a: Map<string, Node>): string {
  const start = a.get('startTime');
  const finish = a.get('finishTime');
  if (start === undefined && finish === undefined) return 'no "startTime" and no "finishTime" (each -1 to SLS)';
  const shown = (field: string, v: Node | undefined): string => (v === undefined ? `no "${field}" (-1 to SLS)`
    : `"${field}" ${JSON.stringify(v.value)}${v.value === null ? ' (0 to SLS)' : v.value === -1 ? ' (Rumen\'s "not known")' : ''}`);
  return `${shown('startTime', start)} and ${shown('finishTime', finish)}`;
}

function tasks(r: JsonReader, p: Map<string, Node>, key: string, job: SlsJob): void {
  const list = p.get(key);
  if (list === undefined || list.value === null) return;
  if (list.type !== 'array') r.fail(list.offset, `"${key}" must be an array of tasks`);
  for (const task of list.children ?? []) {
    const at = `its task at line ${r.line(task.offset)} in "${key}"`;
    const attempts = r.props(task, undefined, 'a task').get('attempts');
    if (attempts !== undefined && attempts.value !== null && attempts.type !== 'array') r.fail(attempts.offset, '"attempts" must be an array of task attempts');
    if (attempts === undefined || attempts.value === null || (attempts.children ?? []).length === 0) throw new SkipJob(job, 'a task with no attempt', `${at} has no attempt: "attempts" is ${noList(attempts)}, and SLS needs at least one ("${key === 'mapTasks' ? 'Invalid map task, no attempt for a mapper!' : 'Invalid reduce task, no attempt for a reducer!'}")`);
    const last = attempts.children![attempts.children!.length - 1];
    const a = r.props(last, undefined, 'a task attempt');
    const host = hostOf(r, a, 'hostName');
    // SLS takes finishTime - startTime as Jackson reads them into LoggedTaskAttempt: -1 (Rumen's "not known", and its
    // default) included, and null as a long's 0. An attempt that never started (a KILLED speculative one, often a
    // task's last) lasts finishTime + 1 ms there; it was skipped here as lasting "an unknown time".
    const time = (field: string): number => (a.get(field)?.value === null ? 0 : longNum(r, a, field, r.num(a, field, { min: -1 }) ?? -1));
    const start = time('startTime');
    const finish = time('finishTime');
    if (host === undefined) throw new SkipJob(job, 'a last attempt with no "hostName"', `${at}: its last attempt has ${a.has('hostName') ? '"hostName" null' : 'no "hostName"'}, and SLS needs the node it ran on`);
    const ms = finish - start;
    // -1 is also TaskContainerDefinition's "no duration given": 0 ms, skipped alike
    if (ms <= 0) throw new SkipJob(job, 'a last attempt of 0 ms or less', `${at}: its last attempt has ${attemptTimes(a)}, so lasts ${ms} ms, and SLS needs it to last above 0 ms ("Duration of a task shouldn't be less or equal to 0!")`);
    // An attempt that never started, with a finishTime since the epoch (every real job history's): SLS would run it
    // for decades. Past hfsim's limit on any time, its job is skipped and said so, as a trace of real jobs holds such
    // attempts (refusing the trace left it unreplayable for one killed speculative attempt).
    // A null startTime (0 to Jackson) is one never known as well: SLS runs that container finishTime ms.
    if (ms > MAX_TIME_MS && start <= 0) {
      const written = start === -1 ? '-1, Rumen\'s "not known"' : a.get('startTime')?.value === null ? 'null, 0 to SLS' : '0';
      const lasts = start === -1 ? 'finishTime + 1' : 'finishTime';
      throw new SkipJob(job, 'a last attempt with no start, past the limit on any time', `${at}: its last attempt has no start (startTime ${written}), so SLS would run its container ${lasts} ms, ${ms} ms, past hfsim's limit of ${MAX_TIME_TEXT} on any time`, true);
    }
    if (ms > MAX_TIME_MS) r.fail(last.offset, `its last attempt lasts ${ms} ms, above the limit of ${MAX_TIME_TEXT} for any time`);
    if (key === 'mapTasks') {
      job.maps.push({ hosts: [host], ms, count: 1 });
      job.mapCount++;
    } else {
      job.reduces.push({ ms, count: 1 });
      job.reduceCount++;
    }
    job.hosts.push(host);
  }
}

/**
 * Whether Rumen's reader takes a job id: LoggedJob.setJobID is mapreduce.JobID.forName, which splits the id at "_"
 * (Java's split: trailing empty parts dropped) into "job", an identifier and an int, and throws on anything else.
 */
function isJobId(id: string): boolean {
  const parts = id.split('_');
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length !== 3 || parts[0] !== 'job' || !/^[+-]?[0-9]+$/.test(parts[2])) return false;
  const n = Number(parts[2]);
  return n >= -(2 ** 31) && n < 2 ** 31;
}

/** `onBytes` is told the bytes of the jobs read so far and the trace's bytes (a command's progress). */
export function parseRumenTrace(text: string, file: string, onBytes?: (bytes: number, total: number) => void): SlsTrace {
  return drained(rumenTraceJobs(text, file, onBytes));
}

/** parseRumenTrace, pausing as readJobs does. */
export function* rumenTraceJobs(text: string, file: string, onBytes?: (bytes: number, total: number) => void): Steps<SlsTrace> {
  const r = new JsonReader(text, file);
  let baseline: number | undefined;
  const reset: NonNullable<SlsTrace['reset']> = [];
  const trace = yield* readJobs(r, r.values(), (node, i) => {
    const p = r.props(node, undefined, 'a job');
    // SLS JSON read as Rumen was refused as 'the job has no "submitTime"', saying nothing of the format.
    if (p.has('job.start.ms') || p.has('job.tasks')) r.fail(node.offset, 'an SLS JSON job ("job.start.ms", "job.tasks"), not a Rumen one: leave workload.format out (or set it to "sls")');
    // A malformed id fails Jackson's reading of the job (the setter throws), and with it SLS's whole run.
    const idNode = p.get('jobID');
    if (typeof idNode?.value === 'string' && !isJobId(idNode.value)) r.fail(idNode.offset, `"jobID" ${JSON.stringify(idNode.value)} is not a job id ("job_<identifier>_<number>", as "job_1369942127770_1205"): Rumen's reader (JobID.forName) fails on it, and SLS with it`);
    const written = longNum(r, p, 'submitTime', r.num(p, 'submitTime', { min: -1, int: true }) ?? r.fail(node.offset, 'the job has no "submitTime"'));
    // -1 is Rumen's "not known" (LoggedJob's default): SLS's start, -1 less the baseline, is below 0 and reset to 0.
    // Such a job sets no baseline: the file's first job with a known time does.
    const unknown = written === -1;
    // The baseline is the file's first job (hfsim's rule; see the header); an earlier job starts at 0, with a warning.
    if (!unknown) baseline ??= written;
    const submit = unknown ? baseline ?? 0 : written;
    const job: SlsJob = {
      id: r.str(p, 'jobID') ?? `job_${i + 1}`,
      startMs: Math.max(0, submit - (baseline ?? 0)) <= MAX_TIME_MS ? Math.max(0, submit - (baseline ?? 0)) : r.fail(p.get('submitTime')!.offset, `"submitTime" is ${submit - (baseline ?? 0)} ms after the first job's, above the limit of ${MAX_TIME_TEXT} for any time`),
      queue: r.str(p, 'queue') ?? 'default',
      user: r.str(p, 'user') ?? 'default',
      count: 1,
      maps: [],
      mapCount: 0,
      reduces: [],
      reduceCount: 0,
      hosts: [],
      line: r.line(node.offset),
    };
    tasks(r, p, 'mapTasks', job);
    tasks(r, p, 'reduceTasks', job);
    // AMDefinitionFactory reads the tasks, then job.getJobID().toString(): null (no "jobID", or null) fails the job.
    if (idNode === undefined || idNode.value === null) throw new SkipJob(job, 'no "jobID"', 'it has no "jobID" (SLS fails on it: "Failed to create an AM")');
    // A job that failed before any task (common in job histories). SLS's "No task for the job!" is SLS JSON's: here
    // MRAMSimulator gets no containers, and its AM asks for nothing and finishes. hfsim models no AM container.
    if (job.mapCount === 0 && job.reduceCount === 0) throw new SkipJob(job, 'no task', 'it has no tasks (SLS runs its AM alone, and hfsim models no AM container)', true);
    if (job.mapCount === 0) r.fail(node.offset, `job "${job.id}" has no map task: hfsim's jobs read their input in maps`);
    // Told only of a job replayed (a skipped one has its own warning).
    if (unknown) reset.push({ id: job.id, line: job.line, unknown: true });
    else if (submit < baseline!) reset.push({ id: job.id, line: job.line, earlierMs: baseline! - submit });
    return job;
  }, ['jobID', 'submitTime', 'queue', 'user'], onBytes);
  return reset.length === 0 ? trace : { ...trace, reset };
}
