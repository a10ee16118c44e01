/**
 * The library API as a user's own code calls it: bad arguments and plugins that break their contract fail with an
 * error naming the argument or the plugin, not in the engine's own words; what a plugin needs to name is exported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { InputError, type Job, type RunningTaskReader, type Victim, loadScenario, parseScenario, registerPreemption, registerReplication, simulate } from '../../src/index.js';
import { SCENARIO_DIR, jobsScenario } from '../helpers.js';

let n = 0;
const fresh = (kind: string) => `library-api-${kind}-${n++}`;

describe('what a plugin needs to name is exported', () => {
  it('task states and task references', () => {
    expect([api.PENDING, api.RUNNING, api.DONE]).toEqual([0, 1, 2]);
    expect(api.reduceRef(0)).toBe(-1);
    expect(api.reduceOf(api.reduceRef(4))).toBe(4);
    expect(api.isReduceRef(api.reduceRef(0))).toBe(true);
  });
  it('the types its methods are given (a compile-time check)', () => {
    const round = (hdfs: api.ReplicaHdfs): number => hdfs.nowMs;
    const rows = (t: api.SwimTrace): number => t.ids.length;
    const p99 = (l: api.Latency): number => l.p99;
    expect([round, rows, p99].every((f) => typeof f === 'function')).toBe(true);
  });
});

describe('loadScenario checks its own arguments', () => {
  const file = join(SCENARIO_DIR, 'fb-macro-io.json');
  it.each<[string, () => unknown, RegExp]>([
    ['a variant given as a number ("wanted.find is not a function")', () => loadScenario(file, [], undefined, 5 as never), /^loadScenario\(file, sets, seed, variant\): variant must be a variant's name or a non-empty list of names, not 5$/],
    ['an empty list of variants ("reading \'scenario\'")', () => loadScenario(file, [], undefined, []), /variant must be .*, not an empty list$/],
    ['a list holding a number', () => loadScenario(file, [], undefined, ['FIFO', 3] as never), /variant must be .*, not a list holding 3$/],
    ['a file that is not a path ("undefined: cannot read scenario file")', () => loadScenario(undefined as never), /^loadScenario\(file\): file must be a path \(a string\), not undefined$/],
  ])('%s: a TypeError', (_what, call, message) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  it.each<[unknown, ErrorConstructor]>([['abc', TypeError], [-1, RangeError], [1.5, RangeError], [Number.NaN, RangeError]])('a seed of %s is the argument\'s fault, not the file\'s', (seed, type) => {
    const call = () => loadScenario(file, [], seed as number);
    expect(call).toThrow(type);
    expect(call).toThrow(/^loadScenario\(file, sets, seed\): seed must be a whole number from 0 to 9007199254740991, not /);
  });

  it('good arguments still load, and an unknown variant is still bad input', () => {
    expect(loadScenario(file, [], 7, ['FIFO']).variants.map((v) => [v.name, v.scenario.seed])).toEqual([['FIFO', 7]]);
    expect(() => loadScenario(file, [], undefined, 'nope')).toThrow(InputError);
  });

  // They named the CLI's flags, which a library caller never typed (`--set cluster.racks=x: ...`, `--variant nope: ...`).
  const messageOf = (call: () => unknown): string => {
    try {
      call();
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      return (err as Error).message;
    }
    throw new Error('loaded without an error');
  };
  it.each<[string, () => unknown, string]>([
    ['an unknown variant', () => loadScenario(file, [], undefined, 'nope'), `${file}: variant "nope": no such variant (have "FIFO", "Naive fair", "Fair + delay")`],
    ['a variant named twice', () => loadScenario(file, [], undefined, ['FIFO', 'FIFO']), 'variant "FIFO": given twice'],
    ['a set the schema refuses', () => loadScenario(file, [['cluster.racks', 'x']], undefined, 'FIFO'), 'sets ["cluster.racks","x"]: cluster.racks: racks must be a number'],
    ['a set through a number', () => loadScenario(file, [['cluster.racks.0', 1]], undefined, 'FIFO'), 'sets ["cluster.racks.0",1]: cluster.racks.0: cluster.racks is 4, not an object, so cluster.racks.0 cannot be set in it'],
    ['a word meant as a boolean', () => loadScenario(file, [['scheduler.assignMultiple', 'True']], undefined, 'FIFO'), 'sets ["scheduler.assignMultiple","True"]: scheduler.assignMultiple: assignMultiple must be true or false (the value "True" is a string: give true or false)'],
    ['a set that leaves the old workload\'s fields', () => loadScenario(file, [['workload.kind', 'generated']], undefined, 'FIFO'), 'changes that one field; to replace workload whole, sets ["workload",{...}])'],
  ])('%s: the message names the argument, not a command-line flag', (_what, call, expected) => {
    const message = messageOf(call);
    expect(message).toContain(expected);
    expect(message).not.toMatch(/--set|--variant/);
  });
});

describe('simulate checks a trace it is given', () => {
  const v = loadScenario(join(SCENARIO_DIR, 'swim-first50.json'), [], undefined, 'FIFO').variants[0];
  const t = v.trace!;
  it.each<[string, unknown, RegExp]>([
    ['an empty object ("reading \'length\'")', {}, /options\.trace: must be the trace loadScenario gives .*; its file is undefined, not a string$/],
    ['a list', [], /options\.trace: must be the trace loadScenario gives .*, not an array$/],
    ['plain arrays for columns', { ...t, submitS: [...t.submitS] }, /its submitS is an array, not a Float64Array$/],
  ])('%s: a TypeError naming options.trace', async (_what, trace, message) => {
    const run = simulate(v.scenario, { variant: v.name, trace: trace as never });
    await expect(run).rejects.toThrow(TypeError);
    await expect(simulate(v.scenario, { variant: v.name, trace: trace as never })).rejects.toThrow(message);
  });

  it('columns of another length, or a NaN: a RangeError', async () => {
    await expect(simulate(v.scenario, { trace: { ...t, outputBytes: t.outputBytes.subarray(1) } })).rejects.toThrow(/its outputBytes has 49 rows, its ids 50$/);
    const nan = Float64Array.from(t.inputBytes);
    nan[3] = Number.NaN;
    await expect(simulate(v.scenario, { trace: { ...t, inputBytes: nan } })).rejects.toThrow(RangeError);
  });
});

describe('a preemption plugin\'s victims are checked, naming the plugin', () => {
  const RUNNING = api.RUNNING;
  const runningMaps = (pools: Parameters<api.Preemption['victims']>[0], running: RunningTaskReader): Victim[] =>
    pools.pools.flatMap((p) => p.jobs).flatMap((j: Job) => Array.from({ length: j.maps }, (_, m) => m).filter((m) => j.mapState[m] === RUNNING)
      .map((m) => ({ job: j, task: m, startMs: running.mapStartMs(j, m) })));
  const run = (victims: api.Preemption['victims']) => {
    const name = fresh('preemption');
    registerPreemption(name, { description: 'x', create: () => ({ victims }) });
    const p = parseScenario(jobsScenario({
      scheduler: { policy: 'hfs', delay: { mode: 'none' }, pools: [{ name: 'prod', minMaps: 4 }], preemption: { enabled: true, intervalMs: 3000, policy: name } },
      workload: { kind: 'jobs', files: [{ name: 'f', blocks: 24 }], jobs: [{ id: 'j1', input: 'f', mapMs: 40000, reduces: 1, reduceMs: 10000 }, { id: 'j2', submitMs: 5000, pool: 'prod', input: 'f', mapMs: 10000 }] },
    }));
    if (!p.ok) throw new Error(p.errors.join('\n'));
    return { name, result: simulate(p.value) };
  };
  it.each<[string, (...a: Parameters<api.Preemption['victims']>) => unknown, (name: string) => string]>([
    ['victims() giving undefined ("its return value is not iterable")', () => undefined,
      (name) => `preemption "${name}": victims() gave undefined, not a list of victims { job, task, startMs } (empty: none)`],
    ['a victim that is undefined ("reading \'startMs\'")', (_p, kind) => (kind === 'map' ? [undefined] : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of undefined, not a victim { job, task, startMs }`],
    ['a victim whose job is null ("reading \'mapState\'")', (_p, kind) => (kind === 'map' ? [{ job: null, task: 0, startMs: 0 }] : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of a victim whose job is null, not a job the plugin was given`],
    ['a victim whose job is a copy ("job.requeueMap is not a function")', (pools, kind, _now, running) => (kind === 'map' ? runningMaps(pools, running).slice(0, 1).map((v) => ({ ...v, job: { ...v.job } })) : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of a victim whose job is an object, not a job the plugin was given`],
    ['a task past the job\'s maps', (pools, kind, _now, running) => (kind === 'map' ? runningMaps(pools, running).slice(0, 1).map((v) => ({ ...v, task: 99 })) : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of job j1's task 99, not a map index (0 to 23) or a reduce's reference (-1 for its one reduce, reduce r as -(r + 1))`],
    ['a task past the maps of a job with no reduces (it offered "-1 to -0")', (pools, kind) => (kind === 'map' ? pools.pools.flatMap((p) => p.jobs).filter((j) => j.reduces === 0).slice(0, 1).map((job) => ({ job, task: 99, startMs: 0 })) : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of job j2's task 99, not a map index (0 to 23): the job has no reduces`],
    ['a reduce past the job\'s reduces', (pools, kind) => (kind === 'map' ? pools.pools.flatMap((p) => p.jobs).filter((j) => j.reduces === 1).slice(0, 1).map((job) => ({ job, task: api.reduceRef(1), startMs: 0 })) : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of job j1's task -2, not a map index (0 to 23) or a reduce's reference (-1 for its one reduce, reduce r as -(r + 1))`],
    ['a pending map (the engine\'s "map 23 killed while not running")', (pools, kind) => (kind === 'map' ? pools.pools.flatMap((p) => p.jobs).filter((j) => j.mapState[23] !== RUNNING).slice(0, 1).map((job) => ({ job, task: 23, startMs: 0 })) : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of job j1's map 23, which is not running`],
    ['the same attempt twice in one list', (pools, kind, _now, running) => (kind === 'map' ? runningMaps(pools, running).slice(0, 1).flatMap((v) => [v, v]) : []),
      (name) => `policy "hfs" with preemption "${name}": a kill of job j1's map 0, which is not running`],
  ])('%s', async (_what, victims, message) => {
    const { name, result } = run(victims as api.Preemption['victims']);
    await expect(result).rejects.toThrow(message(name));
  });

  it('a preemption naming running attempts with reduceRef still runs', async () => {
    const killed = { map: 0, reduce: 0 };
    const { result } = run((pools, kind, _now, running) => {
      if (killed[kind] > 0) return [];
      const v = kind === 'map' ? runningMaps(pools, running).slice(0, 1)
        : pools.pools.flatMap((p) => p.jobs).flatMap((j) => Array.from({ length: j.reduces }, (_, r) => r).filter((r) => j.reduceState[r] === RUNNING)
          .map((r) => ({ job: j, task: api.reduceRef(r), startMs: j.reduceStartMs[r] }))).slice(0, 1);
      killed[kind] += v.length;
      return v;
    });
    const r = await result;
    expect(killed).toEqual({ map: 1, reduce: 1 });
    expect(r.summary.killedTasks).toBe(2);
  });
});

describe('a replication policy\'s round times: a whole number of ms from 0, after the round that ran, or Infinity', () => {
  const run = (policy: api.ReplicationPolicy) => {
    const name = fresh('replication');
    registerReplication(name, { description: 'x', create: () => policy });
    const p = parseScenario(jobsScenario({ scheduler: { policy: 'fair', delay: { mode: 'none' }, replication: { policy: name } } }));
    if (!p.ok) throw new Error(p.errors.join('\n'));
    return { name, result: simulate(p.value) };
  };
  /** A policy whose first round is at `first` and each next `step` after the one that ran; `seen`: the rounds' times. */
  const stepping = (first: number, step: number, seen: number[] = []): api.ReplicationPolicy => {
    let next = first;
    return { blockRead() {}, get nextRoundMs() { return next; }, round(hdfs) { seen.push(hdfs.nowMs); next += step; } };
  };
  const rule = 'a whole number of ms from 0, after its last round, or Infinity (or omitted) for no more rounds';
  it.each<[string, () => api.ReplicationPolicy, string]>([
    ['NaN from the start (it had no rounds, silently)', () => ({ blockRead() {}, nextRoundMs: Number.NaN, round() {} }), 'its next round (NaN) is not a time'],
    ['NaN after a round (its rounds stopped, silently)', () => { let next = 6000; return { blockRead() {}, get nextRoundMs() { return next; }, round() { next = Number.NaN; } }; }, 'its next round (NaN) is not a time'],
    ['negative (a round ran at -5000 ms, before the run began)', () => stepping(-5000, 3000), 'its next round (-5000 ms) is before the run\'s start (0 ms)'],
    ['not a whole number of ms (rounds and copies at 1500.5 ms)', () => stepping(1500.5, 3000), 'its next round (1500.5 ms) is not a whole number of ms'],
    ['a step of 1e-9 ms (rounds without end: Node died of memory)', () => stepping(3000, 1e-9), 'its next round (3000.000000001 ms) is not a whole number of ms'],
    ['-Infinity ("is not after -Infinity", naming no policy)', () => stepping(-Infinity, 1), 'its next round (-Infinity) is not a time'],
    ['the time of the round that ran', () => stepping(3000, 0), 'its next round (3000 ms) is not after the round that ran (3000 ms)'],
  ])('%s: an error naming the policy', async (_what, policy, message) => {
    const { name, result } = run(policy());
    await expect(result).rejects.toThrow(`replication "${name}": ${message}: ${rule}`);
  });
  it('a round time and no round() to run it (no round ran, silently): refused at once', () => {
    const { name, result } = run({ blockRead() {}, nextRoundMs: 3000 });
    return expect(result).rejects.toThrow(`replication "${name}": create()'s nextRoundMs is 3000 and it has no round(): no round would ever run (give round(hdfs), or leave nextRoundMs out)`);
  });
  it('whole ms from 0 run, each at its time; Infinity or none, no round', async () => {
    const seen: number[] = [];
    await run(stepping(0, 3000, seen)).result;
    expect(seen.slice(0, 3)).toEqual([0, 3000, 6000]);
    const never: number[] = [];
    await run(stepping(Infinity, 1, never)).result;
    await run({ blockRead() {}, round() { never.push(1); } }).result;
    expect(never).toEqual([]);
  });
});

describe('digestOf checks a whole result', () => {
  it('equals the result\'s digest, as simulate gives it and as JSON reads it back; an edited outcome does not', async () => {
    const v = loadScenario(join(SCENARIO_DIR, 'head-of-line.json')).variants[0];
    const r = await simulate(v.scenario, { variant: v.name, timeDecisions: false });
    expect(api.digestOf(r)).toBe(r.digest); // it hashed config, run and the digest in
    const back = JSON.parse(JSON.stringify(r)) as typeof r;
    expect(api.digestOf(back)).toBe(r.digest);
    back.summary.jobs += 1;
    expect(api.digestOf(back)).not.toBe(r.digest);
    // a sweep's results.jsonl line: the point's fields, then the result (its point's fields were hashed in: never matched)
    const line = { id: 'p1', index: 0, group: 'g1', values: { 'hdfs.replication': 3 }, ...JSON.parse(JSON.stringify(r)) as typeof r };
    expect(api.digestOf(line)).toBe(r.digest);
    expect(api.digestOf({ ...line, summary: { ...line.summary, jobs: line.summary.jobs + 1 } })).not.toBe(r.digest);
  });

  it('refuses what is not a result, naming what it takes (null failed as "Cannot convert undefined or null to object"; {} and an array were hashed)', () => {
    for (const [value, shown] of [[null, 'null'], [undefined, 'undefined'], [7, '7']] as const) {
      expect(() => api.digestOf(value as never)).toThrow(new TypeError(`digestOf takes a result (from simulate, or read back from --out or --json), not ${shown}`));
    }
    // an object that is no result was hashed as if it were one
    expect(() => api.digestOf({})).toThrow(new TypeError('digestOf takes a result (from simulate, or read back from --out or --json), not an empty object: a result has scenario, variant, seed (this one lacks scenario, variant, seed)'));
    expect(() => api.digestOf([])).toThrow(new TypeError('digestOf takes a result (from simulate, or read back from --out or --json), not an array (a run of several variants gives an array of results: check each): a result has scenario, variant, seed'));
    expect(() => api.digestOf({ jobs: 3, maps: 9 })).toThrow(/not an object of jobs, maps: a result has scenario, variant, seed \(this one lacks scenario, variant, seed\)$/);
  });
});

describe('simulate refuses a trace its scenario does not read', () => {
  it('a trace with a facebook workload: a TypeError naming options.trace (it ran without it, without a word)', async () => {
    const t = loadScenario(join(SCENARIO_DIR, 'swim-first50.json'), [], undefined, 'FIFO').variants[0].trace!;
    const v = loadScenario(join(SCENARIO_DIR, 'head-of-line.json')).variants[0];
    const run = simulate(v.scenario, { variant: v.name, trace: t });
    await expect(run).rejects.toThrow(TypeError);
    await expect(simulate(v.scenario, { variant: v.name, trace: t })).rejects.toThrow(/options\.trace: the scenario's workload is "generated", which reads no trace \(only "swim" does\): give none$/);
  });
});

/** A scenario file as a library caller parses it: its base, without the variants simulate refuses. */
function parsedFile(name: string): api.Scenario {
  const { variants: _v, ...raw } = JSON.parse(readFileSync(join(SCENARIO_DIR, name), 'utf8')) as Record<string, unknown>;
  const parsed = parseScenario(raw);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.value;
}

// Both passed simulate's checks and failed in the engine, a plain Error: "swim workload: the rows of trace ... were
// not loaded", and "sls workload: ... (load the scenario with src/cli/load-scenario.ts)", a file the package lacks.
describe('simulate refuses a scenario whose trace only loadScenario reads', () => {
  it('a swim workload without options.trace: a TypeError naming options.trace and loadScenario', async () => {
    await expect(simulate(parsedFile('swim-first50.json'))).rejects.toThrow(TypeError);
    await expect(simulate(parsedFile('swim-first50.json'), { trace: undefined })).rejects.toThrow(/^simulate: bad options:\noptions\.trace: the scenario's workload is "swim", which replays the rows of its trace \(\.\.\/data\/traces\/FB-2009_samples_24_times_1hr_0_first50jobs\.tsv\): give them, as loadScenario reads them \(simulate\(v\.scenario, \{ trace: v\.trace \}\)\)$/);
  });

  it.each(['sls-sample.json', 'rumen-sample.json'])('an sls workload (%s): a TypeError saying loadScenario reads it into jobs', async (file) => {
    const scenario = parsedFile(file);
    await expect(simulate(scenario)).rejects.toThrow(TypeError);
    await expect(simulate(scenario, { runtime: 'threads' })).rejects.toThrow(new RegExp(`^simulate: the scenario's workload is "sls" \\(${scenario.workload.kind === 'sls' ? scenario.workload.format : ''} trace \\.\\./data/traces/${file}\\), which loadScenario reads into a "jobs" workload before the run: run the variants loadScenario\\(file\\) gives$`));
  });
});

describe('simulate refuses a scenario that still has its variants', () => {
  it('a whole scenario file through parseScenario: a TypeError naming them (it ran the base alone, as variant "", without a word)', async () => {
    const raw = jobsScenario({ variants: { FIFO: { 'scheduler.policy': 'fifo' }, Fair: { 'scheduler.policy': 'fair' } } });
    const parsed = parseScenario(raw);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    await expect(simulate(parsed.value)).rejects.toThrow(TypeError);
    await expect(simulate(parsed.value)).rejects.toThrow(/^simulate: the scenario has variants \("FIFO", "Fair"\), which simulate does not apply \(it would run the base scenario alone\): run each as loadScenario gives it/);
    // one variant resolved (no variants table), or an empty table, still runs
    const { variants: _v, ...base } = raw;
    const one = parseScenario({ ...base, scheduler: { ...(base.scheduler as object), policy: 'fifo' } });
    if (!one.ok) throw new Error(one.errors.join('\n'));
    await expect(simulate(one.value, { variant: 'FIFO' })).resolves.toHaveProperty('variant', 'FIFO');
    const empty = parseScenario({ ...base, variants: {} });
    if (!empty.ok) throw new Error(empty.errors.join('\n'));
    await expect(simulate(empty.value)).resolves.toHaveProperty('variant', '');
  });
});

describe('the scenario JSON helpers check their arguments', () => {
  const raw = { name: 'x', scheduler: 5, variants: { A: { 'workload.jobs': 3 } } };
  it.each<[string, () => unknown, RegExp]>([
    ['variantsOf(undefined) ("Cannot read properties of undefined")', () => api.variantsOf(undefined as never), /^variantsOf\(raw\): raw must be a scenario's JSON object, not undefined$/],
    ['resolveVariant with overrides of a string (its letters became paths "0", "1", ...)', () => api.resolveVariant({}, 'ab' as never, []), /^resolveVariant\(raw, overrides, sets\): overrides must be an object .*, not "ab"$/],
    ['resolveVariant with sets as an object ("sets is not iterable")', () => api.resolveVariant({}, {}, { a: 1 } as never), /sets must be a list of \[path, value\] pairs.*; not an object$/],
    ['resolveVariant with a pair of three', () => api.resolveVariant({}, {}, [['a', 1, 2]] as never), /sets must be a list of \[path, value\] pairs.*; one is an array$/],
    ['resolveVariant with a list raw', () => api.resolveVariant([] as never, {}, []), /raw must be a scenario's JSON object, not an array$/],
    // a whole variant renamed the scenario and left its overrides unapplied, told only 'unknown field "overrides"' later
    ['resolveVariant with a whole variant of variantsOf', () => api.resolveVariant({ variants: { V: { seed: 2 } } }, api.variantsOf({ variants: { V: { seed: 2 } } })[0] as never, []), /overrides is a whole variant \("V", as variantsOf gives it\): pass its \.overrides$/],
    ['setPath with a path of a number ("path.split is not a function")', () => api.setPath({}, 3 as never, 1), /^setPath\(raw, path, value\): path must be a dotted field path \(a string\), not 3$/],
    // these returned a new scenario of the one path alone ({ a: 1 }), as if raw had been {}
    ['setPath with raw null', () => api.setPath(null as never, 'a', 1), /^setPath\(raw, path, value\): raw must be a scenario's JSON object, not null$/],
    ['setPath with raw a number', () => api.setPath(5 as never, 'a', 1), /^setPath\(raw, path, value\): raw must be a scenario's JSON object, not 5$/],
    ['setPath with raw a list', () => api.setPath([1] as never, '0', 2), /^setPath\(raw, path, value\): raw must be a scenario's JSON object, not an array$/],
  ])('%s: a TypeError', (_what, call, message) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });
  it('an override that cannot apply is an exported OverrideError; good arguments still resolve', () => {
    expect(() => api.resolveVariant(raw, {}, [['scheduler.policy', 'fifo']])).toThrow(api.OverrideError);
    const [v] = api.variantsOf(raw);
    expect(api.resolveVariant(raw, v.overrides, [['seed', 4]])).toEqual({ name: 'x', scheduler: 5, workload: { jobs: 3 }, seed: 4 });
    expect(api.setPath({ a: { b: 1, c: 2 } }, 'a.b', null)).toEqual({ a: { c: 2 } });
  });
});
