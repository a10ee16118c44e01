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
import { type SlsTrace, parseSlsTrace, slsJobsWorkload } from './sls.js';
import { tracePath } from './trace.js';
import { warnOnce } from './warn.js';

const slsCache = new Map<string, SlsTrace>();

export function resolveScenario(raw: Record<string, unknown>, scenarioFile: string): Parsed<Scenario> {
  const withFiles = applySchedulerFiles(raw, scenarioFile);
  const parsed = parseScenario(withFiles);
  if (!parsed.ok || parsed.value.workload.kind !== 'sls') return parsed;
  const w = parsed.value.workload;
  const path = tracePath(scenarioFile, w.trace);
  try {
    const key = `${w.format}:${path}`;
    let trace = slsCache.get(key);
    if (trace === undefined) {
      const text = readTextFile(path, w.format === 'rumen' ? 'Rumen trace' : 'SLS trace');
      slsCache.set(key, (trace = w.format === 'rumen' ? parseRumenTrace(text, path) : parseSlsTrace(text, path)));
      // SLS logs each such job ("Failed to create an AM") and replays the others.
      for (const j of trace.skipped) warnOnce(`${path}:${j.line}: job "${j.id}" skipped, as SLS skips it: ${j.why}`);
    }
    const { cluster, hdfs } = parsed.value;
    return parseScenario({ ...withFiles, workload: slsJobsWorkload(trace.jobs, w, { racks: cluster.racks, nodesPerRack: cluster.nodesPerRack, replication: hdfs.replication }, path) });
  } catch (err) {
    if (err instanceof InputError) throw new InputError(`${scenarioFile}: workload.trace: ${err.message}`);
    throw err;
  }
}
