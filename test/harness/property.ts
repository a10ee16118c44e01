/**
 * The differential harness's property and runner: every generated scenario passes check.ts. A failing scenario is
 * shrunk by fast-check and handed back as scenario JSON, ready to become a file in test/regressions/.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadScenario } from '../../src/cli/load-scenario.js';
import { parseScenario } from '../../src/core/scenario.js';
import type { SwimTrace } from '../../src/core/swim.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';
import { type CheckOptions, type CheckOutcome, checkScenario } from './check.js';
import type { Scenario } from '../../src/core/scenario.js';
import { type ScenarioSpec, scenarioSpec, toScenario, traceFile } from './generate.js';

export interface HarnessOptions {
  /** fast-check's seed: the same seed draws the same scenarios. */
  seed: number;
  runs: number;
  /** Also run on worker threads when the scenario's seed is a multiple of this (1: always; 0: never). */
  threadsEvery: number;
  /** Sees each scenario checked (shrinking's tries included) and what came of it. */
  onRun?: (spec: ScenarioSpec, outcome: Omit<CheckOutcome, 'digest'>) => void;
  /**
   * Sees each scenario that `hfsim run` would refuse as beyond its limits (workload-limits.ts: a valid scenario too
   * large to run, which the CLI refuses with exit 2 and says why). Such a scenario is skipped, not failed: it is the
   * refusal the CLI owes it, and a shrink that reached one would leave the failure it shrinks for a wrong one.
   */
  onRefused?: (spec: ScenarioSpec, errors: string[]) => void;
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
  /** A swim or sls scenario's trace file: its name (relative to the scenario file, as it names it) and text. */
  trace?: { name: string; text: string };
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
      trace: traceFile(spec),
      failures: error instanceof HarnessError ? error.failures : [String(error)],
      shrinks: details.numShrinks,
      shrinkStopped,
    },
  };

  async function checkSpec(spec: ScenarioSpec, threadsEvery: number): Promise<string[]> {
    const made = scenarioOf(spec);
    if (!made.ok && made.beyondLimits) {
      options.onRefused?.(spec, made.errors);
      fc.pre(false);
    }
    if (!made.ok) {
      const failures = [`the generator made an invalid scenario: ${made.errors.join('; ')}`];
      options.onRun?.(spec, { failures, kills: 0 });
      return failures;
    }
    const threads = threadsEvery > 0 && spec.seed % threadsEvery === 0;
    const outcome = await (options.check ?? checkScenario)(made.scenario, { threads, trace: made.trace });
    options.onRun?.(spec, outcome);
    return outcome.failures;
  }
}

/**
 * A spec's scenario, validated as `hfsim run` validates it (within the limits). A swim or sls scenario is written with
 * its trace (generate.ts traceFile) to a folder of its own under a temporary one, named by their hash, and read back
 * as the CLI reads it (loadScenario: an SLS trace becomes a jobs workload, a SWIM trace its rows); the files are
 * removed once read.
 */
export function scenarioOf(spec: ScenarioSpec): { ok: true; scenario: Scenario; trace?: SwimTrace } | { ok: false; errors: string[]; beyondLimits: boolean } {
  const json = toScenario(spec);
  const file = traceFile(spec);
  if (file === undefined) {
    const parsed = parseScenario(json);
    if (!parsed.ok) return { ok: false, errors: parsed.errors, beyondLimits: false };
    const errors = workloadLimitErrors(parsed.value);
    return errors.length === 0 ? { ok: true, scenario: parsed.value } : { ok: false, errors, beyondLimits: true };
  }
  const text = JSON.stringify(json);
  // a folder for this scenario alone, removed once read (one kept for the process was left in /tmp after each run)
  const folder = mkdtempSync(join(tmpdir(), 'hfsim-harness-'));
  const dir = join(folder, createHash('sha256').update(text).update('\0').update(file.text).digest('hex').slice(0, 16));
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, 'scenario.json'), text);
    writeFileSync(join(dir, file.name), file.text);
    const variant = quietly(() => loadScenario(join(dir, 'scenario.json')).variants[0]);
    const errors = workloadLimitErrors(variant.scenario, variant.trace);
    return errors.length === 0 ? { ok: true, scenario: variant.scenario, trace: variant.trace } : { ok: false, errors, beyondLimits: true };
  } catch (err) {
    return { ok: false, errors: [err instanceof Error ? err.message : String(err)], beyondLimits: false };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * `f` with the CLI's warnings (`hfsim: warning: ...` on stderr) held back: the generator writes fields a scenario's
 * workload or model may not read (the slowdowns under the fluid model, the job-type rule with no CPU-bound job), which
 * runs as the real system would, and the CLI says so on every one.
 */
function quietly<T>(f: () => T): T {
  const write = process.stderr.write;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => (typeof chunk === 'string' && chunk.startsWith('hfsim: warning: ')
    ? true : (write as (...a: unknown[]) => boolean).call(process.stderr, chunk, ...rest))) as typeof process.stderr.write;
  try {
    return f();
  } finally {
    process.stderr.write = write;
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
    ...(f.trace === undefined ? [] : [`its trace, ${f.trace.name} (save it beside the scenario):`, f.trace.text.trimEnd()]),
  ].join('\n');
}
