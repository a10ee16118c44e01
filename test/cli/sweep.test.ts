/** hfsim sweep, compiled and from source: results identical with --parallel 1 and 2 (worker processes and threads), and sharded-and-merged against unsharded. */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { runSweep } from '../../src/cli/sweep-run.js';
import { base, deterministic, hfsim, lines, smallSweep, tmp, writeJson } from './sweep-helpers.js';

/**
 * The small sweep run once by the compiled CLI on one process, shared by the tests that compare against an
 * uninterrupted run (each may run alone under -t; a test that writes into an output copies it first).
 */
let reference: { file: string; out: string; r: ReturnType<typeof hfsim> } | undefined;
function uninterrupted(): { file: string; out: string; r: ReturnType<typeof hfsim> } {
  if (reference === undefined) {
    const file = smallSweep();
    const out = join(tmp('p1'), 'out');
    reference = { file, out, r: hfsim('sweep', file, '--parallel', '1', '--out', out) };
  }
  return reference;
}

describe('hfsim sweep', () => {
  it('gives identical results with --parallel 1 and 2, and sharded-and-merged against unsharded', () => {
    const { file, out: one, r: r1 } = uninterrupted();
    const two = join(tmp('p2'), 'out');
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stdout).toContain('small: 12 points, ran 12, 1 worker');
    expect(r1.stderr).toMatch(/sweep: 12\/12 points, [\d.]+ points\/s, ETA 0s/); // plain progress lines when not a terminal
    expect(hfsim('sweep', file, '--parallel', '2', '--out', two).code).toBe(0);
    const a = deterministic(one);
    expect(a.results).toHaveLength(12);
    expect(new Set(a.results.map((r) => r.digest)).size).toBeGreaterThan(1);
    expect(deterministic(two)).toEqual(a);
    const threads = join(tmp('pt'), 'out');
    expect(hfsim('sweep', file, '--parallel', '2', '--pool', 'threads', '--out', threads, '--no-progress').code).toBe(0);
    expect(deterministic(threads)).toEqual(a);

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

  it('writes an axis value null as null and an empty string as "" in aggregate.csv (an empty cell read as NaN in pandas: groupby dropped its points), as JSON in aggregate.json', () => {
    const dir = tmp('null-axis');
    writeJson(dir, 'base.json', { ...base, variants: undefined, scheduler: { policy: 'fair' } });
    const file = writeJson(dir, 'x.sweep.json', { name: 'x', base: 'base.json', axes: { description: [null, 'none', ''] } });
    const out = join(dir, 'out');
    const r = hfsim('sweep', file, '--out', out, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(join(out, 'aggregate.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('description,point,seeds,metric,bin,n,mean,sd,ci95,lo,hi');
    const rows = csv.slice(1).filter((l) => l !== '');
    expect(rows.filter((l) => l.startsWith('null,')).length).toBe(rows.length / 3);
    expect(rows.filter((l) => l.startsWith('none,')).length).toBe(rows.length / 3);
    expect(rows.filter((l) => l.startsWith('"""""",')).length).toBe(rows.length / 3); // the cell "" as CSV quotes it
    expect(rows.find((l) => l.startsWith('null,') && l.includes(',locality.node,,1,'))).toMatch(/,1,[\d.]+,,,,$/); // one seed: the statistics past the mean still empty
    const json = JSON.parse(readFileSync(join(out, 'aggregate.json'), 'utf8')) as Array<Record<string, unknown>>;
    expect(json.filter((row) => row.description === null).length).toBe(rows.length / 3);
    expect(json.filter((row) => row.description === '').length).toBe(rows.length / 3);
  });

  it('names its output folder with one slash and counts one point as one (--out o/ printed "wrote o//", a shard of one "1 points")', () => {
    const { file } = uninterrupted();
    const out = join(tmp('slash'), 'out') + '/';
    const r = hfsim('sweep', file, '--shard', '0/12', '--out', out, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`small: 1 point (shard 0/12 of 12), ran 1, 1 worker; wrote ${out}`);
    const m = hfsim('sweep', 'merge', out, '--out', out);
    expect(m.stdout.split('\n')[0]).toBe(`small: merged 1 directory, 1 of 12 points; wrote ${out}`);
  });

  it('runs from TypeScript source too (piscina-bootstrap.mjs registers tsx in each worker), with the compiled CLI\'s results', async () => {
    const { file, out: cli, r: compiled } = uninterrupted();
    expect(compiled.code, compiled.stderr).toBe(0);
    const src = join(tmp('src'), 'out');
    const r = await runSweep(loadSweep(file), { out: src, parallel: 2, progress: false });
    expect(r.ran).toBe(12);
    expect(deterministic(src)).toEqual(deterministic(cli));
  });

  it('merge: an incomplete merge writes what it has, names the missing points and exits 4; different sweeps are refused', () => {
    const file = smallSweep();
    const s0 = join(tmp('m0'), 'out');
    expect(hfsim('sweep', file, '--shard', '0/2', '--out', s0, '--no-progress').code).toBe(0);
    const out = join(tmp('mp'), 'out');
    const partial = hfsim('sweep', 'merge', s0, '--out', out);
    expect(partial.code).toBe(4);
    expect(partial.stdout).toContain('merged 1 directory, 6 of 12 points');
    const missing = [...partial.stderr.matchAll(/^ {2}point (\d+) \(.*hdfs\.replication=\d, seed=\d\), id [0-9a-f]+$/gm)].map((m) => Number(m[1]));
    expect(missing).toEqual([1, 3, 5, 7, 9, 11]); // shard 0/2 holds the even indices
    expect(partial.stderr).toMatch(/^hfsim: sweep merge: incomplete: 6 of 12 points missing from .*\nrun them with: hfsim sweep \/\S*small\.sweep\.json --out \/\S+ --resume$/ms); // absolute: runnable from any folder
    expect(lines(out)).toHaveLength(6);
    const finished = hfsim('sweep', file, '--out', out, '--resume', '--no-progress'); // the command it names finishes the sweep
    expect(finished.code, finished.stderr).toBe(0);
    expect(finished.stdout).toContain('ran 6, 6 already done');

    const other = writeJson(tmp('other'), 'o.sweep.json', { base, axes: { 'hdfs.replication': [2] }, seeds: [1] });
    const o = join(tmp('o'), 'out');
    expect(hfsim('sweep', other, '--out', o, '--no-progress').code).toBe(0);
    const bad = hfsim('sweep', 'merge', s0, o, '--out', join(tmp('mb'), 'out'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/made by a different sweep/);
    const was = lines(o);
    const onto = hfsim('sweep', 'merge', s0, '--out', o); // --out holds another sweep's output: refused, left as it was
    expect(onto.code).toBe(2);
    expect(onto.stderr).toMatch(/made by a different sweep/);
    expect(lines(o)).toEqual(was);
    const junk = tmp('junk');
    writeJson(junk, 'notes.json', {});
    expect(hfsim('sweep', 'merge', s0, '--out', junk).stderr).toMatch(/holds files but no sweep\.json: not a sweep output/);
  });

  it('merge onto a complete output with one shard keeps every point (it used to cut 12 points to 6, exit 0)', () => {
    const { file, out: reference, r: ran } = uninterrupted();
    expect(ran.code, ran.stderr).toBe(0);
    const full = join(tmp('full'), 'out');
    cpSync(reference, full, { recursive: true }); // merged into below
    const before = deterministic(full);
    const s1 = join(tmp('s1'), 'out');
    expect(hfsim('sweep', file, '--shard', '1/2', '--out', s1, '--no-progress').code).toBe(0);
    const r = hfsim('sweep', 'merge', s1, '--out', full);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('merged 1 directory into the output already there, 12 of 12 points');
    expect(deterministic(full)).toEqual(before);
  });

});
