/** The command line's list of experiment ids (src/experiments/ids.ts) is the catalog's, in its order. */
import { expect, it } from 'vitest';
import { EXPERIMENTS } from '../../src/experiments/catalog.js';
import { EXPERIMENT_IDS } from '../../src/experiments/ids.js';

it('EXPERIMENT_IDS lists the catalog\'s ids in catalog order (add a new experiment to both)', () => {
  expect(EXPERIMENT_IDS).toEqual(EXPERIMENTS.map((e) => e.id));
});
