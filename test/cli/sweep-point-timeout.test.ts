/**
 * --point-timeout: a point that runs past the limit (a --plugin policy that never returns) fails, its worker ended and
 * replaced, and the sweep goes on; without it the sweep waited for ever, its worker at 100% of a core. A limit counts a
 * fresh worker's start (README), which took past 2 s beside a fresh-clone CI and three builds on this 2-core VM (a fifo
 * point failed at 1 s and 2 s): the limits here leave the good points that room.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, hfsim, processGroup, tmp, writeJson } from './sweep-helpers.js';
import { TINY_PLUGIN_SCENARIO } from '../plugin-fault-scenario.js';
import { resumeCommand } from '../../src/cli/sweep-merge.js';
import { endsWithTest } from '../ends-with-test.js';

/** Policy "bad": its node filter loops for ever at the first map scan of a job. */
function endlessPlugin(dir: string): string {
  const file = join(dir, 'endless.mjs');
  writeFileSync(file, `import { SortedJobQueue, compareFifo, registerPolicy } from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))};
registerPolicy('bad', { description: 'loops', create: () => ({ createQueue: () => new SortedJobQueue(compareFifo), filter: { admits() { for (;;) {} } } }) });\n`);
  return file;
}

const digests = (out: string): Record<string, string> => Object.fromEntries(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')
  .map((l) => JSON.parse(l) as { id: string; digest: string }).map((r) => [r.id, r.digest]));

/** The CLI in a process group of its own, so that what it leaves running can be seen. */
function hfsimAlone(...args: string[]): Promise<{ code: number | null; stderr: string; pid: number }> {
  const cmd = endsWithTest(spawn(process.execPath, [CLI, ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'ignore', 'pipe'] }), true);
  let stderr = '';
  cmd.stderr.setEncoding('utf8').on('data', (t: string) => { stderr += t; });
  return new Promise((done) => cmd.on('close', (code) => done({ code, stderr, pid: cmd.pid! })));
}

describe('sweep --point-timeout', () => {
  it.each(['processes', 'threads'])('on %s: a point that never ends fails naming it and the limit; the others run, their digests as without it', (pool) => {
    const dir = tmp('point-timeout');
    const scenario = writeJson(dir, 'base.json', TINY_PLUGIN_SCENARIO);
    const plugin = endlessPlugin(dir);
    const sweep = (name: string, policies: string[]) => writeJson(dir, `${name}.sweep.json`, { name, base: scenario, axes: { 'scheduler.policy': policies }, seeds: [1, 2] });
    const out = join(dir, 'out');
    const r = hfsim('sweep', sweep('mixed', ['fifo', 'bad', 'fair']), '--out', out, '--parallel', '2', '--pool', pool, '--plugin', plugin, '--point-timeout', '5', '--no-progress');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('2 of 6 points failed');
    expect(r.stderr).toMatch(/point scheduler\.policy="bad", seed=1: it ran past --point-timeout 5 \(seconds of wall time\)/);
    expect(r.stderr).toMatch(/point scheduler\.policy="bad", seed=2: it ran past --point-timeout 5/);
    const clean = join(dir, 'clean');
    expect(hfsim('sweep', sweep('clean', ['fifo', 'fair']), '--out', clean, '--parallel', '2', '--pool', pool, '--plugin', plugin, '--no-progress').code).toBe(0);
    expect(digests(out)).toEqual(digests(clean));
    // --resume runs the failed points again, under the limit it is given
    const again = hfsim('sweep', join(dir, 'mixed.sweep.json'), '--out', out, '--resume', '--parallel', '2', '--pool', pool, '--plugin', plugin, '--point-timeout', '3', '--no-progress');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('2 of 2 points failed');
    expect(again.stderr).toContain('--point-timeout 3 (');
    expect(Object.keys(digests(out))).toHaveLength(4);
  }, 60_000);

  it('leaves no process of a worker it ended behind', async () => {
    const dir = tmp('point-timeout-ps');
    const file = writeJson(dir, 's.sweep.json', { name: 's', base: writeJson(dir, 'base.json', TINY_PLUGIN_SCENARIO), axes: { 'scheduler.policy': ['bad', 'fifo'] }, seeds: [1, 2, 3] });
    const r = await hfsimAlone('sweep', file, '--out', join(dir, 'out'), '--parallel', '2', '--plugin', endlessPlugin(dir), '--point-timeout', '4', '--no-progress');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('3 of 6 points failed');
    expect(processGroup(r.pid)).toEqual([]);
  }, 60_000);

  it('a stopped sweep\'s command to go on keeps its limit', () => {
    expect(resumeCommand('s.json', 'out', { plugins: ['p.mjs'], timeDecisions: true, pointTimeout: 2.5 })).toBe('hfsim sweep s.json --out out --resume --plugin p.mjs --point-timeout 2.5');
    expect(resumeCommand('s.json', 'out', { plugins: [], timeDecisions: true })).toBe('hfsim sweep s.json --out out --resume');
  });

  it('refuses a limit that is not a positive number of seconds (exit 2)', () => {
    for (const bad of ['0', '-1', 'x', '', '0.5', '1e-7']) { // under a second: a fresh worker's start counts (README)
      const r = hfsim('sweep', 'none.json', '--point-timeout', bad);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--point-timeout');
    }
  });
});
