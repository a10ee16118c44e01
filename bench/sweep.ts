/**
 * Sweep throughput: a 16-point sweep (the IO-heavy macrobenchmark, 1000 jobs, under fair + delay, W1 in 0, 1, 3, 5 s x 4 seeds)
 * on 1 worker and on 2; prints the wall time of each and the speed-up (DESIGN.md's goal: >= 1.8x on 2 cores).
 *   npm run build && node dist/bench/sweep.js [--repeat n]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSweep } from '../src/cli/sweep-file.js';
import { runSweep } from '../src/cli/sweep-run.js';

const repeatAt = process.argv.indexOf('--repeat');
const repeat = repeatAt > 0 ? Number(process.argv[repeatAt + 1]) : 3;
const root = join(import.meta.dirname, '..', '..'); // dist/bench -> the repository
const dir = mkdtempSync(join(tmpdir(), 'hfsim-bench-sweep-'));
const file = join(dir, 'bench.sweep.json');
writeFileSync(file, JSON.stringify({
  name: 'bench-16',
  base: join(root, 'scenarios', 'fb-macro-io.json'),
  set: { 'workload.jobs': 1000 }, // 10 x the benchmark's 100 jobs: ~0.5 s a point, so pool start-up (~0.3 s a worker) does not dominate
  axes: { variant: ['Fair + delay'], 'scheduler.delay.nodeMs': [0, 1000, 3000, 5000] },
  seeds: [1, 2, 3, 4],
}));
const sweep = loadSweep(file);

async function timed(parallel: number, run: number): Promise<{ ms: number; digests: string }> {
  const out = join(dir, `p${parallel}-${run}`);
  const started = performance.now();
  const r = await runSweep(sweep, { out, parallel, progress: false });
  const ms = performance.now() - started;
  rmSync(out, { recursive: true });
  return { ms, digests: r.records.sort((a, b) => a.index - b.index).map((x) => x.digest).join() };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const walls: Record<1 | 2, number[]> = { 1: [], 2: [] };
let digests = '';
for (let i = 0; i < repeat; i++) {
  for (const p of [1, 2] as const) { // alternate, so drift in machine load hits both
    const t = await timed(p, i);
    if (digests !== '' && t.digests !== digests) throw new Error('results differ between runs: the sweep is not deterministic');
    digests = t.digests;
    walls[p].push(t.ms);
  }
}
rmSync(dir, { recursive: true });
const one = median(walls[1]);
const two = median(walls[2]);
console.log(`sweep of ${sweep.points.length} points (fb-macro-io with 1000 jobs, fair + delay, W1 x seeds), median of ${repeat} runs each:`);
console.log(`  1 worker : ${(one / 1000).toFixed(2)} s  (${walls[1].map((x) => (x / 1000).toFixed(2)).join(', ')})`);
console.log(`  2 workers: ${(two / 1000).toFixed(2)} s  (${walls[2].map((x) => (x / 1000).toFixed(2)).join(', ')})`);
console.log(`  speed-up : ${(one / two).toFixed(2)}x (goal >= 1.8x on 2 cores); results identical: yes`);
