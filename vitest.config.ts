import { defineConfig } from 'vitest/config';

/** Files whose assertions compare timings: they run alone, after the rest, so other test files do not load the cores. */
const TIMING = ['test/cli/bench.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: TIMING, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'timing', include: TIMING, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
