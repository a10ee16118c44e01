/**
 * DSBRA's set-up (Suresh and Gopalan 2015, section V; scenarios/dsbra.json): delay scheduling with static replication
 * against DSBRA's replication driven by delay statistics, beside the paper's response time, locality, delay waiting
 * and storage figures.
 */
import type { Interval } from '../cli/sweep-aggregate.js';
import type { Analysis, Experiment, FigurePoint } from './experiment.js';
import { type Run, check, fmt, locality, over, point, ratio, runsAt, versus } from './stats.js';

/** The replication section of a run with a replication policy (src/core/replication/results.ts), as far as read here. */
interface Replication {
  storage: { meanOverheadPct: number; peakOverheadPct: number };
  delayWaitMs: { total: number };
}

function replicationOf(r: Run): Replication {
  const rep = (r as unknown as { replication?: Replication }).replication;
  if (rep === undefined) throw new Error(`run ${r.variant} seed ${r.seed} has no replication section (scheduler.replication unset?)`);
  return rep;
}

const STATIC = 'delay';
const DSBRA = 'delay + DSBRA';

/** A reduction in %: 100 (1 - with / without), from the seeds' paired ratio. */
function reduction(v: Interval): Interval {
  const pct = (x: number | null): number | null => (x === null ? null : 100 * (1 - x));
  return { ...v, mean: pct(v.mean)!, lo: pct(v.hi), hi: pct(v.lo) };
}

/** A difference in points (100 x share): with - without, per seed. */
function gain(without: readonly Run[], withIt: readonly Run[], share: (r: Run) => number): Interval {
  const bySeed = new Map(without.map((r) => [r.seed, r]));
  return over(withIt.filter((r) => bySeed.has(r.seed)), (r) => 100 * (share(r) - share(bySeed.get(r.seed)!)));
}

function analyzeDsbra(records: readonly Run[]): Analysis {
  const without = runsAt(records, { variant: STATIC });
  const withIt = runsAt(records, { variant: DSBRA });
  const small = (r: Run): number => locality(r, (j) => j.maps <= 2).node;
  const rows: Array<{ x: string; paper: number; sim: Interval; tolerance: number }> = [
    { x: 'response time cut (%)', paper: 13, sim: reduction(ratio(withIt, without, (r) => r.summary.meanResponseMs)), tolerance: 5 },
    { x: 'node locality gain (points)', paper: 7, sim: gain(without, withIt, (r) => r.summary.locality.node), tolerance: 3 },
    { x: '1-2-map jobs\' locality gain (points)', paper: 8, sim: gain(without, withIt, small), tolerance: 3 },
    { x: 'delay waiting cut (%)', paper: 17, sim: reduction(ratio(withIt, without, (r) => Math.max(1, replicationOf(r).delayWaitMs.total))), tolerance: 5 },
    { x: 'extra storage, mean (%)', paper: 22, sim: over(withIt, (r) => replicationOf(r).storage.meanOverheadPct), tolerance: 5 },
    { x: 'extra storage, peak (%)', paper: 27, sim: over(withIt, (r) => replicationOf(r).storage.peakOverheadPct), tolerance: 5 },
  ];
  const series = 'DSBRA against static replication';
  const staticLocality = over(without, (r) => r.summary.locality.node);
  const cause = {
    above: 'DSBRA replicated more here than in the paper\'s runs.',
    below: `here delay scheduling alone already gives ${fmt(staticLocality, '%')} node locality with static replication: few reads wait at all (the large jobs, most of the reads, have data on every node; 160 hot blocks put about 16 hot replicas on each of the 20 nodes, so no node is a hotspot), and no map runs off its data. And Algorithm 1 as printed cannot replicate in a one-rack cluster: no read waits past D and one heartbeat gap, so X_i is about 1 at most and RF_i stays below 1/3, short of the RF_i > GAvg + 0.2 > 0.4 a replica needs (README, Shared data and dynamic replication). The paper's figures cannot come from its printed algorithm in this set-up.`,
  };
  const plain = (v: Interval): Interval => ({ ...v });
  return {
    figure: {
      title: 'DSBRA\'s set-up: DSBRA against static replication under delay scheduling',
      xTitle: 'measure', yTitle: '% or points', x: 'ordinal',
      paper: { title: 'paper (section V, Figures 1-4)', points: rows.map((r): FigurePoint => ({ x: r.x, series, mean: r.paper })) },
      simulated: { title: 'simulated (mean, 95% CI)', points: rows.map((r) => point(r.x, series, plain(r.sim))) },
    },
    table: [['measure', 'the paper', 'simulated'], ...rows.map((r) => [r.x, String(r.paper), `${r.sim.mean.toFixed(1)} (95% CI ${r.sim.lo?.toFixed(1) ?? '-'} to ${r.sim.hi?.toFixed(1) ?? '-'})`])],
    checks: [
      check('DSBRA cuts mean response time (by more than 1%)', rows[0].sim.mean > 1, `${rows[0].sim.mean.toFixed(1)}%`),
      check('DSBRA raises node locality (by more than 1 point)', rows[1].sim.mean > 1, `${rows[1].sim.mean.toFixed(2)} points`),
      check('DSBRA cuts delay waiting (by more than 1%)', rows[3].sim.mean > 1, `${rows[3].sim.mean.toFixed(1)}%`),
      check('DSBRA pays in storage (mean extra storage above 1%)', rows[4].sim.mean > 1, `${rows[4].sim.mean.toFixed(1)}%`),
    ],
    // The cause is said once, at the first row that differs in its direction; later rows point back to it.
    differences: rows.map((r, i) => {
      const earlier = rows.slice(0, i).filter((q) => Math.abs(q.sim.mean - q.paper) > q.tolerance);
      const again = (dir: 1 | -1): boolean => earlier.some((q) => Math.sign(q.sim.mean - q.paper) === dir);
      return versus(`${r.x[0].toUpperCase()}${r.x.slice(1)}`, r.sim, r.paper, r.tolerance, 'n', {
        above: again(1) ? 'the same cause as above.' : cause.above,
        below: again(-1) ? 'the same cause as above.' : cause.below,
      });
    }),
  };
}

export const DSBRA_EXPERIMENT: Experiment = {
  id: 'dsbra', title: 'DSBRA\'s set-up: replication driven by delay scheduling', sweep: 'scenarios/experiments/dsbra.sweep.json',
  requires: 'scenarios/dsbra.json', quick: { seeds: [1, 2] },
  paper: 'Suresh and Gopalan 2015 (papers/002), section V: 20 nodes, R = 2, grep over 100 GB, 100 Facebook-sized jobs 14 s apart, 10% of blocks made hot; DSBRA against delay scheduling alone: response time -13% (up to -24%), locality +7% (+8% for 1-2-map jobs), delay waiting -17%, extra storage 22% on average (27% peak). The paper does not say whether +7% is points or relative; it is compared as points.',
  analyze: analyzeDsbra,
};
