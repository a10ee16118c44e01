/** The published package: `hfsim --version` is package.json's, and `npm pack` ships what runs and nothing else. */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };

describe('package', () => {
  it.each([['--version'], ['-V']])('hfsim %s prints package.json\'s version and exits 0', (flag) => {
    const r = spawnSync(process.execPath, [CLI, flag], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('npm pack ships the built CLI, bench runner, scenarios and traces, and no sources, tests or maps', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const files = new Set((JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path));
    const wanted = [pkg.bin.hfsim, 'dist/bench/runner.js', 'dist/bench/child.js', 'dist/src/actors/sweep-task.js', 'dist/src/actors/rack-worker.js', 'README.md', 'package.json',
      ...readdirSync(join(ROOT, 'scenarios'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(json|xml)$/.test(f)).map((f) => `scenarios/${f}`),
      ...readdirSync(join(ROOT, 'data', 'traces')).map((f) => `data/traces/${f}`)];
    for (const f of wanted) expect(files, f).toContain(f);
    const stray = [...files].filter((f) => f.startsWith('test/') || f.startsWith('dist/test/') || f.endsWith('.ts') || f.endsWith('.map') || f.startsWith('src/') || f.startsWith('node_modules/'));
    expect(stray).toEqual([]);
  });
});
