/**
 * An SLS or Rumen trace's jobs (sls.ts, rumen.ts) as a hfsim jobs workload: its hosts packed onto the cluster's nodes,
 * a job per trace job and "job.count" copy, each reading a file of its own whose blocks' one replica is the map's
 * container host (sls.ts's header tells the model); and the errors the scenario's check then finds in that workload,
 * named back at the trace's lines.
 */
import { filePosition } from './file-position.js';
import type { SlsWorkload } from '../core/scenario.js';
import { InputError } from './errors.js';
import { MAX_JOBS, MAX_LISTED_REPLICA_BLOCKS, MAX_REDUCES } from '../core/limits.js';
import { lastAtMost } from './line-starts.js';
import type { Steps } from './steps.js';
import { type JobPlaces, PLACED_FIELDS, PLACE_INTS, type SlsJob, meanMs } from './sls.js';

/** "/rack/host" -> [rack, host]; a bare host is put in "default-rack", Hadoop's default rack (hfsim's choice: SLS's versions differ on such a host). */
function splitHost(host: string): [string, string] {
  const cut = host.lastIndexOf('/');
  if (cut < 0) return ['default-rack', host];
  return [host.slice(0, cut).replace(/^\/+/, '') || 'default-rack', host.slice(cut + 1)];
}

let collator: Intl.Collator | undefined;
/** Natural order ("node2" before "node10"); the collator made at first use (ICU's locale data costs a process about 11 ms). */
const natural = (a: string, b: string): number => (collator ??= new Intl.Collator('en', { numeric: true })).compare(a, b);

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

/** Jobs converted between pauses (a 200,000-job trace took 1.7 s to convert, with no bar). */
const JOBS_TOLD = 5_000;

/**
 * The jobs workload of a trace (raw JSON, for the scenario schema to check like any other), in steps: it pauses every
 * JOBS_TOLD jobs, telling `onJobs` the jobs converted of all (a command's bar).
 */
export function* slsJobsWorkloadSteps(jobs: SlsJob[], w: SlsWorkload, cluster: { racks: number; nodesPerRack: number; replication: number }, file: string, places?: JobPlaces, onJobs?: (done: number, total: number) => void): Steps<Record<string, unknown>> {
  const { racks, nodesPerRack, replication } = cluster;
  const nodes = hostNodes(jobs, racks, nodesPerRack, file);
  const files: unknown[] = [];
  const listed: unknown[] = [];
  const ids = new Set<string>();
  // The totals of the copies (job.count), before any is made.
  const total = (f: (j: SlsJob) => number): number => jobs.reduce((a, j) => a + j.count * f(j), 0);
  const over: Array<[number, number, string]> = [[total(() => 1), MAX_JOBS, 'jobs'], [total((j) => j.mapCount), MAX_LISTED_REPLICA_BLOCKS, 'maps (blocks with listed replicas)'], [total((j) => j.reduceCount), MAX_REDUCES, 'reduces']];
  for (const [n, most, what] of over) if (n > most) throw new InputError(`${file}: the trace's jobs (with their "job.count" copies) have ${n} ${what} in all, above the limit of ${most}`);
  for (const [n, j] of jobs.entries()) {
    // A block a map: the maps of one container share one replica list (and the job's copies share them all).
    const replicas: number[][] = [];
    for (const m of j.maps) {
      const nodesOf = [...new Set(m.hosts!.map((h) => nodes.get(splitHost(h).join('/'))!))].slice(0, replication);
      for (let i = 0; i < m.count; i++) replicas.push(nodesOf);
    }
    const mapMs = meanMs(j.maps, j.mapCount);
    const reduceMs = j.reduceCount > 0 ? meanMs(j.reduces, j.reduceCount) : undefined;
    for (let k = 0; k < j.count; k++) {
      const id = j.count === 1 ? j.id : `${j.id}#${k}`;
      if (ids.has(id)) throw new InputError(`${jobPosition(file, j, n, places, 'id')}: job id "${id}" is used twice`);
      ids.add(id);
      files.push({ name: id, blocks: j.mapCount, replicas });
      listed.push({
        id, submitMs: j.startMs, pool: queuePool(j.queue), user: j.user, input: id, type: w.type, mapMs,
        reduces: j.reduceCount, ...(reduceMs !== undefined ? { reduceMs } : {}),
      });
    }
    if ((n + 1) % JOBS_TOLD === 0) {
      onJobs?.(n + 1, jobs.length);
      yield;
    }
  }
  onJobs?.(jobs.length, jobs.length);
  return { kind: 'jobs', files, jobs: listed };
}

/**
 * The pool of a job submitted to YARN queue `queue`: its path without "root." (YARN puts every queue under the root,
 * so "root.q" and "q" are one queue: they made two pools), as hfsim names an allocation file's queues. "root" itself,
 * the parent of every queue, is left as named.
 */
export const queuePool = (queue: string): string => (queue.startsWith('root.') && queue.length > 'root.'.length ? queue.slice('root.'.length) : queue);

/** The trace's key behind each field of a converted job or file, for errors (those without one name only the field). */
const SLS_KEYS: Record<string, string> = {
  id: '"job.id"', submitMs: '"job.start.ms"', pool: '"job.queue.name"', user: '"job.user"', mapMs: 'its map containers\' durations',
  reduces: 'its reduce containers', reduceMs: 'its reduce containers\' durations', blocks: 'its map containers', replicas: 'its map containers\' "container.host"',
};

/**
 * The converted workload's errors (slsJobsWorkloadSteps' output, checked as a scenario's jobs workload) at the trace's
 * jobs: "workload.jobs[1].pool: names pool ..." becomes `workload.trace: <file>:<line>:<column>: job "job_2",
 * "job.queue.name" (workload.jobs[1].pool): names pool ...` (placed by `places`: at the value), once for a job's
 * "job.count" copies. Other errors are left as they are.
 */
export function slsErrorsAtTrace(errors: readonly string[], jobs: readonly SlsJob[], file: string, places?: JobPlaces): string[] {
  // The first converted index of each trace job (its copies follow it), for a binary search.
  const first: number[] = [];
  let at = 0;
  for (const j of jobs) {
    first.push(at);
    at += j.count;
  }
  const out = errors.map((e) => {
    const m = /^workload\.(?:jobs|files)\[(\d+)\](?:\.(\w+))?/.exec(e);
    if (m === null) {
      // A converted job named inside another field's message (cluster.network's transfer limit: "cluster.network
      // (workload.jobs[3]: ...)"): its trace line first, the message as it is.
      const inside = /\(workload\.(?:jobs|files)\[(\d+)\]/.exec(e);
      if (inside === null || Number(inside[1]) >= at) return e;
      const k = lastAtMost(first, Number(inside[1]));
      return `workload.trace: ${jobPosition(file, jobs[k], k, places)}: job "${jobs[k].id}": ${e}`;
    }
    if (Number(m[1]) >= at) return e;
    const k = lastAtMost(first, Number(m[1]));
    const j = jobs[k];
    const key = m[2] === undefined ? undefined : SLS_KEYS[m[2]];
    return `workload.trace: ${jobPosition(file, j, k, places, m[2])}: job "${j.id}"${key === undefined ? ` (${m[0]})` : `, ${key} (${m[0]})`}${e.slice(m[0].length)}`;
  });
  return onePerTraceJob(out);
}

/**
 * Where job `j` (the `k`-th read) gives its converted job's `field` (its "job.queue.name" for pool), else where the
 * job is written; its line alone without `places`.
 */
function jobPosition(file: string, j: SlsJob, k: number, places: JobPlaces | undefined, field?: string): string {
  if (places === undefined) return filePosition(file, j.line);
  const f = PLACED_FIELDS.findIndex((p) => p === field);
  const at = PLACE_INTS * k + (f >= 0 && places[PLACE_INTS * k + 2 + 2 * f] > 0 ? 2 + 2 * f : 0);
  return filePosition(file, places[at], places[at + 1]);
}

/** Lines named at a trace's jobs (slsErrorsAtTrace), one for a job's copies: they fail alike, at converted indexes that differ. */
export const onePerTraceJob = (lines: readonly string[]): string[] => firstPerTraceJob(lines).map((i) => lines[i]);

/** The indices of the lines onePerTraceJob keeps. */
export function firstPerTraceJob(lines: readonly string[]): number[] {
  const seen = new Set<string>();
  return lines.flatMap((e, i) => {
    const key = e.replace(/ \(workload\.(?:jobs|files)\[\d+\]/, ' (');
    if (seen.has(key)) return [];
    seen.add(key);
    return [i];
  });
}
