/**
 * Where each rack's reduces fetch their shuffle from, for the master's core allocation (core-allocation.ts).
 *
 * A reduce's fetches from other racks are one flow "in from anywhere" in its rack (rack-slots.ts), yet their bytes
 * leave through the uplinks of the racks that ran the maps. So the allocation loads each source rack's uplink with
 * the group's flows in the proportion of the bytes they still have to fetch from it:
 * - Outstanding MB, by reducer rack and source rack: each fetch's MB by source rack are added as the master resolves
 *   the fetches (shuffle-sends.ts, exact: the maps' own nodes), and a rack's are drained, in proportion, by the MB its
 *   "in from anywhere" link reports carried, and those of fetches cut short (a reduce killed or finished early:
 *   FluidRack.committedCarried). The proportional drain is an approximation: fetches that share the link share it
 *   evenly, so a smaller one ends first and its sources' share stays in the mix, shrinking, until the rack's fetches
 *   are all done and the mix of the rack clears.
 * - Expected: a fetch that starts in the epoch being allocated (a notice of new outputs elsewhere), or in the next
 *   (its reduce's start-up may run past the epoch's end), is resolved one or two allocations later; in those two its
 *   flow is weighted by where its job's finished maps ran as each allocation reads it (MapOutputs.racksOf): its maps
 *   finished so far, in place of the new ones alone. The flows are kept by reducer rack and job, so a rack's many
 *   notices of one job are weighed once an allocation.
 * A group's shares are the mean of its flows': its flows without either (none of its MB known) load no uplink.
 * Depends only on the reports and the master's notices, in the order the master reads them: the same on any number
 * of threads.
 */
/** A job's finished maps by rack, nonzero at `sources` only (MapOutputs.racksOf); undefined once it is done. */
export type OutputRacks = (job: number) => { readonly byRack: Int32Array; readonly sources: readonly number[] } | undefined;

export class ShuffleMix {
  /** By reducer rack: outstanding MB by source rack (sparse, in order first added), and their sum. */
  private readonly outstanding: Array<Map<number, number> | undefined>;
  private readonly total: Float64Array;
  /** By rack: the cumulative MB its "in from anywhere" link had carried at its last report. */
  private readonly lastCarried: Float64Array;
  /** The expected flows of the allocation being gathered and of the one before. */
  private expected: Expectations;
  private previous: Expectations;
  /** Scratch of shares(): MB by source rack, and the racks with any. */
  private readonly scratch: Float64Array;
  private readonly listed: Int32Array;
  /** Whether anything changed since the last allocated() (an allocation of the same demand must be solved again). */
  changed = false;

  /** `outputs`: where a job's finished maps ran, for the fetches expected (ShuffleMix.expect). */
  constructor(readonly racks: number, private readonly outputs: OutputRacks) {
    this.outstanding = new Array<Map<number, number> | undefined>(racks).fill(undefined);
    this.total = new Float64Array(racks);
    this.lastCarried = new Float64Array(racks);
    this.expected = new Expectations();
    this.previous = new Expectations();
    this.scratch = new Float64Array(racks);
    this.listed = new Int32Array(racks);
  }

  /** The MB rack `rack`'s reduces still have to fetch from other racks, as the mix reckons them. */
  outstandingMB(rack: number): number {
    return this.total[rack];
  }

  /** Rack `rack`'s reduces will fetch `mb` more MB from rack `source` (another rack). */
  add(rack: number, source: number, mb: number): void {
    if (!(mb > 0) || source === rack) return;
    const m = (this.outstanding[rack] ??= new Map<number, number>());
    m.set(source, (m.get(source) ?? 0) + mb);
    this.total[rack] += mb;
    this.changed = true;
  }

  /** Rack `rack`'s "in from anywhere" link has carried `cumulativeMB` in all: drains what it carried since the last call. */
  carried(rack: number, cumulativeMB: number): void {
    const moved = cumulativeMB - this.lastCarried[rack];
    this.lastCarried[rack] = cumulativeMB;
    const m = this.outstanding[rack];
    if (!(moved > 0) || m === undefined) return;
    this.changed = true;
    const left = this.total[rack] - moved;
    // Nothing left (within rounding: a millionth of the MB outstanding): the rack's fetches are done.
    if (left <= this.total[rack] * 1e-6) {
      this.outstanding[rack] = undefined;
      this.total[rack] = 0;
      return;
    }
    const keep = left / this.total[rack];
    for (const [source, mb] of m) m.set(source, mb * keep);
    this.total[rack] = left;
  }

  /**
   * A fetch from other racks, of `job`'s outputs, starts in rack `rack` in the epoch being allocated or the next (its
   * reduce's start-up may run past the epoch). It counts in this allocation and the next: its fetch is resolved by the
   * one after at the latest.
   */
  expect(rack: number, job: number): void {
    this.expected.add(rack, job);
    this.changed = true;
  }

  /** An allocation has read the shares: its expected flows count once more, in the next; what changed before it is read. */
  allocated(): void {
    const older = this.previous;
    this.previous = this.expected;
    this.expected = older;
    this.changed = older.clear() + this.previous.racks.length > 0;
  }

  /**
   * Calls visit(source, share) for each source rack of rack `rack`'s `flows` flows in from anywhere, ascending: the
   * share of the group's rate that crosses the source's uplink (the shares sum to at most 1).
   */
  shares(rack: number, flows: number, visit: (source: number, share: number) => void): void {
    const { scratch, listed } = this;
    // The expected flows' sums by source (each flow's shares sum to 1), then the known flows' from the MB outstanding.
    let n = 0;
    let expectedFlows = 0;
    for (let g = 0; g < 2; g++) {
      const jobs = (g === 0 ? this.expected : this.previous).byRack[rack];
      if (jobs === undefined) continue;
      for (const [job, count] of jobs) {
        const where = this.outputs(job);
        if (where === undefined) continue;
        let elsewhere = 0;
        for (const s of where.sources) if (s !== rack) elsewhere += where.byRack[s];
        if (elsewhere === 0) continue;
        expectedFlows += count;
        for (const s of where.sources) {
          if (s === rack || where.byRack[s] === 0) continue;
          if (scratch[s] === 0) listed[n++] = s;
          scratch[s] += (count * where.byRack[s]) / elsewhere;
        }
      }
    }
    const expFlows = Math.min(flows, expectedFlows);
    if (expFlows < expectedFlows) for (let j = 0; j < n; j++) scratch[listed[j]] *= expFlows / expectedFlows;
    const out = this.outstanding[rack];
    const known = out === undefined ? 0 : flows - expFlows;
    if (out !== undefined && known > 0) {
      const total = this.total[rack];
      for (const [s, mb] of out) {
        if (scratch[s] === 0) listed[n++] = s;
        scratch[s] += (known * mb) / total;
      }
    }
    const sorted = listed.subarray(0, n).sort();
    for (const s of sorted) {
      visit(s, scratch[s] / flows);
      scratch[s] = 0;
    }
  }
}

/** Expected flows (ShuffleMix.expect) of one allocation: by reducer rack, their number by job (in order first expected). */
class Expectations {
  readonly byRack: Array<Map<number, number> | undefined> = [];
  /** The reducer racks with any, in order first expected. */
  readonly racks: number[] = [];

  add(rack: number, job: number): void {
    let jobs = this.byRack[rack];
    if (jobs === undefined) {
      jobs = this.byRack[rack] = new Map<number, number>();
      this.racks.push(rack);
    }
    jobs.set(job, (jobs.get(job) ?? 0) + 1);
  }

  /** Empties it; returns the racks it had. */
  clear(): number {
    const had = this.racks.length;
    for (const rack of this.racks) this.byRack[rack] = undefined;
    this.racks.length = 0;
    return had;
  }
}
