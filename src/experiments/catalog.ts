/** Every experiment of the papers that hfsim reproduces, in the order EXPERIMENTS.md lists them, and those it cannot yet. */
import { ANALYTIC } from './analytic.js';
import type { Experiment } from './experiment.js';
import { MACRO } from './macro.js';
import { MICRO } from './micro.js';
import type { Missing } from './run.js';
import { SEED_PAPERS } from './seed-papers.js';

export const EXPERIMENTS: readonly Experiment[] = [...MACRO, ...MICRO, ...ANALYTIC, ...SEED_PAPERS];

/** Experiments of the papers with no scenario yet: EXPERIMENTS.md lists them as missing. */
export const PENDING: readonly Missing[] = [
  {
    experiment: {
      id: 'dsbra', title: 'DSBRA\'s set-up: replication driven by delay scheduling',
      paper: 'Suresh and Gopalan 2015 (papers/002), section V: 20 nodes, R = 2, grep over 100 GB, 100 Facebook-sized jobs 14 s apart, 10% of blocks made hot; response time -13% (up to -24%), locality +7% (+8% for 1-2-map jobs), delay waiting -17%, extra storage 22% on average (27% peak).',
    },
    reason: 'scenarios/dsbra.json (DSBRA\'s replication policy and hot-data workload) is not in main yet',
  },
];
