import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Files whose assertions compare timings: they run alone, after the rest, so other test files do not load the cores. */
const TIMING = ['test/cli/bench.test.ts'];

export default defineConfig({
  // A plugin file imports 'hfsim' (examples/srwf.js); under vitest that is the source, the same modules the tests use.
  resolve: { alias: { hfsim: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    // A test file per core. Vitest's default is one less than the cores (its main process is mostly idle here), which
    // on a 2-core machine ran the files one after another.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: TIMING, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'timing', include: TIMING, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
