/**
 * Quincy's decisions over the whole workload, jobs waiting at once counted together (size-limit.ts checks one job
 * drained alone): the map slots replayed decision by decision from the jobs' arrivals, as size-limit.ts's waves drain
 * one job. A job's maps all wait from the first decision at or after its submission; each decision launches waiting
 * maps into the free slots (the oldest job's first, or as the fair shares spread them: waitingJobs), and a map holds its slot for ceil(map time /
 * heartbeat) + 1 decisions (it runs its time, then its slot waits for the next solve). A decision is made at every
 * heartbeat interval while a map waits; its program holds every waiting job's supply vertices, each job's capped at its
 * input sets as quincyArcs caps one, plus with kills the running maps; it costs its unfinished maps (waiting and
 * running, and with kills the running again), a solve and its arcs, as quincyMapVisits counts a lone job's. The
 * program held against MAX_QUINCY_ARCS is the one a decision's launches leave, solved again at the next (a program the
 * launches empty is solved once, its cost in the visits). One job alone keeps no larger a program than its quincyArcs
 * (that of its first decision, before its launches), and costs no more map visits than quincyMapVisits (this one stops
 * solving once no map waits; that one counts every interval of the last wave). Measured against runs in limits.ts (MAX_QUINCY_ARCS, MAX_QUINCY_MAP_VISITS): the
 * decisions 0.8 to 1.03 times the solves; the largest program (README "Long tasks, resource offers, Quincy" has the
 * table) 1.1 to 2.7 times the most columns solved, furthest above for large jobs on a few nodes (input sets and rack
 * arcs counted at their most).
 *
 * Cost: a step per arrival, per slot release of a job's launched maps and per decision with a launch, the decisions
 * between (all slots busy, the same graph) counted at once; it stops once past either limit, so at most about
 * MAX_QUINCY_MAP_VISITS / DECISION_VISITS decisions are stepped, the fair replay 4 times as many (a million jobs, both
 * replays: 0.5 to 2.1 s here, sorting and the Facebook mix's draws included).
 */
import { MAX_QUINCY_ARCS, MAX_QUINCY_MAP_VISITS } from '../limits.js';
import type { JobArrivals } from '../job-arrivals.js';
import { BinaryHeap } from '../binary-heap.js';
import { fairMinimums } from './network.js';
import { ARC_VISITS, DECISION_VISITS, inputSets } from './size-limit.js';

/** The cluster as the decisions see it. */
export interface QuincyCluster {
  nodes: number;
  racks: number;
  /** The most replicas a block may have (workload.ts's strideOf). */
  replicas: number;
  /** The cluster's map slots and the heartbeat interval (ms): a decision each. */
  mapSlots: number;
  heartbeatMs: number;
  kills: boolean;
}

/** The error for a workload whose jobs waiting at once would build a program over the limit, or cost too many map visits, or undefined. */
export function waitingJobsError(jobs: JobArrivals, c: QuincyCluster): string | undefined {
  const w = waitingJobs(jobs, c);
  // drawn arrivals: another seed draws other gaps, which may bunch less
  const drawn = jobs.drawnBy === undefined ? '' : ` as seed ${jobs.drawnBy} draws them`;
  if (w.arcs > MAX_QUINCY_ARCS) {
    return `${jobs.field(w.arcsJob)}: under policy quincy about ${w.arcsJobs} jobs wait at once at ${Math.round(w.arcsAtMs / 1000)} s (the jobs arrived by then${drawn}, ${w.arcsMaps} maps waiting for ${c.mapSlots} map slots), ` +
      `so a decision makes a program of up to ${w.arcs} arcs (${c.nodes} nodes, up to ${c.replicas} replicas a block${c.kills ? ', kills on' : ''}), above the limit of ${MAX_QUINCY_ARCS} arcs a decision ` +
      `(about 50 ms of solver time, re-solved every heartbeat interval): space the jobs' arrivals, give them fewer maps or the cluster more map slots, or use another policy`;
  }
  if (w.visits <= MAX_QUINCY_MAP_VISITS) return undefined;
  return `${jobs.field(w.visitsJob)}: under policy quincy the jobs waiting for ${c.mapSlots} map slots at heartbeats of ${c.heartbeatMs} ms pass the limit by ${Math.round(w.visitsAtMs / 1000)} s of simulated time${drawn === '' ? '' : ` (their arrivals${drawn})`}: ` +
    `${w.decisions} decisions by then, each building its graph from every waiting map and solving its program, ${Math.round(w.visits)} map visits, ` +
    `above the limit of ${MAX_QUINCY_MAP_VISITS} (half a minute of run): space the jobs' arrivals, give them fewer or shorter maps, the cluster more map slots or a longer cluster.heartbeatMs, or use another policy`;
}

/** What the decisions reach, up to where either passes its limit. */
export interface WaitingJobs {
  /** The largest program, at which decision (ms), with how many jobs waiting and maps waiting, and the latest arrival then. */
  arcs: number;
  arcsAtMs: number;
  arcsJobs: number;
  arcsMaps: number;
  arcsJob: number;
  /** Map visits and decisions in all, or up to the decision that passed the limit, and the latest arrival then. */
  visits: number;
  decisions: number;
  visitsJob: number;
  visitsAtMs: number;
}

/** Launched maps of one job that free their slots together. */
interface Batch {
  at: number;
  job: number;
  maps: number;
}

/** Which waiting maps a decision launches into its free slots. */
interface LaunchOrder {
  /** Job `j`'s maps begin to wait. */
  arrive(j: number): void;
  /** Launches `free` of the waiting maps (at most as many as wait), `launch(j, maps)` each job's. */
  fill(free: number, launch: (j: number, maps: number) => void): void;
}

/** The oldest job's maps first (its wait is dearest): jobs launch in arrival order. */
function oldestFirst(waiting: Float64Array): LaunchOrder {
  let oldest = 0; // the oldest job that may still wait
  return {
    arrive: () => {},
    fill: (free, launch) => {
      for (let left = free; left > 0; oldest++) {
        const maps = Math.min(waiting[oldest], left);
        if (maps === 0) continue;
        launch(oldest, maps);
        left -= maps;
        if (waiting[oldest] > 0) break;
      }
    },
  };
}

/**
 * As Quincy's fairness places them (policy.ts: E_j, network.ts's fairMinimums): the free slots shared max-min among
 * the waiting jobs by their waiting maps, so fewer slots than jobs go one each to the jobs with the most maps waiting
 * (ties: the latest). On one slot that is the job with the most maps left, so a bunch of jobs all wait until near its
 * end. (Quincy's demand counts a job's running maps too, and its E_j only bound what the optimum places: close enough.)
 */
function fairShares(waiting: Float64Array): LaunchOrder {
  const jobs = new BinaryHeap<number>((a, b) => waiting[a] > waiting[b] || (waiting[a] === waiting[b] && a > b));
  return {
    arrive: (j) => jobs.push(j),
    fill: (free, launch) => {
      const picked: number[] = [];
      while (picked.length < free && jobs.size > 0) picked.push(jobs.pop()!);
      const shares = jobs.size === 0 ? fairMinimums(Int32Array.from(picked, (j) => waiting[j]), free) : undefined;
      picked.forEach((j, i) => {
        const maps = shares === undefined ? 1 : shares[i];
        if (maps > 0) launch(j, maps);
        if (waiting[j] > 0) jobs.push(j);
      });
    },
  };
}

/**
 * The oldest-first replay counts the map visits (as fitted: limits.ts); the largest program is the larger of its and
 * the fair replay's, which bunched jobs make larger (400 jobs of 100 maps on one slot: 207 columns solved, 68 arcs
 * oldest first). The fair replay stops past the arcs or FAIR_VISITS (its programs hold more jobs, so it visits more).
 */
export function waitingJobs(jobs: JobArrivals, cluster: QuincyCluster): WaitingJobs {
  const oldest = replay(jobs, cluster, oldestFirst, MAX_QUINCY_MAP_VISITS);
  if (oldest.arcs > MAX_QUINCY_ARCS) return oldest;
  const fair = replay(jobs, cluster, fairShares, FAIR_VISITS);
  const { arcs, arcsAtMs, arcsJobs, arcsMaps, arcsJob } = fair;
  return fair.arcs > oldest.arcs ? { ...oldest, arcs, arcsAtMs, arcsJobs, arcsMaps, arcsJob } : oldest;
}

/** Where the fair replay stops counting its programs: bounds its steps (a million jobs in seconds). */
const FAIR_VISITS = 4 * MAX_QUINCY_MAP_VISITS;

function replay(jobs: JobArrivals, cluster: QuincyCluster, orderOf: (waiting: Float64Array) => LaunchOrder, visitsLimit: number): WaitingJobs {
  const R = Math.min(cluster.replicas, cluster.nodes);
  const c = { ...cluster, vertexArcs: 3 + 2 * R, fixedArcs: cluster.racks + 2 * cluster.nodes, inputSets: inputSets(cluster.nodes, cluster.replicas, Infinity) };
  const n = jobs.submitMs.length;
  const H = c.heartbeatMs;
  const waiting = Float64Array.from(jobs.maps);
  const unfinished = Float64Array.from(jobs.maps);
  const order = orderOf(waiting);
  const releases = new BinaryHeap<Batch>((a, b) => a.at < b.at);
  const out: WaitingJobs = { arcs: 0, arcsAtMs: 0, arcsJobs: 0, arcsMaps: 0, arcsJob: -1, visits: 0, decisions: 0, visitsJob: -1, visitsAtMs: 0 };
  let [W, U, V, J] = [0, 0, 0, 0]; // maps waiting, unfinished; supply vertices of the waiting jobs; jobs waiting
  let free = c.mapSlots;
  let next = 0; // the next job to arrive
  const arrival = (j: number): number => Math.ceil(jobs.submitMs[j] / H);
  const vertices = (j: number): number => Math.min(waiting[j], c.inputSets);
  /** The program a decision builds at the state now: a job's unscheduled vertex's arc each, its supply vertices', the aggregators'. */
  const program = (): number => c.vertexArcs * (V + (c.kills ? U - W : 0)) + J + c.fixedArcs;
  /** `times` decisions' cost in map visits, at the state now. */
  const decide = (d: number, times: number): boolean => {
    out.visits += times * (U + (c.kills ? U - W : 0) + DECISION_VISITS + ARC_VISITS * program());
    out.decisions += times;
    [out.visitsJob, out.visitsAtMs] = [next - 1, d * H];
    return out.visits > visitsLimit;
  };
  /**
   * The program left after decision `d`'s launches, which the next decision solves again (and each after it while the
   * slots stay full): against MAX_QUINCY_ARCS. A program the launches empty is solved once: 1,000 one-map jobs at once
   * on 1,000 slots made 8,105 columns, one solve of 0.73 s in all, and were refused counted before their launches.
   */
  const kept = (d: number): boolean => {
    const arcs = W > 0 ? program() : 0;
    if (arcs > out.arcs) Object.assign(out, { arcs, arcsAtMs: d * H, arcsJobs: J, arcsMaps: W, arcsJob: next - 1 });
    return out.arcs > MAX_QUINCY_ARCS;
  };
  let d = n > 0 ? arrival(0) : 0;
  const launch = (j: number, maps: number): void => {
    V -= vertices(j);
    waiting[j] -= maps;
    V += vertices(j);
    if (waiting[j] === 0) J--;
    [W, free] = [W - maps, free - maps];
    releases.push({ at: d + Math.ceil(jobs.mapMs[j] / H) + 1, job: j, maps });
  };
  while (next < n || releases.size > 0) {
    for (; next < n && arrival(next) <= d; next++) {
      [W, U, V, J] = [W + waiting[next], U + unfinished[next], V + vertices(next), J + (waiting[next] > 0 ? 1 : 0)];
      if (waiting[next] > 0) order.arrive(next);
    }
    for (let b = releases.top(); b !== undefined && b.at <= d; b = releases.top()) {
      releases.pop();
      free += b.maps;
      unfinished[b.job] -= b.maps;
      U -= b.maps;
    }
    const upcoming = Math.min(next < n ? arrival(next) : Infinity, releases.top()?.at ?? Infinity);
    if (W === 0) {
      d = upcoming;
      continue;
    }
    if (decide(d, 1)) return out;
    if (free > 0) order.fill(Math.min(free, W), launch);
    if (kept(d)) return out;
    // Until the next arrival or release the slots are full and the same maps wait: a decision each interval.
    const after = Math.min(upcoming, releases.top()?.at ?? Infinity);
    if (W > 0 && after > d + 1 && decide(d + 1, after - d - 1)) return out;
    d = after;
  }
  return out;
}
