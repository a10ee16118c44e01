/**
 * A jittered task is held to a task's limits (README, Limits) as its factor is drawn: the lognormal's far tail made a
 * task longer than the checks before the run allow (the run went on for hours), and the run now fails naming it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { longestTask } from '../../src/core/task-jitter.js';
import { MAX_TASK_EPOCHS, MAX_TASK_RACK_EPOCHS, MAX_TIME_MS, RunLimitError } from '../../src/core/limits.js';
import { scenario } from '../helpers.js';

/** One job of 40 maps (and `reduces` reduces) of `mapMs` at jitter sigma 2: its largest map factor, seed 1, is 4.42. */
const jittered = (mapMs: number, racks = 2, more: object = {}) => scenario({
  name: 'jitter', seed: 1,
  cluster: { racks, nodesPerRack: 20 / Math.min(racks, 20), mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  tasks: { durationJitter: 2, rackLocalSlowdown: 1, offRackSlowdown: 1 },
  workload: { kind: 'generated', groups: [{ name: 'g', count: 1, maps: 40, mapMs, ...more }] },
});

describe('jittered tasks within a task\'s limits', () => {
  it('the longest a task may run: the time limit, the heartbeats or the rack epochs, whichever is least', () => {
    expect(longestTask(3000, 2)).toEqual({ ms: MAX_TIME_MS, words: 'the limit of 2147483647 ms (24.8 days) for any simulated time' });
    expect(longestTask(100, 2)).toEqual({ ms: MAX_TASK_EPOCHS * 100, words: '1000000 heartbeats of 100 ms, the limit of heartbeats a task may span' });
    expect(longestTask(3000, 1000)).toEqual({ ms: (MAX_TASK_RACK_EPOCHS / 1000) * 3000,
      words: '200000 heartbeats of 3000 ms on 1000 racks, the limit of 200000000 rack epochs a task may span' });
    expect(longestTask(3000, 1000, 4)).toEqual({ ms: (MAX_TASK_RACK_EPOCHS / 4000) * 3000,
      words: '50000 heartbeats of 3000 ms on 1000 racks under the fluid model (a rack epoch counts 4), the limit of 200000000 rack epochs a task may span' });
  });

  it('a map drawn past the time limit ends the run naming it; one short of it runs', async () => {
    await expect(simulate(jittered(500_000_000), { timeDecisions: false })).rejects.toThrow(
      'tasks.durationJitter: job "g-0"\'s map 20 (attempt 0) drew a time of 2210591264 ms (lognormal factors of sigma 2), past the limit of 2147483647 ms (24.8 days) for any simulated time: lower tasks.durationJitter or the task\'s time');
    const r = await simulate(jittered(450_000_000), { timeDecisions: false });
    expect(r.summary.makespanMs).toBeGreaterThan(1_989_000_000);
  });

  it('under the fluid model: a map\'s compute phase as simulated', async () => {
    const fluid = scenario({ ...jittered(500_000_000), cluster: { ...jittered(1).cluster, network: { model: 'fluid' } } });
    await expect(simulate(fluid, { timeDecisions: false })).rejects.toThrow(/^tasks\.durationJitter: job "g-0"'s map 20 \(attempt 0\) drew a time of 22\d{8} ms .*for any simulated time/);
  });

  it('past the rack epochs a task may span on many racks', async () => {
    await expect(simulate(jittered(200_000_000, 1000), { timeDecisions: false })).rejects.toThrow(/^tasks\.durationJitter: job "g-0"'s map \d+ \(attempt 0\) drew a time of \d+ ms .*past 200000 heartbeats of 3000 ms on 1000 racks/);
  });

  it('a reduce: its copy and compute phases together', async () => {
    await expect(simulate(jittered(1000, 2, { reduces: 40, reduceMs: 500_000_000 }), { timeDecisions: false })).rejects.toThrow(/^tasks\.durationJitter: job "g-0"'s reduce \d+ \(attempt 0\) drew a time of \d+ ms/);
  });

  it('the engine\'s own error: the CLI does not name a --plugin as its likely cause (exit 1)', async () => {
    await expect(simulate(jittered(500_000_000), { timeDecisions: false })).rejects.toBeInstanceOf(RunLimitError);
    const root = join(import.meta.dirname, '..', '..');
    const file = join(mkdtempSync(join(tmpdir(), 'hfsim-jitter-')), 's.json');
    writeFileSync(file, JSON.stringify({ name: 'jitter', seed: 1, cluster: { racks: 2, nodesPerRack: 10, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
      tasks: { durationJitter: 2, rackLocalSlowdown: 1, offRackSlowdown: 1 }, workload: { kind: 'generated', groups: [{ name: 'g', count: 1, maps: 40, mapMs: 500_000_000 }] } }));
    const r = spawnSync(process.execPath, [join(root, 'dist', 'src', 'cli', 'main.js'), 'run', file, '--no-progress', '--plugin', join(root, 'examples', 'srwf.js')], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/^hfsim: run failed: tasks\.durationJitter: job "g-0"'s map 20 \(attempt 0\)/);
    expect(r.stderr).not.toContain('--plugin');
    expect(r.status).toBe(1);
  });
});
