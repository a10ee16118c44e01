/**
 * README's `node dist/scripts/dsbra-seeds.js --seeds 1-5` (Shared data and dynamic replication): bad flags get one
 * line and exit 2, as hfsim's bad input does. An unknown flag was parseArgs' stack trace (exit 1); `--seeds x` or
 * `--seeds 5-1` printed a table of no seed with NaN% changes, exit 0; a bad --set failed as a thrown Error.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sweep-helpers.js';

const SCRIPT = join(ROOT, 'dist', 'scripts', 'dsbra-seeds.js');

function seeds(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('node dist/scripts/dsbra-seeds.js, bad flags', () => {
  it.each([
    [['--sed', '1-3'], 'dsbra-seeds: unknown flag --sed'],
    [['--seeds', 'x'], 'dsbra-seeds: --seeds x: give a seed or a range of seeds, low to high (3, 1-5)'],
    [['--seeds', '5-1'], 'dsbra-seeds: --seeds 5-1: give a seed or a range of seeds, low to high (3, 1-5)'],
    // it ran, a run of years
    [['--seeds', '1-99999999'], 'dsbra-seeds: --seeds 1-99999999: 99999999 seeds, above the limit of 50000 (a sweep\'s points)'],
    [['--seeds', '1', '--set', 'cluster.racks=0'], 'dsbra-seeds: --set cluster.racks=0: cluster.racks: racks must be at least 1'],
    [['--seeds', '1', '--file', 'scenarios/fb-macro-io.json'], 'dsbra-seeds: scenarios/fb-macro-io.json: two variants with scheduler.replication (static, then a policy) are compared; it has 3'],
  ])('%j is refused, exit 2, one line and the usage', (args, line) => {
    const r = seeds(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([line, expect.stringMatching(/^usage: node dist\/scripts\/dsbra-seeds.js /), '']);
  });

  it('a good run prints a seed\'s two variants and the change over the seeds', () => {
    const r = seeds('--seeds', '1', '--set', 'workload.jobs=10');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^1 +delay +[\d.]+ /m);
    expect(r.stdout).toMatch(/^1 +delay \+ DSBRA +[\d.]+ .* \d+ \/ \d+ /m);
    expect(r.stdout).toContain('over 1 seed, delay + DSBRA against delay:');
    expect(r.stderr).toBe('');
  });

  it('a --set of the policy, which reaches both variants, is said to compare the policy with itself (it read "delay + DSBRA against delay")', () => {
    const r = seeds('--seeds', '1', '--set', 'workload.jobs=10', '--set', 'scheduler.replication.policy=popular-small');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('dsbra-seeds: both variants run scheduler.replication.policy "popular-small" with the same config (a --set reaches both): the change lines compare it with itself; read the rows\n');
    expect(r.stdout).toContain('over 1 seed, delay + DSBRA (popular-small) against delay (popular-small):');
  });
});
