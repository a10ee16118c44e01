/** hfsim sweep, compiled and from source: results identical with --parallel 1 and 2, and sharded-and-merged against unsharded. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { runSweep } from '../../src/cli/sweep-run.js';
import { base, deterministic, hfsim, smallSweep, tmp, writeJson } from './sweep-helpers.js';

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

  it('runs from TypeScript source too (piscina-bootstrap.mjs registers tsx in each worker), with the compiled CLI\'s results', async () => {
    const file = smallSweep();
    const cli = join(tmp('cli'), 'out');
    expect(hfsim('sweep', file, '--parallel', '1', '--out', cli, '--no-progress').code).toBe(0);
    const src = join(tmp('src'), 'out');
    const r = await runSweep(loadSweep(file), { out: src, parallel: 2, progress: false });
    expect(r.ran).toBe(12);
    expect(deterministic(src)).toEqual(deterministic(cli));
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

});
