/** Shared by the sweep tests: the compiled CLI, temp files, a small two-variant sweep, and its outputs minus wall-clock fields. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WALL_CLOCK_METRICS } from '../../src/cli/sweep-aggregate.js';
import { lineDigest } from '../../src/cli/sweep-output.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

export function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export const tmp = (prefix: string): string => mkdtempSync(join(tmpdir(), `hfsim-${prefix}-`));

export function writeJson(dir: string, name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}


/** A small scenario with two variants: a run takes milliseconds. */
export const base = {
  name: 'small',
  cluster: { racks: 2, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  tasks: { durationJitter: 0.3 },
  workload: { kind: 'generated', groups: [
    { name: 'big', count: 2, maps: 40, mapMs: 20000, reduces: 1, intervalMs: 10000 },
    { name: 'small', count: 20, maps: 1, mapMs: 10000, startMs: 5000, intervalMs: 4000, arrivals: 'exponential' },
  ] },
  variants: { Fair: { 'scheduler.policy': 'fair' }, 'Fair + skip': { 'scheduler.delay': { mode: 'skip', maxSkips: 5 } } },
};


export function smallSweep(): string {
  const dir = tmp('sweep');
  writeJson(dir, 'base.json', base);
  return writeJson(dir, 'small.sweep.json', { name: 'small', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1, 2, 3] });
}

export type Line = Record<string, unknown> & { id: string; digest: string };
export const lines = (dir: string): Line[] => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);
/**
 * The same point with another outcome (its mean response time 1 ms), its digest made from it: what a run that was not
 * deterministic, or another build, would write. (A line whose digest alone is changed is refused as edited.)
 */
export function otherOutcome(line: Line): Line {
  const other: Record<string, unknown> = { ...line, summary: { ...(line.summary as object), meanResponseMs: 1 } };
  return { ...other, digest: lineDigest(other) } as Line;
}

/** Everything a sweep outputs except wall-clock measures. */
export function deterministic(dir: string) {
  const results = lines(dir).map(({ run: _run, ...rest }) => rest);
  const agg = (JSON.parse(readFileSync(join(dir, 'aggregate.json'), 'utf8')) as Array<{ metric: string }>)
    .filter((r) => !(WALL_CLOCK_METRICS as readonly string[]).includes(r.metric));
  return { results, agg };
}


/** The live processes of process group `pgid` (a CLI started detached leads its own; its worker processes join it). */
export function processGroup(pgid: number): string[] {
  return execFileSync('ps', ['-e', '-o', 'pid=,pgid=,stat='], { encoding: 'utf8' }).split('\n')
    .map((l) => l.trim().split(/\s+/)).filter(([, g, stat]) => g === String(pgid) && !stat?.startsWith('Z')).map(([pid]) => pid);
}
