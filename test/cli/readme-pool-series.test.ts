/**
 * README's Results table: `pools` lists the pools a scenario or allocation file configures from the start, and a pool
 * made by its first job (a capacity queue, or a pool nothing lists) from then on; so one variant's pools' share series
 * can differ in length, and a script aligns them on `tMs`. The rows say so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadScenario } from '../../src/cli/load-scenario.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const row = (field: string): string => README.split('\n').find((l) => l.startsWith(`| \`${field}\``)) ?? '';

describe('README: pools made by their first job', () => {
  it('a pool no scenario lists is listed after the configured ones, its series from the first check at or after its first job', async () => {
    const sets: Array<[string, unknown]> = [['scheduler.pools', [{ name: 'zz', weight: 2 }]]];
    const [v] = loadScenario(join(ROOT, 'scenarios', 'preemption.json'), sets, undefined, 'Wait (no preemption)').variants;
    const r = await simulate(v.scenario, { variant: v.name, timeDecisions: false });
    const pools = r.pools!;
    expect(pools.map((p) => p.name)).toEqual(['zz', 'research', 'production']); // production's jobs come at 60 s
    expect(pools.map((p) => p.shares.tMs[0])).toEqual([0, 0, 60_000]);
    expect(pools[2].shares.tMs.length).toBeLessThan(pools[0].shares.tMs.length);
    expect(row('pools[].name')).toContain('then each pool made by its first job');
    expect(row('pools[].shares.tMs')).toContain('align pools on `tMs`');
  });
});
