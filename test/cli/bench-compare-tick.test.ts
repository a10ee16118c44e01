/**
 * A case's timer cost, `decisionUs.tick` (a run's `tickUs`: hfs's and capacity's pool clocks, Quincy's solve, a
 * plugin's tick): bench compare shows it and does not judge it, as the other latencies; a report written before it
 * existed, or a case whose policy has no timer, has none and compares without a tick row.
 */
import { describe, expect, it } from 'vitest';
import type { BenchCase } from '../../src/cli/bench-schema.js';
import { benchCase, compare, report, steady, write } from './bench-helpers.js';

const name = 'pools-500 hfs';
/** A case with a timer tick of p99 `p99` us. */
function ticked(wallMs: number, p99: number): BenchCase {
  const c = benchCase(name, wallMs, { policy: 'hfs', canonical: false, group: 'latency' });
  return { ...c, decisionUs: { ...c.decisionUs, tick: { mean: steady(p99 / 4), p50: steady(p99 / 5), p90: steady(p99 / 2), p99: steady(p99), p999: steady(p99 * 2), max: steady(p99 * 3) } } };
}

describe('bench compare, the timer tick', () => {
  it('shows a tick\'s p99 that got 3x slower, not judged (exit 0)', () => {
    const r = compare([write('tick-base.json', report([ticked(1000, 40)])), write('tick-new.json', report([ticked(1000, 120)]))]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/pools-500 hfs +p99 us\/tick +40 +120 +\+200\.0% .*\(not judged\)/);
  });

  it('compares a report from before decisionUs.tick existed with one that has it (exit 0, no tick row)', () => {
    const older = write('tick-older.json', report([benchCase(name, 1000, { policy: 'hfs', canonical: false, group: 'latency' })]));
    for (const args of [[older, write('tick-now.json', report([ticked(1010, 40)]))], [write('tick-now2.json', report([ticked(1010, 40)])), older]]) {
      const r = compare(args);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/pools-500 hfs +wall ms/);
      expect(r.stdout).not.toMatch(/us\/tick/);
      expect(r.stdout).toContain('no regression');
    }
  });

  it('compare --json names the tick\'s field', () => {
    const r = compare([write('tick-j1.json', report([ticked(1000, 40)])), write('tick-j2.json', report([ticked(1000, 40)])), '--json']);
    expect(r.code).toBe(0);
    const changes = (JSON.parse(r.stdout) as { changes: Array<{ field: string; verdict: string }> }).changes;
    expect(changes.find((c) => c.field === 'decisionUs.tick.p99')).toMatchObject({ verdict: 'not judged' });
  });
});
