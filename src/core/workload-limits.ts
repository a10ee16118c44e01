/**
 * The sizes a scenario's workload adds up to (jobs, blocks, reduces, the longest task: workload-totals.ts), checked
 * against limits.ts before a block is placed or a job built. Pure: a swim workload's trace rows are passed in. Errors are one line
 * each, "<field path>: <what>", as the schema's are.
 */
import { MAX_BLOCKS, MAX_BLOCK_REPLICAS, MAX_INT32, MAX_REPLICATION as MAX_REPLICATION_DEFAULT, MAX_JOB_MAPS, MAX_JOBS, MAX_REDUCES, MAX_ROUND_BLOCK_VISITS, MAX_RUN_RACK_EPOCHS, MAX_TASK_EPOCHS, MAX_TASK_RACK_EPOCHS, MAX_TIME_MS, MAX_TIME_TEXT, MAX_WALKED_HEARTBEATS, RACK_EPOCH_US, rackEpochCost } from './limits.js';
import type { FacebookWorkload, Scenario } from './scenario.js';
import type { SwimTrace } from './swim.js';
import { heartbeatMsOf } from './topology.js';
import { type FacebookMix, drawFacebookMix, facebookDraws, seededWorkloadStream, strideOf } from './workload.js';
import { addsReplicas } from './replication/adds-replicas.js';
import { policies, replications } from './framework/registry.js';
import { seenBy } from './framework/builtins.js';
import { declaredShortcuts } from './plugins.js';
import { checkedRoundMs, checkedSizeError, sizeErrorLine } from './plugin-checks.js';
import type { JobShape } from './largest-jobs.js';
import { type JobArrivals, jobArrivals } from './job-arrivals.js';
import { type PassedAt, type Totals, workloadTotals } from './workload-totals.js';
import { type EarliestEnd, busyEpochs, earliestEnd } from './run-epochs.js';
import { type SlotRates, slotRates } from './slot-rates.js';
import { FACEBOOK_USER_POOLS, facebookPool, groupPool, listedJobPool, swimPools } from './pool-names.js';

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
  const t = workloadTotals(scenario, trace, (w, seed) => lastSubmits?.of(w, seed) ?? lastFacebookSubmit(w, seed));
  const computedMaps = computedMapTimes(scenario);
  // Every job in submission order, built only for a check that asks (a policy's sizeError, the run's length), at most
  // once; a Facebook job's maps under the fluid model take their compute where it is longer than the type's map time.
  const computedMs = Math.max(0, ...computedMaps.map(([, ms]) => ms));
  let arrivals: JobArrivals | undefined | null = null;
  const arrivalsOf = (): JobArrivals | undefined => (arrivals === null ? (arrivals = jobArrivals(scenario, trace, (ms) => Math.max(ms, computedMs))) : arrivals);
  const errors = [...countErrors(scenario, trace, t), ...policySizeErrors(scenario, t, computedMaps, arrivalsOf), ...timeErrors(scenario, t, computedMaps)];
  return errors.length > 0 ? errors : runLengthErrors(scenario, t, computedMaps, arrivalsOf);
}

/**
 * The whole run's rack epochs past MAX_RUN_RACK_EPOCHS, at the least it visits (run-epochs.ts), where each task is
 * within its own limits: every epoch runs every rack. Each job's arrival is built only where the run's span alone
 * (to the last arrival and the longest task's end) could pass the limit.
 */
function runLengthErrors(scenario: Scenario, t: Totals, computedMaps: readonly TaskTime[], arrivalsOf: () => JobArrivals | undefined): string[] {
  const { racks } = scenario.cluster;
  // A pool-aware policy walks every pool each interval as every rack runs: each counts as a rack (walkedPools).
  const poolNames = walkedPools(scenario);
  const pools = poolNames.size;
  const cost = rackEpochCost(scenario.cluster.network.model);
  const walked = racks * cost + pools;
  const rates = slotRates(scenario, t.blocks);
  const heartbeatMs = heartbeatMsOf(scenario.cluster);
  // Bounds above what the arrivals can show: the span to the last arrival and the longest task, every map at the
  // longest map time and every reduce at the longest reduce's.
  const longestMs = Math.max(...longTasksOf(scenario, t, computedMaps).map(([, ms]) => ms));
  const mostMaps = Math.max(t.blocks, t.listedMaps);
  const mostReadMs = rates.reads === undefined ? 0 : (1000 * mostMaps * rates.reads.mbPerMap) / rates.reads.mbps;
  const mostWorkMs = Math.max((mostMaps * Math.max(t.mapMs, ...computedMaps.map(([, ms]) => ms))) / rates.maps, (t.reduces * t.reduceMs) / rates.reduces, mostReadMs);
  const spanMs = Math.max(Math.min(t.lastSubmitMs + longestMs, MAX_TIME_MS), mostWorkMs);
  if (mostWorkMs <= MAX_TIME_MS && Math.ceil(spanMs / heartbeatMs + 1) * walked <= MAX_RUN_RACK_EPOCHS) return [];
  const arrivals = arrivalsOf();
  if (arrivals === undefined) return [];
  const end = earliestEnd(arrivals, rates);
  if (end.endMs > MAX_TIME_MS) {
    return [`workload: ${workOf(end, rates, scenario)}: the run ends at ${Math.round(end.endMs / 3_600_000)} h of simulated time at the earliest, past the limit of ${MAX_TIME_TEXT} for any simulated time: ${FEWER[end.by]}`];
  }
  const busy = Math.max(busyEpochs(arrivals, heartbeatMs), Math.ceil(end.endMs / heartbeatMs));
  if (busy * walked <= MAX_RUN_RACK_EPOCHS) return [];
  const over = end.by === 'maps' ? "its maps' work over the map slots" : end.by === 'reduces' ? "its reduces' work over the reduce slots" : "its maps' reads over the disks of the nodes holding their blocks";
  const rackCount = `${counted(racks, 'rack')}${cost === 1 ? '' : ` under the fluid model (a rack epoch counts ${cost})`}`;
  const on = pools === 0 ? `${rackCount}: ${busy * walked} rack epochs` : `${rackCount} and ${counted(pools, 'pool')}: ${busy * walked} rack epochs and pool walks`;
  const rackEach = `every epoch runs every rack, about ${cost === 1 ? `${RACK_EPOCH_US} us` : `${RACK_EPOCH_US * cost} us under the fluid model`} each`;
  const each = pools === 0 ? rackEach : `${rackEach}, and ${scenario.scheduler.policy} walks every pool, about as long`;
  // What the run would take at those costs (1e9 of them about ten minutes).
  const minutes = Math.round((busy * walked * RACK_EPOCH_US) / 60e6);
  // Pools named where they are at least a tenth of the count: one pool on 10,000 racks is no remedy.
  const poolsToo = pools * 10 >= walked;
  const fewer = !poolsToo ? 'fewer jobs or racks (larger racks: cluster.nodesPerRack)' : `fewer jobs, racks (larger racks: cluster.nodesPerRack) or pools (${pools}: ${poolsWords(scenario, poolNames)})`;
  return [`workload: its jobs keep the cluster busy for at least ${busy} heartbeat intervals of ${heartbeatMs} ms (each job from its submission to its first map's end, overlaps counted once, and no fewer than ${over}) on ${on}, above the limit of ${MAX_RUN_RACK_EPOCHS} for a run (${each}: about ${minutes} minutes of run at the least): ${fewer}, or a longer cluster.heartbeatMs`];
}

const counted = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * The pools a pool-aware policy (hfs, capacity, a plugin registered with usesPools) walks every heartbeat interval:
 * the configured pools, parent pools, queues and parent queues, and those the jobs name; 0 under any other policy.
 * Each interval's fair shares, preemption clocks and samples visit every pool, busy or not: 10,000 pools with a few
 * busy took 3.8 ms an interval here (`--set` of 10,000 pools on one job of 10 maps at 100 ms heartbeats, 38 s for
 * 10,000 intervals), 1,000 pools 0.22 ms, and a review's 5.4 ms (1.3 us a pool with all of them busy); a rack's epoch
 * about 0.6 us. So a pool counts as a rack in a run's length.
 */
function walkedPools(scenario: Scenario): ReadonlySet<string> {
  return policies.get(scenario.scheduler.policy)?.usesPools === true ? poolNamesOf(scenario) : new Set();
}

function poolNamesOf(scenario: Scenario): Set<string> {
  const sc = scenario.scheduler;
  const names = new Set<string>();
  for (const list of [sc.pools, sc.parentPools, sc.queues, sc.parentQueues]) for (const p of list) names.add(p.name);
  const w = scenario.workload;
  if (w.kind === 'jobs') for (const j of w.jobs) names.add(listedJobPool(j));
  else if (w.kind === 'generated') for (const g of w.groups) names.add(groupPool(g));
  else if (w.kind === 'facebook') for (let k = 0; k < Math.min(FACEBOOK_USER_POOLS, w.jobs); k++) names.add(facebookPool(k));
  else if (w.kind === 'swim') for (const name of swimPools(w.pools, w.poolCount)) names.add(name);
  return names;
}

/** Where a scenario's pools come from, in words: the policy's fields, or "9998 configured, 2 named by the workload's jobs". */
function poolsWords(scenario: Scenario, names: ReadonlySet<string>): string {
  const sc = scenario.scheduler;
  const configured = new Set([sc.pools, sc.parentPools, sc.queues, sc.parentQueues].flatMap((l) => l.map((p) => p.name))).size;
  const all = names.size;
  // capacity reads queues; hfs (and a plugin with usesPools) pools, which the scenario refuses queues beside
  const fields = sc.queues.length + sc.parentQueues.length > 0 ? 'scheduler.queues and parentQueues' : 'scheduler.pools and parentPools';
  return configured === all ? fields : configured === 0 ? "the pools the workload's jobs name" : `${configured} configured (${fields}), ${all - configured} named by the workload's jobs`;
}

/** What to change where the run's earliest end is past the time limit, by what sets it. */
const FEWER: Record<EarliestEnd['by'], string> = {
  maps: 'fewer or shorter maps, or more map slots',
  reduces: 'fewer or shorter reduces, or more reduce slots',
  reads: "fewer maps, or more nodes holding the blocks (the files' replicas)",
};

/** The work that sets the run's earliest end (slot-hours, or MB read) and the slots or disks it is spread over. */
function workOf(end: EarliestEnd, rates: SlotRates, scenario: Scenario): string {
  const hours = (ms: number): number => Math.round(ms / 3_600_000);
  if (end.by === 'reads') {
    const { holders } = rates.reads!;
    return `its maps read ${Math.round(end.readMB)} MB (maps x hdfs.blockMB) from the ${holders} node${holders === 1 ? '' : 's'} holding their blocks, each at most cluster.network.diskReadMBps ${scenario.cluster.network.diskReadMBps} MB/s`;
  }
  if (end.by === 'reduces') return `its reduces are ${hours(end.reduceWorkMs)} slot-hours of work (reduces x reduceMs) on ${rates.reduces} reduce slots`;
  const work = `its maps are ${hours(end.mapWorkMs)} slot-hours of work (maps x map time) on ${rates.mapSlots} map slots`;
  if (rates.localSlots === rates.mapSlots) return work;
  return `${work}, of which at most ${rates.localSlots} ${rates.localSlots === 1 ? "is" : "are"} on nodes holding a replica of a block the maps read (the others run a map at least ${+rates.slowdown.toPrecision(3)}x slower: tasks.rackLocalSlowdown and offRackSlowdown)`;
}

/** The counts past their limits: jobs, blocks (or a jobs workload's maps), a job's maps, the last arrival, hot sets, reduces. */
function countErrors(scenario: Scenario, trace: SwimTrace | undefined, t: Totals): string[] {
  const w = scenario.workload;
  const about = t.estimate ? 'about ' : '';
  const errors: string[] = [];
  if (t.jobs > MAX_JOBS) errors.push(`workload: ${t.jobs} jobs, above the limit of ${MAX_JOBS}`);
  // "The first n rows" of a shorter trace would replay fewer jobs than asked for, silently.
  if (w.kind === 'swim' && trace !== undefined && w.jobs !== undefined && w.jobs > trace.ids.length) {
    errors.push(`workload.jobs: ${w.jobs} jobs asked for, but the trace ${trace.file} has ${trace.ids.length} (one a line): at most ${trace.ids.length}, or leave jobs out to replay them all`);
  }
  if (t.blocksPassed !== undefined) errors.push(passedError(t.blocksPassed, 'blocks (one map each)', MAX_BLOCKS, t.blocks, t.jobs));
  else if (t.blocks > MAX_BLOCKS) errors.push(`${t.blocksField}: ${about}${Math.round(t.blocks)} blocks (one map each) in all, above the limit of ${MAX_BLOCKS}`);
  // Jobs reading one shared file each run a map a block: 200 jobs over a 5,000,000-block file ran out of memory.
  else if (t.listedMaps > MAX_BLOCKS) errors.push(`workload.jobs: ${t.listedMaps} maps in all (a map a block of each job's input), above the limit of ${MAX_BLOCKS}`);
  else errors.push(...replicaErrors(scenario, t));
  if (t.largestMaps > MAX_JOB_MAPS) errors.push(`${t.largestField}: a job of ${t.largestMaps} maps, above the limit of ${MAX_JOB_MAPS} maps a job`);
  if (t.arrivalsMs > MAX_TIME_MS) {
    errors.push(`${t.arrivalsField}: the last job would arrive at ${t.arrivalsWhat} = ${Math.round(t.arrivalsMs)} ms, above the limit of ${MAX_TIME_TEXT} for any simulated time`);
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
  return errors;
}

/**
 * The stored blocks' replicas past MAX_BLOCK_REPLICAS, at the room each block keeps (strideOf). The blocks stored, not
 * the maps reading them: jobs sharing a file, or a Facebook mix's shared dataset, read the same blocks again (a review's
 * 40,000 DSBRA jobs over 1,600 shared blocks were refused as 10.6 M blocks, and ran in 30 s and 338 MB).
 */
function replicaErrors(scenario: Scenario, t: Totals): string[] {
  const { cluster, hdfs, workload: w } = scenario;
  const stride = strideOf(scenario, cluster.racks * cluster.nodesPerRack);
  const blocks = w.kind === 'facebook' && w.shared !== undefined ? w.shared.blocks : t.blocks;
  if (blocks * stride <= MAX_BLOCK_REPLICAS) return [];
  const field = !addsReplicas(scenario) ? 'hdfs.replication' : hdfs.maxReplicas !== undefined ? 'hdfs.maxReplicas'
    : `hdfs.maxReplicas (omitted: ${MAX_REPLICATION_DEFAULT}, at most the nodes, with scheduler.replication "${scenario.scheduler.replication!.policy}")`;
  return [`${field}: ${t.estimate ? 'about ' : ''}${Math.round(blocks)} blocks x ${stride} replicas each is ${Math.round(blocks * stride)} block replicas, above the limit of ${MAX_BLOCK_REPLICAS} (about 13 bytes each: ${Math.floor(MAX_BLOCK_REPLICAS / stride)} blocks at ${stride}): fewer blocks, or fewer replicas`];
}

/** A task's time, named by the field that sets it. */
type TaskTime = readonly [string, number];

/** The Facebook mix's maps compute their block at mapCpuMBps under the fluid model (task-io.ts), and read no faster than they compute. */
function computedMapTimes(scenario: Scenario): TaskTime[] {
  const w = scenario.workload;
  const network = scenario.cluster.network;
  return network.model !== 'fluid' || w.kind !== 'facebook' ? []
    : (w.type === 'mixed' ? (['io', 'cpu'] as const) : [w.type]).map((type) => [`cluster.network.mapCpuMBps.${type} (a ${scenario.hdfs.blockMB} MB block at ${network.mapCpuMBps[type]} MB/s)`, network.taskStartMs + (scenario.hdfs.blockMB / network.mapCpuMBps[type]) * 1000] as const);
}

/** The policy plugin's own size error (sizeError: Quincy's), given the largest jobs and, if it asks, every arrival. */
function policySizeErrors(scenario: Scenario, t: Totals, computedMaps: readonly TaskTime[], arrivalsOf: () => JobArrivals | undefined): string[] {
  const errors: string[] = [];
  // A Facebook job's maps under the fluid model take their compute where it is longer than the type's map time.
  const largestJobs = t.largestJobs.jobs().map((j): JobShape => computedMaps.reduce((a, [field, ms]) => (ms > a.mapMs ? { ...a, mapMs: ms, mapMsField: field } : a), j));
  const policyPlugin = policies.get(scenario.scheduler.policy);
  // A user's plugin reads a frozen copy, as create() does.
  const seen = policyPlugin?.sizeError === undefined ? scenario : seenBy(policyPlugin, scenario);
  const shape = { scenario: seen, largestMaps: t.largestMaps, largestField: t.largestField, largestJobs, arrivals: arrivalsOf };
  const policyError = checkedSizeError(scenario.scheduler.policy, policyPlugin?.sizeError?.(seen.scheduler.policyConfig, shape));
  if (policyError !== undefined) errors.push(sizeErrorLine(scenario.scheduler.policy, policyError, scenario));
  return errors;
}

/**
 * The longest tasks, each by the field that sets it: the longest map (the flat model's slowdowns included; the fluid
 * model's come from the bandwidth) and reduce; under the fluid model, its largest transfer on the slowest link and a
 * Facebook block's compute too.
 */
function longTasksOf(scenario: Scenario, t: Totals, computedMaps: readonly TaskTime[]): TaskTime[] {
  const { network } = scenario.cluster;
  const slow = network.model === 'fluid' ? 1 : Math.max(scenario.tasks.rackLocalSlowdown, scenario.tasks.offRackSlowdown);
  const longTasks: TaskTime[] = [[t.mapField, t.mapMs * slow], [t.reduceField, t.reduceMs]];
  if (network.model === 'fluid') longTasks.push([`cluster.network (${t.transferField}: ${t.transferWhat})`, network.taskStartMs + t.transferMs], ...computedMaps);
  return longTasks;
}

/**
 * The run's time past its limits: the fluid model's largest transfer, the heartbeats a run that cannot skip idle
 * intervals walks, a replication policy's block visits, and each longest task against the simulated time and epochs.
 */
function timeErrors(scenario: Scenario, t: Totals, computedMaps: readonly TaskTime[]): string[] {
  const errors: string[] = [];
  const w = scenario.workload;
  const { cluster } = scenario;
  const network = cluster.network;
  const heartbeatMs = heartbeatMsOf(cluster);
  const slowed = cluster.network.model === 'fluid' ? '' : ' (slowdowns included)';
  const cost = rackEpochCost(network.model);
  const longTasks = longTasksOf(scenario, t, computedMaps);
  // A launch carries a task's KB as an Int32.
  if (network.model === 'fluid' && t.taskMB * 1024 > MAX_INT32) errors.push(`${t.taskMBField}: a task would move ${Math.round(t.taskMB)} MB${t.taskMBWhat}, above the limit of ${Math.floor(MAX_INT32 / 1024)} MB a task`);
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
    } else if (Math.ceil(ms / heartbeatMs) * cluster.racks * cost > MAX_TASK_RACK_EPOCHS) {
      const fluid = cost === 1 ? '' : ` under the fluid model (a rack epoch counts ${cost})`;
      errors.push(`${field}: a task of ${Math.round(ms)} ms${slowed} spans ${Math.ceil(ms / heartbeatMs)} heartbeats of ${heartbeatMs} ms on ${cluster.racks} racks${fluid}, ${Math.ceil(ms / heartbeatMs) * cluster.racks * cost} rack epochs, above the limit of ${MAX_TASK_RACK_EPOCHS} (every epoch runs every rack: shorten the task, lengthen cluster.heartbeatMs or use fewer, larger racks)`);
    }
  }
  return errors;
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
