/** --no-time-decisions (run and sweep) and simulate's timeDecisions: false: same outcome, no latency reported rather than a latency of 0. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadVariant } from '../helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const hfsim = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT });

describe('decision timing off', () => {
  it('simulate: the same digest, and no decisionUs or launchUs', async () => {
    const s = loadVariant('fb-macro-io.json', 'Fair + delay', [['workload.jobs', 40]]);
    const timed = await simulate(s);
    const untimed = await simulate(s, { timeDecisions: false });
    expect(untimed.digest).toBe(timed.digest);
    expect(timed.run.decisionUs?.p99).toBeGreaterThan(0);
    expect(timed.run.launchUs?.p99).toBeGreaterThan(0);
    // what each measured: every heartbeat, every task launched (no preemption here: each task once)
    expect(timed.run.decisionUs?.count).toBe(timed.run.heartbeats);
    expect(timed.run.launchUs?.count).toBe(timed.summary.tasks);
    expect(untimed.run).not.toHaveProperty('decisionUs');
    expect(untimed.run).not.toHaveProperty('launchUs');
  });

  it('hfsim run --no-time-decisions: same digests, "-" in the table\'s decision column, no latency in the JSON', () => {
    const args = ['run', 'scenarios/fb-macro-io.json', '--set', 'workload.jobs=30', '--parallel', '2'];
    const timed = hfsim(...args, '--json');
    const untimed = hfsim(...args, '--json', '--no-time-decisions');
    expect(untimed.status, untimed.stderr).toBe(0);
    const a = JSON.parse(timed.stdout) as Array<{ digest: string; run: Record<string, unknown> }>;
    const b = JSON.parse(untimed.stdout) as typeof a;
    expect(b.map((r) => r.digest)).toEqual(a.map((r) => r.digest));
    expect(a.every((r) => 'decisionUs' in r.run)).toBe(true);
    expect(b.some((r) => 'decisionUs' in r.run || 'launchUs' in r.run)).toBe(false); // the pool's variants too
    const table = hfsim(...args, '--no-time-decisions').stdout;
    const rows = table.split('\n').filter((l) => /^(FIFO|Naive fair|Fair \+ delay) +\d/.test(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatch(/ - +\d+$/);
  });

  it('hfsim sweep --no-time-decisions: the aggregate has no decision latency rows, and the same outcome metrics', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-td-'));
    const timed = hfsim('sweep', 'scenarios/skip-count.sweep.json', '--no-progress', '--out', join(dir, 'a'));
    const untimed = hfsim('sweep', 'scenarios/skip-count.sweep.json', '--no-progress', '--no-time-decisions', '--out', join(dir, 'b'));
    expect(timed.status, timed.stderr).toBe(0);
    expect(untimed.status, untimed.stderr).toBe(0);
    const rows = (d: string) => readFileSync(join(dir, d, 'aggregate.csv'), 'utf8').trim().split('\n');
    const outcome = (d: string) => rows(d).filter((l) => !/,(decisionUs\.p\d+|wallMs),/.test(l));
    expect(rows('a').some((l) => l.includes(',decisionUs.p99,'))).toBe(true);
    expect(rows('b').some((l) => l.includes(',decisionUs.'))).toBe(false);
    expect(outcome('b')).toEqual(outcome('a'));
  });

  it('a policy with a tick times each tick (tickUs: Quincy\'s solve, the pool clock), and --no-time-decisions leaves it out', async () => {
    const quincy = await simulate(loadVariant('quincy.json', 'Quincy'));
    expect(quincy.run.tickUs?.max).toBeGreaterThan(0);
    const t = quincy.run.tickUs!;
    expect(t.p50 <= t.p90 && t.p90 <= t.p99 && t.p99 <= t.p999 && t.p999 <= t.max && t.mean <= t.max).toBe(true);
    // A heartbeat only reads the solve's answer: the solve is the decision, and takes longer than a heartbeat's share.
    expect(t.max).toBeGreaterThan(quincy.run.decisionUs!.p50);
    const hfs = await simulate(loadVariant('preemption.json', 'Kill (preemption)'), {});
    expect(hfs.run.tickUs?.p50).toBeGreaterThan(0);
    // a killed task is launched again: launches are the tasks and the kills' relaunches
    expect(hfs.run.launchUs!.count).toBeGreaterThan(hfs.summary.tasks);
    expect(hfs.run.tickUs!.count).toBeGreaterThan(0);
    const untimed = await simulate(loadVariant('preemption.json', 'Kill (preemption)'), { timeDecisions: false });
    expect(untimed.run).not.toHaveProperty('tickUs');
    expect(untimed.digest).toBe(hfs.digest);
    const fair = await simulate(loadVariant('fb-macro-io.json', 'Fair + delay', [['workload.jobs', 10]]));
    expect(fair.run).not.toHaveProperty('tickUs'); // no tick
  });

  it('--time-decisions undoes an earlier --no-time-decisions (the last given wins)', () => {
    const args = ['run', 'scenarios/fb-macro-io.json', '--set', 'workload.jobs=10', '--variant', 'FIFO', '--json'];
    const on = JSON.parse(hfsim(...args, '--no-time-decisions', '--time-decisions').stdout) as { run: Record<string, unknown> };
    const off = JSON.parse(hfsim(...args, '--time-decisions', '--no-time-decisions').stdout) as { run: Record<string, unknown> };
    expect('decisionUs' in on.run).toBe(true);
    expect('decisionUs' in off.run).toBe(false);
  });
});
