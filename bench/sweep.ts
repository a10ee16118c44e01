/**
 * Sweep throughput (bench/sweep-scaling.ts): by default a 16-point sweep on 1 worker and on 2, alternating; the
 * issue's 64-point sweep on 1 .. 16 workers of both pool kinds:
 *   npm run build && node dist/bench/sweep.js [--jobs 1000] [--w1 8 --seeds 8] [--workers 1,2,4,8,16] [--pool processes,threads] [--repeat n] [--json]
 *     [--worker-flags "..."]  (Node/V8 flags of each worker process, instead of src/actors/pool.ts's workerFlags; "" for none)
 * Prints per configuration the median wall time, the speed-up over 1 worker of the same pool, the points' summed
 * wall time against 1 worker's (their slowdown), and the workers' utilization, then where each configuration's time
 * went (bench/sweep-phases.ts). --json prints the measures instead.
 */
import { table } from '../src/cli/format.js';
import { POOL_KINDS, type PoolKind } from '../src/actors/pool.js';
import { count, flag } from './flags.js';
import { measureScaling, median } from './sweep-scaling.js';
import { phasesLine } from './sweep-phases.js';

const list = (name: string, fallback: string): string[] => (flag(name) ?? fallback).split(',').filter((x) => x !== '');
const workers = list('--workers', '1,2').map(Number);
const pools = list('--pool', 'processes') as PoolKind[];
if (workers.some((w) => !Number.isInteger(w) || w < 1) || pools.some((p) => !POOL_KINDS.includes(p))) {
  process.stderr.write(`--workers: whole numbers from 1, e.g. 1,2,4; --pool: ${POOL_KINDS.join(' and/or ')}\n`);
  process.exit(2);
}
const json = process.argv.includes('--json');
const workerFlags = flag('--worker-flags')?.split(' ').filter((x) => x !== '');
const r = await measureScaling({ workerFlags, jobs: count('--jobs', 1000, 1), w1: count('--w1', 4, 1), seeds: count('--seeds', 4, 1), workers, pools, repeat: count('--repeat', 3, 1) },
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
  console.log(`sweep of ${r.points} points (fb-macro-io with ${count('--jobs', 1000, 1)} jobs, fair + delay, W1 x seeds), median of ${r.runs[0].wallMs.length} run(s); results identical in every run`);
  console.log(table(['pool', 'workers', 'wall s', 'speed-up', 'points s', 'vs 1 worker', 'utilization', 'runs (s)'], rows, 2));
  console.log('\nwhere the time went (the median run of each; worker processes only):');
  for (const run of r.runs) {
    const p = [...run.phases].sort((a, b) => a.wallMs - b.wallMs)[run.phases.length >> 1];
    if (p) console.log(`${run.pool} ${run.workers}: ${phasesLine(p)}`);
  }
}
