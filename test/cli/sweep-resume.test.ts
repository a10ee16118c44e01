/** A sweep killed with SIGKILL part-way and resumed ends with the results of an uninterrupted run, each point once. */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, type Line, ROOT, base, deterministic, hfsim, lines, otherOutcome, processGroup, smallSweep, tmp, writeJson } from './sweep-helpers.js';
import { endsWithTest } from '../ends-with-test.js';

/** Two points of the small sweep run, then the first results line's mean response time set to `value` by hand. */
function editedMean(tag: string, value: unknown) {
  const file = smallSweep();
  const out = join(tmp(tag), 'out');
  expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress').code).toBe(0);
  const [first, ...rest] = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n');
  const line = JSON.parse(first) as Line & { summary: Record<string, unknown> };
  writeFileSync(join(out, 'results.jsonl'), [JSON.stringify({ ...line, summary: { ...line.summary, meanResponseMs: value } }), ...rest].join('\n'));
  return { file, out, line, first, rest };
}

/**
 * A sweep of seeds 1, 2 and 3 whose policy (a --plugin file) fails at seed 3, in a temp folder; `sweep(out, ...flags)`
 * runs it into `out` on one worker.
 */
function seedThreeFails(tag: string) {
  const dir = tmp(tag);
  const index = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
  writeFileSync(join(dir, 'p.mjs'), `import { SortedJobQueue, registerPolicy } from ${index};\nregisterPolicy('mine', { description: 'x', create: (c, ctx) => { if (ctx.scenario.seed === 3) throw new Error('seed 3'); return { createQueue: () => new SortedJobQueue((a, b) => a.index - b.index) }; } });\n`);
  writeJson(dir, 'base.json', { ...base, variants: undefined, scheduler: { policy: 'mine' } });
  const file = writeJson(dir, 'p.sweep.json', { name: 'p', base: 'base.json', seeds: [1, 2, 3] });
  const sweep = (out: string, ...more: string[]) => hfsim('sweep', file, '--plugin', join(dir, 'p.mjs'), '--out', out, '--no-progress', '--parallel', '1', ...more);
  return { dir, sweep };
}

describe('hfsim sweep --resume', () => {
  it('a sweep killed with SIGKILL part-way and resumed gives the same results as an uninterrupted run, each point once', async () => {
    const dir = tmp('kill');
    const file = writeJson(dir, 'hol.sweep.json', {
      name: 'hol', base: join(ROOT, 'scenarios', 'head-of-line.json'), set: { 'scheduler.delay': { mode: 'skip', maxSkips: 0 }, 'workload.groups': [
        { name: 'background', maps: 10000, mapMs: 20000 },
        { name: 'small', count: 200, maps: 1, mapMs: 20000, startMs: 30000, intervalMs: 7000, arrivals: 'exponential' },
      ] },
      axes: { variant: ['Naive fair'], 'scheduler.delay.maxSkips': [0, 5, 10, 20] }, seeds: [1, 2, 3],
    });
    const full = join(dir, 'full');
    expect(hfsim('sweep', file, '--parallel', '2', '--out', full, '--no-progress').code).toBe(0);

    const killed = join(dir, 'killed');
    // In a process group of its own, to see that its worker processes die with it.
    const child = endsWithTest(spawn(process.execPath, [CLI, 'sweep', file, '--parallel', '1', '--out', killed, '--no-progress'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], detached: true }), true);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const log = join(killed, 'results.jsonl');
    // Whole lines only: a kill can cut a long line's write short, and resume drops such a line and runs its point again.
    const count = (): number => {
      const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
      return text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter((l) => l !== '').length;
    };
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    for (let i = 0; i < 6000 && count() < 2 && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    expect(await exited, `the sweep ended before it was killed: ${stderr}`).toBe('SIGKILL');
    const before = count();
    expect(before).toBeGreaterThanOrEqual(2);
    expect(before).toBeLessThan(12);
    expect(existsSync(join(killed, 'aggregate.json'))).toBe(false);
    const group = (): string[] => processGroup(child.pid!);
    for (let i = 0; i < 500 && group().length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(group(), 'a worker process outlived the killed sweep').toEqual([]);
    appendFileSync(log, '{"id":"cut short by a cr'); // a write torn by a crash: resume must drop it, not choke on it

    const again = hfsim('sweep', file, '--out', killed);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/holds results of an earlier sweep: pass --resume/);
    const resumed = hfsim('sweep', file, '--parallel', '2', '--out', killed, '--resume', '--no-progress');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(`ran ${12 - before}, ${before} already done`);
    const ids = lines(killed).map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(deterministic(killed)).toEqual(deterministic(full));
    expect(hfsim('sweep', file, '--out', killed, '--resume', '--no-progress').stdout).toContain('ran 0, 12 already done');
  });


  it('run again without --resume onto an output whose only line was cut short (a full disk), the sweep cuts it off (it appended onto it, and with a point failing, no rewrite came after: line 1 unreadable for good)', () => {
    // the sweep ends with exit 1, its two lines kept
    const { dir, sweep: sweepTo } = seedThreeFails('cut');
    const out = join(dir, 'out');
    const sweep = (...more: string[]) => sweepTo(out, ...more);
    expect(sweep().code).toBe(1);
    const had = lines(out).map((l) => l.id).sort();
    expect(had).toHaveLength(2);
    writeFileSync(join(out, 'results.jsonl'), readFileSync(join(out, 'results.jsonl'), 'utf8').slice(0, 500)); // the first write cut short
    expect(sweep().code).toBe(1);
    expect(lines(out).map((l) => l.id).sort()).toEqual(had); // every line whole
    const resumed = sweep('--resume');
    expect(resumed.stderr).toContain('1 of 1 points failed');
  });

  it('a sweep whose points fail in part writes the aggregates of those that ran (an incomplete merge\'s aggregate stayed beside the lines a --resume added: seeds "1" where results.jsonl held 1 and 2)', () => {
    const { dir, sweep } = seedThreeFails('partial');
    const seedsOf = (out: string) => (JSON.parse(readFileSync(join(out, 'aggregate.json'), 'utf8')) as Array<{ metric: string; seeds: string }>)
      .find((r) => r.metric === 'meanResponseMs')?.seeds;

    const fresh = join(dir, 'fresh');
    const r = sweep(fresh);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('1 of 3 points failed');
    expect(lines(fresh).map((l) => l.seed)).toEqual([1, 2]); // in point order
    expect(seedsOf(fresh)).toBe('1 2');
    expect(readFileSync(join(fresh, 'aggregate.csv'), 'utf8')).toContain(',1 2,meanResponseMs,');

    // shard 0/3 (seed 1), merged alone (exit 4: its aggregate has seed 1), then --resume as the merge says: seed 2 runs, seed 3 fails
    expect(sweep(join(dir, 'shard'), '--shard', '0/3').code).toBe(0);
    const merged = join(dir, 'merged');
    expect(hfsim('sweep', 'merge', join(dir, 'shard'), '--out', merged).code).toBe(4);
    expect(seedsOf(merged)).toBe('1');
    expect(sweep(merged, '--resume').code).toBe(1);
    expect(lines(merged).map((l) => l.seed)).toEqual([1, 2]);
    expect(seedsOf(merged)).toBe('1 2');
  });

  it('a sweep refused for results already there (no --resume) leaves results.jsonl as it was, a cut last line too', () => {
    const file = smallSweep();
    const out = join(tmp('refused'), 'out');
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress').code).toBe(0);
    appendFileSync(join(out, 'results.jsonl'), '{"id":"cut');
    const before = readFileSync(join(out, 'results.jsonl'), 'utf8');
    const r = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('holds results of an earlier sweep');
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(before);
  });

  it('--resume refuses an output made by a changed sweep', () => {
    const file = smallSweep();
    const out = join(tmp('chg'), 'out');
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress').code).toBe(0);
    writeFileSync(file, JSON.stringify({ name: 'small', base: 'base.json', axes: { 'hdfs.replication': [1, 2] }, seeds: [1, 2, 3] }));
    const r = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${out}: --resume: the sweep's points (other axis values or seeds: the sweep file's axes or seeds) changed since this output was made`);
    // fewer seeds: the points alone (no trace to blame: it said "and a SWIM trace the points replay"); seeds in another order: that
    writeFileSync(file, JSON.stringify({ name: 'small', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1, 2] }));
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume').stderr).toBe(`hfsim: ${out}: --resume: the sweep's points (8 now, 12 then: the sweep file's axes or seeds) changed since this output was made\n`);
    writeFileSync(file, JSON.stringify({ name: 'small', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [3, 2, 1] }));
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume').stderr).toBe(`hfsim: ${out}: --resume: the order of the sweep's points (the sweep file's axis values or seeds in another order) changed since this output was made\n`);
  });

  it('--resume and merge name what changed: the base scenario (its points\' scenarios), for an output whose sweep.json keeps its inputs apart; any input, for one that does not', () => {
    const file = smallSweep();
    const dir = dirname(file);
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', a, '--no-progress').code).toBe(0);
    writeJson(dir, 'base.json', { ...base, tasks: { durationJitter: 0.2 } });
    expect(hfsim('sweep', file, '--shard', '1/6', '--out', b, '--no-progress').code).toBe(0);
    const scenarios = 'the points\' scenarios (the sweep file\'s set, its base scenario, an allocation or capacity file they read, or an SLS or Rumen trace they replay)';
    const merged = hfsim('sweep', 'merge', a, b, '--out', join(dir, 'm'));
    expect([merged.code, merged.stderr]).toEqual([2, `hfsim: ${b}: made by a different sweep than ${a}: they differ in ${scenarios}\n`]);
    const resumed = hfsim('sweep', file, '--shard', '0/6', '--out', a, '--resume', '--no-progress');
    expect([resumed.code, resumed.stderr]).toEqual([2, `hfsim: ${a}: --resume: ${scenarios} changed since this output was made\n`]);
    // sweep.json as an hfsim before 2026-11-27 wrote it: no inputs, so the message names every input it may be
    const manifest = JSON.parse(readFileSync(join(a, 'sweep.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(a, 'sweep.json'), JSON.stringify({ ...manifest, inputs: undefined }));
    const old = hfsim('sweep', file, '--shard', '0/6', '--out', a, '--resume', '--no-progress');
    expect([old.code, old.stderr]).toEqual([2, `hfsim: ${a}: --resume: the sweep file, its base scenario, a file they read (a trace, an allocation file), a --plugin file or the hfsim build that runs them changed since this output was made\n`]);
  });

  // sweep.json kept no build: a sweep resumed after an upgrade, or shards run by two commits, mixed two builds' results
  // (their digests differ) in one aggregate, exit 0.
  it('--resume and merge refuse an output of another hfsim build, naming both builds', () => {
    const file = smallSweep();
    const dir = dirname(file);
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', a, '--no-progress').code).toBe(0);
    expect(hfsim('sweep', file, '--shard', '1/6', '--out', b, '--no-progress').code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(a, 'sweep.json'), 'utf8')) as { hash: string; inputs: { build: { version: string; code: string } } };
    const now = manifest.inputs.build;
    expect(now.code).toMatch(/^[0-9a-f]{64}$/);
    // as another build wrote it: its code's hash, and so the sweep's, differ
    writeFileSync(join(a, 'sweep.json'), JSON.stringify({ ...manifest, hash: '0'.repeat(64), inputs: { ...manifest.inputs, build: { version: '0.0.1', code: 'f'.repeat(64) } } }));
    const other = `the hfsim build that runs them (version ${now.version}, code ${now.code.slice(0, 12)} now, version 0.0.1, code ffffffffffff then: its results may differ; finish the output with the hfsim that made it, or sweep into a new --out)`;
    const resumed = hfsim('sweep', file, '--shard', '0/6', '--out', a, '--resume', '--no-progress');
    expect([resumed.code, resumed.stderr]).toEqual([2, `hfsim: ${a}: --resume: ${other} changed since this output was made\n`]);
    const merged = hfsim('sweep', 'merge', b, a, '--out', join(dir, 'm'));
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(`hfsim: ${a}: made by a different sweep than ${b}: they differ in the hfsim build that runs them (version 0.0.1, code ffffffffffff here, version ${now.version}, code ${now.code.slice(0, 12)} in ${b}`);
    // as an hfsim before builds were kept wrote it
    writeFileSync(join(a, 'sweep.json'), JSON.stringify({ ...manifest, hash: '0'.repeat(64), inputs: { ...manifest.inputs, build: undefined } }));
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', a, '--resume', '--no-progress').stderr).toContain(`(version ${now.version}, code ${now.code.slice(0, 12)} now, an hfsim before 2026-11-29, which kept no build then:`);
  });

  it('--resume after an SLS trace was edited names the trace among what may have changed (it named the set, the base and an allocation or capacity file alone)', () => {
    const dir = tmp('sls-edit');
    const job = (ms: number) => ({ 'job.start.ms': 0, 'job.queue.name': 'default', 'job.tasks': [{ 'container.host': '/r/h', 'container.duration.ms': ms }] });
    const trace = writeJson(dir, 'jobs.json', job(1000));
    writeJson(dir, 'base.json', { name: 'sls', cluster: { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, workload: { kind: 'sls', trace: 'jobs.json' } });
    const file = writeJson(dir, 'sls.sweep.json', { name: 'sls', base: 'base.json', axes: { 'cluster.racks': [2, 3] } });
    const out = join(dir, 'out');
    expect(hfsim('sweep', file, '--out', out, '--parallel', '1', '--no-progress').code).toBe(0);
    writeFileSync(trace, JSON.stringify(job(2000)));
    const r = hfsim('sweep', file, '--out', out, '--resume', '--parallel', '1', '--no-progress');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('an SLS or Rumen trace they replay');
  });

  it('an --out folder holding files but no sweep.json is refused, with or without --resume, and left as it was (they were replaced, exit 0)', () => {
    const file = smallSweep();
    const out = join(tmp('user'), 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'results.jsonl'), '{"my":"precious"}\n');
    writeFileSync(join(out, 'aggregate.csv'), 'mine\n');
    const plain = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress');
    expect(plain.code, plain.stderr).toBe(2);
    expect(plain.stderr.trim()).toBe(`hfsim: ${out}: holds files but no sweep.json: not a sweep output; choose an empty or new folder with --out`);
    const resume = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress');
    expect(resume.code, resume.stderr).toBe(2);
    expect(resume.stderr).toMatch(/: --resume: holds files but no sweep\.json, so no sweep to resume .*: pass the folder of the sweep's output, or an empty or new folder with --out$/m);
    expect(readdirSync(out).sort()).toEqual(['aggregate.csv', 'results.jsonl']);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe('{"my":"precious"}\n');
    expect(readFileSync(join(out, 'aggregate.csv'), 'utf8')).toBe('mine\n');

    const empty = join(tmp('empty'), 'out'); // --resume on an empty folder (a pod's first start) runs every point
    mkdirSync(empty);
    const fresh = hfsim('sweep', file, '--shard', '0/6', '--out', empty, '--resume', '--no-progress', '--parallel', '5');
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toContain('ran 2, 2 workers;'); // the workers started, not --parallel's 5
    const again = hfsim('sweep', file, '--shard', '0/6', '--out', empty, '--resume', '--no-progress', '--parallel', '5');
    expect(again.stdout).toContain('ran 0, 2 already done; wrote');
  });

  it('a folder holding only the temp file of a first sweep.json write (a kill -9 during it) is resumed and the temp removed (--resume was refused: holds files but no sweep.json)', () => {
    const file = smallSweep();
    const out = join(tmp('temp'), 'out');
    mkdirSync(out);
    // write-file-atomic's temp: the name, a dot, a 32-bit number; listed in the folder's journal before it was written
    writeFileSync(join(out, 'sweep.json.3141592653'), '{\n "name": "sm');
    writeFileSync(join(out, '.hfsim-temps'), 'sweep.json.3141592653\n');
    const r = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('ran 2');
    expect(readdirSync(out).sort()).toEqual(['aggregate.csv', 'aggregate.json', 'results.jsonl', 'sweep.json']); // the journal gone too
    // Temp files of a later write (aggregate.csv's, cut by a kill) and an output check's probe go on the next run; a
    // user's files named as a temp file (a backup, results.jsonl.1) stay
    writeFileSync(join(out, 'aggregate.csv.77'), 'cut');
    writeFileSync(join(out, '.hfsim-temps'), 'aggregate.csv.77\n');
    writeFileSync(join(out, 'aggregate.csv.hfsim12345'), '');
    writeFileSync(join(out, 'results.jsonl.1'), 'my backup');
    writeFileSync(join(out, 'aggregate.csv.2024'), 'mine');
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress').code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['aggregate.csv', 'aggregate.csv.2024', 'aggregate.json', 'results.jsonl', 'results.jsonl.1', 'sweep.json']);
    expect(readFileSync(join(out, 'results.jsonl.1'), 'utf8')).toBe('my backup');
    // a folder holding a file named as a temp file but listed nowhere is a user's: refused, left as it was (a sweep ran
    // there and removed it, exit 0)
    const mine = join(tmp('mine'), 'out');
    mkdirSync(mine);
    writeFileSync(join(mine, 'sweep.json.3141592653'), 'x');
    writeFileSync(join(mine, 'results.jsonl.2023'), 'mine');
    for (const resume of [[], ['--resume']]) {
      const refused = hfsim('sweep', file, '--shard', '0/6', '--out', mine, ...resume, '--no-progress');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('holds files but no sweep.json');
    }
    expect(readdirSync(mine).sort()).toEqual(['results.jsonl.2023', 'sweep.json.3141592653']);
    // a probe a kill -9 left in a new folder (its name told from a user's) leaves it empty: the sweep runs there
    const probed = join(tmp('probed'), 'out');
    mkdirSync(probed);
    writeFileSync(join(probed, 'aggregate.csv.hfsim99999'), '');
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', probed, '--no-progress').code).toBe(0);
    expect(readdirSync(probed).sort()).toEqual(['aggregate.csv', 'aggregate.json', 'results.jsonl', 'sweep.json']);
  });

  it('--resume counts a line repeated in results.jsonl once (a point was counted twice: seeds "1 1", n = 2), as sweep merge does; one point with two digests is refused', () => {
    const file = smallSweep();
    const out = join(tmp('dup'), 'out');
    const ran = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress');
    expect(ran.code, ran.stderr).toBe(0);
    const copy = join(tmp('dup'), 'copy');
    cpSync(out, copy, { recursive: true });
    const first = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n')[0];
    appendFileSync(join(copy, 'results.jsonl'), first + '\n');
    const r = hfsim('sweep', file, '--shard', '0/6', '--out', copy, '--resume', '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('ran 0, 2 already done');
    expect(lines(copy)).toHaveLength(2);
    expect(deterministic(copy)).toEqual(deterministic(out));

    const line = JSON.parse(first) as Line;
    const other = otherOutcome(line);
    appendFileSync(join(copy, 'results.jsonl'), JSON.stringify(other) + '\n');
    const bad = hfsim('sweep', file, '--shard', '0/6', '--out', copy, '--resume', '--no-progress');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe(`hfsim: ${join(copy, 'results.jsonl')}: point ${line.id} appears twice, with digests ${line.digest.slice(0, 12)} and ${other.digest.slice(0, 12)}`);
  });

  it('--resume and merge refuse a line whose number was edited and its digest kept (the edit went into the aggregates)', () => {
    const { file, out, line, first, rest } = editedMean('edit-number', 1);
    const where = join(out, 'results.jsonl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const r of [hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress'), hfsim('sweep', 'merge', out, '--out', join(out, '..', 'merged'))]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^hfsim: ${where}:1: digest: ${line.digest.slice(0, 12)} is not the digest of the line's outcome \\(that is [0-9a-f]{12}\\): a value was edited\n$`));
    }
    // a key added, "__proto__" too (assigned, it set the prototype and escaped the hash)
    writeFileSync(join(out, 'results.jsonl'), [first.replace('"summary":', '"__proto__":{"edited":true},"summary":'), ...rest].join('\n'));
    const proto = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress');
    expect(proto.code).toBe(2);
    expect(proto.stderr).toContain(':1: digest: ');
  });

  it('--resume and merge refuse outputs made from two versions of a SWIM trace (they mixed 50-job and 40-job points)', () => {
    const dir = tmp('trace-changed');
    const trace = join(dir, 't.tsv');
    cpSync(join(ROOT, 'data', 'traces', 'FB-2009_samples_24_times_1hr_0_first50jobs.tsv'), trace);
    const base = JSON.parse(readFileSync(join(ROOT, 'scenarios', 'swim-first50.json'), 'utf8')) as Record<string, any>;
    base.workload.trace = 't.tsv';
    base.variants = undefined;
    writeJson(dir, 'base.json', base);
    const file = writeJson(dir, 't.sweep.json', { name: 't', base: 'base.json', axes: { 'cluster.racks': [2, 3] }, seeds: [1] });
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    expect(hfsim('sweep', file, '--shard', '0/2', '--out', a, '--no-progress').code).toBe(0);
    writeFileSync(trace, readFileSync(trace, 'utf8').split('\n').slice(0, 40).join('\n') + '\n');
    expect(hfsim('sweep', file, '--shard', '1/2', '--out', b, '--no-progress').code).toBe(0);
    const merged = hfsim('sweep', 'merge', a, b, '--out', join(dir, 'm'));
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(`made by a different sweep than ${a}: they differ in a SWIM trace the points replay`);
    const resumed = hfsim('sweep', file, '--shard', '0/2', '--out', a, '--resume', '--no-progress');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain('--resume: a SWIM trace the points replay changed since this output was made');
  });

  it('--resume and merge refuse outputs made with two versions of a --plugin file\'s code (shards mixed two policies)', () => {
    const dir = tmp('plugin-changed');
    const index = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
    const plugin = (order: string) => writeFileSync(join(dir, 'p.mjs'), `import { SortedJobQueue, registerPolicy } from ${index};\nregisterPolicy('mine', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => ${order}) }) });\n`);
    plugin('a.index - b.index');
    writeJson(dir, 'base.json', { ...base, variants: undefined, scheduler: { policy: 'mine' } });
    const file = writeJson(dir, 'p.sweep.json', { name: 'p', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1] });
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    expect(hfsim('sweep', file, '--plugin', join(dir, 'p.mjs'), '--shard', '0/2', '--out', a, '--no-progress').code).toBe(0);
    plugin('b.index - a.index');
    expect(hfsim('sweep', file, '--plugin', join(dir, 'p.mjs'), '--shard', '1/2', '--out', b, '--no-progress').code).toBe(0);
    const merged = hfsim('sweep', 'merge', a, b, '--out', join(dir, 'm'));
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(`made by a different sweep than ${a}: they differ in the --plugin files' code (1 file, not the same bytes)`);
    const resumed = hfsim('sweep', file, '--plugin', join(dir, 'p.mjs'), '--shard', '0/2', '--out', a, '--resume', '--no-progress');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain('--resume: the --plugin files\' code (1 file, not the same bytes) changed since this output was made');
  });

  it('an incomplete merge of shards swept with --plugin and --no-time-decisions prints a command that runs the rest (it named neither: the points failed to load, "policy must be one of", exit 2)', () => {
    const dir = tmp('merge-plugin');
    const index = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
    writeFileSync(join(dir, 'p.mjs'), `import { SortedJobQueue, registerPolicy } from ${index};\nregisterPolicy('mine', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => a.index - b.index) }) });\n`);
    writeJson(dir, 'base.json', { ...base, variants: undefined, scheduler: { policy: 'mine' } });
    const file = writeJson(dir, 'p.sweep.json', { name: 'p', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1] });
    const a = join(dir, 'a');
    expect(hfsim('sweep', file, '--plugin', join(dir, 'p.mjs'), '--no-time-decisions', '--shard', '0/2', '--out', a, '--no-progress').code).toBe(0);
    const merged = hfsim('sweep', 'merge', a, '--out', join(dir, 'm'));
    expect(merged.code).toBe(4);
    const command = /run them with: hfsim (.*)$/m.exec(merged.stderr)?.[1];
    expect(command).toBe(`sweep ${file} --out ${join(dir, 'm')} --resume --plugin ${join(dir, 'p.mjs')} --no-time-decisions`);
    const rest = hfsim(...command!.split(' '), '--no-progress');
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stderr).not.toContain('warning');
    expect(rest.stdout).toContain('ran 1, 1 already done');
  });

  it('--resume refuses a results line that is not a result of its point (an edited responseMs went into aggregate.csv), naming the line', () => {
    const { file, out } = editedMean('edit', 'fast');
    const r = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${join(out, 'results.jsonl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: summary\\.meanResponseMs: `));
  });

  it('a results.jsonl or an aggregate that cannot be written is refused before any point runs, naming it (EISDIR at the end, exit 1, no path)', () => {
    const file = smallSweep();
    const out = join(tmp('unwritable'), 'out');
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress').code).toBe(0);
    const results = join(out, 'results.jsonl');
    const kept = readFileSync(results, 'utf8');
    rmSync(join(out, 'aggregate.csv'));
    mkdirSync(join(out, 'aggregate.csv'));
    const agg = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress');
    expect([agg.code, agg.stderr]).toEqual([2, `hfsim: --out ${join(out, 'aggregate.csv')}: is a directory, not a file\n`]);
    expect(readFileSync(results, 'utf8')).toBe(kept);
    rmSync(results);
    mkdirSync(results);
    for (const args of [['sweep', file, '--shard', '0/6', '--out', out, '--resume', '--no-progress'], ['report', out, '--html', join(out, '..', 'r.html')]]) {
      const r = hfsim(...args);
      expect([r.code, r.stderr]).toEqual([2, `hfsim: ${results}: cannot read the sweep's results (a directory, not a file)\n`]);
    }
  });
});
