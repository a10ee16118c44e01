/**
 * YARN SLS JSON traces: replayed as a jobs workload, each map's container.host its block's one replica. A trace and
 * the same jobs written by hand give the same tasks and the same digest; a malformed trace is exit 2 naming the line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../src/cli/resolve-scenario.js';
import { parseRumenTrace } from '../../src/cli/rumen.js';
import { type SlsJob, type SlsTrace, parseSlsTrace } from '../../src/cli/sls.js';
import { hostNodes, slsErrorsAtTrace, slsJobsWorkloadSteps } from '../../src/cli/sls-workload.js';
import { drained } from '../../src/cli/steps.js';
import { JsonReader } from '../../src/cli/json-located.js';
import { parseScenario, type Scenario } from '../../src/core/scenario.js';
import { makeRng } from '../../src/core/rng.js';
import { makeTopology } from '../../src/core/topology.js';
import { buildWorkload } from '../../src/core/workload.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'hfsim-sls-'));

// Two racks named so that plain string order would be wrong (rack10 after rack2), SLS's default priorities, a
// task given by duration.ms, a task with count, a job with job.count, and a job with no user (SLS: "default").
const TRACE = `{
  "am.type" : "mapreduce",
  "job.start.ms" : 0,
  "job.end.ms" : 95375,
  "job.queue.name" : "prod",
  "job.id" : "job_1",
  "job.user" : "alice",
  "job.tasks" : [ {
    "container.host" : "/rack10/node1",
    "container.start.ms" : 6000,
    "container.end.ms" : 26000,
    "container.priority" : 20,
    "container.type" : "map"
  }, {
    "container.host" : "/rack2/node2",
    "container.start.ms" : 6000,
    "container.end.ms" : 16000,
    "container.priority" : 20,
    "container.type" : "map"
  }, {
    "container.host" : "/rack2/node10",
    "duration.ms" : 15000,
    "container.type" : "map",
    "count" : 2
  }, {
    "container.host" : "/rack10/node1",
    "container.start.ms" : 30000,
    "container.end.ms" : 60000,
    "container.priority" : 10,
    "container.type" : "reduce"
  } ]
}
{
  "job.start.ms" : 40000,
  "job.queue.name" : "adhoc",
  "job.id" : "job_2",
  "job.count" : 2,
  "job.tasks" : [ { "container.host" : "/rack2/node1", "duration.ms" : 8000 } ]
}
`;

/** The same jobs by hand. Nodes: rack2 is rack 0 (node1 0, node2 1, node10 2), rack10 rack 1 (node1 = 4 x 1 + 0). */
const BY_HAND = {
  kind: 'jobs',
  files: [
    { name: 'job_1', blocks: 4, replicas: [[4], [1], [2], [2]] },
    { name: 'job_2#0', blocks: 1, replicas: [[0]] },
    { name: 'job_2#1', blocks: 1, replicas: [[0]] },
  ],
  jobs: [
    { id: 'job_1', submitMs: 0, pool: 'prod', user: 'alice', input: 'job_1', mapMs: 15000, reduces: 1, reduceMs: 30000 },
    { id: 'job_2#0', submitMs: 40000, pool: 'adhoc', user: 'default', input: 'job_2#0', mapMs: 8000 },
    { id: 'job_2#1', submitMs: 40000, pool: 'adhoc', user: 'default', input: 'job_2#1', mapMs: 8000 },
  ],
};

const base = { name: 'sls-test', seed: 3, cluster: { racks: 2, nodesPerRack: 4, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 } };
writeFileSync(join(dir, 'trace.json'), TRACE);
writeFileSync(join(dir, 'sls.json'), JSON.stringify({ ...base, workload: { kind: 'sls', trace: 'trace.json' } }));
writeFileSync(join(dir, 'jobs.json'), JSON.stringify({ ...base, workload: BY_HAND }));

function resolved(file: string): Scenario {
  const raw = JSON.parse(JSON.stringify(file === 'sls.json' ? { ...base, workload: { kind: 'sls', trace: 'trace.json' } } : { ...base, workload: BY_HAND }));
  const p = resolveScenario(raw, join(dir, file));
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.value;
}

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('SLS JSON traces', () => {
  it('the trace and the same jobs written by hand give the same tasks', () => {
    const fromTrace = resolved('sls.json');
    const byHand = resolved('jobs.json');
    expect(fromTrace.workload).toEqual(byHand.workload);
    const build = (s: Scenario) => {
      const w = buildWorkload(s, makeTopology(s.cluster, s.seed), makeRng(s.seed));
      return { jobs: w.jobs, replicas: Array.from({ length: w.blocks.blocks }, (_, b) => Array.from({ length: w.blocks.replicaCount(b) }, (_, i) => w.blocks.replica(b, i))) };
    };
    const a = build(fromTrace);
    expect(a).toEqual(build(byHand));
    expect(a.replicas).toEqual([[4], [1], [2], [2], [0], [0]]);
    expect(a.jobs.map((j) => [j.id, j.pool, j.user, j.submitMs, j.blocks.length, j.mapMs, j.reduces])).toEqual([
      ['job_1', 'prod', 'alice', 0, 4, 15000, 1], ['job_2#0', 'adhoc', 'default', 40000, 1, 8000, 0], ['job_2#1', 'adhoc', 'default', 40000, 1, 8000, 0],
    ]);
  });

  it('and one digest through the CLI', () => {
    const [a, b] = ['sls.json', 'jobs.json'].map((f) => hfsim('run', join(dir, f), '--json'));
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout).digest).toBe(JSON.parse(b.stdout).digest);
  });

  it('parses a trace\'s jobs one at a time, as they are read (every job\'s tree held at once: a Rumen trace of 200 jobs of 10,000 maps, 138 MB, filled the 4 GB heap, exit 134)', () => {
    const r = new JsonReader('{ "a": 1 }\n[ 2 ]\n{ "b": \n', 't.json');
    const it = r.values()[Symbol.iterator]();
    expect(it.next().value).toMatchObject({ type: 'object', offset: 0 });
    expect(it.next().value).toMatchObject({ type: 'array', offset: 11 });
    expect(() => it.next()).toThrow('t.json:4:1: unexpected end of file: an object or array is not closed');
    // one array alone is its elements
    expect([...new JsonReader('[ { "a": 1 }, { "b": 2 } ]', 't.json').values()].map((n) => n.offset)).toEqual([2, 14]);
  });

  it('accepts the jobs as one JSON array too', () => {
    const objects = TRACE.trim().split(/\n(?=\{)/);
    // the same jobs, on the same lines; the first one a column on, after the "["
    const unplaced = ({ places: _, ...t }: SlsTrace) => t;
    expect(unplaced(parseSlsTrace(`[${objects.join(',\n')}]`, 'a.json'))).toEqual(unplaced(parseSlsTrace(TRACE, 'b.json')));
    expect(parseSlsTrace(TRACE, 'b.json').skipped).toEqual([]);
  });

  it('packs hosts onto the cluster by rack, in natural order, and refuses a trace that does not fit', () => {
    const { jobs } = parseSlsTrace(TRACE, 't.json');
    expect(Object.fromEntries(hostNodes(jobs, 2, 4, 't.json'))).toEqual({ 'rack2/node1': 0, 'rack2/node2': 1, 'rack2/node10': 2, 'rack10/node1': 4 });
    expect(() => hostNodes(jobs, 1, 4, 't.json')).toThrow('t.json: the trace\'s hosts are in 2 racks, the cluster has 1 (cluster.racks)');
    expect(() => hostNodes(jobs, 2, 2, 't.json')).toThrow('t.json: rack "rack2" has 3 hosts in the trace, the cluster 2 a rack (cluster.nodesPerRack)');
  });

  it('a host "/rack/host/" is /rack/host, as SLS reads it (Hadoop\'s NodeBase drops one trailing "/"): it was host "" of a rack of its own', () => {
    const { jobs } = parseSlsTrace('{ "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [ { "container.host": "/r/n1/", "duration.ms": 5 }, { "container.host": "/r/n1", "duration.ms": 5 } ] }\n', 't.json');
    expect(jobs[0].hosts).toEqual(['/r/n1', '/r/n1']);
    expect(Object.fromEntries(hostNodes(jobs, 1, 1, 't.json'))).toEqual({ 'r/n1': 0 });
  });

  const job = (tasks: string, extra = '') => `{ "job.start.ms": 0, "job.queue.name": "q",${extra}\n  "job.tasks": [\n${tasks}\n  ] }\n`;
  const bad: Array<[string, string, RegExp]> = [
    // review: a JSON trace's syntax errors named the line alone; a scenario's name its column too
    ['malformed JSON', job('    { "container.host": "/r/n1" "duration.ms": 5 }'), /^t\.json:3:33: invalid JSON: comma expected$/],
    ['an unclosed object', '{ "job.start.ms": 0,\n  "job.queue.name": "q"\n', /^t\.json:3:1: unexpected end of file/],
    ['a number at the top', '{ "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [{ "container.host": "h", "duration.ms": 1 }] }\n42\n', /^t\.json:2:1: expected a job object/],
    ['only a job SLS skips (a negative duration)', job('    { "container.host": "/r/n1",\n      "container.start.ms": 10, "container.end.ms": 5 }'),
      /^t\.json: no job to replay: SLS skips all 1 \(line 1, job "job_1": its container at line 3 has "container\.start\.ms" 10 and "container\.end\.ms" 5, so lasts -5 ms, and SLS needs a container to last above 0 ms \("Duration of a task shouldn't be less or equal to 0!"\)\)$/],
    ['only a job SLS skips (no duration)', job('    { "container.host": "/r/n1" }'), /^t\.json: no job to replay: SLS skips all 1 \(line 1, job "job_1": its container at line 3 has no duration/],
    ['a map without a host', job('    { "duration.ms": 5 }'), /^t\.json:3:5: a map container needs "container\.host"/],
    // "/r/" and "/" were a host "" of their own, silently; SLS (Hadoop's NodeBase, one trailing "/" dropped) fails on them
    ['a host ending in "//"', job('    { "duration.ms": 5,\n      "container.host": "/r/n1//" }'), /^t\.json:4:25: "container\.host" "\/r\/n1\/\/" names no host: write "\/rack\/host" \(SLS reads "\/rack\/host\/" as \/rack\/host, and fails on this\)$/],
    ['a rack without a host', job('    { "duration.ms": 5, "container.host": "/r/" }'), /^t\.json:3:43: "container\.host" "\/r\/" names no host/],
    ['a reduce on "/"', job('    { "container.host": "/r/n1", "duration.ms": 5 },\n    { "container.type": "reduce", "duration.ms": 5, "container.host": "/" }'), /^t\.json:4:71: "container\.host" "\/" names no host/],
    ['an unknown task type', job('    { "container.host": "h", "duration.ms": 5,\n      "container.type": "shuffle" }'), /^t\.json:4:25: "container\.type" must be "map" or "reduce", not "shuffle"$/],
    // read as Hadoop's Long.parseLong reads a number: Number() took "0x10" as 16
    ['a hexadecimal duration', job('    { "container.host": "h",\n      "duration.ms": "0x10" }'), /^t\.json:4:22: "duration\.ms" must be a number, not "0x10"$/],
    // here, with the line: they failed as the converted workload's fields (workload.jobs[0].mapMs: must be a number)
    ['a duration past the time limit', job('    { "container.host": "h",\n      "duration.ms": 1e308 }'), /^t\.json:3:5: the container lasts 1e\+308 ms, above the limit of 2147483647 ms \(24\.8 days\) for any time$/],
    ['a start past the time limit', job('    { "container.host": "h", "duration.ms": 5 }').replace('"job.start.ms": 0', '"job.start.ms": 3000000000'), /^t\.json:1:19: "job\.start\.ms" is 3000000000, above the limit of 2147483647 ms \(24\.8 days\) for any time$/],
    ['a queue with a tab', job('    { "container.host": "h", "duration.ms": 5 }').replace('"q"', '"a\\tb"'), /^t\.json:1:40: "job\.queue\.name" must not contain control characters/],
    ['a queue with an unpaired surrogate (the jobs CSV wrote it as U+FFFD)', job('    { "container.host": "h", "duration.ms": 5 }').replace('"q"', '"a\\ud800"'), /^t\.json:1:40: "job\.queue\.name" must not contain an unpaired surrogate/],
    ['an unknown key', job('    { "container.host": "h", "duration.ms": 5,\n      "container.hots": "x" }'), /^t\.json:4:7: unknown key "container\.hots" in a container \(SLS reads other "container\." keys as resources: whole numbers, not "x"\)$/],
    ['an unknown job key', job('    { "container.host": "h", "duration.ms": 5 }', ' "job.strat.ms": 5,'), /^t\.json:1:45: unknown key "job\.strat\.ms" in a job$/],
    ['a resource that is not a whole number', job('    { "container.host": "h", "duration.ms": 5,\n      "container.vcores": 0.5 }'), /^t\.json:4:7: unknown key "container\.vcores" in a container \(SLS reads other "container\." keys as resources: whole numbers, not 0\.5\)$/],
    ['an unknown execution type', job('    { "container.host": "h", "duration.ms": 5,\n      "container.execution.type": "MAYBE" }'), /^t\.json:4:35: "container\.execution\.type" must be "GUARANTEED" or "OPPORTUNISTIC", not "MAYBE"$/],
    ['a DAG job (the AM type key of current SLS)', job('    { "container.host": "h", "duration.ms": 5 }', ' "yarn.sls.am.type": "dag",'), /^t\.json:1:65: yarn\.sls\.am\.type "dag": only mapreduce jobs are replayed$/],
    ['no queue', '{ "job.start.ms": 0,\n  "job.tasks": [] }', /^t\.json:1:1: the job has no "job\.queue\.name"$/],
    ['a null queue (it read as "default")', '{ "job.start.ms": 0,\n  "job.queue.name": null, "job.tasks": [] }', /^t\.json:2:21: "job\.queue\.name" is null: the job needs one$/],
    ['a null start time (it read as 0)', '{ "job.queue.name": "q",\n  "job.start.ms": null, "job.tasks": [] }', /^t\.json:2:19: "job\.start\.ms" is null: the job needs one$/],
    ['a start time in an array (it said "not undefined")', '{ "job.queue.name": "q",\n  "job.start.ms": [0], "job.tasks": [{ "container.host": "h", "duration.ms": 1 }] }', /^t\.json:2:19: "job\.start\.ms" must be a whole number of at least 0, not an array$/],
    ['a key given twice', job('    { "container.host": "h", "duration.ms": 5 }', '\n  "job.start.ms": 5,'), /^t\.json:2:3: "job\.start\.ms" is given twice$/],
    ['a text start time', '{ "job.queue.name": "q",\n  "job.start.ms": "soon", "job.tasks": [{ "container.host": "h", "duration.ms": 1 }] }', /^t\.json:2:19: "job\.start\.ms" must be a whole number of at least 0, not "soon"$/],
    ['a fractional count', job('    { "container.host": "h", "duration.ms": 5,\n      "count": 1.5 }'), /^t\.json:4:16: "count" must be a whole number, not 1\.5$/],
    ['only a job SLS skips (no tasks)', job(''), /^t\.json: no job to replay: SLS skips all 1 \(line 1, job "job_1": "job\.tasks" is \[\], and SLS needs at least one container \("No task for the job!"\)\)$/],
    ['tasks that are not an array', job('').replace('[\n\n  ]', '"none"'), /^t\.json:2:16: "job\.tasks" must be an array of containers$/],
    ['only reduces', job('    { "duration.ms": 5, "container.type": "reduce" }'), /^t\.json:2:16: job "job_1" has no map container/],
    ['another AM type', job('    { "container.host": "h", "duration.ms": 5 }', ' "am.type": "stream",'), /^t\.json:1:56: am\.type "stream": only mapreduce jobs are replayed$/],
    ['an empty file', '\n', /^t\.json: the trace has no jobs$/],
    // a fuzzing pass's: 1e9 copies of a container filled the heap for minutes before any limit was checked
    // the container past the limit had no "count" of its own: "Cannot read properties of undefined (reading 'offset')", exit 1
    ['a container without count past a job\'s reduces', job('    { "container.host": "h", "duration.ms": 5 },\n    { "container.type": "reduce", "duration.ms": 5, "count": 10000000 },\n    { "container.type": "reduce", "duration.ms": 5 }'),
      /^t\.json:5:5: "count" 1 makes job "job_1" 10000001 reduces, above the limit of 10000000 reduces$/],
    // jsonc-parser recursed a level a call: "Maximum call stack size exceeded", exit 1
    ['arrays nested 7,000 deep', `${'['.repeat(7000)}${']'.repeat(7000)}`, /^t\.json:1:65: arrays and objects nest deeper than 64 levels$/],
    // JSON reads 1e400 as Infinity, which the message showed as JSON writes it: "not null"
    ['a duration beyond the range of a number', job('    { "container.host": "h",\n      "duration.ms": 1e400 }'), /^t\.json:4:22: "duration\.ms" must be a number, not 1e400 \(beyond the range of a number: it reads as Infinity\)$/],
    ['a start time beyond the range of a number', job('    { "container.host": "h", "duration.ms": 5 }').replace('"job.start.ms": 0', '"job.start.ms": -1e400'), /^t\.json:1:19: "job\.start\.ms" must be a whole number of at least 0, not -1e400 \(beyond the range of a number: it reads as -Infinity\)$/],
    ['a resource beyond the range of a number', job('    { "container.host": "h", "duration.ms": 5,\n      "container.vcores": 1E999 }'), /^t\.json:4:7: unknown key "container\.vcores" in a container \(SLS reads other "container\." keys as resources: whole numbers, not 1E999 \(beyond the range of a number: it reads as Infinity\)\)$/],
    ['a container count past a job\'s maps', job('    { "container.host": "h", "duration.ms": 5,\n      "count": 1000000000 }'), /^t\.json:4:16: "count" 1000000000 makes job "job_1" 1000000000 maps, above the limit of 5000000 maps a job$/],
  ];

  // review: a syntax error named its column (t.json:3:33), a wrong key or value its line alone; a scenario's name the column of the value, or of the key
  it.each([
    ['a value of the wrong type: at the value', parseSlsTrace, '{ "job.queue.name": "q",\n  "job.start.ms": "soon", "job.tasks": [{ "container.host": "h", "duration.ms": 1 }] }', 't.json:2:19: "job.start.ms" must be a whole number'],
    ['a value not among the allowed: at the value', parseSlsTrace, job('    { "container.host": "h", "duration.ms": 5,\n      "container.type": "shuffle" }'), 't.json:4:25: "container.type" must be "map" or "reduce"'],
    ['an unknown key: at the key', parseSlsTrace, job('    { "container.host": "h", "duration.ms": 5 }', ' "job.strat.ms": 5,'), 't.json:1:45: unknown key "job.strat.ms" in a job'],
    ['a resource key of no whole number: at the key', parseSlsTrace, job('    { "container.host": "h", "duration.ms": 5,\n      "container.vcores": 0.5 }'), 't.json:4:7: unknown key "container.vcores" in a container'],
    ['a missing field: at the object it is missing from', parseSlsTrace, job('    { "duration.ms": 5 }'), 't.json:3:5: a map container needs "container.host"'],
    ['a negative value: at the value', parseRumenTrace, '{ "jobID": "job_0_1",\n  "submitTime": -2, "mapTasks": [] }', 't.json:2:17: "submitTime" must be a whole number of at least -1, not -2'],
    // a review's finding: taken rounded (10000000000000000000), its job skipped as lasting a negative time, where Jackson refuses the trace
    ['an attempt\'s time past a Java long: at the value', parseRumenTrace, '{ "jobID": "job_0_1", "submitTime": 1, "mapTasks": [{ "attempts": [\n  { "hostName": "/r/h", "startTime": 9999999999999999999, "finishTime": 5 }] }] }', 't.json:2:38: "startTime" is 9999999999999999999, beyond a Java long (-9223372036854775808 to 9223372036854775807), which SLS reads it as: Jackson refuses it'],
    // a submitTime too (two such jobs had one submission, rounded); digits compared as written: 9223372036854775808 is one past
    ['a submitTime past a Java long: at the value', parseRumenTrace, '{ "jobID": "job_0_1",\n  "submitTime": 9223372036854775808, "mapTasks": [] }', 't.json:2:17: "submitTime" is 9223372036854775808, beyond a Java long (-9223372036854775808 to 9223372036854775807), which SLS reads it as: Jackson refuses it'],
  ] as const)('a key or value error names the line and column: %s', (_, parse, text, message) => {
    expect(() => parse(text, 't.json')).toThrow(message);
  });

  it.each(bad)('bad input: %s', (_, text, message) => {
    expect(() => parseSlsTrace(text, 't.json')).toThrow(message);
  });

  it("reads the keys of today's SLS (AMDefinitionSLS, TaskContainerDefinition): the same jobs; a duration in SLS's order", () => {
    // TRACE's jobs with the AM type under yarn.sls.am.type, a label, resources under am.* and container.* (custom types
    // too), execution types, allocation ids, request delays, and durations as container.duration.ms.
    const today = TRACE
      .replace('"am.type" : "mapreduce"', '"yarn.sls.am.type" : "mapreduce", "am.memory-mb" : 2048, "am.vcores" : 1, "job.label.expression" : "x"')
      .replace('"container.priority" : 20,\n    "container.type" : "map"\n  }, {\n    "container.host" : "/rack2/node2"',
        '"container.priority" : 20, "container.memory-mb" : 1024, "container.vcores" : 1, "container.yarn.io/gpu" : 0,\n    "container.type" : "map"\n  }, {\n    "container.host" : "/rack2/node2"')
      .replace('"duration.ms" : 15000,', '"container.duration.ms" : 15000, "container.execution.type" : "OPPORTUNISTIC", "container.allocation.id" : 3, "container.request.delay" : 500,');
    expect(today).not.toBe(TRACE);
    expect(parseSlsTrace(today, 'a.json').jobs.map(({ line: _, ...j }) => j)).toEqual(parseSlsTrace(TRACE, 'b.json').jobs.map(({ line: _, ...j }) => j));
    // container.duration.ms first, then duration.ms (-1 in either: not given), then end - start.
    const ms = (keys: string) => parseSlsTrace(job(`    { "container.host": "h", ${keys} }`), 't.json').jobs[0].maps[0].ms;
    expect(ms('"container.duration.ms": 7, "duration.ms": 8, "container.start.ms": 0, "container.end.ms": 9')).toBe(7);
    expect(ms('"container.duration.ms": -1, "duration.ms": 8, "container.start.ms": 0, "container.end.ms": 9')).toBe(8);
    expect(ms('"duration.ms": -1, "container.start.ms": 0, "container.end.ms": 9')).toBe(9);
    // times before the trace's start are times (RumenToSLSConverter can write them); -1 is "not given" there too
    expect(ms('"container.start.ms": -20, "container.end.ms": -5')).toBe(15);
    expect(() => ms('"container.start.ms": -1, "container.end.ms": 9')).toThrow(/no job to replay: SLS skips all 1 .*has no duration/);
  });

  it('a count or job.count below 1 counts 1, and a priority or request delay may be any whole number, as in SLS', () => {
    const one = parseSlsTrace(job('    { "container.host": "h", "duration.ms": 5 }'), 't.json').jobs;
    const zero = parseSlsTrace(job('    { "container.host": "h", "duration.ms": 5, "count": 0, "container.priority": -1, "container.request.delay": -5 }', ' "job.count": 0,'), 't.json').jobs;
    expect(zero.map(({ line: _, ...j }) => j)).toEqual(one.map(({ line: _, ...j }) => j));
  });

  it('a job SLS skips is skipped and told on stderr; the others replay as the trace without it', () => {
    const SKIPPING = `${TRACE}{ "job.id": "no_tasks", "job.start.ms": 1000, "job.queue.name": "q", "job.tasks": [] }
{ "job.id": "zero", "job.start.ms": 2000, "job.queue.name": "q",
  "job.tasks": [ { "container.host": "/rack2/node1", "duration.ms": 5 }, { "container.host": "/rack2/node1", "container.start.ms": 7, "container.end.ms": 7 } ] }
`;
    const t = parseSlsTrace(SKIPPING, 's.json');
    expect(t.jobs).toEqual(parseSlsTrace(TRACE, 's.json').jobs);
    expect(t.skipped).toEqual([
      { id: 'no_tasks', line: 40, reason: 'no container', why: '"job.tasks" is [], and SLS needs at least one container ("No task for the job!")' },
      { id: 'zero', line: 41, reason: 'a container of 0 ms or less', why: 'its container at line 42 has "container.start.ms" 7 and "container.end.ms" 7, so lasts 0 ms, and SLS needs a container to last above 0 ms ("Duration of a task shouldn\'t be less or equal to 0!")' },
    ]);
    writeFileSync(join(dir, 'skipping.json'), SKIPPING);
    writeFileSync(join(dir, 'skipping-sls.json'), JSON.stringify({ ...base, workload: { kind: 'sls', trace: 'skipping.json' } }));
    const r = hfsim('run', join(dir, 'skipping-sls.json'), '--json');
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([
      `hfsim: warning: ${join(dir, 'skipping.json')}:40: job "no_tasks" skipped, as SLS skips it: "job.tasks" is [], and SLS needs at least one container ("No task for the job!")`,
      `hfsim: warning: ${join(dir, 'skipping.json')}:41: job "zero" skipped, as SLS skips it: its container at line 42 has "container.start.ms" 7 and "container.end.ms" 7, so lasts 0 ms, and SLS needs a container to last above 0 ms ("Duration of a task shouldn't be less or equal to 0!")`,
    ]);
    expect(JSON.parse(r.stdout).digest).toBe(JSON.parse(hfsim('run', join(dir, 'sls.json'), '--json').stdout).digest);
  });

  it('lists the first 10 jobs skipped a line each, then the rest in one line counted by reason (a real trace skipping thousands flooded stderr)', () => {
    const empty = (i: number) => `{ "job.id": "e${i}", "job.start.ms": 1000, "job.queue.name": "q", "job.tasks": [] }\n`;
    const zero = (i: number) => `{ "job.id": "z${i}", "job.start.ms": 1000, "job.queue.name": "q", "job.tasks": [ { "container.host": "/rack2/node1", "duration.ms": 0 } ] }\n`;
    const bad = [...Array.from({ length: 8 }, (_, i) => empty(i)), ...Array.from({ length: 9 }, (_, i) => zero(i)), ...Array.from({ length: 6 }, (_, i) => empty(i + 8))];
    writeFileSync(join(dir, 'many-skips.json'), TRACE + bad.join(''));
    writeFileSync(join(dir, 'many-skips-sls.json'), JSON.stringify({ ...base, workload: { kind: 'sls', trace: 'many-skips.json' } }));
    const r = hfsim('run', join(dir, 'many-skips-sls.json'), '--json');
    expect(r.code).toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe(`hfsim: warning: ${join(dir, 'many-skips.json')}:40: job "e0" skipped, as SLS skips it: "job.tasks" is [], and SLS needs at least one container ("No task for the job!")`);
    expect(lines[9]).toBe(`hfsim: warning: ${join(dir, 'many-skips.json')}:49: job "z1" skipped, as SLS skips it: its container at line 49 has "duration.ms" 0, and SLS needs a container to last above 0 ms ("Duration of a task shouldn't be less or equal to 0!")`);
    expect(lines[10]).toBe(`hfsim: warning: ${join(dir, 'many-skips.json')}: 13 more jobs skipped (lines 50 to 62), not listed one by one: 7 with a container of 0 ms or less, 6 with no container`);
    expect(JSON.parse(r.stdout).digest).toBe(JSON.parse(hfsim('run', join(dir, 'sls.json'), '--json').stdout).digest);
  });

  it('counts the copies of job.count against the limits as it reads, naming the line', () => {
    expect(() => parseSlsTrace(job('    { "container.host": "/r/n1", "duration.ms": 5, "count": 21 }', ' "job.count": 500000,'), 't.json'))
      .toThrow('t.json:3:61: "count" 21 brings the trace to 10500000 maps in all (the jobs up to this one, with their "job.count" copies: this one\'s 500000), above the limit of 10000000 maps in all (each a block whose host is listed as its replica)');
    expect(() => parseSlsTrace(job('    { "container.host": "/r/n1", "duration.ms": 5 }', ' "job.count": 1000001,'), 't.json')).toThrow('t.json:1:58: "job.count" 1000001 is above the limit of 1000000 jobs');
    const twice = job('    { "container.host": "/r/n1", "duration.ms": 5 }', ' "job.count": 600000,');
    expect(() => parseSlsTrace(twice + twice, 't.json')).toThrow('t.json:5:58: job "job_2" (600000 copies: "job.count") brings the trace to 1200000 jobs in all, above the limit of 1000000');
    const reduces = job('    { "container.host": "/r/n1", "duration.ms": 5 },\n    { "container.type": "reduce", "duration.ms": 5, "count": 4000000 }', ' "job.count": 3,');
    expect(() => parseSlsTrace(reduces, 't.json')).toThrow('t.json:4:62: "count" 4000000 brings the trace to 12000000 reduces in all (the jobs up to this one, with their "job.count" copies: this one\'s 3), above the limit of 10000000 reduces in all');
  });

  // A review's finding: 12 one-line jobs of 4.9 M maps each (58.8 M maps, each job within its limit) filled the heap
  // (exit 134 after a minute): the total was checked once every job's maps were made, a map an object.
  const jobsOf = (n: number, maps: number) => Array.from({ length: n }, (_, i) => `{ "job.start.ms": ${i * 1000}, "job.queue.name": "q", "job.id": "job${i}", "job.tasks": [{ "container.host": "/rack1/node1", "duration.ms": 1000, "count": ${maps} }] }\n`).join('');
  // Each map's host is its block's listed replica: 39 M of them filled the heap before the run, and a result of more
  // than ~11 M passed V8's longest string; 9.8 M ran (37 s, 2.2 GB). So 10 M.
  it('refuses the job that takes the trace past 10,000,000 maps (blocks with listed replicas) as it reads it, naming its line', () => {
    expect(() => parseSlsTrace(jobsOf(12, 4_900_000), 't.json')).toThrow('t.json:3:146: "count" 4900000 brings the trace to 14700000 maps in all (the jobs up to this one, with their "job.count" copies), above the limit of 10000000 maps in all (each a block whose host is listed as its replica)');
    // a job SLS skips counts for nothing, nor do its limits (a review's finding: these two were refused)
    const skipped = `{ "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [{ "container.host": "h", "count": 4900000 }] }\n`;
    expect(parseSlsTrace(skipped + jobsOf(2, 4_900_000), 't.json').jobs).toHaveLength(2);
    const noTasks = `{ "job.start.ms": 0, "job.queue.name": "q", "job.count": 2000000, "job.tasks": [] }\n`;
    const zeroLater = `{ "job.start.ms": 0, "job.queue.name": "q", "job.count": 3, "job.tasks": [{ "container.host": "h", "duration.ms": 5, "count": 4000000 }, { "container.host": "h", "duration.ms": 0 }] }\n`;
    expect(parseSlsTrace(noTasks + zeroLater + jobsOf(1, 10), 't.json').jobs).toHaveLength(1);
  });


  // A job is parsed whole (a tree node a key or value): one job of 3.5 M containers written out (196 MB, each map within
  // the limits) filled Node's 4 GB heap after 79 s (exit 134, V8's stack trace); 2 M (10 M keys and values) loaded in 3.3 GB.
  it('refuses a job, or a trace written as one array, of more than 10,000,000 keys and values at its line, before parsing it', () => {
    const container = '{"container.host":"h","duration.ms":1}';
    const containers = (n: number): string => Array(n).fill(container).join(',');
    const head = '{"job.start.ms":0,"job.queue.name":"q",\n"job.tasks":[';
    // 5 a container ({, 2 keys, 2 values), 7 for the job's own ({, 3 keys, 2 values, [): 1,999,999 containers are 10,000,002
    expect(() => parseSlsTrace(`{"job.start.ms":0,"job.queue.name":"q"}\n${head}${containers(1_999_999)}]}\n`, 't.json')).toThrow(
      't.json:2:1: a JSON value of more than 10000000 keys and values, more than hfsim holds parsed at once (a job is parsed whole): split the job, or in SLS JSON write its like containers once, with "count"');
    // 7 a job ({, 3 keys, 2 values, [): 1,428,572 jobs in one array are 10,000,005
    const jobs = Array(1_428_572).fill('{"job.start.ms":0,"job.queue.name":"q","job.tasks":[]}').join(',');
    expect(() => parseSlsTrace(`[${jobs}]`, 't.json')).toThrow('t.json:1:1: a JSON value of more than 10000000 keys and values, more than hfsim holds parsed at once (a trace written as one array is parsed whole): write its jobs one after another, not in an array');
  }, 60_000);

  it('counts a value\'s keys and values exactly: at the limit it is read, one past it refused (a small limit, as parsing 10 M costs GBs)', () => {
    // {"a":[1,{"b":true}],"c":null}: {, "a", [, 1, {, "b", true, "c", null: 9
    const values = (most: number) => [...new JsonReader('{"a":[1,{"b":true}],"c":null}\n{"d":2}', 't.json', most).values()].length;
    expect(values(9)).toBe(2);
    expect(() => values(8)).toThrow(/^t\.json:1:1: a JSON value of more than 8 keys and values, more than hfsim holds parsed at once \(a job is parsed whole\)/);
    expect(() => [...new JsonReader('[{"a":1},{"b":2}]', 't.json', 4).values()]).toThrow(/^t\.json:1:1: a JSON value of more than 4 keys and values, .*\(a trace written as one array is parsed whole\)/);
    expect([...new JsonReader('[{"a":1},{"b":2}]', 't.json', 7).values()]).toHaveLength(2);
  });

  it('holds a container\'s "count" copies as a count, not a map each; the workload lists a block each', () => {
    const t = parseSlsTrace(jobsOf(2, 4_900_000), 't.json');
    expect(t.jobs.map((j) => [j.maps.length, j.mapCount])).toEqual(Array(2).fill([1, 4_900_000]));
    const small = parseSlsTrace(job('    { "container.host": "/r/n1", "duration.ms": 4, "count": 3 },\n    { "container.host": "/r/n2", "duration.ms": 7 },\n    { "container.type": "reduce", "duration.ms": 5, "count": 2 }'), 't.json');
    expect(small.jobs[0]).toMatchObject({ mapCount: 4, reduceCount: 2, maps: [{ ms: 4, count: 3 }, { ms: 7, count: 1 }], reduces: [{ ms: 5, count: 2 }] });
    const w = drained(slsJobsWorkloadSteps(small.jobs, { type: 'io' } as never, { racks: 1, nodesPerRack: 2, replication: 3 }, 't.json')) as { files: unknown[]; jobs: unknown[] };
    expect(w.files).toEqual([{ name: 'job_1', blocks: 4, replicas: [[0], [0], [0], [1]] }]);
    expect(w.jobs).toEqual([{ id: 'job_1', submitMs: 0, pool: 'q', user: 'default', input: 'job_1', type: 'io', mapMs: 19 / 4, reduces: 2, reduceMs: 5 }]);
  });

  it('an error in the converted jobs names the trace\'s line and key, at the value\'s column, once for a job\'s copies (it named "workload.jobs[1].pool")', () => {
    writeFileSync(join(dir, 'rootq.json'), '{ "job.start.ms": 0, "job.queue.name": "q", "job.id": "ok",\n  "job.tasks": [ { "container.host": "/rack2/node1", "duration.ms": 5 } ] }\n'
      + '{ "job.start.ms": 0, "job.queue.name": "root.sls_queue_1", "job.id": "job_2", "job.count": 2,\n  "job.tasks": [ { "container.host": "/rack2/node1", "duration.ms": 5 } ] }\n');
    // root.sls_queue_1 is the queue sls_queue_1 (queuePool), here a parent pool, which no job may name
    const raw = { ...base, scheduler: { policy: 'hfs', pools: [{ name: 'q' }, { name: 'sls_queue_1.a', parent: 'sls_queue_1' }], parentPools: [{ name: 'sls_queue_1' }] }, workload: { kind: 'sls', trace: 'rootq.json' } };
    const p = resolveScenario(raw, join(dir, 'rootq.scn.json'));
    expect(p.ok ? [] : p.errors).toEqual([`workload.trace: ${join(dir, 'rootq.json')}:3:40: job "job_2", "job.queue.name" (workload.jobs[1].pool): names pool "sls_queue_1", a parent pool (scheduler.parentPools): jobs go to the leaves of the tree; rename one of them`]);
  });

  it('files a job of queue "root.q" in pool q, as YARN has one queue of them (they made two pools; with q listed, root.q was refused)', () => {
    const trace = (queues: string[]) => queues.map((q, i) => `{ "job.start.ms": ${i * 1000}, "job.queue.name": "${q}", "job.id": "j${i}", "job.tasks": [ { "container.host": "/rack2/node1", "duration.ms": 5 } ] }`).join('\n');
    const w = drained(slsJobsWorkloadSteps(parseSlsTrace(trace(['q', 'root.q', 'root.a.b', 'root', 'rooted.q']), 't.json').jobs, { type: 'io' } as never, { racks: 1, nodesPerRack: 2, replication: 3 }, 't.json')) as { jobs: Array<{ pool: string }> };
    expect(w.jobs.map((j) => j.pool)).toEqual(['q', 'q', 'a.b', 'root', 'rooted.q']);
    writeFileSync(join(dir, 'rootq2.json'), trace(['q', 'root.q']));
    const listed = resolveScenario({ ...base, scheduler: { policy: 'hfs', pools: [{ name: 'q', weight: 2 }] }, workload: { kind: 'sls', trace: 'rootq2.json' } }, join(dir, 'rootq2.scn.json'));
    expect(listed.ok ? listed.value.workload.kind === 'jobs' && listed.value.workload.jobs.map((j) => j.pool) : listed.errors).toEqual(['q', 'q']);
  });

  it('a trace past the total maps through the CLI: exit 2 at once, naming the line', () => {
    writeFileSync(join(dir, 'huge.json'), jobsOf(12, 4_900_000));
    writeFileSync(join(dir, 'huge-sls.json'), JSON.stringify({ ...base, workload: { kind: 'sls', trace: 'huge.json' } }));
    const r = hfsim('run', join(dir, 'huge-sls.json'));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([`hfsim: ${join(dir, 'huge-sls.json')}: workload.trace: ${join(dir, 'huge.json')}:3:146: "count" 4900000 brings the trace to 14700000 maps in all (the jobs up to this one, with their "job.count" copies), above the limit of 10000000 maps in all (each a block whose host is listed as its replica)`]);
  });

  it('a converted index inside another field\'s message is placed at its trace job, copies and all (slsErrorsAtTrace)', () => {
    // Converted indexes: a at 0, b's two copies at 1 and 2, c at 3.
    const jobs = [{ id: 'a', line: 1, count: 1 }, { id: 'b', line: 3, count: 2 }, { id: 'c', line: 5, count: 1 }] as unknown as SlsJob[];
    expect(slsErrorsAtTrace(['cluster.network (workload.jobs[3]: 9 MB read): too long', 'cluster.network (workload.jobs[2]: 8 MB read): too long', 'cluster.network (workload.jobs[9]: 7 MB): past the trace'], jobs, 't.json')).toEqual([
      'workload.trace: t.json:5: job "c": cluster.network (workload.jobs[3]: 9 MB read): too long',
      'workload.trace: t.json:3: job "b": cluster.network (workload.jobs[2]: 8 MB read): too long',
      'cluster.network (workload.jobs[9]: 7 MB): past the trace',
    ]);
  });

  it('a converted job whose transfer under the fluid model is past the task limit names the trace\'s line (it named "workload.jobs[0]" inside cluster.network\'s message)', () => {
    writeFileSync(join(dir, 'big.json'), '{ "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [ { "container.host": "/r/n1", "duration.ms": 5 } ] }\n'
      + '{ "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [] }\n'
      + '{ "job.start.ms": 0, "job.queue.name": "q", "job.id": "big",\n  "job.tasks": [ { "container.host": "/r/n1", "duration.ms": 5 } ] }\n');
    // 1 TB blocks read at 0.001 Gbps: 8.8e9 ms. Every job reads a block: the first of them is named.
    writeFileSync(join(dir, 'big-sls.json'), JSON.stringify({ ...base, hdfs: { blockMB: 1048576 }, cluster: { ...base.cluster, network: { model: 'fluid', nicGbps: 0.001 } }, workload: { kind: 'sls', trace: 'big.json' } }));
    const r = hfsim('run', join(dir, 'big-sls.json'));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n').filter((l) => !l.startsWith('hfsim: warning:'))).toEqual([expect.stringMatching(new RegExp(`^hfsim: ${join(dir, 'big-sls.json')}:1:39: workload\\.trace: .*big\\.json:1:1: job "[^"]+": cluster\\.network \\(workload\\.jobs\\[0\\]: 1048576 MB read at [\\d.]+ MB/s.*above the limit of 2147483647 ms$`))]);
  });

  it('a converted job past a limit on its tasks names the trace\'s line and key (it named "workload.jobs[1].mapMs", indexed past a skipped job)', () => {
    // heartbeats of 1000 ms: a map of 1.5e9 ms (mean with a 5 ms one, x 2.0 off-rack) spans 1,500,001, above 1,000,000
    writeFileSync(join(dir, 'long.json'), '{ "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [ { "container.host": "/r/n1", "duration.ms": 5 } ] }\n'
      + '{ "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [] }\n'
      + '{ "job.start.ms": 0, "job.queue.name": "q", "job.id": "long",\n  "job.tasks": [ { "container.host": "/r/n1", "duration.ms": 5 }, { "container.host": "/r/n1", "duration.ms": 1500000000 } ] }\n');
    writeFileSync(join(dir, 'long-sls.json'), JSON.stringify({ ...base, cluster: { ...base.cluster, heartbeatMs: 1000 }, workload: { kind: 'sls', trace: 'long.json' } }));
    const r = hfsim('run', join(dir, 'long-sls.json'));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n').filter((l) => !l.startsWith('hfsim: warning:'))).toEqual([`hfsim: ${join(dir, 'long-sls.json')}:1:141: workload.trace: ${join(dir, 'long.json')}:3:1: job "long", its map containers' durations (workload.jobs[1].mapMs): a task of 1500000005 ms (slowdowns included) spans 1500001 heartbeats of 1000 ms, above the limit of 1000000 (shorten it or lengthen cluster.heartbeatMs)`]);
    // a --set that changes the numbers of a limit the file breaks anyway leaves it the file's (a first cut blamed the --set)
    const set = hfsim('run', join(dir, 'long-sls.json'), '--set', 'cluster.heartbeatMs=900');
    expect(set.code).toBe(2);
    expect(set.stderr.trim().split('\n').filter((l) => !l.startsWith('hfsim: warning:'))).toEqual([expect.stringMatching(new RegExp(`^hfsim: ${join(dir, 'long-sls.json')}:1:141: workload\\.trace: .*long\\.json:3:1: job "long", .* spans 1666667 heartbeats of 900 ms`))]);
  });

  it('a malformed trace through the CLI: exit 2, one line naming the scenario, the trace and the line', () => {
    writeFileSync(join(dir, 'bad.json'), bad.find(([name]) => name === 'an unknown task type')![1]);
    writeFileSync(join(dir, 'bad-sls.json'), JSON.stringify({ ...base, workload: { kind: 'sls', trace: 'bad.json' } }));
    const r = hfsim('run', join(dir, 'bad-sls.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^hfsim: .*bad-sls\.json: workload\.trace: .*bad\.json:4:25: "container\.type" must be "map" or "reduce"/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
});

describe('Rumen traces (format: "rumen")', () => {
  // job_1 of TRACE as Rumen writes it (other LoggedJob fields are ignored), and a one-map job submitted 40 s later
  const attempt = (host: string, start: number, finish: number) => `{ "attemptID": "a", "result": "SUCCESS", "hostName": "${host}", "startTime": ${start}, "finishTime": ${finish}, "shuffleFinished": -1 }`;

  it('an attempt\'s hostName "/rack/host/" is /rack/host, as SLS reads it (it was host "" of a rack of its own); "/rack/" names no host and is refused at its line', () => {
    const text = (host: string) => `{ "jobID": "job_0_1", "submitTime": 0,\n  "mapTasks": [ { "attempts": [\n    ${attempt(host, 1, 2)} ] } ] }`;
    expect(parseRumenTrace(text('/rack2/node1/'), 'r.json').jobs[0].hosts).toEqual(parseRumenTrace(text('/rack2/node1'), 'r.json').jobs[0].hosts);
    expect(() => parseRumenTrace(text('/rack2/'), 'r.json')).toThrow(/^r\.json:3:58: "hostName" "\/rack2\/" names no host: write "\/rack\/host"/);
  });
  const RUMEN = `{ "jobID": "job_0_1", "user": "alice", "queue": "prod", "submitTime": 1000000, "launchTime": 1000500, "finishTime": 1095375, "outcome": "SUCCESS", "totalMaps": 4,
  "mapTasks": [
    { "taskID": "m0", "taskType": "MAP", "preferredLocations": [], "attempts": [ ${attempt('/rack2/node9', 1000100, 1000200)}, ${attempt('/rack10/node1', 1006000, 1026000)} ] },
    { "taskID": "m1", "taskType": "MAP", "attempts": [ ${attempt('/rack2/node2', 1006000, 1016000)} ] },
    { "taskID": "m2", "taskType": "MAP", "attempts": [ ${attempt('/rack2/node10', 1006000, 1021000)} ] },
    { "taskID": "m3", "taskType": "MAP", "attempts": [ ${attempt('/rack2/node10', 1007000, 1022000)} ] } ],
  "reduceTasks": [ { "taskID": "r0", "taskType": "REDUCE", "attempts": [ ${attempt('/rack10/node1', 1030000, 1060000)} ] } ],
  "otherTasks": [] }
{ "jobID": "job_0_2", "queue": "adhoc", "submitTime": 1040000, "mapTasks": [ { "attempts": [ ${attempt('/rack2/node1', 1041000, 1049000)} ] } ], "reduceTasks": [] }
`;

  it('the trace and the same jobs by hand give the same workload (each task\'s last attempt, times from the first submit)', () => {
    writeFileSync(join(dir, 'rumen.json'), RUMEN);
    const raw = { ...base, workload: { kind: 'sls', format: 'rumen', trace: 'rumen.json' } };
    const p = resolveScenario(structuredClone(raw), join(dir, 'r.json'));
    if (!p.ok) throw new Error(p.errors.join('\n'));
    // node9 of rack2 ran only a failed first attempt: SLS (and so hfsim) takes the last one, so it is no node here
    const q = parseScenario({ ...base, workload: { kind: 'jobs', files: [{ ...BY_HAND.files[0], name: 'job_0_1' }, { name: 'job_0_2', blocks: 1, replicas: [[0]] }],
      jobs: [{ ...BY_HAND.jobs[0], id: 'job_0_1', input: 'job_0_1' }, { id: 'job_0_2', submitMs: 40000, pool: 'adhoc', user: 'default', input: 'job_0_2', mapMs: 8000 }] } });
    if (!q.ok) throw new Error(q.errors.join('\n'));
    expect(p.value.workload).toEqual(q.value.workload);
  });

  it('reads a trace named .gz gunzipped, as Rumen\'s reader does (Hadoop ships its Rumen test traces so); refuses other codecs and unnamed gzip', () => {
    // PossiblyDecompressedInputStream picks a codec by the name's suffix (CompressionCodecFactory): a .json.gz trace
    // replays in SLS; it was refused as 'byte 0x8b is not UTF-8 text (save the Rumen trace as UTF-8)'.
    writeFileSync(join(dir, 'rumen-plain.json'), RUMEN);
    writeFileSync(join(dir, 'rumen.json.gz'), gzipSync(RUMEN));
    const resolved = (trace: string) => resolveScenario({ ...base, workload: { kind: 'sls', format: 'rumen', trace } }, join(dir, 'r.json'));
    const plain = resolved('rumen-plain.json');
    if (!plain.ok) throw new Error(plain.errors.join('\n'));
    expect(resolved('rumen.json.gz')).toEqual(plain);
    writeFileSync(join(dir, 'rumen-gzip.json'), gzipSync(RUMEN));
    expect(() => resolved('rumen-gzip.json')).toThrow(/rumen-gzip\.json: the Rumen trace is gzip data, but not named \.gz: Rumen's reader decompresses by the name, and fails on it as it is; name it \.gz, or gunzip it$/);
    writeFileSync(join(dir, 'rumen.json.bz2'), 'BZh91AY&SY');
    expect(() => resolved('rumen.json.bz2')).toThrow(/rumen\.json\.bz2: the Rumen trace is compressed \(\.bz2\), which hfsim cannot read: decompress it first \(\.gz is read, as Rumen reads it\)$/);
    writeFileSync(join(dir, 'bad.json.gz'), RUMEN);
    expect(() => resolved('bad.json.gz')).toThrow(/bad\.json\.gz: the Rumen trace is named \.gz, but is not gzip data \(incorrect header check\)$/);
    // a gzip cut short (a copy stopped midway) is gzip, not another format: it had read 'is not gzip data'
    writeFileSync(join(dir, 'cut.json.gz'), gzipSync(RUMEN).subarray(0, -6));
    expect(() => resolved('cut.json.gz')).toThrow(/cut\.json\.gz: the Rumen trace is gzip data that does not unzip \(unexpected end of file\): the file may be cut short or damaged; copy it again$/);
    // SLS JSON is read as it is (AMRunner's FileInputStream): gzip is told as such, not as text in another encoding
    writeFileSync(join(dir, 'sls.json.gz'), gzipSync('{}'));
    expect(() => resolveScenario({ ...base, workload: { kind: 'sls', trace: 'sls.json.gz' } }, join(dir, 'r.json'))).toThrow(/sls\.json\.gz: the SLS trace is gzip data: hfsim reads it as text \(only a Rumen trace named \.gz is unzipped, as Rumen's reader does\); gunzip it$/);
  });

  it("skips a job SLS skips (Hadoop's sample 2jobs2min-rumen-jh.json ends with a KILLED map that has no attempt), quoting SLS's message whole (it was cut: \"Invalid map task, no attempt\")", () => {
    const killed = `{ "jobID": "job_0_3", "queue": "adhoc", "submitTime": 1050000,
  "mapTasks": [ { "taskID": "m0", "taskStatus": "KILLED", "attempts": [ ] } ], "reduceTasks": [] }
{ "jobID": "job_0_4", "queue": "adhoc", "submitTime": 1060000,
  "mapTasks": [ { "attempts": [ { "hostName": "/rack2/node1", "startTime": -1, "finishTime": -1 } ] } ] }
{ "jobID": "job_0_5", "queue": "adhoc", "submitTime": 1070000,
  "mapTasks": [ { "attempts": [ { "startTime": 1, "finishTime": 2 } ] } ] }
{ "jobID": "job_0_6", "queue": "adhoc", "submitTime": 1080000,
  "mapTasks": [ { "attempts": [ { "hostName": "/rack2/node1", "startTime": 1, "finishTime": 2 } ] } ], "reduceTasks": [ { "attempts": [] } ] }
`;
    const t = parseRumenTrace(RUMEN + killed, 'r.json');
    expect(t.jobs).toEqual(parseRumenTrace(RUMEN, 'r.json').jobs);
    expect(t.skipped).toEqual([
      { id: 'job_0_3', line: 10, reason: 'a task with no attempt', why: 'its task at line 11 in "mapTasks" has no attempt: "attempts" is [], and SLS needs at least one ("Invalid map task, no attempt for a mapper!")' },
      { id: 'job_0_4', line: 12, reason: 'a last attempt of 0 ms or less', why: 'its task at line 13 in "mapTasks": its last attempt has "startTime" -1 (Rumen\'s "not known") and "finishTime" -1 (Rumen\'s "not known"), so lasts 0 ms, and SLS needs it to last above 0 ms ("Duration of a task shouldn\'t be less or equal to 0!")' },
      { id: 'job_0_5', line: 14, reason: 'a last attempt with no "hostName"', why: 'its task at line 15 in "mapTasks": its last attempt has no "hostName", and SLS needs the node it ran on' },
      { id: 'job_0_6', line: 16, reason: 'a task with no attempt', why: 'its task at line 17 in "reduceTasks" has no attempt: "attempts" is [], and SLS needs at least one ("Invalid reduce task, no attempt for a reducer!")' },
    ]);
  });

  it('takes finishTime - startTime as SLS does when a time is -1 (not known) or null (0 to Jackson)', () => {
    // A KILLED attempt that never started (a speculative one, often a task's last) has startTime -1: SLS runs its
    // container finishTime + 1 ms; it was skipped as lasting "an unknown time", with SLS's reason for 0 ms.
    const job = (times: string) => `{ "jobID": "job_0_9", "queue": "q", "submitTime": 0,\n  "mapTasks": [ { "attempts": [ { "hostName": "/r/h1", ${times} } ] } ] }`;
    const ms = (times: string) => parseRumenTrace(job(times), 'r.json').jobs.map((j) => j.maps.map((m) => m.ms));
    expect(ms('"startTime": -1, "finishTime": 5000, "result": "KILLED"')).toEqual([[5001]]);
    expect(ms('"finishTime": 5000')).toEqual([[5001]]);
    expect(ms('"startTime": null, "finishTime": 5000')).toEqual([[5000]]);
    expect(ms('"startTime": 1000, "finishTime": 5000')).toEqual([[4000]]);
    const skipped = (times: string) => parseRumenTrace(job(times) + RUMEN, 'r.json').skipped.map((k) => k.why);
    expect(skipped('"startTime": 1000, "finishTime": -1')).toEqual(['its task at line 2 in "mapTasks": its last attempt has "startTime" 1000 and "finishTime" -1 (Rumen\'s "not known"), so lasts -1001 ms, and SLS needs it to last above 0 ms ("Duration of a task shouldn\'t be less or equal to 0!")']);
    // -1 is also SLS's "no duration given": 0 ms, skipped
    expect(skipped('"startTime": 1000, "finishTime": 999')).toEqual(['its task at line 2 in "mapTasks": its last attempt has "startTime" 1000 and "finishTime" 999, so lasts -1 ms, and SLS needs it to last above 0 ms ("Duration of a task shouldn\'t be less or equal to 0!")']);
    // epoch times: SLS would run the container 43 years, past hfsim's limit on any time: the job is skipped, saying
    // so (SLS runs it), and the trace's other jobs replay (the whole trace had been refused)
    const killed = parseRumenTrace(RUMEN + job('"startTime": -1, "finishTime": 1371223078206'), 'r.json');
    expect(killed.jobs).toEqual(parseRumenTrace(RUMEN, 'r.json').jobs);
    expect(killed.skipped.map(({ id, slsRuns, why }) => ({ id, slsRuns, why: why.replace(/line \d+/, 'line N') }))).toEqual([{ id: 'job_0_9', slsRuns: true,
      why: 'its task at line N in "mapTasks": its last attempt has no start (startTime -1, Rumen\'s "not known"), so SLS would run its container finishTime + 1 ms, 1371223078207 ms, past hfsim\'s limit of 2147483647 ms (24.8 days) on any time' }]);
    // a null startTime (0 to Jackson) is no start either: skipped alike (it had refused the whole trace)
    const nullStart = parseRumenTrace(RUMEN + job('"startTime": null, "finishTime": 1371223078206'), 'r.json');
    expect(nullStart.jobs).toEqual(parseRumenTrace(RUMEN, 'r.json').jobs);
    expect(nullStart.skipped.map((k) => [k.id, k.slsRuns, k.why.replace(/line \d+/, 'line N')])).toEqual([['job_0_9', true,
      'its task at line N in "mapTasks": its last attempt has no start (startTime null, 0 to SLS), so SLS would run its container finishTime ms, 1371223078206 ms, past hfsim\'s limit of 2147483647 ms (24.8 days) on any time']]);
    // a started attempt that long is refused at its line, as any time past the limit is
    expect(() => parseRumenTrace(job('"startTime": 1, "finishTime": 1371223078206'), 'r.json')).toThrow('r.json:2:33: its last attempt lasts 1371223078205 ms, above the limit of 2147483647 ms (24.8 days) for any time');
  });

  it('reads "jobID" as Rumen\'s reader does: a job without one is skipped, as SLS skips it; one that is no job id is refused', () => {
    const job = (id: string) => `{ ${id}"queue": "q", "submitTime": 0,\n  "mapTasks": [ { "attempts": [ { "hostName": "/r/h1", "startTime": 0, "finishTime": 5000 } ] } ] }\n`;
    const ok = job('"jobID": "job_200904211745_0002", ');
    // AMDefinitionFactory: job.getJobID().toString() throws on a job without one ("Failed to create an AM"); it was replayed as "job_2"
    for (const none of ['', '"jobID": null, ']) {
      const t = parseRumenTrace(ok + job(none), 'r.json');
      expect(t.jobs.map((j) => j.id)).toEqual(['job_200904211745_0002']);
      expect(t.skipped).toEqual([{ id: 'job_2', line: 3, reason: 'no "jobID"', why: 'it has no "jobID" (SLS fails on it: "Failed to create an AM")' }]);
    }
    // LoggedJob.setJobID is JobID.forName: "job", an identifier and an int between "_" (Java's split drops trailing
    // empty parts); anything else fails Rumen's reader, and SLS stops reading the trace
    for (const id of ['job_1369942127770_1205', 'job__7', 'job_a_1_', 'job_x_-3', 'job_x_+3']) expect(parseRumenTrace(job(`"jobID": "${id}", `), 'r.json').jobs.map((j) => j.id)).toEqual([id]);
    for (const id of ['job_1', 'j1', 'job_1_2_3', 'task_1_2', 'job_x_y', 'job_x_2147483648', ' job_1_1']) {
      expect(() => parseRumenTrace(ok + job(`"jobID": "${id}", `), 'r.json')).toThrow(`r.json:3:12: "jobID" "${id}" is not a job id ("job_<identifier>_<number>", as "job_1369942127770_1205"): Rumen's reader (JobID.forName) fails on it, and SLS with it`);
    }
  });

  it('skips a job with no task at all (one that failed at set-up refused the whole trace), saying SLS runs its AM alone', () => {
    const failed = '{ "jobID": "job_200904211745_0001", "queue": "q", "submitTime": 1050000, "outcome": "FAILED", "mapTasks": [], "reduceTasks": [] }\n';
    const t = parseRumenTrace(RUMEN + failed, 'r.json');
    expect(t.jobs).toEqual(parseRumenTrace(RUMEN, 'r.json').jobs);
    // SLS's "No task for the job!" is AMDefinitionSLS's (SLS JSON): a Rumen job without tasks gets an MRAMSimulator
    // whose AM container asks for nothing and finishes; hfsim has no AM containers, so nothing of it is replayed
    expect(t.skipped).toEqual([{ id: 'job_200904211745_0001', line: 10, reason: 'no task', why: 'it has no tasks (SLS runs its AM alone, and hfsim models no AM container)', slsRuns: true }]);
    const only = '{ "jobID": "job_0_7", "queue": "q", "submitTime": 5, "mapTasks": [], "reduceTasks": [] }\n';
    expect(() => parseRumenTrace(only, 'r.json')).toThrow(/^r\.json: no job to replay: all 1 are skipped \(line 1, job "job_0_7": it has no tasks \(SLS runs its AM alone, and hfsim models no AM container\)\)$/);
    writeFileSync(join(dir, 'rumen-setup.json'), RUMEN + failed);
    writeFileSync(join(dir, 'rumen-setup-s.json'), JSON.stringify({ ...base, workload: { kind: 'sls', format: 'rumen', trace: 'rumen-setup.json' } }));
    const r = hfsim('run', join(dir, 'rumen-setup-s.json'));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^hfsim: warning: .*rumen-setup\.json:10: job "job_200904211745_0001" skipped: it has no tasks \(SLS runs its AM alone, and hfsim models no AM container\)$/m);
    expect(r.stderr).not.toMatch(/as SLS skips it/);
  });

  it('counts submit times from the file\'s first job, as SLS does, and lists a job submitted before it (reset to 0) for a warning', () => {
    const job = (id: string, submit: number) => `{ "jobID": "${id}", "queue": "q", "submitTime": ${submit}, "mapTasks": [ { "attempts": [ ${attempt('/r/h1', 0, 5000)} ] } ] }`;
    const t = parseRumenTrace([job('job_0_2', 1000060000), job('job_0_1', 1000000000), job('job_0_3', 1000120000)].join('\n'), 'r.json');
    expect(t.jobs.map((j) => j.startMs)).toEqual([0, 0, 60000]);
    expect(t.reset).toEqual([{ id: 'job_0_1', line: 2, earlierMs: 60000 }]);
    expect(parseRumenTrace(job('job_0_1', 5), 'r.json').reset).toBeUndefined();
  });

  it('submits a job whose submitTime is -1 (Rumen\'s "not known") at 0 with a warning, as SLS resets it, and counts from the first known time (the whole trace was refused)', () => {
    const job = (id: string, submit: number) => `{ "jobID": "${id}", "queue": "q", "submitTime": ${submit}, "mapTasks": [ { "attempts": [ ${attempt('/r/h1', 0, 5000)} ] } ] }`;
    const t = parseRumenTrace([job('job_0_1', -1), job('job_0_2', 1000000000), job('job_0_3', -1), job('job_0_4', 1000060000)].join('\n'), 'r.json');
    expect(t.jobs.map((j) => [j.id, j.startMs])).toEqual([['job_0_1', 0], ['job_0_2', 0], ['job_0_3', 0], ['job_0_4', 60000]]);
    expect(t.reset).toEqual([{ id: 'job_0_1', line: 1, unknown: true }, { id: 'job_0_3', line: 3, unknown: true }]);
    expect(() => parseRumenTrace(job('job_0_1', -2), 'r.json')).toThrow(/^r\.json:1:51: "submitTime" must be a whole number of at least -1, not -2$/);
    writeFileSync(join(dir, 'rumen-unknown.json'), [job('job_0_1', 7000), job('job_0_2', -1)].join('\n'));
    writeFileSync(join(dir, 'rumen-unknown-s.json'), JSON.stringify({ ...base, workload: { kind: 'sls', format: 'rumen', trace: 'rumen-unknown.json' } }));
    const r = hfsim('run', join(dir, 'rumen-unknown-s.json'), '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^hfsim: warning: .*rumen-unknown\.json:2: job "job_0_2" has submitTime -1 \(Rumen's "not known"\): its submit time is reset to 0, as SLS resets it$/m);
    expect(JSON.parse(r.stdout).jobs.map((j: { submitMs: number }) => j.submitMs)).toEqual([0, 0]);
  });

  it('lists the first 10 jobs whose submit time is reset a line each, then the rest in one line counted by why', () => {
    const job = (id: string, submit: number) => `{ "jobID": "${id}", "queue": "q", "submitTime": ${submit}, "mapTasks": [ { "attempts": [ ${attempt('/r/h1', 0, 5000)} ] } ] }`;
    const lines = [job('job_0_0', 1000000000), ...Array.from({ length: 12 }, (_, i) => job(`job_1_${i}`, -1)), ...Array.from({ length: 3 }, (_, i) => job(`job_2_${i}`, 999000000))];
    writeFileSync(join(dir, 'rumen-resets.json'), lines.join('\n'));
    writeFileSync(join(dir, 'rumen-resets-s.json'), JSON.stringify({ ...base, workload: { kind: 'sls', format: 'rumen', trace: 'rumen-resets.json' } }));
    const r = hfsim('run', join(dir, 'rumen-resets-s.json'), '--json');
    expect(r.code, r.stderr).toBe(0);
    const told = r.stderr.trim().split('\n');
    expect(told).toHaveLength(11);
    expect(told[9]).toMatch(/rumen-resets\.json:11: job "job_1_9" has submitTime -1 \(Rumen's "not known"\): its submit time is reset to 0, as SLS resets it$/);
    expect(told[10]).toBe(`hfsim: warning: ${join(dir, 'rumen-resets.json')}: 5 more jobs (lines 12 to 16) have their submit times reset to 0, as SLS resets them, not listed one by one: 2 with submitTime -1, 3 submitted before the file's first job`);
  });

  it('reads the shipped Rumen sample (cut from hadoop-sls\'s 2jobs2min-rumen-jh.json and hadoop-gridmix\'s wordcount.json) as SLS does', () => {
    const file = join(import.meta.dirname, '..', '..', 'data', 'traces', 'rumen-sample.json');
    const t = parseRumenTrace(readFileSync(file, 'utf8'), 'rumen-sample.json');
    // By hand from the source: submitTime - 1371222054499 (the first job's); each map's last attempt's finishTime -
    // startTime (1205: 17043 19216 19221 19544 44068 46350 13354 11143; 1206: 22163 22152 18814 22734 31938 32847
    // 11897 13327; WordCount: 6896 6528 4058, its reduce 9952) and hostName.
    expect(t.jobs.map((j) => [j.id, j.startMs, j.queue, j.user, j.mapCount, j.maps.reduce((a, m) => a + m.ms, 0), j.reduceCount, j.reduces.map((r) => r.ms)])).toEqual([
      ['job_1369942127770_1205', 0, 'sls_queue_1', 'jenkins', 8, 189939, 0, []],
      ['job_201009241532_0001', 60000, 'default', 'johndoe', 3, 17482, 1, [9952]],
      ['job_1369942127770_1206', 105204, 'sls_queue_1', 'jenkins', 8, 175872, 0, []],
    ]);
    const host = (h: string) => `/default-rack/${h}.smile.com`;
    expect(t.jobs[0].maps.map((m) => m.hosts)).toEqual(['a2118', 'a2115', 'a2116', 'a2117', 'a2118', 'a2115', 'a2118', 'a2116'].map((h) => [host(h)]));
    expect(t.jobs[1].hosts).toEqual(Array(4).fill('/default-rack/foo.example.com')); // 3 maps and the reduce; SETUP and CLEANUP (otherTasks) are not read
    expect(t.skipped).toEqual([{ id: 'job_1369942127770_1207', line: 1476, reason: 'a task with no attempt', why: 'its task at line 1484 in "mapTasks" has no attempt: "attempts" is [], and SLS needs at least one ("Invalid map task, no attempt for a mapper!")' }]);
    expect(t.reset).toBeUndefined();
    // one rack: a2115..a2118 are nodes 0..3 (natural order), foo.example.com node 4
    expect([...hostNodes(t.jobs, 1, 5, 'r.json')]).toEqual([[host('a2115').slice(1), 0], [host('a2116').slice(1), 1], [host('a2117').slice(1), 2], [host('a2118').slice(1), 3], ['default-rack/foo.example.com', 4]]);
  });

  it.each([
    ['only a job SLS skips (a task without attempts)', '{ "submitTime": 5,\n  "mapTasks": [ { "attempts": [] } ] }', /^t\.json: no job to replay: SLS skips all 1 \(line 1, job "job_1": its task at line 2 in "mapTasks" has no attempt: "attempts" is \[\], and SLS needs at least one \("Invalid map task, no attempt for a mapper!"\)\)$/],
    ['attempts that are not an array', '{ "submitTime": 5,\n  "mapTasks": [ { "attempts": 3 } ] }', /^t\.json:2:31: "attempts" must be an array of task attempts$/],
    ['no submit time', '{ "jobID": "job_0_1",\n  "mapTasks": [] }', /^t\.json:1:1: the job has no "submitTime"$/],
    ['a text time', `{ "submitTime": 5, "mapTasks": [ { "attempts": [\n ${attempt('h', 1, 2).replace('"startTime": 1', '"startTime": "early"')} ] } ] }`, /^t\.json:2:73: "startTime" must be a number of at least -1, not "early"$/],
    ['malformed JSON', '{ "submitTime": 5,\n  "mapTasks": [ 1 2 ] }', /^t\.json:2:19: invalid JSON: comma expected$/],
    ['an attempt past the time limit', `{ "submitTime": 5, "mapTasks": [ { "attempts": [\n ${attempt('h', 1, 1e15)} ] } ] }`, /^t\.json:2:2: its last attempt lasts 999999999999999 ms, above the limit of 2147483647 ms \(24\.8 days\) for any time$/],
    // Long.MAX_VALUE is a long (as a double it rounds to 2^63, which the check compared and refused as "beyond a Java long")
    ['an attempt ending at Long.MAX_VALUE: past the time limit, not beyond a long', `{ "submitTime": 5, "mapTasks": [ { "attempts": [\n ${attempt('h', 1, 1).replace('"finishTime": 1', '"finishTime": 9223372036854775807')} ] } ] }`, /^t\.json:2:2: its last attempt lasts \d+ ms, above the limit of 2147483647 ms/],
    ['a submit time beyond the range of a number (it said "not null")', '{ "jobID": "job_0_1",\n  "submitTime": 1e400, "mapTasks": [] }', /^t\.json:2:17: "submitTime" must be a whole number of at least -1, not 1e400 \(beyond the range of a number: it reads as Infinity\)$/],
    ['an unclosed job', '{ "submitTime": 5,\n  "mapTasks": [ } ', /^t\.json:2:19: unexpected end of file: an object or array is not closed$/],
  ])('bad input: %s', (_, text, message) => {
    expect(() => parseRumenTrace(text, 't.json')).toThrow(message);
  });
});

describe('explicit replicas in a jobs workload', () => {
  const withReplicas = (replicas: unknown, hdfs = {}) => parseScenario({ ...base, hdfs, workload: { ...BY_HAND, files: [{ name: 'job_1', blocks: 2, replicas }, ...BY_HAND.files.slice(1)] } });
  it.each([
    [[[0]], 'workload.files[0].replicas: lists 1 blocks\' replicas, the file has 2 blocks'],
    [[[0], [8]], 'workload.files[0].replicas[1]: node 8 is not in the cluster (nodes 0 to 7)'],
    [[[0], [1, 1]], 'workload.files[0].replicas[1]: a node holds two replicas of one block'],
    [[[0], []], 'workload.files[0].replicas[1]: a block needs at least one replica node'],
  ])('%j is refused', (replicas, message) => {
    const p = withReplicas(replicas);
    expect(p.ok ? [] : p.errors).toContain(message);
  });

  it('more replica nodes than hdfs.replication are refused', () => {
    const p = withReplicas([[0, 1], [2, 3]], { replication: 1 });
    expect(p.ok ? [] : p.errors).toContain('workload.files[0].replicas[0]: 2 replica nodes, more than hdfs.replication (1)');
  });
});

describe('a trace in another of SLS\'s input formats is refused, saying which and what to set', () => {
  // The head of hadoop-tools/hadoop-sls/src/main/data/2jobs2min-rumen-jh.json (Apache License 2.0), its one map cut
  // to the fields read: read as SLS JSON (the default format) it was refused as 'unknown key "priority" in a job'.
  const RUMEN_HEAD = `{
  "priority" : "NORMAL",
  "jobID" : "job_1369942127770_1205",
  "user" : "jenkins",
  "jobName" : "TeraGen",
  "submitTime" : 1371222054499,
  "finishTime" : 1371222153874,
  "queue" : "sls_queue_1",
  "mapTasks" : [ {
    "startTime" : 1371222059053,
    "taskID" : "task_1369942127770_1205_m_000000",
    "taskType" : "MAP",
    "finishTime" : 1371222078206,
    "attempts" : [ {
      "hostName" : "/default-rack/a2118.smile.com",
      "startTime" : 1371222061163,
      "result" : "SUCCESS",
      "finishTime" : 1371222078206
    } ]
  } ],
  "reduceTasks" : [ ]
}
`;
  // The first job of hadoop-sls's src/test/resources/inputsls.json (Apache License 2.0), one container of three.
  const SLS_HEAD = `{
  "am.type": "mapreduce",
  "job.start.ms": 0,
  "job.end.ms": 95375,
  "job.queue.name": "sls_queue_1",
  "job.id": "job_1",
  "job.user": "default",
  "job.tasks": [
    {
      "container.host": "/default-rack/node1",
      "container.start.ms": 6664,
      "container.end.ms": 23707,
      "container.priority": 20,
      "container.type": "map",
      "container.execution.type": "GUARANTEED"
    }
  ]
}
`;
  // The head of hadoop-sls's src/test/resources/syn.json (Apache License 2.0): SLS's synthetic generator's input.
  const SYNTH_HEAD = `{
  "description": "tiny jobs workload",
  "num_nodes": 20,
  "nodes_per_rack": 4,
  "num_jobs": 10,
  "rand_seed": 2,
  "workloads": [ ]
}
`;
  it('a Rumen trace read as SLS JSON, SLS JSON read as Rumen, and SLS\'s synthetic workload description', () => {
    expect(parseRumenTrace(RUMEN_HEAD, 'r.json').jobs.map((j) => [j.id, j.queue, j.mapCount, j.maps[0].ms])).toEqual([['job_1369942127770_1205', 'sls_queue_1', 1, 17043]]);
    expect(parseSlsTrace(SLS_HEAD, 's.json').jobs.map((j) => [j.id, j.queue, j.mapCount, j.maps[0].ms])).toEqual([['job_1', 'sls_queue_1', 1, 17043]]);
    expect(() => parseSlsTrace(RUMEN_HEAD, 'r.json')).toThrow('r.json:1:1: a Rumen job ("jobID", "mapTasks", "submitTime"), not an SLS JSON one: set workload.format to "rumen"');
    expect(() => parseRumenTrace(SLS_HEAD, 's.json')).toThrow('s.json:1:1: an SLS JSON job ("job.start.ms", "job.tasks"), not a Rumen one: leave workload.format out (or set it to "sls")');
    expect(() => parseSlsTrace(SYNTH_HEAD, 'syn.json')).toThrow('syn.json:1:1: SLS\'s synthetic workload description (SYNTH: "num_jobs", "workloads"), not a trace: hfsim replays SLS JSON and Rumen traces; write such jobs as a "generated" workload');
  });

  // A SWIM trace under kind "sls" was "expected a job object ({ ... }) or an array of them", with no word of the kind.
  it('a SWIM trace (tab-separated rows) read as SLS JSON or Rumen names the workload kind to set', () => {
    const swim = 'job0\t49\t49\t740773\t2339561\t627471\njob1\t101\t52\t736346\t1700537\t432269\n';
    const said = 'a SWIM trace (rows of tab-separated columns), not JSON: set workload.kind to "swim"';
    expect(() => parseSlsTrace(swim, 't.tsv')).toThrow(`t.tsv:1:1: ${said}`);
    expect(() => parseRumenTrace(swim, 't.tsv')).toThrow(`t.tsv:1:1: ${said}`);
    // a stray number after the jobs is still what it was
    expect(() => parseSlsTrace(`${SLS_HEAD}\n42\n`, 's.json')).toThrow(/^s\.json:\d+:1: expected a job object/);
  });
});

describe('an SLS trace edited in a long process', () => {
  it('is read again, as a SWIM trace is (the cache went by path alone and replayed the old jobs)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-sls-edit-'));
    const raw = { name: 's', cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, workload: { kind: 'sls', trace: 't.json' } };
    const job = (count: number) => JSON.stringify({ 'job.start.ms': 0, 'job.queue.name': 'default', 'job.id': 'j',
      'job.tasks': [{ 'container.host': '/r/n1', 'container.type': 'map', 'container.duration.ms': 1000, count }] });
    const maps = () => {
      const r = resolveScenario(raw, join(dir, 's.json'));
      if (!r.ok || r.value.workload.kind !== 'jobs') throw new Error(JSON.stringify(r));
      return r.value.workload.files[0].blocks;
    };
    writeFileSync(join(dir, 't.json'), job(1));
    expect(maps()).toBe(1);
    writeFileSync(join(dir, 't.json'), job(3));
    expect(maps()).toBe(3);
  });
});
