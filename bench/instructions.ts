/**
 * Work per heartbeat, counted: the instructions a case executes, by valgrind (cachegrind), divided by its heartbeats.
 * A count, not a time: the same build gives nearly the same count whatever else the machine does, where wall time
 * drifts by 10-25% within minutes on a shared VM. Read beside the warm curve (warm.ts), it separates work that grows
 * with the cluster (instructions per heartbeat rise) from memory that does (they stay flat while the time rises).
 *
 * For each case, two processes run under valgrind: one runs `--warmup` runs of the smallest case, the other the same
 * warm-ups and then the case once; the difference is the case's own instructions, without Node's start-up or V8's
 * first compilation. The children run `node --single-threaded`: V8 compiles and collects garbage on the main thread
 * (all of it counted), so a count repeats: two baseline runs gave 8,976,949,475 and 8,983,393,500 instructions,
 * where with V8's helper threads, whose share of the work varies from run to run, three gave 9.45e9 to 14.9e9.
 * `--cache` also simulates a cache of the given size (`--cache 512K`: this VM's L2) and counts its data misses per
 * heartbeat; it runs about 4x slower than the plain count.
 *
 * Usage: npm run build && node dist/bench/instructions.js [--only text] [--warmup n] [--cache size]
 *   Default cases: scale-600 and scale-2400 (about 2 and 5 minutes: valgrind runs the simulator ~70x slower);
 *   `--only scale` runs the whole curve (scale-10000 alone takes about 12 minutes).
 * Exits 2 when valgrind is missing (Debian: apt-get install valgrind).
 */
import { execFileSync } from 'node:child_process';
import { runToEnd } from './run-to-end.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate } from '../src/actors/simulate.js';
import { table } from '../src/cli/format.js';
import { readFlags } from './flags.js';
import { caseScenario, suite } from './suites.js';

const SMALLEST = 'scale-600';
const child = process.argv[2] === '--child';

const scenarioOf = (name: string) => {
  const spec = suite('full').find((c) => c.name === name && c.raw !== undefined);
  if (spec === undefined) throw new Error(`no inline case ${name}`);
  return caseScenario(spec);
};

if (child) {
  // --child <warm-ups> [case]: the warm-ups, then the case once; prints the case's heartbeats.
  const warmups = Number(process.argv[3]);
  for (let i = 0; i < warmups; i++) await simulate(scenarioOf(SMALLEST), { variant: '' });
  const name = process.argv[4];
  if (name !== undefined) process.stdout.write(`${(await simulate(scenarioOf(name), { variant: '' })).run.heartbeats}\n`);
} else {
  const flags = readFlags({ script: 'instructions', usage: 'usage: node dist/bench/instructions.js [--only text] [--warmup n] [--cache size]', flags: { '--only': 'value', '--warmup': 'value', '--cache': 'value' } });
  const only = flags.text('--only');
  const warmups = flags.count('--warmup', 2, 0);
  const cache = flags.text('--cache');
  if (cache !== undefined && !/^[1-9]\d*[KM]?$/.test(cache)) flags.refuse(`--cache must be a size like 512K or 1M, got "${cache}"`);
  const names = suite('full').filter((c) => c.group === 'scale' && (only === undefined ? [SMALLEST, 'scale-2400'].includes(c.name) : c.name.includes(only))).map((c) => c.name);
  if (names.length === 0) flags.refuse(`no scale case of the full suite matches --only ${only} (scale-600 .. scale-10000)`);
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    process.stderr.write('instructions: valgrind not found (Debian: apt-get install valgrind)\n');
    process.exit(2);
  }
  const bytes = cache === undefined ? 0 : Number.parseInt(cache, 10) * (cache.endsWith('M') ? 1 << 20 : cache.endsWith('K') ? 1 << 10 : 1);
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-instructions-'));
  const self = fileURLToPath(import.meta.url);

  /** Valgrind's counts for one child run: instructions and (with --cache) last-level data misses, and its stdout. */
  const measure = async (args: string[]): Promise<{ ir: number; misses: number; out: string }> => {
    const file = join(dir, `cg-${args.join('-')}.out`);
    const tool = ['--tool=cachegrind', `--cachegrind-out-file=${file}`, cache === undefined ? '--cache-sim=no' : `--cache-sim=yes`];
    if (cache !== undefined) tool.push(`--LL=${bytes},16,64`);
    const run = await runToEnd('valgrind', [...tool, process.execPath, '--single-threaded', self, '--child', ...args]);
    if (run.status !== 0) throw new Error(`valgrind exited ${run.status}: ${run.stderr.slice(-2000)}`);
    const summary = readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith('summary:'));
    if (summary === undefined) throw new Error(`no summary in ${file}`);
    const events = readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith('events:'))!.split(/\s+/).slice(1);
    const values = summary.split(/\s+/).slice(1).map(Number);
    const at = (e: string) => (events.includes(e) ? values[events.indexOf(e)] : 0);
    return { ir: at('Ir'), misses: at('DLmr') + at('DLmw'), out: run.stdout };
  };

  try {
    process.stderr.write(`baseline: ${warmups} warm-up runs of ${SMALLEST} under valgrind\n`);
    const base = await measure([String(warmups)]);
    const rows: string[][] = [];
    let first: number | undefined;
    for (const name of names) {
      const started = Date.now();
      const m = await measure([String(warmups), name]);
      const heartbeats = Number(m.out.trim().split('\n').pop());
      const ir = (m.ir - base.ir) / heartbeats;
      first ??= ir;
      const row = [name, heartbeats.toLocaleString('en-US'), ir.toFixed(0), (ir / first).toFixed(2)];
      if (cache !== undefined) row.push(((m.misses - base.misses) / heartbeats).toFixed(2));
      rows.push(row);
      process.stderr.write(`${name}: ${ir.toFixed(0)} instructions per heartbeat (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    }
    const head = ['case', 'heartbeats', 'instructions per heartbeat', 'relative'];
    if (cache !== undefined) head.push(`misses of a ${cache} cache per heartbeat`);
    process.stdout.write(`${table(head, rows, 1)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
