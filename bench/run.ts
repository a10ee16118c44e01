/**
 * First benchmarks: wall time, events per second, decision latency and peak memory of the canonical scenarios.
 * Usage: npm run bench [-- --repeat n] [-- --only name]. Timed runs live here, never in test/.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { table } from '../src/cli/format.js';

const ROOT = join(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const repeat = Number(args[args.indexOf('--repeat') + 1]) || 3;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const CASES: Array<[string, string]> = [
  ['scenarios/fb-macro-io.json', 'FIFO'],
  ['scenarios/fb-macro-io.json', 'Naive fair'],
  ['scenarios/fb-macro-io.json', 'Fair + delay'],
  ['scenarios/facebook-day-600.json', ''],
];

interface Measure { wallMs: number; eventsPerSecond: number; events: number; heartbeats: number; peakRssMB: number; decisionUs: { p50: number; p99: number; max: number }; maps: number; digest: string }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

const rows: string[][] = [];
for (const [file, variant] of CASES) {
  if (only && !file.includes(only)) continue;
  const runs: Measure[] = [];
  for (let i = 0; i < repeat; i++) {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'bench', 'one.js'), file, variant], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${file} ${variant}: ${r.stderr}`);
    runs.push(JSON.parse(r.stdout) as Measure);
  }
  const wall = runs.map((r) => r.wallMs);
  rows.push([
    `${file.replace('scenarios/', '')}${variant ? ` / ${variant}` : ''}`,
    runs[0].maps.toLocaleString('en-US'),
    `${median(wall)} ±${spread(wall)}`,
    median(runs.map((r) => r.eventsPerSecond)).toLocaleString('en-US'),
    runs[0].heartbeats.toLocaleString('en-US'),
    median(runs.map((r) => r.decisionUs.p50)).toFixed(2),
    median(runs.map((r) => r.decisionUs.p99)).toFixed(2),
    String(median(runs.map((r) => r.peakRssMB))),
    new Set(runs.map((r) => r.digest)).size === 1 ? 'same' : 'DIFFERS',
  ]);
}
console.log(`node ${process.version}, ${repeat} runs each, median and spread (max - min); in-process runtime`);
console.log(table(['scenario', 'maps', 'wall ms', 'events/s', 'heartbeats', 'p50 us', 'p99 us', 'peak MB', 'digest'], rows));
