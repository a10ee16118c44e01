/**
 * Sweep scaling: one sweep of the IO-heavy macrobenchmark (fb-macro-io, 1,000 jobs, fair + delay, W1 in 0, 1, 2 ...
 * s x seeds) run on 1 worker and on more, alternating, and where its time goes: besides the wall time and speed-up,
 * the summed wall time of the points (what the simulations took in their workers: more than on 1 worker means
 * slower points, from cold JIT in each new worker or cores competing) and the workers' utilization (that sum over
 * workers x wall: the rest is start-up, hand-over and the idle tail).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDING_SIGNALS, atEndingSignal } from '../src/cli/ending-signals.js';
import type { PoolKind } from '../src/actors/pool.js';
import { loadSweep } from '../src/cli/sweep-file.js';
import { type SweepTimings, runSweep } from '../src/cli/sweep-run.js';
import { type SweepPhases, phasesLine, sweepPhases } from './sweep-phases.js';

export interface ScalingSpec {
  /** fb-macro-io's jobs in each point (default 1,000). */
  jobs?: number;
  /** Values of W1 (0, 1, 2 ... s) and seeds: points = w1 x seeds. */
  w1: number;
  seeds: number;
  workers: number[];
  pools: PoolKind[];
  repeat: number;
  /** Node and V8 flags of each worker process. */
  workerFlags?: string[];
}

export interface ScalingRun {
  pool: PoolKind;
  workers: number;
  wallMs: number[];
  /** Summed wall time of the points, per run. */
  pointMs: number[];
  /** Where each run's time went (worker processes only). */
  phases: SweepPhases[];
}

export interface ScalingResult {
  points: number;
  /** sha256 digests of the points, in point order, joined: the same for every run, or the sweep is not deterministic. */
  digests: string;
  runs: ScalingRun[];
}

const ROOT = join(import.meta.dirname, '..', '..'); // dist/bench -> the repository

export async function measureScaling(spec: ScalingSpec, progress?: (line: string) => void): Promise<ScalingResult> {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-bench-sweep-'));
  // A Ctrl-C or a kill ends the process before the finally below: the folder was left in the temporary one each time.
  const stopListening = atEndingSignal(ENDING_SIGNALS, () => rmSync(dir, { recursive: true, force: true }));
  try {
    const file = join(dir, 'bench.sweep.json');
    writeFileSync(file, JSON.stringify({
      name: `bench-${spec.w1 * spec.seeds}`,
      base: join(ROOT, 'scenarios', 'fb-macro-io.json'),
      set: { 'workload.jobs': spec.jobs ?? 1000 }, // 1,000: 10 x the benchmark's 100 jobs, ~0.5 s a point on a fast core
      axes: { variant: ['Fair + delay'], 'scheduler.delay.nodeMs': Array.from({ length: spec.w1 }, (_, i) => i * 1000) },
      seeds: Array.from({ length: spec.seeds }, (_, i) => i + 1),
    }));
    const sweep = loadSweep(file);
    const runs: ScalingRun[] = spec.pools.flatMap((pool) => spec.workers.map((workers) => ({ pool, workers, wallMs: [], pointMs: [], phases: [] })));
    let digests = '';
    for (let i = 0; i < spec.repeat; i++) {
      for (const run of runs) { // alternate, so drift in machine load hits every configuration
        const out = join(dir, `out-${i}-${run.pool}-${run.workers}`);
        const started = performance.now();
        const timings: SweepTimings = { startedAt: 0, poolAt: 0, workers: [], points: [], answeredAt: 0, loggedAt: 0, finalizedAt: 0, closedAt: 0 };
        const r = await runSweep(sweep, { out, parallel: run.workers, pool: run.pool, workerFlags: spec.workerFlags, progress: false, timings });
        const ms = performance.now() - started;
        rmSync(out, { recursive: true });
        const d = [...r.records].sort((a, b) => a.index - b.index).map((x) => x.digest).join();
        if (digests !== '' && d !== digests) throw new Error(`${run.workers} ${run.pool}: results differ between runs: the sweep is not deterministic`);
        digests = d;
        run.wallMs.push(Math.round(ms));
        run.pointMs.push(r.records.reduce((a, x) => a + x.run.wallMs, 0));
        const phases = timings.points.length === r.records.length ? sweepPhases(timings) : undefined;
        if (phases) run.phases.push(phases);
        progress?.(`[${i + 1}/${spec.repeat}] ${run.workers} ${run.pool}: ${(ms / 1000).toFixed(2)} s${phases ? `; ${phasesLine(phases)}` : ''}`);
      }
    }
    return { points: sweep.points.length, digests, runs };
  } finally {
    stopListening();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
