/**
 * The differential harness's property and runner: every generated scenario passes check.ts. A failing scenario is
 * shrunk by fast-check and handed back as scenario JSON, ready to become a file in test/regressions/.
 */
import fc from 'fast-check';
import { parseScenario } from '../../src/core/scenario.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';
import { type CheckOptions, type CheckOutcome, checkScenario } from './check.js';
import type { Scenario } from '../../src/core/scenario.js';
import { type ScenarioSpec, scenarioSpec, toScenario } from './generate.js';

export interface HarnessOptions {
  /** fast-check's seed: the same seed draws the same scenarios. */
  seed: number;
  runs: number;
  /** Also run on worker threads when the scenario's seed is a multiple of this (1: always; 0: never). */
  threadsEvery: number;
  /** Sees each scenario checked (shrinking's tries included) and what came of it. */
  onRun?: (spec: ScenarioSpec, failures: readonly string[], kills: number) => void;
  /** What every scenario must pass (default: check.ts's checkScenario; tests of the harness give their own). */
  check?: (s: Scenario, options: CheckOptions) => Promise<CheckOutcome>;
  /**
   * Wall time shrinking may take after the first failure (default: no limit); past it the remaining candidates are
   * skipped (counted as passing), so the smallest failure found so far is reported. A candidate that hangs costs the
   * whole per-scenario time limit (time-limit.ts), so shrinking a hang is otherwise slow.
   */
  shrinkLimitMs?: number;
}

export interface HarnessFailure {
  /** fast-check's seed and counterexample path (fc.assert's `seed` and `path` replay it). */
  seed: number;
  path: string;
  /** The shrunk scenario, as JSON a run or a test can read. */
  scenario: Record<string, unknown>;
  failures: string[];
  shrinks: number;
  /** Shrinking ran out of its time (shrinkLimitMs): the scenario may shrink further. */
  shrinkStopped: boolean;
}

export interface HarnessReport {
  runs: number;
  failure?: HarnessFailure;
}

/** Checks `runs` generated scenarios; stops at the first failure and shrinks it. */
export async function runHarness(options: HarnessOptions): Promise<HarnessReport> {
  let failedAt: number | undefined;
  let shrinkStopped = false;
  const property = fc.asyncProperty(scenarioSpec, async (spec) => {
    if (failedAt !== undefined && performance.now() - failedAt > (options.shrinkLimitMs ?? Infinity)) {
      shrinkStopped = true;
      return;
    }
    const failures = await checkSpec(spec, options.threadsEvery);
    if (failures.length > 0) {
      failedAt ??= performance.now();
      throw new HarnessError(failures);
    }
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs });
  if (!details.failed) return { runs: details.numRuns };
  const spec = details.counterexample![0];
  const error = details.errorInstance;
  return {
    runs: details.numRuns,
    failure: {
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      scenario: toScenario(spec),
      failures: error instanceof HarnessError ? error.failures : [String(error)],
      shrinks: details.numShrinks,
      shrinkStopped,
    },
  };

  async function checkSpec(spec: ScenarioSpec, threadsEvery: number): Promise<string[]> {
    const parsed = parseScenario(toScenario(spec));
    const errors = parsed.ok ? workloadLimitErrors(parsed.value) : parsed.errors;
    if (!parsed.ok || errors.length > 0) {
      const failures = [`the generator made an invalid scenario: ${errors.join('; ')}`];
      options.onRun?.(spec, failures, 0);
      return failures;
    }
    const threads = threadsEvery > 0 && spec.seed % threadsEvery === 0;
    const outcome = await (options.check ?? checkScenario)(parsed.value, { threads });
    options.onRun?.(spec, outcome.failures, outcome.kills);
    return outcome.failures;
  }
}

class HarnessError extends Error {
  constructor(readonly failures: string[]) {
    super(failures.join('\n'));
  }
}

/** A failure as a reader needs it: what broke, the shrunk scenario as JSON, and how to replay it. */
export function describeFailure(f: HarnessFailure): string {
  return [
    `differential harness: a generated scenario failed (fast-check seed ${f.seed}, path "${f.path}", ${f.shrinks} shrinks${f.shrinkStopped ? ', then shrinking ran out of time' : ''}):`,
    ...f.failures.map((x) => `  - ${x}`),
    'the scenario, shrunk (save it as test/regressions/<name>.json to keep it as a test; `hfsim run` reads it too):',
    JSON.stringify(f.scenario, null, 2),
  ].join('\n');
}
