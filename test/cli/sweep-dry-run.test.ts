/** `hfsim sweep --dry-run`: the sweep and --out checked as a run checks them, what would run said, nothing made or written. */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hfsim, smallSweep, tmp, writeJson } from './sweep-helpers.js';

const wouldRun = (stdout: string): string | undefined => stdout.split('\n').find((l) => l.startsWith('would run'));

describe('hfsim sweep --dry-run', () => {
  it('lists the points, axes and seeds, and makes no output folder', () => {
    const sweep = smallSweep();
    const out = join(tmp('dry'), 'out');
    const r = hfsim('sweep', sweep, '--dry-run', '--out', out, '--parallel', '4');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('small: 12 points, 2 (variant) x 2 (hdfs.replication) x 3 seeds\n');
    expect(r.stdout).toContain('  variant: "Fair", "Fair + skip"\n');
    expect(r.stdout).toContain('  hdfs.replication: 1, 3\n');
    expect(r.stdout).toContain('  seeds: 1, 2, 3\n');
    expect(r.stdout).toContain(`--out ${out}: a new folder\n`);
    expect(wouldRun(r.stdout)).toBe('would run 12 points on 4 workers (--dry-run: nothing simulated, no file written)');
    expect(existsSync(out)).toBe(false);
  });

  it('one seed is counted so ("2 (hdfs.replication) x 1 seed"; it said "1 seeds")', () => {
    const dir = tmp('dry-one-seed');
    writeJson(dir, 'base.json', JSON.parse(readFileSync(join(dirname(smallSweep()), 'base.json'), 'utf8')));
    const sweep = writeJson(dir, 'one.sweep.json', { name: 'one', base: 'base.json', axes: { variant: ['Fair'], 'hdfs.replication': [1, 3] }, seeds: [7] });
    const r = hfsim('sweep', sweep, '--dry-run', '--out', join(dir, 'out'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('one: 2 points, 1 (variant) x 2 (hdfs.replication) x 1 seed\n');
  });

  it('a shard: its points only, as many as the shard runs', () => {
    const sweep = smallSweep();
    const r = hfsim('sweep', sweep, '--dry-run', '--out', join(tmp('dry'), 'out'), '--shard', '1/4', '--parallel', '8');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('small: 12 points, 2 (variant) x 2 (hdfs.replication) x 3 seeds; shard 1/4: 3 of them\n'); // indexes 1, 5 and 9
    expect(wouldRun(r.stdout)).toBe('would run 3 points on 3 workers (--dry-run: nothing simulated, no file written)');
  });

  it('--resume: the points left, the output folder untouched (a line cut short is kept, not repaired)', () => {
    const sweep = smallSweep();
    const out = join(tmp('dry'), 'out');
    const run = hfsim('sweep', sweep, '--out', out, '--shard', '0/2', '--no-progress', '--parallel', '1');
    expect(run.code, run.stderr).toBe(0);
    const results = join(out, 'results.jsonl');
    const kept = readFileSync(results, 'utf8').trim().split('\n');
    expect(kept).toHaveLength(6);
    // Four points of six done, and a fifth line cut short by a kill.
    writeFileSync(results, `${kept[0]}\n${kept[2]}\n${kept[3]}\n${kept[5]}\n${kept[1].slice(0, 40)}`);
    const before = readdirSync(out).sort().map((f) => [f, readFileSync(join(out, f), 'utf8')]);
    const r = hfsim('sweep', sweep, '--dry-run', '--out', out, '--shard', '0/2', '--resume', '--parallel', '4');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`--out ${out}: holds 4 of them (--resume)\n`);
    expect(wouldRun(r.stdout)).toBe('would run 2 points on 2 workers (--dry-run: nothing simulated, no file written)');
    expect(readdirSync(out).sort().map((f) => [f, readFileSync(join(out, f), 'utf8')])).toEqual(before);
    // The run that follows runs those two points.
    const resumed = hfsim('sweep', sweep, '--out', out, '--shard', '0/2', '--resume', '--no-progress');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/ran 2, 4 already done/);
  }, 60_000);

  it('an output of another sweep with no result: said to be replaced, as the run replaces it', () => {
    const out = join(tmp('dry'), 'out');
    const other = writeJson(tmp('other'), 'other.sweep.json', { name: 'other', base: JSON.parse(readFileSync(smallSweep().replace('small.sweep.json', 'base.json'), 'utf8')) as unknown, axes: { 'hdfs.replication': [2] }, seeds: [1] });
    mkdirSync(out);
    writeFileSync(join(out, 'sweep.json'), '{}');
    expect(hfsim('sweep', other, '--dry-run', '--out', out).code).toBe(2); // not a manifest: refused as the run refuses it
    const sweep = smallSweep();
    expect(hfsim('sweep', other, '--out', out + '2', '--no-progress').code).toBe(0);
    writeFileSync(join(out + '2', 'results.jsonl'), '');
    const r = hfsim('sweep', sweep, '--dry-run', '--out', out + '2');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`--out ${out}2: a sweep output with no result (its sweep.json is replaced)\n`);
    const own = hfsim('sweep', other, '--dry-run', '--out', out + '2');
    expect(own.stdout).toContain(`--out ${out}2: an output of this sweep with no result yet\n`);
  }, 60_000);

  it('refuses what a run refuses: exit 2 and the run\'s own message, nothing written', () => {
    const sweep = smallSweep();
    const out = join(tmp('dry'), 'out');
    expect(hfsim('sweep', sweep, '--out', out, '--no-progress').code).toBe(0);
    for (const extra of [[], ['--resume', '--shard', '0/2']]) {
      const dry = hfsim('sweep', sweep, '--dry-run', '--out', out, ...extra);
      const run = hfsim('sweep', sweep, '--out', out, '--no-progress', ...extra);
      expect(dry.code).toBe(2);
      expect(dry.stderr).toBe(run.stderr);
      expect(dry.stdout).toBe('');
    }
    // An aggregate that cannot be written, and a live writer's lock: refused by the run before any point runs.
    const aggregateDir = join(tmp('dry'), 'out');
    expect(hfsim('sweep', sweep, '--out', aggregateDir, '--shard', '0/4', '--no-progress').code).toBe(0);
    rmSync(join(aggregateDir, 'aggregate.csv'));
    mkdirSync(join(aggregateDir, 'aggregate.csv'));
    const locked = join(tmp('dry'), 'out');
    mkdirSync(locked);
    writeFileSync(join(locked, '.hfsim-writer.lock'), `${process.pid} ${hostname()}\n`); // this test's process: alive
    for (const [folder, why] of [[aggregateDir, /aggregate\.csv/], [locked, new RegExp(`another hfsim \\(pid ${process.pid}\\) is writing this output`)]] as const) {
      const extra = folder === aggregateDir ? ['--resume', '--shard', '0/4'] : [];
      const dry = hfsim('sweep', sweep, '--dry-run', '--out', folder, ...extra);
      const run = hfsim('sweep', sweep, '--out', folder, '--no-progress', ...extra);
      expect(dry.code).toBe(2);
      expect(dry.stderr).toMatch(why);
      expect(dry.stderr).toBe(run.stderr);
    }
    expect(readdirSync(locked)).toEqual(['.hfsim-writer.lock']);
    const foreign = tmp('foreign');
    writeFileSync(join(foreign, 'notes.txt'), 'mine');
    const dry = hfsim('sweep', sweep, '--dry-run', '--out', foreign);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toMatch(/holds files but no sweep\.json/);
    const bad = writeJson(tmp('bad'), 'bad.sweep.json', { name: 'bad', base: 'nowhere.json', axes: { 'cluster.racks': [1, 2] } });
    const missing = hfsim('sweep', bad, '--dry-run');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nowhere\.json/);
  }, 60_000);
});
