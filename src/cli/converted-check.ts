/**
 * The check of an SLS or Rumen trace's converted jobs as a scenario's, in steps: one parse of 200,000 jobs took 1.6-3.1 s
 * with nothing shown after the conversion's bar. The scenario is parsed with JOBS_CHECKED jobs and their files at a
 * time as its workload, each slice told, and the parsed slices joined (each job and file parses alone: the same
 * values). What spans slices the conversion (sls-workload.ts slsJobsWorkloadSteps) has already refused: an id given twice, and
 * the jobs and listed replica blocks in all past their limits; each job reads the file listed at its index, checked
 * here. Where a slice fails, the whole is parsed at once, so the errors are parseScenario's own, in its order.
 */
import { type Parsed, type Scenario, parseScenario } from '../core/scenario.js';
import type { Steps } from './steps.js';

/** Jobs checked between pauses. */
export const JOBS_CHECKED = 5_000;

/** parseScenario({ ...raw, workload }) of a converted jobs `workload`, telling `onJobs` the jobs checked of all. */
export function* convertedScenarioSteps(raw: Record<string, unknown>, workload: Record<string, unknown>, onJobs?: (done: number, total: number) => void): Steps<Parsed<Scenario>> {
  const { files, jobs } = workload;
  const whole = (): Parsed<Scenario> => parseScenario({ ...raw, workload });
  if (!Array.isArray(files) || !Array.isArray(jobs) || !eachReadsItsFile(files, jobs)) return whole();
  const parsedFiles: unknown[] = [];
  const parsedJobs: unknown[] = [];
  let first: Scenario | undefined;
  for (let at = 0; at < jobs.length; at += JOBS_CHECKED) {
    const slice = parseScenario({ ...raw, workload: { ...workload, files: files.slice(at, at + JOBS_CHECKED), jobs: jobs.slice(at, at + JOBS_CHECKED) } });
    if (!slice.ok || slice.value.workload.kind !== 'jobs') return whole();
    first ??= slice.value;
    parsedFiles.push(...slice.value.workload.files);
    parsedJobs.push(...slice.value.workload.jobs);
    onJobs?.(Math.min(at + JOBS_CHECKED, jobs.length), jobs.length);
    if (at + JOBS_CHECKED < jobs.length) yield;
  }
  if (first === undefined) return whole();
  return { ok: true, value: { ...first, workload: { ...first.workload, files: parsedFiles, jobs: parsedJobs } as Scenario['workload'] } };
}

/** Whether job i reads file i (the conversion's layout), so a slice of jobs holds its files. */
function eachReadsItsFile(files: readonly unknown[], jobs: readonly unknown[]): boolean {
  return files.length === jobs.length && jobs.every((j, i) => (j as { input?: unknown }).input === (files[i] as { name?: unknown }).name);
}
