/**
 * `hfsim bench --json out.json compare a.json b.json`: an option of bench (running a suite) before `compare` was
 * ignored: exit 0, out.json never written, the table printed where JSON was asked for. It is refused (exit 2).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { benchCase, report, write } from './bench-helpers.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');
const hfsim = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });

describe('hfsim bench <bench options> compare', () => {
  const a = write('opts-a.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));
  const b = write('opts-b.json', report([benchCase('fb-macro-io.json / FIFO', 1010)]));

  it('refuses bench\'s --json before compare, naming it (exit 2), and writes nothing', () => {
    const out = join(tmpdir(), `hfsim-opts-${process.pid}.json`);
    const r = hfsim('bench', '--json', out, 'compare', a, b);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--json before 'compare' is an option of hfsim bench \(running a suite\), not of bench compare/);
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('and every other option of bench given there', () => {
    const r = hfsim('bench', '--suite', 'full', '--repeat', '5', 'compare', a, b);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--suite, --repeat before 'compare' are options of hfsim bench/);
  });

  it('compare\'s own options after compare work as before', () => {
    const r = hfsim('bench', 'compare', a, b, '--json', '--threshold', '20%');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'pass', thresholdPct: 20 });
  });

  it('refuses a --threshold too large to be a number (exit 2): it read "threshold Infinity%", and thresholdPct null in --json', () => {
    const r = hfsim('bench', 'compare', a, b, '--json', '--threshold', `${'9'.repeat(400)}%`);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^error: option '--threshold <pct>' argument '9{400}%' is invalid\. expected a percentage, e\.g\. 10%/);
  });
});
