/**
 * Rumen job traces (hadoop-tools rumen's LoggedJob JSON, SLS's other input), read as SLS's SLSRunner reads them:
 * per job "jobID", "user" ("default" when absent), "queue", "submitTime", and "mapTasks" / "reduceTasks", each task's
 * last attempt giving the container: its "hostName" ("/rack/host") and "finishTime" - "startTime". Submit times count
 * from the first job's, as in SLS (a job before it starts at 0). Rumen's many other fields are ignored; a malformed
 * file, or a used field of the wrong type, is bad input naming the file and line. Jobs come out as SlsJob (sls.ts).
 */
import type { Node } from 'jsonc-parser';
import { InputError } from './errors.js';
import { JsonReader } from './json-located.js';
import type { SlsJob } from './sls.js';

function tasks(r: JsonReader, p: Map<string, Node>, key: string, job: SlsJob): void {
  const list = p.get(key);
  if (list === undefined || list.value === null) return;
  if (list.type !== 'array') r.fail(list.offset, `"${key}" must be an array of tasks`);
  for (const task of list.children ?? []) {
    const attempts = r.props(task, undefined, 'a task').get('attempts');
    if (attempts === undefined || attempts.type !== 'array' || (attempts.children ?? []).length === 0) {
      r.fail(task.offset, `a task in "${key}" has no attempts (SLS refuses it too)`);
    }
    const last = attempts.children![attempts.children!.length - 1];
    const a = r.props(last, undefined, 'a task attempt');
    const host = r.str(a, 'hostName');
    const start = r.num(a, 'startTime', { min: 0 });
    const finish = r.num(a, 'finishTime', { min: 0 });
    if (start === undefined || finish === undefined) r.fail(last.offset, 'the task\'s last attempt needs "startTime" and "finishTime"');
    if (finish <= start) r.fail(last.offset, `the task's last attempt must last more than 0 ms (SLS refuses it too), not ${finish - start}`);
    if (key === 'mapTasks') {
      if (host === undefined) r.fail(last.offset, 'a map task\'s last attempt needs "hostName": its input\'s replica');
      job.maps.push({ hosts: [host], ms: finish - start });
    } else {
      job.reduceMs.push(finish - start);
    }
    if (host !== undefined) job.hosts.push(host);
  }
}

export function parseRumenTrace(text: string, file: string): SlsJob[] {
  const r = new JsonReader(text, file);
  let baseline: number | undefined;
  const jobs = r.values().map((node, i) => {
    const p = r.props(node, undefined, 'a job');
    const submit = r.num(p, 'submitTime', { min: 0, int: true }) ?? r.fail(node.offset, 'the job has no "submitTime"');
    baseline ??= submit;
    const job: SlsJob = {
      id: r.str(p, 'jobID') ?? `job_${i + 1}`,
      startMs: Math.max(0, submit - baseline),
      queue: r.str(p, 'queue') ?? 'default',
      user: r.str(p, 'user') ?? 'default',
      count: 1,
      maps: [],
      reduceMs: [],
      hosts: [],
      line: r.line(node.offset),
    };
    tasks(r, p, 'mapTasks', job);
    tasks(r, p, 'reduceTasks', job);
    if (job.maps.length === 0) r.fail(node.offset, `job "${job.id}" has no map task: hfsim's jobs read their input in maps`);
    return job;
  });
  if (jobs.length === 0) throw new InputError(`${file}: the trace has no jobs`);
  return jobs;
}
