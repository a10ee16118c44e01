/**
 * `hfsim experiments --quick` says on its summary line that it was a quick run: it printed "1 experiment, 1 of 2
 * shapes hold" and "does not hold: dsfs: ..." exactly as a full run would, while the full run's dsfs check holds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

describe('hfsim experiments: its summary line', () => {
  it('--quick says the verdicts are a quick run\'s', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hfsim-exp-sum-')), 'E.md');
    const r = spawnSync(process.execPath, [CLI, 'experiments', '--quick', '--only', 'dsfs', '--parallel', '0', '--no-progress', '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^1 experiment \(--quick: 2 seeds and smaller workloads; a full run's verdicts can differ\), \d+ of 2 shapes hold; wrote 2 files/);
  }, 120_000);

  it('names the charts\' folder with one slash (--svg-dir d/ printed "d//")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-exp-sum-'));
    const r = spawnSync(process.execPath, [CLI, 'experiments', '--quick', '--only', 'analytic-skip', '--no-progress', '--out', join(dir, 'E.md'), '--svg-dir', `${dir}/charts/`], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`wrote 2 files (${join(dir, 'E.md')}, ${dir}/charts/) in `);
  }, 120_000);

  it('--out /dev/stdout: the document is the whole of stdout, the summary and its "does not hold" lines go to stderr (they followed the document)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-exp-sum-'));
    const r = spawnSync(process.execPath, [CLI, 'experiments', '--quick', '--only', 'analytic-skip', '--no-progress', '--out', '/dev/stdout', '--svg-dir', join(dir, 'charts')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.startsWith('# Experiments: the papers beside the simulation\n')).toBe(true);
    expect(r.stdout).not.toContain('wrote 2 files');
    expect(r.stdout).not.toContain('  does not hold: ');
    expect(r.stderr).toMatch(/^1 experiment \(--quick: .*wrote 2 files \(\/dev\/stdout, /);
    // --quick's 2 seeds leave analytic-skip's D=2 shape short of its threshold (README): its line is on stderr
    expect(r.stderr).toMatch(/^ {2}does not hold: analytic-skip: /m);
    // its chart's link is from the folder it ran in, where `> EXP.md` saves it (it was from /dev: ../tmp/...)
    const link = /\]\(([^)]*analytic-skip\.svg)\)/.exec(r.stdout)?.[1];
    expect(link).toBe(`${relative(ROOT, join(dir, 'charts'))}/analytic-skip.svg`);
    expect(existsSync(join(ROOT, link!))).toBe(true);
  }, 120_000);
});
