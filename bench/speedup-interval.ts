/**
 * The 95% interval of one variant's mean-response speedup over another across seeds: for each seed, speedup =
 * mean response of `--base` / mean response of `--variant`; the interval is mean +- t(0.975, n-1) * sd / sqrt(n).
 * Paired by seed: both variants of a seed run the same workload and, with common random numbers, the same task
 * durations, so only the policy differs within a seed. What remains of the spread is the seeds' own workloads; common
 * random numbers narrow the interval only where the durations' noise is large beside that (README: at fb-macro-io's
 * durationJitter 0.1 it is not; at 1 they halve it).
 * Usage: npm run build && node dist/bench/speedup-interval.js [scenario] [--base "Naive fair"] [--variant "Fair + delay"] [--seeds 10]
 *   [--set path=value] (one override, e.g. --set tasks.durationJitter=0.5)
 */
import { simulate } from '../src/actors/simulate.js';
import { InputError } from '../src/cli/errors.js';
import { loadScenarioFlags } from '../src/cli/load-scenario.js';
import { readJsonFile } from '../src/cli/json-file.js';
import { parseSet } from '../src/cli/set-argument.js';
import { variantsOf } from '../src/core/scenario.js';
import { readFlags } from './flags.js';

const flags = readFlags({ script: 'speedup-interval', usage: 'usage: node dist/bench/speedup-interval.js [scenario] [--base "Naive fair"] [--variant "Fair + delay"] [--seeds 10] [--set path=value]',
  flags: { '--base': 'value', '--variant': 'value', '--seeds': 'value', '--set': 'value' }, positionals: { min: 0, max: 1 } });
const file = flags.positionals[0] ?? 'scenarios/fb-macro-io.json';
const base = flags.text('--base') ?? 'Naive fair';
const variant = flags.text('--variant') ?? 'Fair + delay';
const seeds = flags.count('--seeds', 10, 2);
const set = flags.text('--set');
const sets: Array<[string, unknown]> = set === undefined ? [] : [flags.input(() => parseSet(set))];
// Both variants read before any seed runs: a misspelt one was a stack trace after the first seed's base run. Each is
// named by its own flag (a misspelt --base was reported as "--variant <name>"); only those two are loaded (a --set
// that another variant refuses is no concern of theirs).
flags.input(() => {
  const raw = readJsonFile(file, 'scenario');
  const names = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? variantsOf(raw as Record<string, unknown>).map((v) => v.name).filter((n) => n !== '') : [];
  for (const [flag, name] of [['--base', base], ['--variant', variant]] as const) {
    if (names.length > 0 && !names.includes(name)) throw new InputError(`${file}: ${flag} ${name}: no such variant (have ${names.map((n) => `"${n}"`).join(', ')})`);
  }
  loadScenarioFlags(file, sets, 1, [...new Set([base, variant])]);
});

/** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom. */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

const meanResponse = async (name: string, seed: number): Promise<number> => {
  const v = loadScenarioFlags(file, sets, seed, name).variants[0];
  return (await simulate(v.scenario, { variant: name, timeDecisions: false, trace: v.trace })).summary.meanResponseMs;
};

const speedups: number[] = [];
for (let seed = 1; seed <= seeds; seed++) {
  const s = (await meanResponse(base, seed)) / (await meanResponse(variant, seed));
  speedups.push(s);
  process.stdout.write(`seed ${seed}: ${s.toFixed(4)}\n`);
}
const n = speedups.length;
const mean = speedups.reduce((a, b) => a + b, 0) / n;
const sd = Math.sqrt(speedups.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
const half = (T975[Math.min(n - 1, T975.length) - 1] * sd) / Math.sqrt(n);
process.stdout.write(`${variant} over ${base}${set === undefined ? '' : ` (--set ${set})`}, ${n} seeds: speedup ${mean.toFixed(4)}, 95% interval [${(mean - half).toFixed(4)}, ${(mean + half).toFixed(4)}] (half-width ${half.toFixed(4)}, sd ${sd.toFixed(4)})\n`);
