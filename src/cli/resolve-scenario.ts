/**
 * A resolved raw scenario (variant, overrides and --set applied) made ready to run and validated: the scheduler
 * files it names are read and merged (scheduler-files.ts), and an SLS trace is read into a jobs workload (sls.ts).
 * Files are relative to the scenario file; errors name it.
 */
import { type Parsed, type Scenario, parseScenario } from '../core/scenario.js';
import { InputError } from './errors.js';
import { applySchedulerFiles } from './scheduler-files.js';
import { type SlsJob, readSlsTrace, slsJobsWorkload } from './sls.js';
import { tracePath } from './trace.js';

const slsCache = new Map<string, SlsJob[]>();

export function resolveScenario(raw: Record<string, unknown>, scenarioFile: string): Parsed<Scenario> {
  const withFiles = applySchedulerFiles(raw, scenarioFile);
  const parsed = parseScenario(withFiles);
  if (!parsed.ok || parsed.value.workload.kind !== 'sls') return parsed;
  const w = parsed.value.workload;
  const path = tracePath(scenarioFile, w.trace);
  try {
    let jobs = slsCache.get(path);
    if (jobs === undefined) slsCache.set(path, (jobs = readSlsTrace(path)));
    const { racks, nodesPerRack } = parsed.value.cluster;
    return parseScenario({ ...withFiles, workload: slsJobsWorkload(jobs, w, racks, nodesPerRack, path) });
  } catch (err) {
    if (err instanceof InputError) throw new InputError(`${scenarioFile}: workload.trace: ${err.message}`);
    throw err;
  }
}
