/**
 * Bad configuration of long-task balancing, resource offers and Quincy through the compiled CLI: exit 2 and one line
 * naming the file and the field, never a stack trace; and a good one of each runs (exit 0).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'hfsim-systems-'));
const tiny = {
  name: 'tiny',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 },
  workload: { kind: 'jobs', files: [{ name: 'a', blocks: 4 }], jobs: [{ id: 'j1', input: 'a', mapMs: 5000, reduces: 1 }] },
};
let n = 0;
function run(scheduler: Record<string, unknown>) {
  const file = join(dir, `${n++}.json`);
  writeFileSync(file, JSON.stringify({ ...tiny, scheduler }));
  const r = spawnSync(process.execPath, [CLI, 'run', file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { file, code: r.status, stderr: r.stderr };
}

describe('long tasks, offers, Quincy: bad config is exit 2 naming the field', () => {
  it.each([
    [{ longTasks: { shortTaskMs: -5 } }, 'scheduler.longTasks.shortTaskMs: shortTaskMs must be greater than 0'],
    [{ longTasks: { shortMs: 5 } }, 'scheduler.longTasks'],
    [{ policy: 'offers', policyConfig: { frameworks: 'racks' } }, 'scheduler.policyConfig.frameworks: frameworks must be "job" or "pool"'],
    [{ policy: 'offers', policyConfig: { refuseMs: 'soon' } }, 'scheduler.policyConfig.refuseMs'],
    [{ policy: 'quincy', policyConfig: { waitCostPerSecond: -1 } }, 'scheduler.policyConfig.waitCostPerSecond: waitCostPerSecond must not be negative'],
    [{ policy: 'quincy', policyConfig: { fairness: 1 } }, 'scheduler.policyConfig.fairness: fairness must be true or false'],
    [{ policy: 'quincy', policyConfig: { rackLocalCost: 30, offRackCost: 20 } }, 'scheduler.policyConfig.rackLocalCost: rackLocalCost (30) is above offRackCost (20)'],
  ])('%j', (scheduler, message) => {
    const r = run(scheduler);
    expect(r.code).toBe(2);
    // the file, the line and column where the field is written, then the field
    expect(r.stderr.startsWith(`hfsim: ${r.file}:`)).toBe(true);
    expect(r.stderr.slice(`hfsim: ${r.file}`.length)).toMatch(/^:\d+:\d+: scheduler\./);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/ failed: |    at /);
  });

  it.each([
    [{ longTasks: {} }],
    [{ policy: 'offers', policyConfig: { frameworks: 'pool', refuseMs: 5000 } }],
    [{ policy: 'quincy' }],
    [{ policy: 'quincy', policyConfig: { rackLocalCost: 20, offRackCost: 20 } }],
  ])('%j runs', (scheduler) => {
    expect(run(scheduler).code).toBe(0);
  });
});
