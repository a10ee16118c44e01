/**
 * In-process against threads (1, 2, 4 workers) at 600, 3,000 and 10,000 nodes: wall, heartbeats per second, bytes
 * per epoch, master time against rack time, and a check that every digest agrees.
 * Usage: npm run build && node dist/bench/threads.js [--repeat n] [--only scale-3000]
 */
import { simulate } from '../src/actors/simulate.js';
import { table } from '../src/cli/format.js';
import { loadScenario } from '../src/cli/load-scenario.js';
import { readFlags } from './flags.js';

const flags = readFlags({ script: 'threads', usage: 'usage: node dist/bench/threads.js [--repeat n] [--only scale-3000]', flags: { '--repeat': 'value', '--only': 'value' } });
const repeat = flags.count('--repeat', 1, 1);
const only = flags.text('--only');
const FILES = ['scenarios/facebook-day-600.json', 'scenarios/scale-3000.json', 'scenarios/scale-10000.json'];
// An --only that matches no file printed an empty table, exit 0.
if (only !== undefined && !FILES.some((f) => f.includes(only))) flags.refuse(`no scenario matches --only ${only} (${FILES.join(', ')})`);
const RUNTIMES: Array<{ label: string; runtime: 'inprocess' | 'threads'; workers?: number }> = [
  { label: 'in-process', runtime: 'inprocess' },
  { label: 'threads x1', runtime: 'threads', workers: 1 },
  { label: 'threads x2', runtime: 'threads', workers: 2 },
  { label: 'threads x4', runtime: 'threads', workers: 4 },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows: string[][] = [];
for (const file of FILES) {
  if (only !== undefined && !file.includes(only)) continue;
  const { scenario } = flags.input(() => loadScenario(file).variants[0]);
  const nodes = scenario.cluster.racks * scenario.cluster.nodesPerRack;
  const digests = new Set<string>();
  for (const rt of RUNTIMES) {
    const runs = [];
    for (let i = 0; i < repeat; i++) runs.push(await simulate(scenario, { runtime: rt.runtime, workers: rt.workers, timeDecisions: false }));
    runs.forEach((r) => digests.add(r.digest));
    const r = runs[0];
    const wall = median(runs.map((x) => x.run.wallMs));
    rows.push([scenario.name, String(nodes), `${scenario.cluster.racks}`, rt.label, String(r.run.workers), String(wall),
      Math.round(r.run.heartbeats / (wall / 1000)).toLocaleString('en-US'), r.run.bytesPerEpoch.toLocaleString('en-US'),
      String(median(runs.map((x) => x.run.masterMs))), String(median(runs.map((x) => x.run.racksMs))), digests.size === 1 ? 'same' : 'DIFFERS']);
  }
}
console.log(`node ${process.version}, median of ${repeat} run(s); rack ms = waiting for all racks' batches (their work plus transport)`);
console.log(table(['scenario', 'nodes', 'racks', 'runtime', 'workers', 'wall ms', 'heartbeats/s', 'bytes/epoch', 'master ms', 'rack ms', 'digest'], rows, 4));
