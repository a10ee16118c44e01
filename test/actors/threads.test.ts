/** The threads runtime: bit-identical to in-process on any number of workers, and failures end the run cleanly. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { canonicalScenarios, loadVariant } from '../helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const LIGHT = canonicalScenarios().filter((c) => !c.file.includes('-day'));
const workerHandles = () => process.getActiveResourcesInfo().filter((r) => r === 'Worker' || r === 'MessagePort').length;
/**
 * The worker handles once they are back to `before`, or after 5 s: a thread's handles close as its exit is processed,
 * which a loaded machine may delay past the run's end; a leaked worker never closes them.
 */
async function handlesAfterRun(before: number): Promise<number> {
  for (const until = performance.now() + 5000; workerHandles() !== before && performance.now() < until;) await new Promise((r) => setTimeout(r, 10));
  return workerHandles();
}

describe.each(LIGHT)('threads runtime gives the in-process digest: $file / $variant', ({ scenario, trace }) => {
  it('on 1, 2, 3 and 8 workers', async () => {
    const inprocess = await simulate(scenario, { timeDecisions: false, trace });
    for (const workers of [1, 2, 3, 8]) {
      const threads = await simulate(scenario, { runtime: 'threads', workers, timeDecisions: false, trace });
      expect(threads.digest, `${workers} workers`).toBe(inprocess.digest);
      expect(threads.run.runtime).toBe('threads');
      expect(threads.run.workers).toBe(Math.min(workers, scenario.cluster.racks));
      expect(threads.run.bytesPerEpoch).toBeGreaterThan(0);
    }
  });
});

describe('threads runtime failures', () => {
  const s = loadVariant('fb-macro-io.json', 'Fair + delay');

  it('a rack that throws mid-run aborts the run, naming the rack and the simulated time', async () => {
    const before = workerHandles();
    const started = performance.now();
    await expect(simulate(s, { runtime: 'threads', workers: 2, fault: { rack: 1, epoch: 40 } }))
      .rejects.toThrow(/rack 1 failed at simulated time \d+\.\d{3} s: injected fault/);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await handlesAfterRun(before)).toBe(before);
  });

  // Terminated once the run is under way (after the master's first launch, not after a fixed delay that a loaded
  // machine may stretch past the run's end), from the event loop, as the test's earlier timer did: so at one of the
  // runtime's yields, and the next yield, where it hears of the exit, is YIELD_MS later (3000 fails this). The bound
  // holds the thread's teardown too (30-80 ms at a load average of 12 on 2 cores): 2 s, not the ~100 ms of design.
  it('a worker terminated from outside aborts the run within 2 s, naming its racks', async () => {
    const before = workerHandles();
    let pool: readonly Worker[] = [];
    let terminatedAt = 0;
    let launches = 0;
    const run = simulate(s, {
      runtime: 'threads',
      workers: 2,
      onWorkers: (workers) => { pool = workers; },
      observer: {
        launched: () => {
          if (launches++ > 0) return;
          setImmediate(() => {
            terminatedAt = performance.now();
            void pool[1].terminate();
          });
        },
      },
    });
    await expect(run).rejects.toThrow(/worker for racks 1, 3 exited \(code 1\) at simulated time \d+\.\d{3} s/);
    expect(terminatedAt).toBeGreaterThan(0);
    expect(performance.now() - terminatedAt).toBeLessThan(2000);
    expect(await handlesAfterRun(before)).toBe(before);
  });

  // Terminated before its environment existed, a worker exits with code 0 (Node only marks it stopped): the hook
  // sees the workers once online, so even a terminate() the moment it is called hits a running worker (code 1).
  it('a worker terminated the moment the run hands it out exits with code 1, and the run aborts naming its racks', async () => {
    const before = workerHandles();
    const run = simulate(s, { runtime: 'threads', workers: 2, onWorkers: (workers) => void workers[0].terminate() });
    await expect(run).rejects.toThrow(/worker for racks 0, 2 exited \(code 1\) at simulated time 0\.000 s/);
    expect(await handlesAfterRun(before)).toBe(before);
  });

  it('leaves no worker threads after a successful run', async () => {
    const before = workerHandles();
    await simulate(loadVariant('sticky-slots.json', 'Naive fair'), { runtime: 'threads', workers: 3 });
    expect(await handlesAfterRun(before)).toBe(before);
  });
});

describe('threads runtime from the compiled command line', () => {
  it('matches in-process, names runtime and workers, and exits promptly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-thr-'));
    const out = join(dir, 'r.json');
    const r = spawnSync(process.execPath, [CLI, 'run', 'scenarios/sticky-slots.json', '--runtime', 'threads', '--workers', '2', '--out', out],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    const results = JSON.parse(readFileSync(out, 'utf8'));
    expect(results[0].run).toMatchObject({ runtime: 'threads', workers: 2 });
    const inprocess = spawnSync(process.execPath, [CLI, 'run', 'scenarios/sticky-slots.json', '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(results.map((x: { digest: string }) => x.digest)).toEqual(JSON.parse(inprocess.stdout).map((x: { digest: string }) => x.digest));
  });

  it('a failing rack: exit code 1, one line naming rack and time, no output file', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hfsim-thr-')), 'r.json');
    const r = spawnSync(process.execPath, [CLI, 'run', 'scenarios/fb-macro-io.json', '--runtime', 'threads', '--workers', '2', '--inject-fault', '2:30', '--out', out],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^hfsim: run failed: rack 2 failed at simulated time \d+\.\d{3} s: injected fault\n$/);
    expect(existsSync(out)).toBe(false);
  });
});
