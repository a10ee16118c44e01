/** hfsim sweep, compiled, as users run it: parallel and sharded runs agree, a killed sweep resumes, bad sweep files fail clearly. */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WALL_CLOCK_METRICS, interval, studentT975 } from '../../src/cli/sweep-aggregate.js';
import { loadSweep } from '../../src/cli/sweep-file.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = (prefix: string): string => mkdtempSync(join(tmpdir(), `hfsim-${prefix}-`));

function writeJson(dir: string, name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

/** A small scenario with two variants: a run takes milliseconds. */
const base = {
  name: 'small',
  cluster: { racks: 2, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  tasks: { durationJitter: 0.3 },
  workload: { kind: 'generated', groups: [
    { name: 'big', count: 2, maps: 40, mapMs: 20000, reduces: 1, intervalMs: 10000 },
    { name: 'small', count: 20, maps: 1, mapMs: 10000, startMs: 5000, intervalMs: 4000, arrivals: 'exponential' },
  ] },
  variants: { Fair: { 'scheduler.policy': 'fair' }, 'Fair + skip': { 'scheduler.delay': { mode: 'skip', maxSkips: 5 } } },
};

function smallSweep(): string {
  const dir = tmp('sweep');
  writeJson(dir, 'base.json', base);
  return writeJson(dir, 'small.sweep.json', { name: 'small', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1, 2, 3] });
}

type Line = Record<string, unknown> & { id: string; digest: string };
const lines = (dir: string): Line[] => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);
/** Everything a sweep outputs except wall-clock measures. */
function deterministic(dir: string) {
  const results = lines(dir).map(({ run: _run, ...rest }) => rest);
  const agg = (JSON.parse(readFileSync(join(dir, 'aggregate.json'), 'utf8')) as Array<{ metric: string }>)
    .filter((r) => !(WALL_CLOCK_METRICS as readonly string[]).includes(r.metric));
  return { results, agg };
}

describe('hfsim sweep', () => {
  it('gives identical results with --parallel 1 and 2, and sharded-and-merged against unsharded', () => {
    const file = smallSweep();
    const one = join(tmp('p1'), 'out');
    const two = join(tmp('p2'), 'out');
    const r1 = hfsim('sweep', file, '--parallel', '1', '--out', one);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stdout).toContain('small: 12 points, ran 12, 1 worker');
    expect(r1.stderr).toMatch(/sweep: 12\/12 points, [\d.]+ points\/s, ETA 0s/); // plain progress lines when not a terminal
    expect(hfsim('sweep', file, '--parallel', '2', '--out', two).code).toBe(0);
    const a = deterministic(one);
    expect(a.results).toHaveLength(12);
    expect(new Set(a.results.map((r) => r.digest)).size).toBeGreaterThan(1);
    expect(deterministic(two)).toEqual(a);

    const shards = [0, 1, 2].map((i) => {
      const out = join(tmp(`s${i}`), 'out');
      const r = hfsim('sweep', file, '--parallel', '1', '--shard', `${i}/3`, '--out', out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`4 points (shard ${i}/3 of 12)`);
      return out;
    });
    const merged = join(tmp('merged'), 'out');
    const m = hfsim('sweep', 'merge', ...shards, '--out', merged);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toContain('merged 3 directories, 12 of 12 points');
    expect(deterministic(merged)).toEqual(a);

    const csv = readFileSync(join(one, 'aggregate.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('variant,hdfs.replication,point,seeds,metric,bin,n,mean,sd,ci95,lo,hi');
    expect(csv.find((l) => l.startsWith('Fair,3,') && l.includes(',locality.node,,3,'))).toBeDefined();
  });

  it('merge reports missing points and refuses outputs of different sweeps', () => {
    const file = smallSweep();
    const s0 = join(tmp('m0'), 'out');
    expect(hfsim('sweep', file, '--shard', '0/2', '--out', s0, '--no-progress').code).toBe(0);
    const partial = hfsim('sweep', 'merge', s0, '--out', join(tmp('mp'), 'out'));
    expect(partial.code).toBe(0);
    expect(partial.stdout).toContain('6 of 12 points (6 missing');
    const other = writeJson(tmp('other'), 'o.sweep.json', { base, axes: { 'hdfs.replication': [2] }, seeds: [1] });
    const o = join(tmp('o'), 'out');
    expect(hfsim('sweep', other, '--out', o, '--no-progress').code).toBe(0);
    const bad = hfsim('sweep', 'merge', s0, o, '--out', join(tmp('mb'), 'out'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/made by a different sweep/);
  });

  it('a sweep killed with SIGKILL part-way and resumed gives the same results as an uninterrupted run, each point once', async () => {
    const dir = tmp('kill');
    const file = writeJson(dir, 'hol.sweep.json', {
      name: 'hol', base: join(ROOT, 'scenarios', 'head-of-line.json'), set: { 'scheduler.delay': { mode: 'skip', maxSkips: 0 } },
      axes: { variant: ['Naive fair'], 'scheduler.delay.maxSkips': [0, 5, 10, 20] }, seeds: [1, 2],
    });
    const full = join(dir, 'full');
    expect(hfsim('sweep', file, '--parallel', '2', '--out', full, '--no-progress').code).toBe(0);

    const killed = join(dir, 'killed');
    const child = spawn(process.execPath, [CLI, 'sweep', file, '--parallel', '1', '--out', killed, '--no-progress'], { cwd: ROOT, stdio: 'ignore' });
    const log = join(killed, 'results.jsonl');
    const count = (): number => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((l) => l !== '').length : 0);
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    for (let i = 0; i < 600 && count() < 2; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const before = count();
    expect(before).toBeGreaterThanOrEqual(2);
    expect(before).toBeLessThan(8);
    expect(existsSync(join(killed, 'aggregate.json'))).toBe(false);
    appendFileSync(log, '{"id":"cut short by a cr'); // a write torn by a crash: resume must drop it, not choke on it

    const again = hfsim('sweep', file, '--out', killed);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/holds results of an earlier sweep: pass --resume/);
    const resumed = hfsim('sweep', file, '--parallel', '2', '--out', killed, '--resume', '--no-progress');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(`ran ${8 - before}, ${before} already done`);
    const ids = lines(killed).map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(deterministic(killed)).toEqual(deterministic(full));
    expect(hfsim('sweep', file, '--out', killed, '--resume', '--no-progress').stdout).toContain('ran 0, 8 already done');
  });
});

describe('sweep files: validated like scenarios (one line naming file and field, exit 2)', () => {
  const dir = tmp('bad');
  writeJson(dir, 'base.json', base);
  const sweep = (content: unknown): string => writeJson(tmp('bad'), 'x.sweep.json', content);
  const cases: Array<[string, () => string[], RegExp]> = [
    ['a missing file', () => ['sweep', 'no/such.sweep.json'], /no\/such\.sweep\.json: cannot read sweep file \(no such file\)/],
    ['invalid JSON', () => ['sweep', sweep('{\n  "base": "b.json",\n  "axes": {,\n}')], /x\.sweep\.json: invalid JSON at line 3, column 12/],
    ['an unknown field', () => ['sweep', sweep({ base, axis: {} })], /x\.sweep\.json: \(top level\): unknown field "axis"/],
    ['an axis that is not a list', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': 3 } })], /x\.sweep\.json: axes\.hdfs\.replication: /],
    ['an empty axis', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': [] } })], /axes\.hdfs\.replication: an axis needs at least one value/],
    ['a repeated seed', () => ['sweep', sweep({ base, seeds: [1, 1] })], /x\.sweep\.json: seeds: a seed appears twice/],
    ['a bad seed', () => ['sweep', sweep({ base, seeds: [1, -2] })], /x\.sweep\.json: seeds\[1\]: a seed must not be negative/],
    ['a bad axis value', () => ['sweep', sweep({ base, axes: { 'cluster.mapSlotsPerNode': [2, 0] } })],
      /x\.sweep\.json: base at variant="Fair", cluster\.mapSlotsPerNode=0: cluster\.mapSlotsPerNode: mapSlotsPerNode must be at least 1/],
    ['an axis on an unknown field', () => ['sweep', sweep({ base, axes: { 'cluster.rakcs': [2] } })], /base at .*: cluster: unknown field "rakcs"/],
    ['an unknown variant', () => ['sweep', sweep({ base, axes: { variant: ['FIFO'] } })], /axes\.variant: "FIFO" is not a variant of the base \(have "Fair", "Fair \+ skip"\)/],
    ['a missing base file', () => ['sweep', sweep({ base: 'nope.json' })], /nope\.json: cannot read base scenario file \(no such file\)/],
    ['a bad base file', () => ['sweep', writeJson(dir, 'b.sweep.json', { base: 'base.json', set: { 'cluster.racks': 0 } })], /b\.sweep\.json: base base\.json at variant="Fair": cluster\.racks: racks must be at least 1/],
    ['a chart on no axis', () => ['sweep', sweep({ base, charts: [{ metric: 'fairness', x: 'cluster.racks' }] })], /charts: "cluster\.racks" is not an axis/],
    ['a bad --shard', () => ['sweep', sweep({ base }), '--shard', '3/3'], /--shard 3\/3: expected i\/n with 0 <= i < n/],
    ['a bad --parallel', () => ['sweep', sweep({ base }), '--parallel', '0'], /--parallel must be a whole number >= 1/],
  ];
  it.each(cases)('%s', (_, args, message) => {
    const r = hfsim(...args());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n').filter((l) => !l.startsWith('(run hfsim'))).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('--resume refuses an output made by a changed sweep', () => {
    const file = smallSweep();
    const out = join(tmp('chg'), 'out');
    expect(hfsim('sweep', file, '--shard', '0/6', '--out', out, '--no-progress').code).toBe(0);
    writeFileSync(file, JSON.stringify({ name: 'small', base: 'base.json', axes: { 'hdfs.replication': [1, 2] }, seeds: [1, 2, 3] }));
    const r = hfsim('sweep', file, '--shard', '0/6', '--out', out, '--resume');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--resume: the sweep or its base scenario changed/);
  });
});

describe('the canonical sweeps and the statistics', () => {
  it('skip-count.sweep.json: 8 values of D x 3 seeds on head-of-line.json, p = R / nodes for the analytic curve', () => {
    const s = loadSweep(join(ROOT, 'scenarios', 'skip-count.sweep.json'));
    expect(s.points).toHaveLength(24);
    expect(s.points[3].scenario.scheduler.delay).toEqual({ mode: 'skip', maxSkips: 1 });
    expect(s.charts?.[0].analytic?.p).toBeCloseTo(0.03, 10);
    expect(new Set(s.points.map((p) => p.id)).size).toBe(24);
  });

  it('sensitivity.sweep.json: W1 from 0 to 10 s', () => {
    const s = loadSweep(join(ROOT, 'scenarios', 'sensitivity.sweep.json'));
    const w1 = s.points.map((p) => (p.scenario.scheduler.delay as { nodeMs: number }).nodeMs);
    expect(Math.min(...w1)).toBe(0);
    expect(Math.max(...w1)).toBe(10_000);
  });

  it('Student t quantiles and intervals', () => {
    expect(studentT975(1)).toBeCloseTo(12.7062, 4);
    expect(studentT975(2)).toBeCloseTo(4.3027, 4);
    expect(studentT975(40)).toBeCloseTo(2.0211, 4);
    expect(studentT975(120)).toBeCloseTo(1.9799, 4);
    const i = interval([1, 2, 3]); // mean 2, sd 1, half-width 4.3027 / sqrt(3)
    expect(i.mean).toBe(2);
    expect(i.sd).toBe(1);
    expect(i.ci95).toBeCloseTo(2.4841, 4);
    expect(interval([5])).toMatchObject({ n: 1, mean: 5, ci95: null });
  });
});
