/**
 * A --quick EXPERIMENTS.md says what --quick changed: each experiment's set-up is its sweep file's description, written
 * for the full run ("A whole day (7,500 jobs) per run" while --quick ran 300 jobs; macro-io's fluid model "at full
 * bisection and at 10:1" while --quick ran 10:1 only), so each section names the seeds, fields and axes --quick
 * replaced; and the header says a quick run's verdicts, from 2 seeds, can differ from the full run's.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../src/experiments/catalog.js';
import { experimentsMarkdown } from '../../src/experiments/markdown.js';
import { quickChanges, runExperiments, selectExperiments } from '../../src/experiments/run.js';

const ROOT = join(import.meta.dirname, '..', '..');
const byId = (id: string) => EXPERIMENTS.find((e) => e.id === id)!;

describe('a --quick document', () => {
  it('names what --quick replaced in each experiment: seeds, workload fields, axes', () => {
    const fb = quickChanges(byId('facebook-production'), ROOT);
    expect(fb).toContain('seeds 1, 2 (the full run: 1, 2, 3)');
    expect(fb).toContain('`workload.jobs` = 300');
    const io = quickChanges(byId('macro-io'), ROOT);
    expect(io).toContain('seeds 1, 2 (the full run: 1, 2, 3, 4, 5, 6, 7, 8)');
    expect(io).toMatch(/`cluster\.network` only \{"model":"flat"\}, \{"model":"fluid","rackAware":false,"oversubscription":10\}/);
    const skip = quickChanges(byId('analytic-skip'), ROOT);
    expect(skip).toContain('`workload.groups` = background: 1 job of 20,000 maps; small: 400 jobs of 1 map');
  });

  it('says so in each section and in the header, with the caveat on its verdicts', async () => {
    const list = selectExperiments(EXPERIMENTS, 'facebook-production,dsfs');
    const { outcomes, missing } = await runExperiments(list, { root: ROOT, quick: true, parallel: 0 });
    const md = experimentsMarkdown(outcomes, missing, { quick: true, svgDir: 'experiments' });
    expect(md).toMatch(/\*\*--quick\.\*\* The set-up above is the full run's; this run changed: seeds 1, 2 \(the full run: 1, 2, 3\); `workload\.jobs` = 300\./);
    expect(md).toMatch(/\*\*--quick\.\*\* The set-up above is the full run's; this run changed: seeds 1, 2 \(the full run: 1, 2, 3, 4, 5, 6\)\./);
    expect(md).toMatch(/verdicts come from 2 seeds[^.]*: a shape can read "does not hold" here and hold in the full run, or the reverse/);
    const full = experimentsMarkdown(outcomes, missing, { quick: false, svgDir: 'experiments' });
    expect(full).not.toContain('--quick');
  }, 120_000);
});
