/**
 * A sweep (or a run's side-by-side variants) killed on its own, as `kill` or a CI job's timeout does, while its worker
 * processes run long points: they end within moments, not at the end of their points (they noticed the parent gone
 * only between points, and a point at scale runs for minutes).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, hfsim, processGroup, tmp, writeJson } from './sweep-helpers.js';
import { TINY_PLUGIN_SCENARIO } from '../plugin-fault-scenario.js';
import { endsWithTest } from '../ends-with-test.js';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Quincy (a program solved every heartbeat interval) on 930 jobs: a workload built at once, then 2,600 slow epochs (about 9 s a variant here). */
function longScenario(dir: string): string {
  return writeJson(dir, 'long.json', {
    name: 'long', seed: 1,
    cluster: { racks: 2, nodesPerRack: 6, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    scheduler: { policy: 'quincy', delay: { mode: 'none' } },
    workload: { kind: 'generated', groups: [
      { name: 'small', count: 600, maps: 2, mapMs: 10000, reduces: 1, reduceMs: 5000, intervalMs: 12000, arrivals: 'exponential' },
      { name: 'medium', count: 240, maps: 10, mapMs: 15000, reduces: 1, reduceMs: 10000, startMs: 3000, intervalMs: 30000, arrivals: 'exponential' },
      { name: 'large', count: 90, maps: 30, mapMs: 20000, reduces: 2, reduceMs: 20000, startMs: 6000, intervalMs: 80000, arrivals: 'exponential' },
    ] },
    variants: { a: {}, b: { 'scheduler.policyConfig': { kills: false } }, c: { 'scheduler.policyConfig': { fairness: false } } },
  });
}

/** A plugin whose node filter loops for ever, at the first map scan of a job. */
function endlessPlugin(dir: string): string {
  const file = join(dir, 'endless.mjs');
  writeFileSync(file, `import { SortedJobQueue, compareFifo, registerPolicy } from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))};
registerPolicy('bad', { description: 'loops', create: () => ({ createQueue: () => new SortedJobQueue(compareFifo), filter: { admits() { for (;;) {} } } }) });\n`);
  return file;
}

describe('worker processes of a killed command', () => {
  it.each([
    ['sweep', (dir: string) => ['sweep', writeJson(dir, 'long.sweep.json', { name: 'long', base: longScenario(dir), axes: { variant: ['a', 'b'] }, seeds: [1] }), '--out', join(dir, 'out'), '--parallel', '2']],
    ['run --parallel', (dir: string) => ['run', longScenario(dir), '--parallel', '3']],
    // its workers never reach a check between epochs: they spun on alone, at 100% of a core each, until killed by hand
    ['sweep of a plugin that never returns', (dir: string) => ['sweep', writeJson(dir, 'loop.sweep.json', { name: 'loop', base: writeJson(dir, 'base.json', TINY_PLUGIN_SCENARIO), axes: { 'hdfs.replication': [1, 2] }, seeds: [1] }),
      '--out', join(dir, 'out'), '--parallel', '2', '--plugin', endlessPlugin(dir)]],
  ])('%s: SIGTERM to it alone ends its workers within a second (they ran on to the end of their points)', async (_, args) => {
    const cmd = endsWithTest(spawn(process.execPath, [CLI, ...args(tmp('orphans'))], { cwd: ROOT, detached: true, stdio: 'ignore' }), true);
    try {
      for (let i = 0; i < 400 && processGroup(cmd.pid!).length < 3; i++) await sleep(25); // the command and two workers
      expect(processGroup(cmd.pid!).length).toBe(3);
      await sleep(2500); // the workers have loaded and are well into their points (each takes 9 s or more, or for ever)
      expect(processGroup(cmd.pid!).length).toBe(3);
      process.kill(cmd.pid!, 'SIGTERM');
      for (let i = 0; i < 40 && processGroup(cmd.pid!).length > 0; i++) await sleep(25);
      expect(processGroup(cmd.pid!)).toEqual([]);
    } finally {
      try { process.kill(-cmd.pid!, 'SIGKILL'); } catch { /* all gone */ }
    }
  }, 60_000);
});

describe('a sweep ended by a signal', () => {
  it('says on stderr how many points results.jsonl holds and the command that runs the rest (it said nothing)', async () => {
    const dir = tmp('stopped');
    // points of about a second each: the sweep is well under way, not done, when its first point's line appears
    writeJson(dir, 'base.json', {
      name: 'mid', cluster: { racks: 2, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
      workload: { kind: 'generated', groups: [{ name: 'small', count: 6000, maps: 2, mapMs: 10000, intervalMs: 2000, arrivals: 'exponential' }] },
    });
    const file = writeJson(dir, 's.json', { name: 'mid', base: 'base.json', axes: { 'hdfs.replication': [1, 2, 3] }, seeds: [1, 2, 3, 4] });
    const out = join(dir, 'the out'); // a space: the command quotes it
    const cmd = endsWithTest(spawn(process.execPath, [CLI, 'sweep', file, '--out', out, '--parallel', '2', '--shard', '1/2'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] }));
    let stderr = '';
    // 'close', not 'exit': at 'exit' the child's stderr may still hold unread data (Node's docs say so), and the stop
    // note, its last line, was missed once in CI on a loaded machine.
    const ended = new Promise<NodeJS.Signals | number | null>((done) => cmd.on('close', (code, signal) => done(signal ?? code)));
    cmd.stderr.setEncoding('utf8').on('data', (text: string) => {
      const first = !/sweep: \d+\/6 points,/.test(stderr);
      stderr += text;
      if (first && /sweep: \d+\/6 points,/.test(stderr)) cmd.kill('SIGTERM');
    });
    // ended by the signal itself, as a shell reports with exit 143 (128 + 15)
    expect(await ended).toBe('SIGTERM');
    const said = /^hfsim: sweep stopped by SIGTERM: (\d+) of 6 points? (?:is|are) in (.+); (hfsim sweep .+) runs the other (\d+)$/m.exec(stderr);
    expect(said, stderr).not.toBeNull();
    const [, kept, results, resume, rest] = said!;
    expect(results).toBe(join(out, 'results.jsonl'));
    expect(resume).toBe(`hfsim sweep ${file} --out '${out}' --resume --shard 1/2`);
    // the count is what the file holds (a line written twice at the signal counts once, as --resume counts it)
    const ids = new Set(readFileSync(results, 'utf8').split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { id: string }).id));
    expect(Number(kept)).toBe(ids.size);
    expect(Number(kept)).toBeGreaterThan(0);
    expect(Number(kept) + Number(rest)).toBe(6);
    // and the command it names runs just the rest
    const again = hfsim('sweep', file, '--out', out, '--resume', '--shard', '1/2');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`ran ${rest}, ${kept} already done`);
  }, 60_000);
});
