/**
 * The scale curve measured warm: each size of the full suite's scale curve runs `--runs` times in one process and
 * the last run is reported, so V8's warm-up (a fixed cost that `hfsim bench` includes, as a user's fresh process
 * does) is left out and what remains is the cost that grows with the cluster.
 * Usage: npm run build && node dist/bench/warm.js [--runs n] [--only scale-4800]
 */
import { simulate } from '../src/actors/simulate.js';
import { table } from '../src/cli/format.js';
import { parseScenario } from '../src/core/scenario.js';
import { suite } from './suites.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const rows: string[][] = [];
let base: number | undefined;
for (const spec of suite('full').filter((s) => s.group === 'scale' && (only === undefined || s.name.includes(only)))) {
  const parsed = parseScenario(spec.raw);
  if (!parsed.ok) throw new Error(`${spec.name}: ${parsed.errors.join('; ')}`);
  const ns: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await simulate(parsed.value, { variant: '' });
    ns.push(r.run.wallMs * 1e6 / r.run.heartbeats);
  }
  const last = ns[ns.length - 1];
  base ??= last;
  rows.push([spec.name, ns.map((x) => x.toFixed(0)).join(', '), (last / base).toFixed(2)]);
  process.stderr.write(`${spec.name}: ${ns.map((x) => x.toFixed(0)).join(', ')} ns per heartbeat\n`);
}
process.stdout.write(`${table(['case', `ns per heartbeat, runs 1..${runs}`, 'last run, relative'], rows, 1)}\n`);
