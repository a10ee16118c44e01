/**
 * The largest program one Quincy decision may build for a workload's largest job, checked before the run against
 * limits.ts's MAX_QUINCY_ARCS. Every job's maps all wait at the first decision after its submission (Quincy launches
 * only what a solution places), so a decision holds at least that job's supply vertices: its waiting maps grouped by
 * input computers (groups.ts), at most min(maps, distinct sets of up to R computers), plus with kills the running maps
 * (one vertex each, at most the cluster's map slots). A vertex has at most 3 + 2R arcs (its unscheduled vertex, X, R
 * racks, R computers, and a running map's own computer); the aggregators add a few per rack and computer. And what
 * the decisions cost while that job drains (a decision every heartbeat interval while its maps wait), against
 * MAX_QUINCY_MAP_VISITS.
 */
import { MAX_QUINCY_ARCS, MAX_QUINCY_MAP_VISITS } from '../limits.js';

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
  /** The cluster's map slots. */
  mapSlots: number;
  /** The job's map time (ms) and the field that sets it, and the heartbeat interval (ms): Quincy decides once each. */
  mapMs: number;
  mapField: string;
  heartbeatMs: number;
}

/** A solve's own cost in map visits: about 0.14 ms of set-up and HiGHS's call (1 node: 76,020 solves of 20 maps took 12.8 s). */
export const DECISION_VISITS = 300;
/** A solve's cost an arc of the quincyArcs bound, in map visits (HiGHS took about 4 us a column; the bound is 1.5 to 4 times the columns solved). */
export const ARC_VISITS = 2;

/**
 * The decisions while the largest job drains: Quincy solves once a heartbeat interval while maps wait, and a slot-full
 * of them leaves a wave: each map runs its time in whole intervals, and the slot it frees waits an interval for the next
 * solve (one job of 1,900 maps of 40 s on one slot at 1 s: 1,900 waves of 41, 77,860 solves).
 */
function quincyDecisions(s: Pick<QuincySize, 'maps' | 'mapSlots' | 'mapMs' | 'heartbeatMs'>): { waves: number; perWave: number } {
  return { waves: Math.ceil(s.maps / Math.max(1, s.mapSlots)), perWave: Math.ceil(s.mapMs / s.heartbeatMs) + 1 };
}

/**
 * What the decisions cost while the largest job drains, in map visits (about 0.45 us each here): each decision builds
 * its graph from every waiting map (the k-th wave's maps - k x slots, and with kills the running maps too) and solves a
 * program of up to quincyArcs arcs, a solve costing about DECISION_VISITS visits and ARC_VISITS an arc of that bound.
 * Fitted on 22 runs (limits.ts: MAX_QUINCY_MAP_VISITS): 0.45 to 1.2 times their CPU time (of 2 s and more).
 */
export function quincyMapVisits(s: QuincySize): number {
  const { waves, perWave } = quincyDecisions(s);
  const waiting = waves * s.maps - (Math.max(1, s.mapSlots) * waves * (waves - 1)) / 2;
  return perWave * (waiting + waves * (Math.min(s.running, s.maps) + DECISION_VISITS + ARC_VISITS * quincyArcs(s)));
}

/** Input sets of 1 to `r` of `n` computers, counted up to `cap` (past it the count does not matter). */
export function inputSets(n: number, r: number, cap: number): number {
  let sets = 0;
  let choose = 1;
  for (let k = 1; k <= Math.min(r, n) && sets < cap; k++) {
    choose = (choose * (n - k + 1)) / k;
    sets += choose;
  }
  return Math.min(sets, cap);
}

/** The arcs a decision may reach for the largest job (see above). */
export function quincyArcs(s: Pick<QuincySize, 'maps' | 'nodes' | 'racks' | 'replicas' | 'running'>): number {
  const vertices = inputSets(s.nodes, s.replicas, s.maps) + Math.min(s.running, s.maps);
  return Math.min(s.maps, vertices) * (3 + 2 * Math.min(s.replicas, s.nodes)) + 1 + s.racks + 2 * s.nodes;
}

/** The error for a workload whose largest job would build a program over the limit, or cost too many map visits, or undefined. */
export function quincySizeError(s: QuincySize): string | undefined {
  const arcs = quincyArcs(s);
  if (arcs <= MAX_QUINCY_ARCS) {
    const visits = quincyMapVisits(s);
    if (visits <= MAX_QUINCY_MAP_VISITS) return undefined;
    const { waves, perWave } = quincyDecisions(s);
    return `${s.field}: a job of ${s.maps} maps under policy quincy on ${s.mapSlots} map slots, maps of ${Math.round(s.mapMs)} ms (${s.mapField}) at heartbeats of ${s.heartbeatMs} ms: ` +
      `about ${waves * perWave} decisions while it drains (${waves} waves of ${perWave} intervals), each building its graph from every waiting map and solving a program of up to ${arcs} arcs: ` +
      `${Math.round(visits)} map visits, above the limit of ${MAX_QUINCY_MAP_VISITS} (half a minute of run): ` +
      'give it fewer or shorter maps, the cluster more slots or a longer cluster.heartbeatMs, or use another policy';
  }
  return `${s.field}: a job of ${s.maps} maps under policy quincy makes a decision program of up to ${Math.round(arcs)} arcs ` +
    `(${s.nodes} nodes, up to ${s.replicas} replicas a block${s.running > 0 ? ', kills on' : ''}), above the limit of ${MAX_QUINCY_ARCS} arcs a decision ` +
    `(about 50 ms of solver time, re-solved every heartbeat interval): give it fewer maps, or use another policy`;
}
