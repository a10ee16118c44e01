/**
 * The tiny scenario the plugin-fault tests run (test/core/plugin-faults.test.ts in this process, test/cli/plugin-faults.test.ts
 * through the CLI): 2 racks of 2 nodes, three jobs, policy "bad" (the plugin each case registers).
 */
export const TINY_PLUGIN_SCENARIO = {
  name: 'tiny', seed: 1,
  cluster: { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  scheduler: { policy: 'bad', delay: { mode: 'none' } },
  workload: { kind: 'jobs', files: [{ name: 'f', blocks: 6 }, { name: 'g', blocks: 30 }], jobs: [{ id: 'j1', input: 'f', mapMs: 20000, reduces: 1, reduceMs: 10000 }, { id: 'j2', submitMs: 5000, input: 'f', mapMs: 10000 }, { id: 'j3', submitMs: 5000, input: 'g', mapMs: 10000 }] },
} as const;
