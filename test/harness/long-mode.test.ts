/**
 * The harness's long mode writes each failure to --out: an --out that can be no folder (an existing file) was taken,
 * and the first failure, maybe half an hour in, ended the whole run on mkdir's stack trace (EEXIST); it is refused
 * before the run now, and a write that still fails (the file's place taken by a folder, a full disk) is said in one
 * line while the run goes on. A --scenario-seconds of 0.001 makes every scenario a failure (its worker cannot start
 * in a millisecond), and --shrink-minutes 0 keeps it from shrinking, so each case takes a few seconds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tmp } from '../cli/sweep-helpers.js';

function harness(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'harness.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One batch of one scenario (seed 778: a SWIM workload, so a trace is written beside it (seed 777 drew one until the generator drew the "hadoop" options)), failing at once. */
const failing = ['--minutes', '0', '--batch', '1', '--seed', '778', '--scenario-seconds', '0.001', '--shrink-minutes', '0'];

describe('the harness long mode, --out', () => {
  it('an --out that exists and is no folder is refused before the run, exit 2', () => {
    const file = join(tmp('harness-out'), 'notes.txt');
    writeFileSync(file, 'mine\n');
    const r = harness(...failing, '--out', file);
    expect(r.stderr.split('\n')[0]).toBe(`harness: --out ${file}: exists and is not a folder`);
    expect([r.code, r.stdout]).toEqual([2, '']);
  });

  it('a failure goes into a missing nested --out, made for it: the scenario and its trace', () => {
    const out = join(tmp('harness-out'), 'a', 'b');
    const r = harness(...failing, '--out', out);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain(`written to ${join(out, 'seed-778.json')} and ${join(out, 'seed-778-trace.tsv')}\n`);
    expect(readdirSync(out).sort()).toEqual(['seed-778-trace.tsv', 'seed-778.json']);
  });

  it('a write that fails is one line, and the run goes on to its summary: no stack trace', () => {
    const out = tmp('harness-out');
    mkdirSync(join(out, 'seed-778.json')); // the scenario's file cannot be written
    const r = harness(...failing, '--out', out);
    expect(r.stdout).toContain(`harness: the failure was not written (${join(out, 'seed-778.json')}: illegal operation on a directory): the scenario above is it\n`);
    expect(r.stdout).toMatch(/; 1 failed\n$/);
    expect([r.code, r.stderr]).toEqual([1, '']);
    expect(readdirSync(out)).toEqual(['seed-778.json']); // the scenario is written first: no trace left without it
  });
});
