/** Small builders and audits shared by the tests. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Scenario, parseScenario, resolveVariant, variantsOf } from '../src/core/scenario.js';
import type { SchedulerObserver } from '../src/core/scheduler.js';
import type { SwimTrace } from '../src/core/swim.js';
import { traceFor } from '../src/cli/trace.js';
import { lastBucket } from '../src/core/network/link-usage.js';
import { resolveScenario } from '../src/cli/resolve-scenario.js';

export const SCENARIO_DIR = join(import.meta.dirname, '..', 'scenarios');

/** Validates a raw scenario, failing the test with the schema's errors. */
export function scenario(raw: unknown): Scenario {
  const parsed = parseScenario(raw);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.value;
}

/** Day-long scenarios, too heavy for every test run: their digests are checked by the bench suite (hfsim bench). */
export const HEAVY_SCENARIOS: readonly string[] = ['fb2009-day.json', 'fb2010-day.json', 'scale-3000.json', 'scale-10000.json'];

/** Every variant of every scenario file in scenarios/ (but HEAVY_SCENARIOS), resolved; `trace`: a swim workload's rows. */
export function canonicalScenarios(): Array<{ file: string; variant: string; scenario: Scenario; trace?: SwimTrace }> {
  return readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.json') && !f.includes('.sweep.') && !HEAVY_SCENARIOS.includes(f)).sort().flatMap((file) => {
    const raw = JSON.parse(readFileSync(join(SCENARIO_DIR, file), 'utf8')) as Record<string, unknown>;
    return variantsOf(raw).map((v) => {
      const resolved = resolveScenario(resolveVariant(raw, v.overrides, []), join(SCENARIO_DIR, file)); // files it names, an SLS trace
      if (!resolved.ok) throw new Error(resolved.errors.join('\n'));
      const s = resolved.value;
      return { file, variant: v.name, scenario: s, trace: traceFor(join(SCENARIO_DIR, file), s) };
    });
  });
}

/**
 * The worker counts a rack-threads case runs on: those of 1, 2, 3 and 8 that differ once capped at the racks (8 workers
 * on 4 racks run as 4, the very run of asking for 4), each asked for with its largest count, so the cap is exercised.
 */
export function workerCounts(racks: number): number[] {
  return [...new Map([1, 2, 3, 8].map((w) => [Math.min(w, racks), w])).values()];
}

/**
 * simulate() from the build (dist/, as npm test's pretest makes it), for runs on rack threads: a worker started from
 * the TypeScript sources registers tsx and compiles them first (about a second each on a loaded 2-core machine). Most
 * test files read src/ from the build anyway (vitest.config.ts, BUILD); those run from the sources start workers from
 * source (test/actors/concurrent-runs.test.ts), so that path stays covered.
 */
export async function compiledSimulate(): Promise<typeof import('../src/actors/simulate.js').simulate> {
  const m = (await import(join(import.meta.dirname, '..', 'dist', 'src', 'actors', 'simulate.js'))) as typeof import('../src/actors/simulate.js');
  return m.simulate;
}

export function loadVariant(file: string, variant: string, sets: Array<[string, unknown]> = []): Scenario {
  const raw = JSON.parse(readFileSync(join(SCENARIO_DIR, file), 'utf8')) as Record<string, unknown>;
  const v = variantsOf(raw).find((x) => x.name === variant);
  if (!v) throw new Error(`${file} has no variant ${variant}`);
  return scenario(resolveVariant(raw, v.overrides, sets));
}

/** A scenario with one explicit job list, for small hand-checked runs. */
export function jobsScenario(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'tiny',
    cluster: { racks: 2, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    workload: {
      kind: 'jobs',
      files: [{ name: 'a', blocks: 12 }, { name: 'b', blocks: 3 }],
      jobs: [
        { id: 'big', submitMs: 0, input: 'a', mapMs: 10_000, reduces: 2, reduceMs: 5000 },
        { id: 'small', submitMs: 4000, input: 'b', mapMs: 8000, reduces: 1, reduceMs: 3000, copyMs: 1000 },
      ],
    },
    ...overrides,
  };
}

/**
 * An observer that audits a run from the master's side: no node is ever given more tasks than it has slots,
 * every task finishes exactly once and only after it launched.
 */
export function auditor(s: Scenario) {
  const nodes = s.cluster.racks * s.cluster.nodesPerRack;
  const runningMaps = new Int32Array(nodes);
  const runningReduces = new Int32Array(nodes);
  const state = new Map<string, 'running' | 'done' | 'killed'>();
  const startMs = new Map<string, number>();
  /** Per job: when its last map and its first reduce were reported finished. */
  const finishMs = new Map<number, { lastMap: number; firstReduce: number }>();
  const violations: string[] = [];
  let launches = 0;
  let finishes = 0;
  let kills = 0;
  let lostSlotMs = 0;
  const observer: SchedulerObserver = {
    launched(now, node, job, task) {
      launches++;
      const key = `${job}:${task}`;
      if (state.has(key) && state.get(key) !== 'killed') violations.push(`${key} launched twice (${state.get(key)}) at ${now}`);
      state.set(key, 'running');
      startMs.set(key, now);
      if (task >= 0 && ++runningMaps[node] > s.cluster.mapSlotsPerNode) violations.push(`node ${node} map slots over-committed at ${now}`);
      if (task < 0 && ++runningReduces[node] > s.cluster.reduceSlotsPerNode) violations.push(`node ${node} reduce slots over-committed at ${now}`);
    },
    finished(now, node, job, task) {
      finishes++;
      const key = `${job}:${task}`;
      if (state.get(key) !== 'running') violations.push(`${key} finished while ${state.get(key) ?? 'never launched'} at ${now}`);
      state.set(key, 'done');
      const times = finishMs.get(job) ?? { lastMap: -Infinity, firstReduce: Infinity };
      if (task >= 0) times.lastMap = Math.max(times.lastMap, now);
      else times.firstReduce = Math.min(times.firstReduce, now);
      finishMs.set(job, times);
      if (task >= 0) runningMaps[node]--;
      else runningReduces[node]--;
    },
    killed(now, node, job, task) {
      kills++;
      const key = `${job}:${task}`;
      if (state.get(key) !== 'running') violations.push(`${key} killed while ${state.get(key) ?? 'never launched'} at ${now}`);
      state.set(key, 'killed'); // it goes back to pending and must run again
      const ran = now - (startMs.get(key) ?? now);
      if (ran < 0) violations.push(`${key} killed at ${now}, before its launch at ${startMs.get(key)}`);
      lostSlotMs += ran;
      if (task >= 0) runningMaps[node]--;
      else runningReduces[node]--;
    },
  };
  return {
    observer,
    violations,
    get launches() { return launches; },
    get finishes() { return finishes; },
    get kills() { return kills; },
    /** Map and reduce tasks the master has running on `node` (launched, not yet reported finished or killed). */
    runningOn(node: number): [number, number] { return [runningMaps[node], runningReduces[node]]; },
    /** Slot time the killed attempts had run, from their launches to their kills. */
    get lostSlotMs() { return lostSlotMs; },
    /** Jobs with a reduce reported finished no later than one of their maps (a reduce must wait for every map). */
    get reducesBeforeMaps() { return [...finishMs].filter(([, t]) => t.firstReduce <= t.lastMap).map(([job]) => job); },
    get notDone() { return [...state].filter(([, v]) => v !== 'done').map(([k]) => k); },
  };
}

/**
 * MB a fluid run's utilisation `series` (one of result.network.utilization's) says a link of `MBps` carried: each
 * bucket's share of its width, the run's last bucket's of the part run (lastBucketMs).
 */
export function linkMB(u: { bucketMs: number; lastBucketMs: number; up: number[][]; down: number[][]; core?: number[] }, series: readonly number[], MBps: number): number {
  const last = lastBucket(u);
  return series.reduce((sum, x, i) => sum + x * MBps * ((i === last.index ? last.ms : u.bucketMs) / 1000), 0);
}
