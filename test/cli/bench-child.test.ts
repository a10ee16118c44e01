/** A bench case of a scenario file gives the digest `hfsim run` prints for that file and variant. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseResult, stat } from '../../bench/runner.js';
import { CASE_RESULT } from '../../bench/suites.js';
import { caseSchema } from '../../src/cli/bench-schema.js';
import { ROOT, hfsim } from './sweep-helpers.js';

function benchDigest(spec: object): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'bench', 'child.js'), JSON.stringify(spec)], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return caseResult(r.stdout)!.digest;
}

function runDigest(...args: string[]): string {
  const r = hfsim('run', ...args, '--json', '--no-progress');
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as { variants?: Array<{ digest: string }>; digest?: string };
  return out.digest ?? out.variants![0].digest;
}

describe('bench/child.ts', () => {
  it('names a scenario without variants as hfsim run does (its policy), so the digests agree', () => {
    const sets: Array<[string, unknown]> = [['workload.jobs', 30]];
    const bench = benchDigest({ name: 'facebook-day-600.json', group: 'scenario', file: 'scenarios/facebook-day-600.json', variant: '', sets });
    expect(bench).toBe(runDigest('scenarios/facebook-day-600.json', '--set', 'workload.jobs=30'));
  });

  it('and a scenario\'s named variant as hfsim run --variant does', () => {
    const bench = benchDigest({ name: 'fb-macro-io.json / FIFO', group: 'scenario', file: 'scenarios/fb-macro-io.json', variant: 'FIFO', sets: [['workload.jobs', 30]] });
    expect(bench).toBe(runDigest('scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=30'));
  });
});

describe('caseResult', () => {
  // simulate rounds a run's wall time to the millisecond: a warm run of a tiny --scenario file under 0.5 ms came back
  // 0, bench wrote it, and bench compare refused the report it had written ("a run of 0 ms: no case runs in no time", exit 2).
  it('records a run under half a millisecond (run.wallMs 0) at the clock\'s resolution, 1 ms, so the report it makes is readable', () => {
    const run = { digest: 'a'.repeat(64), jobs: 1, maps: 1, nodes: 1, policy: 'fifo', wallMs: 0, cpuMs: 0, events: 4, heartbeats: 2, peakRssMB: 80,
      decisionUs: { mean: 1, p50: 1, p90: 1, p99: 1, p999: 1, max: 1 }, launchUs: { mean: 1, p50: 1, p90: 1, p99: 1, p999: 1, max: 1 } };
    const read = caseResult(`a plugin's line\n${CASE_RESULT}${JSON.stringify(run)}\n`)!;
    expect(read.wallMs).toBe(1);
    expect(read.digest).toBe(run.digest);
    expect(caseSchema.shape.wallMs.safeParse(stat([read.wallMs, read.wallMs])).success).toBe(true);
  });
});
