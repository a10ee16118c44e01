import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gbpsToMBps } from '../../../src/core/network/config.js';
import { parseScenario } from '../../../src/core/scenario.js';

const withNetwork = (network: unknown) => ({ cluster: { network }, workload: { kind: 'facebook' } });

describe('cluster.network', () => {
  it('defaults to the flat model and the paper\'s EC2 testbed: 1 Gbps NICs, no oversubscription, non-blocking core', () => {
    const r = parseScenario(withNetwork({}));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.cluster.network).toEqual({
      model: 'flat', nicGbps: 1, oversubscription: 1, diskReadMBps: 240, diskWriteMBps: 200, disksPerNode: 4, rackAware: true, taskStartMs: 1000,
      jobSetupMs: 0, jobCleanupMs: 0, mapCpuMBps: { io: 100, cpu: 3.6 }, mapOutputRatio: { io: 0.001, cpu: 0.0001 },
    });
  });

  it.each([
    [{ model: 'packet' }, 'cluster.network.model: network.model must be "flat" or "fluid", not "packet"'],
    [{ oversubscription: 0.5 }, 'cluster.network.oversubscription: oversubscription must be at least 1'],
    [{ nicGbps: 0 }, 'cluster.network.nicGbps: nicGbps must be greater than 0'],
    [{ nicGbs: 1 }, 'cluster.network: unknown field "nicGbs" (did you mean "nicGbps"?)'],
    [{ taskStartMs: -1 }, 'cluster.network.taskStartMs: taskStartMs must not be negative'],
    [{ disksPerNode: 0 }, 'cluster.network.disksPerNode: disksPerNode must be at least 1'],
    [{ disksPerNode: 1.5 }, 'cluster.network.disksPerNode: disksPerNode must be a whole number'],
    [{ rackAware: false }, 'cluster.network.rackAware: rackAware false needs model "fluid" (the flat model times maps by the locality the scheduler sees)'],
    [{ model: 'fluid', rackAware: 'no' }, 'cluster.network.rackAware: rackAware must be true or false'],
    // Past any job; it failed naming the job ("a task would move Infinity MB" at 1e308), not the ratio.
    [{ model: 'fluid', mapOutputRatio: { io: 1e308 } }, 'cluster.network.mapOutputRatio.io: mapOutputRatio.io is 1e+308, above the limit of 1000000'],
    [{ mapOutputRatio: { cpu: -0.5 } }, 'cluster.network.mapOutputRatio.cpu: mapOutputRatio.cpu must not be negative'],
    // simulated time is whole ms: a set-up of 5000.5 ms gave jobs finishing at 8222.25
    [{ jobSetupMs: 5000.5 }, 'cluster.network.jobSetupMs: jobSetupMs must be a whole number (simulated time is whole ms)'],
    [{ jobCleanupMs: 0.25 }, 'cluster.network.jobCleanupMs: jobCleanupMs must be a whole number (simulated time is whole ms)'],
    [{ model: 'fluid', taskStartMs: 999.9 }, 'cluster.network.taskStartMs: taskStartMs must be a whole number (simulated time is whole ms)'],
  ])('rejects %j naming the field', (network, message) => {
    const r = parseScenario(withNetwork(network));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContain(message);
  });

  it.each([['nicGbps', 0], ['coreGbps', -2], ['diskReadMBps', 0]])('reports a non-positive %s once, not again as below the least bandwidth', (field, value) => {
    const r = parseScenario(withNetwork({ [field]: value }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([`cluster.network.${field}: ${field} must be greater than 0`]);
  });

  it('1 Gbps is 119.2 MB/s (MB of 2^20 bytes)', () => {
    expect(gbpsToMBps(1)).toBeCloseTo(119.209, 3);
  });
});

describe('units', () => {
  it('a Gbps is 10^9 bits a second and an MB 2^20 bytes, as README says: nicGbps 1 is 119.2 MB/s', () => {
    expect(gbpsToMBps(1)).toBe(1e9 / 8 / 2 ** 20);
    expect(gbpsToMBps(1).toFixed(1)).toBe('119.2');
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('Units: an MB is 2^20 bytes (a MiB) everywhere in hfsim');
    expect(readme).toContain(`\`nicGbps\` 1 is 10^9 / 8 / 2^20 = ${gbpsToMBps(1).toFixed(1)} MB/s (125 MB/s of 10^6 bytes`);
    expect(readme).toContain(`\`coreGbps\` 40 is ${Math.round(gbpsToMBps(40)).toLocaleString('en-US')} MB/s`);
    expect(readme).toContain(`20 such nodes at \`oversubscription\` 10 has ${((20 * gbpsToMBps(1)) / 10).toFixed(1)} MB/s`);
  });
});
