/**
 * What a scenario's workload adds up to before it is built: jobs, blocks and reduces in all, the longest task, the
 * largest job, the last arrival and, for the fluid model, the largest transfer of one task, each with the field that
 * sets it, for workload-limits.ts to check against limits.ts. Pure: a swim workload's trace rows are passed in.
 */
import { MAX_BLOCKS, MAX_JOBS, MAX_REDUCES } from './limits.js';
import { gbpsToMBps } from './network/config.js';
import type { FacebookWorkload, GeneratedWorkload, JobsWorkload, Scenario, SwimWorkload } from './scenario.js';
import { type SwimTrace, swimJobShape } from './swim.js';
import { FACEBOOK_BINS, JOB_PROFILES, groupSubmits, seededWorkloadStream } from './workload.js';
import { LargestJobs } from './largest-jobs.js';
import { facebookBlocks, swimRowField } from './job-arrivals.js';

/** Where a trace's running total first passed a limit: the row (as errors name it), its index, and the total then. */
export interface PassedAt {
  job: string;
  row: number;
  total: number;
}

export interface Totals {
  jobs: number;
  blocks: number;
  reduces: number;
  /** The longest map and reduce (copy + compute) before slowdowns and jitter, with the field that sets each. */
  mapMs: number;
  mapField: string;
  reduceMs: number;
  reduceField: string;
  /** Where the block count comes from, for the error. */
  blocksField: string;
  /** A jobs workload's maps in all: a block a map of each job's input, so jobs sharing a file count it each. */
  listedMaps: number;
  /** A trace's rows: the first row where the blocks, or the reduces, added up pass their limit, and the total there. */
  blocksPassed?: PassedAt;
  reducesPassed?: PassedAt;
  /** A trace's first row whose reduces alone pass MAX_REDUCES (its count may be past any integer a message shows). */
  reducesRow?: string;
  /** "about": the count is an expectation (sizes drawn at random). */
  estimate: boolean;
  /** The fluid model's largest transfer of one task (MB read, written or shuffled), with where it comes from and, where a ratio sets it, how (" (a map's output: ...)"). */
  taskMB: number;
  taskMBField: string;
  taskMBWhat: string;
  /** Fluid model: the longest a lone task's transfers take on an idle cluster (ms), what they are, and whose. */
  transferMs: number;
  transferWhat: string;
  transferField: string;
  /** The largest job's maps (the most a Facebook job may draw), with the field that sets it. */
  largestMaps: number;
  largestField: string;
  /** The jobs no other exceeds in both maps and map time (largest-jobs.ts). */
  largestJobs: LargestJobs;
  /** The last submission of any job (listed, traced or generated; drawn gaps as drawn, the Facebook mix's past the blocks limit expected). */
  lastSubmitMs: number;
  /** The last submission of generated arrivals (drawn gaps as drawn, the Facebook mix's past the blocks limit expected), what it is, and its field. */
  arrivalsMs: number;
  arrivalsWhat: string;
  arrivalsField: string;
}

/** The Facebook mix's last submission as `seed` draws it (workload-limits.ts's LastSubmits keeps them between calls). */
export type LastSubmitOf = (w: FacebookWorkload, seed: number) => number;

/** The totals of `scenario`'s workload (a swim workload's from `trace`; none without it). */
export function workloadTotals(scenario: Scenario, trace: SwimTrace | undefined, lastSubmitOf: LastSubmitOf): Totals {
  const tally = new Tally(scenario);
  const w = scenario.workload;
  switch (w.kind) {
    case 'jobs':
      tally.listed(w);
      break;
    case 'generated':
      tally.generated(w, scenario.seed);
      break;
    case 'facebook':
      tally.facebook(w, scenario.seed, lastSubmitOf);
      break;
    case 'swim':
      if (trace !== undefined) tally.swim(w, trace, scenario.cluster.racks * scenario.cluster.nodesPerRack, scenario.hdfs.blockMB);
      break;
  }
  return tally.t;
}

/** How drawn arrivals add up, for an error: "2 exponential gaps as seed 2 draws them (1000000000 ms on average)". */
function drawnGaps(gaps: number, seed: number, meanMs: number): string {
  return `${gaps} exponential gap${gaps === 1 ? ' as seed ' + seed + ' draws it' : 's as seed ' + seed + ' draws them'} (${meanMs} ms on average)`;
}

/** The totals as the jobs are added, each kind of workload as it lists them, with the idle cluster's rates that time a lone task's transfers. */
class Tally {
  readonly t: Totals = { jobs: 0, blocks: 0, reduces: 0, mapMs: 0, mapField: 'workload', reduceMs: 0, reduceField: 'workload', blocksField: 'workload', listedMaps: 0, estimate: false, taskMB: 0, taskMBField: 'workload', taskMBWhat: '', transferMs: 0, transferWhat: '', transferField: 'workload', largestMaps: 0, largestField: 'workload', largestJobs: new LargestJobs(), arrivalsMs: 0, arrivalsWhat: '', arrivalsField: 'workload', lastSubmitMs: 0 };
  /**
   * The fluid model's bytes (src/core/network/task-io.ts): a map reads its input and writes input x mapOutputRatio; a
   * reduce fetches its share of the job's map output and writes as much.
   */
  private readonly ratio: Scenario['cluster']['network']['mapOutputRatio'];
  private readonly blockMB: number;
  private readonly diskWriteMBps: number;
  /**
   * A lone task's transfers, each at its path's bottleneck on an idle cluster: a map's read from another rack (one disk
   * of the source, the NICs, the two rack links, the core); a reduce's fetch (the model takes it at a NIC's rate:
   * task-io.ts), without the disk stream; a map's write to its own disks; a reduce's write through the replication
   * pipeline (the NIC and the links too, when it replicates). On one rack no path leaves it: the NICs bound them (a
   * 1,000:1 uplink or a 0.001 Gbps core, which nothing crosses, refused a 25,600 MB shuffle that takes hours at the NIC).
   */
  private readonly networkMBps: number;
  private readonly mapReadMBps: number;
  private readonly reduceWriteMBps: number;

  constructor(scenario: Scenario) {
    const n = scenario.cluster.network;
    this.ratio = n.mapOutputRatio;
    this.blockMB = scenario.hdfs.blockMB;
    this.diskWriteMBps = n.diskWriteMBps;
    const nic = gbpsToMBps(n.nicGbps);
    this.networkMBps = scenario.cluster.racks === 1 ? nic : Math.min(nic, (scenario.cluster.nodesPerRack * nic) / n.oversubscription, n.coreGbps === undefined ? Infinity : gbpsToMBps(n.coreGbps));
    this.mapReadMBps = Math.min(n.diskReadMBps / n.disksPerNode, this.networkMBps);
    this.reduceWriteMBps = scenario.hdfs.replication > 1 ? Math.min(n.diskWriteMBps, this.networkMBps) : n.diskWriteMBps;
  }

  /** A workload of listed jobs and files. */
  listed(w: JobsWorkload): void {
    const t = this.t;
    t.jobs = w.jobs.length;
    t.blocksField = 'workload.files';
    for (const f of w.files) t.blocks += f.blocks;
    const blocksOf = new Map(w.files.map((f) => [f.name, f.blocks]));
    w.jobs.forEach((j, i) => {
      t.reduces += j.reduces;
      t.listedMaps += blocksOf.get(j.input) ?? 0;
      this.listedJob(blocksOf.get(j.input) ?? 0, j.reduces, j.type, `workload.jobs[${i}]`);
      this.largest(blocksOf.get(j.input) ?? 0, `workload.jobs[${i}].input`, j.mapMs, `workload.jobs[${i}].mapMs`);
      t.lastSubmitMs = Math.max(t.lastSubmitMs, j.submitMs);
      this.longest(j.mapMs, `workload.jobs[${i}].mapMs`, j.reduces > 0 ? j.copyMs + j.reduceMs : 0, `workload.jobs[${i}].reduceMs`);
    });
  }

  /** A workload of groups of like jobs. */
  generated(w: GeneratedWorkload, seed: number): void {
    const t = this.t;
    t.blocksField = 'workload.groups';
    // Exponential gaps as the run draws them (at most MAX_JOBS of them; past it the jobs are refused, at their mean)
    const stream = w.groups.reduce((a, g) => a + g.count, 0) <= MAX_JOBS ? seededWorkloadStream(seed) : undefined;
    w.groups.forEach((g, i) => {
      t.jobs += g.count;
      t.blocks += g.count * g.maps;
      t.reduces += g.count * g.reduces;
      this.listedJob(g.maps, g.reduces, g.type, `workload.groups[${i}]`);
      this.largest(g.maps, `workload.groups[${i}].maps`, g.mapMs, `workload.groups[${i}].mapMs`);
      if (g.arrivals === 'exponential' && g.count > 1 && stream !== undefined) {
        this.arrivals(groupSubmits(g, stream)[g.count - 1], `startMs + its ${drawnGaps(g.count - 1, seed, g.intervalMs)}`, `workload.groups[${i}].intervalMs`);
      } else {
        const about = g.arrivals === 'exponential' ? 'about ' : '';
        this.arrivals(g.startMs + (g.count - 1) * g.intervalMs, `${about}startMs + (count - 1) x intervalMs`, `workload.groups[${i}].intervalMs`);
      }
      this.longest(g.mapMs, `workload.groups[${i}].mapMs`, g.reduces > 0 ? g.copyMs + g.reduceMs : 0, `workload.groups[${i}].reduceMs`);
    });
  }

  /** The Facebook mix (the benchmark's sizes, or the distribution's). */
  facebook(w: FacebookWorkload, seed: number, lastSubmitOf: LastSubmitOf): void {
    const t = this.t;
    t.jobs = w.jobs;
    t.blocksField = 'workload.jobs';
    t.blocks = facebookBlocks(w.jobs, w.sizes);
    t.estimate = w.sizes === 'distribution';
    // The gaps as the run draws them, a stream a job (2 to 3 s a million): within the blocks limit, at most about
    // 190,000 jobs; past it (refused anyway) at their mean.
    if (w.jobs > 1 && t.blocks <= MAX_BLOCKS) {
      this.arrivals(lastSubmitOf(w, seed), `its ${drawnGaps(w.jobs - 1, seed, w.meanInterarrivalMs)}`, 'workload.meanInterarrivalMs');
    } else this.arrivals((w.jobs - 1) * w.meanInterarrivalMs, 'about (jobs - 1) x meanInterarrivalMs', 'workload.meanInterarrivalMs');
    t.reduces = w.type === 'mixed' ? w.jobs + t.blocks / 100 : w.jobs;
    // Each type's own task times (mixed: both): every type was counted as cpu's 36 s maps, 3x io's.
    for (const type of w.type === 'mixed' ? (['io', 'cpu'] as const) : [w.type]) {
      this.longest(JOB_PROFILES[type].mapMs, 'workload.type', JOB_PROFILES[type].reduceMs, 'workload.type');
      this.largest(FACEBOOK_BINS[FACEBOOK_BINS.length - 1].maxMaps, 'workload.sizes', JOB_PROFILES[type].mapMs, 'workload.type'); // the benchmark's and bin 9's 4,800
    }
    // The largest Facebook job (4,800 maps) has one reduce unless mixed (one per 100 maps).
    for (const type of w.type === 'mixed' ? (['io', 'cpu'] as const) : [w.type]) this.listedJob(4800, w.type === 'mixed' ? 48 : 1, type, 'workload');
  }

  /** A SWIM trace's rows (its first `jobs`), each job shaped onto this cluster of `nodes` nodes. */
  swim(w: SwimWorkload, trace: SwimTrace, nodes: number, blockMB: number): void {
    const t = this.t;
    const count = Math.min(trace.ids.length, w.jobs ?? Infinity);
    t.jobs = count;
    t.blocksField = 'workload.trace';
    for (let i = 0; i < count; i++) {
      const s = swimJobShape(w, nodes / w.tracedNodes, blockMB, trace.inputBytes[i], trace.shuffleBytes[i], trace.outputBytes[i]);
      t.blocks += s.maps;
      t.reduces += s.reduces;
      const job = swimRowField(trace, i);
      if (t.blocks > MAX_BLOCKS) t.blocksPassed ??= { job, row: i, total: t.blocks };
      if (t.reduces > MAX_REDUCES) t.reducesPassed ??= { job, row: i, total: t.reduces };
      if (s.reduces > MAX_REDUCES) t.reducesRow ??= job;
      this.largest(s.maps, job, s.mapMs, job);
      t.lastSubmitMs = Math.max(t.lastSubmitMs, trace.submitS[i] * 1000);
      const ratio = this.ratio[w.type];
      this.moves(s.inputMBPerMap, this.mapReadMBps, s.inputMBPerMap * ratio, this.diskWriteMBps, job, ratio > 1 ? () => `a map's output: its ${Math.round(s.inputMBPerMap)} MB input x cluster.network.mapOutputRatio.${w.type} ${ratio}` : undefined);
      if (s.reduces > 0) this.moves(s.shuffleMBPerReduce, this.networkMBps, s.outputMBPerReduce, this.reduceWriteMBps, job);
      this.longest(s.mapMs, job, s.reduces > 0 ? s.copyMs + s.reduceMs : 0, job);
    }
  }

  /** Generated arrivals: submit times as a trace's are bounded (src/cli/trace.ts), before a run steps through them. */
  private arrivals(ms: number, what: string, field: string): void {
    const t = this.t;
    if (ms > t.arrivalsMs) [t.arrivalsMs, t.arrivalsWhat, t.arrivalsField] = [ms, what, field];
    t.lastSubmitMs = Math.max(t.lastSubmitMs, ms);
  }

  private largest(maps: number, field: string, mapMs: number, mapMsField: string): void {
    const t = this.t;
    if (maps > t.largestMaps) [t.largestMaps, t.largestField] = [maps, field];
    t.largestJobs.add({ maps, mapsField: field, mapMs, mapMsField });
  }

  private longest(mapMs: number, mapField: string, reduceMs: number, reduceField: string): void {
    const t = this.t;
    if (mapMs > t.mapMs) [t.mapMs, t.mapField] = [mapMs, mapField];
    if (reduceMs > t.reduceMs) [t.reduceMs, t.reduceField] = [reduceMs, reduceField];
  }

  /** A task's transfers: `sizeWhat` tells how the larger of the two sizes comes about, where a ratio sets it (built only for a new largest). */
  private moves(readMB: number, readMBps: number, writeMB: number, writeMBps: number, field: string, sizeWhat?: () => string): void {
    const t = this.t;
    const mb = Math.max(readMB, writeMB);
    if (mb > t.taskMB) [t.taskMB, t.taskMBField, t.taskMBWhat] = [mb, field, sizeWhat === undefined ? '' : ` (${sizeWhat()})`];
    const ms = (readMB / readMBps + writeMB / writeMBps) * 1000;
    if (ms > t.transferMs) [t.transferMs, t.transferWhat, t.transferField] = [ms, `${Math.round(readMB)} MB read at ${readMBps.toPrecision(3)} MB/s, ${Math.round(writeMB)} MB written at ${writeMBps.toPrecision(3)} MB/s`, field];
  }

  /** A listed or generated job's map and, with reduces, a reduce: its block read and output written, its shuffle share fetched and written. */
  private listedJob(maps: number, reduces: number, type: 'io' | 'cpu', field: string): void {
    const { ratio, blockMB } = this;
    const out = (): string => `cluster.network.mapOutputRatio.${type} ${ratio[type]}`;
    this.moves(blockMB, this.mapReadMBps, blockMB * ratio[type], this.diskWriteMBps, field, ratio[type] > 1 ? () => `a map's output: its ${blockMB} MB block x ${out()}` : undefined);
    if (reduces > 0) this.moves((maps * blockMB * ratio[type]) / reduces, this.networkMBps, (maps * blockMB * ratio[type]) / reduces, this.reduceWriteMBps, field, () => `a reduce's shuffle: ${maps} maps x ${blockMB} MB x ${out()} / ${reduces} reduce${reduces === 1 ? '' : 's'}`);
  }
}
