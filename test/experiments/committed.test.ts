/**
 * The committed EXPERIMENTS.md and experiments/*.svg are what `npm run experiments` writes from this tree (the
 * README says the same seeds give the same bytes): a change to a model, a scenario or the document's rendering that
 * leaves them stale fails here, naming the first line that differs. Regenerate with `npm run experiments`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../src/experiments/catalog.js';
import { figureSvg } from '../../src/experiments/figure.js';
import { experimentsMarkdown } from '../../src/experiments/markdown.js';
import { runExperiments } from '../../src/experiments/run.js';

const ROOT = join(import.meta.dirname, '..', '..');

function firstDifference(committed: string, now: string): string {
  const a = committed.split('\n');
  const b = now.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: committed ${JSON.stringify(a[i]?.slice(0, 160))}, now ${JSON.stringify(b[i]?.slice(0, 160))}`;
  }
  return '';
}

describe('EXPERIMENTS.md', () => {
  it('is what npm run experiments writes from this tree, charts included (else: npm run experiments, and commit)', async () => {
    const { outcomes, missing } = await runExperiments(EXPERIMENTS, { root: ROOT, quick: false, parallel: 0 });
    const md = experimentsMarkdown(outcomes, missing, { quick: false, svgDir: 'experiments' });
    expect(firstDifference(readFileSync(join(ROOT, 'EXPERIMENTS.md'), 'utf8'), md)).toBe('');
    for (const o of outcomes) {
      const file = join(ROOT, 'experiments', `${o.experiment.id}.svg`);
      expect(firstDifference(readFileSync(file, 'utf8'), await figureSvg(o.experiment.id, o.analysis.figure)), file).toBe('');
    }
  }, 600_000);
});
