/**
 * The experiments' ids in catalog order, for `hfsim experiments --only`'s help text: the command line builds its help
 * at every start, and the catalog itself (its analyses, the sweep aggregate, csv-stringify: ~20 modules) is no part
 * of a `run`'s. test/experiments/ids.test.ts checks this list against catalog.ts.
 */
export const EXPERIMENT_IDS: readonly string[] = [
  'macro-io', 'macro-cpu', 'macro-mixed', 'hierarchical', 'small-jobs', 'small-jobs-fluid', 'sticky-slots', 'sticky-slots-fluid',
  'sensitivity-w1',
  'analytic-skip', 'analytic-ld', 'analytic-sticky', 'facebook-production', 'dsfs', 'copy-compute', 'dsbra', 'hardware-trends',
];
