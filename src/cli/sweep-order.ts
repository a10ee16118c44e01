/**
 * The order a sweep hands its points to the workers: longest first where the cost is known, so that no long point
 * starts last and leaves the other workers idle at the tail. A point's cost is known from its group (the same axis
 * values, another seed): the mean wall time of the group's points already finished, in this run or an earlier one
 * (--resume). Groups with no cost yet go first, one point each, largest workload first (nodes x jobs), so every
 * group's cost is learned early; then points of known groups, dearest first; last, the rest of groups whose first
 * point is still running. The order changes only which point runs when, never a result.
 */
import type { Scenario } from '../core/scenario.js';
import type { SweepPoint } from './sweep-file.js';

/** A size estimate before any measurement: simulated nodes times jobs (a swim trace's rows). */
export function workloadSize(scenario: Scenario, traceRows?: number): number {
  const w = scenario.workload;
  const jobs = w.kind === 'facebook' ? w.jobs
    : w.kind === 'jobs' ? w.jobs.length
      : w.kind === 'generated' ? w.groups.reduce((a, g) => a + g.count, 0)
        : w.kind === 'swim' ? Math.min(w.jobs ?? Infinity, traceRows ?? 1)
          : 1; // sls: read into a jobs workload when the sweep is loaded
  return scenario.cluster.racks * scenario.cluster.nodesPerRack * jobs;
}

interface GroupCost {
  totalMs: number;
  n: number;
}

export class PointQueue<P extends Pick<SweepPoint, 'group' | 'index' | 'scenario' | 'trace'>> {
  private readonly pending: P[];
  private readonly known = new Map<string, GroupCost>();
  /** Groups with a point handed out and no cost yet. */
  private readonly started = new Set<string>();
  private readonly size = new Map<P, number>();

  constructor(points: readonly P[], finished: ReadonlyArray<{ group: string; run: { wallMs: number } }> = []) {
    this.pending = [...points];
    for (const p of points) this.size.set(p, workloadSize(p.scenario, p.trace?.ids.length));
    for (const r of finished) this.learn(r.group, r.run.wallMs);
  }

  /** A finished point's wall time, for its group. */
  learn(group: string, wallMs: number): void {
    const c = this.known.get(group) ?? { totalMs: 0, n: 0 };
    c.totalMs += wallMs;
    c.n++;
    this.known.set(group, c);
  }

  /** The next point to run, taken off the queue; undefined when none is left. */
  next(): P | undefined {
    if (this.pending.length === 0) return undefined;
    const rank = (p: P): [number, number] => {
      const c = this.known.get(p.group);
      if (c !== undefined) return [1, c.totalMs / c.n];
      return this.started.has(p.group) ? [0, this.size.get(p)!] : [2, this.size.get(p)!];
    };
    let best = 0;
    let bestRank = rank(this.pending[0]);
    for (let i = 1; i < this.pending.length; i++) {
      const r = rank(this.pending[i]);
      if (r[0] > bestRank[0] || (r[0] === bestRank[0] && r[1] > bestRank[1])) [best, bestRank] = [i, r];
    }
    const [point] = this.pending.splice(best, 1);
    this.started.add(point.group);
    return point;
  }
}
