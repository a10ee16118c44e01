/**
 * The sizes a scenario's workload adds up to (jobs, blocks, reduces, the longest task), checked against limits.ts
 * before a block is placed or a job built. Pure: a swim workload's trace rows are passed in. Errors are one line
 * each, "<field path>: <what>", as the schema's are.
 */
import { MAX_BLOCKS, MAX_INT32, MAX_JOB_MAPS, MAX_JOBS, MAX_REDUCES, MAX_ROUND_BLOCK_VISITS, MAX_TASK_EPOCHS, MAX_TASK_RACK_EPOCHS, MAX_TIME_MS, MAX_WALKED_HEARTBEATS } from './limits.js';
import { gbpsToMBps } from './network/config.js';
import type { FacebookWorkload, Scenario } from './scenario.js';
import { type SwimTrace, swimJobShape } from './swim.js';
import { heartbeatMsOf } from './topology.js';
import { FACEBOOK_BINS, type FacebookMix, JOB_PROFILES, drawFacebookMix, facebookDraws, groupSubmits, seededWorkloadStream } from './workload.js';
import { policies, replications } from './framework/registry.js';
import { seenBy } from './framework/builtins.js';
import { declaredShortcuts } from './plugins.js';
import { shownValue } from './shown-value.js';
import { checkedRoundMs, checkedSizeError, sizeErrorLine } from './plugin-checks.js';
import { type JobShape, LargestJobs } from './largest-jobs.js';
import { type JobArrivals, facebookBlocks, jobArrivals, swimRowField } from './job-arrivals.js';

interface Totals {
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

/** Where a trace's running total first passed a limit: the row (as errors name it), its index, and the total then. */
interface PassedAt {
  job: string;
  row: number;
  total: number;
}

/**
 * A trace's total past its limit, named at the row where it passes (it named no row: "workload.trace: 16000000 reduces
 * in all"), with the total of every row replayed where it is larger, and the `jobs` that replays the rows before it.
 */
function passedError(p: PassedAt, what: string, limit: number, total: number, rows: number): string {
  const all = total > p.total ? `the ${rows} rows replayed make ${Math.round(total)}` : '';
  const fits = p.row > 0 ? `workload.jobs ${p.row} replays the rows before this one` : '';
  const after = all !== '' ? ` (${all}${fits !== '' ? `; ${fits}` : ''})` : fits !== '' ? `; ${fits}` : '';
  return `${p.job}: the rows up to this one make ${Math.round(p.total)} ${what}, above the limit of ${limit} in all${after}`;
}

/**
 * Errors for the workload's totals over their limits; empty when it fits. `lastSubmits`, when given, keeps the Facebook
 * mix's drawn last arrivals for the next calls (a caller checking many scenarios of one workload: LastSubmits).
 */
export function workloadLimitErrors(scenario: Scenario, trace?: SwimTrace, lastSubmits?: LastSubmits): string[] {
  const t = totals(scenario, trace, lastSubmits);
  const errors: string[] = [];
  const about = t.estimate ? 'about ' : '';
  if (t.jobs > MAX_JOBS) errors.push(`workload: ${t.jobs} jobs, above the limit of ${MAX_JOBS}`);
  const w = scenario.workload;
  // "The first n rows" of a shorter trace would replay fewer jobs than asked for, silently.
  if (w.kind === 'swim' && trace !== undefined && w.jobs !== undefined && w.jobs > trace.ids.length) {
    errors.push(`workload.jobs: ${w.jobs} jobs asked for, but the trace ${trace.file} has ${trace.ids.length} (one a line): at most ${trace.ids.length}, or leave jobs out to replay them all`);
  }
  if (t.blocksPassed !== undefined) errors.push(passedError(t.blocksPassed, 'blocks (one map each)', MAX_BLOCKS, t.blocks, t.jobs));
  else if (t.blocks > MAX_BLOCKS) errors.push(`${t.blocksField}: ${about}${Math.round(t.blocks)} blocks (one map each) in all, above the limit of ${MAX_BLOCKS}`);
  // Jobs reading one shared file each run a map a block: 200 jobs over a 5,000,000-block file ran out of memory.
  else if (t.listedMaps > MAX_BLOCKS) errors.push(`workload.jobs: ${t.listedMaps} maps in all (a map a block of each job's input), above the limit of ${MAX_BLOCKS}`);
  if (t.largestMaps > MAX_JOB_MAPS) errors.push(`${t.largestField}: a job of ${t.largestMaps} maps, above the limit of ${MAX_JOB_MAPS} maps a job`);
  if (t.arrivalsMs > MAX_TIME_MS) {
    errors.push(`${t.arrivalsField}: the last job would arrive at ${t.arrivalsWhat} = ${Math.round(t.arrivalsMs)} ms, above the limit of ${MAX_TIME_MS} ms (24.8 days) for any simulated time`);
  }
  // Shared tables' hot sets: one drawn (and kept) a period that holds a submission, each fraction x blocks distinct
  // blocks: 1,000 jobs in periods of 1 ms over a 1,000,000-block hot set ran past two minutes, growing past 1.3 GB.
  if (w.kind === 'facebook' && w.shared?.hot !== undefined) {
    const hot = w.shared.hot;
    const periods = Math.min(w.jobs, Math.floor(t.lastSubmitMs / hot.periodMs) + 1);
    const size = Math.max(1, Math.round(hot.fraction * w.shared.blocks));
    if (periods * size > MAX_BLOCKS) errors.push(`workload.shared.hot.periodMs: about ${periods} hot sets (a period of ${hot.periodMs} ms with a submission, to the last at about ${Math.round(t.lastSubmitMs)} ms) of ${size} blocks each (fraction x blocks), ${periods * size} blocks drawn, above the limit of ${MAX_BLOCKS}: lengthen periodMs or lower fraction`);
  }
  // A trace's reduces come from its rows' shuffle bytes: named as its blocks are (it said "workload:" alone).
  if (t.reducesRow !== undefined && w.kind === 'swim') {
    errors.push(`${t.reducesRow}: its shuffle and output bytes at workload.bytesPerReduce ${w.bytesPerReduce} bytes a reduce make more than ${MAX_REDUCES} reduces, the limit in all: set bytesPerReduce higher, or cap a job's reduces with workload.maxReducesPerJob`);
  } else if (t.reducesPassed !== undefined) errors.push(passedError(t.reducesPassed, 'reduces', MAX_REDUCES, t.reduces, t.jobs));
  else if (t.reduces > MAX_REDUCES) errors.push(`${w.kind === 'swim' ? 'workload.trace' : 'workload'}: ${about}${Math.round(t.reduces)} reduces in all, above the limit of ${MAX_REDUCES}`);
  const { cluster, tasks } = scenario;
  const network = cluster.network;
  // The Facebook mix's maps compute their block at mapCpuMBps under the fluid model (task-io.ts), and read no faster than they compute.
  const computedMaps: Array<readonly [string, number]> = network.model !== 'fluid' || w.kind !== 'facebook' ? []
    : (w.type === 'mixed' ? (['io', 'cpu'] as const) : [w.type]).map((type) => [`cluster.network.mapCpuMBps.${type} (a ${scenario.hdfs.blockMB} MB block at ${network.mapCpuMBps[type]} MB/s)`, network.taskStartMs + (scenario.hdfs.blockMB / network.mapCpuMBps[type]) * 1000] as const);
  // A Facebook job's maps under the fluid model take their compute where it is longer than the type's map time.
  const largestJobs = t.largestJobs.jobs().map((j): JobShape => computedMaps.reduce((a, [field, ms]) => (ms > a.mapMs ? { ...a, mapMs: ms, mapMsField: field } : a), j));
  // Every job in submission order, built only for a policy that asks (Quincy's jobs waiting at once), at most once.
  let arrivals: JobArrivals | undefined | null = null;
  const computedMs = Math.max(0, ...computedMaps.map(([, ms]) => ms));
  const arrivalsOf = (): JobArrivals | undefined => (arrivals === null ? (arrivals = jobArrivals(scenario, trace, (ms) => Math.max(ms, computedMs))) : arrivals);
  const policyPlugin = policies.get(scenario.scheduler.policy);
  // A user's plugin reads a frozen copy, as create() does.
  const seen = policyPlugin?.sizeError === undefined ? scenario : seenBy(policyPlugin, scenario);
  const shape = { scenario: seen, largestMaps: t.largestMaps, largestField: t.largestField, largestJobs, arrivals: arrivalsOf };
  const policyError = checkedSizeError(scenario.scheduler.policy, policyPlugin?.sizeError?.(seen.scheduler.policyConfig, shape));
  if (policyError !== undefined) errors.push(sizeErrorLine(scenario.scheduler.policy, policyError, scenario));
  const heartbeatMs = heartbeatMsOf(cluster);
  // The slowdowns time the flat model's non-local maps; the fluid model's come from the bandwidth (its transfer below).
  const slow = cluster.network.model === 'fluid' ? 1 : Math.max(tasks.rackLocalSlowdown, tasks.offRackSlowdown);
  const slowed = cluster.network.model === 'fluid' ? '' : ' (slowdowns included)';
  const longTasks: Array<readonly [string, number]> = [[t.mapField, t.mapMs * slow], [t.reduceField, t.reduceMs]];
  if (network.model === 'fluid') {
    // A launch carries a task's KB as an Int32; and the slowest link bounds how long its largest transfer takes.
    if (t.taskMB * 1024 > MAX_INT32) errors.push(`${t.taskMBField}: a task would move ${Math.round(t.taskMB)} MB${t.taskMBWhat}, above the limit of ${Math.floor(MAX_INT32 / 1024)} MB a task`);
    longTasks.push([`cluster.network (${t.transferField}: ${t.transferWhat})`, network.taskStartMs + t.transferMs], ...computedMaps);
  }
  // A run whose plugins permit no idle skipping steps through every interval up to its last arrival, and then at
  // least as long as its longest task runs.
  const longestMs = Math.max(...longTasks.map(([, ms]) => ms));
  const nodes = cluster.racks * cluster.nodesPerRack;
  const intervals = Math.ceil(Math.min(t.lastSubmitMs + longestMs, MAX_TIME_MS) / heartbeatMs);
  if (intervals * nodes > MAX_WALKED_HEARTBEATS && !declaredShortcuts(scenario).has('skipIdleHeartbeats')) {
    errors.push(`workload: a run under these plugins visits every heartbeat (it cannot jump the gaps between jobs): ${intervals} intervals of ${heartbeatMs} ms to the last arrival at ${Math.round(t.lastSubmitMs)} ms and the longest task's end (${Math.round(longestMs)} ms later) on ${nodes} nodes is ${intervals * nodes} heartbeats, above the limit of ${MAX_WALKED_HEARTBEATS}`);
  }
  // A replication policy whose rounds each visit every block (registered with roundMs: DSBRA's, popular-small's).
  const replication = scenario.scheduler.replication;
  const replicationPlugin = replication === undefined ? undefined : replications.get(replication.policy);
  const roundMs = replicationPlugin?.roundMs === undefined ? undefined : checkedRoundMs(replication!.policy, replicationPlugin.roundMs(seenBy(replicationPlugin, replication!.config)));
  if (roundMs !== undefined) {
    const rounds = Math.ceil(Math.min(t.lastSubmitMs + longestMs, MAX_TIME_MS) / roundMs);
    // The store's blocks: a shared dataset's, which the jobs' maps read (and read again), else a map's own each
    const blocks = w.kind === 'facebook' && w.shared !== undefined ? w.shared.blocks : Math.round(t.blocks);
    if (rounds * blocks > MAX_ROUND_BLOCK_VISITS) {
      errors.push(`scheduler.replication.config: ${rounds} rounds of ${roundMs} ms (the interval of replication "${replication!.policy}") to the last arrival and the longest task's end, each visiting the ${blocks} blocks, is ${rounds * blocks} block visits, above the limit of ${MAX_ROUND_BLOCK_VISITS} (lengthen the interval)`);
    }
  }
  for (const [field, ms] of longTasks) {
    if (ms > MAX_TIME_MS) errors.push(`${field}: a task of ${Math.round(ms)} ms${slowed}, above the limit of ${MAX_TIME_MS} ms`);
    else if (ms / heartbeatMs > MAX_TASK_EPOCHS) {
      errors.push(`${field}: a task of ${Math.round(ms)} ms${slowed} spans ${Math.ceil(ms / heartbeatMs)} heartbeats of ${heartbeatMs} ms, above the limit of ${MAX_TASK_EPOCHS} (shorten it or lengthen cluster.heartbeatMs)`);
    } else if (Math.ceil(ms / heartbeatMs) * cluster.racks > MAX_TASK_RACK_EPOCHS) {
      errors.push(`${field}: a task of ${Math.round(ms)} ms${slowed} spans ${Math.ceil(ms / heartbeatMs)} heartbeats of ${heartbeatMs} ms on ${cluster.racks} racks, ${Math.ceil(ms / heartbeatMs) * cluster.racks} rack epochs, above the limit of ${MAX_TASK_RACK_EPOCHS} (every epoch runs every rack: shorten the task, lengthen cluster.heartbeatMs or use fewer, larger racks)`);
    }
  }
  return errors;
}

/** How drawn arrivals add up, for an error: "2 exponential gaps as seed 2 draws them (1000000000 ms on average)". */
function drawnGaps(gaps: number, seed: number, meanMs: number): string {
  return `${gaps} exponential gap${gaps === 1 ? ' as seed ' + seed + ' draws it' : 's as seed ' + seed + ' draws them'} (${meanMs} ms on average)`;
}

function totals(scenario: Scenario, trace: SwimTrace | undefined, lastSubmits: LastSubmits | undefined): Totals {
  const w = scenario.workload;
  const t: Totals = { jobs: 0, blocks: 0, reduces: 0, mapMs: 0, mapField: 'workload', reduceMs: 0, reduceField: 'workload', blocksField: 'workload', listedMaps: 0, estimate: false, taskMB: 0, taskMBField: 'workload', taskMBWhat: '', transferMs: 0, transferWhat: '', transferField: 'workload', largestMaps: 0, largestField: 'workload', largestJobs: new LargestJobs(), arrivalsMs: 0, arrivalsWhat: '', arrivalsField: 'workload', lastSubmitMs: 0 };
  // Generated arrivals: submit times as a trace's are bounded (src/cli/trace.ts), before a run steps through them.
  const arrivals = (ms: number, what: string, field: string): void => {
    if (ms > t.arrivalsMs) [t.arrivalsMs, t.arrivalsWhat, t.arrivalsField] = [ms, what, field];
    t.lastSubmitMs = Math.max(t.lastSubmitMs, ms);
  };
  const largest = (maps: number, field: string, mapMs: number, mapMsField: string): void => {
    if (maps > t.largestMaps) [t.largestMaps, t.largestField] = [maps, field];
    t.largestJobs.add({ maps, mapsField: field, mapMs, mapMsField });
  };
  const longest = (mapMs: number, mapField: string, reduceMs: number, reduceField: string): void => {
    if (mapMs > t.mapMs) [t.mapMs, t.mapField] = [mapMs, mapField];
    if (reduceMs > t.reduceMs) [t.reduceMs, t.reduceField] = [reduceMs, reduceField];
  };
  // The fluid model's bytes (src/core/network/task-io.ts): a map reads its input and writes input x mapOutputRatio;
  // a reduce fetches its share of the job's map output and writes as much.
  const ratio = scenario.cluster.network.mapOutputRatio;
  const blockMB = scenario.hdfs.blockMB;
  // A lone task's transfers, each at its path's bottleneck on an idle cluster: a map's read from another rack (one disk
  // of the source, the NICs, the two rack links, the core); a reduce's fetch (the model takes it at a NIC's rate:
  // task-io.ts), without the disk stream; a map's write to its own disks; a reduce's write through the replication
  // pipeline (the NIC and the links too, when it replicates). On one rack no path leaves it: the NICs bound them (a
  // 1,000:1 uplink or a 0.001 Gbps core, which nothing crosses, refused a 25,600 MB shuffle that takes hours at the NIC).
  const n = scenario.cluster.network;
  const nic = gbpsToMBps(n.nicGbps);
  const network = scenario.cluster.racks === 1 ? nic : Math.min(nic, (scenario.cluster.nodesPerRack * nic) / n.oversubscription, n.coreGbps === undefined ? Infinity : gbpsToMBps(n.coreGbps));
  const mapReadMBps = Math.min(n.diskReadMBps / n.disksPerNode, network);
  const reduceWriteMBps = scenario.hdfs.replication > 1 ? Math.min(n.diskWriteMBps, network) : n.diskWriteMBps;
  // `sizeWhat`: how the larger of the two sizes comes about, where a ratio sets it (built only for a new largest).
  const moves = (readMB: number, readMBps: number, writeMB: number, writeMBps: number, field: string, sizeWhat?: () => string): void => {
    const mb = Math.max(readMB, writeMB);
    if (mb > t.taskMB) [t.taskMB, t.taskMBField, t.taskMBWhat] = [mb, field, sizeWhat === undefined ? '' : ` (${sizeWhat()})`];
    const ms = (readMB / readMBps + writeMB / writeMBps) * 1000;
    if (ms > t.transferMs) [t.transferMs, t.transferWhat, t.transferField] = [ms, `${Math.round(readMB)} MB read at ${readMBps.toPrecision(3)} MB/s, ${Math.round(writeMB)} MB written at ${writeMBps.toPrecision(3)} MB/s`, field];
  };
  const listedJob = (maps: number, reduces: number, type: 'io' | 'cpu', field: string): void => {
    const out = (): string => `cluster.network.mapOutputRatio.${type} ${ratio[type]}`;
    moves(blockMB, mapReadMBps, blockMB * ratio[type], n.diskWriteMBps, field, ratio[type] > 1 ? () => `a map's output: its ${blockMB} MB block x ${out()}` : undefined);
    if (reduces > 0) moves((maps * blockMB * ratio[type]) / reduces, network, (maps * blockMB * ratio[type]) / reduces, reduceWriteMBps, field, () => `a reduce's shuffle: ${maps} maps x ${blockMB} MB x ${out()} / ${reduces} reduce${reduces === 1 ? '' : 's'}`);
  };
  switch (w.kind) {
    case 'jobs':
      t.jobs = w.jobs.length;
      t.blocksField = 'workload.files';
      for (const f of w.files) t.blocks += f.blocks;
      const blocksOf = new Map(w.files.map((f) => [f.name, f.blocks]));
      w.jobs.forEach((j, i) => {
        t.reduces += j.reduces;
        t.listedMaps += blocksOf.get(j.input) ?? 0;
        listedJob(blocksOf.get(j.input) ?? 0, j.reduces, j.type, `workload.jobs[${i}]`);
        largest(blocksOf.get(j.input) ?? 0, `workload.jobs[${i}].input`, j.mapMs, `workload.jobs[${i}].mapMs`);
        t.lastSubmitMs = Math.max(t.lastSubmitMs, j.submitMs);
        longest(j.mapMs, `workload.jobs[${i}].mapMs`, j.reduces > 0 ? j.copyMs + j.reduceMs : 0, `workload.jobs[${i}].reduceMs`);
      });
      break;
    case 'generated': {
      t.blocksField = 'workload.groups';
      // Exponential gaps as the run draws them (at most MAX_JOBS of them; past it the jobs are refused, at their mean)
      const stream = w.groups.reduce((a, g) => a + g.count, 0) <= MAX_JOBS ? seededWorkloadStream(scenario.seed) : undefined;
      w.groups.forEach((g, i) => {
        t.jobs += g.count;
        t.blocks += g.count * g.maps;
        t.reduces += g.count * g.reduces;
        listedJob(g.maps, g.reduces, g.type, `workload.groups[${i}]`);
        largest(g.maps, `workload.groups[${i}].maps`, g.mapMs, `workload.groups[${i}].mapMs`);
        if (g.arrivals === 'exponential' && g.count > 1 && stream !== undefined) {
          arrivals(groupSubmits(g, stream)[g.count - 1], `startMs + its ${drawnGaps(g.count - 1, scenario.seed, g.intervalMs)}`, `workload.groups[${i}].intervalMs`);
        } else {
          const about = g.arrivals === 'exponential' ? 'about ' : '';
          arrivals(g.startMs + (g.count - 1) * g.intervalMs, `${about}startMs + (count - 1) x intervalMs`, `workload.groups[${i}].intervalMs`);
        }
        longest(g.mapMs, `workload.groups[${i}].mapMs`, g.reduces > 0 ? g.copyMs + g.reduceMs : 0, `workload.groups[${i}].reduceMs`);
      });
      break;
    }
    case 'facebook': {
      t.jobs = w.jobs;
      t.blocksField = 'workload.jobs';
      t.blocks = facebookBlocks(w.jobs, w.sizes);
      t.estimate = w.sizes === 'distribution';
      // The gaps as the run draws them, a stream a job (2 to 3 s a million): within the blocks limit, at most about
      // 190,000 jobs; past it (refused anyway) at their mean.
      if (w.jobs > 1 && t.blocks <= MAX_BLOCKS) {
        const last = lastSubmits?.of(w, scenario.seed) ?? lastFacebookSubmit(w, scenario.seed);
        arrivals(last, `its ${drawnGaps(w.jobs - 1, scenario.seed, w.meanInterarrivalMs)}`, 'workload.meanInterarrivalMs');
      } else arrivals((w.jobs - 1) * w.meanInterarrivalMs, 'about (jobs - 1) x meanInterarrivalMs', 'workload.meanInterarrivalMs');
      t.reduces = w.type === 'mixed' ? w.jobs + t.blocks / 100 : w.jobs;
      // Each type's own task times (mixed: both): every type was counted as cpu's 36 s maps, 3x io's.
      for (const type of w.type === 'mixed' ? (['io', 'cpu'] as const) : [w.type]) {
        longest(JOB_PROFILES[type].mapMs, 'workload.type', JOB_PROFILES[type].reduceMs, 'workload.type');
        largest(FACEBOOK_BINS[FACEBOOK_BINS.length - 1].maxMaps, 'workload.sizes', JOB_PROFILES[type].mapMs, 'workload.type'); // the benchmark's and bin 9's 4,800
      }
      // The largest Facebook job (4,800 maps) has one reduce unless mixed (one per 100 maps).
      for (const type of w.type === 'mixed' ? (['io', 'cpu'] as const) : [w.type]) listedJob(4800, w.type === 'mixed' ? 48 : 1, type, 'workload');
      break;
    }
    case 'swim': {
      if (trace === undefined) break;
      const nodes = scenario.cluster.racks * scenario.cluster.nodesPerRack;
      const count = Math.min(trace.ids.length, w.jobs ?? Infinity);
      t.jobs = count;
      t.blocksField = 'workload.trace';
      for (let i = 0; i < count; i++) {
        const s = swimJobShape(w, nodes / w.tracedNodes, scenario.hdfs.blockMB, trace.inputBytes[i], trace.shuffleBytes[i], trace.outputBytes[i]);
        t.blocks += s.maps;
        t.reduces += s.reduces;
        const job = swimRowField(trace, i);
        if (t.blocks > MAX_BLOCKS) t.blocksPassed ??= { job, row: i, total: t.blocks };
        if (t.reduces > MAX_REDUCES) t.reducesPassed ??= { job, row: i, total: t.reduces };
        if (s.reduces > MAX_REDUCES) t.reducesRow ??= job;
        largest(s.maps, job, s.mapMs, job);
        t.lastSubmitMs = Math.max(t.lastSubmitMs, trace.submitS[i] * 1000);
        moves(s.inputMBPerMap, mapReadMBps, s.inputMBPerMap * ratio[w.type], n.diskWriteMBps, job, ratio[w.type] > 1 ? () => `a map's output: its ${Math.round(s.inputMBPerMap)} MB input x cluster.network.mapOutputRatio.${w.type} ${ratio[w.type]}` : undefined);
        if (s.reduces > 0) moves(s.shuffleMBPerReduce, network, s.outputMBPerReduce, reduceWriteMBps, job);
        longest(s.mapMs, job, s.reduces > 0 ? s.copyMs + s.reduceMs : 0, job);
      }
      break;
    }
  }
  return t;
}

/** The Facebook mix's last submission as `seed` draws it (its draws replayed: about 0.3 s for 150,000 jobs). */
function lastFacebookSubmit(w: FacebookWorkload, seed: number): number {
  let last = 0;
  facebookDraws(w, seededWorkloadStream(seed), (_, submitMs) => (last = submitMs));
  return last;
}

/**
 * The Facebook mix's last submissions as drawn, for the last `held` (workload, seed) pairs: the same values, only not
 * drawn again. Kept by a caller that checks many scenarios sharing a workload (a sweep checks each point at its
 * seed; a file's variants share theirs), and passed to workloadLimitErrors: the core keeps nothing between calls.
 * A 10-point sweep of a 150,000-job mix (2 policies x 5 seeds) checks in 1.9 s of CPU (`hfsim sweep --dry-run`), 3.5 s
 * drawing each point's. The draws themselves are kept for the last `heldMixes` pairs (13 bytes a job), for the run's
 * build (drawn): it drew every job again after the check, 0.8 s at 300,000 jobs.
 */
export class LastSubmits {
  private readonly submits = new Map<string, number>();
  private readonly mixes = new Map<string, FacebookMix>();

  constructor(private readonly held = 64, private readonly heldMixes = 2) {}

  of(w: FacebookWorkload, seed: number): number {
    const key = keyOf(w, seed);
    const kept = this.submits.get(key);
    if (kept !== undefined) return kept;
    const mix = drawFacebookMix(w, seed);
    const last = w.jobs === 0 ? 0 : mix.submitMs[w.jobs - 1];
    keep(this.submits, key, last, this.held);
    keep(this.mixes, key, mix, this.heldMixes);
    return last;
  }

  /** The mix's every job as `seed` draws it, where a check drew it lately; else undefined (nothing is drawn here). */
  drawn(w: FacebookWorkload, seed: number): FacebookMix | undefined {
    return this.mixes.get(keyOf(w, seed));
  }
}

const keyOf = (w: FacebookWorkload, seed: number): string => `${seed} ${JSON.stringify(w)}`;

/** Sets `key` in `map`, the oldest entry dropped where `held` are kept already. */
function keep<T>(map: Map<string, T>, key: string, value: T, held: number): void {
  if (map.size >= held) map.delete(map.keys().next().value!);
  if (held > 0) map.set(key, value);
}
