/**
 * Hadoop's SchedulingAlgorithms (FairScheduler 0.21 / branch-1) as pure functions: the FairShareComparator that
 * orders pools (and the jobs of a fair-mode pool), and computeFairShares, the weighted max-min fair division of
 * the slots with min shares and demand caps.
 */
import { compareCodeUnits } from './code-units.js';

/** What the algorithms need to know about a pool or a job, for one slot kind. */
export interface Schedulable {
  readonly name: string;
  /** Tasks of this kind running now. */
  readonly running: number;
  /** Tasks it could run now: running plus pending (capped by the pool's max). */
  readonly demand: number;
  /** Guaranteed slots (0 for jobs). */
  readonly minShare: number;
  readonly weight: number;
  /** A job's submit time; 0 for a pool, as Hadoop's PoolSchedulable gives (pools tie by name). */
  readonly startMs: number;
}

/**
 * FairShareComparator: a schedulable below min(minShare, demand) is needy; needy ones come first, ordered by
 * running / max(min(minShare, demand), 1); the rest by running / weight; ties by start time, then name.
 * Cost O(1).
 */
export function compareFairShare(a: Schedulable, b: Schedulable): number {
  const minA = Math.min(a.minShare, a.demand);
  const minB = Math.min(b.minShare, b.demand);
  const needyA = a.running < minA;
  const needyB = b.running < minB;
  let res = 0;
  if (needyA && !needyB) res = -1;
  else if (needyB && !needyA) res = 1;
  else if (needyA && needyB) res = Math.sign(a.running / Math.max(minA, 1) - b.running / Math.max(minB, 1));
  else res = Math.sign(a.running / a.weight - b.running / b.weight);
  // total order: deterministic ordering, useful for tests and reproducible runs
  return res || Math.sign(a.startMs - b.startMs) || compareCodeUnits(a.name, b.name);
}

/** Binary search iterations (Hadoop's COMPUTE_FAIR_SHARES_ITERATIONS). */
export const FAIR_SHARE_ITERATIONS = 25;

export interface ShareInput {
  readonly weight: number;
  readonly minShare: number;
  readonly demand: number;
}

/**
 * computeFairShares: finds the weight-to-slots ratio R such that the shares
 *   share_i(R) = min(max(weight_i * R, minShare_i), demand_i)
 * sum to min(total demand, slots), by doubling an upper bound and then FAIR_SHARE_ITERATIONS bisection steps
 * (Hadoop's algorithm; the shares are those at the upper end of the final interval). When the min shares
 * (each capped by its demand) add up to more than the slots, they are first scaled down by one common factor
 * so that they fit (the paper: "scale them down evenly"). Returns one share per input. Cost O(n + 25 x those with demand).
 */
export function computeFairShares(inputs: readonly ShareInput[], slots: number): number[] {
  const totalDemand = inputs.reduce((s, x) => s + x.demand, 0);
  const cap = Math.min(totalDemand, slots);
  const wantedMin = inputs.reduce((s, x) => s + Math.min(x.minShare, x.demand), 0);
  const scale = wantedMin > slots && wantedMin > 0 ? slots / wantedMin : 1;
  const mins = inputs.map((x) => Math.min(x.minShare, x.demand) * scale);
  const share = (i: number, r: number): number => Math.min(Math.max(inputs[i].weight * r, mins[i]), inputs[i].demand);
  // The search sums the shares of those with demand: another's is 0 at any ratio, and adding 0 changes no sum, so the
  // shares are the same to the bit (10,000 pools with a few busy walked them all, 25 times an interval).
  const wanting: number[] = [];
  for (let i = 0; i < inputs.length; i++) if (inputs[i].demand > 0) wanting.push(i);
  const used = (r: number): number => {
    let s = 0;
    for (const i of wanting) s += share(i, r);
    return s;
  };
  if (cap <= 0) return inputs.map(() => 0);
  let right = 1;
  while (used(right) < cap && right < 1e12) right *= 2;
  let left = 0;
  for (let k = 0; k < FAIR_SHARE_ITERATIONS; k++) {
    const mid = (left + right) / 2;
    if (used(mid) < cap) left = mid;
    else right = mid;
  }
  return inputs.map((_, i) => share(i, right));
}
