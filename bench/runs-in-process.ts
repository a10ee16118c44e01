/**
 * A sweep worker's life in one process: the sweep-scaling bench's points (fb-macro-io, 1,000 jobs, Fair + delay, W1 =
 * 0, 1, 2 ... s, seeds 1, 2 ...) run one after another in this process, each timed (wall and this process's CPU, V8's
 * compiler and GC threads included). The first run pays V8's warm-up; a later run slower than the steady state is
 * paying for code compiled again (deopts: hidden classes or call targets that changed between runs).
 *   npm run build && node dist/bench/runs-in-process.js [--runs 8] [--processes 3] [--jobs 1000]
 * Run it with `node --single-threaded` to put the compiles on the main thread (the CPU column then counts them all),
 * or under valgrind for instruction counts (bench/instructions.ts's method: a process of 1 run against one of n).
 */
import { loadScenario } from '../src/cli/load-scenario.js';
import { simulate } from '../src/actors/simulate.js';
import { runToEnd } from './run-to-end.js';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readFlags } from './flags.js';
import { median } from './sweep-scaling.js';

const flags = readFlags({ script: 'runs-in-process', usage: 'usage: node dist/bench/runs-in-process.js [--runs 8] [--processes 3] [--jobs 1000]', flags: { '--runs': 'value', '--processes': 'value', '--jobs': 'value' } });
const runs = flags.count('--runs', 8, 1);
const processes = flags.count('--processes', 3, 0); // 0: a child, its runs as JSON
const jobs = flags.count('--jobs', 1000, 1);
const SCENARIO = join(import.meta.dirname, '..', '..', 'scenarios', 'fb-macro-io.json');

/** This process's runs: [wall ms, CPU ms] each. */
async function timeRuns(): Promise<Array<[number, number]>> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < runs; i++) {
    const { variants } = loadScenario(SCENARIO, [['workload.jobs', jobs], ['scheduler.delay.nodeMs', (i % 8) * 1000]], 1 + Math.floor(i / 8), 'Fair + delay');
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await simulate(variants[0].scenario, { variant: variants[0].name });
    const cpu = process.cpuUsage(cpu0);
    out.push([performance.now() - t0, (cpu.user + cpu.system) / 1000]);
  }
  return out;
}

if (processes === 0) {
  process.stdout.write(JSON.stringify(await timeRuns()) + '\n'); // a child: its runs as JSON
} else {
  const all: Array<Array<[number, number]>> = [];
  for (let p = 0; p < processes; p++) {
    const child = await runToEnd(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--runs', String(runs), '--jobs', String(jobs), '--processes', '0']);
    if (child.status !== 0) throw new Error(`child exited ${child.status}: ${child.stderr}`);
    all.push(JSON.parse(child.stdout) as Array<[number, number]>);
    process.stderr.write(`process ${p + 1}/${processes}: ${all[p].map(([w, c]) => `${Math.round(w)}/${Math.round(c)}`).join(' ')} ms (wall/CPU)\n`);
  }
  const col = (k: 0 | 1, i: number): number => Math.round(median(all.map((r) => r[i][k])));
  const steady = median(all.flatMap((r) => r.slice(Math.min(3, runs - 1)).map(([, c]) => c)));
  console.log(`fb-macro-io (${jobs} jobs, Fair + delay, W1 = run mod 8 s), ${runs} runs in each of ${processes} fresh processes (node ${process.execArgv.join(' ')}); median per run:`);
  console.log(`  wall ms: ${Array.from({ length: runs }, (_, i) => col(0, i)).join(' ')}`);
  console.log(`  CPU ms:  ${Array.from({ length: runs }, (_, i) => col(1, i)).join(' ')}`);
  console.log(`  CPU relative to the runs from the 4th on (${Math.round(steady)} ms): ${Array.from({ length: Math.min(runs, 4) }, (_, i) => (col(1, i) / steady).toFixed(2)).join(' ')}`);
}
