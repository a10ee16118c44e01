/**
 * `hfsim run` of a scenario's variants one after another against side by side, whole commands as a user runs them
 * (Node's start, the modules, the scenario, the variants, the table), alternating, with the digests checked equal:
 *   npm run build && node dist/bench/variants.js [scenario.json] [--parallel 4] [--repeat 7] [--set path=value ...] [--json]
 * Prints each mode's wall times (median first), the speed-up, and the variants' own run times (run.wallMs, median
 * per variant): the rest of a command's time is its start, reading and hand-over; --json also the modes' times as JSON.
 */
import { runToEnd } from './run-to-end.js';
import { join } from 'node:path';
import { loadScenarioFlags } from '../src/cli/load-scenario.js';
import { parseSet } from '../src/cli/set-argument.js';
import { readFlags } from './flags.js';
import { median } from './sweep-scaling.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const flags = readFlags({ script: 'variants', usage: 'usage: node dist/bench/variants.js [scenario.json] [--parallel 4] [--repeat 7] [--set path=value ...] [--json]',
  flags: { '--parallel': 'value', '--repeat': 'value', '--set': 'values', '--json': 'switch' }, positionals: { min: 0, max: 1 } });
const scenario = flags.positionals[0] ?? join(ROOT, 'scenarios', 'fb-macro-io.json');
const parallel = flags.count('--parallel', 4, 2);
const repeat = flags.count('--repeat', 7, 1);
const sets = flags.texts('--set').flatMap((s) => ['--set', s]);
// The scenario and --set read as hfsim run reads them, before any run: a bad one was hfsim run's exit 2 thrown as an Error.
flags.input(() => loadScenarioFlags(scenario, flags.texts('--set').map(parseSet)));

interface Mode { name: string; argv: string[]; wallMs: number[]; variantMs: number[][] }
const modes: Mode[] = [
  { name: 'one after another (--parallel 1)', argv: ['--parallel', '1'], wallMs: [], variantMs: [] },
  { name: `side by side (--parallel ${parallel})`, argv: ['--parallel', String(parallel)], wallMs: [], variantMs: [] },
];
let digests: string | undefined;
for (let i = 0; i < repeat; i++) {
  for (const mode of modes) {
    const started = performance.now();
    const r = await runToEnd(process.execPath, [CLI, 'run', scenario, ...sets, ...mode.argv, '--json']); // a signal to this script reaches the run too
    const ms = performance.now() - started;
    if (r.status !== 0) throw new Error(`hfsim run ${mode.argv.join(' ')} exited ${r.status}: ${r.stderr}`);
    const parsed = JSON.parse(r.stdout) as { digest: string; run: { wallMs: number } } | Array<{ digest: string; run: { wallMs: number } }>;
    const results = Array.isArray(parsed) ? parsed : [parsed];
    const d = results.map((x) => x.digest).join();
    if (digests !== undefined && d !== digests) throw new Error(`${mode.name}: digests differ from the first run's`);
    digests = d;
    mode.wallMs.push(Math.round(ms));
    mode.variantMs.push(results.map((x) => x.run.wallMs));
    process.stderr.write(`[${i + 1}/${repeat}] ${mode.name}: ${Math.round(ms)} ms\n`);
  }
}
const [one, side] = modes;
console.log(`hfsim run ${scenario}${sets.length > 0 ? ' ' + sets.join(' ') : ''}: whole commands, ${repeat} run(s) each, alternating; digests identical in every run`);
for (const mode of modes) {
  const perVariant = mode.variantMs[0].map((_, v) => median(mode.variantMs.map((run) => run[v])));
  console.log(`  ${mode.name}: median ${median(mode.wallMs)} ms (runs ${mode.wallMs.join(' ')}); variants' own run time ${perVariant.join(' / ')} ms`);
}
console.log(`  speed-up: ${(median(one.wallMs) / median(side.wallMs)).toFixed(2)}x`);
if (flags.has('--json')) console.log(JSON.stringify(modes));
