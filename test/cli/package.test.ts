/**
 * The published package: `hfsim --version` is package.json's, `npm pack` ships what runs and nothing else, and the README's
 * set-up on a fresh clone works: `npm install` (or `npm ci`) builds dist/, so `npx hfsim` finds its bin.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; main: string; bin: Record<string, string>; scripts: Record<string, string> };
const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: { outDir: string; rootDir: string } };

describe('package', () => {
  it.each([['--version'], ['-V']])('hfsim %s prints package.json\'s version and exits 0', (flag) => {
    const r = spawnSync(process.execPath, [CLI, flag], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('npm pack ships the built CLI and library with its types, bench runner, scenarios, examples, traces and JSON Schemas, and the docs README links to, and no sources, tests or maps', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const files = new Set((JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path));
    const wanted = [pkg.bin.hfsim, 'LICENSE', 'dist/bench/runner.js', 'dist/bench/child.js', 'dist/src/actors/sweep-task.js', 'dist/src/actors/rack-worker.js', 'README.md', 'package.json', 'schema/scenario.schema.json', 'schema/sweep.schema.json',
      pkg.main, 'dist/src/index.d.ts', 'examples/srwf.js', 'examples/srwf.json',
      ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`), // README links into docs/
      ...readdirSync(join(ROOT, 'scenarios'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(json|xml)$/.test(f)).map((f) => `scenarios/${f}`),
      ...readdirSync(join(ROOT, 'data', 'traces')).map((f) => `data/traces/${f}`)];
    for (const f of wanted) expect(files, f).toContain(f);
    const stray = [...files].filter((f) => f.startsWith('test/') || f.startsWith('dist/test/') || (f.endsWith('.ts') && !(f.startsWith('dist/src/') && f.endsWith('.d.ts'))) || f.endsWith('.map') || f.startsWith('src/') || f.startsWith('node_modules/'));
    expect(stray).toEqual([]);
  });

  it('a CommonJS project require()s the library by its name (Node 20.19 on loads an ES module without top-level await) and runs a simulation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-cjs-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'hfsim'), 'dir'); // as npm install <path> links it
    writeFileSync(join(dir, 'run.cjs'), `const { parseScenario, simulate } = require('hfsim');
const p = parseScenario({ seed: 3, workload: { kind: 'facebook', jobs: 6 } });
simulate(p.value, { variant: 'cjs' }).then((r) => console.log(r.jobs.length, /^[0-9a-f]{64}$/.test(r.digest)));
`);
    const r = spawnSync(process.execPath, [join(dir, 'run.cjs')], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('6 true\n');
  });

  it('npm install and npm ci run `prepare`, which runs the build (tsc)', () => {
    // npm runs a project's own `prepare` after installing its dependencies (npm install, npm ci; not --ignore-scripts).
    expect(pkg.scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(readFileSync(join(ROOT, 'scripts', 'prepare.mjs'), 'utf8')).toMatch(/\['run', 'build', '--silent'\]/);
    expect(pkg.scripts.build).toBe('tsc -p . && node scripts/prune-dist.mjs');
  });

  it('the build removes what dist/ holds of sources that are gone (tsc never does, and npm pack shipped them), and nothing else', () => {
    // The script in a project of its own: src/kept.ts built, src/gone.ts deleted since, a folder of gone sources.
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-prune-'));
    for (const d of ['scripts', 'src', 'dist/src/old']) mkdirSync(join(dir, d), { recursive: true });
    copyFileSync(join(ROOT, 'scripts', 'prune-dist.mjs'), join(dir, 'scripts', 'prune-dist.mjs'));
    writeFileSync(join(dir, 'src', 'kept.ts'), 'export {};\n');
    const outputs = (name: string): string[] => ['.js', '.js.map', '.d.ts', '.d.ts.map'].map((ext) => `${name}${ext}`);
    for (const f of [...outputs('dist/src/kept'), ...outputs('dist/src/gone'), 'dist/src/old/a.js', 'dist/.tsbuildinfo']) writeFileSync(join(dir, f), '');
    const r = spawnSync(process.execPath, [join(dir, 'scripts', 'prune-dist.mjs')], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim build: removed 5 files of dist/ whose source is gone\n');
    expect(readdirSync(join(dir, 'dist'), { recursive: true, encoding: 'utf8' }).sort()).toEqual(['.tsbuildinfo', 'src', ...outputs('src/kept')].sort());
  });

  it('a production install (npm ci --omit=dev, no TypeScript) is not failed by prepare: it says why it did not build', () => {
    // The script alone in a folder with no node_modules: TypeScript cannot be resolved, as after --omit=dev.
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-prepare-'));
    copyFileSync(join(ROOT, 'scripts', 'prepare.mjs'), join(dir, 'prepare.mjs'));
    const r = spawnSync(process.execPath, [join(dir, 'prepare.mjs')], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^hfsim prepare: TypeScript is not installed \(npm install --omit=dev\?\): dist\/ not built/);
  });

  it('the hfsim bin is what tsc writes for src/cli/main.ts, which starts with a shebang', () => {
    const { outDir, rootDir } = tsconfig.compilerOptions;
    expect(rootDir).toBe('.');
    expect(pkg.bin.hfsim).toBe(`${outDir}/src/cli/main.js`);
    expect(readFileSync(join(ROOT, 'src', 'cli', 'main.ts'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('start and test build first, so they run the current source', () => {
    expect(pkg.scripts.prestart).toMatch(/npm run build/);
    expect(pkg.scripts.pretest).toMatch(/npm run build/);
  });
});
