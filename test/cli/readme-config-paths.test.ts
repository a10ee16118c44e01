/**
 * README's Results table: `config` echoes the files a scenario names (a SWIM trace, an allocation or capacity file)
 * as it wrote them, relative to its own folder, so a config saved elsewhere and run there cannot read them. The row
 * says so, and names each such field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadScenario } from '../../src/cli/load-scenario.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const configRow = README.split('\n').find((l) => l.startsWith('| `config` |')) ?? '';

describe('README: a result\'s config and the files its scenario names', () => {
  it('config keeps an allocation file\'s path as the scenario wrote it, relative to the scenario\'s folder', async () => {
    const [v] = loadScenario(join(ROOT, 'scenarios', 'allocations', 'sample.json'), []).variants;
    const r = await simulate(v.scenario, { variant: v.name, timeDecisions: false });
    expect(r.config.scheduler.allocationFile).toBe('fair-scheduler.xml');
  });

  it('the config row names each file field kept relative and where a config must run from', () => {
    for (const field of ['workload.trace', 'scheduler.allocationFile', 'scheduler.capacitySchedulerFile']) expect(configRow).toContain(`\`${field}\``);
    expect(configRow).toContain('relative to the scenario file');
  });
});
