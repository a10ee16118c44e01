/**
 * The differential harness's long mode: `npm run harness -- --minutes N [--seed S] [--batch R] [--threads-every K]
 * [--scenario-seconds T] [--shrink-minutes M] [--out dir]`. Checks batches of R generated scenarios (test/harness/)
 * until N minutes have passed, each batch with the next fast-check seed; a failing scenario is shrunk (for at most M
 * minutes, default 5), printed as JSON and written to dir/seed-<S>.json, and the run goes on with the next seed. Each
 * scenario's checks run on a worker thread and must finish within T seconds (default 60; 0: no limit, in-process): a
 * scenario past it is a failure like any other (a hang is a finding). Prints a line a minute and a summary; exit 1 if
 * anything failed, 2 on bad flags.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type HarnessFailure, describeFailure, runHarness } from '../test/harness/property.js';
import type { ScenarioSpec } from '../test/harness/generate.js';
import { timedChecker } from '../test/harness/time-limit.js';

interface Flags {
  minutes: number;
  seed: number;
  batch: number;
  threadsEvery: number;
  scenarioSeconds: number;
  shrinkMinutes: number;
  out: string;
}

function flags(argv: string[]): Flags {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: 'string', default: '1' },
      seed: { type: 'string' },
      batch: { type: 'string', default: '20' },
      'threads-every': { type: 'string', default: '4' },
      'scenario-seconds': { type: 'string', default: '60' },
      'shrink-minutes': { type: 'string', default: '5' },
      out: { type: 'string', default: join('results', 'harness') },
    },
  });
  const number = (name: string, text: string, min: number, max: number): number => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < min || n > max) fail(`--${name}: expected a number from ${min} to ${max}, got "${text}"`);
    return n;
  };
  return {
    minutes: number('minutes', values.minutes!, 0, 24 * 60),
    // a new seed each session unless told; it is printed, so any batch can be replayed
    seed: values.seed === undefined ? Date.now() % 2 ** 31 : Math.trunc(number('seed', values.seed, 0, 2 ** 31 - 1)),
    batch: Math.trunc(number('batch', values.batch!, 1, 100_000)),
    threadsEvery: Math.trunc(number('threads-every', values['threads-every']!, 0, 1_000_000)),
    scenarioSeconds: number('scenario-seconds', values['scenario-seconds']!, 0, 24 * 3600),
    shrinkMinutes: number('shrink-minutes', values['shrink-minutes']!, 0, 24 * 60),
    out: values.out!,
  };
}

function fail(message: string): never {
  process.stderr.write(`harness: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let f: Flags;
  try {
    f = flags(process.argv.slice(2));
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  const started = performance.now();
  const deadline = started + f.minutes * 60_000;
  const tally = { checked: 0, withKills: 0, fluid: 0, replication: 0, byPolicy: new Map<string, number>(), byWorkload: new Map<string, number>() };
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const onRun = (spec: ScenarioSpec, _failures: readonly string[], kills: number) => {
    tally.checked++;
    if (kills > 0) tally.withKills++;
    if (spec.network?.model === 'fluid') tally.fluid++;
    if (spec.scheduler.replication !== undefined) tally.replication++;
    count(tally.byPolicy, spec.scheduler.policy);
    count(tally.byWorkload, spec.workload.kind);
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
    const report = await runHarness({ seed, runs: f.batch, threadsEvery: f.threadsEvery, onRun, check: timed?.check, shrinkLimitMs: f.shrinkMinutes * 60_000 });
    batches++;
    runs += report.runs;
    if (report.failure !== undefined) {
      failures.push(report.failure);
      process.stdout.write(describeFailure(report.failure) + '\n');
      mkdirSync(f.out, { recursive: true });
      const file = join(f.out, `seed-${seed}.json`);
      writeFileSync(file, JSON.stringify(report.failure.scenario, null, 2) + '\n');
      process.stdout.write(`written to ${file}\n`);
    }
    if (performance.now() - lastLine > 60_000) {
      lastLine = performance.now();
      process.stdout.write(`${minutes()} min: ${runs} scenarios in ${batches} batches, ${failures.length} failed\n`);
    }
  } while (performance.now() < deadline);
  const mix = (m: Map<string, number>) => [...m].sort().map(([k, v]) => `${k} ${v}`).join(', ');
  process.stdout.write(`harness: ${runs} generated scenarios (seeds ${f.seed} to ${(f.seed + batches - 1) % 2 ** 31}, batches of ${f.batch}) in ${minutes()} min; ` +
    `${tally.checked} checks with shrinking, ${tally.withKills} with preemption kills, ${tally.fluid} on the fluid network, ${tally.replication} with a replication policy; policies: ${mix(tally.byPolicy)}; workloads: ${mix(tally.byWorkload)}; ` +
    `${failures.length} failed\n`);
  await timed?.close();
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
