/** A bench case of a scenario file gives the digest `hfsim run` prints for that file and variant. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../../bench/runner.js';
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
