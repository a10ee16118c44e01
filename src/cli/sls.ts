/**
 * YARN's Scheduler Load Simulator input (SLS JSON, hadoop-sls's SLSRunner): a file of job objects, one after another
 * (or a JSON array of them), each with "job.start.ms", "job.queue.name", optional "job.id", "job.user", "job.end.ms",
 * "am.type", "job.count", and "job.tasks": containers with "container.host" ("/rack/host"), "container.start.ms" and
 * "container.end.ms" (or "duration.ms"), "container.priority", "container.type" (map or reduce) and "count".
 *
 * Read into a hfsim jobs workload: a job per SLS job (job.count copies), submitted at job.start.ms to the pool named
 * by its queue; a file per job with a block per map, the block's one replica on the map's container.host; its maps
 * take their mean duration and its reduces theirs (a hfsim job has one map and one reduce time). Hosts map onto the
 * cluster's nodes: the trace's racks by name in natural order (rack2 before rack10), the hosts of each (of maps and
 * reduces) by name, rack r's i-th node being node r x nodesPerRack + i. Ignored, as a slot simulation has no use for them: job.end.ms (the traced
 * finish), container.priority (map 20, reduce 10 in SLS: the order of a job's requests), container and AM memory and
 * vcores (a container is a slot). Any other key, a non-mapreduce am.type or a malformed value is bad input naming the
 * file and line.
 */
import type { Node } from 'jsonc-parser';
import { JsonReader } from './json-located.js';
import type { SlsWorkload } from '../core/scenario.js';
import { InputError } from './errors.js';
import { MAX_BLOCKS, MAX_JOB_MAPS, MAX_JOBS, MAX_REDUCES } from '../core/limits.js';

const JOB_KEYS = new Set(['am.type', 'job.start.ms', 'job.end.ms', 'job.queue.name', 'job.id', 'job.user', 'job.tasks', 'job.count', 'am.memory', 'am.vcores']);
const TASK_KEYS = new Set(['container.host', 'container.start.ms', 'container.end.ms', 'duration.ms', 'container.priority', 'container.type', 'count',
  'container.memory', 'container.vcores']);

/** One SLS job, as read: its maps' hosts and durations, its reduces' durations. */
export interface SlsJob {
  id: string;
  startMs: number;
  queue: string;
  user: string;
  count: number;
  /** Each map's preferred hosts (SLS: its container.host; Rumen: its input's locations) and duration. */
  maps: Array<{ hosts: string[]; ms: number }>;
  reduceMs: number[];
  /** Every container.host of the job (reduces' too), for the host-to-node map. */
  hosts: string[];
  line: number;
}

function slsJob(r: JsonReader, node: Node, index: number): SlsJob {
  const p = r.props(node, JOB_KEYS, 'a job');
  const need = (key: string): Node => p.get(key) ?? r.fail(node.offset, `the job has no "${key}"`);
  need('job.start.ms');
  need('job.queue.name');
  const tasks = need('job.tasks');
  const amType = r.str(p, 'am.type') ?? 'mapreduce';
  if (amType !== 'mapreduce') r.fail(p.get('am.type')!.offset, `am.type "${amType}": only mapreduce jobs are replayed`);
  r.num(p, 'job.end.ms', { min: 0 });
  r.num(p, 'am.memory', { min: 0 });
  r.num(p, 'am.vcores', { min: 0 });
  const job: SlsJob = {
    id: r.str(p, 'job.id') ?? `job_${index + 1}`,
    startMs: r.num(p, 'job.start.ms', { min: 0, int: true })!,
    queue: r.str(p, 'job.queue.name')!,
    user: r.str(p, 'job.user') ?? 'default',
    count: r.num(p, 'job.count', { min: 1, int: true }) ?? 1,
    maps: [],
    reduceMs: [],
    hosts: [],
    line: r.line(node.offset),
  };
  if (tasks.type !== 'array' || (tasks.children ?? []).length === 0) r.fail(tasks.offset, '"job.tasks" must be a non-empty array of containers');
  for (const t of tasks.children!) slsTask(r, t, job);
  if (job.maps.length === 0) r.fail(tasks.offset, `job "${job.id}" has no map container: hfsim's jobs read their input in maps`);
  return job;
}

function slsTask(r: JsonReader, node: Node, job: SlsJob): void {
  const p = r.props(node, TASK_KEYS, 'a container');
  r.num(p, 'container.priority', { min: 0, int: true });
  r.num(p, 'container.memory', { min: 0 });
  r.num(p, 'container.vcores', { min: 0 });
  const duration = r.num(p, 'duration.ms', { min: 0 });
  const start = r.num(p, 'container.start.ms', { min: 0 });
  const end = r.num(p, 'container.end.ms', { min: 0 });
  const ms = duration ?? (start !== undefined && end !== undefined ? end - start : undefined);
  if (ms === undefined) r.fail(node.offset, 'a container needs "duration.ms", or "container.start.ms" and "container.end.ms"');
  if (ms <= 0) r.fail(node.offset, `a container must last more than 0 ms (SLS refuses it too), not ${ms}`);
  const type = r.str(p, 'container.type') ?? 'map';
  if (type !== 'map' && type !== 'reduce') r.fail(p.get('container.type')!.offset, `"container.type" must be "map" or "reduce", not "${type}"`);
  const count = r.num(p, 'count', { min: 1, int: true }) ?? 1;
  const host = r.str(p, 'container.host');
  if (type === 'map' && host === undefined) r.fail(node.offset, 'a map container needs "container.host": its input\'s replica');
  if (host !== undefined) job.hosts.push(host);
  // Checked before the copies are made: a count of 1e9 once filled the heap for minutes.
  const [have, most, what] = type === 'map' ? [job.maps.length, MAX_JOB_MAPS, 'maps a job'] : [job.reduceMs.length, MAX_REDUCES, 'reduces'];
  if (have + count > most) r.fail(p.get('count')!.offset, `"count" ${count} makes job "${job.id}" ${have + count} ${type}s, above the limit of ${most} ${what}`);
  for (let i = 0; i < count; i++) {
    if (type === 'map') job.maps.push({ hosts: [host!], ms });
    else job.reduceMs.push(ms);
  }
}

export function parseSlsTrace(text: string, file: string): SlsJob[] {
  const reader = new JsonReader(text, file);
  const jobs = reader.values().map((v, i) => slsJob(reader, v, i));
  if (jobs.length === 0) throw new InputError(`${file}: the trace has no jobs`);
  return jobs;
}


/** "/rack/host" -> [rack, host]; a bare host is in "default-rack", as in SLS. */
function splitHost(host: string): [string, string] {
  const cut = host.lastIndexOf('/');
  if (cut < 0) return ['default-rack', host];
  return [host.slice(0, cut).replace(/^\/+/, '') || 'default-rack', host.slice(cut + 1)];
}

const natural = new Intl.Collator('en', { numeric: true }).compare;

/** The node id of every host of the trace: racks and their nodes in natural order, packed onto the cluster's. */
export function hostNodes(jobs: SlsJob[], racks: number, nodesPerRack: number, file: string): Map<string, number> {
  const byRack = new Map<string, Set<string>>();
  for (const j of jobs) {
    for (const h of j.hosts) {
      const [rack, host] = splitHost(h);
      let set = byRack.get(rack);
      if (set === undefined) byRack.set(rack, (set = new Set()));
      set.add(host);
    }
  }
  const rackNames = [...byRack.keys()].sort(natural);
  if (rackNames.length > racks) throw new InputError(`${file}: the trace's hosts are in ${rackNames.length} racks, the cluster has ${racks} (cluster.racks)`);
  const out = new Map<string, number>();
  rackNames.forEach((rack, r) => {
    const hosts = [...byRack.get(rack)!].sort(natural);
    if (hosts.length > nodesPerRack) throw new InputError(`${file}: rack "${rack}" has ${hosts.length} hosts in the trace, the cluster ${nodesPerRack} a rack (cluster.nodesPerRack)`);
    hosts.forEach((h, i) => out.set(`${rack}/${h}`, r * nodesPerRack + i));
  });
  return out;
}

/** The jobs workload of a trace (raw JSON, for the scenario schema to check like any other). */
export function slsJobsWorkload(jobs: SlsJob[], w: SlsWorkload, cluster: { racks: number; nodesPerRack: number; replication: number }, file: string): Record<string, unknown> {
  const { racks, nodesPerRack, replication } = cluster;
  const nodes = hostNodes(jobs, racks, nodesPerRack, file);
  const files: unknown[] = [];
  const listed: unknown[] = [];
  const ids = new Set<string>();
  const mean = (xs: number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
  // The totals of the copies (job.count), before any is made.
  const total = (f: (j: SlsJob) => number): number => jobs.reduce((a, j) => a + j.count * f(j), 0);
  const over: Array<[number, number, string]> = [[total(() => 1), MAX_JOBS, 'jobs'], [total((j) => j.maps.length), MAX_BLOCKS, 'maps (blocks)'], [total((j) => j.reduceMs.length), MAX_REDUCES, 'reduces']];
  for (const [n, most, what] of over) if (n > most) throw new InputError(`${file}: the trace's jobs (with their "job.count" copies) have ${n} ${what} in all, above the limit of ${most}`);
  for (const j of jobs) {
    const replicas = j.maps.map((m) => [...new Set(m.hosts.map((h) => nodes.get(splitHost(h).join('/'))!))].slice(0, replication));
    for (let k = 0; k < j.count; k++) {
      const id = j.count === 1 ? j.id : `${j.id}#${k}`;
      if (ids.has(id)) throw new InputError(`${file}:${j.line}: job id "${id}" is used twice`);
      ids.add(id);
      files.push({ name: id, blocks: j.maps.length, replicas });
      listed.push({
        id, submitMs: j.startMs, pool: j.queue, user: j.user, input: id, type: w.type, mapMs: mean(j.maps.map((m) => m.ms)),
        reduces: j.reduceMs.length, ...(j.reduceMs.length > 0 ? { reduceMs: mean(j.reduceMs) } : {}),
      });
    }
  }
  return { kind: 'jobs', files, jobs: listed };
}
