import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A plugin file imports 'hfsim' (examples/srwf.js); under vitest that is the source, the same modules the tests use.
  resolve: { alias: { hfsim: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    // A test file per core. Vitest's default is one less than the cores (its main process is mostly idle here), which
    // on a 2-core machine ran the files one after another. test/cli/bench.test.ts runs beside the others too: its
    // timing assertions hold under any load (one interleaved 4-run smoke report split in two halves, judged at a
    // threshold above the runs' own spread), so it no longer runs alone after the rest (a minute of one busy core).
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
