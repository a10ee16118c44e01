/**
 * The differential harness (property.ts): a fixed-seed budget of generated scenarios, each checked by check.ts;
 * and the harness itself, shown to find and shrink a failure. `npm run harness -- --minutes N` is the long mode.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { parseScenario } from '../../src/core/scenario.js';
import { compiledSimulate, scenario } from '../helpers.js';
import { checkScenario, unpreemptableKills } from './check.js';
import { localityAudit } from './locality-audit.js';
import { poolCapsAudit } from './pool-caps.js';
import type { ScenarioSpec } from './generate.js';
import { coverageOf } from './coverage.js';
import { describeFailure, runHarness, scenarioOf } from './property.js';
import fc from 'fast-check';
import { scenarioSpec, traceFile } from './generate.js';

const threadsSimulate = await compiledSimulate();

describe('differential harness', () => {
  it('44 generated scenarios keep the invariants and give one digest every way they run (seed 20261134)', async () => {
    const seen = { kills: 0, threads: 0, fluid: 0, flat: 0, longTasks: 0, replication: 0, placed: 0, guarded: 0, capacityPreemption: 0, userLimitChecked: 0, userLimitReached: 0,
      policies: new Set<string>(), workloads: new Set<string>(), delays: new Set<string>() };
    const report = await runHarness({
      seed: 20261134, runs: 44, threadsEvery: 8,
      check: (s, o) => checkScenario(s, { ...o, threadsSimulate }),
      onRun: (spec: ScenarioSpec, { kills, userLimit }) => {
        if (kills > 0) seen.kills++;
        seen.userLimitChecked += userLimit?.checked ?? 0;
        seen.userLimitReached += userLimit?.atLimit ?? 0;
        if (spec.seed % 8 === 0) seen.threads++;
        if (spec.network?.model === 'fluid') seen.fluid++;
        if (spec.network?.model === 'flat') seen.flat++;
        if (spec.scheduler.longTasks !== undefined) seen.longTasks++;
        if (spec.scheduler.replication !== undefined) seen.replication++;
        // counted only where each check looks (coverage.ts)
        const reached = coverageOf(spec);
        if (reached.placed) seen.placed++;
        if (reached.guarded) seen.guarded++;
        if (reached.capacityPreemption) seen.capacityPreemption++;
        seen.policies.add(spec.scheduler.policy);
        seen.workloads.add(spec.workload.kind);
        seen.delays.add(spec.scheduler.delay.mode);
      },
    });
    expect(report.failure === undefined ? '' : describeFailure(report.failure)).toBe('');
    expect(report.runs).toBe(44);
    // the budget reaches every policy, workload kind and delay mode, preemption's kills, the fluid network, the flat
    // one's job set-up and clean-up delays, long-task balancing, replication policies, and the threads runtime;
    expect([...seen.policies].sort()).toEqual(['capacity', 'fair', 'fifo', 'hfs', 'offers', 'quincy']);
    expect([...seen.workloads].sort()).toEqual(['facebook', 'generated', 'jobs', 'sls', 'swim']);
    expect([...seen.delays].sort()).toEqual(['none', 'skip', 'wait']);
    expect(seen.kills).toBeGreaterThan(0);
    expect(seen.threads).toBeGreaterThan(0);
    expect(seen.fluid).toBeGreaterThan(0);
    expect(seen.flat).toBeGreaterThan(0);
    expect(seen.longTasks).toBeGreaterThan(0);
    expect(seen.replication).toBeGreaterThan(0);
    // hand-placed replicas, a pool preemption may not take from, preemption under capacity; launches the capacity
    // user-limit audit checked, some of them taking a user to its limit (one more would have failed)
    expect(seen.placed).toBeGreaterThan(0);
    expect(seen.guarded).toBeGreaterThan(0);
    expect(seen.capacityPreemption).toBeGreaterThan(0);
    expect(seen.userLimitChecked).toBeGreaterThan(0);
    expect(seen.userLimitReached).toBeGreaterThan(0);
  });

  it('finds a failing scenario and shrinks it to a small valid scenario, printed as JSON', async () => {
    // a stand-in defect: any run with a reduce on a cluster of more than one node "fails"; a seed whose shrunk scenario
    // lists its jobs (seed 7 shrank to an SLS one once the generator drew the "hadoop" options, its trace printed after)
    const report = await runHarness({
      seed: 8, runs: 200, threadsEvery: 0,
      check: async (s) => {
        const w = s.workload;
        const reduces = w.kind === 'jobs' ? w.jobs.some((j) => j.reduces > 0) : w.kind === 'generated' ? w.groups.some((g) => g.reduces > 0) : false;
        return { digest: '', kills: 0, failures: reduces && s.cluster.racks * s.cluster.nodesPerRack > 1 ? ['a reduce ran'] : [] };
      },
    });
    const f = report.failure!;
    expect(f.failures).toEqual(['a reduce ran']);
    expect(f.shrinks).toBeGreaterThan(0);
    const printed = describeFailure(f);
    const json = JSON.parse(printed.slice(printed.indexOf('\n{') + 1)) as Record<string, unknown>;
    const parsed = parseScenario(json);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const s = parsed.value;
    expect(s.cluster.racks * s.cluster.nodesPerRack).toBe(2); // the smallest cluster that still fails
    const w = s.workload;
    const reduces = w.kind === 'jobs' ? w.jobs.map((j) => j.reduces) : w.kind === 'generated' ? w.groups.map((g) => g.reduces * g.count) : [];
    expect(reduces.reduce((a, b) => a + b, 0)).toBe(1); // one reduce in all
    expect(reduces.length).toBeLessThanOrEqual(2); // the job with it, and at most one the shrink could not drop alone
  });
});

describe('pool caps audit (pool-caps.ts)', () => {
  const capped = (maxMaps: number) => scenario({
    cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    scheduler: { policy: 'hfs', pools: [{ name: 'p', maxMaps }] },
    workload: { kind: 'generated', groups: [{ name: 'a', pool: 'p', maps: 20, mapMs: 10_000 }, { name: 'b', maps: 20, mapMs: 10_000 }] },
  });

  it.each([[3, 3, undefined], [3, 2, 'pool p runs 3 maps, over its cap of 2'], [4, 3, 'pool p runs 4 maps, over its cap of 3']])('a run capped at %i, audited against a cap of %i', async (run, audited, first) => {
    const audit = poolCapsAudit(capped(audited));
    const r = await simulate(capped(run), { observer: audit.observer, timeDecisions: false });
    expect(audit.failures(r.jobs)[0]).toBe(first);
  });

  const parentCapped = (maxMaps: number) => scenario({
    cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    scheduler: { policy: 'hfs', parentPools: [{ name: 'P', maxMaps }], pools: [{ name: 'p', parent: 'P' }, { name: 'q', parent: 'P' }] },
    workload: { kind: 'generated', groups: [{ name: 'a', pool: 'p', maps: 20, mapMs: 10_000 }, { name: 'b', pool: 'q', maps: 20, mapMs: 10_000 }, { name: 'c', maps: 20, mapMs: 10_000 }] },
  });

  it.each([[4, 4, undefined], [4, 3, 'pool P runs 4 maps, over its cap of 3']])('a parent pool capped at %i over two pools, audited against a cap of %i', async (run, audited, first) => {
    const audit = poolCapsAudit(parentCapped(audited));
    const r = await simulate(parentCapped(run), { observer: audit.observer, timeDecisions: false });
    expect(audit.failures(r.jobs)[0]).toBe(first);
  });
});

describe('locality audit of hand-placed replicas (locality-audit.ts)', () => {
  // 2 racks of 2 nodes; every block of f on node 0 (rack 0): maps on node 0 are node-local, on node 1 rack-local, on 2 and 3 off-rack
  const placed = (node: number) => scenario({
    cluster: { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    hdfs: { replication: 1 },
    workload: { kind: 'jobs', files: [{ name: 'f', blocks: 8, replicas: Array.from({ length: 8 }, () => [node]) }], jobs: [{ id: 'a', input: 'f', mapMs: 10_000 }] },
  });

  it('passes a run audited against its own replicas, and names a map whose reported locality another placement contradicts', async () => {
    const own = localityAudit(placed(0));
    const r = await simulate(placed(0), { observer: own.observer, timeDecisions: false });
    expect(r.jobs[0].offRackMaps).toBeGreaterThan(0); // no delay: the maps spread over both racks
    expect(own.failures(r.jobs)).toEqual([]);
    const moved = localityAudit(placed(3));
    await simulate(placed(0), { observer: moved.observer, timeDecisions: false });
    expect(moved.failures(r.jobs)[0]).toMatch(/^job a map \d+ on node \d reported (node-local|rack-local|off-rack); its block's replicas \[3\] make it (node-local|rack-local|off-rack)$/);
  });
});

describe('no kills from a pool preemption may not take from (check.ts)', () => {
  // pool a fills the cluster; b arrives with a min share and a 1 s timeout, so preemption takes from a
  const run = (preemptable?: boolean) => scenario({
    cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    scheduler: { policy: 'hfs', pools: [{ name: 'a', preemptable }, { name: 'b', minMaps: 4, minSharePreemptionTimeoutMs: 1000 }], preemption: { enabled: true, intervalMs: 1000 } },
    workload: { kind: 'generated', groups: [{ name: 'a', pool: 'a', maps: 40, mapMs: 60_000 }, { name: 'b', pool: 'b', maps: 8, mapMs: 5000, startMs: 10_000 }] },
  });

  it('names the pool when a run kills its tasks, and passes a run that spares them', async () => {
    const killing = await simulate(run(), { timeDecisions: false });
    expect(killing.summary.killedTasks).toBeGreaterThan(0);
    expect(unpreemptableKills(run(), killing.pools!)).toEqual([]);
    expect(unpreemptableKills(run(false), killing.pools!)).toEqual([`pool a is not preemptable, yet ${killing.summary.killedTasks} of its tasks were killed`]);
    const spared = await simulate(run(false), { timeDecisions: false });
    expect(spared.summary.killedTasks ?? 0).toBe(0);
    expect(unpreemptableKills(run(false), spared.pools!)).toEqual([]);
  });
});

describe('trace workloads', () => {
  it('writes a SWIM and an SLS trace from the seed and reads them back as `hfsim run` does', () => {
    const specs = fc.sample(scenarioSpec, { seed: 5, numRuns: 200 });
    const swim = specs.find((s) => s.workload.kind === 'swim' && s.workload.paths && s.scheduler.policy === 'hfs')!;
    const sls = specs.find((s) => s.workload.kind === 'sls' && s.scheduler.policy === 'capacity')!;
    const a = scenarioOf(swim);
    const b = scenarioOf(sls);
    if (!a.ok || !b.ok) throw new Error(JSON.stringify([a, b]));
    // the same spec writes the same trace; its rows come back in order, jobs filed under the pools hfs lists
    expect(traceFile(swim)).toEqual(traceFile(swim));
    const rows = traceFile(swim)!.text.trimEnd().split('\n');
    expect(a.trace!.ids).toEqual(rows.map((r) => r.split('\t')[0]));
    expect(a.scenario.workload.kind).toBe('swim');
    const listed = a.scenario.scheduler.pools.map((p) => p.name);
    expect(listed.every((n) => /^(bin\d|user\d|default)$/.test(n))).toBe(true);
    // an SLS trace becomes a jobs workload, each map's host its block's one listed replica
    expect(b.scenario.workload.kind).toBe('jobs');
    if (b.scenario.workload.kind !== 'jobs') return;
    expect(b.scenario.workload.files.every((f) => f.replicas?.every((r) => r.length === 1))).toBe(true);
    const queues = new Set([...b.scenario.scheduler.queues.map((q) => q.name), 'default']);
    expect(b.scenario.workload.jobs.every((j) => queues.has(j.pool ?? 'default'))).toBe(true);
  });

  it('prints a failing trace scenario with its trace', () => {
    const printed = describeFailure({ seed: 1, path: '0', scenario: { workload: { kind: 'swim', trace: 'trace.tsv' } }, trace: { name: 'trace.tsv', text: 'job0\t0\t0\t1\t0\t0\n' }, failures: ['x'], shrinks: 0, shrinkStopped: false });
    expect(printed).toContain('its trace, trace.tsv (save it beside the scenario):\njob0\t0\t0\t1\t0\t0');
  });
});

describe('pools under offers', () => {
  it('are the pools jobs name, the frameworks of frameworks "pool": offers reads no pool configuration, and refuses one', () => {
    const raw = { name: 'o', cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
      scheduler: { policy: 'offers', policyConfig: { frameworks: 'pool' } }, workload: { kind: 'generated', groups: [{ name: 'g', maps: 2, mapMs: 1000, pool: 'p0' }] } };
    expect(parseScenario(raw).ok).toBe(true);
    const configured = parseScenario({ ...raw, scheduler: { ...raw.scheduler, pools: [{ name: 'p0', weight: 2 }] } });
    expect(configured.ok ? [] : configured.errors).toEqual([expect.stringContaining('policy "offers" ignores pools')]);
  });
});
