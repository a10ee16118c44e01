import { describe, expect, it } from 'vitest';
import { overridePathProblem, parseScenario, resolveVariant, setPath, variantErrors, variantsOf } from '../../src/core/scenario.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';
import * as L from '../../src/core/limits.js';
import { hadoopHeartbeatMs, makeTopology } from '../../src/core/topology.js';

const minimal = { workload: { kind: 'facebook' } };

describe('scenario schema', () => {
  it('fills every default', () => {
    const r = parseScenario(minimal);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { network, ...cluster } = r.value.cluster;
    expect(cluster).toEqual({ racks: 4, nodesPerRack: 25, mapSlotsPerNode: 4, reduceSlotsPerNode: 2 });
    expect(network.model).toBe('flat');
    expect(r.value.hdfs).toEqual({ replication: 3, blockMB: 128 });
    expect(r.value.scheduler).toEqual({
      policy: 'fair', policyConfig: {}, delay: { mode: 'none' }, assignMultiple: true,
      pools: [], parentPools: [], users: [], defaultSchedulingMode: 'fair', sizeBasedWeight: false, preemption: { enabled: false, intervalMs: 15000, policy: 'hfs', config: {} },
      queues: [], parentQueues: [], copyComputeSplit: false, jobTypeRule: false,
    });
    expect(r.value.workload).toMatchObject({ kind: 'facebook', jobs: 100, sizes: 'benchmark', meanInterarrivalMs: 14000, type: 'io' });
  });

  // SPEC.md 2 and 4: Hadoop's reduce slow start of 5% of maps; DSBRA's round every minute with alpha = 0.5.
  it('fills the papers\' defaults: slow start 0.05, DSBRA every 60 s with alpha 0.5', () => {
    const r = parseScenario({ ...minimal, scheduler: { replication: { policy: 'dsbra' } } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.tasks.slowStart).toBe(0.05);
    expect(r.value.scheduler.replication).toEqual({ policy: 'dsbra', config: { intervalMs: 60_000, alpha: 0.5, average: 'all' } });
  });

  it.each([
    [{ ...minimal, clutser: {} }, '(top level): unknown field "clutser" (did you mean "cluster"?)'],
    [{ ...minimal, cluster: { racks: 'four' } }, 'cluster.racks: racks must be a number'],
    [{ ...minimal, cluster: { mapSlotsPerNode: 0 } }, 'cluster.mapSlotsPerNode: mapSlotsPerNode must be at least 1'],
    [{ ...minimal, cluster: { reduceSlotsPerNode: -2 } }, 'cluster.reduceSlotsPerNode: reduceSlotsPerNode must be at least 1'],
    [{ ...minimal, cluster: { nodesPerRack: 2.5 } }, 'cluster.nodesPerRack: nodesPerRack must be a whole number'],
    [{ ...minimal, scheduler: { policy: 'lottery' } }, `scheduler.policy: policy must be one of "fifo", "fair", "hfs", "capacity", "offers", "quincy", not "lottery" (a plugin registers its name when its file is loaded: hfsim --plugin file.js, or loadPlugins)`],
    [{ ...minimal, scheduler: { pools: [{ name: 'a', weight: 0 }] } }, 'scheduler.pools[0].weight: weight must be greater than 0'],
    [{ ...minimal, scheduler: { pools: [{ name: 'a' }, { name: 'a' }] } }, 'scheduler.pools[1].name: name "a" is used twice'],
    [{ ...minimal, scheduler: { pools: [{ name: 'a', weight: 1e9 }] } }, 'scheduler.pools[0].weight: weight is 1000000000, above the limit of 1000'],
    [{ ...minimal, scheduler: { pools: [{ name: 'a', weight: 1e-20 }] } }, 'scheduler.pools[0].weight: weight is 1e-20, below the limit of 0.001'],
    [{ ...minimal, scheduler: { policy: 'capacity', queues: [{ name: 'a', capacity: 60, maxCapacity: 30 }] } }, 'scheduler.queues[0].maxCapacity: maxCapacity (30) is below capacity (60)'],
    // by the absolute values, as YARN: 100% of a parent of 50 capped at 60% of a parent capped at 60 is 36% of the cluster, below 50
    [{ ...minimal, scheduler: { policy: 'capacity', parentQueues: [{ name: 'p', capacity: 50, maxCapacity: 60 }], queues: [{ name: 'a', parent: 'p', capacity: 100, maxCapacity: 60 }] } }, 'scheduler.queues[0].maxCapacity: maxCapacity (60) comes to 36% of the cluster, below its capacity\'s 50% (each a percentage of its parent\'s, down the tree): YARN requires the absolute maximum capacity to be at least the absolute capacity'],
    [{ workload: { kind: 'jobs', files: [{ name: 'f', blocks: 3 }, { name: 'f', blocks: 7 }], jobs: [{ id: 'x', input: 'f', mapMs: 1 }] } }, 'workload.files[1].name: file name "f" is used twice'],
    [{ ...minimal, scheduler: { pools: [{ name: 'a', schedulingMode: 'lifo' }] } }, 'scheduler.pools[0].schedulingMode: schedulingMode must be "fair" or "fifo", not "lifo" (did you mean "fifo"?)'],
    [{ ...minimal, scheduler: { queues: [{ name: 'a', capacity: 70 }, { name: 'b', capacity: 40 }] } }, 'scheduler.queues: queue capacities add up to 110%, more than 100%'],
    // above YARN's tolerance of 0.05; the sum as written (100.06, not 100.06000000000000227)
    [{ ...minimal, scheduler: { queues: [{ name: 'a', capacity: 50.06 }, { name: 'b', capacity: 50 }] } }, 'scheduler.queues: queue capacities add up to 100.06%, more than 100%'],
    [{ ...minimal, scheduler: { queues: [{ name: 'a', capacity: 0, maxCapacity: -1 }] } }, 'scheduler.queues[0].maxCapacity: maxCapacity must be from 0 to 100'],
    [{ ...minimal, scheduler: { policy: 'capacity', parentQueues: [{ name: 'p', capacity: 100, state: 'STOPPED' }], queues: [{ name: 'a', parent: 'p', capacity: 100, state: 'RUNNING' }] } }, 'scheduler.queues[0].state: RUNNING under parent queue "p", which is STOPPED: YARN refuses it ("The parent queue ... cannot be STOPPED as the child queue ... is in RUNNING state")'],
    [{ workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 1, mapMs: 1 }] }, scheduler: { policy: 'capacity', queues: [{ name: 'a', capacity: 50, state: 'STOPPED' }, { name: 'b', capacity: 50 }] } }, 'workload.groups[0].pool: files its jobs under pool "a", a queue whose state is STOPPED: YARN\'s Capacity Scheduler refuses a job submitted to a stopped queue'],
    [{ ...minimal, scheduler: { queues: [{ name: 'a', capacity: 50, state: 'DRAINING' }] } }, 'scheduler.queues[0].state: state must be "RUNNING" or "STOPPED", not "DRAINING"'],
    // parent queues alone were blamed on scheduler.queues
    [{ ...minimal, scheduler: { policy: 'capacity', parentQueues: [{ name: 'p', capacity: 50 }, { name: 'p2', capacity: 60 }], queues: [{ name: 'a', capacity: 100, parent: 'p' }, { name: 'b', capacity: 100, parent: 'p2' }] } }, 'scheduler.parentQueues: parent queue capacities add up to 110%, more than 100%'],
    [{ ...minimal, scheduler: { preemption: { intervalMs: 0 } } }, 'scheduler.preemption.intervalMs: intervalMs must be at least 1'],
    [{ ...minimal, scheduler: { delay: { mode: 'skip' } } }, 'scheduler.delay.maxSkips: missing (required): maxSkips must be a number'],
    [{ ...minimal, scheduler: { delay: { mode: 'sometimes' } } }, `scheduler.delay.mode: delay.mode must be one of "none", "skip", "wait", not "sometimes" (a plugin registers its name when its file is loaded: hfsim --plugin file.js, or loadPlugins)`],
    [{ ...minimal, scheduler: { delay: { mode: 3 } } }, 'scheduler.delay.mode: delay.mode must be one of "none", "skip", "wait"'],
    [{ ...minimal, scheduler: { delay: { mode: 'wait', nodeMS: 5 } } }, 'scheduler.delay: unknown field "nodeMS" (did you mean "nodeMs"?)'],
    [{ ...minimal, scheduler: { delay: { mode: 'wait', rackMs: -1 } } }, 'scheduler.delay.rackMs: rackMs must not be negative'],
    [{ ...minimal, scheduler: { policy: 'fifo', policyConfig: { depth: 2 } } }, 'scheduler.policyConfig: unknown field "depth" (policy "fifo" takes no config: remove scheduler.policyConfig, or set it to null in a variant that changes scheduler.policy)'],
    [{ ...minimal, scheduler: { policy: 'hfs', preemption: { enabled: true, policy: 'random' } } }, `scheduler.preemption.policy: preemption.policy must be one of "hfs", not "random" (a plugin registers its name when its file is loaded: hfsim --plugin file.js, or loadPlugins)`],
    [{ ...minimal, scheduler: { replication: { policy: 'scarlett' } } }, `scheduler.replication.policy: replication.policy must be one of "static", "dsbra", "popular-small", not "scarlett" (a plugin registers its name when its file is loaded: hfsim --plugin file.js, or loadPlugins)`],
    [{ ...minimal, scheduler: { replication: { policy: 'dsbra', config: { alpha: 2 } } } }, 'scheduler.replication.config.alpha: alpha must be between 0 and 1'],
    // README's DSBRA settings written beside the policy, where they are not read: the message says where they go
    [{ ...minimal, scheduler: { replication: { policy: 'dsbra', intervalMs: 30_000, average: 'read' } } }, 'scheduler.replication: unknown fields "intervalMs", "average" (a replication policy\'s own settings go in scheduler.replication.config)'],
    // a field of another workload kind was only 'unknown field "shared"' (shared inputs are the Facebook mix's)
    [{ workload: { kind: 'generated', shared: { blocks: 10 }, groups: [{ name: 'g', count: 1, maps: 1, mapMs: 5000 }] } }, 'workload: unknown field "shared" ("shared" is read by workload kind "facebook")'],
    [{ workload: { kind: 'facebook', trace: 't.tsv', nope: 1 } }, 'workload: unknown fields "trace", "nope" ("trace" is read by workload kinds "swim", "sls")'],
    [{ ...minimal, hdfs: { replication: 3, maxReplicas: 2 } }, 'hdfs.maxReplicas: maxReplicas (2) is below replication (3)'],
    [{ workload: { kind: 'facebook', shared: { blocks: 4, tables: 5 } } }, 'workload.shared.tables: tables must be at most blocks (a table holds at least one block)'],
    [{ workload: { kind: 'facebook', shared: { blocks: 40, hot: { fraction: 0 } } } }, 'workload.shared.hot.fraction: fraction must be greater than 0'],
    [{}, 'workload: missing (required): workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls"'],
    [{ workload: { kind: 'facebook', jobs: 0 } }, 'workload.jobs: jobs must be at least 1'],
    [{ workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [] } }, 'workload.jobs: jobs must list at least one job'],
    [{ workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [{ id: 'x', input: 'b', mapMs: 1 }] } }, 'workload.jobs[0].input: input "b" names no file in workload.files'],
    [{ workload: { kind: 'generated', groups: [] } }, 'workload.groups: groups must list at least one group of jobs'],
  ])('rejects bad input with the field path: %j', (raw, message) => {
    const r = parseScenario(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContain(message);
  });

  it('a required field left out is named as missing, not as a wrong value ({} read "workload: workload.kind must be one of ...", a job without input "Invalid input: expected string, received undefined")', () => {
    const errors = (raw: unknown): string[] => { const r = parseScenario(raw); return r.ok ? [] : r.errors; };
    expect(errors({})).toEqual(['workload: missing (required): workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls"']);
    expect(errors({ workload: { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: [{ id: 'a' }] } })).toEqual([
      'workload.jobs[0].input: missing (required): expected a string',
      'workload.jobs[0].mapMs: missing (required): mapMs must be a number',
    ]);
    expect(errors({ workload: { kind: 'swim' } })).toEqual(['workload.trace: missing (required): expected a string']);
    // the discriminator of the workload union left out ({ workload: {} } read "workload.kind: workload.kind must be one of ...")
    expect(errors({ workload: {} })).toEqual(['workload.kind: missing (required): workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls"']);
    expect(errors({ workload: { kind: 'batch' } })).toEqual(['workload.kind: workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls", not "batch"']);
    // a value given, of the wrong type, keeps its message
    expect(errors({ workload: { kind: 'facebook', jobs: null } })).toEqual(['workload.jobs: jobs must be a number']);
    expect(errors({ cluster: null, workload: { kind: 'facebook' } })).toEqual(['cluster: Invalid input: expected object, received null']);
  });

  it('a parent queue\'s maximum below its capacity is blamed on it alone, not on each queue under it that sets no maximum (they read "maxCapacity (undefined) comes to 40% of the cluster")', () => {
    const r = parseScenario({ ...minimal, scheduler: { policy: 'capacity', parentQueues: [{ name: 'p', capacity: 50, maxCapacity: 40 }], queues: [{ name: 'a', parent: 'p', capacity: 100 }, { name: 'b', capacity: 50 }] } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(['scheduler.parentQueues[0].maxCapacity: maxCapacity (40) is below capacity (50)']);
  });

  it('applies variant overrides, then --set overrides', () => {
    const raw = { ...minimal, variants: { A: { 'scheduler.policy': 'fifo' }, B: { 'scheduler.delay': { mode: 'skip', maxSkips: 3 } } } };
    const vs = variantsOf(raw);
    expect(vs.map((v) => v.name)).toEqual(['A', 'B']);
    const a = resolveVariant(raw, vs[0].overrides, [['cluster.racks', 2]]);
    expect(a).toMatchObject({ scheduler: { policy: 'fifo' }, cluster: { racks: 2 } });
    expect(a).not.toHaveProperty('variants');
    const b = resolveVariant(raw, vs[1].overrides, [['scheduler.delay.maxSkips', 7]]);
    expect(b).toMatchObject({ scheduler: { delay: { mode: 'skip', maxSkips: 7 } } });
    expect(setPath({}, 'a.b.c', 1)).toEqual({ a: { b: { c: 1 } } });
  });
});

const jobs = (job: object, extra: object = {}) => ({ kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [{ id: 'j', input: 'a', mapMs: 1000, ...job }], ...extra });

describe('scenario bounds and fields a policy ignores', () => {
  it.each([
    [{ ...minimal, cluster: { racks: L.MAX_RACKS + 1 } }, `cluster.racks: racks is ${L.MAX_RACKS + 1}, above the limit of ${L.MAX_RACKS}`],
    [{ ...minimal, cluster: { racks: 100, nodesPerRack: 1001 } }, `cluster.nodesPerRack: racks x nodesPerRack is 100100 nodes, above the limit of ${L.MAX_NODES}`],
    [{ ...minimal, cluster: { racks: 100, nodesPerRack: 1000, mapSlotsPerNode: 101 } }, `cluster.mapSlotsPerNode: 100000 nodes x 101 is 10100000 slots, above the limit of ${L.MAX_SLOTS}`],
    // fluid: about 2 KB a slot (10,000 racks of one node of 250 + 249 slots, under the old limit of 5,000,000, passed 5.9 GB)
    [{ ...minimal, cluster: { racks: 10000, nodesPerRack: 1, mapSlotsPerNode: 250, reduceSlotsPerNode: 249, network: { model: 'fluid' } } },
      `cluster.mapSlotsPerNode: 10000 nodes x (250 + 249) is 4990000 slots, above the fluid model's limit of 2000000 (about 2 KB a slot: cluster.network.model "flat" takes up to ${L.MAX_SLOTS} of each kind)`],
    // named by the kind with more slots a node, the field to lower
    [{ ...minimal, cluster: { racks: 1000, nodesPerRack: 10, mapSlotsPerNode: 1, reduceSlotsPerNode: 600, network: { model: 'fluid' } } },
      `cluster.reduceSlotsPerNode: 10000 nodes x (1 + 600) is 6010000 slots, above the fluid model's limit of 2000000 (about 2 KB a slot: cluster.network.model "flat" takes up to ${L.MAX_SLOTS} of each kind)`],
    [{ ...minimal, cluster: { heartbeatMs: 2 ** 31 } }, `cluster.heartbeatMs: heartbeatMs is ${2 ** 31}, above the limit of ${L.MAX_INT32}`],
    [{ ...minimal, cluster: { heartbeatMs: 7 } }, `cluster.heartbeatMs: heartbeatMs is 7, below the limit of ${L.MIN_HEARTBEAT_MS}`],
    [{ ...minimal, scheduler: { policy: 'hfs', userMaxJobsDefault: 0 } }, 'scheduler.userMaxJobsDefault: userMaxJobsDefault must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ ...minimal, scheduler: { policy: 'hfs', pools: [{ name: 'p', maxMaps: 0 }] } }, 'scheduler.pools[0].maxMaps: maxMaps must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ ...minimal, scheduler: { policy: 'hfs', users: [{ name: 'u', maxRunningJobs: 0 }] } }, 'scheduler.users[0].maxRunningJobs: maxRunningJobs must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ ...minimal, hdfs: { replication: 300 } }, `hdfs.replication: replication is 300, above the limit of ${L.MAX_REPLICATION}`],
    [{ ...minimal, hdfs: { blockMB: 0.001 } }, 'hdfs.blockMB: blockMB must be at least 1 (HDFS\'s minimum block size)'],
    [{ ...minimal, tasks: { durationJitter: 50 } }, 'tasks.durationJitter: durationJitter is 50, above the limit of 2'],
    [{ ...minimal, tasks: { offRackSlowdown: 1e308 } }, 'tasks.offRackSlowdown: offRackSlowdown is 1e+308, above the limit of 100'],
    [{ ...minimal, seed: '' }, 'seed: seed must be a number'],
    [{ workload: { kind: 'facebook', meanInterarrivalMs: 1e300 } }, `workload.meanInterarrivalMs: meanInterarrivalMs is 1e+300 ms, above the limit of ${L.MAX_TIME_MS} ms`],
    [{ workload: { kind: 'facebook', jobs: 1e9 } }, `workload.jobs: jobs is 1000000000, above the limit of ${L.MAX_JOBS}`],
    [{ workload: jobs({ mapMs: 2 ** 31 }) }, `workload.jobs[0].mapMs: mapMs is ${2 ** 31} ms, above the limit of ${L.MAX_TIME_MS} ms`],
    [{ workload: jobs({ submitMs: 1e300 }) }, `workload.jobs[0].submitMs: submitMs is 1e+300 ms, above the limit of ${L.MAX_TIME_MS} ms`],
    [{ workload: { kind: 'generated', groups: [{ name: 'g', maps: 1e9, mapMs: 1 }] } }, `workload.groups[0].maps: maps is 1000000000, above the limit of ${L.MAX_JOB_MAPS}`],
    [{ ...minimal, scheduler: { policy: 'hfs', pools: [{ name: 'p', minMaps: 10, maxMaps: 5 }] } }, 'scheduler.pools[0].minMaps: minMaps 10 is above maxMaps 5: the pool could never reach its min share'],
    [{ ...minimal, scheduler: { policy: 'fair', pools: [{ name: 'p' }] } }, 'scheduler.pools: policy "fair" ignores pools (only "hfs" and "capacity" read it): remove it, or set it to null in a variant that changes the policy'],
    [{ ...minimal, scheduler: { policy: 'fifo', queues: [{ name: 'q', capacity: 50 }] } }, 'scheduler.queues: policy "fifo" ignores queues (only "capacity" reads it): remove it, or set it to null in a variant that changes the policy'],
    [{ ...minimal, scheduler: { policy: 'hfs', queues: [{ name: 'q', capacity: 50 }] } }, 'scheduler.queues: policy "hfs" ignores queues (only "capacity" reads it): remove it, or set it to null in a variant that changes the policy'],
    [{ ...minimal, scheduler: { allocationFile: 'x.xml' } }, 'scheduler.allocationFile: policy "fair" ignores allocationFile (only "hfs" and "capacity" read it): remove it, or set it to null in a variant that changes the policy'],
    [{ ...minimal, scheduler: { policy: 'fifo', preemption: { enabled: true } } }, 'scheduler.preemption: policy "fifo" ignores preemption (only "hfs" and "capacity" read it): remove it, or set it to null in a variant that changes the policy'],
    [{ ...minimal, scheduler: { policy: 'capacity', sizeBasedWeight: true } }, 'scheduler.sizeBasedWeight: policy "capacity" ignores sizeBasedWeight (only "hfs" reads it): remove it, or set it to null in a variant that changes the policy'],
    [{ ...minimal, scheduler: { policy: 'hfs', poolMaxMapsDefault: 0 } }, 'scheduler.poolMaxMapsDefault: poolMaxMapsDefault must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ ...minimal, scheduler: { policy: 'hfs', poolMaxReducesDefault: 2.5 } }, 'scheduler.poolMaxReducesDefault: poolMaxReducesDefault must be a whole number'],
    [{ ...minimal, scheduler: { policy: 'hfs', poolMaxMapsDefault: L.MAX_SLOTS + 1 } }, `scheduler.poolMaxMapsDefault: poolMaxMapsDefault is ${L.MAX_SLOTS + 1}, above the limit of ${L.MAX_SLOTS}`],
    // capacity's queues are capped by their maxCapacity: a pool's caps are not read there, nor their defaults
    [{ ...minimal, scheduler: { policy: 'capacity', queues: [{ name: 'default', capacity: 100 }], poolMaxMapsDefault: 4 } }, 'scheduler.poolMaxMapsDefault: policy "capacity" ignores poolMaxMapsDefault (only "hfs" reads it): remove it, or set it to null in a variant that changes the policy'],
    [{ ...minimal, scheduler: { policy: 'fair', poolMaxReducesDefault: 4 } }, 'scheduler.poolMaxReducesDefault: policy "fair" ignores poolMaxReducesDefault (only "hfs" reads it): remove it, or set it to null in a variant that changes the policy'],
  ])('refuses %j', (raw, message) => {
    const r = parseScenario(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContain(message);
  });

  it.each([
    [{ policy: 'hfs', pools: [{ name: 'p', maxMaps: -1 }] }, 'scheduler.pools[0].maxMaps: maxMaps must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ policy: 'hfs', parentPools: [{ name: 'x', maxReduces: -1 }] }, 'scheduler.parentPools[0].maxReduces: maxReduces must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ policy: 'hfs', pools: [{ name: 'p', maxRunningJobs: -1 }] }, 'scheduler.pools[0].maxRunningJobs: maxRunningJobs must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ policy: 'hfs', users: [{ name: 'u', maxRunningJobs: -1 }] }, 'scheduler.users[0].maxRunningJobs: maxRunningJobs must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ policy: 'hfs', userMaxJobsDefault: -1 }, 'scheduler.userMaxJobsDefault: userMaxJobsDefault must be at least 1 (0 lets nothing run, and the run would stall)'],
  ])('a negative cap or job limit gets one message (it also got "must not be negative", and a max "minMaps 0 is above maxMaps -1"): %j', (scheduler, message) => {
    const r = parseScenario({ ...minimal, scheduler });
    expect(r.ok ? [] : r.errors).toEqual([message]);
  });

  it.each([
    [{ workload: jobs({ submitMs: 1e300 }) }, `workload.jobs[0].submitMs: submitMs is 1e+300 ms, above the limit of ${L.MAX_TIME_MS} ms`],
    [{ workload: jobs({ submitMs: 2 ** 53 }) }, `workload.jobs[0].submitMs: submitMs is ${2 ** 53} ms, above the limit of ${L.MAX_TIME_MS} ms`],
    [{ workload: { kind: 'generated', groups: [{ name: 'g', maps: 1, mapMs: 1, startMs: 1e300 }] } }, `workload.groups[0].startMs: startMs is 1e+300 ms, above the limit of ${L.MAX_TIME_MS} ms`],
  ])('a whole time far above its limit gets one message, the limit (past 2^53 it also got "must be a whole number"): %j', (raw, message) => {
    const r = parseScenario(raw);
    expect(r.ok ? [] : r.errors).toEqual([message]);
  });

  it('a heartbeatMs of 0 gets one message, the limit (it also got "must be at least 1")', () => {
    const r = parseScenario({ ...minimal, cluster: { heartbeatMs: 0 } });
    expect(r.ok ? [] : r.errors).toEqual([`cluster.heartbeatMs: heartbeatMs is 0, below the limit of ${L.MIN_HEARTBEAT_MS}`]);
  });

  it.each([
    [{ cluster: { racks: L.MAX_RACKS, nodesPerRack: 10 } }],
    [{ hdfs: { replication: L.MAX_REPLICATION } }],
    [{ tasks: { durationJitter: L.MAX_DURATION_JITTER, offRackSlowdown: L.MAX_SLOWDOWN } }],
    [{ scheduler: { policy: 'hfs', pools: [{ name: 'p', minMaps: 5, maxMaps: 5 }], preemption: { enabled: true } } }],
    [{ scheduler: { policy: 'capacity', queues: [{ name: 'q', capacity: 50 }], pools: [{ name: 'q' }] } }],
  ])('accepts values at their bounds: %j', (over) => {
    expect(parseScenario({ ...minimal, ...over }).ok).toBe(true);
  });

  it.each([
    ['variants', 'x', 'variants: variants must be an object of named variants, e.g. { "FIFO": { "scheduler.policy": "fifo" } }'],
    ['variants', 5, 'variants: variants must be an object of named variants, e.g. { "FIFO": { "scheduler.policy": "fifo" } }'],
    ['variants', [1], 'variants: variants must be an object of named variants, e.g. { "FIFO": { "scheduler.policy": "fifo" } }'],
    ['variants', null, 'variants: variants must be an object of named variants, e.g. { "FIFO": { "scheduler.policy": "fifo" } }'],
    ['variants', { A: 'fifo' }, 'variants.A: a variant must be an object of field paths to values, e.g. { "scheduler.policy": "fifo" }'],
    ['variants', { A: { '__proto__.x': 1 } }, 'variants.A.__proto__.x: "__proto__.x": "__proto__" is not a field'],
    ['variants', { A: { 'a..b': 1 } }, 'variants.A.a..b: "a..b" is not a field path (an empty segment)'],
    // applied in the order written, the object replaced the field set before it: maxSkips 3 was dropped without a word
    ['variants', { A: { 'scheduler.delay.maxSkips': 3, 'scheduler.delay': { mode: 'skip', maxSkips: 1 } } },
      'variants.A.scheduler.delay.maxSkips: "scheduler.delay", later in the variant, replaces the whole of scheduler.delay, so this value is never used: give it inside that value, or drop it'],
  ])('refuses a malformed variants table: %s = %j', (key, value, message) => {
    expect(variantErrors({ ...minimal, [key]: value })).toContain(message);
  });

  it.each(['__proto__.x', 'constructor.prototype.x', 'scheduler.prototype', 'variants.A', '', 'a.'])('refuses the override path "%s"', (path) => {
    expect(overridePathProblem(path)).toBeDefined();
    expect(() => setPath({}, path, 1)).toThrow();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a path names a list element by its index (DESIGN.md: --set overrides any field; it said "--set replaces a list whole")', () => {
    const raw = { ...minimal, scheduler: { policy: 'hfs', pools: [{ name: 'production', weight: 2 }, { name: 'b' }] } };
    const set = resolveVariant(raw, { 'scheduler.pools.1.minMaps': 4 }, [['scheduler.pools.0.weight', 3]]);
    expect(set.scheduler).toEqual({ policy: 'hfs', pools: [{ name: 'production', weight: 3 }, { name: 'b', minMaps: 4 }] });
    expect(parseScenario(set).ok).toBe(true);
    expect(raw.scheduler.pools[0].weight).toBe(2); // the input is not changed
    expect(resolveVariant(raw, {}, [['scheduler.pools.1', { name: 'c', weight: 5 }]]).scheduler).toEqual({ policy: 'hfs', pools: [{ name: 'production', weight: 2 }, { name: 'c', weight: 5 }] });
  });

  it.each([
    ['scheduler.pools.2.weight', 3, 'scheduler.pools.2.weight: scheduler.pools is a list of 2 (elements 0 to 1), so it has no element 2: set the list whole to add one (scheduler.pools=[...])'],
    ['scheduler.pools.01.weight', 3, 'scheduler.pools.01.weight: scheduler.pools is a list of 2, so 01 is no field of it: name an element by its index (scheduler.pools.0...), or set the list whole (scheduler.pools=[...])'],
    ['scheduler.pools.weight', 3, 'scheduler.pools.weight: scheduler.pools is a list of 2, so weight is no field of it: name an element by its index (scheduler.pools.0...), or set the list whole (scheduler.pools=[...])'],
    ['scheduler.pools.0', null, 'scheduler.pools.0: null cannot remove one element of the list scheduler.pools (the elements after it would move): set the list whole (scheduler.pools=[...])'],
    ['scheduler.pools.0.name.first', 1, 'scheduler.pools.0.name.first: scheduler.pools.0.name is "production", not an object, so scheduler.pools.0.name.first cannot be set in it'],
  ])('a list path that names no element is refused, saying how: %s', (path, value, message) => {
    const raw = { ...minimal, scheduler: { policy: 'hfs', pools: [{ name: 'production', weight: 2 }, { name: 'b' }] } };
    expect(() => resolveVariant(raw, {}, [[path, value]])).toThrow(message);
  });

  it('a path through a value that is not an object says what it is', () => {
    expect(() => resolveVariant({ ...minimal, name: 'x'.repeat(60) }, {}, [['name.first', 1]])).toThrow(`name is "${'x'.repeat(39)}..., not an object`);
  });

  it('null in an override removes the field (a variant clears what its base sets)', () => {
    const raw = { ...minimal, scheduler: { policy: 'hfs', pools: [{ name: 'p' }], userMaxJobsDefault: 2 } };
    const fifo = resolveVariant(raw, { 'scheduler.policy': 'fifo', 'scheduler.pools': null, 'scheduler.userMaxJobsDefault': null, 'no.such': null }, []);
    expect(fifo.scheduler).toEqual({ policy: 'fifo' });
    expect(fifo).not.toHaveProperty('no');
    expect(parseScenario(fifo).ok).toBe(true);
  });

  it.each([
    [{ workload: { kind: 'facebook', jobs: 400_000 } }, `workload.jobs: 105640000 blocks (one map each) in all, above the limit of ${L.MAX_BLOCKS}`],
    [{ workload: { kind: 'facebook', jobs: 1_000_000, sizes: 'distribution' } }, 'workload.jobs: about'],
    [{ workload: { kind: 'generated', groups: [{ name: 'g', count: 1000, maps: 50_001, mapMs: 1 }] } }, `workload.groups: 50001000 blocks (one map each) in all, above the limit of ${L.MAX_BLOCKS}`],
    [{ workload: { kind: 'generated', groups: [{ name: 'g', count: 1_000_000, maps: 1, reduces: 11, mapMs: 1 }] } }, `workload: 11000000 reduces in all, above the limit of ${L.MAX_REDUCES}`],
    [{ workload: jobs({ mapMs: L.MAX_TIME_MS }) }, `workload.jobs[0].mapMs: a task of ${2 * L.MAX_TIME_MS} ms (slowdowns included), above the limit of ${L.MAX_TIME_MS} ms`],
    [{ cluster: { heartbeatMs: 100 }, workload: jobs({ mapMs: 1e9 }) }, 'workload.jobs[0].mapMs: a task of 2000000000 ms (slowdowns included) spans 20000000 heartbeats of 100 ms, above the limit of 1000000'],
    [{ cluster: { network: { model: 'fluid', mapOutputRatio: { io: 1e6 } } }, workload: { kind: 'generated', groups: [{ name: 'g', maps: 100, reduces: 1, mapMs: 1 }] } },
      'workload.groups[0]: a task would move 12800000000 MB (a reduce\'s shuffle: 100 maps x 128 MB x cluster.network.mapOutputRatio.io 1000000 / 1 reduce), above the limit of 2097151 MB a task'],
    // A map's own output, where no reduce's shuffle is larger: it named the job alone, not the ratio that made the MB.
    [{ cluster: { network: { model: 'fluid', mapOutputRatio: { cpu: 20_000 } } }, workload: jobs({ type: 'cpu' }) },
      'workload.jobs[0]: a task would move 2560000 MB (a map\'s output: its 128 MB block x cluster.network.mapOutputRatio.cpu 20000), above the limit of 2097151 MB a task'],
    [{ cluster: { network: { model: 'fluid', diskReadMBps: 0.001 } }, hdfs: { blockMB: 10_000 }, workload: jobs({}) },
      'cluster.network (workload.jobs[0]: 10000 MB read at 0.000250 MB/s, 10 MB written at 200 MB/s): a task of 40000001050 ms'],
    // A Facebook map computes its block at mapCpuMBps (47 days here), and reads no faster: it once ran for hours.
    [{ cluster: { network: { model: 'fluid', mapCpuMBps: { io: 0.001 } } }, hdfs: { blockMB: 4096 }, workload: { kind: 'facebook', jobs: 1, type: 'io' } },
      'cluster.network.mapCpuMBps.io (a 4096 MB block at 0.001 MB/s): a task of 4096001000 ms'],
    [{ cluster: { heartbeatMs: 100, network: { model: 'fluid', mapCpuMBps: { cpu: 0.001 } } }, workload: { kind: 'facebook', jobs: 1, type: 'mixed' } },
      'cluster.network.mapCpuMBps.cpu (a 128 MB block at 0.001 MB/s): a task of 128001000 ms spans 1280010 heartbeats'],
  ])('refuses a workload whose totals pass a limit: %j', (raw, message) => {
    const r = parseScenario(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const errors = workloadLimitErrors(r.value);
    expect(errors.some((e) => e.startsWith(message))).toBe(true);
  });

  it('times a fluid task by its own transfers: a slow disk write of a map\'s small output is no read of its block at that rate', () => {
    // A 600 MB block's map writes 0.6 MB at 0.001 MB/s: about 611 s, 6,110 heartbeats of 100 ms. It was refused as
    // 600 MB at 0.001 MB/s, 6,000,010 heartbeats; and a rack link was taken as nic / oversubscription, not nodes x that.
    const raw = { cluster: { racks: 2, nodesPerRack: 2, heartbeatMs: 100, network: { model: 'fluid', diskWriteMBps: 0.001 } }, hdfs: { blockMB: 600 }, workload: jobs({}) };
    const r = parseScenario(raw);
    expect(r.ok && workloadLimitErrors(r.value)).toEqual([]);
    const slow = parseScenario({ ...raw, cluster: { ...raw.cluster, network: { model: 'fluid', diskWriteMBps: 0.001, mapOutputRatio: { io: 200 } } } });
    expect(slow.ok && workloadLimitErrors(slow.value).join()).toMatch(/^cluster\.network \(workload\.jobs\[0\]: 600 MB read at 60\.0 MB\/s, 120000 MB written at 0\.00100 MB\/s\): a task of \d+ ms/);
  });

  it('times a fluid task on one rack by its NICs: no transfer there crosses a rack link or the core', () => {
    // A reduce's 25,600 MB shuffle at 0.01 Gbps (1.19 MB/s) takes 6 simulated hours each way. On one rack it was
    // refused as taken over a 1,000:1 uplink (0.0048 MB/s), or a 0.001 Gbps core, that nothing there crosses.
    const network = { model: 'fluid', nicGbps: 0.01, mapOutputRatio: { io: 100 } };
    const workload = { kind: 'jobs', files: [{ name: 'a', blocks: 8 }], jobs: [{ id: 'j', input: 'a', mapMs: 1000, reduces: 2 }] };
    const at = (racks: number, more: object) => {
      const r = parseScenario({ cluster: { racks, nodesPerRack: 4, heartbeatMs: 100, network: { ...network, ...more } }, hdfs: { blockMB: 64 }, workload });
      return r.ok ? workloadLimitErrors(r.value) : r.errors;
    };
    expect(at(1, { oversubscription: 1000 })).toEqual([]);
    expect(at(1, { coreGbps: 0.001 })).toEqual([]);
    expect(at(2, { oversubscription: 1000 }).join()).toMatch(/^cluster\.network \(workload\.jobs\[0\]: 25600 MB read at 0\.00477 MB\/s, 25600 MB written at 0\.00477 MB\/s\): a task of \d+ ms, above the limit/);
    expect(at(2, { coreGbps: 0.001 }).join()).toMatch(/^cluster\.network \(workload\.jobs\[0\]: 25600 MB read at 0\.119 MB\/s, 25600 MB written at 0\.119 MB\/s\): a task of \d+ ms spans \d+ heartbeats of 100 ms, above the limit/);
  });

  it('counts the slowdowns only where they apply: the flat model (a fluid map\'s time comes from the bandwidth)', () => {
    // 1.2e9 ms doubled by offRackSlowdown passes the limit; the fluid model never applies it, and ran such a map.
    const raw = { cluster: { heartbeatMs: 3_000_000 }, workload: jobs({ mapMs: 1.2e9 }) };
    const flat = parseScenario(raw);
    expect(flat.ok && workloadLimitErrors(flat.value).join()).toContain('workload.jobs[0].mapMs: a task of 2400000000 ms (slowdowns included), above the limit');
    const fluid = parseScenario({ ...raw, cluster: { ...raw.cluster, network: { model: 'fluid' } } });
    expect(fluid.ok && workloadLimitErrors(fluid.value)).toEqual([]);
  });

  it('finds no limit passed in the shipped sizes', () => {
    // The fluid model at the most racks (a fuzzing pass's 10,000 racks passed 14 GB before a rack bound its group links
    // as it used them; now they peak at 2.4 GB: src/core/limits.ts MAX_RACKS).
    const fluidRacks = { cluster: { racks: L.MAX_RACKS, nodesPerRack: 1, network: { model: 'fluid' } }, workload: { kind: 'facebook', jobs: 5 } };
    // The fluid model at the most slots: 10,000 racks of one node of 100 + 100 ran in 4.4 GB and 79 s (MAX_FLUID_SLOTS).
    const fluidSlots = { cluster: { racks: L.MAX_RACKS, nodesPerRack: 1, mapSlotsPerNode: 100, reduceSlotsPerNode: 100, network: { model: 'fluid' } }, workload: { kind: 'facebook', jobs: 5 } };
    for (const raw of [minimal, { workload: { kind: 'facebook', jobs: 7500, sizes: 'distribution', type: 'mixed' } }, { workload: jobs({ mapMs: 1e9 }) }, fluidRacks, fluidSlots]) {
      const r = parseScenario(raw);
      expect(r.ok && workloadLimitErrors(r.value)).toEqual([]);
    }
  });
});

describe('topology', () => {
  it.each([[100, 3000], [300, 3000], [600, 6000], [3000, 30000], [301, 4000]])('Hadoop heartbeat for %i nodes is %i ms', (nodes, ms) => {
    expect(hadoopHeartbeatMs(nodes)).toBe(ms);
  });

  it('derives phases from the seed, in [0, heartbeat)', () => {
    const c = { racks: 3, nodesPerRack: 5, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 };
    const a = makeTopology(c, 1);
    expect(a.heartbeatMs).toBe(3000);
    expect([...a.phaseMs].every((p) => p >= 0 && p < 3000)).toBe(true);
    expect([...makeTopology(c, 1).phaseMs]).toEqual([...a.phaseMs]);
    expect([...makeTopology(c, 2).phaseMs]).not.toEqual([...a.phaseMs]);
  });
});
