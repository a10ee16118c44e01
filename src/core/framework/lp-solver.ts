/**
 * A linear-program solver, injected: src/core does no I/O, and a WebAssembly solver loads asynchronously, so the
 * runtime (src/actors/highs-solver.ts: HiGHS from the npm registry) hands one to a run whose policy asks for it
 * (PolicyPlugin.needsSolver) through PluginContext.solver.
 */

/**
 * minimize colCost . x  subject to  0 <= x <= colUpper  and  rowLower <= A x <= rowUpper, with A in compressed
 * sparse columns (column j's entries at starts[j] .. starts[j + 1]: rows indices[k], coefficients values[k]).
 */
export interface LinearProgram {
  readonly numCols: number;
  readonly numRows: number;
  readonly colCost: Float64Array;
  readonly colUpper: Float64Array;
  readonly rowLower: Float64Array;
  readonly rowUpper: Float64Array;
  readonly starts: Int32Array;
  readonly indices: Int32Array;
  readonly values: Float64Array;
}

export interface LpSolver {
  /**
   * An optimal basic solution's column values; throws when the program has none (infeasible, or the solver failed).
   * A basic solution of a network flow program with integer bounds is integral.
   */
  solve(lp: LinearProgram): Float64Array;
}
