/**
 * Numbers of an experiment from its sweep records: the runs of one point (axis values), a per-seed measure's mean and
 * 95% interval (Student t, sweep-aggregate.ts), paired ratios between two points of the same seed, and the wording of
 * a number beside the paper's, whose verdict comes from a threshold.
 */
import { type Interval, type PointRecord, interval } from '../cli/sweep-aggregate.js';
import type { FigurePoint } from './experiment.js';

export type Run = PointRecord;
export type JobOf = Run['jobs'][number];

/** The runs whose axis values include `where` (JSON equality), in seed order. */
export function runsAt(records: readonly Run[], where: Record<string, unknown>): Run[] {
  const want = Object.entries(where).map(([k, v]) => [k, JSON.stringify(v)] as const);
  return records.filter((r) => want.every(([k, v]) => JSON.stringify(r.values[k]) === v)).sort((a, b) => a.seed - b.seed);
}

/** The mean and 95% interval over seeds of a measure of each run. */
export function over(runs: readonly Run[], measure: (r: Run) => number): Interval {
  if (runs.length === 0) throw new Error('no runs to measure');
  return interval(runs.map(measure));
}

/**
 * Per seed, measure(a) / measure(b) for the runs of a and b with that seed: the geometric mean over seeds and its 95%
 * interval, taken on the logarithms (a ratio's interval stays positive, and 2x and 0.5x are equally far from 1).
 */
export function ratio(a: readonly Run[], b: readonly Run[], measure: (r: Run) => number): Interval {
  const bySeed = new Map(b.map((r) => [r.seed, r]));
  const ratios = a.filter((r) => bySeed.has(r.seed)).map((r) => measure(r) / measure(bySeed.get(r.seed)!));
  if (ratios.length === 0) throw new Error('no seeds in common');
  return geometric(ratios);
}

/** Ratios' geometric mean and its 95% interval, taken on their logarithms (as ratio() takes them). */
export function geometric(ratios: readonly number[]): Interval {
  const v = interval(ratios.map(Math.log));
  const exp = (x: number | null): number | null => (x === null ? null : Number(Math.exp(x).toPrecision(10)));
  return { n: v.n, mean: exp(v.mean)!, sd: v.sd, ci95: v.ci95, lo: exp(v.lo), hi: exp(v.hi) };
}

/** Mean response time (ms) of the jobs that pass `keep`; NaN when none does. */
export function meanResponse(r: Run, keep: (j: JobOf) => boolean = () => true): number {
  let n = 0;
  let sum = 0;
  for (const j of r.jobs) if (keep(j)) { n++; sum += j.responseMs; }
  return n === 0 ? NaN : sum / n;
}

/** Node- and rack-local share of the maps of the jobs that pass `keep`. */
export function locality(r: Run, keep: (j: JobOf) => boolean = () => true): { node: number; rack: number } {
  let maps = 0;
  let node = 0;
  let rack = 0;
  for (const j of r.jobs) if (keep(j)) { maps += j.maps; node += j.nodeLocalMaps; rack += j.rackLocalMaps; }
  return maps === 0 ? { node: NaN, rack: NaN } : { node: node / maps, rack: rack / maps };
}

/** Maps per slot-second of busy map slots: the work a slot does, whatever the arrival span (1 / mean map slot time). */
export function mapsPerSlotSecond(r: Run, mapSlots: number): number {
  const busyS = (r.summary.utilization * mapSlots * r.summary.makespanMs) / 1000;
  return r.summary.maps / busyS;
}

/**
 * A non-local map's mean slot time over a node-local map's, from two runs of one workload whose node-local shares
 * differ (a result gives no task's own time): each run's mean slot time (1 / mapsPerSlotSecond) is its node-local
 * share's time plus the rest's, T = n L + (1 - n) R, and two runs give L and R. Taken as if a node-local map held its
 * slot as long in both runs.
 */
export function nonLocalSlotRatio(a: Run, b: Run, mapSlots: number): number {
  const slot = (r: Run): number => 1 / mapsPerSlotSecond(r, mapSlots);
  const [na, nb] = [a.summary.locality.node, b.summary.locality.node];
  const extra = (slot(a) - slot(b)) / (nb - na); // R - L
  const local = slot(b) - (1 - nb) * extra;
  return 1 + extra / local;
}

/** A sweep's `cluster.network` axis value, as a run carries it (absent: the sweep has no such axis, so the flat model). */
export interface NetworkValue {
  model?: 'flat' | 'fluid';
  oversubscription?: number;
  rackAware?: boolean;
}

/** The runs of each hardware model a sweep's `cluster.network` axis names, in axis order, each with a label. */
export function byNetwork(records: readonly Run[]): Array<{ label: string; fluid: boolean; net: NetworkValue; runs: Run[] }> {
  const groups = new Map<string, { label: string; fluid: boolean; net: NetworkValue; runs: Run[] }>();
  for (const r of records) {
    const net = (r.values['cluster.network'] ?? {}) as NetworkValue;
    const key = JSON.stringify(net);
    let g = groups.get(key);
    if (g === undefined) {
      const fluid = net.model === 'fluid';
      const label = fluid ? `fluid model, ${net.rackAware === false ? 'EC2 (no topology)' : 'rack-aware'}, ${net.oversubscription ?? 1}:1` : 'flat model';
      groups.set(key, g = { label, fluid, net, runs: [] });
    }
    g.runs.push(r);
  }
  return [...groups.values()];
}

/** A figure point of an interval. */
export function point(x: string | number, series: string, v: Interval, scale = 1): FigurePoint {
  return { x, series, mean: v.mean * scale, lo: v.lo === null ? null : v.lo * scale, hi: v.hi === null ? null : v.hi * scale };
}

/** x: a ratio; %: a share (0-1) shown as a percentage; s: milliseconds shown in seconds; n: a number shown as it is (1 decimal). */
export type Unit = 'x' | '%' | 's' | 'n';

/** x.toFixed(digits), without the sign of a value that rounds to zero ("-0.0" read as a loss). */
export function fixed(x: number, digits: number): string {
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/**
 * "1.31x (95% CI 1.20-1.42x)", "97.2% (95% CI 95.1-99.3%)", "12.0 s (95% CI 10.1-13.9 s)", "13.0 (95% CI 9.9-16.1)".
 * A share's interval is cut at 0% and 100% (a t interval over few seeds of shares near either end passed them).
 */
export function fmt(v: Interval | number, unit: Unit): string {
  const one = (x: number): string => (unit === '%' ? fixed(100 * x, 1) : unit === 's' ? fixed(x / 1000, 1) : unit === 'n' ? fixed(x, 1) : fixed(x, 2));
  const suffix = unit === '%' ? '%' : unit === 's' ? ' s' : unit === 'x' ? 'x' : '';
  if (typeof v === 'number') return `${one(v)}${suffix}`;
  if (v.lo === null || v.hi === null) return `${one(v.mean)}${suffix}`;
  const [lo, hi] = unit === '%' ? [Math.max(0, v.lo), Math.min(1, v.hi)] : [v.lo, v.hi];
  return `${one(v.mean)}${suffix} (95% CI ${one(lo)}-${one(hi)}${suffix})`;
}

/**
 * A simulated number beside the paper's: within `tolerance` (same unit; for shares, in share points) it "agrees";
 * else it is above or below by how much, followed by `cause` (the likely reason, chosen by the direction).
 */
export function versus(what: string, sim: Interval, paper: number, tolerance: number, unit: Unit,
  cause: { above: string; below: string }, ref = 'the paper\'s'): string {
  const d = sim.mean - paper;
  const size = unit === '%' ? `${fixed(100 * Math.abs(d), 1)} points` : unit === 's' ? `${(Math.abs(d) / 1000).toFixed(1)} s` : unit === 'n' ? Math.abs(d).toFixed(1) : `${Math.abs(d).toFixed(2)}x`;
  const tol = unit === '%' ? `${(100 * tolerance).toFixed(0)} points` : unit === 's' ? `${(tolerance / 1000).toFixed(0)} s` : `${tolerance}${unit === 'x' ? 'x' : ''}`;
  if (Math.abs(d) <= tolerance) return `${what}: simulated ${fmt(sim, unit)} against ${ref} ${fmt(paper, unit)}: agrees (within ${tol}).`;
  return `${what}: simulated ${fmt(sim, unit)} is ${d > 0 ? 'above' : 'below'} ${ref} ${fmt(paper, unit)} by ${size} (more than ${tol}); ${d > 0 ? cause.above : cause.below}`;
}

/**
 * A simulated number beside a cap the paper states ("at most"): as versus(), but a number above the cap says so even
 * within `tolerance` ("agrees (within 3 points)" hid a simulation above the sticky-slot bound at every job count), and
 * whether its 95% interval clears the cap, followed by the cause of the excess.
 */
export function versusCap(what: string, sim: Interval, cap: number, tolerance: number, cause: { above: string; below: string }, ref: string): string {
  const d = sim.mean - cap;
  if (d <= 0 || d > tolerance) return versus(what, sim, cap, tolerance, '%', cause, ref);
  const clear = sim.lo !== null && sim.lo > cap ? ', its 95% interval clear of it' : '';
  return `${what}: simulated ${fmt(sim, '%')} is above ${ref} ${fmt(cap, '%')} by ${fixed(100 * d, 1)} points${clear}, though the paper gives it as a cap ` +
    `("at most"): within the ${(100 * tolerance).toFixed(0)} points the check allows; ${cause.above}`;
}

/** A check of `shape`: holds when `ok`; its detail the numbers that decided it. */
export function check(shape: string, ok: boolean, detail: string): { shape: string; holds: boolean; detail: string } {
  return { shape, holds: ok, detail };
}

/**
 * Many numbers beside the paper's in one sentence: which agree within `tolerance`, which are above and which below
 * (with the range of the gaps), then the cause for each direction present.
 */
export function versusAll(what: string, items: ReadonlyArray<{ key: string; sim: Interval; paper: number }>, tolerance: number, unit: Unit,
  cause: { above: string; below: string }): string {
  const gap = (i: { sim: Interval; paper: number }): number => i.sim.mean - i.paper;
  const agree = items.filter((i) => Math.abs(gap(i)) <= tolerance);
  const above = items.filter((i) => gap(i) > tolerance);
  const below = items.filter((i) => gap(i) < -tolerance);
  const range = (xs: typeof items): string => {
    const ds = xs.map((i) => Math.abs(gap(i)));
    const show = (x: number): string => (unit === '%' ? `${fixed(100 * x, 1)} points` : `${x.toFixed(2)}${unit === 'x' ? 'x' : ''}`);
    return xs.length === 1 ? show(ds[0]) : `${show(Math.min(...ds))} to ${show(Math.max(...ds))}`;
  };
  const parts = [
    agree.length > 0 ? `agrees within ${unit === '%' ? `${(100 * tolerance).toFixed(0)} points` : `${tolerance}${unit === 'x' ? 'x' : ''}`} in ${agree.map((i) => i.key).join(', ')}` : '',
    above.length > 0 ? `is above in ${above.map((i) => i.key).join(', ')} (by ${range(above)})` : '',
    below.length > 0 ? `is below in ${below.map((i) => i.key).join(', ')} (by ${range(below)})` : '',
  ].filter((x) => x !== '');
  const causes = [above.length > 0 ? `Above: ${cause.above}` : '', below.length > 0 ? `Below: ${cause.below}` : ''].filter((x) => x !== '');
  return [`${what}: the simulation ${parts.join('; ')}.`, ...causes].join(' ');
}
