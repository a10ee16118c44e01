/**
 * `npm run bench`'s script (dist/bench/run.js) killed while hfsim bench runs (a SIGTERM to it alone, as `kill`, a CI
 * job's timeout or npm passing on its own sends): hfsim bench and its case's process go with it. It ran hfsim bench
 * with spawnSync, so it died at once and left hfsim bench running the rest of the suite, reparented to init.
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, processGroup } from './sweep-helpers.js';
import { endsWithTest } from '../ends-with-test.js';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const RUN = join(ROOT, 'dist', 'bench', 'run.js');

describe('node dist/bench/run.js, interrupted', () => {
  it.each([['SIGTERM'], ['SIGINT']] as const)('%s to the script alone ends hfsim bench and its case\'s process, and the script by that signal', async (signal) => {
    const script = endsWithTest(spawn(process.execPath, [RUN, '--suite', 'smoke', '--repeat', '3', '--only', 'latency-600'], { cwd: ROOT, detached: true, stdio: 'ignore' }), true);
    const exited = new Promise<NodeJS.Signals | null>((done) => script.on('exit', (_code, s) => done(s)));
    try {
      for (let i = 0; i < 400 && processGroup(script.pid!).length < 3; i++) await sleep(25); // script, hfsim bench, a case
      expect(processGroup(script.pid!).length).toBe(3);
      await sleep(200);
      process.kill(script.pid!, signal);
      expect(await exited).toBe(signal);
      for (let i = 0; i < 200 && processGroup(script.pid!).length > 0; i++) await sleep(25); // they end within moments
      expect(processGroup(script.pid!)).toEqual([]);
    } finally {
      try { process.kill(-script.pid!, 'SIGKILL'); } catch { /* all gone */ }
    }
  }, 30_000);

  it('dist/bench/variants.js (and the other scripts that time child runs, bench/run-to-end.ts): SIGTERM to it alone ends the run it waits for', async () => {
    const script = endsWithTest(spawn(process.execPath, [join(ROOT, 'dist', 'bench', 'variants.js'), 'scenarios/fb-macro-io.json', '--set', 'workload.jobs=5000', '--repeat', '3'], { cwd: ROOT, detached: true, stdio: 'ignore' }), true);
    const exited = new Promise<NodeJS.Signals | null>((done) => script.on('exit', (_code, s) => done(s)));
    try {
      for (let i = 0; i < 400 && processGroup(script.pid!).length < 2; i++) await sleep(25); // the script and hfsim run
      expect(processGroup(script.pid!).length).toBeGreaterThanOrEqual(2);
      process.kill(script.pid!, 'SIGTERM');
      expect(await exited).toBe('SIGTERM');
      for (let i = 0; i < 80 && processGroup(script.pid!).length > 0; i++) await sleep(25);
      expect(processGroup(script.pid!)).toEqual([]); // spawnSync left hfsim run (5,000 jobs: seconds) running to its end
    } finally {
      try { process.kill(-script.pid!, 'SIGKILL'); } catch { /* all gone */ }
    }
  }, 30_000);

  it('ends by the signal that ended hfsim bench (SIGKILL, the out-of-memory killer\'s), not exit 1 as a failure that said nothing', async () => {
    const script = endsWithTest(spawn(process.execPath, [RUN, '--suite', 'smoke', '--repeat', '3', '--only', 'latency-600'], { cwd: ROOT, detached: true, stdio: 'ignore' }), true);
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((done) => script.on('exit', (code, s) => done([code, s])));
    try {
      for (let i = 0; i < 400 && processGroup(script.pid!).length < 3; i++) await sleep(25); // script, hfsim bench, a case
      const bench = execFileSync('pgrep', ['-P', String(script.pid)], { encoding: 'utf8' }).trim();
      process.kill(Number(bench), 'SIGKILL');
      expect(await exited).toEqual([null, 'SIGKILL']);
    } finally {
      try { process.kill(-script.pid!, 'SIGKILL'); } catch { /* all gone */ }
    }
  }, 30_000);

  it('exits with hfsim bench\'s code (2: --only naming no case)', async () => {
    const script = endsWithTest(spawn(process.execPath, [RUN, '--only', 'no such case'], { cwd: ROOT, stdio: 'ignore' }));
    expect(await new Promise((done) => script.on('exit', (code) => done(code)))).toBe(2);
  }, 30_000);
});
