/**
 * The LP solver a run gets when its policy needs one (Quincy): HiGHS 1.15 compiled to WebAssembly (npm "highs": no
 * native add-on, no network; the .wasm ships in the package), dual simplex without presolve (the fastest here on
 * Quincy's graphs: 17 ms at 300 tasks x 20 nodes, 40 ms at 1,000 x 100, 0.5 s at 3,000 x 100), so each solution is
 * basic, hence integral on a network. Loading is asynchronous (once per thread); solving is synchronous. Each solve's
 * wall time and size is recorded for the run's report (never for the digest).
 */
import type { Highs } from 'highs';
import type { LinearProgram, LpSolver } from '../core/framework/lp-solver.js';

/**
 * HiGHS's loader, imported at the first run that needs it (its 168 KB of glue is no part of other runs' start-up).
 * The package's types describe a CommonJS module; Node's ESM import resolves to its ES module, whose default is the loader.
 */
const loadHighs = async (): Promise<Highs> => ((await import('highs')) as unknown as { default: () => Promise<Highs> }).default();

let runtime: Promise<Highs> | undefined;

/** Wall time and size of a run's solves. */
export interface SolverReport {
  solver: string;
  solves: number;
  totalMs: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Columns (arcs) and rows (vertices) of the programs solved: mean and largest. */
  meanColumns: number;
  maxColumns: number;
  maxRows: number;
}

export class TimedSolver implements LpSolver {
  private readonly ms: number[] = [];
  private columns = 0;
  private maxColumns = 0;
  private maxRows = 0;

  constructor(private readonly highs: Highs) {}

  solve(lp: LinearProgram): Float64Array {
    const t0 = performance.now();
    const model = {
      numCols: lp.numCols, numRows: lp.numRows, colCost: lp.colCost, colLower: new Float64Array(lp.numCols), colUpper: lp.colUpper,
      rowLower: lp.rowLower, rowUpper: lp.rowUpper,
      matrix: { format: 'csc' as const, numRows: lp.numRows, numCols: lp.numCols, starts: lp.starts, indices: lp.indices, values: lp.values },
    };
    const x = this.highs.withModel(model, (m) => {
      m.options.set({ output_flag: false, solver: 'simplex', presolve: 'off' });
      m.run();
      const status = m.getModelStatus();
      if (status !== this.highs.constants.modelStatus.optimal) throw new Error(`HiGHS found no optimal solution (model status ${String(status)}) for a program of ${lp.numCols} columns and ${lp.numRows} rows`);
      return Float64Array.from(m.getSolution().colValue);
    });
    this.ms.push(performance.now() - t0);
    this.columns += lp.numCols;
    this.maxColumns = Math.max(this.maxColumns, lp.numCols);
    this.maxRows = Math.max(this.maxRows, lp.numRows);
    return x;
  }

  report(): SolverReport {
    const sorted = [...this.ms].sort((a, b) => a - b);
    const n = sorted.length;
    // Nearest rank, as the decision latencies' HdrHistogram: the least value with at least q of the solves at or below it.
    const at = (q: number): number => (n === 0 ? 0 : sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]);
    const r2 = (v: number): number => Math.round(v * 100) / 100;
    const total = sorted.reduce((a, b) => a + b, 0);
    return {
      solver: `HiGHS ${this.highs.version.string}`, solves: n, totalMs: Math.round(total), meanMs: r2(n === 0 ? 0 : total / n),
      p50Ms: r2(at(0.5)), p99Ms: r2(at(0.99)), maxMs: r2(at(1)),
      meanColumns: n === 0 ? 0 : Math.round(this.columns / n), maxColumns: this.maxColumns, maxRows: this.maxRows,
    };
  }
}

/** A solver with its own statistics, on this thread's HiGHS runtime (loaded at the first call). */
export async function loadSolver(): Promise<TimedSolver> {
  runtime ??= loadHighs();
  return new TimedSolver(await runtime);
}
