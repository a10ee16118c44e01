/**
 * Where the scheduler's time per heartbeat goes, by what the heartbeat did: the breakdown behind the scale curve's
 * growth. Each heartbeat's decision is timed and sorted into a kind:
 * - launched: it launched a task (a walk of the map queue, launches, possibly reduces);
 * - passed: pass-all.ts answered its map scan without a walk;
 * - free slots, nothing launched: a scan walked the queue and launched nothing (a locality bit left stale), or
 *   there was nothing to scan for (no pending map, no reduce to launch);
 * - no free slot: every slot busy (the node reported because a reduce on it waits to hear its maps are done).
 * "+ finishes" marks heartbeats that also reported finished tasks. The time includes one clock read per heartbeat.
 * Usage: npm run build && node dist/bench/decisions.js [--only text] [--warmup n]   (default: scale-600, scale-10000)
 */
import { runInProcess } from '../src/actors/inprocess.js';
import { MasterActor } from '../src/actors/master-actor.js';
import { table } from '../src/cli/format.js';
import type { Scenario } from '../src/core/scenario.js';
import { readFlags } from './flags.js';
import { caseScenario, suite } from './suites.js';

const flags = readFlags({ script: 'decisions', usage: 'usage: node dist/bench/decisions.js [--only text] [--warmup n]', flags: { '--only': 'value', '--warmup': 'value' } });
const only = flags.text('--only');
const warmups = flags.count('--warmup', 3, 0);

const cases = suite('full').filter((s) => s.raw !== undefined && (only === undefined ? ['scale-600', 'scale-10000'].includes(s.name) : s.name.includes(only)));
if (cases.length === 0) flags.refuse(`no inline case of the full suite matches --only ${only}`);
/** Runs `scenario` with every decision timed and sorted by kind: [heartbeats, total ns] per kind. */
function byKind(scenario: Scenario): { heartbeats: number; kinds: Map<string, [number, number]> } {
  const master = new MasterActor(scenario, { timeDecisions: false });
  const s = master.scheduler;
  const kinds = new Map<string, [number, number]>();
  const heartbeat = s.heartbeat.bind(s);
  s.heartbeat = (node, rank, nowMs, freeMaps, freeReduces, finJob, finTask, from, to, sink) => {
    const launches = s.stats.launches;
    const passes = s.passedScans;
    const t0 = performance.now();
    heartbeat(node, rank, nowMs, freeMaps, freeReduces, finJob, finTask, from, to, sink);
    const ns = (performance.now() - t0) * 1e6;
    const kind = s.stats.launches > launches ? 'launched'
      : s.passedScans > passes ? 'passed'
        : freeMaps > 0 || freeReduces > 0 ? 'free slots, nothing launched' : 'no free slot';
    const key = to > from ? `${kind} + finishes` : kind;
    const k = kinds.get(key) ?? [0, 0];
    k[0]++;
    k[1] += ns;
    kinds.set(key, k);
  };
  runInProcess(master);
  return { heartbeats: s.stats.heartbeats, kinds };
}

const warm = caseScenario(suite('full').find((c) => c.name === 'scale-600')!);
for (let i = 0; i < warmups; i++) byKind(warm);
for (const spec of cases) {
  const { heartbeats, kinds } = byKind(caseScenario(spec));
  let total = 0;
  const rows = [...kinds].sort((a, b) => b[1][1] - a[1][1]).map(([kind, [n, ns]]) => {
    total += ns;
    return [kind, `${(100 * n / heartbeats).toFixed(1)}%`, (ns / n).toFixed(0), (ns / heartbeats).toFixed(1)];
  });
  rows.push(['all', '100%', (total / heartbeats).toFixed(0), (total / heartbeats).toFixed(1)]);
  process.stdout.write(`${spec.name}: ${heartbeats.toLocaleString('en-US')} heartbeats\n${table(['heartbeat kind', 'share', 'ns each', 'ns per heartbeat'], rows, 1)}\n\n`);
}
