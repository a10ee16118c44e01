/**
 * The master's decision-latency histogram: HdrHistogram's log-linear buckets at 3 significant digits over 1 ns to
 * 60 s, in a plain Float64Array. It replaces hdr-histogram-js, whose 800 KB module and WebAssembly set-up cost every
 * process ~50-200 ms before its first run (measured on the 2-core VM: import 60-110 ms, initWebAssembly 58-120 ms),
 * which a scenario of 100 jobs (70-130 ms a variant) and every sweep worker paid in full; a record here is a few
 * array operations, no slower than the WebAssembly call it replaces.
 *
 * Buckets as HdrHistogram's (lowest discernible value 1, 3 significant digits): 2,048 sub-buckets, so a value v is
 * kept to within 2^(floor(log2 v) - 10), under 0.1% of it. Bucket 0 holds 0..2047 exactly; bucket b >= 1 holds
 * [2^(b+10), 2^(b+11)) in 1,024 steps of 2^b. A percentile is the highest value equivalent to the recorded value at
 * which the cumulative count first reaches it (HdrHistogram's getValueAtPercentile, its rounding included); `mean` weighs each
 * bucket's middle value (its getMean). Both may pass the exact maximum (a bucket's top or middle lies above the highest
 * value recorded in it): `summary()`, what a run reports, holds them to it and gives the exact mean. Values are whole
 * nanoseconds below 2^53; the counts grow past 60 s when a value needs it.
 */
const SUB_BUCKET_BITS = 11; // 2,048 sub-buckets: 3 significant digits
const HALF = 1 << (SUB_BUCKET_BITS - 1);
const HIGHEST_NS = 60_000_000_000;
const TWO_32 = 2 ** 32;

/** The index of the highest set bit of a whole number below 2^53. */
function highestBit(v: number): number {
  const hi = Math.floor(v / TWO_32);
  return hi > 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(v >>> 0);
}

/** The bucket of v (0 for v < 2,048). */
const bucketOf = (v: number): number => Math.max(0, highestBit(v) - (SUB_BUCKET_BITS - 1));

/** The counts' index of v. */
function indexOf(v: number): number {
  const bucket = bucketOf(v);
  const sub = Math.floor(v / 2 ** bucket); // HALF .. 2 * HALF - 1, or 0 .. 2 * HALF - 1 in bucket 0
  return bucket === 0 ? sub : (bucket + 1) * HALF + (sub - HALF);
}

/** The lowest value of an index's range, and the range's width. */
function rangeAt(index: number): { low: number; width: number } {
  if (index < 2 * HALF) return { low: index, width: 1 };
  const bucket = Math.floor(index / HALF) - 1;
  const sub = (index % HALF) + HALF;
  return { low: sub * 2 ** bucket, width: 2 ** bucket };
}

/** The unit in the last place of x > 0 (0 for 0). */
const ulp = (x: number): number => (x > 0 ? 2 ** (Math.floor(Math.log2(x)) - 52) : 0);

const SIZE = indexOf(HIGHEST_NS) + 1;

export class LatencyHistogram {
  private counts = new Float64Array(SIZE);
  private total = 0;
  private max = 0;
  /** The recorded values' exact sum (whole nanoseconds: exact below 2^53 ns, 104 days). */
  private sum = 0;

  /** Records `count` occurrences of `ns` (a whole number of nanoseconds, 0 to 2^53 - 1). */
  recordValueWithCount(ns: number, count: number): void {
    const i = indexOf(ns);
    if (i >= this.counts.length) this.grow(i);
    this.counts[i] += count;
    this.total += count;
    this.sum += ns * count;
    if (ns > this.max) this.max = ns;
  }

  recordValue(ns: number): void {
    this.recordValueWithCount(ns, 1);
  }

  /** Room for index i (HdrHistogram's auto-resize; a decision over 60 s should never happen). */
  private grow(i: number): void {
    const counts = new Float64Array(i + 1);
    counts.set(this.counts);
    this.counts = counts;
  }

  get totalCount(): number {
    return this.total;
  }

  /** The highest value recorded (exact, not rounded to its bucket); 0 when none was. */
  get maxValue(): number {
    return this.max;
  }

  /** The mean of the recorded values, each taken at the middle of its bucket; 0 when none was recorded. */
  get mean(): number {
    if (this.total === 0) return 0;
    let sum = 0;
    const counts = this.counts;
    for (let i = 0; i < counts.length; i++) {
      if (counts[i] === 0) continue;
      const { low, width } = rangeAt(i);
      sum += (low + Math.floor(width / 2)) * counts[i];
    }
    return sum / this.total;
  }

  /**
   * What a run reports, in ns: the exact mean, and the percentiles 50, 90, 99 and 99.9 held to the exact maximum, so
   * that p50 <= p90 <= p99 <= p99.9 <= max and mean <= max (a bucket's top lies above the highest value recorded in it:
   * one run of 1 ns to 20 us gave p99.9 21,954.56 us over a max of 21,952.36 us before). All 0 when none was recorded.
   */
  summary(): { mean: number; p50: number; p90: number; p99: number; p999: number; max: number } {
    const at = (p: number): number => Math.min(this.getValueAtPercentile(p), this.max);
    return { mean: this.total === 0 ? 0 : this.sum / this.total, p50: at(50), p90: at(90), p99: at(99), p999: at(99.9), max: this.max };
  }

  /** The value at `percentile` (0-100): the highest value equivalent to the first index whose cumulative count reaches it. */
  getValueAtPercentile(percentile: number): number {
    if (this.total === 0) return 0;
    const p = Math.min(Math.max(percentile, 0), 100);
    const exact = (p / 100) * this.total;
    const wanted = Math.max(1, Math.ceil(exact - ulp(exact))); // as HdrHistogram: a count 1 ulp above a whole number is that number
    let seen = 0;
    const counts = this.counts;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen >= wanted) {
        const { low, width } = rangeAt(i);
        return p === 0 ? low : low + width - 1;
      }
    }
    return this.max;
  }
}
