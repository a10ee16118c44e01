/**
 * Compares two bench reports on the best of each case's repeated runs (the least time, the highest rate): other work
 * on the machine only ever slows a run, so the best run is the stablest estimate. A speed regression is a judged
 * measure whose best run got worse by more than the threshold and by more than its noise floor: 5% but at least
 * 25 ms for wall time (the same 25 ms as a share for events/s), 5 MB for peak memory. Decision latencies and CPU time
 * (which counts V8's background compiler and GC threads) are shown but not judged: p99s of sub-second runs vary by
 * tens of percent; a slower decision path shows in the wall time of the decision-heavy cases. On a shared or
 * burstable machine, whose speed drifts within minutes, use a larger --threshold and more --repeat.
 * A change beyond both counts only where the two reports' runs do not overlap: every new run worse than every base run
 * (a regression), or better (faster); else its verdict is "runs overlap". With 3 runs a side, all three new runs
 * slower than all three base runs happens by chance 1 time in 20 (one-sided Mann-Whitney U = 0), where a best run
 * beyond the base's best alone came of any load that spared the base's best run (back-to-back smoke runs of one
 * commit were read as a regression). One run a side has no range: the best runs decide. A changed digest of a
 * canonical scenario is an outcome regression: always fatal, whatever the speed.
 */
import type { BenchCase, BenchReport, Stat } from './bench-schema.js';
import { table } from './format.js';

interface Measure {
  name: string;
  /** Where it is in a bench report's case (bench-schema.ts): a dotted path to a Stat, read by statAt. */
  field: string;
  /** +1: higher is worse (time, memory); -1: lower is worse (throughput). */
  worse: 1 | -1;
  /** The noise assumed, given the base's best run and its case: a change must exceed it to count. */
  floor: (base: number, c: BenchCase) => number;
  /** Shown for information, never a regression. */
  shownOnly?: boolean;
}

const relative = (share: number) => (base: number): number => share * Math.abs(base);
const absolute = (amount: number) => (): number => amount;
/** A GC pause or a JIT tier-up moves a run by tens of milliseconds: short cases need an absolute floor. */
const JITTER_MS = 25;
const wallFloor = (base: number): number => Math.max(0.05 * base, JITTER_MS);
/** The same jitter, as a share of a rate measured over the case's best wall time. */
const rateFloor = (base: number, c: BenchCase): number => base * Math.max(0.05, JITTER_MS / Math.max(1, c.wallMs.min));
/** Tail latencies: half the base, and at least 2 us (p99s of separate processes on shared cores differ that much). */
const tail = (median: number): number => Math.max(2, 0.5 * Math.abs(median));

/**
 * The Stat at a measure's field of a case (or of sweepScaling): the one place a measure is read, so the JSON's `field`
 * names what was compared. A segment `name[key=value]` is the entry of the array `name` whose `key` is `value` (the
 * sweep's `workers[workers=4]`: entries are matched by worker count, not place); any other is a property. Undefined
 * for a measure added after the report was written (`cpuMs` before ebc02a9), or that the case has not
 * (`decisionUs.tick` of a policy with no timer).
 */
const statAt = (at: object, field: string): Stat | undefined => field.split('.').reduce<unknown>((x, segment) => {
  const pick = /^(\w+)\[(\w+)=([^\]]+)\]$/.exec(segment);
  const o = x as Record<string, unknown>;
  if (o === undefined) return undefined; // an optional object left out: a case's decisionUs.tick (a policy with no timer)
  return pick === null ? o[segment] : (o[pick[1]] as Array<Record<string, unknown>>).find((e) => String(e[pick[2]]) === pick[3]);
}, at) as Stat | undefined;

const MEASURES: Measure[] = [
  { name: 'wall ms', field: 'wallMs', worse: 1, floor: wallFloor },
  { name: 'events/s', field: 'eventsPerSecond', worse: -1, floor: rateFloor },
  { name: 'peak MB', field: 'peakRssMB', worse: 1, floor: absolute(5) },
  { name: 'cpu ms', field: 'cpuMs', worse: 1, floor: relative(0.05), shownOnly: true },
  { name: 'p99 us/heartbeat', field: 'decisionUs.heartbeat.p99', worse: 1, floor: tail, shownOnly: true },
  { name: 'p99 us/launch', field: 'decisionUs.launch.p99', worse: 1, floor: tail, shownOnly: true },
  { name: 'p99 us/tick', field: 'decisionUs.tick.p99', worse: 1, floor: tail, shownOnly: true },
];

/** How one measure of one case changed, on the best runs. */
export interface MeasureChange {
  case: string;
  /** Its name in the table ("wall ms"). */
  measure: string;
  /**
   * Its field in the bench report, for a script that joins the two: of a case ("wallMs", "decisionUs.heartbeat.p99"),
   * or of sweepScaling ("speedup"; "workers[workers=4].wallMs": `wallMs` of the `workers` entry whose `workers` is 4).
   */
  field: string;
  /** The base's and the new report's best run (least time or memory, highest rate). */
  base: number;
  new: number;
  /** Percent change of the best run; null when the base is 0 and the new value is not. */
  changePct: number | null;
  /** The larger of the two reports' spreads (max - min over runs). */
  spread: number;
  /** The noise floor a change must exceed to count. */
  floor: number;
  verdict: Verdict;
}

export type Verdict = 'regression' | 'faster' | 'runs overlap' | 'not judged' | 'unchanged';

/**
 * A judged measure's verdict: worse (or better) by more than the threshold and the floor, and in every run (the two
 * reports' ranges apart), or "runs overlap" where only the best runs differ that much.
 */
function judge(bs: Stat, ns: Stat, worse: 1 | -1, pct: number, beyond: boolean, thresholdPct: number): Verdict {
  const [worseApart, betterApart] = worse === 1 ? [ns.min > bs.max, ns.max < bs.min] : [ns.max < bs.min, ns.min > bs.max];
  if (beyond && worse * pct > thresholdPct) return worseApart ? 'regression' : 'runs overlap';
  if (beyond && worse * pct < -thresholdPct) return betterApart ? 'faster' : 'runs overlap';
  return 'unchanged';
}

export interface Comparison {
  table: string;
  changes: MeasureChange[];
  speedRegressions: string[];
  digestChanges: string[];
  /** The canonical cases whose digest changed (digestChanges, as data). */
  changedDigests: Array<{ case: string; base: string; new: string }>;
  /**
   * The cases not canonical (a latency, pools or scale case, a --scenario file's) run alike whose digest changed: not
   * judged, but their times compare runs that decided otherwise (it was not reported at all).
   */
  otherDigests: string[];
  /** Cases in only one of the reports. */
  unmatched: string[];
}

export function compareReports(base: BenchReport, next: BenchReport, thresholdPct: number): Comparison {
  const changes: MeasureChange[] = [];
  const speedRegressions: string[] = [];
  const changedDigests: Comparison['changedDigests'] = [];
  const otherDigests: string[] = [];
  const baseCases = new Map(base.cases.map((c) => [c.name, c]));
  const nextNames = new Set(next.cases.map((c) => c.name));
  const unmatched = [...base.cases.filter((c) => !nextNames.has(c.name)).map((c) => `${c.name} (only in base)`),
    ...next.cases.filter((c) => !baseCases.has(c.name)).map((c) => `${c.name} (only in new)`)];
  for (const n of next.cases) {
    const b = baseCases.get(n.name);
    if (b === undefined) continue;
    // A --scenario file's case and a suite's case of one name (fb-macro-io.json / FIFO) are two measurements (warm
    // against cold, the user's file against the canonical one): neither its times nor its digest say anything of a change.
    if ((b.group === 'own') !== (n.group === 'own')) {
      unmatched.push(`${n.name} (a different case: ${b.group === 'own' ? 'a --scenario file\'s in base, the suite\'s in new' : 'the suite\'s in base, a --scenario file\'s in new'})`);
      continue;
    }
    // A canonical case is a scenario file and variant, the same in every suite: its digest is checked whatever the
    // shape, as another shape (jobs or maps the workload generated) is itself a changed outcome, which passed as "not
    // compared". Either report calling it canonical is enough (a case that stopped being one passed unchecked).
    if ((n.canonical || b.canonical) && n.digest !== b.digest) changedDigests.push({ case: n.name, base: b.digest, new: n.digest });
    // One name, two workloads (the smoke and full suites share names at different sizes): their times say nothing of a change.
    if (caseShape(b) !== caseShape(n)) {
      unmatched.push(`${n.name} (a different case: ${caseShape(b)} in base, ${caseShape(n)} in new)`);
      continue;
    }
    if (!n.canonical && !b.canonical && n.digest !== b.digest) otherDigests.push(`${n.name}: ${b.digest.slice(0, 12)} -> ${n.digest.slice(0, 12)}`);
    for (const m of MEASURES) {
      const bs = statAt(b, m.field);
      const ns = statAt(n, m.field);
      // An older report lacks a measure added since (README: older reports stay readable), a policy with no timer its
      // tick: nothing to compare.
      if (bs === undefined || ns === undefined) continue;
      const best = (st: Stat): number => (m.worse === 1 ? st.min : st.max);
      const [was, now] = [best(bs), best(ns)];
      const diff = now - was;
      const pct = percentChange(was, now);
      const noise = m.floor(was, b);
      const verdict = m.shownOnly ? 'not judged' : judge(bs, ns, m.worse, pct, Math.abs(diff) > noise, thresholdPct);
      if (verdict === 'regression') speedRegressions.push(`${n.name}: ${m.name} ${fmt(was)} -> ${fmt(now)} (${sign(pct)}, best runs; noise floor ${fmt(noise)})`);
      changes.push({ case: n.name, measure: m.name, field: m.field, base: was, new: now, changePct: shownPct(pct),
        spread: Math.max(bs.spread, ns.spread), floor: noise, verdict });
    }
  }
  const mark = { regression: 'REGRESSION', 'not judged': '(not judged)', faster: 'faster', 'runs overlap': '(runs overlap)', unchanged: '' } as const;
  const scaling = compareScaling(base, next, thresholdPct);
  changes.push(...scaling.changes);
  speedRegressions.push(...scaling.regressions);
  unmatched.push(...scaling.unmatched);
  if (scaling.digest !== undefined) changedDigests.push(scaling.digest);
  const curve = compareScaleCurve(base, next);
  changes.push(...curve.changes);
  unmatched.push(...curve.unmatched);
  return {
    table: table(['case', 'measure', 'base (best)', 'new (best)', 'change', 'spread', 'floor', ''],
      changes.map((c) => [c.case, c.measure, fmt(c.base), fmt(c.new), sign(c.changePct), `±${fmt(c.spread)}`, fmt(c.floor), mark[c.verdict]]), 2),
    changes,
    speedRegressions,
    digestChanges: changedDigests.map((d) => `${d.case}: digest ${d.base.slice(0, 12)} -> ${d.new.slice(0, 12)}`),
    changedDigests,
    otherDigests,
    unmatched,
  };
}

/** What a case ran: its policy and size (a case's name alone may be reused at another size). */
const caseShape = (c: BenchCase): string => `${c.policy}, ${c.nodes.toLocaleString('en-US')} nodes, ${c.jobs.toLocaleString('en-US')} jobs, ${c.maps.toLocaleString('en-US')} maps`;

/**
 * A report's commit as the tables show it: 12 characters, and `-dirty` where the tree had changes (cut, it read as the
 * clean commit). The suffix is taken off before the cut: a commit of 12 characters or fewer with it read
 * "1234567-dirty-dirty".
 */
export const shortCommit = (commit: string): string => {
  const dirty = commit.endsWith('-dirty');
  return `${(dirty ? commit.slice(0, -'-dirty'.length) : commit).slice(0, 12)}${dirty ? '-dirty' : ''}`;
};
export const fmt = (x: number): string => (Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : String(Math.round(x * 100) / 100));
export const sign = (pct: number | null): string => (pct !== null && Number.isFinite(pct) ? `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%` : 'new');

/** The change from `was` to `now` in percent: 0 to 0 is 0%, a change from 0 Infinity (shown "new", its changePct null). */
const percentChange = (was: number, now: number): number => (was === 0 ? (now === was ? 0 : Infinity) : (100 * (now - was)) / was);
/** A change's changePct as the JSON holds it: null where it has no percentage. */
const shownPct = (pct: number): number | null => (Number.isFinite(pct) ? pct : null);

/**
 * The scale curve's `scaleExponent` (README: the one number a nightly job can track), shown and not judged: a fit over
 * a few noisy sizes, whose threshold is the tracker's to choose (the smoke suite's two sizes are too short to judge
 * growth at all). Compared only between curves of the same sizes; the compare table and JSON had left it out.
 */
function compareScaleCurve(base: BenchReport, next: BenchReport): { changes: MeasureChange[]; unmatched: string[] } {
  // A report written before scaleExponent existed has its curve's rows: fitted as the bench fits them (it read
  // "scale curve (only in new)", the base having a curve).
  const [b, n] = [base.scaleExponent ?? scaleExponentOf(base.scale), next.scaleExponent ?? scaleExponentOf(next.scale)];
  if (b === undefined && n === undefined) return { changes: [], unmatched: [] };
  if (b === undefined || n === undefined) return { changes: [], unmatched: [`scale curve (only in ${b === undefined ? 'new' : 'base'})`] };
  const sizes = (r: BenchReport): string => r.scale.map((s) => s.nodes.toLocaleString('en-US')).join(', ');
  if (sizes(base) !== sizes(next)) return { changes: [], unmatched: [`scale curve (different sizes: ${sizes(base)} nodes in base, ${sizes(next)} in new)`] };
  return {
    changes: [{ case: 'scale curve', measure: 'scale exponent', field: 'scaleExponent', base: b, new: n, changePct: shownPct(percentChange(b, n)),
      spread: 0, floor: 0, verdict: 'not judged' }],
    unmatched: [],
  };
}

/**
 * The sweep-scaling case: each worker count's wall time, judged as a case's wall time is (the same floor); the
 * speed-up is shown, not judged (it is a ratio of two noisy times). Compared only between reports of the same sweep
 * (jobs, points and pool) and worker count.
 */
function compareScaling(base: BenchReport, next: BenchReport, thresholdPct: number): { changes: MeasureChange[]; regressions: string[]; unmatched: string[]; digest?: { case: string; base: string; new: string } } {
  const [b, n] = [base.sweepScaling, next.sweepScaling];
  if (b === undefined && n === undefined) return { changes: [], regressions: [], unmatched: [] };
  if (b === undefined || n === undefined) return { changes: [], regressions: [], unmatched: [`sweep-scaling (only in ${b === undefined ? 'new' : 'base'})`] };
  const name = `sweep-scaling ${n.points} points`;
  if (b.jobs !== n.jobs || b.points !== n.points || b.pool !== n.pool) {
    return { changes: [], regressions: [], unmatched: [`sweep-scaling (a different sweep: ${b.points} points of ${b.jobs} jobs on ${b.pool} against ${n.points} of ${n.jobs} on ${n.pool})`] };
  }
  const changes: MeasureChange[] = [];
  const regressions: string[] = [];
  const unmatched: string[] = [];
  for (const w of n.workers) {
    if (!b.workers.some((x) => x.workers === w.workers)) {
      unmatched.push(`sweep-scaling on ${w.workers} workers (only in new)`);
      continue;
    }
    const field = `workers[workers=${w.workers}].wallMs`;
    const [bs, ns] = [statAt(b, field), statAt(n, field)] as [Stat, Stat]; // both ran this worker count (above)
    const [before, now] = [bs.min, ns.min];
    const pct = percentChange(before, now);
    const noise = wallFloor(before);
    const measure = `wall ms, ${w.workers} worker${w.workers > 1 ? 's' : ''}`;
    const verdict = judge(bs, ns, 1, pct, Math.abs(now - before) > noise, thresholdPct);
    if (verdict === 'regression') regressions.push(`${name}: ${measure} ${fmt(before)} -> ${fmt(now)} (${sign(pct)}, best runs; noise floor ${fmt(noise)})`);
    changes.push({ case: name, measure, field, base: before, new: now, changePct: shownPct(pct), spread: Math.max(bs.spread, ns.spread), floor: noise, verdict });
  }
  // A worker count the new report did not run (fewer cores, or its all-cores run gone) was left out without a word.
  for (const w of b.workers) if (!n.workers.some((x) => x.workers === w.workers)) unmatched.push(`sweep-scaling on ${w.workers} workers (only in base)`);
  changes.push({ case: name, measure: 'speed-up', field: 'speedup', base: b.speedup, new: n.speedup, changePct: shownPct(percentChange(b.speedup, n.speedup)),
    spread: 0, floor: 0, verdict: 'not judged' });
  // The same sweep of a canonical scenario: its points' digests changing is an outcome regression, as a case's is.
  const digest = b.digest === n.digest ? undefined : { case: name, base: b.digest, new: n.digest };
  return { changes, regressions, unmatched, digest };
}

/** b in cost = a * nodes^b, fitted by least squares on logarithms: 1 is linear. */
export function growthExponent(nodes: number[], cost: number[]): number {
  const x = nodes.map(Math.log);
  const y = cost.map(Math.log);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
  }
  return sxy / sxx;
}

/** A report's `scaleExponent`: b fitted over the curve's best wall times, to 2 decimals; undefined under two sizes. */
export const scaleExponentOf = (scale: BenchReport['scale']): number | undefined => (scale.length < 2 ? undefined
  : Math.round(growthExponent(scale.map((s) => s.nodes), scale.map((s) => s.wallMs)) * 100) / 100);
