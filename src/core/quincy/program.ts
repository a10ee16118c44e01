/**
 * A flow network as a linear program: a column per arc (0 <= flow <= capacity, cost per unit), a row per vertex but
 * the sink (flow out - flow in = its supply: its tasks at a supply vertex, 0 at an aggregator; the sink's row is implied). The
 * constraint matrix of a network is totally unimodular, so a basic optimal solution (the simplex method's) is
 * integral: a supply vertex's k units take whole paths, one per task.
 */
import type { LinearProgram } from '../framework/lp-solver.js';
import type { FlowNetwork } from './network.js';

export function networkProgram(net: FlowNetwork): LinearProgram {
  const arcs = net.from.length;
  const rows = net.vertices - 1; // the sink (the last vertex) has no row
  const starts = new Int32Array(arcs + 1);
  const indices = new Int32Array(arcs * 2);
  const values = new Float64Array(arcs * 2);
  let k = 0;
  for (let a = 0; a < arcs; a++) {
    starts[a] = k;
    // Rows in increasing order within a column: from and to, each unless the sink.
    const f = net.from[a];
    const t = net.to[a];
    const entries: Array<[number, number]> = [];
    if (f !== net.sink) entries.push([f, 1]);
    if (t !== net.sink) entries.push([t, -1]);
    entries.sort((x, y) => x[0] - y[0]);
    for (const [row, v] of entries) {
      indices[k] = row;
      values[k++] = v;
    }
  }
  starts[arcs] = k;
  const rowLower = new Float64Array(rows);
  const g = net.groups;
  for (let v = 0; v < g.count; v++) rowLower[v] = g.start[v + 1] - g.start[v];
  return {
    numCols: arcs, numRows: rows, colCost: net.cost, colUpper: net.cap,
    rowLower, rowUpper: rowLower.slice(),
    starts, indices: indices.subarray(0, k), values: values.subarray(0, k),
  };
}
