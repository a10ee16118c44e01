import { describe, expect, it } from 'vitest';
import { parseScenario, resolveVariant, setPath, variantsOf } from '../../src/core/scenario.js';
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
      policy: 'fair', delay: { mode: 'none' }, assignMultiple: true,
      pools: [], users: [], defaultSchedulingMode: 'fair', sizeBasedWeight: false, preemption: { enabled: false, intervalMs: 15000 },
      queues: [], copyComputeSplit: false, jobTypeRule: false,
    });
    expect(r.value.workload).toMatchObject({ kind: 'facebook', jobs: 100, sizes: 'benchmark', meanInterarrivalMs: 14000, type: 'io' });
  });

  it.each([
    [{ ...minimal, clutser: {} }, '(top level): unknown field "clutser"'],
    [{ ...minimal, cluster: { racks: 'four' } }, 'cluster.racks: racks must be a number'],
    [{ ...minimal, cluster: { mapSlotsPerNode: 0 } }, 'cluster.mapSlotsPerNode: mapSlotsPerNode must be at least 1'],
    [{ ...minimal, cluster: { reduceSlotsPerNode: -2 } }, 'cluster.reduceSlotsPerNode: reduceSlotsPerNode must be at least 1'],
    [{ ...minimal, cluster: { nodesPerRack: 2.5 } }, 'cluster.nodesPerRack: nodesPerRack must be a whole number'],
    [{ ...minimal, scheduler: { policy: 'lottery' } }, 'scheduler.policy: policy must be one of "fifo", "fair", "hfs", "capacity"'],
    [{ ...minimal, scheduler: { pools: [{ name: 'a', weight: 0 }] } }, 'scheduler.pools[0].weight: weight must be greater than 0'],
    [{ ...minimal, scheduler: { pools: [{ name: 'a' }, { name: 'a' }] } }, 'scheduler.pools[1].name: name "a" is used twice'],
    [{ ...minimal, scheduler: { pools: [{ name: 'a', schedulingMode: 'lifo' }] } }, 'scheduler.pools[0].schedulingMode: schedulingMode must be "fair" or "fifo"'],
    [{ ...minimal, scheduler: { queues: [{ name: 'a', capacity: 70 }, { name: 'b', capacity: 40 }] } }, 'scheduler.queues: queue capacities add up to 110%, more than 100%'],
    [{ ...minimal, scheduler: { preemption: { intervalMs: 0 } } }, 'scheduler.preemption.intervalMs: intervalMs must be at least 1'],
    [{ ...minimal, scheduler: { delay: { mode: 'skip' } } }, 'scheduler.delay.maxSkips: maxSkips must be a number'],
    [{ ...minimal, scheduler: { delay: { mode: 'sometimes' } } }, 'scheduler.delay.mode: delay.mode must be one of "none", "skip", "wait"'],
    [{}, 'workload: workload.kind must be one of "facebook", "jobs", "generated", "swim"'],
    [{ workload: { kind: 'facebook', jobs: 0 } }, 'workload.jobs: jobs must be at least 1'],
    [{ workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [] } }, 'workload.jobs: jobs must list at least one job'],
    [{ workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [{ id: 'x', input: 'b', mapMs: 1 }] } }, 'workload.jobs[0].input: input "b" names no file in workload.files'],
    [{ workload: { kind: 'generated', groups: [] } }, 'workload.groups: groups must list at least one group of jobs'],
  ])('rejects bad input with the field path: %j', (raw, message) => {
    const r = parseScenario(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContain(message);
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
