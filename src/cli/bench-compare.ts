/**
 * Compares two bench reports. A speed regression is a measure that got worse by more than the threshold and by
 * more than the noise: the larger spread of the two reports' repeated runs, but never less than the measure's
 * floor. Two or three runs a side underestimate how much separate processes differ, most of all for microsecond
 * tail latencies, so each measure has a floor: 5% of the base median for times and rates, 5 MB for memory, and
 * for p99 decision latencies 25% of the base but at least 2 us (about the resolution of per-heartbeat timing on a
 * shared machine; tail latencies of separate processes differ by that much). A changed digest
 * of a canonical scenario is an outcome regression: always fatal, whatever the speed.
 */
import type { BenchCase, BenchReport, Stat } from './bench-schema.js';
import { table } from './format.js';

interface Measure {
  name: string;
  /** +1: higher is worse (time, memory); -1: lower is worse (throughput). */
  worse: 1 | -1;
  get: (c: BenchCase) => Stat;
  /** The least noise assumed, given the base median. */
  floor: (baseMedian: number) => number;
}

const relative = (share: number) => (median: number): number => share * Math.abs(median);
const absolute = (amount: number) => (): number => amount;
/** Tail latencies: 25% of the base, and at least 2 us. */
const tail = (median: number): number => Math.max(2, 0.25 * Math.abs(median));

const MEASURES: Measure[] = [
  { name: 'wall ms', worse: 1, get: (c) => c.wallMs, floor: relative(0.05) },
  { name: 'peak MB', worse: 1, get: (c) => c.peakRssMB, floor: absolute(5) },
  { name: 'events/s', worse: -1, get: (c) => c.eventsPerSecond, floor: relative(0.05) },
  { name: 'p99 us/heartbeat', worse: 1, get: (c) => c.decisionUs.heartbeat.p99, floor: tail },
  { name: 'p99 us/launch', worse: 1, get: (c) => c.decisionUs.launch.p99, floor: tail },
];

export interface Comparison {
  table: string;
  speedRegressions: string[];
  digestChanges: string[];
  /** Cases in only one of the reports. */
  unmatched: string[];
}

export function compareReports(base: BenchReport, next: BenchReport, thresholdPct: number): Comparison {
  const rows: string[][] = [];
  const speedRegressions: string[] = [];
  const digestChanges: string[] = [];
  const baseCases = new Map(base.cases.map((c) => [c.name, c]));
  const nextNames = new Set(next.cases.map((c) => c.name));
  const unmatched = [...base.cases.filter((c) => !nextNames.has(c.name)).map((c) => `${c.name} (only in base)`),
    ...next.cases.filter((c) => !baseCases.has(c.name)).map((c) => `${c.name} (only in new)`)];
  for (const n of next.cases) {
    const b = baseCases.get(n.name);
    if (b === undefined) continue;
    if (n.canonical && b.canonical && n.digest !== b.digest) digestChanges.push(`${n.name}: digest ${b.digest.slice(0, 12)} -> ${n.digest.slice(0, 12)}`);
    for (const m of MEASURES) {
      const bs = m.get(b);
      const ns = m.get(n);
      const diff = ns.median - bs.median;
      const pct = bs.median === 0 ? (diff === 0 ? 0 : Infinity) : (100 * diff) / bs.median;
      const noise = Math.max(bs.spread, ns.spread, m.floor(bs.median));
      const regressed = m.worse * pct > thresholdPct && Math.abs(diff) > noise;
      if (regressed) speedRegressions.push(`${n.name}: ${m.name} ${fmt(bs.median)} -> ${fmt(ns.median)} (${sign(pct)}, noise ±${fmt(noise)})`);
      rows.push([n.name, m.name, fmt(bs.median), fmt(ns.median), sign(pct), `±${fmt(noise)}`, regressed ? 'REGRESSION' : m.worse * pct < -thresholdPct && Math.abs(diff) > noise ? 'faster' : '']);
    }
  }
  return {
    table: table(['case', 'measure', 'base', 'new', 'change', 'noise', ''], rows, 2),
    speedRegressions,
    digestChanges,
    unmatched,
  };
}

const fmt = (x: number): string => (Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : String(Math.round(x * 100) / 100));
const sign = (pct: number): string => (Number.isFinite(pct) ? `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%` : 'new');
