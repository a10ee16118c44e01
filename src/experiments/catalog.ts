/** Every experiment of the papers that hfsim reproduces, in the order EXPERIMENTS.md lists them. */
import { ANALYTIC } from './analytic.js';
import { DSBRA_EXPERIMENT } from './dsbra.js';
import type { Experiment } from './experiment.js';
import { HARDWARE_TRENDS } from './hardware-trends.js';
import { MACRO } from './macro.js';
import { MICRO } from './micro.js';
import { SEED_PAPERS } from './seed-papers.js';

/** An experiment with `requires` runs once that file is in the checkout; until then EXPERIMENTS.md lists it as missing. */
export const EXPERIMENTS: readonly Experiment[] = [...MACRO, ...MICRO, ...ANALYTIC, ...SEED_PAPERS, DSBRA_EXPERIMENT, HARDWARE_TRENDS];
