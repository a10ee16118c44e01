/**
 * The largest program one Quincy decision may build for a workload's largest job, checked before the run against
 * limits.ts's MAX_QUINCY_ARCS. Every job's maps all wait at the first decision after its submission (Quincy launches
 * only what a solution places), so a decision holds at least that job's supply vertices: its waiting maps grouped by
 * input computers (groups.ts), at most min(maps, distinct sets of up to R computers), plus with kills the running maps
 * (one vertex each, at most the cluster's map slots). A vertex has at most 3 + 2R arcs (its unscheduled vertex, X, R
 * racks, R computers, and a running map's own computer); the aggregators add a few per rack and computer.
 */
import { MAX_QUINCY_ARCS } from '../limits.js';

export interface QuincySize {
  /** The largest job's maps, and the field that sets it. */
  maps: number;
  field: string;
  nodes: number;
  racks: number;
  /** The most replicas a block may have (workload.ts's strideOf). */
  replicas: number;
  /** Running maps in the graph (kills on): the cluster's map slots; 0 without kills. */
  running: number;
}

/** Input sets of 1 to `r` of `n` computers, counted up to `cap` (past it the count does not matter). */
function inputSets(n: number, r: number, cap: number): number {
  let sets = 0;
  let choose = 1;
  for (let k = 1; k <= Math.min(r, n) && sets < cap; k++) {
    choose = (choose * (n - k + 1)) / k;
    sets += choose;
  }
  return Math.min(sets, cap);
}

/** The arcs a decision may reach for the largest job (see above). */
export function quincyArcs(s: QuincySize): number {
  const vertices = inputSets(s.nodes, s.replicas, s.maps) + Math.min(s.running, s.maps);
  return Math.min(s.maps, vertices) * (3 + 2 * Math.min(s.replicas, s.nodes)) + 1 + s.racks + 2 * s.nodes;
}

/** The error for a workload whose largest job would build a program over the limit, or undefined. */
export function quincySizeError(s: QuincySize): string | undefined {
  const arcs = quincyArcs(s);
  if (arcs <= MAX_QUINCY_ARCS) return undefined;
  return `${s.field}: a job of ${s.maps} maps under policy quincy makes a decision program of up to ${Math.round(arcs)} arcs ` +
    `(${s.nodes} nodes, up to ${s.replicas} replicas a block${s.running > 0 ? ', kills on' : ''}), above the limit of ${MAX_QUINCY_ARCS} arcs a decision ` +
    `(about 50 ms of solver time, re-solved every heartbeat interval): give it fewer maps, or use another policy`;
}
