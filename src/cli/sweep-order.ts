/**
 * The order a sweep hands its points to the workers: longest first where the cost is known, so that no long point
 * starts last and leaves the other workers idle at the tail. A point's cost is known from its group (the same axis
 * values, another seed): the mean wall time of the group's points already finished, in this run or an earlier one
 * (--resume). Groups with no cost yet go first, one point each, largest workload first (nodes x jobs), so every
 * group's cost is learned early; then points of known groups, dearest first; last, the rest of groups whose first
 * point is still running. Ties go to the point listed first. The order changes only which point runs when, never a
 * result.
 */
import { BinaryHeap } from '../core/binary-heap.js';
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

/** A group's points still to hand out (in the order listed), what is known of its cost, and its rank's version. */
interface Group<P> {
  readonly pending: P[];
  taken: number;
  totalMs: number;
  n: number;
  started: boolean;
  version: number;
}

/** A group's rank when it was pushed: class (2 no cost yet, 1 cost known, 0 started without a cost), then value. */
interface Entry<P> {
  readonly group: Group<P>;
  readonly version: number;
  readonly cls: number;
  readonly value: number;
  readonly first: number;
}

/** Entry a goes before entry b: higher class, then higher value, then the point listed first. */
const before = <P>(a: Entry<P>, b: Entry<P>): boolean => a.cls !== b.cls ? a.cls > b.cls : a.value !== b.value ? a.value > b.value : a.first < b.first;

/**
 * The points by group in a heap of the groups' ranks: each hand-out and each cost learned re-ranks one group, in
 * O(log groups) (a scan of every pending point per hand-out took minutes at 50,000 points). A group's older entries
 * stay in the heap and are skipped when they come up (their version is out of date).
 */
export class PointQueue<P extends Pick<SweepPoint, 'group' | 'index' | 'scenario' | 'trace'>> {
  private readonly groups = new Map<string, Group<P>>();
  private readonly size = new Map<P, number>();
  private readonly heap = new BinaryHeap<Entry<P>>(before);

  constructor(points: readonly P[], finished: ReadonlyArray<{ group: string; run: { wallMs: number } }> = []) {
    for (const p of points) {
      this.size.set(p, workloadSize(p.scenario, p.trace?.ids.length));
      const g = this.groups.get(p.group) ?? { pending: [], taken: 0, totalMs: 0, n: 0, started: false, version: 0 };
      g.pending.push(p);
      this.groups.set(p.group, g);
    }
    for (const r of finished) {
      const g = this.groups.get(r.group);
      if (g === undefined) continue; // a group with no point left to run
      g.totalMs += r.run.wallMs;
      g.n++;
    }
    for (const g of this.groups.values()) this.rank(g);
  }

  /** A finished point's wall time, for its group. */
  learn(group: string, wallMs: number): void {
    const g = this.groups.get(group);
    if (g === undefined) return;
    g.totalMs += wallMs;
    g.n++;
    this.rank(g);
  }

  /** The next point to run, taken off the queue; undefined when none is left. */
  next(): P | undefined {
    while (this.heap.size > 0) {
      const top = this.heap.pop()!;
      if (top.version !== top.group.version) continue;
      const g = top.group;
      const point = g.pending[g.taken++];
      g.started = true;
      this.rank(g);
      return point;
    }
    return undefined;
  }

  /** Pushes the group's rank now (its older entries become stale), if it has points left. */
  private rank(g: Group<P>): void {
    g.version++;
    if (g.taken === g.pending.length) return;
    const head = g.pending[g.taken];
    const [cls, value] = g.n > 0 ? [1, g.totalMs / g.n] : g.started ? [0, this.size.get(head)!] : [2, this.size.get(head)!];
    this.heap.push({ group: g, version: g.version, cls, value, first: head.index });
  }
}
