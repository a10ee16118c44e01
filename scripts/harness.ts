/**
 * The differential harness's long mode: `npm run harness -- --minutes N [--seed S] [--batch R] [--threads-every K]
 * [--scenario-seconds T] [--shrink-minutes M] [--out dir]`. Checks batches of R generated scenarios (test/harness/)
 * until N minutes have passed, each batch with the next fast-check seed; a failing scenario is shrunk (for at most M
 * minutes, default 5), printed as JSON and written to dir/seed-<S>.json, and the run goes on with the next seed. Each
 * scenario's checks run on a worker thread and must finish within T seconds (default 60; 0: no limit, in-process): a
 * scenario past it is a failure like any other (a hang is a finding). Prints a line a minute and a summary; exit 1 if
 * anything failed, 2 on bad flags.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type HarnessFailure, describeFailure, runHarness } from '../test/harness/property.js';
import type { CheckOutcome } from '../test/harness/check.js';
import type { ScenarioSpec } from '../test/harness/generate.js';
import { coverageOf } from '../test/harness/coverage.js';
import { timedChecker } from '../test/harness/time-limit.js';
import { readFlags } from '../bench/flags.js';
import { checkOutputDir, makeOutputDir } from '../src/cli/output-paths.js';
import { InputError, osReason } from '../src/cli/errors.js';

interface Flags {
  minutes: number;
  seed: number;
  batch: number;
  threadsEvery: number;
  scenarioSeconds: number;
  shrinkMinutes: number;
  out: string;
}

/**
 * The flags, checked (--minutes 0 is one batch: the loop checks one before it reads the clock): a count given as a
 * fraction (--batch 2.5), or an empty --minutes (read as 0), is refused; so is
 * an --out given that cannot be a folder (a file, a read-only place), before the run rather than at its first failure.
 */
function flags(): Flags {
  const line = readFlags({
    script: 'harness',
    usage: 'usage: npm run harness -- --minutes N [--seed S] [--batch R] [--threads-every K] [--scenario-seconds T] [--shrink-minutes M] [--out dir]',
    flags: { '--minutes': 'value', '--seed': 'value', '--batch': 'value', '--threads-every': 'value', '--scenario-seconds': 'value', '--shrink-minutes': 'value', '--out': 'value' },
  });
  // A --out given is checked now; the default only when a failure is written (a run in a read-only checkout writes none).
  const given = line.text('--out');
  if (given !== undefined) line.input(() => checkOutputDir(given, '--out'));
  const out = given ?? join('results', 'harness');
  return {
    minutes: line.number('--minutes', 1, 0, 24 * 60),
    // a new seed each session unless told; it is printed, so any batch can be replayed
    seed: line.count('--seed', Date.now() % 2 ** 31, 0, 2 ** 31 - 1),
    batch: line.count('--batch', 20, 1, 100_000),
    threadsEvery: line.count('--threads-every', 4, 0, 1_000_000),
    scenarioSeconds: line.number('--scenario-seconds', 60, 0, 24 * 3600),
    shrinkMinutes: line.number('--shrink-minutes', 5, 0, 24 * 60),
    out,
  };
}

/**
 * Writes a failure's scenario to dir/seed-S.json, and a swim or sls scenario's trace beside it under a name of its own
 * (the scenario names it relative to itself); returns what was written, for the log.
 */
function writeFailure(dir: string, seed: number, failure: HarnessFailure): string {
  makeOutputDir(dir, '--out');
  const file = join(dir, `seed-${seed}.json`);
  const trace = failure.trace;
  const traceName = trace === undefined ? undefined : `seed-${seed}-${trace.name}`;
  const scenario = traceName === undefined ? failure.scenario
    : { ...failure.scenario, workload: { ...(failure.scenario.workload as Record<string, unknown>), trace: traceName } };
  writeFileSync(file, JSON.stringify(scenario, null, 2) + '\n'); // first: a trace is of no use without its scenario
  if (traceName !== undefined) writeFileSync(join(dir, traceName), trace!.text);
  return `${file}${traceName === undefined ? '' : ` and ${join(dir, traceName)}`}`;
}

async function main(): Promise<void> {
  const f = flags();
  const started = performance.now();
  const deadline = started + f.minutes * 60_000;
  const tally = { checked: 0, withKills: 0, fluid: 0, replication: 0, placed: 0, guarded: 0, capacityPreemption: 0, offerPools: 0, userLimitChecked: 0, stopped: 0, refused: 0, byPolicy: new Map<string, number>(), byWorkload: new Map<string, number>() };
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const onRun = (spec: ScenarioSpec, { kills, userLimit, stopped }: Omit<CheckOutcome, 'digest'>) => {
    tally.checked++;
    if (kills > 0) tally.withKills++;
    tally.userLimitChecked += userLimit?.checked ?? 0;
    if (stopped !== undefined) tally.stopped++;
    if (spec.network?.model === 'fluid') tally.fluid++;
    if (spec.scheduler.replication !== undefined) tally.replication++;
    const reached = coverageOf(spec);
    if (reached.placed) tally.placed++;
    if (reached.guarded) tally.guarded++;
    if (reached.capacityPreemption) tally.capacityPreemption++;
    if (reached.offerPools) tally.offerPools++;
    count(tally.byPolicy, spec.scheduler.policy);
    count(tally.byWorkload, spec.workload.kind);
  };
  const onRefused = () => {
    tally.refused++;
  };
  const failures: HarnessFailure[] = [];
  let runs = 0;
  let batches = 0;
  let lastLine = started;
  const minutes = () => ((performance.now() - started) / 60_000).toFixed(1);
  process.stdout.write(`harness: ${f.minutes} min from seed ${f.seed}, batches of ${f.batch}, threads every ${f.threadsEvery || 'never'}, ` +
    `${f.scenarioSeconds > 0 ? `${f.scenarioSeconds} s a scenario` : 'no time limit a scenario'}, shrinking up to ${f.shrinkMinutes} min\n`);
  const timed = f.scenarioSeconds > 0 ? timedChecker(f.scenarioSeconds * 1000) : undefined;
  do {
    const seed = (f.seed + batches) % 2 ** 31;
    const report = await runHarness({ seed, runs: f.batch, threadsEvery: f.threadsEvery, onRun, onRefused, check: timed?.check, shrinkLimitMs: f.shrinkMinutes * 60_000 });
    batches++;
    runs += report.runs;
    if (report.failure !== undefined) {
      failures.push(report.failure);
      process.stdout.write(describeFailure(report.failure) + '\n');
      try {
        process.stdout.write(`written to ${writeFailure(f.out, seed, report.failure)}\n`);
      } catch (err) {
        // the scenario is printed above: the run goes on to its next batch rather than end on a stack trace
        const why = err instanceof InputError ? err.message : `${(err as NodeJS.ErrnoException).path ?? f.out}: ${osReason(err)}`;
        process.stdout.write(`harness: the failure was not written (${why}): the scenario above is it\n`);
      }
    }
    if (performance.now() - lastLine > 60_000) {
      lastLine = performance.now();
      process.stdout.write(`${minutes()} min: ${runs} scenarios in ${batches} batches (${tally.refused} more refused as beyond the run limits, skipped), ${failures.length} failed\n`);
    }
  } while (performance.now() < deadline);
  const mix = (m: Map<string, number>) => [...m].sort().map(([k, v]) => `${k} ${v}`).join(', ');
  process.stdout.write(`harness: ${runs} generated scenarios (seeds ${f.seed} to ${(f.seed + batches - 1) % 2 ** 31}, batches of ${f.batch}) in ${minutes()} min; ` +
    `${tally.checked} checks with shrinking, ${tally.withKills} with preemption kills, ${tally.fluid} on the fluid network, ${tally.replication} with a replication policy, ` +
    `${tally.placed} with hand-placed replicas, ${tally.guarded} with a pool preemption may not take from, ` +
    `${tally.capacityPreemption} with preemption under capacity, ${tally.offerPools} with pools as offers' frameworks, ${tally.userLimitChecked} launches checked against a capacity user limit, ${tally.stopped} stopped alike every way by the kill-loop check, ${tally.refused} refused as beyond the run limits (skipped, as hfsim run refuses them); policies: ${mix(tally.byPolicy)}; workloads: ${mix(tally.byWorkload)}; ` +
    `${failures.length} failed\n`);
  await timed?.close();
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
