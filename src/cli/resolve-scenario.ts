/**
 * A resolved raw scenario (variant, overrides and --set applied) made ready to run and validated: the scheduler
 * files it names are read and merged (scheduler-files.ts), and an SLS or Rumen trace is read into a jobs workload (sls.ts, rumen.ts).
 * Files are relative to the scenario file; errors name it.
 */
import { type Parsed, type Scenario, parseScenario } from '../core/scenario.js';
import { InputError } from './errors.js';
import { applySchedulerFiles } from './scheduler-files.js';
import { readTextFile } from './read-file.js';
import { parseRumenTrace } from './rumen.js';
import { type SlsJob, parseSlsTrace, slsJobsWorkload } from './sls.js';
import { tracePath } from './trace.js';

const slsCache = new Map<string, SlsJob[]>();

export function resolveScenario(raw: Record<string, unknown>, scenarioFile: string): Parsed<Scenario> {
  const withFiles = applySchedulerFiles(raw, scenarioFile);
  const parsed = parseScenario(withFiles);
  if (!parsed.ok || parsed.value.workload.kind !== 'sls') return parsed;
  const w = parsed.value.workload;
  const path = tracePath(scenarioFile, w.trace);
  try {
    const key = `${w.format}:${path}`;
    let jobs = slsCache.get(key);
    if (jobs === undefined) {
      const text = readTextFile(path, w.format === 'rumen' ? 'Rumen trace' : 'SLS trace');
      slsCache.set(key, (jobs = w.format === 'rumen' ? parseRumenTrace(text, path) : parseSlsTrace(text, path)));
    }
    const { cluster, hdfs } = parsed.value;
    return parseScenario({ ...withFiles, workload: slsJobsWorkload(jobs, w, { racks: cluster.racks, nodesPerRack: cluster.nodesPerRack, replication: hdfs.replication }, path) });
  } catch (err) {
    if (err instanceof InputError) throw new InputError(`${scenarioFile}: workload.trace: ${err.message}`);
    throw err;
  }
}
