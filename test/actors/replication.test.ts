/**
 * Replication policies in whole runs (src/core/replication/): a small file that 80 jobs read, on one node's single
 * slot; the jobs wait for locality. DSBRA and popular-small copy it; no map reads a replica before its copy ends, no
 * block drops below the default, storage balances, and threads give the in-process digest.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../src/actors/inprocess.js';
import { rackScenario } from '../../src/actors/rack-actor.js';
import { COPY_STREAMS } from '../../src/core/replication/copy-streams.js';
import { MasterActor } from '../../src/actors/master-actor.js';
import { simulate } from '../../src/actors/simulate.js';
import { compare } from '../../src/cli/format.js';
import { NODE_LOCAL } from '../../src/core/locality-level.js';
import type { DynamicReplicas } from '../../src/core/replication/replicas.js';
import { delayThresholdOf } from '../../src/core/replication/dsbra.js';
import { makeTopology } from '../../src/core/topology.js';
import { compiledSimulate, loadVariant, scenario } from '../helpers.js';

function hotFile(policy: string, config: Record<string, unknown> = {}, model: 'flat' | 'fluid' = 'flat') {
  return scenario({
    name: 'hot-small', seed: 3,
    cluster: { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000, network: { model } },
    hdfs: { replication: 1, blockMB: 64 },
    scheduler: { policy: 'fair', delay: { mode: 'wait', nodeMs: 10_000, rackMs: 10_000 }, replication: { policy, config } },
    workload: {
      kind: 'jobs',
      files: [{ name: 'hot', blocks: 1 }, { name: 'cold', blocks: 1 }],
      jobs: Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, submitMs: i * 1500, input: 'hot', mapMs: 8000 })),
    },
  });
}

/** Runs in process, checking at every map launch what the master's HDFS holds. */
function audited(policy: string, config: Record<string, unknown> = {}, model: 'flat' | 'fluid' = 'flat') {
  const s = hotFile(policy, config, model);
  const launches: Array<{ nowMs: number; node: number; block: number }> = [];
  let replicas: DynamicReplicas | undefined;
  const problems: string[] = [];
  const master = new MasterActor(s, {
    timeDecisions: false,
    observer: {
      launched: (nowMs, node, job, task, locality) => {
        if (task < 0) return;
        const hdfs = replicas!;
        const block = master.scheduler.jobs[job]!.spec.blocks[task];
        if (locality === NODE_LOCAL && !hdfs.blocks.holds(block, node)) problems.push(`${nowMs}: node-local map on node ${node} without a replica of block ${block}`);
        for (let b = 0; b < hdfs.blocks.blocks; b++) if (hdfs.blocks.replicaCount(b) < s.hdfs.replication) problems.push(`${nowMs}: block ${b} below the default`);
        if (locality === NODE_LOCAL) launches.push({ nowMs, node, block });
      },
    },
  });
  replicas = master.scheduler.replicas!;
  runInProcess(master);
  const outcome = master.outcome();
  return { outcome, launches, events: replicas.events, problems, blocks: replicas.blocks };
}

describe('replication policies in a run', () => {
  it.each([['dsbra', { intervalMs: 60_000 }], ['popular-small', {}]])('%s: copies the hot block; no map reads a replica before its copy ends', (policy, config) => {
    const { outcome, launches, events, problems, blocks } = audited(policy, config);
    expect(problems).toEqual([]);
    const r = outcome.replication!;
    expect(r.replicasCreated).toBeGreaterThan(0);
    expect(r.bytesCopiedMB).toBe(64 * r.replicasCreated);
    // Every node-local read on a node that got a copy came after that copy ended (and before a removal from it).
    for (const e of events.filter((x) => x.kind === 'copy')) {
      const removed = events.find((x) => x.kind === 'remove' && x.block === e.block && x.node === e.node && x.startMs >= e.endMs)?.startMs ?? Infinity;
      const before = events.filter((x) => x.block === e.block && x.node === e.node && x.endMs <= e.startMs).length;
      if (before > 0) continue; // the node held it before (not in this workload: no removal precedes a copy here)
      for (const l of launches.filter((x) => x.block === e.block && x.node === e.node)) {
        expect(l.nowMs).toBeGreaterThanOrEqual(e.endMs);
        expect(l.nowMs).toBeLessThanOrEqual(removed);
      }
    }
    expect(launches.some((l) => events.some((e) => e.kind === 'copy' && e.node === l.node && e.block === l.block))).toBe(true);
    // Storage balances: static + created - deleted = replicas held at the end.
    let held = 0;
    for (let b = 0; b < blocks.blocks; b++) held += blocks.replicaCount(b);
    expect(r.storage.staticReplicas + r.replicasCreated - r.replicasDeleted).toBe(held);
    expect(r.storage.peakOverheadPct).toBeGreaterThan(0);
    expect(outcome.jobs.every((j) => typeof j.delayWaitMs === 'number')).toBe(true);
    expect(r.delayWaitMs.total).toBe(outcome.jobs.reduce((a, j) => a + j.delayWaitMs!, 0));
  });

  it('against static replication: node locality rises and delay waiting falls', async () => {
    const fixed = await simulate(hotFile('static'), { timeDecisions: false });
    expect(fixed.replication!.replicasCreated).toBe(0);
    expect(fixed.replication!.storage.peakOverheadPct).toBe(0);
    for (const policy of ['dsbra', 'popular-small']) {
      const dynamic = await simulate(hotFile(policy), { timeDecisions: false });
      expect(dynamic.summary.locality.node).toBeGreaterThan(fixed.summary.locality.node);
      expect(dynamic.replication!.delayWaitMs.total).toBeLessThan(fixed.replication!.delayWaitMs.total);
    }
  });

  it.each(['dsbra', 'popular-small'])('%s: threads give the in-process digest', async (policy) => {
    const s = hotFile(policy);
    const inProcess = await simulate(s, { timeDecisions: false });
    const threads = await (await compiledSimulate())(s, { runtime: 'threads', workers: 2, timeDecisions: false });
    expect(threads.digest).toBe(inProcess.digest);
    expect(threads.replication).toEqual(inProcess.replication);
  });

  it('dsbra.json (one rack, the wait gate): no read waits past D and one heartbeat gap, so X_i <= 1.2 and no block is replicated', async () => {
    const s = loadVariant('dsbra.json', 'delay + DSBRA');
    const topology = makeTopology(s.cluster, s.seed);
    const D = delayThresholdOf(s, topology.heartbeatMs);
    const phases = [...topology.phaseMs].sort((a, b) => a - b);
    let gap = topology.heartbeatMs - phases.at(-1)! + phases[0];
    for (let i = 1; i < phases.length; i++) gap = Math.max(gap, phases[i] - phases[i - 1]);
    expect(gap).toBeLessThan(0.4 * D); // so (1 + (D + gap) / D) / 2 < 1.2
    const r = await simulate(s, { timeDecisions: false });
    const c = r.replication!.counts!;
    expect(c.xMax).toBeLessThanOrEqual((1 + (D + gap) / D) / 2);
    expect(c.rfMax).toBeLessThan(0.4); // RF <= X_max / 3 (test/core/replication/dsbra.test.ts)
    expect(c.delayedReads).toBeGreaterThan(0);
    expect(c).toMatchObject({ reads: r.jobs.reduce((a, j) => a + j.maps, 0), roundsAboveFloor: 0, hotDecisions: 0 });
    expect(r.replication!.replicasCreated).toBe(0);
    // The CLI prints the counts under its replication table.
    expect(compare('dsbra', [r])).toContain(`dsbra : rounds ${c.rounds}, roundsAboveFloor 0, reads ${c.reads}, delayedReads ${c.delayedReads}, xMax ${c.xMax}, rfMax ${c.rfMax}, gAvgMax ${c.gAvgMax}, hotDecisions 0, coldDecisions 0`);
  });

  it("skip gate: D is the time charged for maxSkips skips (maxSkips x H / nodes), so a read that spent its skips counts about D", async () => {
    // One rack of four one-slot nodes (heartbeats at 221, 569, 579, 585 ms of each second), the hot block on node 0
    // only; a, b and c read it at 0. a runs on node 0 at 221; b and c are skipped at 569, 579, 585 and 1569 (node 0
    // is busy at 1221, so no skip there), each charged the gap to the cluster's next heartbeat: 10 + 6 + 636 + 10 =
    // 662 ms for its 4 skips; then b runs on node 1 at 1579, c on node 2 at 1585. Round 1 (30 s), block 0: N = 3,
    // M = 2, DT = 1324, D = 4 x 1000 / 4 = 1000: X = (2/3 + 1324 / 3000) / 2 = 0.554. D was 4 x 1000 (maxSkips
    // heartbeat intervals), in units the skips are not charged in: X = 0.3885, and a read that spent all its skips
    // counted as delayed by 1/nodes of D at most.
    const s = scenario({
      name: 'skip-d', seed: 1,
      cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 },
      hdfs: { replication: 1, blockMB: 64 },
      tasks: { durationJitter: 0, rackLocalSlowdown: 1, offRackSlowdown: 1 },
      scheduler: { policy: 'fair', delay: { mode: 'skip', maxSkips: 4 }, replication: { policy: 'dsbra', config: { intervalMs: 30_000 } } },
      workload: {
        kind: 'jobs',
        files: [{ name: 'hot', blocks: 1, replicas: [[0]] }, { name: 'c1', blocks: 1, replicas: [[1]] }],
        jobs: [
          ...['a', 'b', 'c'].map((id) => ({ id, submitMs: 0, input: 'hot', mapMs: 10_000 })),
          { id: 'z', submitMs: 40_000, input: 'c1', mapMs: 1000 }, // after round 1: the run reaches it
        ],
      },
    });
    const topology = makeTopology(s.cluster, s.seed);
    expect([...topology.phaseMs]).toEqual([221, 579, 585, 569]);
    expect(delayThresholdOf(s, topology.heartbeatMs)).toBe(1000);
    const r = await simulate(s, { timeDecisions: false });
    expect(r.jobs.map((j) => [j.id, j.delayWaitMs])).toEqual([['a', 0], ['b', 662], ['c', 662], ['z', 358]]);
    expect(r.replication!.counts).toMatchObject({ rounds: 1, reads: 4, delayedReads: 3, xMax: 0.554 });
  });

  it.each([['dsbra', { intervalMs: 60_000 }], ['popular-small', {}]])('fluid model, %s: each copy is a transfer on the hardware, readable only once reported; its bytes cross the links', async (policy, config) => {
    const { outcome, launches, events, problems } = audited(policy, config, 'fluid');
    expect(problems).toEqual([]);
    const r = outcome.replication!;
    const copies = events.filter((e) => e.kind === 'copy');
    expect(copies.length).toBe(r.replicasCreated);
    expect(r.replicasCreated).toBeGreaterThan(0);
    const s = hotFile(policy, config, 'fluid');
    const perRack = s.cluster.nodesPerRack;
    // 64 MB from one disk's stream (240 MB/s of disks / 4: 60 MB/s) takes 1,067 ms, reported at a heartbeat after.
    for (const c of copies) expect(c.endMs - c.startMs).toBeGreaterThanOrEqual(Math.ceil((64 / 60) * 1000));
    expect(r.copyMs).toBe(Math.round(copies.reduce((a, c) => a + c.endMs - c.startMs, 0) / copies.length));
    for (const c of copies) {
      for (const l of launches.filter((x) => x.block === c.block && x.node === c.node)) expect(l.nowMs).toBeGreaterThanOrEqual(c.endMs);
    }
    // The source racks served every cross-rack read: the off-rack maps' and the cross-rack copies' (64 MB each).
    const crossCopies = copies.filter((c) => Math.floor(c.src / perRack) !== Math.floor(c.node / perRack)).length;
    const offRackMaps = outcome.jobs.reduce((a, j) => a + j.offRackMaps, 0);
    expect(outcome.network!.servedMB).toBe(64 * (offRackMaps + crossCopies));
    expect(outcome.network!.readMB).toBe(64 * outcome.jobs.reduce((a, j) => a + j.maps, 0)); // the maps' inputs alone
  });

  it.each(['dsbra', 'popular-small'])('fluid model, %s: threads and the codec give the in-process digest', async (policy) => {
    const s = hotFile(policy, {}, 'fluid');
    const inProcess = await simulate(s, { timeDecisions: false });
    expect(inProcess.replication!.replicasCreated).toBeGreaterThan(0);
    const threads = await (await compiledSimulate())(s, { runtime: 'threads', workers: 2, timeDecisions: false });
    expect(threads.digest).toBe(inProcess.digest);
    expect((await simulate(s, { timeDecisions: false, codec: true })).digest).toBe(inProcess.digest);
  });

  it("maxReplicas in the results is the bound applied: hdfs.maxReplicas (default 16), at most the nodes, never below hdfs.replication (README read 'as given')", async () => {
    const run = async (hdfs: Record<string, number>) => {
      const s = hotFile('popular-small');
      return (await simulate({ ...s, hdfs: { ...s.hdfs, ...hdfs } }, { timeDecisions: false })).replication!;
    };
    // 4 nodes: the hot block reaches all 4, whether maxReplicas is left out (16) or written 10
    for (const r of [await run({}), await run({ maxReplicas: 10 })]) {
      expect(r.maxReplicas).toBe(4);
      expect(r.storage.peakOverheadPct).toBe(150); // 2 blocks of 1 replica; the hot one gains 3
    }
    expect((await run({ maxReplicas: 2 })).maxReplicas).toBe(2);
  });

  it('a fluid rack keeps copy slots only under a policy that copies: none under "static" (it never used its 2 a node), none with no policy or on the flat model', () => {
    const slots = (policy: string | undefined, model: 'flat' | 'fluid') => {
      const s = hotFile(policy ?? 'static', {}, model);
      const { replication: _r, ...scheduler } = s.scheduler;
      return rackScenario(policy === undefined ? { ...s, scheduler } : s).copySlots;
    };
    expect(['dsbra', 'popular-small', 'static', undefined].map((p) => [slots(p, 'fluid'), slots(p, 'flat')])).toEqual([[COPY_STREAMS, 0], [COPY_STREAMS, 0], [0, 0], [0, 0]]);
  });

  it('no replication policy: no replication section, no delayWaitMs (existing results unchanged)', async () => {
    const s = hotFile('static');
    const { replication: _r, ...scheduler } = s.scheduler;
    const plain = await simulate({ ...s, scheduler }, { timeDecisions: false });
    expect(plain.replication).toBeUndefined();
    expect(plain.jobs[0].delayWaitMs).toBeUndefined();
  });
});
