/**
 * The fluid model's results: each rack's uplink and downlink utilisation over time (and, with a bounded core, the
 * core's: what crossed racks, against its capacity), and the MB that crossed racks.
 * Racks report cumulative committed MB each epoch; this keeps the differences in time buckets, starting at about one
 * minute and doubling their width (merging pairs) whenever more than MAX_BUCKETS would be needed, so a result
 * holds at most MAX_BUCKETS points a rack whatever the run's length. A bucket is a whole number of heartbeat
 * intervals, and an epoch's MB go to the bucket its interval lies in: a link never shows more than its capacity.
 * (One-minute buckets at 45 s heartbeats got one epoch or two in turn, and read 75% and 150% of a link flat out.)
 */
const MAX_BUCKETS = 120;
/** Cumulative MB a rack reports each epoch (FluidRack.committedCarried) that this books. */
const FIELDS = 10;
/** The field after them: MB the rack's link of traffic in from anywhere carried, for the master's shuffle mix. */
export const SHUFFLED_IN = FIELDS;

export interface NetworkResult {
  model: 'fluid';
  /**
   * MB carried between racks, each crossing of the core counted: a cross-rack flow crosses one rack's cross-rack group
   * link, a write pipeline on from its second replica's rack to a third two.
   */
  crossRackMB: number;
  /** MB the committed passes finished early (see src/core/network/fluid-rack.ts): the model's own error. */
  forcedMB: number;
  /** MB read by maps and reduces' shuffles (an invariant: the inputs and shuffles of the tasks run). */
  readMB: number;
  /** MB of cross-rack map reads whose send half the source's rack simulated, and whose it could not (serves.ts). */
  servedMB: number;
  unservedMB: number;
  /**
   * MB of the far sides of reduce outputs' write pipelines (the off-rack replicas) a replica's rack simulated, and
   * could not (a pipeline entering two other racks counts twice).
   */
  replicatedMB: number;
  unreplicatedMB: number;
  /** MB of reduces' fetches from other racks whose send half (the source nodes' disks, NICs and uplinks) was simulated. */
  shuffleSentMB: number;
  /**
   * Per rack, per bucket: the fraction of the uplink's and the downlink's capacity used; with a bounded core
   * (`coreGbps`), per bucket, the fraction of the core's: the MB that crossed racks (every cross-rack transfer's near
   * half crosses it once, a write pipeline on from its second replica's rack to a third a second time, each on a group
   * link sized by the master's allocation) over what it could carry. The last bucket's share is of the part of it the
   * run lasted, `lastBucketMs` (whole heartbeat intervals, at most bucketMs): a link flat out to the run's end reads 1
   * there too, where over the whole bucket a 5 s run at one-minute buckets read 0.083.
   */
  utilization: { bucketMs: number; lastBucketMs: number; up: number[][]; down: number[][]; core?: number[] };
}

export class LinkUsage {
  private bucketMs: number;
  private readonly up: number[][];
  private readonly down: number[][];
  /** MB across racks by bucket (the core's series; kept with a bounded core only). */
  private readonly core: number[] = [];
  /** Last cumulative report of each rack: up, down, cross, forced, read, served, unserved, replicated, unreplicated, shuffle sent. */
  private readonly last: Float64Array;
  /** The end of the last epoch reported: the run's end, which the last bucket's share is of. */
  private endMs = 0;

  /** `coreMBps`: the core's capacity (Infinity: non-blocking, and no series of it). */
  constructor(readonly racks: number, private readonly switchMBps: number, private readonly heartbeatMs: number, private readonly coreMBps = Infinity) {
    this.bucketMs = heartbeatMs * Math.max(1, Math.round(60_000 / heartbeatMs));
    this.up = Array.from({ length: racks }, () => []);
    this.down = Array.from({ length: racks }, () => []);
    this.last = new Float64Array(racks * FIELDS);
  }

  /**
   * Rack `rack`'s cumulative MB (up, down, cross, forced, read, served, unserved, replicated, unreplicated, shuffle
   * sent) up to `timeMs`, the end of an epoch: what it adds was carried in that epoch (nothing runs over an idle jump).
   */
  report(rack: number, timeMs: number, carried: Float64Array): void {
    if (carried.length < FIELDS) return;
    if (timeMs > this.endMs) this.endMs = timeMs;
    const epochStart = Math.max(0, timeMs - this.heartbeatMs);
    let b = Math.floor(epochStart / this.bucketMs);
    while (b >= MAX_BUCKETS) {
      this.halve();
      b = Math.floor(epochStart / this.bucketMs);
    }
    const at = rack * FIELDS;
    this.add(this.up[rack], b, carried[0] - this.last[at]);
    this.add(this.down[rack], b, carried[1] - this.last[at + 1]);
    if (this.coreMBps !== Infinity) this.add(this.core, b, carried[2] - this.last[at + 2]);
    for (let k = 0; k < FIELDS; k++) this.last[at + k] = carried[k];
  }

  /**
   * The series to the run's end, `runEndMs` (its last job's finish): jobs' clean-up (cluster.network.jobCleanupMs) runs
   * on the master's clock after their last epoch, carrying nothing; the series ended at the last epoch reported, and
   * the last bucket's share, of that part of it, overstated the run's use (24% for 0.9%).
   */
  result(runEndMs = 0): NetworkResult {
    this.ranUntil(runEndMs);
    const total = (k: number): number => {
      let sum = 0;
      for (let r = 0; r < this.racks; r++) sum += this.last[r * FIELDS + k];
      return sum;
    };
    const cross = total(2);
    const forced = total(3);
    // The last bucket (of any series) ran from its start to the last epoch's end: its share is of that time.
    const last = lastBucket({ bucketMs: this.bucketMs, up: this.up, down: this.down, core: this.core }).index;
    const ran = this.endMs - last * this.bucketMs;
    const lastBucketMs = last >= 0 && ran > 0 && ran < this.bucketMs ? ran : this.bucketMs;
    const frac = (xs: number[], MBps: number): number[] => Array.from(xs, (x, i) => Math.round((x / (MBps * ((i === last ? lastBucketMs : this.bucketMs) / 1000))) * 1e4) / 1e4);
    const utilization: NetworkResult['utilization'] = { bucketMs: this.bucketMs, lastBucketMs, up: this.up.map((xs) => frac(xs, this.switchMBps)), down: this.down.map((xs) => frac(xs, this.switchMBps)) };
    if (this.coreMBps !== Infinity) utilization.core = frac(this.core, this.coreMBps);
    return {
      model: 'fluid',
      crossRackMB: Math.round(cross),
      forcedMB: Math.round(forced * 1000) / 1000,
      readMB: Math.round(total(4) * 1000) / 1000,
      servedMB: Math.round(total(5) * 1000) / 1000,
      unservedMB: Math.round(total(6) * 1000) / 1000,
      replicatedMB: Math.round(total(7) * 1000) / 1000,
      unreplicatedMB: Math.round(total(8) * 1000) / 1000,
      shuffleSentMB: Math.round(total(9) * 1000) / 1000,
      utilization,
    };
  }

  /** Extends every series with empty buckets to the heartbeat interval `timeMs` falls in, where past the last reported. */
  private ranUntil(timeMs: number): void {
    const end = Math.ceil(timeMs / this.heartbeatMs) * this.heartbeatMs;
    if (end <= this.endMs) return;
    this.endMs = end;
    let b = Math.floor((end - this.heartbeatMs) / this.bucketMs);
    while (b >= MAX_BUCKETS) {
      this.halve();
      b = Math.floor((end - this.heartbeatMs) / this.bucketMs);
    }
    for (const series of [...this.up, ...this.down]) this.add(series, b, 0);
    if (this.coreMBps !== Infinity) this.add(this.core, b, 0);
  }

  private add(series: number[], b: number, mb: number): void {
    while (series.length <= b) series.push(0);
    series[b] += mb;
  }

  private halve(): void {
    this.bucketMs *= 2;
    for (const series of [...this.up, ...this.down, this.core]) {
      const merged: number[] = [];
      for (let i = 0; i < series.length; i += 2) merged.push(series[i] + (series[i + 1] ?? 0));
      series.length = 0;
      series.push(...merged);
    }
  }
}

/** A fluid result's utilisation series (older results have no lastBucketMs: their last bucket counted whole). */
type Utilization = Omit<NetworkResult['utilization'], 'lastBucketMs'> & { lastBucketMs?: number };

/** The run's last bucket (the longest series', of any direction and the core) and the ms of it the run lasted. */
export function lastBucket(u: Utilization): { index: number; ms: number } {
  let index = (u.core?.length ?? 0) - 1;
  for (const xs of u.up) if (xs.length - 1 > index) index = xs.length - 1; // not Math.max(...): 10,000 racks
  for (const xs of u.down) if (xs.length - 1 > index) index = xs.length - 1;
  return { index, ms: Math.min(u.lastBucketMs ?? u.bucketMs, u.bucketMs) }; // at most a bucket (a hand-edited result's more)
}

/**
 * One direction's utilisation over the run (`up`, `down`, or `core`: one series), from each rack's series by bucket:
 * the mean over racks and time (a series shorter than the run counts 0 past its end; the run's last bucket, which
 * may be partly run, weighs the part run: a one-second tail at full use no longer counted as a full minute) and the
 * busiest bucket of any rack.
 */
export function linkUse(u: Utilization, dir: 'up' | 'down' | 'core'): { mean: number; max: number } {
  const series = dir === 'core' ? (u.core === undefined ? [] : [u.core]) : u[dir];
  const last = lastBucket(u);
  const weight = (i: number): number => (i === last.index ? last.ms / u.bucketMs : 1);
  let sum = 0;
  let max = 0;
  for (const s of series) {
    for (let i = 0; i < s.length; i++) {
      sum += s[i] * weight(i);
      if (s[i] > max) max = s[i];
    }
  }
  const time = last.index + weight(last.index); // buckets, the last by the part run
  return { mean: series.length === 0 || last.index < 0 ? 0 : sum / (time * series.length), max };
}
