/**
 * bench compare that found a regression, then could not write its Markdown summary (--markdown or
 * $GITHUB_STEP_SUMMARY on a full disk): it exited 1, as a failure of the tool, while --json had printed `exitCode: 3`;
 * a CI script telling a regression (3) from a broken job (1) read the regression as the latter. The regression's exit
 * code now stands, the summary's failure told beside it; with no regression the failure is still exit 1.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, write } from './bench-helpers.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');

/** bench compare with its stdout on /dev/full (a full disk under `> verdict.json`). */
function compareIntoFullDisk(args: string[]) {
  const full = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [CLI, 'bench', 'compare', ...args], { encoding: 'utf8', stdio: ['ignore', full, 'pipe'], env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });
    return { code: r.status, stderr: r.stderr };
  } finally {
    closeSync(full);
  }
}

const base = write('sumexit-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));
const slow = write('sumexit-slow.json', report([benchCase('fb-macro-io.json / FIFO', 1500)]));
const same = write('sumexit-same.json', report([benchCase('fb-macro-io.json / FIFO', 1000)], { createdAt: '2026-11-24T03:00:00.000Z' }));

describe('bench compare, a regression whose summary cannot be written', () => {
  it('exits 3 all the same (as --json says), telling the summary\'s failure', () => {
    const r = compare([base, slow, '--json', '--markdown', '/dev/full']);
    expect(r.code).toBe(3);
    expect((JSON.parse(r.stdout) as { exitCode: number }).exitCode).toBe(3);
    expect(r.stderr).toMatch(/SPEED REGRESSION/);
    expect(r.stderr).toContain('hfsim: bench compare: /dev/full: not written whole (no space left on device); exit 3 all the same, for the regression above\n');
  });

  it('without a regression the summary\'s failure is exit 1, as before', () => {
    const r = compare([base, same, '--markdown', '/dev/full']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/hfsim: bench compare failed: \/dev\/full: not written whole/);
  });

  // the same for the verdict itself: --json (or the table) into a stdout on a full disk exited 1
  it('exits 3 all the same where stdout refuses the verdict, --json or the table; 1 without a regression', () => {
    for (const json of [['--json'], []]) {
      const r = compareIntoFullDisk([base, slow, ...json]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/SPEED REGRESSION/);
      expect(r.stderr).toContain('hfsim: stdout: not written whole (no space left on device); exit 3 all the same, for the regression above\n');
    }
    const ok = compareIntoFullDisk([base, same, '--json']);
    expect(ok.code).toBe(1);
    expect(ok.stderr).toContain('hfsim: stdout: not written whole (no space left on device)\n');
  });
});
