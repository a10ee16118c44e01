/**
 * The committed EXPERIMENTS.md and experiments/*.svg are what `npm run experiments` writes from this tree (the
 * README says the same seeds give the same bytes): a change to a model, a scenario or the document's rendering that
 * leaves them stale fails here, naming the first line that differs. Regenerate with `npm run experiments`.
 *
 * It runs the compiled build (dist/, which `npm test` builds first), as `npm run experiments` does: the 420 runs take
 * about 60 s there, against 100 s through vitest's transform of the sources.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const dist = (module: string): string => join(ROOT, 'dist', 'src', 'experiments', `${module}.js`);
const { EXPERIMENTS } = (await import(dist('catalog'))) as typeof import('../../src/experiments/catalog.js');
const { figureSvg } = (await import(dist('figure'))) as typeof import('../../src/experiments/figure.js');
const { experimentsMarkdown } = (await import(dist('markdown'))) as typeof import('../../src/experiments/markdown.js');
const { runExperiments } = (await import(dist('run'))) as typeof import('../../src/experiments/run.js');

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
