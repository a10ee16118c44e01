/**
 * The fluid network model on rack threads: for every scenario file in scenarios/, its last variant on the fluid
 * model gives one digest in-process and on 1, 2, 3 and 8 worker threads. Cross-rack reads couple racks (group
 * allocations, serves), so this is where thread counts could leak into results. Scenarios with many jobs run their
 * first MAX_JOBS, and generated groups a few small jobs (the coupling is exercised within minutes of simulated time).
 * It runs the build (dist/, as npm test's pretest makes it): a worker started from the TypeScript sources compiles
 * them first (about a second each under load; 14 workers a case made this file take 4 minutes).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../src/cli/resolve-scenario.js';
import { traceFor } from '../../src/cli/trace.js';
import { resolveVariant, variantsOf } from '../../src/core/scenario.js';
import { SCENARIO_DIR, compiledSimulate, workerCounts } from '../helpers.js';

const simulate = await compiledSimulate();
/** Jobs (and generated jobs per group, and maps a generated job) a case keeps. */
const MAX_JOBS = 5;
const MAX_GROUP_JOBS = 2;
const MAX_MAPS = 30;

/** Per file: the cluster overrides that shrink it (thousands of nodes: fewer racks or nodes, still many racks). */
const SHRINK: Record<string, Array<[string, unknown]>> = {
  'scale-10000.json': [['cluster.nodesPerRack', 100]],
  'scale-3000.json': [['cluster.racks', 10]],
  'fb2010-day.json': [['cluster.racks', 10]],
};

type Raw = { workload?: { kind?: string; jobs?: unknown; groups?: Array<Record<string, unknown>> } };

/** Overrides that keep the first jobs of a workload (any kind but sls, whose 8 jobs are small). */
function fewerJobs(raw: Raw): Array<[string, unknown]> {
  const w = raw.workload;
  if (w === undefined) return [];
  if ((w.kind === 'facebook' || w.kind === 'swim') && (typeof w.jobs !== 'number' || w.jobs > MAX_JOBS)) return [['workload.jobs', MAX_JOBS]];
  if (w.kind === 'jobs' && Array.isArray(w.jobs)) return [['workload.jobs', w.jobs.slice(0, MAX_JOBS)]];
  if (w.kind === 'generated' && w.groups !== undefined) {
    return [['workload.groups', w.groups.map((g) => ({ ...g, count: Math.min(Number(g.count ?? 1), MAX_GROUP_JOBS), maps: Math.min(Number(g.maps), MAX_MAPS) }))]];
  }
  return [];
}

function fluidCase(file: string) {
  const path = join(SCENARIO_DIR, file);
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const variants = variantsOf(raw);
  const v = variants[variants.length - 1];
  const sets: Array<[string, unknown]> = [['cluster.network.model', 'fluid'], ...(SHRINK[file] ?? []), ...fewerJobs(raw as Raw)];
  const resolved = resolveScenario(resolveVariant(raw, v.overrides, sets), path);
  if (!resolved.ok) throw new Error(`${file}: ${resolved.errors.join('\n')}`);
  return { file, variant: v.name, scenario: resolved.value, trace: traceFor(path, resolved.value) };
}

const FILES = readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.json') && !f.includes('.sweep.')).sort();

/** The test of half `half` (0 or 1) of the scenario files: two files, so vitest runs them side by side. */
export function fluidThreadsTests(half: 0 | 1): void {
  const mid = Math.ceil(FILES.length / 2);
  const cases = (half === 0 ? FILES.slice(0, mid) : FILES.slice(mid)).map(fluidCase);
  describe.each(cases)('fluid model on rack threads: $file / $variant', ({ scenario, trace }) => {
    it('gives the in-process digest on 1, 2, 3 and 8 workers', async () => {
      const inprocess = await simulate(scenario, { timeDecisions: false, trace });
      expect(inprocess.network?.model).toBe('fluid');
      for (const workers of workerCounts(scenario.cluster.racks)) {
        const threads = await simulate(scenario, { runtime: 'threads', workers, timeDecisions: false, trace });
        expect(threads.digest, `${workers} workers`).toBe(inprocess.digest);
        expect(threads.run.workers).toBe(Math.min(workers, scenario.cluster.racks));
      }
    });
  });
}
