/**
 * The largest program one Quincy decision may build for a workload's largest job, checked before the run against
 * limits.ts's MAX_QUINCY_ARCS. Every job's maps all wait at the first decision after its submission (Quincy launches
 * only what a solution places), so a decision holds at least that job's supply vertices: its waiting maps grouped by
 * input computers (groups.ts), at most min(maps, distinct sets of up to R computers), plus with kills the running maps
 * (one vertex each, at most the cluster's map slots). A vertex has at most 3 + 2R arcs (its unscheduled vertex, X, R
 * racks, R computers, and a running map's own computer); the aggregators add a few per rack and computer.
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
}

/**
 * The waiting maps the decisions walk while the largest job drains, at least: its maps leave at most a slot-full a
 * decision, so the k-th decision still holds maps - k x slots of them: about maps^2 / (2 x slots) in all (more when a
 * map outlasts a heartbeat interval). Each decision builds its graph from every waiting map (their input sets, then
 * their groups): past MAX_QUINCY_MAP_VISITS a run takes minutes where the arcs are few (one job of 14,901 maps on 8
 * two-slot nodes: 112 s, against 1.5 s under fair sharing; 32,000: past 150 s).
 */
const quincyMapVisits = (s: Pick<QuincySize, 'maps' | 'mapSlots'>): number => (s.maps * s.maps) / (2 * Math.max(1, s.mapSlots));

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

/** The error for a workload whose largest job would build a program over the limit, or walk too many maps, or undefined. */
export function quincySizeError(s: QuincySize): string | undefined {
  const arcs = quincyArcs(s);
  if (arcs <= MAX_QUINCY_ARCS) {
    const visits = quincyMapVisits(s);
    if (visits <= MAX_QUINCY_MAP_VISITS) return undefined;
    return `${s.field}: a job of ${s.maps} maps under policy quincy on ${s.mapSlots} map slots waits through about ${Math.ceil(s.maps / Math.max(1, s.mapSlots))} decisions, ` +
      `each building its graph from every waiting map: ${Math.round(visits)} map visits, above the limit of ${MAX_QUINCY_MAP_VISITS} (half a minute of run): ` +
      'give it fewer maps or the cluster more slots, or use another policy';
  }
  return `${s.field}: a job of ${s.maps} maps under policy quincy makes a decision program of up to ${Math.round(arcs)} arcs ` +
    `(${s.nodes} nodes, up to ${s.replicas} replicas a block${s.running > 0 ? ', kills on' : ''}), above the limit of ${MAX_QUINCY_ARCS} arcs a decision ` +
    `(about 50 ms of solver time, re-solved every heartbeat interval): give it fewer maps, or use another policy`;
}
