/**
 * Every job of a workload as a size limit sees it before the run (WorkloadShape.arrivals): its submission, maps and map
 * time, in submission order, for a cost that grows with the jobs waiting at once (Quincy's decisions: quincy/
 * waiting-jobs.ts). Drawn gaps and sizes count as the run draws them at the scenario's seed (a group's exponential
 * gaps, the Facebook mix's gaps, sizes and types: workload.ts's own draws, replayed), so that bunched arrivals count.
 */
import { filePosition } from './file-position.js';
import { FACEBOOK_BINS } from './facebook-bins.js';
import { MAX_JOBS, MAX_TIME_MS } from './limits.js';
import type { Scenario } from './scenario.js';
import { type SwimTrace, swimJobShape } from './swim.js';
import { JOB_PROFILES, facebookDraws, facebookReduces, groupSubmits, seededWorkloadStream } from './workload.js';

export interface JobArrivals {
  /** Submissions (ms, whole, at most MAX_TIME_MS), never decreasing. */
  readonly submitMs: Float64Array;
  /** Each job's maps (at least 1; a listed job of an empty input is left out) and map time (ms). */
  readonly maps: Float64Array;
  readonly mapMs: Float64Array;
  /** Each job's reduces and reduce time (reduceMs, ms: the copy phase may run outside the slot: copy-compute.ts). */
  readonly reduces: Float64Array;
  readonly reduceMs: Float64Array;
  /** The scenario field that sets the i-th job's submission (in this order), for an error. */
  field(i: number): string;
  /** The seed whose draws these are, where any job's submission is drawn (an error says so: another seed draws others). */
  readonly drawnBy?: number;
}

/** A trace's row, as its errors name it (row i is line i + 1: src/cli/trace.ts skips none). */
export function swimRowField(trace: SwimTrace, i: number): string {
  return trace.file === '' ? `workload.trace (job ${trace.ids[i]})` : `workload.trace: ${filePosition(trace.file, i + 1)}: job ${trace.ids[i]}`;
}

/** Blocks of the Facebook mix: exact for the benchmark (each hundred is the paper's 100 jobs), expected for drawn sizes. */
export function facebookBlocks(jobs: number, sizes: 'benchmark' | 'distribution'): number {
  if (sizes === 'benchmark') {
    const hundred = FACEBOOK_BINS.flatMap((b) => Array<number>(b.benchmarkJobs).fill(b.benchmarkMaps)).sort((a, b) => b - a);
    const perHundred = hundred.reduce((a, m) => a + m, 0);
    // The last, partial hundred is a shuffled prefix: bound it by its largest jobs.
    return Math.floor(jobs / 100) * perHundred + hundred.slice(0, jobs % 100).reduce((a, m) => a + m, 0);
  }
  // Log-uniform within a bin: the mean of floor(exp(U(ln lo, ln(hi + 1)))), about (hi + 1 - lo) / ln((hi + 1) / lo).
  const mean = FACEBOOK_BINS.reduce((a, b) => a + b.share * (b.minMaps === b.maxMaps ? b.minMaps : (b.maxMaps + 1 - b.minMaps) / Math.log((b.maxMaps + 1) / b.minMaps)), 0);
  return jobs * mean;
}

/** Index bits of a sort key: a key is submitMs x 2^21 + index, exact below 2^53 (submitMs < 2^31, index < 2^21). */
const INDEX_BITS = 2 ** 21;

/**
 * The workload's jobs in submission order (ties in the order listed), or undefined when their count is past MAX_JOBS
 * (refused on its own). `mapMsOf` may lengthen a map time (the fluid model's compute of a Facebook block).
 */
export function jobArrivals(scenario: Scenario, trace?: SwimTrace, mapMsOf: (mapMs: number) => number = (ms) => ms): JobArrivals | undefined {
  const w = scenario.workload;
  // an SLS or Rumen trace is read into a jobs workload before the limits (load-scenario.ts); a SWIM trace is passed in
  if (w.kind === 'sls' || (w.kind === 'swim' && trace === undefined)) return undefined;
  const count = w.kind === 'jobs' ? w.jobs.length : w.kind === 'generated' ? w.groups.reduce((a, g) => a + g.count, 0)
    : w.kind === 'facebook' ? w.jobs : Math.min(trace!.ids.length, w.jobs ?? Infinity);
  if (count > MAX_JOBS) return undefined;
  const jobs = new Listed(count, mapMsOf);
  switch (w.kind) {
    case 'jobs': {
      const blocksOf = new Map(w.files.map((f) => [f.name, f.blocks]));
      w.jobs.forEach((j, i) => jobs.add(j.submitMs, blocksOf.get(j.input) ?? 0, j.mapMs, i, j.reduces, j.reduceMs));
      return jobs.inOrder((i) => `workload.jobs[${i}].submitMs`);
    }
    case 'generated': {
      const stream = seededWorkloadStream(scenario.seed);
      w.groups.forEach((g, gi) => {
        for (const submitMs of groupSubmits(g, stream)) jobs.add(submitMs, g.maps, g.mapMs, gi, g.reduces, g.reduceMs);
      });
      // a group of one job arrives at its startMs; the others' gaps are intervalMs
      const field = (gi: number): string => `workload.groups[${gi}].${w.groups[gi].count > 1 ? 'intervalMs' : 'startMs'}`;
      return jobs.inOrder(field, w.groups.some((g) => g.arrivals === 'exponential' && g.count > 1) ? scenario.seed : undefined);
    }
    case 'facebook':
      facebookDraws(w, seededWorkloadStream(scenario.seed), (maps, submitMs, type) => jobs.add(submitMs, maps, JOB_PROFILES[type].mapMs, 0, facebookReduces(w, maps), JOB_PROFILES[type].reduceMs));
      return jobs.inOrder(() => 'workload.meanInterarrivalMs', w.jobs > 1 ? scenario.seed : undefined);
    case 'swim': {
      const nodes = scenario.cluster.racks * scenario.cluster.nodesPerRack;
      for (let i = 0; i < count; i++) {
        const s = swimJobShape(w, nodes / w.tracedNodes, scenario.hdfs.blockMB, trace!.inputBytes[i], trace!.shuffleBytes[i], trace!.outputBytes[i]);
        jobs.add(trace!.submitS[i] * 1000, s.maps, s.mapMs, i, s.reduces, s.reduceMs);
      }
      return jobs.inOrder((i) => swimRowField(trace!, i));
    }
  }
}

/** The jobs as listed, each with what names its field (a listed index, a group), then sorted by submission. */
class Listed {
  private n = 0;
  private readonly submitMs: Float64Array;
  private readonly maps: Float64Array;
  private readonly mapMs: Float64Array;
  private readonly reduces: Float64Array;
  private readonly reduceMs: Float64Array;
  private readonly source: Uint32Array;

  constructor(capacity: number, private readonly mapMsOf: (mapMs: number) => number) {
    [this.submitMs, this.maps, this.mapMs] = [new Float64Array(capacity), new Float64Array(capacity), new Float64Array(capacity)];
    [this.reduces, this.reduceMs] = [new Float64Array(capacity), new Float64Array(capacity)];
    this.source = new Uint32Array(capacity);
  }

  /** A job (whole ms, within MAX_TIME_MS); one of no maps (a listed job's empty input) is left out, reduces and all. */
  add(submitMs: number, maps: number, mapMs: number, source: number, reduces: number, reduceMs: number): void {
    if (maps <= 0) return;
    const i = this.n++;
    this.submitMs[i] = Math.min(MAX_TIME_MS, Math.max(0, Math.round(submitMs)));
    this.maps[i] = maps;
    this.mapMs[i] = this.mapMsOf(mapMs);
    this.reduces[i] = reduces;
    this.reduceMs[i] = reduceMs;
    this.source[i] = source;
  }

  /** Sorted by submission, ties in the listed order (a key submitMs x 2^21 + index, exact below 2^53); `field` by source. */
  inOrder(field: (source: number) => string, drawnBy?: number): JobArrivals {
    const n = this.n;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = this.submitMs[i - 1] <= this.submitMs[i];
    const source = this.source;
    const drawn = drawnBy === undefined ? {} : { drawnBy };
    if (sorted) {
      const first = (a: Float64Array): Float64Array => a.subarray(0, n);
      return { submitMs: first(this.submitMs), maps: first(this.maps), mapMs: first(this.mapMs), reduces: first(this.reduces), reduceMs: first(this.reduceMs), field: (i) => field(source[i]), ...drawn };
    }
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = this.submitMs[i] * INDEX_BITS + i;
    keys.sort();
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = keys[i] % INDEX_BITS;
    const pick = (a: Float64Array): Float64Array => {
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) out[i] = a[order[i]];
      return out;
    };
    return { submitMs: pick(this.submitMs), maps: pick(this.maps), mapMs: pick(this.mapMs), reduces: pick(this.reduces), reduceMs: pick(this.reduceMs), field: (i) => field(source[order[i]]), ...drawn };
  }
}
