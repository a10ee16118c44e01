/** Resource offers (SPEC.md 3.9, src/core/policies/offers.ts): fair order, declining, refusal, and whole runs. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { compare } from '../../src/cli/format.js';
import type { LaunchPort, MapSlots } from '../../src/core/framework/map-assignment.js';
import { nodeId, rackId } from '../../src/core/ids.js';
import type { Job } from '../../src/core/job.js';
import type { Locality } from '../../src/core/locality-level.js';
import { OfferRound, type OffersConfig } from '../../src/core/policies/offers.js';
import { parseScenario } from '../../src/core/scenario.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';
import { jobsScenario, loadVariant } from '../helpers.js';

interface FakeJob { id: string; pool?: string; running?: number; submitMs?: number }

const jobsOf = (list: FakeJob[]): Job[] => list.map((j, index) => ({
  index, runningMaps: j.running ?? 0, pendingMaps: 10,
  spec: { id: j.id, pool: j.pool ?? j.id, submitMs: j.submitMs ?? 0, priority: 'NORMAL' },
}) as unknown as Job);

/** A port over `free` slots where job id -> the slots it will take on this node (its delay lets it); logs each offer. */
function port(jobs: Job[], free: number, takes: Record<string, number>, log: string[]): LaunchPort {
  const left = { ...takes };
  const p = {
    jobs,
    free,
    offer(job: Job): Locality | -1 {
      log.push(job.spec.id);
      if (p.free <= 0 || (left[job.spec.id] ?? 0) <= 0) return -1;
      left[job.spec.id]--;
      p.free--;
      return 0;
    },
    launch: () => -1 as const,
  };
  return p;
}

const slots = (node = 0, nowMs = 0): MapSlots => ({ node: nodeId(node), rack: rackId(0), nowMs });
const round = (config: Partial<OffersConfig> = {}) => new OfferRound({ frameworks: 'job', inner: 'fair', refuseMs: 0, ...config }, 4);

describe('fair order of frameworks', () => {
  it.each([
    { jobs: [{ id: 'a', running: 3 }, { id: 'b', running: 1 }, { id: 'c', running: 2 }], order: ['b', 'c', 'a'] },
    { jobs: [{ id: 'a', running: 1, submitMs: 50 }, { id: 'b', running: 1, submitMs: 10 }], order: ['b', 'a'] }, // ties: earliest submit
    { jobs: [{ id: 'b', running: 0 }, { id: 'a', running: 0 }], order: ['a', 'b'] }, // then the name
  ])('jobs as frameworks: $order', ({ jobs, order }) => {
    expect(round().frameworks(jobsOf(jobs)).map((f) => f.name)).toEqual(order);
  });

  it.each([
    // pools: the sum of their jobs' running maps
    { jobs: [{ id: 'a1', pool: 'A', running: 2 }, { id: 'a2', pool: 'A', running: 2 }, { id: 'b1', pool: 'B', running: 3 }], order: ['B', 'A'] },
    { jobs: [{ id: 'a1', pool: 'A', running: 1 }, { id: 'b1', pool: 'B', running: 0 }, { id: 'b2', pool: 'B', running: 1 }], order: ['A', 'B'] },
  ])('pools as frameworks: $order', ({ jobs, order }) => {
    expect(round({ frameworks: 'pool' }).frameworks(jobsOf(jobs)).map((f) => f.name)).toEqual(order);
  });
});

describe('pools as frameworks: a pool\'s running maps', () => {
  it('count its jobs with no maps left to launch (the map queue lists none of them: the pool looked less loaded)', () => {
    const r = round({ frameworks: 'pool' });
    const [a1, a2, b1] = jobsOf([{ id: 'a1', pool: 'A', running: 0 }, { id: 'a2', pool: 'A', running: 0 }, { id: 'b1', pool: 'B', running: 0 }]);
    expect(r.frameworks([a1, a2, b1]).map((f) => f.name)).toEqual(['A', 'B']);
    // a1 launched its one map: it leaves the map queue, and still holds a slot of A's
    Object.assign(a1, { pendingMaps: 0, runningMaps: 1 });
    Object.assign(b1, { runningMaps: 0 });
    expect(r.frameworks([a2, b1]).map((f) => f.name)).toEqual(['B', 'A']);
    // its map done: it counts no more
    Object.assign(a1, { runningMaps: 0 });
    expect(r.frameworks([a2, b1]).map((f) => f.name)).toEqual(['A', 'B']);
  });

  it('a whole run shares as hfs does: one long map in pool A, 10 short ones each in A and B, 4 slots (A took 3 of 4: its jobs finished swapped)', async () => {
    const jobs = [{ id: 'a1', pool: 'A', input: 'fa', mapMs: 100_000, reduces: 0 }, { id: 'b1', pool: 'B', input: 'fb', mapMs: 10_000, reduces: 0 }, { id: 'a2', pool: 'A', input: 'fc', mapMs: 10_000, reduces: 0 }];
    const finish = async (scheduler: object) => {
      const parsed = parseScenario({ seed: 1, cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 }, hdfs: { replication: 4 }, tasks: { durationJitter: 0 }, scheduler: { delay: { mode: 'none' }, ...scheduler },
        workload: { kind: 'jobs', files: [{ name: 'fa', blocks: 1 }, { name: 'fb', blocks: 10 }, { name: 'fc', blocks: 10 }], jobs } });
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      return Object.fromEntries((await simulate(parsed.value, { timeDecisions: false })).jobs.map((j) => [j.id, j.finishMs]));
    };
    const offers = await finish({ policy: 'offers', policyConfig: { frameworks: 'pool' } });
    expect([offers.b1, offers.a2]).toEqual([61_756, 85_739]);
    const hfs = await finish({ policy: 'hfs' });
    expect([hfs.b1, hfs.a2]).toEqual([offers.b1, offers.a2]);
  });
});

describe('an offer round', () => {
  it.each([
    // free slots, what each job's delay lets it take here: who is offered, in order, and who launched
    // offers: frameworks offered the slots (each once, however many it takes)
    { free: 2, takes: { a: 2, b: 2 }, offered: ['a', 'a'], offers: 1, declines: 0 }, // the first framework takes the whole offer
    { free: 3, takes: { a: 1, b: 5 }, offered: ['a', 'a', 'b', 'b'], offers: 2, declines: 0 }, // a takes 1, the rest goes to b
    { free: 2, takes: { b: 1 }, offered: ['a', 'b', 'b', 'c'], offers: 3, declines: 2 }, // a declines (waits for locality), b takes 1, c declines
    { free: 1, takes: {}, offered: ['a', 'b', 'c'], offers: 3, declines: 3 },
  ] as Array<{ free: number; takes: Record<string, number>; offered: string[]; offers: number; declines: number }>)("$free slots, takes $takes: offered $offered", ({ free, takes, offered, offers, declines }) => {
    const r = round();
    const log: string[] = [];
    r.assign(slots(), port(jobsOf([{ id: 'a' }, { id: 'b' }, { id: 'c' }]), free, takes, log));
    expect(log).toEqual(offered);
    expect(r.counts()).toEqual({ rounds: 1, offers, declines });
  });

  it('a framework that declined a node is not offered it again for refuseMs; other nodes still are', () => {
    const r = round({ refuseMs: 5000 });
    const jobs = jobsOf([{ id: 'a' }]);
    const offered = (node: number, nowMs: number) => {
      const log: string[] = [];
      r.assign(slots(node, nowMs), port(jobs, 1, {}, log));
      return log.length;
    };
    expect(offered(0, 0)).toBe(1); // declined at 0
    expect(offered(0, 3000)).toBe(0); // refused until 5000
    expect(offered(1, 3000)).toBe(1); // another node
    expect(offered(0, 5000)).toBe(1); // offered again
    // the round at 3000 on node 0 offered to no framework, and counts (README: rounds are not heartbeats with an offer)
    expect(r.counts()).toEqual({ rounds: 4, offers: 3, declines: 3 });
  });

  it('a framework\'s filters are held while any lasts, and dropped once all have expired (a node-long array each)', () => {
    // 400 jobs on 50,000 nodes, one after another 10 s apart, each declining one node once: a Float64Array of the nodes
    // per framework that ever declined kept 400 x 400 KB = 160 MB to the run's end (7,500 jobs on 3,000 nodes: 328 MB
    // of RSS against 160 MB); now only the frameworks whose filters have not all expired are held
    const nodes = 50_000;
    const r = new OfferRound({ frameworks: 'job', inner: 'fair', refuseMs: 5000 }, nodes);
    let most = 0;
    for (let i = 0; i < 400; i++) {
      r.assign(slots(i % nodes, i * 10_000), port(jobsOf([{ id: `j${i}` }]), 1, {}, []));
      most = Math.max(most, r.heldFilters());
    }
    expect(r.counts().declines).toBe(400);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('a sweep keeps every framework with a filter still running, and its filters still refuse', () => {
    // a declines node 0 at 0 (until 5000) and node 1 at 4000 (until 9000); b declines node 2 at 1000 (until 6000).
    // At 6000 the sweep drops b (all expired) and keeps a, whose filter on node 1 still refuses until 9000.
    const r = round({ refuseMs: 5000 });
    const a = jobsOf([{ id: 'a' }]);
    const b = jobsOf([{ id: 'b' }]);
    const offered = (jobs: Job[], node: number, nowMs: number) => {
      const log: string[] = [];
      r.assign(slots(node, nowMs), port(jobs, 1, {}, log));
      return log.length;
    };
    expect(offered(a, 0, 0)).toBe(1);
    expect(offered(b, 2, 1000)).toBe(1);
    expect(offered(a, 1, 4000)).toBe(1);
    expect(r.heldFilters()).toBe(2);
    expect(offered(a, 1, 6000)).toBe(0); // swept at 6000: a kept, still refusing node 1
    expect(r.heldFilters()).toBe(1);
    expect(offered(a, 0, 6000)).toBe(1); // a's filter on node 0 expired at 5000
    expect(offered(b, 2, 6000)).toBe(1); // b's expired and dropped: offered
    expect(offered(a, 1, 9000)).toBe(1);
  });

  it('a pool framework fills slots from its jobs in its inner order', () => {
    const r = round({ frameworks: 'pool', inner: 'fifo' });
    const log: string[] = [];
    const jobs = jobsOf([{ id: 'p2', pool: 'P', submitMs: 20 }, { id: 'p1', pool: 'P', submitMs: 10 }, { id: 'q1', pool: 'Q', running: 5 }]);
    r.assign(slots(), port(jobs, 3, { p1: 1, p2: 1, q1: 1 }, log));
    expect(log).toEqual(['p1', 'p1', 'p2', 'p1', 'p2', 'q1']);
  });
});

describe('a refuse filter as long as the stall window', () => {
  // Frameworks that declined every node were offered none for that long: the run stopped as "stalled" (exit 1, naming no
  // cause) or, just below, crawled. At heartbeats of 3 s the window is 100,000 x 3,000 ms.
  const scenario = (refuseMs: number) => parseScenario({
    name: 'refuse', cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    scheduler: { policy: 'offers', policyConfig: { frameworks: 'pool', refuseMs }, delay: { mode: 'wait', nodeMs: 5000, rackMs: 5000 } },
    workload: { kind: 'facebook', jobs: 4 },
  });

  it('is refused before the run, naming the field, the intervals it spans and the most it may be', () => {
    const below = scenario(299_999_999);
    expect(below.ok && workloadLimitErrors(below.value)).toEqual([]);
    const at = scenario(300_000_000);
    expect(at.ok && workloadLimitErrors(at.value)).toEqual(['scheduler.policyConfig.refuseMs: policy "offers": a refuse filter of 300000000 ms spans 100000 heartbeat intervals of 3000 ms, '
      + 'at least the 100000 with nothing launched after which a run is stopped as stalled (frameworks that declined every node would be offered none for that long): write less than 300000000 ms (Mesos\' refuse_seconds default is 5 s)']);
  });
});

describe('whole runs: offers.json', () => {
  it('frameworks that decline come within 3 points of the central delay scheduler; without declining they fall far behind', async () => {
    const node = async (variant: string) => (await simulate(loadVariant('offers.json', variant), { timeDecisions: false })).summary.locality.node;
    const central = await node('Central fair + delay');
    for (const v of ['Offers, jobs as frameworks', 'Offers, pools as frameworks', 'Offers, pools, refuse 5 s']) expect(Math.abs(await node(v) - central), v).toBeLessThan(0.03);
    expect(await node('Offers, jobs, no delay')).toBeLessThan(central - 0.05);
  });

  it('the results count offer rounds, offers and declines (maps only), in the JSON and the text table', async () => {
    const run = (variant: string) => simulate(loadVariant('offers.json', variant), { timeDecisions: false, variant });
    const [central, declining, eager] = await Promise.all(['Central fair + delay', 'Offers, jobs as frameworks', 'Offers, jobs, no delay'].map(run));
    expect(central.mapAssignment).toBe(undefined);
    const maps = declining.jobs.reduce((a, j) => a + j.maps, 0);
    const c = declining.mapAssignment!;
    expect(c.policy).toBe('offers');
    expect(c.counts.declines).toBeGreaterThan(0); // frameworks wait for locality
    // Every accepted offer launched at least one map, and every map was launched by an accepted offer in some round.
    expect(c.counts.offers - c.counts.declines).toBeLessThanOrEqual(maps);
    expect(c.counts.offers - c.counts.declines).toBeGreaterThanOrEqual(Math.ceil(maps / declining.config.cluster.mapSlotsPerNode));
    expect(c.counts.rounds).toBeGreaterThanOrEqual(c.counts.offers - c.counts.declines);
    // Without delay the first framework offered always launches: no declines.
    expect(eager.mapAssignment!.counts.declines).toBe(0);
    const text = compare('offers', [central, declining]);
    expect(text).toContain('Map assignment (maps only: reduces go to jobs in fair order)');
    expect(text).toMatch(new RegExp(`Offers, jobs as frameworks +offers +${c.counts.rounds} +${c.counts.offers} +${c.counts.declines}`));
  });

  it.each([
    [{ frameworks: 'nodes' }, 'scheduler.policyConfig.frameworks'],
    [{ refuseMs: -1 }, 'scheduler.policyConfig.refuseMs'],
    [{ inner: 'lifo' }, 'scheduler.policyConfig.inner'],
    [{ decline: true }, 'scheduler.policyConfig'],
  ])('bad config %j is named: %s', (policyConfig, field) => {
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: 'offers', policyConfig } }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join('\n')).toContain(field);
  });
});
