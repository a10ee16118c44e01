/**
 * Runs one after another in one process give each the digest it has alone: nothing a run leaves in module state (the
 * core's memos and scratch, the plugin registries, Quincy's solver, the process's kept Facebook arrivals) changes a
 * later run. Each scenario runs, then others of other kinds, then it again: the first and the repeat both give the
 * golden digest (test/golden/digests.json), which the golden test gets from one process in its own order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadVariant } from '../helpers.js';

const golden = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'golden', 'digests.json'), 'utf8')) as Record<string, string>;

/** Each of another kind: capacity queues, a Facebook mix with DSBRA's replicas, Quincy's solver, pools with preemption, the fluid network. */
const RUNS: Array<[file: string, variant: string]> = [
  ['capacity.json', 'Capacity 60/20/20'],
  ['dsbra.json', 'delay + DSBRA'],
  ['quincy.json', 'Quincy'],
  ['hierarchical.json', 'Prod min 60 + preemption'],
  ['fb-macro-io-oversub.json', 'Fair + delay, 10:1'],
];

describe('runs one after another in one process', () => {
  it('give a scenario its golden digest before and after runs of other scenarios', async () => {
    const digestOf = async ([file, variant]: [string, string]) => (await simulate(loadVariant(file, variant), { variant, timeDecisions: false })).digest;
    const order = [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0];
    const got: string[] = [];
    for (const i of order) got.push(await digestOf(RUNS[i]));
    expect(got).toEqual(order.map((i) => golden[`${RUNS[i][0]} / ${RUNS[i][1]}`]));
  }, 120_000);
});
