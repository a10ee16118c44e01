import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test files that check the CLI's signal handlers in the test process itself (they emit a signal to it): the handlers
 * listen on the main thread only (atEndingSignal and holdSignals do nothing on a worker thread, which gets no signals),
 * so these run in a child process each.
 */
const SIGNALLED = ['test/cli/ending-signals.test.ts', 'test/cli/sweep-order.test.ts'];

export default defineConfig({
  // A plugin file imports 'hfsim' (examples/srwf.js); under vitest that is the source, the same modules the tests use.
  resolve: { alias: { hfsim: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    // A test file per core. Vitest's default is one less than the cores (its main process is mostly idle here), which
    // on a 2-core machine ran the files one after another. test/cli/bench.test.ts runs beside the others too: its
    // timing assertions hold under any load (one interleaved 4-run smoke report split in two halves, judged at a
    // threshold above the runs' own spread), so it no longer runs alone after the rest (a minute of one busy core).
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Worker threads rather than vitest's default child processes: the whole suite took 481 s against 574 s on this
    // 2-core machine (less to start per file); each file still gets a fresh thread.
    projects: [
      { extends: true, test: { name: 'threads', pool: 'threads', include: ['test/**/*.test.ts'], exclude: SIGNALLED } },
      { extends: true, test: { name: 'forks', pool: 'forks', include: SIGNALLED } },
    ],
  },
});
