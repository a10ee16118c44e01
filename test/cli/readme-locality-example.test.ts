/**
 * README's Results table says the summary's locality shares, as rounded, sum to 0.9999 or 1.0001 at times, and names a
 * shipped run that shows it: that run, simulated, gives the three shares README prints, and they do not sum to 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadScenario } from '../../src/cli/load-scenario.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README: the locality shares\' rounding example', () => {
  it('names a shipped run whose shares are the ones printed, summing to 0.9999 or 1.0001', async () => {
    const m = /as rounded, to 0\.9999 or 1\.0001 at times: (\S+\.json)'s (.+?) has ([\d.]+) \+ ([\d.]+) \+ ([\d.]+)\)/.exec(README);
    expect(m, 'the locality row names its example').not.toBeNull();
    const [, file, variant, node, rack, off] = m!;
    const [v] = loadScenario(join(ROOT, 'scenarios', file), [], undefined, variant).variants;
    const r = await simulate(v.scenario, { variant: v.name, timeDecisions: false });
    expect(r.summary.locality).toEqual({ node: Number(node), rack: Number(rack), off: Number(off) });
    expect([0.9999, 1.0001]).toContain(Math.round((r.summary.locality.node + r.summary.locality.rack + r.summary.locality.off) * 1e4) / 1e4);
  });
});
