import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that check the CLI's signal handlers in the test process itself (they emit a signal to it): the handlers
 * listen on the main thread only (atEndingSignal and holdSignals do nothing on a worker thread, which gets no signals),
 * so these run in a child process each.
 */
const SIGNALLED = ['test/cli/ending-signals.test.ts', 'test/cli/sweep-order.test.ts'];

/**
 * Test files that change what the process holds for the files after them, each run in a fresh module graph (vitest's
 * isolation): those that register plugins here (the registries are process-wide, and a registered name shows in
 * scenario errors and in the generated JSON Schema: test/core/scenario.test.ts and test/cli/json-schema.test.ts failed
 * beside them), and those that mock modules, stub the environment or fake the timers. Every other file shares its
 * worker's modules with the files before it (isolate: false): the suite's module loading then happens once per worker,
 * not once per file, and the JIT's work carries over (the whole suite: 848 s of test files against 1,155 s, 447 s
 * of wall time against 647 s, on this 2-core VM). A new file that registers a plugin, or mocks, stubs or fakes anything, belongs here.
 */
const ISOLATED = ['test/actors/concurrent-runs.test.ts', 'test/actors/stall.test.ts', 'test/cli/bench-plugin.test.ts', 'test/cli/consumer.test.ts',
  'test/cli/package.test.ts', 'test/cli/plugin-faults.test.ts', 'test/cli/plugin.test.ts', 'test/cli/readme.test.ts', 'test/core/library-api.test.ts',
  'test/core/plugin-faults.test.ts', 'test/core/register-policy.test.ts', 'test/cli/sweep-merge.test.ts', 'test/cli/run-progress.test.ts',
  'test/cli/sweep-progress.test.ts', 'test/actors/rack-worker-data.test.ts', 'test/cli/sweep-finalize.test.ts', 'test/cli/field-lines.test.ts'];

/**
 * The longest test files (seconds on the 2-core VM, whole suite: 103, 68, 51, 38, 33, 32, 30, 24, 23, 22), started
 * first; plugin-faults.test.ts's 32 is estimated (83 before its engine checks moved into test/core/plugin-faults.test.ts,
 * which took the two files' time alone down to about 38% of its own). Vitest orders files by the durations of its
 * last run, kept in node_modules/.vite; a fresh clone (CI) has none and orders them by size, which started
 * committed.test.ts (35 lines, 68 s) near the end: its last minute ran on one core (the suite took 572 s in a fresh
 * clone against 481 s with the durations known).
 */
const LONGEST = ['test/actors/threads.test.ts', 'test/experiments/committed.test.ts', 'test/cli/run.test.ts', 'test/cli/output.test.ts',
  'test/actors/fluid.test.ts', 'test/cli/plugin-faults.test.ts', 'test/cli/sweep-resume.test.ts', 'test/fuzz.test.ts', 'test/report.test.ts', 'test/cli/consumer.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONGEST.indexOf(relative(f.project.config.root, f.moduleId).split('\\').join('/'));
      return i < 0 ? LONGEST.length : i;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

/**
 * Test files that need the sources themselves: test/actors/pool.test.ts hands its pools a task file in TypeScript
 * (test/actors/pool-task.ts), which only the pool's own source knows to start through tsx; test/messages/builders.test.ts
 * reads the const enums of the message layouts as objects, which esbuild's compilation of the sources keeps and tsc's
 * build inlines away.
 */
const FROM_SOURCE = ['test/actors/pool.test.ts', 'test/messages/builders.test.ts'];

/** A plugin file imports 'hfsim' (examples/srwf.js): the same modules the tests use, the sources or the build. */
const SOURCE = { resolve: { alias: [{ find: /^hfsim$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }] } };
const BUILD_DIR = fileURLToPath(new URL('./dist/src/', import.meta.url));

/**
 * Most files test the build, dist/src/ (which `npm test` makes first, as it does for the command line's tests): their
 * imports of src/ are read from it, and Node loads it itself, as a user's program does. Through vitest's transform of
 * the sources a simulation ran 2-3 times slower (fb2009-day: 1.7-2.6 s against 0.7-1.0 s from dist loaded by Node;
 * dist itself through the transform, 1.2-1.6 s: vitest's module runner costs more than esbuild's compilation). Their worker
 * threads start from dist too, not through tsx. The files in ISOLATED and SIGNALLED keep the sources: they mock
 * modules (node:worker_threads, output.js) that only vitest's module graph can replace, or emit signals to the process;
 * so do those in FROM_SOURCE. The whole suite on the 2-core VM: 892, 948 and 1,021 s on three fresh clones, against
 * 987 and 1,016 s before: within the VM's drift (README, Set-up).
 */
const BUILD = {
  resolve: { alias: [{ find: /^(?:\.\.\/)+src\/(.*)$/, replacement: `${BUILD_DIR}$1` }, { find: /^hfsim$/, replacement: `${BUILD_DIR}index.js` }] },
  test: { server: { deps: { external: [/\/dist\/src\//] } } },
};

export default defineConfig({
  test: {
    // A test file per core. Vitest's default is one less than the cores (its main process is mostly idle here), which
    // on a 2-core machine ran the files one after another. test/cli/bench.test.ts runs beside the others too: its
    // timing assertions hold under any load (one interleaved 2-run smoke report split in two halves, judged at a
    // threshold above the runs' own spread), so it no longer runs alone after the rest (a minute of one busy core).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    // the build the tests run, rebuilt first where a source is newer (test/build-fresh.ts); the suite's temporary files
    // in a folder of its own, removed at its end (test/private-tmp.ts)
    globalSetup: ['./test/build-fresh.ts', './test/private-tmp.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Worker threads rather than vitest's default child processes: the whole suite took 481 s against 574 s on this
    // 2-core machine (less to start per file). The files in ISOLATED each get a fresh module graph; the rest share their
    // worker's (see ISOLATED).
    projects: [
      { extends: true, ...BUILD, test: { ...BUILD.test, name: 'threads', pool: 'threads', isolate: false, include: ['test/**/*.test.ts'], exclude: [...SIGNALLED, ...ISOLATED, ...FROM_SOURCE] } },
      { extends: true, ...SOURCE, test: { name: 'source', pool: 'threads', isolate: false, include: FROM_SOURCE } },
      { extends: true, ...SOURCE, test: { name: 'isolated', pool: 'threads', include: ISOLATED } },
      { extends: true, ...SOURCE, test: { name: 'forks', pool: 'forks', include: SIGNALLED } },
    ],
  },
});
