/**
 * A resolved raw scenario (variant, overrides and --set applied) made ready to run and validated: the scheduler
 * files it names are read and merged (scheduler-files.ts), and an SLS or Rumen trace is read into a jobs workload (sls.ts, rumen.ts).
 * Files are relative to the scenario file; errors name it.
 */
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_SLOWDOWNS, type Parsed, type Scenario, type SlsWorkload, failedWith, failedWithErrors, parseScenario } from '../core/scenario.js';
import { namedBy } from './errors.js';
import { andList } from '../core/shown-value.js';
import { applySchedulerFiles, issuesAtScenarioIndex, ownEntries, warnMinsAboveMaxDefault } from './scheduler-files.js';
import { convertedScenarioSteps } from './converted-check.js';
import { readTextFile } from './read-file.js';
import { rumenTraceJobs } from './rumen.js';
import { type JobPlaces, type SlsJob, type SlsTrace, slsTraceJobs } from './sls.js';
import { slsErrorsAtTrace, slsJobsWorkloadSteps } from './sls-workload.js';
import { StampedCache, traceReadTold, tracePath } from './trace.js';
import { type Steps, drained, within } from './steps.js';
import { warnOnce } from './warn.js';
import { FLUID_ONLY_FIELDS, NETWORK_DEFAULTS } from '../core/network/config.js';
import { ownsPoolShares, policies } from '../core/framework/builtins.js';
import { warnUnreadFields } from './unread-fields.js';
import { warnTraceSkips } from './trace-skips.js';
import { warnParentMinsBelowChildren } from './parent-min-shares.js';
import { popularSmallTarget } from '../core/replication/popular-small.js';
import { strideOf } from '../core/workload.js';

/** Each SLS or Rumen trace read, with the file's identity then (trace.ts stampOf): a file edited or replaced since is read again. */
const slsCache = new StampedCache<SlsTrace>();

export function resolveScenario(raw: Record<string, unknown>, scenarioFile: string): Parsed<Scenario> {
  return drained(resolveScenarioSteps(raw, scenarioFile));
}

/**
 * resolveScenario in steps: an SLS or Rumen trace not read yet is read pausing between its jobs (sls.ts readJobs), so
 * that a command lets the event loop turn there (a Ctrl-C clears the trace's reading bar).
 */
export function* resolveScenarioSteps(raw: Record<string, unknown>, scenarioFile: string): Steps<Parsed<Scenario>> {
  const written = capacityIgnored(raw);
  if (written.length > 0) return failedWithErrors(written);
  const withFiles = applySchedulerFiles(raw, scenarioFile);
  const parsed = parseScenario(withFiles);
  if (!parsed.ok) return failedWith(issuesAtScenarioIndex(parsed.issues, raw, withFiles));
  const noQueue = filePoolsNoQueue(raw, parsed.value);
  warnFileIgnores(raw, parsed.value, noQueue);
  warnFilePoolsNoQueue(parsed.value, noQueue);
  warnMinsAboveMaxDefault(raw, parsed.value, scenarioFile);
  warnFlatIgnores(raw, parsed.value, scenarioFile);
  warnFluidIgnores(raw, parsed.value, scenarioFile);
  warnReplicationPastNodes(raw, parsed.value, scenarioFile);
  warnPreemptionWithoutTimeouts(parsed.value, scenarioFile);
  warnMinShareTimeoutsUnderCapacity(raw, parsed.value, scenarioFile);
  warnParentMinsBelowChildren(raw, parsed.value, scenarioFile);
  warnDsbraWithoutDelay(parsed.value, scenarioFile);
  warnPopularSmallIdle(parsed.value, scenarioFile);
  warnUnreadFields(raw, parsed.value, scenarioFile);
  if (parsed.value.workload.kind !== 'sls') return parsed;
  const w = parsed.value.workload;
  return yield* within((step) => namedBy(scenarioFile, 'workload.trace', step), slsConverted(parsed.value, w, withFiles, tracePath(scenarioFile, w.trace)));
}

/** The scenario with its SLS or Rumen trace (at `path`) read into a jobs workload, checked as a scenario's. */
function* slsConverted(scenario: Scenario, w: SlsWorkload, withFiles: Record<string, unknown>, path: string): Steps<Parsed<Scenario>> {
  const key = `${w.format}:${path}`;
  const { value: trace, fresh } = yield* slsCache.getting(key, path, () => slsTraceRead(path, w.format));
  if (fresh) warnTraceSkips(path, trace);
  const { cluster, hdfs } = scenario;
  const workload = yield* slsJobsWorkloadSteps(trace.jobs, w, { racks: cluster.racks, nodesPerRack: cluster.nodesPerRack, replication: hdfs.replication }, path, trace.places, traceReadTold(path, 'jobs converted'));
  const converted = yield* convertedScenarioSteps(withFiles, workload, traceReadTold(path, 'jobs checked'));
  // Named by the trace's line, not the converted field the user never wrote ("workload.jobs[0].pool").
  if (!converted.ok) return failedWithErrors(slsErrorsAtTrace(converted.errors, trace.jobs, path, trace.places));
  convertedFrom.set(converted.value, { jobs: trace.jobs, path, places: trace.places });
  return converted;
}

/** An SLS JSON or Rumen trace read in steps, its bytes told as it is read (trace.ts whileTracesLoad). */
function* slsTraceRead(path: string, format: 'sls' | 'rumen'): Steps<SlsTrace> {
  return yield* (format === 'rumen'
    ? rumenTraceJobs(readTextFile(path, 'Rumen trace', { gunzipByName: true }), path, traceReadTold(path, 'bytes'))
    : slsTraceJobs(readTextFile(path, 'SLS trace'), path, traceReadTold(path, 'bytes')));
}

/** The trace each scenario resolved from an SLS or Rumen trace was converted from (atTraceLine). */
const convertedFrom = new WeakMap<Scenario, { jobs: readonly SlsJob[]; path: string; places?: JobPlaces }>();

/**
 * A workload-limit error of `scenario` (as resolveScenario gave it) named by the trace's line and key where it names a
 * converted job: `workload.jobs[1].mapMs` is a field the user never wrote, indexed past the jobs SLS skips. The callers
 * place and blame the error by its own text (its field), then show this.
 */
export function atTraceLine(error: string, scenario: Scenario): string {
  const from = convertedFrom.get(scenario);
  return from === undefined ? error : slsErrorsAtTrace([error], from.jobs, from.path, from.places)[0];
}

const POOL_LISTS = ['pools', 'parentPools'] as const;

/**
 * The pool fields capacity does not read, with what takes their place there, and the value that changes nothing (pools.ts
 * sharesOf gives them so there). (A pool's maxMaps only capped the demand its capacity share counted, never what it
 * ran: a queue of maxMaps 1 ran 4.)
 */
const CAPACITY_IGNORED: ReadonlyArray<{ field: 'weight' | 'minMaps' | 'minReduces' | 'maxMaps' | 'maxReduces' | 'schedulingMode'; inert: unknown; instead: string }> = [
  { field: 'weight', inert: 1, instead: 'it shares the slots by the queues\' capacities; "hfs" reads weights' },
  // The capacity scheduler has no min shares (a queue's capacity is its guarantee): one counted toward min-share
  // starvation only, which preemption could not end past the queue's capacity share, so the queue stayed starved and
  // its jobs skipped the locality wait for the rest of the run.
  { field: 'minMaps', inert: 0, instead: 'a queue\'s capacity is its guarantee; "hfs" reads min shares' },
  { field: 'minReduces', inert: 0, instead: 'a queue\'s capacity is its guarantee; "hfs" reads min shares' },
  { field: 'maxMaps', inert: undefined, instead: 'a queue\'s maxCapacity caps it; "hfs" reads maxMaps' },
  { field: 'maxReduces', inert: undefined, instead: 'a queue\'s maxCapacity caps it; "hfs" reads maxReduces' },
  // "fair", hfs's default, passes as the scheduler's defaultSchedulingMode "fair" does: it says no more than the default
  { field: 'schedulingMode', inert: 'fair', instead: 'a queue\'s orderingPolicy orders its jobs; "hfs" reads schedulingMode' },
];
/**
 * What a plugin policy registered with ownsPoolShares ignores of a pool: its weight, min shares and caps (sharesOf
 * gives each pool weight 1, min shares 0 and no caps under it); the scheduling mode it may read.
 */
const OWNER_IGNORED: typeof CAPACITY_IGNORED = CAPACITY_IGNORED.filter((f) => f.field !== 'schedulingMode')
  .map((f) => ({ ...f, instead: 'it divides and caps the pools\' shares by rules of its own, registered with ownsPoolShares; "hfs" reads it' }));

const policyIgnores = (policy: string, field: string, instead: string): string => `policy "${policy}" ignores ${field} (${instead})`;
const capacityIgnores = (field: string, instead: string): string => policyIgnores('capacity', field, instead);

/**
 * The fields of CAPACITY_IGNORED (OWNER_IGNORED under a plugin policy) that `pool` (as written, or resolved) sets to a
 * value that changes something: not absent or null, not inert.
 */
const ignoredFields = (pool: unknown, policy: string): typeof CAPACITY_IGNORED => (policy === 'capacity' ? CAPACITY_IGNORED : OWNER_IGNORED).filter(({ field, inert }) => {
  const value = (pool as Record<string, unknown> | null)?.[field];
  return value !== undefined && value !== null && value !== inert;
});

/**
 * Under capacity the queues divide, cap and order the slots (capacity.ts, capacity-shares.ts): a pool's weight, min
 * shares, maxMaps, maxReduces and schedulingMode, and the scheduler's defaultSchedulingMode, change nothing it runs.
 * One the scenario writes is refused, at its own path; one an allocation file gives (shared by an hfs variant, say)
 * is told on stderr (warnFileIgnores), since the scenario could drop it only by dropping the file's pool whole.
 */
function capacityIgnored(raw: Record<string, unknown>): string[] {
  const s = raw.scheduler as Record<string, unknown> | undefined;
  const policy = s?.policy;
  if (s === undefined || !ownsPoolShares(policy)) return [];
  const capacity = policy === 'capacity';
  const own = capacity && s.defaultSchedulingMode !== undefined && s.defaultSchedulingMode !== null && s.defaultSchedulingMode !== 'fair'
    ? [`scheduler.defaultSchedulingMode: ${capacityIgnores('defaultSchedulingMode', 'a queue\'s orderingPolicy orders its jobs; "hfs" reads it')}: remove it, or set the queues' orderingPolicy`]
    : [];
  return own.concat(POOL_LISTS.flatMap((field) => (Array.isArray(s[field]) ? (s[field] as unknown[]) : []).flatMap((pool, i) => ignoredFields(pool, policy).map(({ field: f, instead }) =>
    `scheduler.${field}[${i}].${f}: ${policyIgnores(policy, f, instead)}: remove it${capacity && ['weight', 'minMaps', 'minReduces'].includes(f) ? ', or set the queue\'s capacity' : ''}`))));
}

/**
 * Fluid-only network fields the scenario writes under the flat model are told on stderr: they changed nothing,
 * silently (a NIC of 0.01 Gbps and a core of 0.001 gave the digest of none). Not refused: a fluid scenario run with
 * --set cluster.network.model=flat, to compare the two models, is meant. A variant that sets cluster.network whole
 * without a model gets the flat default, and this tells it too. A field at its default (a result's config echoes
 * every one) is not told.
 */
function warnFlatIgnores(raw: Record<string, unknown>, scenario: Scenario, file: string): void {
  if (scenario.cluster.network.model !== 'flat') return;
  const network = (raw.cluster as { network?: unknown } | undefined)?.network;
  if (typeof network !== 'object' || network === null) return;
  // Under flat, a replication policy's copies take the block over the destination's NIC (scheduler.ts): nicGbps counts.
  const read = scenario.scheduler.replication === undefined ? FLUID_ONLY_FIELDS : FLUID_ONLY_FIELDS.filter((f) => f !== 'nicGbps');
  const set = read.filter((f) => (network as Record<string, unknown>)[f] !== undefined && !isDeepStrictEqual(scenario.cluster.network[f], NETWORK_DEFAULTS[f]));
  if (set.length > 0) warnOnce(`${file}: cluster.network.${set.join(', ')}: ${set.length === 1 ? 'only the fluid model reads it' : 'only the fluid model reads them'}; this run's model is "flat" (cluster.network.model), which times tasks by tasks.rackLocalSlowdown and offRackSlowdown`);
}

/**
 * The mirror of warnFlatIgnores: under the fluid model a non-local map's time comes from the bandwidth it gets, and
 * tasks.rackLocalSlowdown and offRackSlowdown change nothing. One the scenario writes with a value other than its
 * default is told on stderr (the defaults, which the shipped scenarios write, say nothing the fluid run contradicts
 * more than leaving them out would).
 */
function warnFluidIgnores(raw: Record<string, unknown>, scenario: Scenario, file: string): void {
  if (scenario.cluster.network.model !== 'fluid') return;
  const tasks = raw.tasks;
  if (typeof tasks !== 'object' || tasks === null) return;
  const set = (Object.keys(DEFAULT_SLOWDOWNS) as Array<keyof typeof DEFAULT_SLOWDOWNS>).filter((f) => {
    const v = (tasks as Record<string, unknown>)[f];
    return v !== undefined && v !== DEFAULT_SLOWDOWNS[f];
  });
  if (set.length > 0) warnOnce(`${file}: tasks.${set.join(', ')}: ${set.length === 1 ? 'only the flat model reads it' : 'only the flat model reads them'}; this run's model is "fluid" (cluster.network.model), whose non-local maps take as long as the bandwidth they get lets them`);
}

/**
 * HDFS places at most one replica of a block a node, so a replication the scenario writes above the cluster's nodes
 * runs as that many (HDFS leaves such blocks under-replicated): told, as the result's config echoes the number written.
 * (The default, 3, on a smaller test cluster is left unsaid.)
 */
function warnReplicationPastNodes(raw: Record<string, unknown>, scenario: Scenario, file: string): void {
  const written = (raw.hdfs as { replication?: unknown } | undefined)?.replication;
  const nodes = scenario.cluster.racks * scenario.cluster.nodesPerRack;
  if (written === undefined || scenario.hdfs.replication <= nodes) return;
  warnOnce(`${file}: hdfs.replication ${scenario.hdfs.replication} is above the cluster's ${nodes} nodes: each block gets ${nodes} replicas (HDFS places at most one a node, and leaves the block under-replicated)`);
}

/**
 * Preemption kills for a pool starved past one of its timeouts; with none set anywhere (each defaults to never) it
 * kills nothing, and the run is the one without it: told, since the digest said nothing.
 */
function warnPreemptionWithoutTimeouts(scenario: Scenario, file: string): void {
  const s = scenario.scheduler;
  if (!s.preemption.enabled || s.preemption.policy !== 'hfs') return;
  // Under capacity (a policy that owns the pools' shares) no pool has a min share, so only a fair-share timeout can fire.
  const owns = ownsPoolShares(s.policy);
  const timeouts = (p: { minSharePreemptionTimeoutMs?: number; fairSharePreemptionTimeoutMs?: number }): boolean => (!owns && p.minSharePreemptionTimeoutMs !== undefined) || p.fairSharePreemptionTimeoutMs !== undefined;
  if (timeouts(s) || s.pools.some(timeouts)) return;
  warnOnce(owns
    ? `${file}: scheduler.preemption.enabled: no pool has a fair-share preemption timeout (scheduler.fairSharePreemptionTimeoutMs, or a pool's own; it defaults to never, and under ${s.policy === 'capacity' ? 'capacity' : `policy "${s.policy}"`}, which has no min shares, no other timeout fires), so nothing is ever preempted`
    : `${file}: scheduler.preemption.enabled: no pool has a preemption timeout (scheduler.minSharePreemptionTimeoutMs, fairSharePreemptionTimeoutMs, or a pool's own; each defaults to never), so nothing is ever preempted`);
}

/**
 * Under capacity no pool has a min share (pools.ts sharesOf), so a min-share preemption timeout, the scheduler's, a
 * pool's or an allocation file's, never fires: told, naming the file that set it, as the run is valid (a sweep or an
 * allocation file may share the field with hfs variants).
 */
function warnMinShareTimeoutsUnderCapacity(raw: Record<string, unknown>, scenario: Scenario, file: string): void {
  const s = scenario.scheduler;
  if (!ownsPoolShares(s.policy)) return;
  const own = raw.scheduler as Record<string, unknown> | undefined;
  const bySource = new Map<string, string[]>();
  // Named as the file that set it names it: the scenario's field, or the allocation file's element.
  const add = (wrote: boolean, field: string, element: string): void => {
    const fromFile = !wrote && s.allocationFile !== undefined;
    const source = fromFile ? s.allocationFile! : file;
    bySource.set(source, [...(bySource.get(source) ?? []), fromFile ? element : field]);
  };
  if (s.minSharePreemptionTimeoutMs !== undefined) add(own?.minSharePreemptionTimeoutMs !== undefined, 'scheduler.minSharePreemptionTimeoutMs', '<defaultMinSharePreemptionTimeout>');
  for (const field of POOL_LISTS) {
    const written = new Set(ownEntries(raw, field).filter((p) => p?.minSharePreemptionTimeoutMs !== undefined && p?.minSharePreemptionTimeoutMs !== null).map((p) => p?.name));
    for (const p of s[field] as ReadonlyArray<{ name: string; minSharePreemptionTimeoutMs?: number }>) {
      if (p.minSharePreemptionTimeoutMs !== undefined) add(written.has(p.name), `pool "${p.name}"'s minSharePreemptionTimeoutMs`, `pool "${p.name}"'s <minSharePreemptionTimeout>`);
    }
  }
  for (const [source, set] of bySource) {
    const shown = set.length <= 3 ? set.join(', ') : `${set.slice(0, 3).join(', ')} and ${set.length - 3} more`;
    const why = s.policy === 'capacity' ? 'it has no min shares (a queue\'s capacity is its guarantee)' : 'its pools have no min shares (it owns their shares: ownsPoolShares)';
    warnOnce(`${source}: ${shown}: ${set.length === 1 ? 'changes' : 'change'} nothing under policy "${s.policy}": ${why}, so only fair-share preemption acts`);
  }
}

/**
 * DSBRA replicates the blocks whose reads delay scheduling delayed (X_i: the share of delayed reads and their delay);
 * under a gate that never makes a map wait (mode "none", a skip count of 0, waits of 0 ms, an omitted rackMs being
 * nodeMs) no read is delayed, every RF_i decays to 0 and it can only remove replicas: told, since the run is valid and
 * its result says it only as delayedReads 0.
 */
function warnDsbraWithoutDelay(scenario: Scenario, file: string): void {
  const s = scenario.scheduler;
  if (s.replication?.policy !== 'dsbra') return;
  const d = s.delay as { mode: string; maxSkips?: unknown; nodeMs?: unknown; rackMs?: unknown };
  const never = d.mode === 'none' || (d.mode === 'skip' && d.maxSkips === 0) || (d.mode === 'wait' && d.nodeMs === 0 && (d.rackMs ?? d.nodeMs) === 0);
  if (!never) return;
  // A policy that places maps itself (Quincy) refuses a gate with a wait: the remedy is another policy.
  const fix = policies.get(s.policy)?.placesMapsItself === true
    ? `policy "${s.policy}" places maps by a solution of its own, past any locality gate, and refuses one with a wait: run dsbra under a policy that scans (fair, hfs, ...) with the gate given a wait`
    : 'give the gate a wait (e.g. scheduler.delay={"mode":"wait","nodeMs":5000,"rackMs":5000})';
  warnOnce(`${file}: scheduler.replication: dsbra replicates the blocks whose reads delay scheduling delayed, and scheduler.delay (mode "${d.mode}"${d.mode === 'none' ? '' : ' with no wait'}) delays none: it can only remove extra replicas; ${fix}`);
}

/**
 * popular-small copies a hot file's blocks up to min(replicas, hdfs.maxReplicas, nodes) (popular-small.ts); at or below
 * min(hdfs.replication, nodes) every block has that many from its placement, so it copies nothing and its run is
 * static's (this ran silently, with replicas 1, or with hdfs.maxReplicas 2 = replication). Told, not refused: a sweep
 * or a variant may raise hdfs.replication past it. Named by the bound that binds.
 */
function warnPopularSmallIdle(scenario: Scenario, file: string): void {
  const r = scenario.scheduler.replication;
  if (r?.policy !== 'popular-small') return;
  const { replication } = scenario.hdfs;
  const nodes = scenario.cluster.racks * scenario.cluster.nodesPerRack;
  const replicas = (r.config as { replicas?: number } | undefined)?.replicas;
  const target = popularSmallTarget(replicas, strideOf(scenario, nodes), nodes); // as the policy's rounds reckon it
  const has = Math.min(replication, nodes);
  if (target > has) return;
  const [field, bound] = replicas === target && target < nodes && (scenario.hdfs.maxReplicas ?? Infinity) > target ? ['scheduler.replication.config.replicas', 'its config.replicas']
    : target < nodes ? ['hdfs.maxReplicas', 'hdfs.maxReplicas'] : ['cluster', `the cluster's ${nodes} nodes`];
  warnOnce(`${file}: ${field}: popular-small copies nothing: it copies a hot file's blocks up to ${target} replica${target === 1 ? '' : 's'} (${bound}), and every block has ${has} already (hdfs.replication${nodes < replication ? ', at most one a node' : ''})`);
}

/**
 * Under capacity with a capacity-scheduler.xml, jobs may name only the queues listed (refineJobPools), by their short
 * names, where an allocation file names its YARN queues by their paths ("p.a"): the file's pools that are no queue
 * hold no job, and their limits apply to none (the scenario's own pools aside); so do its parent pools above none of
 * the pools that hold jobs. Told, not refused: the file may serve an hfs variant too.
 */
function filePoolsNoQueue(raw: Record<string, unknown>, scenario: Scenario): Set<string> {
  const s = scenario.scheduler;
  if (s.policy !== 'capacity' || s.allocationFile === undefined || s.capacitySchedulerFile === undefined || s.queues.length === 0) return new Set();
  const queues = new Set(s.queues.map((q) => q.name));
  const written = new Set(POOL_LISTS.flatMap((field) => ownEntries(raw, field).map((p) => p?.name)));
  const holding = s.pools.filter((p) => written.has(p.name) || queues.has(p.name));
  const parentOf = new Map(s.parentPools.map((p) => [p.name, p.parent]));
  const above = new Set<string>();
  for (const pool of holding) for (let at = pool.parent; at !== undefined && !above.has(at); at = parentOf.get(at)) above.add(at);
  const pools = s.pools.filter((p) => !holding.includes(p)).map((p) => p.name);
  // a parent pool that only groups its children sets nothing that could apply
  const parents = s.parentPools.filter((p) => !written.has(p.name) && !above.has(p.name) && setsAnything(p)).map((p) => p.name);
  return new Set([...pools, ...parents]);
}

/** Whether a pool read from a file sets anything past its name, its parent and the defaults (weight 1, min shares 0). */
const setsAnything = (pool: object): boolean => Object.entries(pool).some(([field, value]) => value !== undefined && field !== 'name' && field !== 'parent'
  && !(field === 'weight' && value === 1) && !((field === 'minMaps' || field === 'minReduces') && value === 0));

function warnFilePoolsNoQueue(scenario: Scenario, noQueue: Set<string>): void {
  const s = scenario.scheduler;
  const shown = s.queues.slice(0, 6).map((q) => q.name);
  const listed = s.queues.length > shown.length ? `${shown.join(', ')} and ${s.queues.length - shown.length} more` : andList(shown);
  const parents = new Set(s.parentPools.map((p) => p.name));
  for (const name of noQueue) {
    const [what, settings] = parents.has(name) ? [`parent pool "${name}" is above no queue`, 'its settings apply'] : [`pool "${name}" is no queue`, 'its job limits and preemption settings apply'];
    warnOnce(`${s.allocationFile}: ${what} of capacity-scheduler.xml's (${s.capacitySchedulerFile} lists ${listed}; an allocation file's queue is named by its path without "root."): ${settings} to no job`);
  }
}

/** `noQueue`: the file's pools that are no queue (filePoolsNoQueue), told as such by warnFilePoolsNoQueue: nothing of theirs holds. */
function warnFileIgnores(raw: Record<string, unknown>, scenario: Scenario, noQueue: Set<string>): void {
  const s = scenario.scheduler;
  if (!ownsPoolShares(s.policy) || s.allocationFile === undefined) return;
  const policy = s.policy;
  const own = raw.scheduler as Record<string, unknown> | undefined;
  const instead = policy === 'capacity' ? 'the queues\' capacities, maxCapacity and orderingPolicy take their place' : 'it divides and caps the pools\' shares by rules of its own, registered with ownsPoolShares';
  for (const field of POOL_LISTS) {
    const written = new Set(ownEntries(raw, field).map((p) => p?.name));
    for (const pool of s[field]) {
      if (written.has(pool.name) || noQueue.has(pool.name)) continue;
      const ignored = ignoredFields(pool, policy);
      if (ignored.length === 0) continue;
      const what = ignored.length === 1 ? policyIgnores(policy, ignored[0].field, ignored[0].instead)
        : `policy "${policy}" ignores ${andList(ignored.map((x) => x.field))} (${instead}; "hfs" reads them)`;
      warnOnce(`${s.allocationFile}: pool "${pool.name}": ${what}; its job limits and fair-share preemption settings hold`);
    }
  }
  if (policy === 'capacity' && own?.defaultSchedulingMode === undefined && s.defaultSchedulingMode !== 'fair') warnOnce(`${s.allocationFile}: ${capacityIgnores('the default scheduling mode', 'a queue\'s orderingPolicy orders its jobs')}`);
}
