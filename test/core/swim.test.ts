/** SWIM trace replay: deriving jobs from trace rows, the first-50-jobs replay, and malformed traces. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { simulate } from '../../src/actors/simulate.js';
import { parseSwimTrace } from '../../src/cli/trace.js';
import { loadScenario } from '../../src/cli/load-scenario.js';
import { ownFileName, swimJobShape } from '../../src/core/swim.js';
import { makeRng } from '../../src/core/rng.js';
import { makeTopology } from '../../src/core/topology.js';
import { planWorkload } from '../../src/core/workload.js';
import { auditor, scenario } from '../helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const MB = 1024 * 1024;
const swim = (over: Record<string, unknown> = {}) =>
  scenario({ workload: { kind: 'swim', trace: 'x.tsv', ...over } }).workload as Extract<ReturnType<typeof scenario>['workload'], { kind: 'swim' }>;

describe('swim job shape', () => {
  const w = swim();
  it.each([
    // input, shuffle, output, scale -> maps, reduces
    [0, 0, 0, 1, 1, 0],
    [64 * MB, 0, 5, 1, 1, 0],
    [64 * MB + 1, 0, 5, 1, 2, 0],
    [640 * MB, 10, 10, 1, 10, 1],
    [640 * MB, 10, 10, 0.5, 5, 1],
    [6400 * MB, 2.6e9, 0.4e9, 1, 100, 3],
  ])('input %d, shuffle %d, output %d at scale %d: %d maps, %d reduces', (input, shuffle, output, scale, maps, reduces) => {
    const s = swimJobShape(w, scale, 64, input, shuffle, output);
    expect(s.maps).toBe(maps);
    expect(s.reduces).toBe(reduces);
  });

  it('maxReducesPerJob caps a job\'s reduces as Hive\'s hive.exec.reducers.max does, spreading its bytes over fewer, longer reduces', () => {
    // 2.6e9 + 0.4e9 bytes at 1e9 a reduce: 3 reduces uncapped, 2 at a cap of 2; a cap above the count changes nothing
    const free = swimJobShape(w, 1, 64, 6400 * MB, 2.6e9, 0.4e9);
    const capped = swimJobShape(swim({ maxReducesPerJob: 2 }), 1, 64, 6400 * MB, 2.6e9, 0.4e9);
    expect([free.reduces, capped.reduces]).toEqual([3, 2]);
    expect(capped.shuffleMBPerReduce * 2).toBeCloseTo(2.6e9 / MB, 6);
    expect(capped.outputMBPerReduce * 2).toBeCloseTo(0.4e9 / MB, 6);
    expect(capped.copyMs).toBe(Math.round((226.5 * 2.6e9) / 2 / MB));
    expect(capped.reduceMs).toBe(Math.round(15_000 + (226.5 * 0.4e9) / 2 / MB));
    expect(swimJobShape(swim({ maxReducesPerJob: 3 }), 1, 64, 6400 * MB, 2.6e9, 0.4e9)).toEqual(free);
    // a map-only job stays map-only
    expect(swimJobShape(swim({ maxReducesPerJob: 1 }), 1, 64, 6400 * MB, 0, 5).reduces).toBe(0);
  });

  it('floors a job\'s input at SWIM\'s 64 MB whatever the block size (it was one block: a tiny job\'s map read 128 MB, 35 s)', () => {
    for (const blockMB of [32, 64, 128, 256]) {
      const s = swimJobShape(w, 1, blockMB, 1000, 0, 0);
      expect([s.maps, s.inputMBPerMap * s.maps, s.mapMs]).toEqual([Math.max(1, 64 / blockMB), 64, blockMB >= 64 ? 19_000 : 3000 + 250 * blockMB]);
    }
  });

  it('warns, naming the first line, when a trace\'s gaps (column 3) disagree with its submit times (column 2), which it replays', () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { lines.push(String(chunk)); return true; });
    try {
      parseSwimTrace('j0\t5\t5\t1\t0\t0\nj1\t5\t100\t1\t0\t0\nj2\t5\t100\t1\t0\t0\n', 'gaps.tsv');
      parseSwimTrace('j0\t5\t5\t1\t0\t0\nj1\t7\t2\t1\t0\t0\n', 'agree.tsv');
    } finally {
      write.mockRestore();
    }
    expect(lines).toEqual(['hfsim: warning: gaps.tsv:2: column 3 (inter-arrival gap) 100 is not the step of the submit times (column 2) from the line before, 0 (and 1 more lines): hfsim replays the submit times; SWIM\'s replay script sleeps the gaps\n']);
  });

  it('is calibrated to the Facebook medians: a full 64 MB map 19 s, a full 1e9-byte reduce 231 s', () => {
    expect(swimJobShape(w, 1, 64, 64 * MB, 0, 0).mapMs).toBe(19_000);
    const r = swimJobShape(w, 1, 64, 64 * MB, 0.5e9, 0.5e9);
    expect(r.reduces).toBe(1);
    expect(Math.abs(r.copyMs + r.reduceMs - 231_000)).toBeLessThan(100);
  });

  it('median map and reduce task over the FB-2009 day are about 19 s and 231 s', () => {
    const t = parseSwimTrace(readFileSync(join(ROOT, 'data/traces/FB-2009_samples_24_times_1hr_0.tsv'), 'utf8'), 'fb2009');
    const maps: Array<[number, number]> = [];
    const reduces: Array<[number, number]> = [];
    for (let i = 0; i < t.ids.length; i++) {
      const s = swimJobShape(w, 1, 64, t.inputBytes[i], t.shuffleBytes[i], t.outputBytes[i]);
      maps.push([s.mapMs, s.maps]);
      if (s.reduces > 0) reduces.push([s.copyMs + s.reduceMs, s.reduces]);
    }
    const weightedMedian = (xs: Array<[number, number]>) => {
      xs.sort((a, b) => a[0] - b[0]);
      const half = xs.reduce((a, x) => a + x[1], 0) / 2;
      let c = 0;
      for (const [v, n] of xs) if ((c += n) >= half) return v;
      return NaN;
    };
    expect(weightedMedian(maps) / 1000).toBeCloseTo(19, 0);
    expect(weightedMedian(reduces) / 1000).toBeGreaterThan(200);
    expect(weightedMedian(reduces) / 1000).toBeLessThan(260);
  });

  it('README\'s share of FB-2009\'s jobs that are map-only single-map jobs is the trace\'s (at fb2009-day\'s 600 nodes and 64 MB blocks)', () => {
    const t = parseSwimTrace(readFileSync(join(ROOT, 'data/traces/FB-2009_samples_24_times_1hr_0.tsv'), 'utf8'), 'fb2009');
    let single = 0;
    for (let i = 0; i < t.ids.length; i++) {
      const s = swimJobShape(w, 1, 64, t.inputBytes[i], t.shuffleBytes[i], t.outputBytes[i]);
      if (s.maps === 1 && s.reduces === 0) single++;
    }
    const stated = /(\d+)% of FB-2009's jobs are map-only single-map jobs/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(Number(stated?.[1])).toBe(Math.round((100 * single) / t.ids.length));
  });
});

describe('the first 50 jobs of FB-2009', () => {
  it.each(['FIFO', 'Fair + delay'])('%s: every job finishes, every task runs once, submit times follow the trace', async (variant) => {
    const loaded = loadScenario(join(ROOT, 'scenarios/swim-first50.json'), [], undefined, variant);
    const v = loaded.variants[0];
    const audit = auditor(v.scenario);
    const r = await simulate(v.scenario, { variant, trace: v.trace, observer: audit.observer, timeDecisions: false });
    expect(r.summary.jobs).toBe(50);
    expect(audit.violations).toEqual([]);
    expect(audit.notDone).toEqual([]);
    for (const j of r.jobs) expect(j.finishMs).toBeGreaterThan(j.submitMs);
    expect(r.jobs.slice(0, 3).map((j) => [j.id, j.submitMs])).toEqual([['job0', 49_000], ['job1', 101_000], ['job2', 122_000]]);
  });

  it('leaving out heartbeats is exact on the replay', async () => {
    const v = loadScenario(join(ROOT, 'scenarios/swim-first50.json'), [], undefined, 'Fair + delay').variants[0];
    const shortcut = await simulate(v.scenario, { trace: v.trace, timeDecisions: false });
    const every = await simulate(v.scenario, { trace: v.trace, timeDecisions: false, everyHeartbeat: true });
    expect(every.run.heartbeats).toBeGreaterThan(shortcut.run.heartbeats);
    expect(shortcut.digest).toBe(every.digest);
  });
});

describe("SWIM's traces with input paths (WorkloadSynthesis.pl's withInputPaths layout)", () => {
  const FIXTURE = join(ROOT, 'test/fixtures/swim-input-paths.tsv');
  const text = readFileSync(FIXTURE, 'utf8');
  const trace = parseSwimTrace(text, 'paths.tsv');
  const stripped = parseSwimTrace(text.split('\n').map((l) => l.split('\t').slice(0, 6).join('\t')).join('\n'), 'stripped.tsv');
  const plan = (inputPaths: 'shared' | 'ignored', t = trace) => {
    const s = scenario({ cluster: { racks: 3, nodesPerRack: 20 }, workload: { kind: 'swim', trace: 'x.tsv', inputPaths } });
    return planWorkload(s, makeTopology(s.cluster, s.seed), makeRng(s.seed), t);
  };

  it('reads the input path of each row (the output path and the trailing tab are read and left alone)', () => {
    expect(trace.ids).toHaveLength(12);
    expect(trace.inputPaths).toEqual(['inputPath1', 'inputPath1', '', 'inputPath1', 'inputPath2', 'inputPath3', 'inputPath2', 'inputPath3', 'inputPath2', 'inputPath1', 'inputPath4', 'inputPath5']);
    expect([...trace.inputBytes]).toEqual([...stripped.inputBytes]);
    expect(stripped.inputPaths).toBeUndefined();
    // 7 and 8 columns too (no trailing tab), and a row of 6 among them.
    const mixed = parseSwimTrace('a\t1\t1\t10\t0\t5\tp\nb\t2\t1\t10\t0\t5\tp\tq\nc\t3\t1\t10\t0\t5\n', 'mixed.tsv');
    expect(mixed.inputPaths).toEqual(['p', 'p', '']);
  });

  it('rows naming one path read one file, sized to the largest of them; a smaller row reads a contiguous run of it', () => {
    const { jobs, plan: p } = plan('shared');
    const byPath = new Map<string, number[]>();
    trace.inputPaths!.forEach((path, i) => path !== '' && byPath.set(path, [...(byPath.get(path) ?? []), i]));
    for (const [path, rows] of byPath) {
      const file = p.placed.find((f) => f.name === `path:${path}`)!;
      expect(file.blocks).toBe(Math.max(...rows.map((i) => jobs[i].blocks.length)));
      for (const i of rows) {
        const b = jobs[i].blocks;
        expect(b[0]).toBeGreaterThanOrEqual(file.first);
        expect(b[b.length - 1]).toBeLessThan(file.first + file.blocks);
        for (let k = 1; k < b.length; k++) expect(b[k]).toBe(b[k - 1] + 1);
      }
    }
    // inputPath1: rows 0, 1, 3 and 9; 3 and 9 read it whole (the same blocks), 1 reads part of it.
    expect([...jobs[3].blocks]).toEqual([...jobs[9].blocks]);
    expect(jobs[1].blocks.length).toBeLessThan(jobs[3].blocks.length);
    // Five paths and the one row without a path: six files, and fewer blocks than maps.
    expect(p.placed.map((f) => f.name)).toEqual(['path:inputPath1', 'job2', 'path:inputPath2', 'path:inputPath3', 'path:inputPath4', 'path:inputPath5']);
    expect(p.size).toBeLessThan(jobs.reduce((a, j) => a + j.blocks.length, 0));
  });

  it('a job id that reads as a path\'s file name ("path:A", or the escape "job:...") names a file of its own, placed apart', () => {
    // Row 0 reads path A; row 1's own input was named "path:A" too, so placed from A's stream on A's very nodes.
    const t = parseSwimTrace('x\t0\t0\t64000000\t0\t0\tA\npath:A\t0\t0\t64000000\t0\t0\njob:q\t0\t0\t64000000\t0\t0\nq\t0\t0\t64000000\t0\t0\n', 'ids.tsv');
    const { jobs, plan: p } = plan('shared', t);
    expect(p.placed.map((f) => f.name)).toEqual(['path:A', 'job:path:A', 'job:job:q', 'q']);
    expect(new Set(p.placed.map((f) => f.name)).size).toBe(4);
    expect(jobs.map((j) => j.id)).toEqual(['x', 'path:A', 'job:q', 'q']);
    // Escaped names are one-to-one: an id keeps its name unless it starts with one of the two prefixes.
    expect(['job2', 'path:', 'job:', 'pathA', 'jobs:1'].map(ownFileName)).toEqual(['job2', 'job:path:', 'job:job:', 'pathA', 'jobs:1']);
  });

  it('the same jobs but for their inputs; "ignored" (or the trace without its paths) gives each row a file of its own', () => {
    const shared = plan('shared').jobs;
    const ignored = plan('ignored');
    const own = plan('shared', stripped);
    expect(ignored.plan.placed).toEqual(own.plan.placed);
    expect(ignored.jobs).toEqual(own.jobs);
    expect(ignored.plan.size).toBe(ignored.jobs.reduce((a, j) => a + j.blocks.length, 0));
    const strip = (j: (typeof shared)[number]) => ({ ...j, blocks: j.blocks.length });
    expect(shared.map(strip)).toEqual(ignored.jobs.map(strip));
  });

  it('random traces: every row reads its maps, rows of a path read within its one file, contiguously; "ignored" = no paths', () => {
    const row = fc.record({ mb: fc.integer({ min: 0, max: 2000 }), path: fc.constantFrom('', 'a', 'b', 'c', 'd'), cols: fc.constantFrom(6, 7, 8, 9) });
    fc.assert(fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 1000 }), (rows, seed) => {
      const line = (r: (typeof rows)[number], i: number) => {
        const base = [`j${i}`, String(i), '1', String(r.mb * MB), '0', '5'];
        if (r.cols === 6) return [...base, ...(r.path === '' ? [] : [r.path])].join('\t'); // 6 columns, or 7 with a path
        return [...base, r.path, 'out', ''].slice(0, r.cols).join('\t');
      };
      const t = parseSwimTrace(rows.map(line).join('\n'), 'random.tsv');
      const run = (inputPaths: 'shared' | 'ignored', tr = t) => {
        const s = scenario({ seed, cluster: { racks: 2, nodesPerRack: 5 }, workload: { kind: 'swim', trace: 'x.tsv', tracedNodes: 10, inputPaths } });
        return planWorkload(s, makeTopology(s.cluster, s.seed), makeRng(s.seed), tr);
      };
      const { jobs, plan: p } = run('shared');
      const noPaths = run('shared', { ...t, inputPaths: undefined });
      expect(jobs.map((j) => j.blocks.length)).toEqual(noPaths.jobs.map((j) => j.blocks.length));
      expect(run('ignored').jobs).toEqual(noPaths.jobs);
      rows.forEach((r, i) => {
        const named = (t.inputPaths ?? [])[i] ?? '';
        expect(named).toBe(r.path);
        const file = p.placed.find((f) => f.name === (named === '' ? `j${i}` : `path:${named}`))!;
        const b = jobs[i].blocks;
        expect(b[0]).toBeGreaterThanOrEqual(file.first);
        expect(b[b.length - 1]).toBeLessThan(file.first + file.blocks);
        for (let k = 1; k < b.length; k++) expect(b[k]).toBe(b[k - 1] + 1);
        if (named !== '') expect(file.blocks).toBe(Math.max(...rows.map((_, k) => ((t.inputPaths ?? [])[k] === named ? jobs[k].blocks.length : 0))));
      });
    }), { numRuns: 200 });
  });

  it('a run replays it to the end, every task once; the same digest in-process and on threads', async () => {
    const s = scenario({ seed: 3, cluster: { racks: 3, nodesPerRack: 20, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, workload: { kind: 'swim', trace: 'x.tsv' } });
    const audit = auditor(s);
    const r = await simulate(s, { trace, observer: audit.observer, timeDecisions: false });
    expect(r.summary.jobs).toBe(12);
    expect(audit.violations).toEqual([]);
    expect(audit.notDone).toEqual([]);
    const threads = await simulate(s, { trace, runtime: 'threads', workers: 2, timeDecisions: false });
    expect(threads.digest).toBe(r.digest);
    const ignored = await simulate({ ...s, workload: { ...s.workload, inputPaths: 'ignored' } } as typeof s, { trace, timeDecisions: false });
    expect(ignored.digest).not.toBe(r.digest);
  });
});

describe('a trace read again in one process', () => {
  it('is the file as it is now: one edited or replaced since is read again (a long process kept the first rows)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-trace-edit-'));
    const row = (id: string, submitS: number) => `${id}\t${submitS}\t${submitS}\t1000\t0\t0\n`;
    writeFileSync(join(dir, 't.tsv'), row('a', 0) + row('b', 5));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 2 }, workload: { kind: 'swim', trace: 't.tsv' } }));
    const ids = () => loadScenario(join(dir, 's.json')).variants[0].trace!.ids;
    expect(ids()).toEqual(['a', 'b']);
    expect(loadScenario(join(dir, 's.json')).variants[0].trace).toBe(loadScenario(join(dir, 's.json')).variants[0].trace); // unchanged: read once
    writeFileSync(join(dir, 't.tsv'), row('a', 0) + row('b', 5) + row('c', 9));
    expect(ids()).toEqual(['a', 'b', 'c']);
  });
});

describe('malformed traces: exit 2, one line naming the file and line', () => {
  const good = readFileSync(join(ROOT, 'data/traces/FB-2009_samples_24_times_1hr_0_first50jobs.tsv'), 'utf8').split('\n');
  const withLine3 = (line: string) => [...good.slice(0, 2), line, ...good.slice(3)].join('\n');
  it.each([
    ['a missing column', withLine3('job2\t122\t21\t267631\t594312'), /bad\.tsv:3: expected 6 tab-separated columns/],
    ['a non-number', withLine3('job2\t122\t21\tlots\t594312\t233549'), /bad\.tsv:3: column 4 \(input bytes\): "lots" is not a non-negative number/],
    ['a negative number', withLine3('job2\t122\t21\t267631\t-1\t233549'), /bad\.tsv:3: column 5 \(shuffle bytes\)/],
    ['a number past a double\'s range (it read as "not a non-negative number")', withLine3('job2\t122\t21\t1e400\t594312\t233549'), /bad\.tsv:3: column 4 \(input bytes\): "1e400" is beyond the range of a number \(about 1\.8e308\)\n/],
    ['time going backwards', withLine3('job2\t100\t21\t267631\t594312\t233549'), /bad\.tsv:3: submit time 100 is before/],
    ['a duplicate id', withLine3('job1\t122\t21\t267631\t594312\t233549'), /bad\.tsv:3: job id "job1" is used twice/],
    ['a 9th column not empty', withLine3('job2\t122\t21\t267631\t594312\t233549\tinputPath1\t\tx'), /bad\.tsv:3: expected 6 tab-separated columns .*or 7 to 9 .*found 9, the 9th not empty/],
    ['10 columns', withLine3('job2\t122\t21\t267631\t594312\t233549\tinputPath1\t\t\t'), /bad\.tsv:3: expected 6 tab-separated columns .*found 10/],
    // said as what they are: each was "found 1"
    ['a blank line', withLine3(''), /bad\.tsv:3: expected 6 tab-separated columns .*found 1: a blank line \(a trace has a job on every line/],
    ['a comment', withLine3('# the 2009 day'), /bad\.tsv:3: expected 6 tab-separated columns .*found 1: a comment \(SWIM traces have none\)\n/],
    ['a commented header of six columns', withLine3('# id\tsubmit\tgap\tinput\tshuffle\toutput'), /bad\.tsv:3: a comment \(SWIM traces have none\): job id "# id" starts with "#"; delete the line, or rename the job\n/],
    // a row commented out was replayed silently as a job named "#job3"
    ['a commented-out row', withLine3('#job3\t197\t75\t233422\t42\t37'), /bad\.tsv:3: a comment \(SWIM traces have none\): job id "#job3" starts with "#"; delete the line, or rename the job\n/],
    // a spreadsheet's header row was "column 2 (submit time): "submit" is not a non-negative number"
    ['a header row', ['id\tsubmit\tgap\tinput bytes\tshuffle bytes\toutput bytes', ...good].join('\n'), /bad\.tsv:1: a header row \("id \| submit \| gap \| input bytes \| shuffle bytes \| output bytes"\): SWIM traces have none, only a job a line: delete it\n/],
    ['a header-like row past the first line is a bad row', withLine3('id\tsubmit\tgap\tinput\tshuffle\toutput'), /bad\.tsv:3: column 2 \(submit time\): "submit" is not a non-negative number\n/],
    ['a blank line of tabs', withLine3('\t\t'), /bad\.tsv:3: expected 6 tab-separated columns .*found 3: a blank line/],
    ['spaces for tabs', withLine3('job2 122 21 267631 594312 233549'), /bad\.tsv:3: expected 6 tab-separated columns .*found 1: columns separated by spaces, not tabs\n/],
    // one tab typed as spaces: it was "found 5" alone, the column with the spaces for the user to find
    ['spaces for one tab', withLine3('job2\t122\t21    267631\t594312\t233549'), /bad\.tsv:3: expected 6 tab-separated columns .*found 5: column 3 "21    267631" holds spaces where a tab should be\n/],
    ['spaces for the first tab', withLine3('job2  122\t21\t267631\t594312\t233549'), /bad\.tsv:3: expected 6 tab-separated columns .*found 5: column 1 "job2  122" holds spaces where a tab should be\n/],
    ['a job id with a space, a column missing', withLine3('daily etl\t122\t21\t267631\t594312'), /bad\.tsv:3: expected 6 tab-separated columns .*found 5\n/],
    // a number cannot hold spaces, a job id may: a job id ending in a number did not hide the size with the spaces
    ['a job id of words and a number, a tab typed as spaces in a size', withLine3('daily etl 7\t122\t21    267631\t594312\t233549'), /bad\.tsv:3: expected 6 tab-separated columns .*found 5: column 3 "21    267631" holds spaces where a tab should be\n/],
    // a file saved with carriage returns alone (Excel for Mac's "Tab delimited Text") is one line: it was "found 251", a count of no use
    ['carriage returns for newlines', good.join('\r'), /bad\.tsv:1: expected 6 tab-separated columns .*found 251: lines end in a carriage return alone \(\\r, as classic Mac OS and Excel for Mac save text\), not a newline: save the trace with LF or CRLF line endings\n/],
    // an SLS or Rumen trace under kind "swim" was "found 1", with no word of the kind
    ['an SLS JSON trace', '{ "job.id": "job_1", "job.start.ms": 0,\n  "job.queue.name": "q" }\n', /bad\.tsv:1: expected 6 tab-separated columns .*found 1: JSON, not a SWIM trace \(an SLS JSON or Rumen trace is workload kind "sls"\)\n/],
    ['a JSON array', '[\n  { "jobID": "job_1_1" }\n]\n', /bad\.tsv:1: .*found 1: JSON, not a SWIM trace/],
    ['a control character in a path', withLine3('job2\t122\t21\t267631\t594312\t233549\tinput\u0007Path\t\t'), /bad\.tsv:3: column 7 \(input path\) "input\\u0007Path" holds a control character/],
  ])('%s', (_, text, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-swim-'));
    writeFileSync(join(dir, 'bad.tsv'), text);
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 'bad', workload: { kind: 'swim', trace: 'bad.tsv' } }));
    const r = spawnSync(process.execPath, [CLI, 'run', join(dir, 's.json')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a missing trace file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-swim-'));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 'bad', workload: { kind: 'swim', trace: 'none.tsv' } }));
    const r = spawnSync(process.execPath, [CLI, 'run', join(dir, 's.json')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/s\.json: workload\.trace: .*none\.tsv: cannot read trace file \(no such file\)/);
  });
});
