/**
 * Tallies, for the shuffle mix (shuffle-mix.ts), the fetches from other racks the master resolves (shuffle-sends.ts):
 * the maps each covers by source rack, one job's fetches at a time.
 */
import { grownFloats } from './grown.js';
import type { ShuffleMix } from './shuffle-mix.js';

/**
 * One job's fetches resolved together, for the mix: maps x the fetches covering them, by source rack and reducer rack.
 * Maps are counted by source as they come and weighed by the covering fetches when those change (a segment at a
 * time). The counts are whole numbers, so the order they are summed in does not change them; each pair's goes to the
 * mix as one add of perMap x count, sources in order of first map, reducer racks in order of first fetch (or in more
 * adds, where a tally of very many racks fills its table: SPILL_CELLS).
 */
export class MixTally {
  /** By rack: its row (source racks, in order first counted) and column (reducer racks), or -1. */
  private readonly rowOf: Int32Array;
  private readonly colOf: Int32Array;
  private readonly rows: number[] = [];
  private readonly cols: number[] = [];
  /** By column: the fetches from its rack covering the maps being counted. */
  private weights: Float64Array = new Float64Array(0);
  /** By row: maps counted since the weights last changed; and the rows with any. */
  private pending: Float64Array = new Float64Array(0);
  private readonly waiting: number[] = [];
  /** rows x cols, row-major. */
  private counts: Float64Array = new Float64Array(0);
  private perMap = 0;

  constructor(racks: number, private readonly mix: ShuffleMix) {
    this.rowOf = new Int32Array(racks).fill(-1);
    this.colOf = new Int32Array(racks).fill(-1);
  }

  /** Starts a tally at `perMap` MB a map over fetches by reduces in `racks` (repeats allowed), none covering yet. */
  begin(perMap: number, racks: readonly number[]): void {
    this.perMap = perMap;
    for (const r of racks) {
      if (this.colOf[r] >= 0) continue;
      this.colOf[r] = this.cols.length;
      this.cols.push(r);
    }
    if (this.weights.length < this.cols.length) this.weights = new Float64Array(2 * this.cols.length);
  }

  /** `delta` fetches by reduces in rack `rack` begin (1) or stop (-1) covering the maps counted next. */
  weigh(rack: number, delta: number): void {
    this.settle();
    this.weights[this.colOf[rack]] += delta;
  }

  /** One map from rack `source`, read by the fetches covering it now. */
  count(source: number): void {
    let row = this.rowOf[source];
    if (row < 0) row = this.addRow(source);
    if (this.pending[row]++ === 0) this.waiting.push(row);
  }

  /** Adds the tally to the mix, and clears it for the next. */
  end(): void {
    this.settle();
    this.spill();
    this.weights.fill(0, 0, this.cols.length);
    for (const r of this.cols) this.colOf[r] = -1;
    this.cols.length = 0;
  }

  private addRow(source: number): number {
    const width = this.cols.length;
    if ((this.rows.length + 1) * width > SPILL_CELLS && this.rows.length > 0) {
      this.settle();
      this.spill();
    }
    const row = this.rows.length;
    this.rowOf[source] = row;
    this.rows.push(source);
    if (this.counts.length < (row + 1) * width) this.counts = grownFloats(this.counts, Math.max(2 * this.counts.length, (row + 1) * width));
    if (this.pending.length <= row) this.pending = grownFloats(this.pending, 2 * row + 2);
    return row;
  }

  /** Weighs the maps counted since the weights last changed. */
  private settle(): void {
    const { counts, weights, pending } = this;
    const width = this.cols.length;
    for (const row of this.waiting) {
      const maps = pending[row];
      pending[row] = 0;
      const base = row * width;
      for (let c = 0; c < width; c++) counts[base + c] += maps * weights[c];
    }
    this.waiting.length = 0;
  }

  /** Adds the settled counts to the mix and forgets the rows. */
  private spill(): void {
    const { rows, cols, counts } = this;
    const width = cols.length;
    for (let row = 0; row < rows.length; row++) {
      for (let c = 0; c < width; c++) {
        const n = counts[row * width + c];
        if (n > 0) this.mix.add(cols[c], rows[row], this.perMap * n);
      }
      this.rowOf[rows[row]] = -1;
    }
    counts.fill(0, 0, rows.length * width);
    rows.length = 0;
  }
}

/** Cells of a tally's table (8 bytes each) past which it adds what it has to the mix and starts again. */
const SPILL_CELLS = 1 << 20;
