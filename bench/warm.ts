/**
 * Cases measured warm: V8's warm-up (a fixed cost that `hfsim bench` includes, as a user's fresh process does) is
 * left out, so what remains of the scale curve is the cost that grows with the cluster.
 * - First the warm-up: the smallest selected case runs `--warmup` times unmeasured (V8 optimizes code, not data, so
 *   warm code at 600 nodes is warm code at 10,000; 600 nodes took 629, 496, 421, 411, 393 ns per heartbeat in
 *   runs 1 to 5 of one process).
 * - Then each case runs `--runs` times; the table shows every run and the best (other work on the machine only ever
 *   slows a run). For scale cases, the cost relative to the first size.
 * Usage: npm run build && node dist/bench/warm.js [--runs n] [--warmup n] [--only text]
 *   --only matches case names of the full suite (default: the scale curve), e.g. `scale-4800` or `fair+skip`.
 */
import { simulate } from '../src/actors/simulate.js';
import { table } from '../src/cli/format.js';
import type { Scenario } from '../src/core/scenario.js';
import { readFlags } from './flags.js';
import { caseScenario, suite } from './suites.js';

const flags = readFlags({ script: 'warm', usage: 'usage: node dist/bench/warm.js [--runs n] [--warmup n] [--only text]', flags: { '--runs': 'value', '--warmup': 'value', '--only': 'value' } });
const runs = flags.count('--runs', 3, 1);
const warmups = flags.count('--warmup', 4, 0);
const only = flags.text('--only');

const cases = suite('full').filter((s) => s.raw !== undefined && (only === undefined ? s.group === 'scale' : s.name.includes(only)));
if (cases.length === 0) flags.refuse(`no case of the full suite matches --only ${only} (inline cases: scale-600 .. scale-10000, latency-600 <policy>, pools-1000 hfs .. pools-8000 hfs, pools-1000 capacity .. pools-8000 capacity)`);
const scenarios = cases.map(caseScenario);

const nsPerHeartbeat = async (scenario: Scenario): Promise<number> => {
  const r = await simulate(scenario, { variant: '' });
  return r.run.wallMs * 1e6 / r.run.heartbeats;
};

const smallest = scenarios.reduce((a, b) => (b.cluster.racks * b.cluster.nodesPerRack < a.cluster.racks * a.cluster.nodesPerRack ? b : a));
for (let i = 0; i < warmups; i++) process.stderr.write(`warm-up ${i + 1}/${warmups}: ${(await nsPerHeartbeat(smallest)).toFixed(0)} ns per heartbeat\n`);

const rows: string[][] = [];
let base: number | undefined;
for (let c = 0; c < cases.length; c++) {
  const ns: number[] = [];
  for (let i = 0; i < runs; i++) ns.push(await nsPerHeartbeat(scenarios[c]));
  const best = Math.min(...ns);
  const scale = cases[c].group === 'scale';
  if (scale) base ??= best;
  rows.push([cases[c].name, ns.map((x) => x.toFixed(0)).join(', '), best.toFixed(0), scale ? (best / base!).toFixed(2) : '']);
  process.stderr.write(`${cases[c].name}: ${ns.map((x) => x.toFixed(0)).join(', ')} ns per heartbeat\n`);
}
process.stdout.write(`${table(['case', `ns per heartbeat, runs 1..${runs}`, 'best', 'best, relative'], rows, 1)}\n`);
