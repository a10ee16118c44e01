/**
 * Scenarios the differential harness (or a person) found breaking the simulator, one JSON file each in
 * test/regressions/: each must now keep the invariants and give one digest every way it runs (check.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadScenario } from '../../src/cli/load-scenario.js';
import { compiledSimulate, scenario } from '../helpers.js';
import { checkScenario } from './check.js';

const DIR = join(import.meta.dirname, '..', 'regressions');
const threadsSimulate = await compiledSimulate();
const load = (file: string) => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Record<string, unknown>;

// a trace a swim or sls regression names (seed-S-trace.tsv, -trace.json) sits beside it
describe.each(readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.endsWith('-trace.json')).sort())('regression %s', (file) => {
  it('keeps the invariants and gives one digest in-process, without shortcuts, through the codec and on threads', async () => {
    const kind = (load(file).workload as { kind?: string } | undefined)?.kind;
    const loaded = kind === 'swim' || kind === 'sls' ? loadScenario(join(DIR, file)).variants[0] : { scenario: scenario(load(file)), trace: undefined };
    const outcome = await checkScenario(loaded.scenario, { threadsSimulate, trace: loaded.trace });
    expect(outcome.failures).toEqual([]);
  });
});

describe('a leaf\'s min share under a parent pool with none, with the "hadoop" rounding (harness seed 68038)', () => {
  it('is stopped by the kill-loop check alike every way, which the harness takes as a refusal, not a failure', async () => {
    // Pool p1 (min 1 reduce, timeout 0) sits under par0 (no min share): preemption kills the default pool's reduce,
    // running 1 over its fractional share, each interval, and the root's order offers the freed slot to the default
    // pool again (par0 is not below a min share of its own): as YARN's rules would, so hfsim stops the run.
    const outcome = await checkScenario(scenario(load('hfs-parent-pool-min-share-kill-loop.json')), { threadsSimulate });
    expect(outcome.failures).toEqual([]);
    expect(outcome.stopped).toMatch(/^simulation cannot end at 6123\.0 s: 2001 task attempts killed .* kills tasks before any can end$/);
    // floor rounding (the default) kills no task of a pool at 1 over a share of 0.67: the run ends
    const floor = await checkScenario(scenario({ ...load('hfs-parent-pool-min-share-kill-loop.json'), scheduler: { ...(load('hfs-parent-pool-min-share-kill-loop.json').scheduler as object), preemption: { enabled: true, intervalMs: 1000 } } }), { threads: false });
    expect(floor.failures).toEqual([]);
    expect(floor.stopped).toBeUndefined();
    expect(floor.kills).toBe(0);
  });
});

describe('preemption kills a task launched in the batch that carries the kill (issue 14)', () => {
  it.each([74, 95])('seed %i: the victim is launched, then killed, and the run completes', async (seed) => {
    const s = scenario({ ...load('preemption-kill-same-batch.json'), seed });
    const H = s.cluster.heartbeatMs!;
    const launchedMs = new Map<string, number>();
    let sameEpoch = 0;
    await simulate(s, {
      timeDecisions: false,
      observer: {
        launched: (now, _node, job, task) => launchedMs.set(`${job}:${task}`, now),
        // kills are decided at an epoch's end: a victim launched within the last interval shares the kill's batch
        killed: (now, _node, job, task) => { if (launchedMs.get(`${job}:${task}`)! > now - H) sameEpoch++; },
      },
    });
    expect(sameEpoch).toBeGreaterThan(0); // the scenario still exercises the case
    const outcome = await checkScenario(s, { threadsSimulate });
    expect(outcome.failures).toEqual([]);
    expect(outcome.kills).toBeGreaterThan(0);
  });
});

describe('fluid link usage across an idle jump (issue 14: harness seed 777)', () => {
  it('books the racks\' counters at the answered epoch\'s end, as every heartbeat does, not at the jump\'s target', async () => {
    const s = scenario(load('fluid-idle-jump-link-usage.json'));
    const jumped = await simulate(s, { timeDecisions: false });
    const every = await simulate(s, { timeDecisions: false, everyHeartbeat: true });
    expect(jumped.run.epochs).toBeLessThan(every.run.epochs); // the run jumps idle epochs (job 1 arrives at 60 s)
    // Job 0's traffic is committed in the first minute; the jump to job 1's arrival had booked it in the second.
    expect(every.network!.utilization.up[0][0]).toBeGreaterThan(0);
    expect(jumped.network).toEqual(every.network);
    expect(jumped.digest).toBe(every.digest);
  });
});
