/** hfsim bench killed while a case runs (a SIGTERM or SIGINT to it alone, as `kill` or a CI timeout sends): the case's process goes with it. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, processGroup } from './sweep-helpers.js';
import { endsWithTest } from '../ends-with-test.js';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

describe('hfsim bench, interrupted', () => {
  it.each([['SIGTERM'], ['SIGINT']] as const)('%s to bench alone ends it by that signal and its case\'s process with it (the case ran on to its end)', async (signal) => {
    // A case of several seconds (a whole simulated day; the full suite's run for minutes), killed well before its end:
    // the smoke suite's cases end within a fraction of a second of their start, before the signal on a loaded machine.
    const bench = endsWithTest(spawn(process.execPath, [CLI, 'bench', '--scenario', 'scenarios/facebook-day-600.json', '--repeat', '1'],
      { cwd: ROOT, detached: true, stdio: 'ignore' }), true);
    const exited = new Promise<NodeJS.Signals | null>((done) => bench.on('exit', (_code, s) => done(s)));
    try {
      for (let i = 0; i < 200 && processGroup(bench.pid!).length < 2; i++) await sleep(25); // the case's process has started
      expect(processGroup(bench.pid!).length).toBe(2);
      await sleep(200);
      process.kill(bench.pid!, signal);
      expect(await exited).toBe(signal);
      await sleep(300);
      expect(processGroup(bench.pid!)).toEqual([]);
    } finally {
      try { process.kill(-bench.pid!, 'SIGKILL'); } catch { /* all gone */ }
    }
  }, 30_000);
});
