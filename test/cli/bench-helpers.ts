/** Constructed bench reports (no bench run needed) and `hfsim bench compare` on them. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchCase, type BenchReport, type Stat, benchReportSchema } from '../../src/cli/bench-schema.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

export const stat = (...values: number[]): Stat => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[sorted.length >> 1], spread: sorted[sorted.length - 1] - sorted[0], min: sorted[0], max: sorted[sorted.length - 1], values };
};
/** A measure equal in both of a case's runs (benchCase's cases have two, and each stat holds one value a run). */
export const steady = (value: number): Stat => stat(value, value);
const latency = () => ({ mean: steady(5), p50: steady(4), p90: steady(6), p99: steady(9), p999: steady(12), max: steady(30) });

export function benchCase(name: string, wallMs: number, over: Partial<BenchCase> = {}): BenchCase {
  const events = 1_000_000;
  return {
    name, group: 'scenario', canonical: true, policy: 'fair', nodes: 100, jobs: 100, maps: 26_410, digest: 'a'.repeat(64), runs: 2,
    wallMs: stat(wallMs, wallMs * 1.02), cpuMs: steady(wallMs), peakRssMB: stat(120, 121), events, heartbeats: 50_000,
    eventsPerSecond: stat(events / (wallMs * 1.02) * 1000, events / wallMs * 1000), heartbeatsPerSecond: steady(50_000 / wallMs * 1000),
    eventsPerCpuSecond: steady(events / wallMs * 1000), decisionUs: { heartbeat: latency(), launch: latency() }, ...over,
  };
}

/** A report of `cases` (and `extra` fields, e.g. sweepScaling), checked against the schema. */
export function report(cases: BenchCase[], extra: Partial<BenchReport> = {}): BenchReport {
  const r: BenchReport = {
    format: 'hfsim-bench/1', suite: 'smoke', createdAt: '2026-11-23T03:00:00.000Z',
    machine: { cpu: 'Test CPU', cores: 2, memoryMB: 4096, platform: 'linux', arch: 'x64' }, node: 'v20.20.2', commit: '1'.repeat(40), repeat: 2,
    cases, scale: [], perfdash: { version: 'v1', dataItems: [] }, ...extra,
  };
  const parsed = benchReportSchema.safeParse(r);
  if (!parsed.success) throw new Error(`not a bench report: ${JSON.stringify(parsed.error.issues[0])}`);
  return r;
}

const dir = mkdtempSync(join(tmpdir(), 'hfsim-compare-'));
/** Writes `content` (a report, or any JSON) to a file of the temp folder; its path. */
export function write(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

export function compare(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'bench', 'compare', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `c` as of `n` runs: each measure's values cycled to n (its min and max among them), as a --repeat n bench writes. */
export const ofRuns = (c: BenchCase, n: number): BenchCase => ({
  ...JSON.parse(JSON.stringify(c), (_k, v: unknown) => (typeof v === 'object' && v !== null && Array.isArray((v as { values?: unknown }).values)
    ? { ...v, values: Array.from({ length: n }, (_, i) => (v as { values: number[] }).values[i % (v as { values: number[] }).values.length]) } : v)) as BenchCase,
  runs: n,
});
