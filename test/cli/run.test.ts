/** The compiled command line, as users run it: outputs, exit codes, and one-line errors for bad input. */
import { spawn, spawnSync } from 'node:child_process';
import { processGroup } from './sweep-helpers.js';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, EXIT_WORDS } from '../../src/cli/errors.js';
import { endsWithTest } from '../ends-with-test.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function scenarioFile(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

const tiny = {
  name: 'tiny',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 },
  workload: { kind: 'jobs', files: [{ name: 'a', blocks: 4 }], jobs: [{ id: 'j1', input: 'a', mapMs: 5000, reduces: 1 }] },
};

describe('hfsim run', () => {
  it('prints a side-by-side comparison of the variants', () => {
    const r = hfsim('run', 'scenarios/sticky-slots.json');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('speedup over Naive fair');
    expect(r.stdout).toMatch(/Node locality by bin/);
    expect(r.stdout).toMatch(/digest Fair \+ skip D=10: [0-9a-f]{64}/);
  });

  it('--parallel 2 (variants side by side on worker processes) prints the table and digests of --parallel 1, on threads too', () => {
    const table = (out: string) => ({ head: out.split('Summary')[0], digests: out.split('\n').filter((l) => l.startsWith('digest ')) });
    const one = hfsim('run', 'scenarios/sticky-slots.json', '--parallel', '1');
    const two = hfsim('run', 'scenarios/sticky-slots.json', '--parallel', '2');
    expect(two.code, two.stderr).toBe(0);
    expect(table(two.stdout)).toEqual(table(one.stdout));
    expect(table(one.stdout).digests).toHaveLength(2);
    const threads = JSON.parse(hfsim('run', 'scenarios/sticky-slots.json', '--parallel', '2', '--pool', 'threads', '--json').stdout) as Array<{ variant: string; digest: string }>;
    expect(threads.map((r) => `digest ${r.variant}: ${r.digest}`)).toEqual(table(one.stdout).digests);
  });

  it('a run killed while its variants run side by side leaves no output file and no worker process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-kill-'));
    const out = join(dir, 'r.json');
    // --parallel 3: the CLI runs one of the three variants itself, and 2 worker processes the others.
    const child = endsWithTest(spawn(process.execPath, [CLI, 'run', 'scenarios/head-of-line.json', '--parallel', '3', '--out', out], { cwd: ROOT, stdio: 'ignore', detached: true }), true);
    for (let i = 0; i < 3000 && processGroup(child.pid!).length < 3; i++) await new Promise((r) => setTimeout(r, 10)); // the CLI and its 2 workers
    expect(processGroup(child.pid!).length).toBeGreaterThanOrEqual(3);
    child.kill('SIGKILL');
    for (let i = 0; i < 500 && processGroup(child.pid!).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(processGroup(child.pid!), 'a worker process outlived the killed run').toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--json prints the result; --set and --seed override the scenario', () => {
    const r = hfsim('run', scenarioFile(tiny), '--json', '--set', 'scheduler.policy=fifo', '--seed', '7');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ scenario: 'tiny', variant: 'fifo', seed: 7, summary: { jobs: 1, tasks: 5 } });
    expect(result.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(result.run)).toEqual(expect.arrayContaining(['runtime', 'workers', 'wallMs', 'events', 'heartbeats', 'decisionUs']));
  });

  it('hfsim --help ends with the exit codes, every one the program uses (0 to 4), as README says them (DESIGN.md listed 0 to 3; sweep merge exits 4)', () => {
    const r = hfsim('--help');
    expect(r.code).toBe(0);
    const line = r.stdout.trim().split('\n').at(-1)!;
    expect(line).toBe(`Exit codes: ${Object.values(EXIT).map((code) => `${code} ${EXIT_WORDS[code]}`).join(', ')}; ended by a signal, 128 + its number (130 Ctrl-C, 143 SIGTERM).`);
    expect(Object.values(EXIT)).toEqual([0, 1, 2, 3, 4]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('Exit codes: 0 success, 1 a run failed (or another command: its line names it, `hfsim: report failed: ...`), 2 bad input (scenario, flags, files), 3 a regression found (`bench compare`), 4 incomplete (a `sweep merge` that lacks points); a command that a signal ends (Ctrl-C, a kill) cleans up and ends by that signal, so a shell reads 128 + its number (130 for Ctrl-C, 143 for SIGTERM: `run`, `sweep`, `bench`, `report`, `experiments`); `hfsim --help` ends with this list.');
  });

  it('--seed takes a seed as --set seed= does: 1e3 and 1000.0 are 1000 (--seed 1e3 was refused while --set seed=1e3 ran 1000)', () => {
    const file = scenarioFile(tiny);
    const bySet = JSON.parse(hfsim('run', file, '--json', '--set', 'seed=1e3').stdout);
    expect(bySet.seed).toBe(1000);
    for (const written of ['1e3', '1000.0', '1000', ' 1000']) {
      const r = hfsim('run', file, '--json', '--seed', written);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ seed: 1000, digest: bySet.digest });
    }
    for (const [written, message] of [
      ['1.5', '--seed must be a whole number >= 0, not "1.5"'], ['-1', '--seed must be a whole number >= 0, not "-1"'],
      ['0x10', '--seed must be a whole number >= 0, not "0x10"'], ['1e20', '--seed is 1e20, above the limit of 9007199254740991'],
      ['9007199254740993', '--seed is 9007199254740993, above the limit of 9007199254740991'], ['1e400', '--seed is 1e400, above the limit of 9007199254740991'],
    ]) {
      const r = hfsim('run', file, '--seed', written);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });

  it('--json and --out give an array when several variants run, one object when one does (one --variant of several too), as --help says', () => {
    const file = scenarioFile({ ...tiny, variants: { A: { 'scheduler.policy': 'fifo' }, B: {} } });
    const all = JSON.parse(hfsim('run', file, '--json', '--no-progress').stdout);
    expect(all.map((x: { variant: string }) => x.variant)).toEqual(['A', 'B']);
    const one = hfsim('run', file, '--json', '--variant', 'B', '--no-progress');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ variant: 'B' }); // an object, not [ { ... } ]
    // --help said "an array when the scenario has several variants": a script told so indexed [0] into that object
    const help = hfsim('run', '--help').stdout.replace(/\s+/g, ' ');
    expect(help).toContain('an array when several variants run');
    expect(help).not.toContain('when the scenario has several variants');
  });

  it('on the fluid model the table adds the network: GB across racks, the far sides, uplink use, forced MB (and the flat model none)', () => {
    const fluid = hfsim('run', 'scenarios/fb-macro-io-oversub.json', '--set', 'workload.jobs=30', '--variant', 'Naive fair, 10:1', '--no-progress');
    expect(fluid.code, fluid.stderr).toBe(0);
    const lines = fluid.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Network (fluid model)'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1].split(/\s{2,}/)).toEqual(['variant', 'across racks (GB)', 'reads served (GB)', 'shuffle sent (GB)', 'replicas (GB)', 'uplink mean', 'uplink busiest', 'downlink mean', 'downlink busiest', 'forced (MB)']);
    // The row's numbers are the result's (--json of the same run).
    const json = JSON.parse(hfsim('run', 'scenarios/fb-macro-io-oversub.json', '--set', 'workload.jobs=30', '--variant', 'Naive fair, 10:1', '--json').stdout);
    const row = lines[at + 2].trim().split(/\s{2,}/);
    const n = json.network;
    expect(row.slice(0, 5)).toEqual(['Naive fair, 10:1', ...[n.crossRackMB, n.servedMB, n.shuffleSentMB, n.replicatedMB].map((mb: number) => (mb / 1024).toFixed(1))]);
    expect(Number(row[6].replace('%', ''))).toBeGreaterThan(Number(row[5].replace('%', ''))); // the busiest bucket above the mean
    expect(Number(row[8].replace('%', ''))).toBeGreaterThan(Number(row[7].replace('%', ''))); // and the downlinks'
    expect(hfsim('run', 'scenarios/sticky-slots.json').stdout).not.toContain('Network (fluid model)');
  });

  it('--out writes the result JSON and --jobs-csv a row per job and variant', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-out-'));
    const out = join(dir, 'r.json');
    const csv = join(dir, 'jobs.csv');
    const r = hfsim('run', 'scenarios/sticky-slots.json', '--out', out, '--jobs-csv', csv);
    expect(r.code).toBe(0);
    const results = JSON.parse(readFileSync(out, 'utf8'));
    expect(results.map((x: { variant: string }) => x.variant)).toEqual(['Naive fair', 'Fair + skip D=10']);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('variant,seed,id,pool,type,bin,maps,reduces,submitMs,finishMs,responseMs,nodeLocalMaps,rackLocalMaps,offRackMaps');
    expect(lines.length).toBe(1 + 20);
  });
});

describe('bad input: one line naming file and field, exit 2, no stack trace', () => {
  const cases: Array<[string, () => string[], RegExp]> = [
    ['a missing file', () => ['run', 'no/such/scenario.json'], /no\/such\/scenario\.json: cannot read scenario file \(no such file\)/],
    ['a directory (it said "EISDIR")', () => ['run', 'scenarios'], /^hfsim: scenarios: cannot read scenario file \(a directory, not a file\)$/m],
    ['invalid JSON', () => ['run', scenarioFile('{\n  "name": "x",\n  "seed": ,\n}')], /scenario\.json:3:11: invalid JSON: value expected/],
    // JSON.parse keeps the last of a key given twice: a variant "FIFO" given twice ran the second's policy under its name
    ['a key given twice', () => ['run', scenarioFile('{\n  "name": "x", "seed": 1,\n  "workload": { "kind": "facebook" },\n    "seed": 2\n}')], /scenario\.json:4:5: "seed" is given twice in one object/],
    ['a number beyond a double (it read as Infinity: "must be a number")', () => ['run', scenarioFile('{\n  "name": "x", "seed": 1,\n  "workload": { "kind": "facebook", "jobs": 1e400 }\n}')], /scenario\.json:3:45: 1e400 is beyond the range of a number/],
    ['a number below a double\'s least (it read as 0)', () => ['run', scenarioFile('{\n  "name": "x", "seed": 1,\n  "workload": { "kind": "facebook", "jobs": 10 },\n  "tasks": { "durationJitter": 5E-999 }\n}')], /scenario\.json:4:32: 5E-999 is below the least number above 0 a double holds/],
    ['an unknown field', () => ['run', scenarioFile({ ...tiny, cluster: { ...tiny.cluster, rakcs: 3 } })], /scenario\.json:\d+:\d+: cluster: unknown field "rakcs"/],
    ['a wrong type', () => ['run', scenarioFile({ ...tiny, seed: 'one' })], /scenario\.json:\d+:\d+: seed: seed must be a number/],
    ['a zero slot count', () => ['run', scenarioFile({ ...tiny, cluster: { ...tiny.cluster, mapSlotsPerNode: 0 } })], /scenario\.json:\d+:\d+: cluster\.mapSlotsPerNode: mapSlotsPerNode must be at least 1/],
    ['a negative slot count', () => ['run', scenarioFile({ ...tiny, cluster: { ...tiny.cluster, reduceSlotsPerNode: -1 } })], /cluster\.reduceSlotsPerNode: reduceSlotsPerNode must be at least 1/],
    ['an empty workload', () => ['run', scenarioFile({ ...tiny, workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [] } })], /scenario\.json:\d+:\d+: workload\.jobs: jobs must list at least one job/],
    ['a bad variant', () => ['run', scenarioFile({ ...tiny, variants: { Odd: { 'scheduler.policy': 'random' } } })], /scenario\.json:\d+:\d+: variant "Odd": scheduler\.policy: policy must be one of/],
    // A NUL in a path field read as Node's own TypeError ("The argument 'path' must be a string, Uint8Array, or URL
    // without null bytes. Received 'a\\x00b'"), the NUL itself printed raw in the message (fuzz seed 56101 case 59).
    ['a NUL in a trace path', () => ['run', scenarioFile({ ...tiny, workload: { kind: 'sls', format: 'rumen', trace: 'a\u0000b' } })], /^hfsim: [^\0]*scenario\.json:\d+:\d+: workload\.trace: trace holds a NUL character \(\\u0000\), which no file name may hold$/m],
    ['a NUL in the allocation file path', () => ['run', scenarioFile({ ...tiny, scheduler: { policy: 'hfs', allocationFile: 'pools\u0000.xml' } })], /^hfsim: [^\0]*scenario\.json:\d+:\d+: scheduler\.allocationFile: allocationFile holds a NUL character \(\\u0000\), which no file name may hold$/m],
    ['a bad --set', () => ['run', scenarioFile(tiny), '--set', 'cluster.racks'], /--set cluster\.racks: expected path=value/],
    ['a --set of a bad value', () => ['run', scenarioFile(tiny), '--set', 'cluster.racks=0'], /cluster\.racks: racks must be at least 1/],
    ['an unknown flag', () => ['run', scenarioFile(tiny), '--fast'], /unknown option '--fast'/],
    ['a bad --seed', () => ['run', scenarioFile(tiny), '--seed', 'x'], /--seed must be a whole number/],
    ['an unknown variant', () => ['run', 'scenarios/sticky-slots.json', '--variant', 'Nope'], /--variant Nope: no such variant/],
    ['a variant of a scenario without variants', () => ['run', scenarioFile({ ...tiny, variants: {} }), '--variant', 'X'], /--variant X: no such variant \(the scenario has no variants: it runs as "fair", its policy\)/],
  ];
  it.each(cases)('%s', (_, args, message) => {
    const r = hfsim(...args());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('writes no output file when the input is bad', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hfsim-none-')), 'r.json');
    const r = hfsim('run', scenarioFile({ ...tiny, seed: -1 }), '--out', out);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});

describe('what a run says of inputs it would take silently', () => {
  it('warns of fluid-only network fields under the flat model (a NIC of 0.01 Gbps gave the digest of none)', () => {
    const r = hfsim('run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--set', 'cluster.network.nicGbps=0.01', '--set', 'cluster.network.coreGbps=0.001', '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/fb-macro-io.json: cluster.network.nicGbps, coreGbps: only the fluid model reads them; this run\'s model is "flat" (cluster.network.model), which times tasks by tasks.rackLocalSlowdown and offRackSlowdown\n');
    const plain = hfsim('run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--no-progress');
    expect(r.stdout.split('\n').filter((l) => l.startsWith('digest'))).toEqual(plain.stdout.split('\n').filter((l) => l.startsWith('digest')));
    const fluid = hfsim('run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--set', 'cluster.network={"model":"fluid","nicGbps":0.5}', '--no-progress');
    expect(fluid.stderr).toBe('');
  });

  it('names the variants a warning holds for where not every variant gives it (a fluid-only field read "this run\'s model is flat" of a run whose other variant is fluid)', () => {
    const network = { model: 'flat', nicGbps: 0.5 };
    const variants = { a: {}, b: { 'scheduler.policy': 'fifo' }, c: { 'scheduler.policy': 'fifo' } };
    const line = (file: string): string => `hfsim: warning: ${file}: cluster.network.nicGbps: only the fluid model reads it; this run's model is "flat" (cluster.network.model), which times tasks by tasks.rackLocalSlowdown and offRackSlowdown`;
    // said by every variant: once, as it is
    const allFile = scenarioFile({ ...tiny, cluster: { ...tiny.cluster, network }, variants });
    const all = hfsim('run', allFile, '--no-progress');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stderr).toBe(`${line(allFile)}\n`);
    // variant c fluid: the two flat ones named
    const someFile = scenarioFile({ ...tiny, cluster: { ...tiny.cluster, network }, variants: { ...variants, c: { 'cluster.network.model': 'fluid' } } });
    const some = hfsim('run', someFile, '--no-progress');
    expect(some.code, some.stderr).toBe(0);
    expect(some.stderr).toBe(`${line(someFile)} (variants "a" and "b")\n`);
    // a sweep of the same base: the same words (it wrote the line unlabelled)
    const sweepFile = join(dirname(someFile), 'v.sweep.json');
    writeFileSync(sweepFile, JSON.stringify({ name: 'v', base: 'scenario.json', axes: { 'hdfs.replication': [1, 2] }, seeds: [1] }));
    const swept = hfsim('sweep', sweepFile, '--out', join(dirname(someFile), 'out'), '--no-progress');
    expect(swept.code, swept.stderr).toBe(0);
    expect(swept.stderr).toBe(`${line(someFile)} (variants "a" and "b")\n`);
    // a later variant that fails: the loaded variants' common line as it is, not "variants a and b" (c may give it too)
    const failsFile = scenarioFile({ ...tiny, cluster: { ...tiny.cluster, network }, variants: { ...variants, c: { 'cluster.racks': 0 } } });
    const fails = hfsim('run', failsFile, '--no-progress');
    expect(fails.code).toBe(2);
    expect(fails.stderr).toBe(`${line(failsFile)}\nhfsim: ${failsFile}:36:24: variant "c": cluster.racks: racks must be at least 1\n`);
  });

  it('a trace file\'s own warning, read once a process, is no variant\'s: written as it is for a run of several variants', () => {
    const file = scenarioFile({ name: 'gaps', cluster: { racks: 2, nodesPerRack: 3 }, workload: { kind: 'swim', trace: 't.tsv' }, variants: { a: {}, b: { 'scheduler.policy': 'fifo' } } });
    writeFileSync(join(dirname(file), 't.tsv'), 'job0\t0\t0\t1000\t0\t0\njob1\t10\t5\t1000\t0\t0\n');
    const r = hfsim('run', file, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`hfsim: warning: ${join(dirname(file), 't.tsv')}:2: column 3 (inter-arrival gap) 5 is not the step of the submit times (column 2) from the line before, 10: hfsim replays the submit times; SWIM's replay script sleeps the gaps\n`);
  });

  it('warns that --parallel runs the variants one after another with --runtime threads or --codec (it ran them so silently)', () => {
    const args = ['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--variant', 'Naive fair', '--set', 'workload.jobs=3', '--no-progress'];
    const threads = hfsim(...args, '--parallel', '2', '--runtime', 'threads', '--workers', '2');
    expect(threads.code, threads.stderr).toBe(0);
    expect(threads.stderr).toBe('hfsim: warning: --parallel 2: with --runtime threads the 2 variants run one after another (side by side applies to in-process runs)\n');
    expect(hfsim(...args, '--parallel', '3', '--codec').stderr).toBe('hfsim: warning: --parallel 3: with --codec the 2 variants run one after another (side by side applies to in-process runs)\n');
    expect(hfsim(...args, '--parallel', '1', '--codec').stderr).toBe('');
    expect(hfsim('run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=3', '--no-progress', '--parallel', '2', '--codec').stderr).toBe('');
  });

  it('warns of a --set under a path a later --set sets whole (it was dropped without a word, where variants and sweeps refuse it); the same path again is no warning', () => {
    const args = ['run', 'scenarios/head-of-line.json', '--dry-run'];
    const whole = hfsim(...args, '--set', 'scheduler.delay.maxSkips=5', '--set', 'scheduler.delay={"mode":"skip","maxSkips":3}');
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stderr).toBe('hfsim: warning: --set scheduler.delay.maxSkips=5: --set scheduler.delay, later, sets the whole of scheduler.delay, so this value is never used\n');
    // the same path again is an override, as a script's base flags and then the run's own mean it: not told
    const again = hfsim(...args, '--set', 'cluster.racks=2', '--set', 'cluster.racks=3');
    expect(again.stderr).toBe('');
    expect(again.stdout).toMatch(/in 3 racks/);
    expect(hfsim(...args, '--set', 'scheduler.delay={"mode":"skip","maxSkips":3}', '--set', 'scheduler.delay.maxSkips=5').stderr).toBe('');
  });

  it('warns that --codec changes nothing with --runtime threads (messages cross the threads as msgpack already; it was accepted silently)', () => {
    const args = ['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=3', '--no-progress', '--json'];
    const both = hfsim(...args, '--runtime', 'threads', '--workers', '2', '--codec');
    expect(both.code, both.stderr).toBe(0);
    expect(both.stderr).toBe('hfsim: warning: --codec: with --runtime threads every message crosses the threads as msgpack already; --codec applies to in-process runs and changes nothing here\n');
    const threads = hfsim(...args, '--runtime', 'threads', '--workers', '2');
    expect(threads.stderr).toBe('');
    expect(JSON.parse(both.stdout).digest).toBe(JSON.parse(threads.stdout).digest);
  });

  it('warns of preemption on with no timeout anywhere (it kills nothing: the digest of preemption off)', () => {
    const args = ['run', 'scenarios/preemption.json', '--variant', 'Kill (preemption)', '--set', 'scheduler.pools=[]', '--set', 'scheduler.minSharePreemptionTimeoutMs=null', '--set', 'scheduler.fairSharePreemptionTimeoutMs=null', '--no-progress'];
    const r = hfsim(...args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/preemption.json: scheduler.preemption.enabled: no pool has a preemption timeout (scheduler.minSharePreemptionTimeoutMs, fairSharePreemptionTimeoutMs, or a pool\'s own; each defaults to never), so nothing is ever preempted\n');
    expect(hfsim('run', 'scenarios/preemption.json', '--no-progress').stderr).toBe('');
  });

  it('warns of DSBRA under a gate that delays no read (it can only remove replicas: delayedReads 0, silently)', () => {
    const args = ['run', 'scenarios/dsbra.json', '--variant', 'delay + DSBRA', '--set', 'workload.jobs=5', '--no-progress'];
    const warning = (delay: string) => `hfsim: warning: scenarios/dsbra.json: scheduler.replication: dsbra replicates the blocks whose reads delay scheduling delayed, and scheduler.delay (${delay}) delays none: it can only remove extra replicas; give the gate a wait (e.g. scheduler.delay={"mode":"wait","nodeMs":5000,"rackMs":5000})\n`;
    expect(hfsim(...args, '--set', 'scheduler.delay={"mode":"none"}').stderr).toBe(warning('mode "none"'));
    expect(hfsim(...args, '--set', 'scheduler.delay={"mode":"skip","maxSkips":0}').stderr).toBe(warning('mode "skip" with no wait'));
    expect(hfsim(...args, '--set', 'scheduler.delay={"mode":"wait","nodeMs":0,"rackMs":0}').stderr).toBe(warning('mode "wait" with no wait'));
    // rackMs omitted is nodeMs (Hadoop's rule, locality.ts): nodeMs 0 alone waits for nothing either (it was not told)
    expect(hfsim(...args, '--set', 'scheduler.delay={"mode":"wait","nodeMs":0}').stderr).toBe(warning('mode "wait" with no wait'));
    expect(hfsim(...args, '--set', 'scheduler.delay={"mode":"wait","nodeMs":0,"rackMs":1000}').stderr).toBe('');
    expect(hfsim(...args).stderr).toBe('');
    // Quincy refuses a gate with a wait: the remedy told is another policy (it suggested the wait Quincy refuses)
    const quincy = hfsim(...args, '--set', 'scheduler.policy=quincy', '--set', 'scheduler.delay={"mode":"none"}', '--dry-run');
    // (its first line: the dry run then refuses the workload's 4,800-map size bin as too large a program for Quincy)
    expect(`${quincy.stderr.split('\n')[0]}\n`).toBe('hfsim: warning: scenarios/dsbra.json: scheduler.replication: dsbra replicates the blocks whose reads delay scheduling delayed, and scheduler.delay (mode "none") delays none: it can only remove extra replicas; policy "quincy" places maps by a solution of its own, past any locality gate, and refuses one with a wait: run dsbra under a policy that scans (fair, hfs, ...) with the gate given a wait\n');
  });

  it('warns of popular-small told to copy up to replicas no more than hdfs.replication (it copies nothing: static\'s run, silently)', () => {
    const args = ['run', 'scenarios/dsbra.json', '--variant', 'delay + DSBRA', '--set', 'workload.jobs=5', '--no-progress'];
    const popular = (config: string) => ['--set', `scheduler.replication={"policy":"popular-small","config":${config}}`];
    const warning = (field: string, replicas: string) => `hfsim: warning: scenarios/dsbra.json: ${field}: popular-small copies nothing: it copies a hot file's blocks up to ${replicas}, and every block has 2 already (hdfs.replication)\n`;
    for (const [config, sets, field, replicas] of [
      ['{"replicas":1,"maxBlocks":1600}', [], 'scheduler.replication.config.replicas', '1 replica (its config.replicas)'],
      ['{"replicas":2,"maxBlocks":1600}', [], 'scheduler.replication.config.replicas', '2 replicas (its config.replicas)'],
      // hdfs.maxReplicas binds, replicas given above it or left out (both ran silently: 1,600 copies without it)
      ['{"replicas":3,"maxBlocks":1600}', ['--set', 'hdfs.maxReplicas=2'], 'hdfs.maxReplicas', '2 replicas (hdfs.maxReplicas)'],
      ['{"maxBlocks":1600}', ['--set', 'hdfs.maxReplicas=2'], 'hdfs.maxReplicas', '2 replicas (hdfs.maxReplicas)'],
    ] as const) {
      const r = hfsim(...args, ...popular(config), ...sets, '--json');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(warning(field, replicas));
      expect(JSON.parse(r.stdout).replication.replicasCreated).toBe(0);
    }
    expect(hfsim(...args, ...popular('{"replicas":3}')).stderr).toBe('');
    expect(hfsim(...args, ...popular('{}')).stderr).toBe('');
    expect(hfsim(...args, ...popular('{}'), '--set', 'hdfs.maxReplicas=3').stderr).toBe('');
  });

  it('an error placed by resolving the other variants again warns of none of them (it warned of "delay + DSBRA", not chosen)', () => {
    const r = hfsim('run', 'scenarios/dsbra.json', '--variant', 'delay', '--set', 'scheduler.delay.mode=none', '--set', 'workload.jobs=2000000', '--no-progress');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('hfsim: --set workload.jobs=2000000: workload.jobs: jobs is 2000000, above the limit of 1000000\n');
  });

  it('warns of policyConfig fields another field switches off (offers inner with job frameworks, Quincy kill prices with kills false)', () => {
    const offers = ['run', 'scenarios/offers.json', '--variant', 'Offers, jobs as frameworks', '--set', 'workload.jobs=5', '--no-progress'];
    expect(hfsim(...offers, '--set', 'scheduler.policyConfig={"frameworks":"job","inner":"fifo"}').stderr).toBe('hfsim: warning: scenarios/offers.json: scheduler.policyConfig.inner: changes nothing here: it orders a pool framework\'s jobs, and frameworks is "job" (each job its own framework)\n');
    expect(hfsim(...offers, '--set', 'scheduler.policyConfig={"frameworks":"pool","inner":"fifo"}').stderr).toBe('');
    const quincy = ['run', 'scenarios/quincy.json', '--variant', 'Quincy, no kills', '--no-progress'];
    expect(hfsim(...quincy, '--set', 'scheduler.policyConfig={"kills":false,"killCost":5}').stderr).toBe('hfsim: warning: scenarios/quincy.json: scheduler.policyConfig.killCost: changes nothing here: it prices kills, and kills is false\n');
    expect(hfsim(...quincy).stderr).toBe('');
  });

  it('warns of a replication written above the cluster\'s nodes, which runs as the nodes (the config echoed 11, silently)', () => {
    const args = ['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--set', 'cluster.racks=1', '--set', 'cluster.nodesPerRack=4', '--no-progress'];
    const r = hfsim(...args, '--set', 'hdfs.replication=6');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/fb-macro-io.json: hdfs.replication 6 is above the cluster\'s 4 nodes: each block gets 4 replicas (HDFS places at most one a node, and leaves the block under-replicated)\n');
    const four = hfsim(...args, '--set', 'hdfs.replication=4');
    expect(four.stderr).toBe('');
  });

  it('warns of the flat model\'s slowdowns written under the fluid model (they changed the digest of nothing, silently)', () => {
    const fluid = ['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--set', 'cluster.network.model=fluid', '--no-progress'];
    const r = hfsim(...fluid, '--set', 'tasks.offRackSlowdown=3', '--set', 'tasks.rackLocalSlowdown=1.5');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/fb-macro-io.json: tasks.rackLocalSlowdown, offRackSlowdown: only the flat model reads them; this run\'s model is "fluid" (cluster.network.model), whose non-local maps take as long as the bandwidth they get lets them\n');
    const plain = hfsim(...fluid);
    expect(plain.stderr).toBe(''); // the defaults, which fb-macro-io.json writes
    expect(r.stdout.split('\n').filter((l) => l.startsWith('digest'))).toEqual(plain.stdout.split('\n').filter((l) => l.startsWith('digest')));
  });

  const digests = (r: { stdout: string }) => r.stdout.split('\n').filter((l) => l.startsWith('digest'));

  it('warns of a fluid run\'s map rates no job reads: mapCpuMBps outside the facebook workload, a job type\'s rates where no job has it (each gave the digest of none)', () => {
    const swim = ['run', 'scenarios/swim-first50.json', '--variant', 'FIFO', '--set', 'workload.jobs=10', '--set', 'cluster.network.model=fluid', '--no-progress'];
    const r = hfsim(...swim, '--set', 'cluster.network.mapCpuMBps={"io":1,"cpu":1}', '--set', 'cluster.network.mapOutputRatio.cpu=0.5');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/swim-first50.json: cluster.network.mapCpuMBps.io, cpu: change nothing here: only the facebook workload\'s maps compute at mapCpuMBps; this workload is "swim", whose maps take the times it gives\n'
      + 'hfsim: warning: scenarios/swim-first50.json: cluster.network.mapOutputRatio.cpu: changes nothing here: no job of this workload has that type (workload.type is "io")\n');
    const plain = hfsim(...swim);
    expect(plain.stderr).toBe('');
    expect(digests(r)).toEqual(digests(plain));
    expect(hfsim(...swim, '--set', 'cluster.network.mapCpuMBps={"io":100,"cpu":3.6}').stderr).toBe(''); // the defaults
    const fb = ['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--set', 'cluster.network.model=fluid', '--no-progress'];
    const cpu = hfsim(...fb, '--set', 'cluster.network.mapCpuMBps.cpu=1');
    expect(cpu.stderr).toBe('hfsim: warning: scenarios/fb-macro-io.json: cluster.network.mapCpuMBps.cpu: changes nothing here: no job of this workload has that type (workload.type is "io")\n');
    expect(digests(cpu)).toEqual(digests(hfsim(...fb)));
    const mixed = hfsim(...fb, '--set', 'workload.type=mixed', '--set', 'cluster.network.mapCpuMBps.cpu=1');
    expect(mixed.stderr).toBe('');
    expect(digests(mixed)).not.toEqual(digests(hfsim(...fb, '--set', 'workload.type=mixed')));
  });

  it('warns of a fluid run\'s rack links and core on one rack, which nothing crosses (oversubscription and rackAware false gave the digest of none)', () => {
    const one = ['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--set', 'cluster.network.model=fluid', '--set', 'cluster.racks=1', '--no-progress'];
    const r = hfsim(...one, '--set', 'cluster.network.oversubscription=10', '--set', 'cluster.network.rackAware=false');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/fb-macro-io.json: cluster.network.oversubscription, rackAware: change nothing here: cluster.racks is 1, so nothing crosses a rack\'s uplink or downlink or the core between racks, and Hadoop sees one rack with or without a topology script\n');
    const plain = hfsim(...one);
    expect(plain.stderr).toBe('');
    expect(digests(r)).toEqual(digests(plain));
    expect(hfsim(...one, '--set', 'cluster.network.coreGbps=0.01').stderr).toContain(': cluster.network.coreGbps: changes nothing here: cluster.racks is 1');
    expect(hfsim(...one, '--set', 'cluster.network.oversubscription=1').stderr).toBe(''); // the default
    expect(hfsim(...one, '--set', 'cluster.racks=2', '--set', 'cluster.network.oversubscription=10').stderr).toBe('');
  });

  it('warns of a swim poolCount under pools other than "round-robin", and of hdfs.maxReplicas with no replication policy or one that adds no replicas (each gave the digest of none)', () => {
    const swim = ['run', 'scenarios/swim-first50.json', '--variant', 'FIFO', '--set', 'workload.jobs=10', '--no-progress'];
    const r = hfsim(...swim, '--set', 'workload.poolCount=3');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/swim-first50.json: workload.poolCount: changes nothing here: only pools "round-robin" reads it (user0 .. user{poolCount-1}), and workload.pools is "bin"\n');
    expect(digests(r)).toEqual(digests(hfsim(...swim)));
    const rr = hfsim(...swim, '--set', 'workload.pools=round-robin', '--set', 'workload.poolCount=3');
    expect(rr.stderr).toBe('');
    expect(digests(rr)).not.toEqual(digests(hfsim(...swim, '--set', 'workload.pools=round-robin')));
    const fb = ['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--no-progress'];
    const max = hfsim(...fb, '--set', 'hdfs.maxReplicas=5');
    expect(max.stderr).toBe('hfsim: warning: scenarios/fb-macro-io.json: hdfs.maxReplicas: changes nothing here: it bounds the copies a replication policy makes, and scheduler.replication names none (each block keeps hdfs.replication replicas)\n');
    expect(digests(max)).toEqual(digests(hfsim(...fb)));
    expect(hfsim('run', 'scenarios/dsbra.json', '--variant', 'delay + DSBRA', '--set', 'workload.jobs=5', '--set', 'hdfs.maxReplicas=5', '--no-progress').stderr).toBe('');
    // "static" makes no copies either: told, and its digest that of no maxReplicas (the bound it reports stays hdfs.replication)
    const still = ['run', 'scenarios/dsbra.json', '--variant', 'delay', '--set', 'workload.jobs=5', '--no-progress', '--json'];
    const bounded = hfsim(...still, '--set', 'hdfs.maxReplicas=5');
    expect(bounded.stderr).toBe('hfsim: warning: scenarios/dsbra.json: hdfs.maxReplicas: changes nothing here: it bounds the copies a replication policy makes, and scheduler.replication\'s policy "static" makes none (each block keeps hdfs.replication replicas)\n');
    const unbounded = JSON.parse(hfsim(...still).stdout) as { digest: string; replication: { maxReplicas: number } };
    expect(JSON.parse(bounded.stdout)).toMatchObject({ digest: unbounded.digest, replication: { maxReplicas: 2 } });
  });

  it('warns of a swim inputPaths "ignored" on a trace with no input paths (it gave the digest of the default)', () => {
    const swim = ['run', 'scenarios/swim-first50.json', '--variant', 'FIFO', '--set', 'workload.jobs=10', '--no-progress'];
    const r = hfsim(...swim, '--set', 'workload.inputPaths=ignored');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: scenarios/swim-first50.json: workload.inputPaths: changes nothing here: "ignored" drops a trace\'s input paths, and data/traces/FB-2009_samples_24_times_1hr_0_first50jobs.tsv has none (each row reads a file of its own either way)\n');
    expect(digests(r)).toEqual(digests(hfsim(...swim)));
    const withPaths = scenarioFile({ ...tiny, workload: { kind: 'swim', trace: join(ROOT, 'test/fixtures/swim-input-paths.tsv'), inputPaths: 'ignored' } });
    const paths = hfsim('run', withPaths, '--no-progress');
    expect(paths.code, paths.stderr).toBe(0);
    expect(paths.stderr).toBe('');
  });

  // README, Results: `config` is the resolved scenario, to be run again. It echoes every default, and the flat model's
  // warning named the network's hardware fields at theirs, and the reduce times' warning a map-only job's default
  // reduceMs and copyMs: rerunning a flat result's config said both, though it wrote nothing the run ignores.
  it('a result\'s config run again says nothing and gives the result\'s digest (defaults echoed are no fields written)', () => {
    const groups = [{ name: 'g', count: 3, maps: 2, mapMs: 1000, intervalMs: 500 }, { name: 'h', maps: 2, mapMs: 1000, reduces: 1, reduceMs: 700 }];
    const first = hfsim('run', scenarioFile({ ...tiny, workload: { kind: 'generated', groups } }), '--json', '--no-time-decisions', '--no-progress');
    expect(first.code, first.stderr).toBe(0);
    const result = JSON.parse(first.stdout);
    const again = hfsim('run', scenarioFile(result.config), '--json', '--no-time-decisions', '--no-progress');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    expect(JSON.parse(again.stdout).digest).toBe(result.digest);
  });

  // A SWIM result's config echoes workload.poolCount at its default, which pools "bin" (the default) never reads: run
  // again, it warned `workload.poolCount: changes nothing here`, though the config wrote nothing the run ignores.
  it('a SWIM result\'s config run again says nothing and gives the result\'s outcome; a poolCount off its default is still told', () => {
    const trace = join(ROOT, 'data/traces/FB-2009_samples_24_times_1hr_0_first50jobs.tsv');
    const first = hfsim('run', scenarioFile({ ...tiny, workload: { kind: 'swim', trace, jobs: 5 } }), '--json', '--no-time-decisions', '--no-progress');
    expect(first.code, first.stderr).toBe(0);
    const result = JSON.parse(first.stdout);
    expect(result.config.workload).toMatchObject({ pools: 'bin', poolCount: 10 });
    const again = hfsim('run', scenarioFile(result.config), '--json', '--no-time-decisions', '--no-progress');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    expect(JSON.parse(again.stdout).jobs).toEqual(result.jobs);
    const off = hfsim('run', scenarioFile({ ...result.config, workload: { ...result.config.workload, poolCount: 3 } }), '--no-progress');
    expect(off.stderr).toMatch(/: workload\.poolCount: changes nothing here: only pools "round-robin" reads it/);
  });

  it('warns once a workload of reduceMs or copyMs on jobs or groups with no reduces, naming the first and how many more (each gave the digest of none)', () => {
    const files = [{ name: 'a', blocks: 4 }];
    const run = (jobs: object[]) => hfsim('run', scenarioFile({ ...tiny, workload: { kind: 'jobs', files, jobs } }), '--no-progress');
    const plain = [{ id: 'j0', input: 'a', mapMs: 5000, reduces: 1, reduceMs: 2000, copyMs: 100 }, { id: 'j1', input: 'a', mapMs: 5000 }, { id: 'j2', input: 'a', mapMs: 5000, reduces: 0 }, { id: 'j3', input: 'a', mapMs: 4000 }];
    const r = run([plain[0], { ...plain[1], reduceMs: 3000, copyMs: 50 }, { ...plain[2], copyMs: 500 }, plain[3]]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^hfsim: warning: \S+scenario\.json: workload\.jobs\[1\]\.reduceMs, copyMs, and the like in 1 more job: change nothing here: reduceMs and copyMs time reduces, and those jobs have reduces 0 \(the default when left out\)\n$/);
    expect(digests(r)).toEqual(digests(run(plain)));
    const one = run([plain[0], { ...plain[1], reduceMs: 3000 }]);
    expect(one.stderr).toMatch(/^hfsim: warning: \S+: workload\.jobs\[1\]\.reduceMs: changes nothing here: reduceMs and copyMs time reduces, and that job has reduces 0 \(the default when left out\)\n$/);
    expect(run(plain).stderr).toBe('');
    const groups = hfsim('run', scenarioFile({ ...tiny, workload: { kind: 'generated', groups: [{ name: 'g', maps: 2, mapMs: 1000, reduces: 0, reduceMs: 10 }, { name: 'h', maps: 2, mapMs: 1000, reduces: 1, reduceMs: 10 }] } }), '--no-progress');
    expect(groups.stderr).toMatch(/^hfsim: warning: \S+: workload\.groups\[0\]\.reduceMs: changes nothing here: reduceMs and copyMs time reduces, and that group has reduces 0 \(the default when left out\)\n$/);
  });

  // copy-compute.json with every group's reduces 0: its two variants' outcomes were the same, but nothing said so.
  it('warns of scheduler.copyComputeSplit on a jobs or generated workload with no reduces (its outcome was that of none)', () => {
    const cc = ['run', 'scenarios/copy-compute.json', '--set', 'workload.groups.0.reduces=0', '--set', 'workload.groups.1.reduces=0', '--set', 'workload.groups.0.count=1', '--set', 'workload.groups.0.maps=40', '--set', 'workload.groups.1.count=3', '--json', '--no-time-decisions', '--no-progress'];
    const r = hfsim(...cc);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('hfsim: warning: scenarios/copy-compute.json: scheduler.copyComputeSplit: changes nothing here: it admits reduces\' copy phases outside the reduce slots, and no group of this workload has reduces (reduces 0, the default when left out) (variant "Copy-compute splitting")\n');
    const [without, split] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    const outcome = ({ jobs, summary, bins }: Record<string, unknown>) => ({ jobs, summary, bins });
    expect(outcome(split)).toEqual(outcome(without));
    const withReduces = hfsim('run', 'scenarios/copy-compute.json', '--set', 'workload.groups.0.reduces=0', '--set', 'workload.groups.0.count=1', '--set', 'workload.groups.0.maps=40', '--set', 'workload.groups.1.count=3', '--no-progress');
    expect(withReduces.code, withReduces.stderr).toBe(0);
    expect(withReduces.stderr).not.toContain('copyComputeSplit');
    const jobs = hfsim('run', scenarioFile({ ...tiny, scheduler: { policy: 'fair', copyComputeSplit: true }, workload: { ...tiny.workload, jobs: [{ id: 'j1', input: 'a', mapMs: 5000 }] } }), '--no-progress');
    expect(jobs.stderr).toMatch(/: scheduler\.copyComputeSplit: changes nothing here: .* no job of this workload has reduces/);
  });

  it('warns of scheduler.jobTypeRule with no gate or no CPU-bound job (it gave the digest of none)', () => {
    const fb = ['run', 'scenarios/fb-macro-io.json', '--set', 'workload.jobs=5', '--no-progress'];
    const why = 'hfsim: warning: scenarios/fb-macro-io.json: scheduler.jobTypeRule: changes nothing here: it lets CPU-bound jobs launch rack-local without the locality gate\'s wait, and ';
    const none = hfsim(...fb, '--variant', 'FIFO', '--set', 'scheduler.jobTypeRule=true');
    expect(none.stderr).toBe(`${why}scheduler.delay.mode is "none" (no job waits)\n`);
    expect(digests(none)).toEqual(digests(hfsim(...fb, '--variant', 'FIFO')));
    const delay = [...fb, '--variant', 'Fair + delay'];
    const io = hfsim(...delay, '--set', 'scheduler.jobTypeRule=true');
    expect(io.stderr).toBe(`${why}no job is CPU-bound (workload.type is "io")\n`);
    expect(digests(io)).toEqual(digests(hfsim(...delay)));
    const cpu = hfsim(...delay, '--set', 'workload.type=cpu', '--set', 'scheduler.jobTypeRule=true');
    expect(cpu.stderr).toBe('');
    expect(digests(cpu)).not.toEqual(digests(hfsim(...delay, '--set', 'workload.type=cpu')));
  });

  it.each([
    ['run', ['run', 'scenarios/fb-macro-io.json', '--out', 'a.json', '--out', 'b.json'], "error: option '--out <file>' given twice (\"a.json\", then \"b.json\"): give it once"],
    ['sweep', ['sweep', 'scenarios/skip-count.sweep.json', '--out', 's1', '--out', 's2'], "error: option '--out <dir>' given twice (\"s1\", then \"s2\"): give it once"],
    ['bench compare', ['bench', 'compare', 'a.json', 'b.json', '--markdown', 'm1.md', '--markdown', 'm2.md'], "error: option '--markdown <file>' given twice (\"m1.md\", then \"m2.md\"): give it once"],
  ])('a one-value flag given twice is refused, exit 2 (%s: the last won, and the first named output was never written)', (_, args, message) => {
    const r = hfsim(...args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(message);
    // Repeatable flags still collect
    expect(hfsim('run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=5', '--set', 'workload.jobs=3', '--json', '--no-progress').code).toBe(0);
  });

  it('--variant <policy> names a scenario without variants, as its results do (it was refused: "no variants")', () => {
    const file = scenarioFile({ ...tiny, scheduler: { policy: 'fifo' } });
    const r = hfsim('run', file, '--variant', 'fifo', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { variant: string }).variant).toBe('fifo');
  });

  it('echoes a quoted --set value quoted: "1" was shown as 1, as if the number were refused', () => {
    const r = hfsim('run', 'scenarios/fb-macro-io.json', '--set', 'cluster.network.nicGbps="1"');
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(/^hfsim: --set cluster\.network\.nicGbps="1": .*nicGbps must be a number, not the string "1": write 1, without quotes$/);
    // a field the --set adds, unknown, is reported at its parent: still the --set's (it was blamed on the file)
    const added = hfsim('run', 'scenarios/fb-macro-io.json', '--set', 'scheduler.delay.extra=1');
    expect(added.code).toBe(2);
    expect(added.stderr).toBe('hfsim: --set scheduler.delay.extra=1: scheduler.delay: unknown field "extra"\n');
    const top = hfsim('run', 'scenarios/fb-macro-io.json', '--set', 'foo=1');
    expect(top.stderr.split('\n')[0]).toBe('hfsim: --set foo=1: (top level): unknown field "foo"');
    const typo = hfsim('run', 'scenarios/fb-macro-io.json', '--set', 'worklod.jobs=10');
    expect(typo.stderr.split('\n')[0]).toBe('hfsim: --set worklod.jobs=10: (top level): unknown field "worklod" (did you mean "workload"?)');
  });

  it('report of a sweep\'s results.jsonl points to the sweep\'s folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-rj-'));
    const sweep = join(dir, 's.sweep.json');
    writeFileSync(join(dir, 'base.json'), JSON.stringify({ name: 'b', cluster: { racks: 1, nodesPerRack: 2 }, workload: { kind: 'generated', groups: [{ name: 'g', count: 2, maps: 2, mapMs: 1000 }] } }));
    writeFileSync(sweep, JSON.stringify({ name: 's', base: 'base.json', axes: { 'hdfs.replication': [1, 2] }, seeds: [1] }));
    expect(hfsim('sweep', sweep, '--out', join(dir, 'out'), '--no-progress', '--parallel', '1').code).toBe(0);
    const r = hfsim('report', join(dir, 'out', 'results.jsonl'), '--html', join(dir, 'r.html'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${join(dir, 'out', 'results.jsonl')}: a sweep's results; report the sweep's folder instead: hfsim report ${join(dir, 'out')} --html ${join(dir, 'r.html')}\n`);
    // its other files too: they said "not a result (hfsim run --out writes one): needs summary, bins and jobs", or "invalid JSON"
    for (const [file, what] of [['aggregate.json', 'aggregate'], ['aggregate.csv', 'aggregate'], ['sweep.json', 'manifest']]) {
      const other = hfsim('report', join(dir, 'out', file), '--html', join(dir, 'r.html'));
      expect(other.code).toBe(2);
      expect(other.stderr).toBe(`hfsim: ${join(dir, 'out', file)}: a sweep's ${what}; report the sweep's folder instead: hfsim report ${join(dir, 'out')} --html ${join(dir, 'r.html')}\n`);
    }
  });

  it('report of a bench report says what it is: it said "not a result ... needs summary, bins and jobs"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-rb-'));
    const bench = join(dir, 'bench.json');
    writeFileSync(bench, JSON.stringify({ format: 'hfsim-bench/1', suite: 'smoke', cases: [] }));
    const r = hfsim('report', bench, '--html', join(dir, 'r.html'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${bench}: a bench report (hfsim bench --json), not a run's result: hfsim report draws a result of hfsim run --out, or a sweep's folder (hfsim bench compare reads bench reports)\n`);
    // bench compare --json's output was called a bench report too
    writeFileSync(bench, JSON.stringify({ format: 'hfsim-bench-compare/1', verdict: 'pass' }));
    const c = hfsim('report', bench, '--html', join(dir, 'r.html'));
    expect([c.code, c.stderr]).toEqual([2, `hfsim: ${bench}: a comparison of bench reports (hfsim bench compare --json), not a run's result: hfsim report draws a result of hfsim run --out, or a sweep's folder (hfsim bench compare reads bench reports)\n`]);
  });
});
