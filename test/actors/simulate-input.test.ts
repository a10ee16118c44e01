/**
 * simulate() checks what it is given: the scenario against the schema parseScenario uses (a caller may change a parsed
 * one, or build one by hand), and its options; each bad field is a line naming it, before anything runs.
 */
import { describe, expect, it } from 'vitest';
import { type SimulateOptions, simulate } from '../../src/actors/simulate.js';
import { type Scenario, parseScenario, parsedScenarioErrors } from '../../src/core/scenario.js';
import { canonicalScenarios, jobsScenario, scenario } from '../helpers.js';

/** A parsed scenario, changed as a caller might after parseScenario. */
const changed = (change: (s: Record<string, any>) => void): Scenario => {
  const s = scenario(jobsScenario());
  change(s as Record<string, any>);
  return s;
};

describe('simulate refuses a scenario parseScenario would not return', () => {
  it.each([
    ['heartbeatMs NaN', (s: Record<string, any>) => { s.cluster.heartbeatMs = NaN; }, 'cluster.heartbeatMs: heartbeatMs must be a number, not NaN'],
    ['heartbeatMs 0', (s: Record<string, any>) => { s.cluster.heartbeatMs = 0; }, 'cluster.heartbeatMs: heartbeatMs is 0, below the limit of 100'],
    ['racks -1', (s: Record<string, any>) => { s.cluster.racks = -1; }, 'cluster.racks: racks must be at least 1'],
    ['a seed of 1.5', (s: Record<string, any>) => { s.seed = 1.5; }, 'seed: seed must be a whole number'],
    ['a pool weight of 1e9', (s: Record<string, any>) => { s.scheduler.policy = 'hfs'; s.scheduler.pools = [{ ...s.scheduler.pools[0], name: 'p', weight: 1e9 }]; },
      'scheduler.pools[0].weight: weight is 1000000000, above the limit of 1000'],
    ['a field deleted (the schema would default it)', (s: Record<string, any>) => { delete s.cluster.mapSlotsPerNode; }, 'cluster.mapSlotsPerNode: missing (parseScenario gives its default, 4)'],
    ['a section deleted', (s: Record<string, any>) => { delete s.tasks; }, 'tasks: missing (parseScenario gives one with its defaults)'],
    ['a required field deleted', (s: Record<string, any>) => { delete s.workload.jobs[1].mapMs; }, 'workload.jobs[1].mapMs: missing (required): mapMs must be a number'],
    ['a field the schema does not know', (s: Record<string, any>) => { s.cluster.rack = 3; }, 'cluster: unknown field "rack"'],
    ['a policy not registered', (s: Record<string, any>) => { s.scheduler.policy = 'lottery'; }, 'scheduler.policy: policy must be one of'],
  ])('%s: a TypeError naming the field', async (_what, change, line) => {
    const run = simulate(changed(change), { timeDecisions: false });
    await expect(run).rejects.toThrow(TypeError);
    // naming no source file: the npm package ships none (it named src/core/scenario.ts)
    await expect(run).rejects.toThrow(`simulate: the scenario is not one parseScenario returns:\n${line}`);
  });

  it('an sls workload whose trace was not read says loadScenario reads it, naming no source file (the npm package ships none)', async () => {
    const p = parseScenario({ workload: { kind: 'sls', trace: 'x.json' } });
    expect(p.ok).toBe(true);
    const run = simulate((p as { value: Scenario }).value);
    await expect(run).rejects.toThrow(TypeError);
    await expect(run).rejects.toThrow(/^simulate: the scenario's workload is "sls" \(sls trace x\.json\), which loadScenario reads into a "jobs" workload before the run: run the variants loadScenario\(file\) gives$/);
  });

  it('no scenario at all', async () => {
    await expect(simulate(undefined as unknown as Scenario)).rejects.toThrow(/^simulate: the scenario is not one parseScenario returns:\n\(top level\): .*expected object/);
  });

  it('passes every canonical scenario as parseScenario returned it (the schema returns its own output unchanged)', () => {
    for (const c of canonicalScenarios()) expect(parsedScenarioErrors(c.scenario), `${c.file} ${c.variant}`).toEqual([]);
  });

  it('runs the very object it is given', async () => {
    const s = scenario(jobsScenario());
    const r = await simulate(s, { timeDecisions: false });
    expect(r.config.workload).toBe(s.workload);
    expect(r.config.cluster.network).toBe(s.cluster.network);
    // the cluster echoed with the heartbeat interval the run used (Hadoop's 3 s when the scenario leaves it out)
    expect(r.config.cluster).toEqual({ ...s.cluster, heartbeatMs: s.cluster.heartbeatMs ?? 3000 });
  });
});

describe('simulate refuses options that make no sense', () => {
  const s = scenario(jobsScenario());
  it.each<[string, unknown, ErrorConstructor, string]>([
    ['workers 0', { runtime: 'threads', workers: 0 }, RangeError, 'options.workers: must be a whole number from 1 to 256, not 0'],
    ['workers -3', { runtime: 'threads', workers: -3 }, RangeError, 'options.workers: must be a whole number from 1 to 256, not -3'],
    ['workers 1.5', { runtime: 'threads', workers: 1.5 }, RangeError, 'options.workers: must be a whole number from 1 to 256, not 1.5'],
    ['workers NaN', { runtime: 'threads', workers: NaN }, RangeError, 'options.workers: must be a whole number from 1 to 256, not NaN'],
    ['workers "2"', { runtime: 'threads', workers: '2' }, TypeError, 'options.workers: must be a number, not "2"'],
    ['runtime gpu', { runtime: 'gpu' }, RangeError, 'options.runtime: must be "inprocess" or "threads", not "gpu"'],
    ['buildThreads 0', { buildThreads: 0 }, RangeError, 'options.buildThreads: must be a whole number from 1 to 256, not 0'],
    ['variant not a string', { variant: 7 }, TypeError, 'options.variant: must be a string, not 7'],
    ['scan misspelled', { scan: 'walks' }, RangeError, 'options.scan: must be "shortcut" or "walk", not "walks"'],
    ['an option misspelled', { everyHeartbeats: true }, TypeError, 'options.everyHeartbeats: is not an option (options: variant, runtime,'],
    ['two at once, one of the wrong type', { runtime: 'gpu', codec: 'yes' }, TypeError, 'options.runtime: must be "inprocess" or "threads", not "gpu"\noptions.codec: must be a boolean, not "yes"'],
  ])('%s', async (_what, options, kind, line) => {
    const run = simulate(s, options as SimulateOptions);
    await expect(run).rejects.toThrow(kind);
    await expect(run).rejects.toThrow(`simulate: bad options:\n${line}`);
  });

  it('options that are not an object', async () => {
    await expect(simulate(s, null as unknown as SimulateOptions)).rejects.toThrow(new TypeError('simulate: options must be an object, not null'));
  });

  it('an option left undefined is its default (the CLI passes workers: undefined)', async () => {
    const r = await simulate(s, { workers: undefined, runtime: undefined, variant: undefined, timeDecisions: false });
    expect(r.run.runtime).toBe('inprocess');
  });
});
