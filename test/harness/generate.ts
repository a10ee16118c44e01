/**
 * Random small scenarios for the differential harness (fast-check arbitraries): clusters, workloads (explicit jobs,
 * generated groups, the Facebook mix), policies (fifo, fair, hfs with pools, parent pools, weights, min shares, limits and
 * preemption, capacity with queues, resource offers to jobs or pools, Quincy's min-cost flow), delay modes, long-task balancing, replication
 * policies (static, dsbra, popular-small) and shared datasets, copy-compute splitting, the job-type rule and seeds;
 * files with hand-placed replicas (hot spots), pools preemption may not take from, fair-share thresholds, and under
 * capacity two users per queue (its user limit, user-limit-factor), queues of capacity 0 and preemption; Hadoop's delay
 * clock and preemption rounding (the opt-in "hadoop" rules) beside hfsim's.
 *
 * One scenario in four runs on the fluid hardware model (cluster.network), one in four on the flat model with job
 * set-up and clean-up delays; one arrival time in five falls minutes later, so runs go idle and jump to the next
 * arrival. An arbitrary draws a ScenarioSpec of plain numbers and flags; toScenario turns it into scenario JSON. Jobs name
 * pools, queues, users and files by index (resolved modulo the lists), so fast-check shrinks each field on its own
 * and a shrunk spec is still a valid scenario. Sizes stay tiny: a run takes milliseconds. Quincy never gets the
 * Facebook mix's jobs of thousands of maps (quincyFacebook below); every scenario is within src/core/limits.ts.
 */
import fc from 'fast-check';
import { swimPools } from '../../src/core/pool-names.js';
import { makeRng } from '../../src/core/rng.js';

const POLICIES = ['fifo', 'fair', 'hfs', 'capacity', 'offers', 'quincy'] as const;
const PRIORITIES = ['VERY_HIGH', 'HIGH', 'NORMAL', 'LOW', 'VERY_LOW'] as const;
const int = (min: number, max: number) => fc.integer({ min, max });
const maybe = <T>(a: fc.Arbitrary<T>, freq = 2) => fc.option(a, { nil: undefined, freq });
/** `a` one time in `n`, else undefined. */
const rarely = <T>(a: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a });
/** A fair-share starvation threshold (YARN's fairSharePreemptionThreshold): 0 never starved, 1 starved below the whole share. */
const threshold = fc.constantFrom(0, 0.25, 0.8, 1);

/** Mostly tiny clusters (contention, fast runs); one in ten of up to 8 racks of 25 nodes (heartbeat phases spread wider). */
const cluster = fc.oneof(
  { weight: 9, arbitrary: fc.record({
    racks: int(1, 4),
    nodesPerRack: int(1, 5),
    mapSlotsPerNode: int(1, 3),
    reduceSlotsPerNode: int(1, 2),
    heartbeatMs: maybe(fc.constantFrom(1000, 2000, 3000, 4500)),
  }) },
  { weight: 1, arbitrary: fc.record({
    racks: int(2, 8),
    nodesPerRack: int(5, 25),
    mapSlotsPerNode: int(1, 4),
    reduceSlotsPerNode: int(1, 2),
    heartbeatMs: maybe(fc.constantFrom(3000, 6000)),
  }) },
);

/**
 * The fluid hardware model (cluster.network) in one scenario in four: slow or fast NICs, disks (1 to 12 a node),
 * core and map code, start-up and set-up times; sometimes without rack awareness (the scheduler sees one rack).
 */
const fluid = fc.record({
  model: fc.constant('fluid' as const),
  nicGbps: fc.constantFrom(0.1, 1, 10),
  oversubscription: fc.constantFrom(1, 2, 5),
  coreGbps: maybe(fc.constantFrom(0.5, 2, 10)),
  diskReadMBps: fc.constantFrom(20, 240),
  diskWriteMBps: fc.constantFrom(20, 200),
  disksPerNode: maybe(fc.constantFrom(1, 4, 12), 3),
  rackAware: maybe(fc.boolean(), 3),
  taskStartMs: int(0, 2000),
  jobSetupMs: fc.constantFrom(0, 0, 1500),
  jobCleanupMs: fc.constantFrom(0, 0, 1500),
  mapCpuMBps: maybe(fc.record({ io: fc.constantFrom(4, 40, 400), cpu: fc.constantFrom(1, 3.6, 36) }), 3),
  mapOutputRatio: fc.record({ io: fc.constantFrom(0, 0.001, 0.5, 1), cpu: fc.constantFrom(0, 0.0001, 0.2) }),
});
/** The flat model with Hadoop's job set-up and clean-up delays (which hold no slot), in one scenario in four. */
const flat = fc.record({ model: fc.constant('flat' as const), jobSetupMs: fc.constantFrom(0, 700, 1500), jobCleanupMs: fc.constantFrom(0, 1500) });
const network = fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: flat }, { weight: 1, arbitrary: fluid });

/** An arrival time: mostly within the first 30 s, so jobs contend; one in five minutes later, after an idle spell. */
const arrivalMs = fc.oneof({ weight: 4, arbitrary: int(0, 30_000) }, { weight: 1, arbitrary: int(60_000, 240_000) });

const tasks = fc.record({
  replication: int(1, 3),
  blockMB: fc.constantFrom(16, 64, 128),
  rackLocalSlowdown: fc.constantFrom(1, 1.2, 1.5),
  offRackSlowdown: fc.constantFrom(1, 2, 3),
  slowStart: fc.constantFrom(0, 0.05, 0.5, 1),
  durationJitter: fc.constantFrom(0, 0.1, 0.4),
});

const delay = fc.oneof(
  fc.constant({ mode: 'none' as const }),
  fc.record({ mode: fc.constant('skip' as const), maxSkips: int(0, 8) }),
  fc.record({ mode: fc.constant('wait' as const), nodeMs: maybe(int(0, 9000)), rackMs: maybe(int(0, 9000)), clock: maybe(fc.constantFrom('paper' as const, 'hadoop' as const)) }),
);

const pool = fc.record({
  weight: fc.constantFrom(0.5, 1, 2, 3),
  minMaps: int(0, 16),
  minReduces: int(0, 4),
  maxMaps: maybe(int(1, 12), 4),
  maxReduces: maybe(int(1, 4), 4),
  maxRunningJobs: maybe(int(1, 3), 4),
  schedulingMode: maybe(fc.constantFrom('fair' as const, 'fifo' as const)),
  minSharePreemptionTimeoutMs: maybe(int(0, 20_000), 5),
  fairSharePreemptionTimeoutMs: maybe(int(0, 40_000), 3),
  fairSharePreemptionThreshold: rarely(threshold, 4),
  /** YARN's allowPreemptionFrom false: preemption never takes this pool's tasks (one pool in four). */
  preemptable: rarely(fc.constant(false), 4),
  /** Index into the parent pools (past the end: under the root). */
  parent: int(0, 3),
});

/** A parent pool (YARN's parent queue); the second may sit under the first. */
const parentPool = fc.record({
  weight: fc.constantFrom(0.5, 1, 2, 3),
  minMaps: int(0, 12),
  maxMaps: maybe(int(1, 16), 4),
  maxRunningJobs: maybe(int(1, 4), 4),
  nested: fc.boolean(),
});

const hfs = fc.record({
  pools: fc.array(pool, { minLength: 1, maxLength: 3 }),
  parentPools: fc.array(parentPool, { maxLength: 2 }),
  users: fc.array(int(1, 3), { maxLength: 2 }),
  userMaxJobsDefault: maybe(int(1, 3), 4),
  poolMaxJobsDefault: maybe(int(1, 3), 4),
  defaultSchedulingMode: fc.constantFrom('fair' as const, 'fifo' as const),
  minSharePreemptionTimeoutMs: maybe(int(0, 20_000)),
  fairSharePreemptionTimeoutMs: maybe(int(0, 40_000), 3),
  fairSharePreemptionThreshold: rarely(threshold, 4),
  sizeBasedWeight: fc.boolean(),
  preemption: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
  preemptionIntervalMs: fc.constantFrom(1000, 3000, 5000, 15_000),
  preemptionRounding: maybe(fc.constantFrom('floor' as const, 'hadoop' as const)),
});

/**
 * A capacity queue: one in six guaranteed nothing (capacity 0, YARN's queue that runs on what the others leave idle);
 * minUserLimitPercent down to 0 (capacity / active users alone) and, in one queue in three, a user-limit-factor.
 */
const queue = fc.record({ capacity: fc.oneof({ weight: 5, arbitrary: int(1, 60) }, { weight: 1, arbitrary: fc.constant(0) }), maxExtra: maybe(int(0, 60), 3),
  minUserLimitPercent: fc.constantFrom(100, 50, 25, 0), userLimitFactor: rarely(fc.constantFrom(0.5, 1, 2), 3), fair: fc.boolean(),
  /** Index into the parent queues (past the end: under root). */
  parent: int(0, 3) });
/** A parent queue of the capacity scheduler; the second may sit under the first. */
const parentQueue = fc.record({ capacity: int(10, 100), maxExtra: maybe(int(0, 60), 3), nested: fc.boolean() });
/**
 * What the capacity scheduler reads besides its queues (policy-fields.ts: the pool-aware fields): preemption toward the
 * queues' capacities (their shares) in one scenario in three, the scheduler's preemption timeouts and threshold, and a
 * per-user job limit.
 */
const capacityExtras = fc.record({
  preemption: rarely(fc.record({ intervalMs: fc.constantFrom(1000, 3000, 15_000), minShareMs: maybe(int(0, 20_000)), fairShareMs: maybe(int(0, 40_000)),
    threshold: rarely(threshold, 3) }), 3),
  userMaxJobsDefault: rarely(int(1, 3), 4),
});

/** hfs three times as often as each other policy: it has the most to get wrong (pools, limits, preemption). */
const policy = fc.oneof(...POLICIES.map((p) => ({ arbitrary: fc.constant(p), weight: p === 'hfs' ? 3 : 1 })));

/** A dataset the Facebook mix's jobs share (shared-input.ts): a few tables, Zipf popularity, sometimes hot sets. */
const shared = fc.record({
  blocks: int(1, 300),
  tables: int(1, 4),
  zipf: fc.constantFrom(0, 1, 2),
  hot: maybe(fc.record({ fraction: fc.constantFrom(0.05, 0.1, 0.5, 1), share: fc.constantFrom(0, 0.5, 1), periodMs: fc.constantFrom(5000, 60_000, 300_000) })),
});

/** A replication policy (src/core/replication/) in one scenario in five, its rounds often enough to act in a short run. */
const replication = fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.record({
  policy: fc.constantFrom('static' as const, 'dsbra' as const, 'popular-small' as const),
  intervalMs: fc.constantFrom(3000, 10_000, 60_000),
  alpha: fc.constantFrom(0, 0.5, 1),
  average: fc.constantFrom('all' as const, 'read' as const),
  delayThresholdMs: maybe(fc.constantFrom(1, 1000, 6000)),
  maxBlocks: fc.constantFrom(1, 10, 100),
  minJobs: fc.constantFrom(1, 2, 3),
  replicas: maybe(int(1, 6)),
  /** hdfs.maxReplicas above hdfs.replication (capped at the nodes); none: the default. */
  extra: maybe(int(0, 4)),
}) });

/** The offers policy's config (policies/offers.ts): jobs or pools as frameworks, their inner order, Mesos' refuse filter. */
const offers = fc.record({ frameworks: fc.constantFrom('job' as const, 'pool' as const), inner: fc.constantFrom('fair' as const, 'fifo' as const), refuseMs: fc.constantFrom(0, 0, 3000, 20_000) });

/** Quincy's costs (quincy/policy.ts): cheap or dear non-local placements, waiting and kills; kills and fairness on or off. */
const quincy = fc.record({
  rackLocalCost: fc.constantFrom(0, 5, 30),
  offRackCost: fc.constantFrom(5, 20, 100),
  unscheduledCost: fc.constantFrom(0, 1, 50),
  waitCostPerSecond: fc.constantFrom(0, 1, 10),
  killCost: fc.constantFrom(0, 1, 50),
  runningBonusPerSecond: fc.constantFrom(0, 1, 10),
  kills: fc.boolean(),
  fairness: fc.boolean(),
});

const scheduler = fc.record({
  policy,
  offers,
  quincy,
  /** Long-task balancing (long-tasks.ts), any policy, in one scenario in five. */
  replication,
  longTasks: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.record({ shortTaskMs: fc.constantFrom(1000, 10_000, 60_000) }) }),
  delay,
  assignMultiple: fc.boolean(),
  copyComputeSplit: fc.boolean(),
  jobTypeRule: fc.boolean(),
  hfs,
  queues: fc.array(queue, { maxLength: 3 }),
  parentQueues: fc.array(parentQueue, { maxLength: 2 }),
  capacity: capacityExtras,
});

/** Who a job belongs to: indexes into the pools (or queues) and users, past the end meaning none named. */
const owner = { pool: int(0, 2), user: int(0, 2), priority: fc.constantFrom(...PRIORITIES), type: fc.constantFrom('io' as const, 'cpu' as const) };

const group = fc.record({
  ...owner,
  count: int(1, 4),
  maps: int(1, 30),
  reduces: int(0, 3),
  mapMs: int(200, 40_000),
  reduceMs: int(200, 15_000),
  copyMs: int(0, 5000),
  startMs: fc.oneof({ weight: 4, arbitrary: int(0, 20_000) }, { weight: 1, arbitrary: int(60_000, 240_000) }),
  intervalMs: int(0, 10_000),
  exponential: fc.boolean(),
});

/** Long maps submitted first that fill the cluster, so later jobs contend with them (and preemption has work). */
const backlog = fc.record({ pool: int(0, 2), count: int(1, 2), maps: int(5, 60), mapMs: int(20_000, 120_000), reduces: int(0, 2) });

/**
 * A file of the jobs workload; one in three has its replicas placed by hand (workload.files[].replicas, as an SLS
 * trace's preferred hosts become): `count` replicas a block (capped at hdfs.replication and the nodes), block b's on
 * nodes start + b x stride + i (mod the nodes). Stride 0 puts every block on the same few nodes (a hot spot, delay
 * scheduling's hard case); 1 spreads them; a stride of a rack puts each next block on the next rack.
 */
const file = fc.record({
  blocks: int(1, 12),
  placed: rarely(fc.record({ count: int(1, 3), start: int(0, 199), stride: fc.constantFrom(0, 1, 'rack' as const) }), 3),
});

const job = fc.record({ ...owner, submitMs: arrivalMs, file: int(0, 2), mapMs: int(200, 20_000), reduces: int(0, 3), reduceMs: int(200, 15_000), copyMs: int(0, 5000) });

/**
 * A SWIM trace (README, "SWIM trace replay") of `rows` jobs, written to a file beside the scenario (traceFile): its
 * rows drawn from the scenario's seed, sized for the cluster (1 to 20 blocks of input a job, 0 to 3 reduces), some
 * with SWIM's input and output path columns (rows naming one input path read one file); replayed in full or its first
 * `replay` rows, its jobs filed by size bin, round-robin or in one pool.
 */
const swim = fc.record({
  kind: fc.constant('swim' as const), rows: int(1, 30), replay: rarely(int(1, 30), 4), paths: fc.boolean(), meanGapS: fc.constantFrom(0, 2, 10, 60),
  pools: fc.constantFrom('bin' as const, 'round-robin' as const, 'single' as const), poolCount: int(1, 4), tracedNodes: fc.constantFrom(6, 60, 600),
  bytesPerReduce: fc.constantFrom(1e7, 1e8), mapBaseMs: maybe(fc.constantFrom(200, 3000)), type: fc.constantFrom('io' as const, 'cpu' as const),
});
/**
 * An SLS JSON trace (README, "SLS trace replay") of `jobs` jobs, drawn from the scenario's seed: each job in a pool or
 * queue the scheduler lists (or "default"), by a listed user or none, 1 to 6 maps on hosts of the cluster and 0 to 2
 * reduces, durations given either way SLS reads them, some containers and jobs counted twice; the file a JSON array or
 * objects one after another.
 */
const sls = fc.record({ kind: fc.constant('sls' as const), jobs: int(1, 12), array: fc.boolean(), type: fc.constantFrom('io' as const, 'cpu' as const) });

const workload = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('generated' as const), groups: fc.array(group, { minLength: 1, maxLength: 3 }), backlog: maybe(backlog) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('jobs' as const), files: fc.array(file, { minLength: 1, maxLength: 3 }), jobs: fc.array(job, { minLength: 1, maxLength: 5 }), backlog: maybe(backlog) }), weight: 2 },
  { arbitrary: fc.record({
    kind: fc.constant('facebook' as const), jobs: int(1, 4), sizes: fc.constantFrom('distribution' as const, 'benchmark' as const),
    meanInterarrivalMs: fc.oneof({ weight: 4, arbitrary: int(500, 20_000) }, { weight: 1, arbitrary: int(60_000, 180_000) }), type: fc.constantFrom('io' as const, 'cpu' as const, 'mixed' as const),
    shared: maybe(shared),
  }), weight: 1 },
  { arbitrary: swim, weight: 1 },
  { arbitrary: sls, weight: 1 },
);

export const scenarioSpec = fc.record({ seed: int(0, 1000), cluster, network, tasks, scheduler, workload });
export type ScenarioSpec = typeof scenarioSpec extends fc.Arbitrary<infer T> ? T : never;

/** The scenario JSON a spec describes (fields left undefined are omitted, so the schema's defaults apply). */
export function toScenario(spec: ScenarioSpec): Record<string, unknown> {
  const { cluster: c, tasks: t, scheduler: s, workload: w } = spec;
  const policy = s.policy;
  const { poolNames, userNames } = namesOf(spec);
  const who = (o: { pool: number; user: number; priority: string; type: string }) => ({
    pool: poolNames[o.pool], user: userNames[o.user], priority: o.priority, type: o.type,
  });
  // Quincy places maps past the scan's gate, job-type rule and long-task balancing, and refuses them (policy-fields.ts)
  const scans = policy !== 'quincy';
  const scheduler: Record<string, unknown> = {
    policy, delay: scans ? s.delay : { mode: 'none' }, assignMultiple: s.assignMultiple, copyComputeSplit: s.copyComputeSplit, jobTypeRule: scans ? s.jobTypeRule : undefined,
  };
  if (policy === 'hfs') Object.assign(scheduler, hfsFields(s.hfs, poolNames));
  if (policy === 'capacity') Object.assign(scheduler, queueFields(s.queues, s.parentQueues, poolNames), capacityFields(s.capacity));
  // inner is read with pools as frameworks only (written with jobs, the CLI warns that it changes nothing)
  if (policy === 'offers') scheduler.policyConfig = { ...s.offers, inner: s.offers.frameworks === 'pool' ? s.offers.inner : undefined };
  // Quincy refuses costs under which a map may wait forever (unscheduled as cheap as node-local, no fairness) or be
  // killed and relaunched forever (a kill free): those get a waiting or a running cost of 1. It refuses a rack-local
  // cost above the off-rack one too (never paid: X reaches the rack for less): that is taken down to the off-rack cost
  if (policy === 'quincy') {
    const q = s.quincy;
    scheduler.policyConfig = { ...q, rackLocalCost: Math.min(q.rackLocalCost, q.offRackCost), waitCostPerSecond: q.fairness || q.unscheduledCost > 0 ? q.waitCostPerSecond : Math.max(1, q.waitCostPerSecond),
      runningBonusPerSecond: !q.kills || q.killCost > 0 ? q.runningBonusPerSecond : Math.max(1, q.runningBonusPerSecond) };
  }
  if (s.longTasks !== undefined && scans) scheduler.longTasks = s.longTasks;
  const nodes = c.racks * c.nodesPerRack;
  const replication = Math.min(t.replication, nodes);
  const r = s.replication;
  if (r !== undefined) scheduler.replication = { policy: r.policy, config: replicationConfig(r, nodes) };
  return compact({
    name: 'harness',
    seed: spec.seed,
    cluster: spec.network === undefined ? c : { ...c, network: spec.network },
    hdfs: { replication, blockMB: t.blockMB, maxReplicas: r === undefined ? undefined : maxReplicasOf(r.extra, policy, replication, nodes) },
    tasks: { rackLocalSlowdown: t.rackLocalSlowdown, offRackSlowdown: t.offRackSlowdown, slowStart: t.slowStart, durationJitter: t.durationJitter },
    scheduler,
    workload: w.kind === 'generated'
      ? { kind: 'generated', groups: [...(w.backlog === undefined ? [] : [{
        name: 'backlog', count: w.backlog.count, maps: w.backlog.maps, reduces: w.backlog.reduces, mapMs: w.backlog.mapMs, pool: poolNames[w.backlog.pool],
      }]), ...w.groups.map((g, i) => ({
        name: `g${i}`, count: g.count, maps: g.maps, reduces: g.reduces, mapMs: g.mapMs, reduceMs: g.reduceMs, copyMs: g.copyMs,
        ...who(g), startMs: g.startMs, intervalMs: g.intervalMs, arrivals: g.exponential ? 'exponential' : 'fixed',
      }))] }
      : w.kind === 'jobs'
        ? { kind: 'jobs', files: [...w.files.map((f, i) => ({ name: `f${i}`, blocks: f.blocks, replicas: placedReplicas(f, c, replication) })), ...(w.backlog === undefined ? [] : [{ name: 'backlog', blocks: w.backlog.maps }])],
          jobs: [...(w.backlog === undefined ? [] : Array.from({ length: w.backlog.count }, (_, i) => ({
            id: `backlog-${i}`, input: 'backlog', pool: poolNames[w.backlog!.pool], mapMs: w.backlog!.mapMs, reduces: w.backlog!.reduces,
          }))), ...w.jobs.map((j, i) => ({
            id: `j${i}`, submitMs: j.submitMs, input: `f${j.file % w.files.length}`, ...who(j),
            mapMs: j.mapMs, reduces: j.reduces, reduceMs: j.reduceMs, copyMs: j.copyMs,
          }))] }
        : w.kind === 'swim'
          ? { kind: 'swim', trace: SWIM_FILE, jobs: w.replay === undefined ? undefined : Math.min(w.replay, w.rows), tracedNodes: w.tracedNodes, bytesPerReduce: w.bytesPerReduce,
            mapBaseMs: w.mapBaseMs, pools: w.pools, poolCount: w.pools === 'round-robin' ? w.poolCount : undefined, type: w.type }
          : w.kind === 'sls'
            ? { kind: 'sls', trace: SLS_FILE, type: w.type }
            : policy === 'quincy'
              ? quincyFacebook(w)
              : { ...w, shared: w.shared === undefined ? undefined : { ...w.shared, tables: Math.min(w.shared.tables, w.shared.blocks) } },
  }) as Record<string, unknown>;
}

/** The trace files the scenarios name (relative to the scenario file: property.ts writes both in one folder). */
export const SWIM_FILE = 'trace.tsv';
export const SLS_FILE = 'trace.json';

/**
 * The pools (or queues) and users the scheduler lists and the jobs name: hfs's pools and users; capacity's queues and
 * two users that share them (its user limit), listed nowhere; under offers two pools named by the jobs alone (no pool
 * config), the frameworks of frameworks "pool". A swim workload files its jobs under pools of its own (bin1..bin9,
 * user0.., default): the listed pools or queues take those names, so its jobs land in them.
 */
function namesOf(spec: ScenarioSpec): { poolNames: string[]; userNames: string[] } {
  const { scheduler: s, workload: w } = spec;
  const swimNames = w.kind === 'swim' ? swimPools(w.pools, w.poolCount) : undefined;
  const named = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => swimNames === undefined ? `${prefix}${i}` : swimNames[i]).filter((x) => x !== undefined);
  const poolNames = s.policy === 'hfs' ? named('p', s.hfs.pools.length) : s.policy === 'capacity' ? named('q', s.queues.length) : s.policy === 'offers' ? ['p0', 'p1'] : [];
  const userNames = s.policy === 'hfs' ? s.hfs.users.map((_, i) => `u${i}`) : s.policy === 'capacity' ? ['u0', 'u1'] : [];
  return { poolNames, userNames };
}

/** The trace file a swim or sls scenario names, drawn from its seed (name relative to the scenario file), else undefined. */
export function traceFile(spec: ScenarioSpec): { name: string; text: string } | undefined {
  const w = spec.workload;
  if (w.kind === 'swim') return { name: SWIM_FILE, text: swimRows(spec, w) };
  if (w.kind === 'sls') return { name: SLS_FILE, text: slsJobs(spec, w) };
  return undefined;
}

/**
 * SWIM's rows: id, submit s, gap s, input, shuffle and output bytes (and, with paths, input and output path, each
 * followed by a tab). Input is 1 to 20 blocks once scaled by nodes / tracedNodes (SWIM's 64 MB floor may give more);
 * shuffle plus output about k x bytesPerReduce (k reduces, 0 to 3).
 */
function swimRows(spec: ScenarioSpec, w: Extract<ScenarioSpec['workload'], { kind: 'swim' }>): string {
  const rng = makeRng(spec.seed, 'harness-swim');
  const nodes = spec.cluster.racks * spec.cluster.nodesPerRack;
  const scale = w.tracedNodes / nodes; // trace bytes per simulated byte
  const block = spec.tasks.blockMB * 1024 * 1024;
  let submit = 0;
  const rows: string[] = [];
  for (let i = 0; i < w.rows; i++) {
    const gap = w.meanGapS === 0 ? 0 : Math.round(rng.exp(w.meanGapS));
    submit += gap;
    const input = Math.round((1 + rng.int(20)) * block * scale * (0.5 + rng.next() / 2));
    const k = [0, 0, 1, 2, 3][rng.int(5)];
    const shuffle = k === 0 ? 0 : Math.round(k * w.bytesPerReduce * 0.7 * scale);
    const output = k === 0 ? rng.int(2) * 1000 : Math.round(k * w.bytesPerReduce * 0.3 * scale);
    const cols = [`job${i}`, String(submit), String(gap), String(input), String(shuffle), String(output)];
    if (w.paths) {
      cols.push(rng.next() < 0.8 ? `inputPath${rng.int(3)}` : '', rng.next() < 0.5 ? `outputPath${i}` : '');
      if (rng.next() < 0.5) cols.push('');
    }
    rows.push(cols.join('\t') + '\n');
  }
  return rows.join('');
}

/** SLS JSON jobs (the file one JSON array, or the objects one after another as SLS writes them). */
function slsJobs(spec: ScenarioSpec, w: Extract<ScenarioSpec['workload'], { kind: 'sls' }>): string {
  const rng = makeRng(spec.seed, 'harness-sls');
  const { racks, nodesPerRack } = spec.cluster;
  const { poolNames, userNames } = namesOf(spec);
  const pick = <T>(xs: readonly T[]): T | undefined => xs[rng.int(xs.length + 1)]; // past the end: none
  const host = () => `/rack${rng.int(racks)}/node${rng.int(nodesPerRack)}`;
  const task = (type: 'map' | 'reduce', at: number) => {
    const ms = 500 + rng.int(type === 'map' ? 20_000 : 10_000);
    const how = rng.int(3);
    return {
      'container.host': host(), 'container.type': type, 'container.priority': type === 'map' ? 20 : 10,
      ...(how === 0 ? { 'container.start.ms': at, 'container.end.ms': at + ms } : how === 1 ? { 'container.duration.ms': ms } : { 'duration.ms': ms }),
      ...(rng.int(5) === 0 ? { count: 2 } : {}),
    };
  };
  let start = 0;
  const jobs = Array.from({ length: w.jobs }, (_, i) => {
    start += Math.round(rng.exp(8000));
    const user = pick(userNames);
    const tasks = [...Array.from({ length: 1 + rng.int(6) }, () => task('map', start)), ...Array.from({ length: rng.int(3) }, () => task('reduce', start))];
    return {
      [rng.int(2) === 0 ? 'yarn.sls.am.type' : 'am.type']: 'mapreduce', 'job.start.ms': start, 'job.end.ms': start + 60_000,
      'job.queue.name': pick(poolNames) ?? 'default', 'job.id': `job_${i}`, ...(user === undefined ? {} : { 'job.user': user }),
      ...(rng.int(6) === 0 ? { 'job.count': 2 } : {}), 'job.tasks': tasks,
    };
  });
  return w.array ? JSON.stringify(jobs, null, 1) + '\n' : jobs.map((j) => JSON.stringify(j, null, 1)).join('\n') + '\n';
}

/**
 * The Facebook mix under Quincy, as a group of small jobs arriving as the mix's would. Quincy solves a program once a
 * heartbeat interval while maps wait, so a Facebook job of up to 4,800 maps on a few slots is hours of simulated time
 * and minutes of wall time for each way check.ts runs it (the long mode's stall: fixtures/quincy-large-job.json), and
 * over Quincy's size limits (src/core/quincy/size-limit.ts: its decisions' cost there, its program's on larger clusters).
 */
function quincyFacebook(w: Extract<ScenarioSpec['workload'], { kind: 'facebook' }>): Record<string, unknown> {
  return { kind: 'generated', groups: [{
    name: 'facebook', count: w.jobs, maps: w.sizes === 'benchmark' ? 30 : 10, reduces: 1, mapMs: w.type === 'cpu' ? 20_000 : 10_000,
    type: w.type === 'mixed' ? 'io' : w.type, intervalMs: w.meanInterarrivalMs, arrivals: 'exponential',
  }] };
}

function hfsFields(h: ScenarioSpec['scheduler']['hfs'], names: readonly string[]): Record<string, unknown> {
  return {
    pools: h.pools.slice(0, names.length).map((p, i) => ({
      name: names[i], weight: p.weight, minMaps: p.minMaps, minReduces: p.minReduces,
      maxMaps: p.maxMaps === undefined ? undefined : Math.max(p.maxMaps, p.minMaps),
      maxReduces: p.maxReduces === undefined ? undefined : Math.max(p.maxReduces, p.minReduces),
      maxRunningJobs: p.maxRunningJobs, schedulingMode: p.schedulingMode,
      minSharePreemptionTimeoutMs: p.minSharePreemptionTimeoutMs, fairSharePreemptionTimeoutMs: p.fairSharePreemptionTimeoutMs,
      fairSharePreemptionThreshold: p.fairSharePreemptionThreshold, preemptable: p.preemptable,
      parent: p.parent < h.parentPools.length ? `par${p.parent}` : undefined,
    })),
    parentPools: h.parentPools.map((g, i) => ({
      name: `par${i}`, weight: g.weight, minMaps: g.minMaps, maxMaps: g.maxMaps === undefined ? undefined : Math.max(g.maxMaps, g.minMaps),
      maxRunningJobs: g.maxRunningJobs, parent: i > 0 && g.nested ? 'par0' : undefined,
    })),
    users: h.users.map((maxRunningJobs, i) => ({ name: `u${i}`, maxRunningJobs })),
    userMaxJobsDefault: h.userMaxJobsDefault, poolMaxJobsDefault: h.poolMaxJobsDefault,
    defaultSchedulingMode: h.defaultSchedulingMode, sizeBasedWeight: h.sizeBasedWeight,
    minSharePreemptionTimeoutMs: h.minSharePreemptionTimeoutMs, fairSharePreemptionTimeoutMs: h.fairSharePreemptionTimeoutMs,
    fairSharePreemptionThreshold: h.fairSharePreemptionThreshold,
    preemption: { enabled: h.preemption, intervalMs: h.preemptionIntervalMs, ...(h.preemptionRounding === undefined ? {} : { config: { rounding: h.preemptionRounding } }) },
  };
}

/** A file's hand-placed replicas (file's doc), or undefined to have HDFS place them. */
function placedReplicas(f: { blocks: number; placed?: { count: number; start: number; stride: number | 'rack' } }, c: ScenarioSpec['cluster'], replication: number): number[][] | undefined {
  if (f.placed === undefined) return undefined;
  const nodes = c.racks * c.nodesPerRack;
  const { count, start, stride } = f.placed;
  const step = stride === 'rack' ? c.nodesPerRack : stride;
  const k = Math.min(count, replication);
  // replica i of a block sits i nodes past its first, so a block's k (at most the nodes) are distinct
  return Array.from({ length: f.blocks }, (_, b) => Array.from({ length: k }, (_, i) => (start + b * step + i) % nodes));
}

/** A replication policy's config: the fields its schema knows. */
function replicationConfig(r: NonNullable<ScenarioSpec['scheduler']['replication']>, nodes: number): Record<string, unknown> {
  switch (r.policy) {
    case 'static': return {};
    case 'dsbra': return { intervalMs: r.intervalMs, alpha: r.alpha, average: r.average, delayThresholdMs: r.delayThresholdMs };
    case 'popular-small': return { intervalMs: r.intervalMs, maxBlocks: r.maxBlocks, minJobs: r.minJobs, replicas: r.replicas === undefined ? undefined : Math.min(r.replicas, nodes) };
  }
}

/** Queues and parent queues whose capacities add up to at most 100% under each parent, each capped at or above its capacity. */
function queueFields(allQueues: ScenarioSpec['scheduler']['queues'], parents: ScenarioSpec['scheduler']['parentQueues'], names: readonly string[]): Record<string, unknown> {
  const queues = allQueues.slice(0, names.length);
  const parentOf = (k: number): string | undefined => (k < parents.length ? `pq${k}` : undefined);
  const entries = [
    ...queues.map((q, i) => ({ name: names[i], parent: parentOf(q.parent), capacity: q.capacity, maxExtra: q.maxExtra, leaf: q })),
    ...parents.map((q, i) => ({ name: `pq${i}`, parent: i > 0 && q.nested ? 'pq0' : undefined, capacity: q.capacity, maxExtra: q.maxExtra, leaf: undefined })),
  ];
  const totals = new Map<string | undefined, number>();
  for (const e of entries) totals.set(e.parent, (totals.get(e.parent) ?? 0) + e.capacity);
  const fields = entries.map((e) => {
    const total = totals.get(e.parent)!;
    const capacity = e.capacity === 0 ? 0 : Math.max(1, Math.floor(e.capacity * (total > 100 ? 100 / total : 1)));
    // a maximum of 0 is refused for a queue jobs name (they could never run): at least 1%
    const out: Record<string, unknown> = { name: e.name, capacity, maxCapacity: e.maxExtra === undefined ? undefined : Math.max(1, Math.min(100, capacity + e.maxExtra)), parent: e.parent };
    if (e.leaf !== undefined) {
      Object.assign(out, { minUserLimitPercent: e.leaf.minUserLimitPercent, userLimitFactor: e.leaf.userLimitFactor, ...(e.leaf.fair ? { orderingPolicy: 'fair' as const } : {}) });
    }
    return out;
  });
  return { queues: fields.slice(0, queues.length), parentQueues: fields.slice(queues.length) };
}

/** The pool-aware fields the capacity scheduler reads besides its queues: preemption toward capacity, a per-user job limit. */
function capacityFields(c: ScenarioSpec['scheduler']['capacity']): Record<string, unknown> {
  const p = c.preemption;
  return {
    userMaxJobsDefault: c.userMaxJobsDefault,
    ...(p === undefined ? {} : { preemption: { enabled: true, intervalMs: p.intervalMs }, minSharePreemptionTimeoutMs: p.minShareMs,
      fairSharePreemptionTimeoutMs: p.fairShareMs, fairSharePreemptionThreshold: p.threshold }),
  };
}

/** A deep copy without undefined fields (JSON has no undefined; the schema's defaults fill them in). */
function compact(x: unknown): unknown {
  return JSON.parse(JSON.stringify(x));
}

/**
 * hdfs.maxReplicas, with a replication policy: its room for more replicas. Unset, a block has room for one on every node,
 * and Quincy's size limit (src/core/quincy/size-limit.ts) counts a program over that many: seed 71120 drew 30 SWIM jobs
 * of 218 maps on 16 nodes, 8,254 arcs with 16 replicas a block, past the 8,000 allowed. Under Quincy the room is at
 * most 4 more than the replication, as `extra` draws.
 */
function maxReplicasOf(extra: number | undefined, policy: string, replication: number, nodes: number): number | undefined {
  const more = extra ?? (policy === 'quincy' ? 4 : undefined);
  return more === undefined ? undefined : Math.min(nodes, replication + more);
}
