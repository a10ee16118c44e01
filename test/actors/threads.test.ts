/** The threads runtime: bit-identical to in-process on any number of workers, and failures end the run cleanly. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { canonicalScenarios, compiledSimulate, jobsScenario, loadVariant, scenario, workerCounts } from '../helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const LIGHT = canonicalScenarios().filter((c) => !c.file.includes('-day'));
const GOLDEN = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'golden', 'digests.json'), 'utf8')) as Record<string, string>;
const simulateCompiled = await compiledSimulate();
const workerHandles = () => process.getActiveResourcesInfo().filter((r) => r === 'Worker' || r === 'MessagePort').length;
/**
 * The worker handles once they are back to `before`, or after 5 s: a thread's handles close as its exit is processed,
 * which a loaded machine may delay past the run's end; a leaked worker never closes them.
 */
async function handlesAfterRun(before: number): Promise<number> {
  for (const until = performance.now() + 5000; workerHandles() !== before && performance.now() < until;) await new Promise((r) => setTimeout(r, 10));
  return workerHandles();
}

/**
 * Each file's last variant (its most elaborate: delay, preemption, oversubscription) runs on every worker count;
 * the file's other variants on one count each, in turn. Racks never see the policy (the master merges their batches
 * by rack), so what a count could change is the racks' own state, which the file's cluster fixes; every file, and
 * every variant, still runs on threads. The digest compared is the golden one (test/golden.test.ts checks that
 * in-process gives it). Compiled build (dist/): a worker started from source compiles it first (about a second
 * each); this file's imports of src/ read the build too (vitest.config.ts, BUILD), and
 * test/actors/concurrent-runs.test.ts starts its workers from source.
 */
const CASES = LIGHT.map((c, i) => {
  const counts = workerCounts(c.scenario.cluster.racks);
  const last = i === LIGHT.length - 1 || LIGHT[i + 1].file !== c.file;
  const index = LIGHT.filter((x, j) => j < i && x.file === c.file).length;
  return { ...c, workers: last ? counts : [counts[(index + 1) % counts.length]] };
});

describe.each(CASES)('threads runtime gives the golden (in-process) digest: $file / $variant', ({ file, variant, scenario, trace, workers }) => {
  it(`on ${workers.join(', ')} workers`, async () => {
    const golden = GOLDEN[`${file} / ${variant}`];
    expect(golden, 'a golden digest (test/golden/digests.json)').toMatch(/^[0-9a-f]{64}$/);
    for (const w of workers) {
      const threads = await simulateCompiled(scenario, { variant, runtime: 'threads', workers: w, timeDecisions: false, trace });
      expect(threads.digest, `${w} workers`).toBe(golden);
      expect(threads.run.runtime).toBe('threads');
      expect(threads.run.workers).toBe(Math.min(w, scenario.cluster.racks));
      expect(threads.run.bytesPerEpoch).toBeGreaterThan(0);
    }
  });
});

/**
 * The fluid hardware model on every scenario file (its last variant, with `cluster.network.model` fluid): the racks
 * then simulate their flows and exchange demand, allocations and serves each epoch, and the digest must not depend on
 * how many threads run them (issue 16: "identical digests in-process and on 1, 2, 3, 8 threads with the network model
 * on, for every scenario"), and no committed pass starts a flow on a group link the master sized to 0. Both sides run
 * the compiled build (dist/, which `npm test` builds first): run directly after editing src/, rebuild first.
 */
const FLUID = CASES.filter((x, i) => i === CASES.length - 1 || CASES[i + 1].file !== x.file)
  .map((c) => ({ ...c, scenario: { ...c.scenario, cluster: { ...c.scenario.cluster, network: { ...c.scenario.cluster.network, model: 'fluid' as const } } } }));

describe.each(FLUID)('fluid model on threads gives the in-process digest: $file / $variant', ({ scenario, trace, workers }) => {
  it(`on ${workers.join(', ')} workers`, async () => {
    let unallocated = -1;
    const inprocess = await simulateCompiled(scenario, { timeDecisions: false, trace, inspect: { finished: (racks) => { unallocated = racks.reduce((n, r) => n + r.unallocatedStarts, 0); } } });
    expect(inprocess.network?.model).toBe('fluid');
    expect(unallocated, 'flows started on a group link sized to 0 (the demand missed them)').toBe(0);
    for (const w of workers) {
      const threads = await simulateCompiled(scenario, { runtime: 'threads', workers: w, timeDecisions: false, trace });
      expect(threads.digest, `${w} workers`).toBe(inprocess.digest);
    }
  });
});

it('every scenario file runs on 1, 2, 3 and 8 workers, or as many as it has racks', () => {
  for (const c of CASES.filter((x, i) => i === CASES.length - 1 || CASES[i + 1].file !== x.file)) {
    expect(c.workers.map((w) => Math.min(w, c.scenario.cluster.racks)), c.file).toEqual([...new Set([1, 2, 3, 8].map((w) => Math.min(w, c.scenario.cluster.racks)))]);
  }
  expect(new Set(CASES.map((c) => c.file)).size).toBeGreaterThanOrEqual(10);
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

  it('a fault that could never fire is refused before the run (in-process, a rack past the cluster: it ran to its end)', async () => {
    await expect(simulate(s, { fault: { rack: 1, epoch: 40 } })).rejects.toThrow(new TypeError('simulate: bad options:\noptions.fault: applies to runtime "threads" (racks on worker threads): in-process it would never fire'));
    await expect(simulate(s, { runtime: 'threads', workers: 2, fault: { rack: s.cluster.racks, epoch: 1 } }))
      .rejects.toThrow(new RangeError(`simulate: bad options:\noptions.fault: rack ${s.cluster.racks} is not in the cluster (${s.cluster.racks} racks, numbered 0 to ${s.cluster.racks - 1}): it would never fire`));
    await expect(simulate(s, { runtime: 'threads', fault: { rack: -1, epoch: 1 } })).rejects.toThrow(/options\.fault: must be \{ rack, epoch \}, each a whole number from 0$/);
    // an epoch past the run's end (the review's 1:999999: both digests, exit 0)
    await expect(simulate(s, { runtime: 'threads', workers: 2, fault: { rack: 1, epoch: 999_999 } }))
      .rejects.toThrow(/^simulate: bad options:\noptions\.fault: rack 1's epoch 999999 \(simulated time \d+\.\d{3} s\) comes after the run's end: the fault never fired$/);
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

  // A worker of 2,000 racks (4,000 fluid racks on 2 workers, out of heap: `node --max-old-space-size=40 ... --set
  // cluster.racks=4000 --runtime threads --workers 2`) was named by every rack, 11,500 characters, and the CLI cuts a
  // line at 1,000: the cause ("Worker terminated due to reaching memory limit: JS heap out of memory") was cut off.
  it('a worker of many racks is named in a few words, so the cause stays on the line', async () => {
    const before = workerHandles();
    const many = scenario(jobsScenario({ cluster: { racks: 400, nodesPerRack: 1, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 } }));
    const run = simulate(many, { runtime: 'threads', workers: 2, onWorkers: (workers) => void workers[1].terminate() });
    await expect(run).rejects.toThrow(/^worker for racks 1, 3, 5, \.\.\., 399 \(200 racks\) exited \(code 1\) at simulated time 0\.000 s$/);
    expect(await handlesAfterRun(before)).toBe(before);
  });

  it('leaves no worker threads after a successful run', async () => {
    const before = workerHandles();
    const r = await simulate(scenario(jobsScenario({ cluster: { racks: 3, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 } })), { runtime: 'threads', workers: 3 });
    expect(r.run.workers).toBe(3);
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
    // in-process gives the golden digests (test/golden.test.ts; test/cli/run.test.ts runs the command line in-process)
    expect(results.map((x: { variant: string; digest: string }) => [x.variant, x.digest]))
      .toEqual(['Naive fair', 'Fair + skip D=10'].map((v) => [v, GOLDEN[`sticky-slots.json / ${v}`]]));
  });

  it('a failing rack: exit code 1, one line naming the variant, rack and time, no output file', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hfsim-thr-')), 'r.json');
    const r = spawnSync(process.execPath, [CLI, 'run', 'scenarios/fb-macro-io.json', '--runtime', 'threads', '--workers', '2', '--inject-fault', '2:30', '--out', out],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^hfsim: run failed: variant "FIFO": rack 2 failed at simulated time \d+\.\d{3} s: injected fault\n$/);
    expect(existsSync(out)).toBe(false);
  });
  // The hook ran nothing where it could not fire: a rack past the cluster's, or an in-process run, ran to the end
  // (exit 0, the digests of a clean run), so a test of the failure path passed without a failure.
  it.each([
    [['--runtime', 'threads', '--inject-fault', '4:30'], /^hfsim: --inject-fault 4:30: rack 4 is not in the cluster \(variant "FIFO": 4 racks, numbered 0 to 3\)\n/],
    [['--inject-fault', '1:30'], /^hfsim: --inject-fault applies to --runtime threads \(racks on worker threads\); this run is in-process\n/],
    // one variant run: not named, as a failed rack's line names none then (it said "variant \"FIFO\": ")
    [['--runtime', 'threads', '--variant', 'FIFO', '--inject-fault', '4:30'], /^hfsim: --inject-fault 4:30: rack 4 is not in the cluster \(4 racks, numbered 0 to 3\)\n/],
  ])('an injected fault that could never fire (%j) is refused: exit code 2, no output file', (flags, message) => {
    const out = join(mkdtempSync(join(tmpdir(), 'hfsim-thr-')), 'r.json');
    const r = spawnSync(process.execPath, [CLI, 'run', 'scenarios/fb-macro-io.json', ...flags, '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toMatch(message);
    expect(r.status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});
