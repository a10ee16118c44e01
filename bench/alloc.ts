/**
 * Where a run allocates: V8's sampling heap profiler, counting objects already collected too (garbage is what
 * costs young-generation GC time), summed by allocating function. Prints total MB, bytes per heartbeat and the top
 * functions.
 * Usage: npm run build && node dist/bench/alloc.js <scenario.json> [--top n]   (a scenario with variants: the first)
 */
import { Session } from 'node:inspector/promises';
import { simulate } from '../src/actors/simulate.js';
import { table } from '../src/cli/format.js';
import { loadScenario } from '../src/cli/load-scenario.js';
import { readFlags } from './flags.js';

interface ProfileNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: ProfileNode[] }

const flags = readFlags({ script: 'alloc', usage: 'usage: node dist/bench/alloc.js <scenario.json> [--top n]', flags: { '--top': 'value' }, positionals: { min: 1, max: 1, names: ['<scenario.json>'] } });
const file = flags.positionals[0];
const top = flags.count('--top', 15, 1);
const { scenario, trace } = flags.input(() => loadScenario(file).variants[0]);

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', { samplingInterval: 32768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
const r = await simulate(scenario, { trace });
const { profile } = await session.post('HeapProfiler.stopSampling');

const bytes = new Map<string, number>();
let total = 0;
const walk = (n: ProfileNode): void => {
  const f = n.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  bytes.set(key, (bytes.get(key) ?? 0) + n.selfSize);
  total += n.selfSize;
  n.children.forEach(walk);
};
walk(profile.head as ProfileNode);
const mb = (b: number) => (b / 1e6).toFixed(1);
process.stdout.write(`${file}: ${mb(total)} MB allocated, ${(total / r.run.heartbeats).toFixed(0)} bytes per heartbeat\n`);
const rows = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, b]) => [k, mb(b)]);
process.stdout.write(`${table(['allocated by', 'MB'], rows, 1)}\n`);
