import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../src/actors/inprocess.js';
import { MasterActor } from '../../src/actors/master-actor.js';
import { digestOf, simulate } from '../../src/actors/simulate.js';
import { loadVariant, scenario, jobsScenario } from '../helpers.js';

const GOLDEN = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'golden', 'digests.json'), 'utf8')) as Record<string, string>;
const strip = (r: Awaited<ReturnType<typeof simulate>>) => JSON.stringify({ ...r, run: undefined });

describe('determinism', () => {
  it('the same scenario and seed give identical result JSON and digest', async () => {
    const s = loadVariant('fb-macro-io.json', 'Fair + delay');
    const a = await simulate(s, { variant: 'x' });
    const b = await simulate(s, { variant: 'x' });
    expect(a.digest).toBe(b.digest);
    expect(strip(a)).toBe(strip(b));
  });

  it('another seed changes the digest', async () => {
    const a = await simulate(loadVariant('fb-macro-io.json', 'Fair + delay'));
    const b = await simulate(loadVariant('fb-macro-io.json', 'Fair + delay', [['seed', 2]]));
    expect(a.digest).not.toBe(b.digest);
    expect(a.summary.meanResponseMs).not.toBe(b.summary.meanResponseMs);
  });

  it('passing messages through the msgpack codec changes nothing (the golden digest: test/golden.test.ts runs it plain)', async () => {
    const s = loadVariant('head-of-line.json', 'Fair + skip D=10');
    const coded = await simulate(s, { codec: true, variant: 'Fair + skip D=10' });
    expect(coded.digest).toBe(GOLDEN['head-of-line.json / Fair + skip D=10']);
    expect(coded.run.bytesPerEpoch).toBeGreaterThan(0);
  });

  it.each([
    ['fb-macro-io.json', 'Fair + delay'],
    ['fb-macro-io.json', 'FIFO'],
    ['head-of-line.json', 'Fair + skip D=10'],
    ['preemption.json', 'Kill (preemption)'],
    ['hierarchical.json', 'HFS + delay + preemption'],
    ['capacity.json', 'Capacity 60/20/20'],
    ['copy-compute.json', 'Copy-compute splitting'],
  ])('leaving out heartbeats that cannot change anything is exact: %s / %s', async (file, variant) => {
    const s = loadVariant(file, variant);
    const shortcut = await simulate(s, { timeDecisions: false });
    const every = await simulate(s, { timeDecisions: false, everyHeartbeat: true });
    expect(every.run.heartbeats).toBeGreaterThan(shortcut.run.heartbeats);
    expect(shortcut.digest).toBe(every.digest);
  });

  it('leaving out heartbeats is exact for reduces waiting on maps (small jobs, slow start 0)', async () => {
    const s = scenario(jobsScenario({ tasks: { slowStart: 0 }, scheduler: { policy: 'fair', delay: { mode: 'wait', nodeMs: 4000 } } }));
    const shortcut = await simulate(s);
    const every = await simulate(s, { everyHeartbeat: true });
    expect(shortcut.digest).toBe(every.digest);
  });

  it('digests the outcome, not the run statistics', async () => {
    const s = scenario(jobsScenario());
    const a = await simulate(s, { timeDecisions: false });
    const b = await simulate(s, { timeDecisions: true });
    expect(a.digest).toBe(b.digest);
  });
});

describe('map scans that can launch nothing, answered without a walk (src/core/pass-all.ts)', () => {
  const big = (delay: Record<string, unknown>, policy = 'fair') => scenario({
    name: 'wide', seed: 3,
    cluster: { racks: 40, nodesPerRack: 40, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    tasks: { durationJitter: 0.3 },
    scheduler: { policy, delay },
    workload: { kind: 'facebook', jobs: 300, sizes: 'distribution', meanInterarrivalMs: 1500, type: 'mixed' },
  });

  it.each([
    ['fb-macro-io.json', 'Fair + delay', loadVariant('fb-macro-io.json', 'Fair + delay')],
    ['head-of-line.json', 'Fair + skip D=10', loadVariant('head-of-line.json', 'Fair + skip D=10')],
    ['head-of-line.json', 'Fair + skip D=40', loadVariant('head-of-line.json', 'Fair + skip D=40')],
    ['sticky-slots.json', 'Fair + skip D=10', loadVariant('sticky-slots.json', 'Fair + skip D=10')],
    ['1,600 nodes', 'fair + wait', big({ mode: 'wait', nodeMs: 4500, rackMs: 4500 })],
    ['1,600 nodes', 'fair + skip', big({ mode: 'skip', maxSkips: 5 })],
    ['1,600 nodes', 'fifo + wait', big({ mode: 'wait', nodeMs: 3000 }, 'fifo')],
  ])('gives the walk\'s digest: %s / %s', async (_file, _variant, s) => {
    const master = new MasterActor(s, { timeDecisions: false });
    runInProcess(master);
    expect(master.scheduler.passedScans).toBeGreaterThan(0); // the shortcut was taken
    // this run's digest as simulate() makes it (its outcome under the name, an empty variant and the seed)
    const shortcut = digestOf({ scenario: s.name, variant: '', seed: s.seed, ...master.outcome() });
    const walk = await simulate(s, { timeDecisions: false, scan: 'walk' });
    expect(shortcut).toBe(walk.digest);
  });
});
