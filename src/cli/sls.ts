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
import { type Node, type ParseError, createScanner, parseTree, printParseErrorCode, SyntaxKind } from 'jsonc-parser';
import { readTextFile } from './read-file.js';
import type { SlsWorkload } from '../core/scenario.js';
import { InputError } from './errors.js';

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
  maps: Array<{ host: string; ms: number }>;
  reduceMs: number[];
  /** Every container.host of the job (reduces' too), for the host-to-node map. */
  hosts: string[];
  line: number;
}

class Reader {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string, private readonly file: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  line(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  fail(offset: number, what: string): never {
    throw new InputError(`${this.file}:${this.line(offset)}: ${what}`);
  }

  /** The top-level values: objects one after another, or the elements of one array. */
  values(): Node[] {
    const out: Node[] = [];
    const scanner = createScanner(this.text, false);
    let depth = 0;
    let start = -1;
    for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
      if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
      const at = scanner.getTokenOffset();
      if (depth === 0 && kind !== SyntaxKind.OpenBraceToken && kind !== SyntaxKind.OpenBracketToken) this.fail(at, 'expected a job object ({ ... }) or an array of them');
      if (depth === 0) start = at;
      if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) depth++;
      if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth--;
      if (depth === 0) out.push(this.parse(start, scanner.getTokenOffset() + scanner.getTokenLength()));
    }
    if (depth > 0) this.fail(this.text.length, 'unexpected end of file: an object or array is not closed');
    if (out.length === 1 && out[0].type === 'array') return out[0].children ?? [];
    return out;
  }

  private parse(start: number, end: number): Node {
    const errors: ParseError[] = [];
    const node = parseTree(this.text.slice(start, end), errors, { disallowComments: true, allowTrailingComma: false });
    if (errors.length > 0 || node === undefined) {
      const e = errors[0];
      this.fail(start + (e?.offset ?? 0), `invalid JSON: ${e === undefined ? 'no value' : printParseErrorCode(e.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`);
    }
    shift(node, start);
    return node;
  }

  /** The object's properties by key (offsets of key and value), refusing keys not in `known`. */
  props(node: Node, known: Set<string>, what: string): Map<string, Node> {
    if (node.type !== 'object') this.fail(node.offset, `${what} must be an object`);
    const out = new Map<string, Node>();
    for (const p of node.children ?? []) {
      const [key, value] = p.children!;
      const name = key.value as string;
      if (!known.has(name)) this.fail(key.offset, `unknown key "${name}" in ${what}`);
      if (out.has(name)) this.fail(key.offset, `"${name}" is given twice`);
      out.set(name, value);
    }
    return out;
  }

  /** A number (SLS also accepts numbers written as strings), at least `min`, whole when `int`. */
  num(props: Map<string, Node>, key: string, o: { min: number; int?: boolean }): number | undefined {
    const v = props.get(key);
    if (v === undefined) return undefined;
    const n = typeof v.value === 'number' ? v.value : typeof v.value === 'string' && v.value.trim() !== '' ? Number(v.value) : NaN;
    if (!Number.isFinite(n) || n < o.min || (o.int === true && !Number.isInteger(n))) {
      this.fail(v.offset, `"${key}" must be a ${o.int === true ? 'whole ' : ''}number of at least ${o.min}, not ${JSON.stringify(v.value)}`);
    }
    return n;
  }

  str(props: Map<string, Node>, key: string): string | undefined {
    const v = props.get(key);
    if (v === undefined) return undefined;
    if (typeof v.value !== 'string' || v.value.trim() === '') this.fail(v.offset, `"${key}" must be a non-empty string, not ${JSON.stringify(v.value)}`);
    return v.value.trim();
  }

  job(node: Node, index: number): SlsJob {
    const p = this.props(node, JOB_KEYS, 'a job');
    const need = (key: string): Node => p.get(key) ?? this.fail(node.offset, `the job has no "${key}"`);
    need('job.start.ms');
    need('job.queue.name');
    const tasks = need('job.tasks');
    const amType = this.str(p, 'am.type') ?? 'mapreduce';
    if (amType !== 'mapreduce') this.fail(p.get('am.type')!.offset, `am.type "${amType}": only mapreduce jobs are replayed`);
    this.num(p, 'job.end.ms', { min: 0 });
    this.num(p, 'am.memory', { min: 0 });
    this.num(p, 'am.vcores', { min: 0 });
    const job: SlsJob = {
      id: this.str(p, 'job.id') ?? `job_${index + 1}`,
      startMs: this.num(p, 'job.start.ms', { min: 0, int: true })!,
      queue: this.str(p, 'job.queue.name')!,
      user: this.str(p, 'job.user') ?? 'default',
      count: this.num(p, 'job.count', { min: 1, int: true }) ?? 1,
      maps: [],
      reduceMs: [],
      hosts: [],
      line: this.line(node.offset),
    };
    if (tasks.type !== 'array' || (tasks.children ?? []).length === 0) this.fail(tasks.offset, '"job.tasks" must be a non-empty array of containers');
    for (const t of tasks.children!) this.task(t, job);
    if (job.maps.length === 0) this.fail(tasks.offset, `job "${job.id}" has no map container: hfsim's jobs read their input in maps`);
    return job;
  }

  task(node: Node, job: SlsJob): void {
    const p = this.props(node, TASK_KEYS, 'a container');
    this.num(p, 'container.priority', { min: 0, int: true });
    this.num(p, 'container.memory', { min: 0 });
    this.num(p, 'container.vcores', { min: 0 });
    const duration = this.num(p, 'duration.ms', { min: 0 });
    const start = this.num(p, 'container.start.ms', { min: 0 });
    const end = this.num(p, 'container.end.ms', { min: 0 });
    const ms = duration ?? (start !== undefined && end !== undefined ? end - start : undefined);
    if (ms === undefined) this.fail(node.offset, 'a container needs "duration.ms", or "container.start.ms" and "container.end.ms"');
    if (ms <= 0) this.fail(node.offset, `a container must last more than 0 ms (SLS refuses it too), not ${ms}`);
    const type = this.str(p, 'container.type') ?? 'map';
    if (type !== 'map' && type !== 'reduce') this.fail(p.get('container.type')!.offset, `"container.type" must be "map" or "reduce", not "${type}"`);
    const count = this.num(p, 'count', { min: 1, int: true }) ?? 1;
    const host = this.str(p, 'container.host');
    if (type === 'map' && host === undefined) this.fail(node.offset, 'a map container needs "container.host": its input\'s replica');
    if (host !== undefined) job.hosts.push(host);
    for (let i = 0; i < count; i++) {
      if (type === 'map') job.maps.push({ host: host!, ms });
      else job.reduceMs.push(ms);
    }
  }
}

/** jsonc-parser's offsets are relative to the parsed slice: move them to the file's. */
function shift(node: Node, by: number): void {
  (node as { offset: number }).offset += by;
  for (const c of node.children ?? []) shift(c, by);
}

export function parseSlsTrace(text: string, file: string): SlsJob[] {
  const reader = new Reader(text, file);
  const jobs = reader.values().map((v, i) => reader.job(v, i));
  if (jobs.length === 0) throw new InputError(`${file}: the trace has no jobs`);
  return jobs;
}

export function readSlsTrace(file: string): SlsJob[] {
  return parseSlsTrace(readTextFile(file, 'SLS trace'), file);
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
export function slsJobsWorkload(jobs: SlsJob[], w: SlsWorkload, racks: number, nodesPerRack: number, file: string): Record<string, unknown> {
  const nodes = hostNodes(jobs, racks, nodesPerRack, file);
  const files: unknown[] = [];
  const listed: unknown[] = [];
  const ids = new Set<string>();
  const mean = (xs: number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
  for (const j of jobs) {
    for (let k = 0; k < j.count; k++) {
      const id = j.count === 1 ? j.id : `${j.id}#${k}`;
      if (ids.has(id)) throw new InputError(`${file}:${j.line}: job id "${id}" is used twice`);
      ids.add(id);
      files.push({ name: id, blocks: j.maps.length, replicas: j.maps.map((m) => [nodes.get(splitHost(m.host).join('/'))!]) });
      listed.push({
        id, submitMs: j.startMs, pool: j.queue, user: j.user, input: id, type: w.type, mapMs: mean(j.maps.map((m) => m.ms)),
        reduces: j.reduceMs.length, ...(j.reduceMs.length > 0 ? { reduceMs: mean(j.reduceMs) } : {}),
      });
    }
  }
  return { kind: 'jobs', files, jobs: listed };
}
