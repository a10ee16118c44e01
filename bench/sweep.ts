/**
 * Sweep throughput (bench/sweep-scaling.ts): by default a 16-point sweep on 1 worker and on 2, alternating; the
 * issue's 64-point sweep on 1 .. 16 workers of both pool kinds:
 *   npm run build && node dist/bench/sweep.js [--jobs 1000] [--w1 8 --seeds 8] [--workers 1,2,4,8,16] [--pool processes,threads] [--repeat n] [--json]
 *     [--worker-flags "..."]  (Node/V8 flags of each worker process, instead of src/actors/pool.ts's workerFlags; "" for none)
 * Prints per configuration the median wall time, the speed-up over 1 worker of the same pool, the points' summed
 * wall time against 1 worker's (their slowdown), and the workers' utilization, then where each configuration's time
 * went (bench/sweep-phases.ts). --json prints the measures instead.
 */
import { digits } from '../src/cli/decimal.js';
import { table } from '../src/cli/format.js';
import { POOL_KINDS, type PoolKind } from '../src/actors/pool.js';
import { readFlags } from './flags.js';
import { measureScaling, median } from './sweep-scaling.js';
import { phasesLine } from './sweep-phases.js';

const flags = readFlags({
  script: 'sweep',
  usage: 'usage: node dist/bench/sweep.js [--jobs 1000] [--w1 4 --seeds 4] [--workers 1,2] [--pool processes,threads] [--repeat 3] [--json] [--worker-flags "..."]',
  flags: { '--jobs': 'value', '--w1': 'value', '--seeds': 'value', '--workers': 'value', '--pool': 'value', '--repeat': 'value', '--json': 'switch', '--worker-flags': 'value' },
});
/** A comma-separated list, each item checked; an empty list (--workers "" or ",") is refused, not a sweep of nothing. */
const list = (name: string, fallback: string, wanted: string, ok: (item: string) => boolean): string[] => {
  const items = (flags.text(name) ?? fallback).split(',').filter((x) => x !== '');
  if (items.length === 0 || items.some((x) => !ok(x))) flags.refuse(`${name} must be ${wanted}, got "${flags.text(name)}"`);
  // --workers 1,1 ran and printed the same configuration twice
  const keys = items.map((x) => (/^\d+$/.test(x) ? String(Number(x)) : x)); // 01 is 1
  const twice = items.find((_, i) => keys.indexOf(keys[i]) !== i);
  if (twice !== undefined) flags.refuse(`${name}: ${twice} is given twice, got "${flags.text(name)}"`);
  return items;
};
const workers = list('--workers', '1,2', 'whole numbers from 1, comma-separated (1,2,4)', (x) => digits(x) >= 1).map(digits);
const pools = list('--pool', 'processes', `${POOL_KINDS.join(' and/or ')}, comma-separated`, (x) => POOL_KINDS.includes(x as PoolKind)) as PoolKind[];
const json = flags.has('--json');
const workerFlags = flags.text('--worker-flags')?.split(' ').filter((x) => x !== '');
const jobs = flags.count('--jobs', 1000, 1);
const r = await measureScaling({ workerFlags, jobs, w1: flags.count('--w1', 4, 1), seeds: flags.count('--seeds', 4, 1), workers, pools, repeat: flags.count('--repeat', 3, 1) },
  json ? undefined : (line) => process.stderr.write(`${line}\n`));
if (json) {
  process.stdout.write(JSON.stringify(r) + '\n');
} else {
  const rows = r.runs.map((run) => {
    const one = r.runs.find((x) => x.pool === run.pool && x.workers === 1);
    const wall = median(run.wallMs);
    const points = median(run.pointMs);
    return [run.pool, String(run.workers), (wall / 1000).toFixed(2), one ? `${(median(one.wallMs) / wall).toFixed(2)}x` : '',
      (points / 1000).toFixed(1), one ? `${(points / median(one.pointMs)).toFixed(2)}x` : '', `${Math.round(100 * points / (run.workers * wall))}%`,
      run.wallMs.map((x) => (x / 1000).toFixed(2)).join(' ')];
  });
  console.log(`sweep of ${r.points} points (fb-macro-io with ${jobs} jobs, fair + delay, W1 x seeds), median of ${r.runs[0].wallMs.length} run(s); results identical in every run`);
  console.log(table(['pool', 'workers', 'wall s', 'speed-up', 'points s', 'vs 1 worker', 'utilization', 'runs (s)'], rows, 2));
  console.log('\nwhere the time went (the median run of each; worker processes only):');
  for (const run of r.runs) {
    const p = [...run.phases].sort((a, b) => a.wallMs - b.wallMs)[run.phases.length >> 1];
    if (p) console.log(`${run.pool} ${run.workers}: ${phasesLine(p)}`);
  }
}
