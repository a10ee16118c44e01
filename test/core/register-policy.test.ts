/**
 * Registration checks a plugin's definition at once: a config that is not a zod schema, a shortcut name it does not
 * know, a field misspelled or of the wrong kind is a TypeError naming the plugin and the field, not a failure mid-run.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Job, SortedJobQueue, registerGate, registerPolicy, registerPreemption, registerReplication, simulate } from '../../src/index.js';
import { policies } from '../../src/core/framework/registry.js';
import { gates, isBuiltIn, preemptions, replications } from '../../src/core/framework/builtins.js';
import { parseScenario } from '../../src/core/scenario.js';
import { rackScenario } from '../../src/actors/rack-actor.js';
import { COPY_STREAMS } from '../../src/core/replication/copy-streams.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';
import { jobsScenario } from '../helpers.js';

const create = () => ({ createQueue: () => new SortedJobQueue((a, b) => a.index - b.index) });
let n = 0;
/** A fresh name each time: a refused plugin must leave nothing registered. */
const fresh = () => `register-test-${n++}`;

describe('registerPolicy refuses a bad definition with a TypeError naming the policy and the field', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a config that is a plain object, not a zod schema', { config: { by: z.enum(['work']) } }, /^policy "register-test-\d+": config must be a zod schema/],
    ['a config that is a zod factory, not a schema', { config: z.object }, /: config must be a zod schema/],
    ['a shortcut misspelled', { permits: ['skipIdleHeartbeats', 'passall'] }, /: permits\[1\] is "passall", not a shortcut \(shortcuts are "skipIdleHeartbeats", "passAll"\)$/],
    ['permits as one string', { permits: 'passAll' }, /: permits must be a list of shortcut names/],
    ['usesPools not a boolean', { usesPools: 'yes' }, /: usesPools must be a boolean, not string$/],
    ['sizeError not a function', { sizeError: 'too big' }, /: sizeError must be a function, not string$/],
    ['a field misspelled', { needSolver: true }, /: needSolver is not a field of a policy plugin \(description, config, permits, create, usesPools, ownsPoolShares, needsSolver, placesMapsItself, sizeError\)$/],
    ['placesMapsItself not a boolean', { placesMapsItself: 1 }, /: placesMapsItself must be a boolean, not number$/],
    ['ownsPoolShares not a boolean', { usesPools: true, ownsPoolShares: 'yes' }, /: ownsPoolShares must be a boolean, not string$/],
    ['ownsPoolShares without usesPools (it has no pools whose shares it could own)', { ownsPoolShares: true }, /: ownsPoolShares needs usesPools: true/],
  ])('%s', (_what, fields, message) => {
    const name = fresh();
    const plugin = { description: 'x', create, ...fields } as never;
    expect(() => registerPolicy(name, plugin)).toThrow(TypeError);
    expect(() => registerPolicy(name, plugin)).toThrow(message);
    expect(policies.get(name)).toBeUndefined();
  });

  it('a class-based definition: a method of its class named near a field it lacks is refused (never called: a sizeErorr() ran the run unchecked, silently); its other methods are its own', () => {
    class Slip { description = 'x'; create = create; sizeErorr() { return 'too big'; } }
    const name = fresh();
    expect(() => registerPolicy(name, new Slip() as never)).toThrow(new TypeError(`policy "${name}": sizeErorr, a method of its class, is not a field of a policy plugin (did you mean "sizeError"?)`));
    expect(policies.get(name)).toBeUndefined();
    class Own { description = 'x'; create() { return this.made(); } made() { return create(); } sizeError() { return undefined; } }
    const own = fresh();
    registerPolicy(own, new Own() as never);
    expect(policies.get(own)).toBeDefined();
  });

  it('what is registered is the definition as checked, frozen: a change after registering changes nothing (a review found permits edited to a misspelled shortcut after the check, and a built-in\'s create replaced, both run silently)', () => {
    const name = fresh();
    const def = { description: 'x', permits: ['passAll'], create };
    registerPolicy(name, def as never);
    def.permits[0] = 'passall';
    def.create = 5 as never;
    expect(policies.get(name)!.permits).toEqual(['passAll']);
    expect(typeof policies.get(name)!.create).toBe('function');
    const fifo = policies.get('fifo')!;
    expect(() => { (fifo as { create: unknown }).create = create; }).toThrow(TypeError);
    expect(() => { (fifo.permits as string[]).push('passAll'); }).toThrow(TypeError);
    // a class-based definition's methods still run on it
    class Own { description = 'x'; create() { return this.made(); } made() { return create(); } }
    const own = fresh();
    registerPolicy(own, new Own() as never);
    expect(policies.get(own)!.create(undefined, undefined as never).createQueue('map').jobs).toEqual([]);
    // hfsim's own plugins are marked once, by hfsim: a plugin's call made its own names built-ins
    expect(() => policies.markBuiltIns()).toThrow(/^hfsim's own policy plugins are marked already/);
    // what the registry holds of a built-in runs as one (unchecked, the scenario itself): the frozen copies ran every
    // built-in as a user's plugin, through proxies, 36% more instructions on fb2009-day; a user's never does
    for (const registry of [policies, gates, preemptions, replications]) for (const builtin of ['fifo', 'fair', 'hfs', 'capacity', 'wait', 'hfs', 'dsbra']) {
      const p = registry.get(builtin);
      if (p !== undefined) expect(isBuiltIn(p), `${registry.kind} ${builtin}`).toBe(true);
    }
    expect(isBuiltIn(policies.get(own)!)).toBe(false);
    const copied = fresh();
    registerPolicy(copied, policies.get('fifo')!); // a built-in registered again under a user's name is the user's
    expect(isBuiltIn(policies.get(copied)!)).toBe(false);
  });

  it('one line per bad field', () => {
    expect(() => registerPolicy('two-bad', { description: 'x', create, config: {}, permits: ['fast'] } as never))
      .toThrow(/^policy "two-bad": config must be a zod schema .*\npolicy "two-bad": permits\[0\] is "fast", not a shortcut/);
  });

  it('a gate: the same checks, and no policy fields', () => {
    expect(() => registerGate('gate-bad-permits', { description: 'x', create: () => { throw new Error('unused'); }, permits: ['passAll', 'skip'] } as never))
      .toThrow(/^gate "gate-bad-permits": permits\[1\] is "skip", not a shortcut/);
    expect(() => registerGate('gate-uses-pools', { description: 'x', create: () => { throw new Error('unused'); }, usesPools: true } as never))
      .toThrow(/^gate "gate-uses-pools": usesPools is not a field of a gate plugin \(description, config, permits, create\)$/);
  });

  it('a gate whose config schema asks for mode is told that mode is not in its config (it read "expected \\"patient\\"" of a mode written "patient")', () => {
    registerGate('patient-mode', { description: 'x', config: z.strictObject({ mode: z.literal('patient-mode'), waitMs: z.number() }), create: () => { throw new Error('unused'); } });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: 'fair', delay: { mode: 'patient-mode', waitMs: 5 } } }));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors).toEqual(['scheduler.delay.mode: Invalid input: expected "patient-mode" (delay.mode names the plugin and is left out of its config, which is the other fields: its schema must not ask for mode)']);
  });

  // The scenario's gate config is { mode, ...config }: a default `mode` of "none" ran the built-in gate in its place,
  // exit 0, and one that names no gate failed only in simulate() ("the scenario is not one parseScenario returns").
  it('a gate whose config schema gives a field mode is refused at parse time: mode names the gate', () => {
    for (const [name, mode] of [['defaults-mode-none', 'none'], ['defaults-mode-slow', 'slow']] as const) {
      registerGate(name, { description: 'x', config: z.strictObject({ mode: z.string().default(mode) }), create: () => { throw new Error('unused'); } });
      const parsed = parseScenario(jobsScenario({ scheduler: { policy: 'fair', delay: { mode: name } } }));
      expect(parsed.ok ? [] : parsed.errors).toEqual([`scheduler.delay: delay.mode "${name}": its config schema gives a field mode, which names the plugin (delay.mode) and is left out of its config: its schema must not have a field mode`]);
    }
  });

  it('a config schema that refuses its own output is named at parse time (a transform failed at simulate(), "the scenario is not one parseScenario returns", naming no plugin)', () => {
    const shape = fresh();
    registerPolicy(shape, { description: 'x', config: z.strictObject({ by: z.string().default('a') }).transform((c) => ({ by: c.by, upper: c.by.toUpperCase() })), create });
    const typed = fresh();
    registerPolicy(typed, { description: 'x', config: z.strictObject({ n: z.string() }).transform((c) => ({ n: Number(c.n) })), create });
    const errors = (policy: string, policyConfig: unknown): string[] => {
      const parsed = parseScenario(jobsScenario({ scheduler: { policy, policyConfig, delay: { mode: 'none' } } }));
      return parsed.ok ? [] : parsed.errors;
    };
    const tail = ': a plugin\'s schema must return a config it accepts (checks and defaults do; a transform to another shape does not)';
    expect(errors(shape, {})).toEqual([`scheduler.policyConfig: policy "${shape}": its config schema refuses what it returns (Unrecognized key: "upper")${tail}`]);
    expect(errors(typed, { n: '5' })).toEqual([`scheduler.policyConfig: policy "${typed}": its config schema refuses what it returns (Invalid input: expected string, received number at n)${tail}`]);
    // a schema that accepts its output but gives another config for it (a unit conversion; a loose object dropping
    // the new key): parseScenario took it, and simulate() refused the scenario, naming no plugin
    const scaled = fresh();
    registerPolicy(scaled, { description: 'x', config: z.strictObject({ waitS: z.number().default(5) }).transform((c) => ({ waitS: c.waitS * 1000 })), create });
    const loose = fresh();
    registerPolicy(loose, { description: 'x', config: z.object({ a: z.number().default(1) }).transform((c) => ({ b: c.a })), create });
    const changes = ': a plugin\'s schema must return a config it gives back unchanged (checks and defaults do; a transform to another shape or value does not)';
    expect(errors(scaled, { waitS: 2 })).toEqual([`scheduler.policyConfig: policy "${scaled}": its config schema gives another config for what it returns (waitS: 2000, then 2000000)${changes}`]);
    expect(errors(loose, { a: 2 })).toEqual([`scheduler.policyConfig: policy "${loose}": its config schema gives another config for what it returns (b: 2, then 1)${changes}`]);
    // checks and defaults return what they accept
    const kept = fresh();
    registerPolicy(kept, { description: 'x', config: z.strictObject({ by: z.enum(['a', 'b']).default('a'), k: z.number().int().min(1).optional() }), create });
    expect(errors(kept, { k: 2 })).toEqual([]);
  });

  it('a config schema that gives what JSON cannot carry is named at parse time (a BigInt failed the run\'s --json after the run, a Map was written as {}: a review\'s finding)', () => {
    const errors = (config: z.ZodType, policyConfig: unknown = {}): string[] => {
      const policy = fresh();
      registerPolicy(policy, { description: 'x', config, create });
      const parsed = parseScenario(jobsScenario({ scheduler: { policy, policyConfig, delay: { mode: 'none' } } }));
      return parsed.ok ? [] : parsed.errors.map((e) => e.replace(policy, 'p'));
    };
    const tail = ', which JSON cannot carry (a result echoes its config): a plugin\'s config holds only strings, finite numbers, booleans, null, lists and plain objects';
    expect(errors(z.strictObject({ a: z.bigint().default(5n) }))).toEqual([`scheduler.policyConfig.a: policy "p": its config schema gives the BigInt 5n${tail}`]);
    expect(errors(z.strictObject({ m: z.map(z.string(), z.number()).default(new Map()) }))).toEqual([`scheduler.policyConfig.m: policy "p": its config schema gives a Map object${tail}`]);
    expect(errors(z.strictObject({ l: z.array(z.any()).default([1, Number.NaN]) }))).toEqual([`scheduler.policyConfig.l[1]: policy "p": its config schema gives the number NaN${tail}`]);
    expect(errors(z.strictObject({ d: z.any().default(new Date(0)) }))).toEqual([`scheduler.policyConfig.d: policy "p": its config schema gives a Date object${tail}`]);
    // what JSON carries, and an optional field left out, pass
    expect(errors(z.strictObject({ a: z.array(z.strictObject({ b: z.string().nullable() })).default([{ b: null }]), k: z.number().optional() }))).toEqual([]);
  });

  it('a field the config schema drops (z.object strips keys it does not know) is refused, naming it: a misspelled "quantm" ran with the default, silently', () => {
    const loose = fresh();
    registerPolicy(loose, { description: 'x', config: z.object({ quantum: z.number().default(1), inner: z.object({ a: z.number().default(1) }).default({ a: 1 }) }), create });
    const errors = (policyConfig: unknown): string[] => {
      const parsed = parseScenario(jobsScenario({ scheduler: { policy: loose, policyConfig, delay: { mode: 'none' } } }));
      return parsed.ok ? [] : parsed.errors;
    };
    const tail = ` (policy "${loose}"'s config schema leaves it out of the config it returns: a z.object strips the fields it does not list, where z.strictObject refuses them; a preprocess or a union may drop one too)`;
    // the field it is likely meant as named, from those the schema returns
    expect(errors({ quantm: 3 })).toEqual([`scheduler.policyConfig: unknown field "quantm" (did you mean "quantum"?)${tail}`]);
    expect(errors({ inner: { b: 2 }, c: 1 })).toEqual([`scheduler.policyConfig.inner: unknown field "b"${tail}`, `scheduler.policyConfig: unknown field "c"${tail}`]);
    expect(errors({ quantum: 3, inner: { a: 2 } })).toEqual([]);
    // a strict schema that sorts a list returns every field, in another order: kept (it was refused, "tiers[0]: unknown field")
    const sorted = fresh();
    const tier = z.strictObject({ name: z.string(), weight: z.number().optional() });
    registerPolicy(sorted, { description: 'x', config: z.strictObject({ tiers: z.array(tier).transform((l) => [...l].sort((a, b) => a.name.localeCompare(b.name))) }), create });
    const sortedErrors = (policyConfig: unknown): string[] => {
      const parsed = parseScenario(jobsScenario({ scheduler: { policy: sorted, policyConfig, delay: { mode: 'none' } } }));
      return parsed.ok ? [] : parsed.errors;
    };
    expect(sortedErrors({ tiers: [{ name: 'b', weight: 2 }, { name: 'a' }] })).toEqual([]);
    // and a field a list's element loses is named at its place
    const list = fresh();
    registerPolicy(list, { description: 'x', config: z.strictObject({ tiers: z.array(z.object({ name: z.string() })) }), create });
    const listed = parseScenario(jobsScenario({ scheduler: { policy: list, policyConfig: { tiers: [{ name: 'a' }, { name: 'b', wieght: 2 }] }, delay: { mode: 'none' } } }));
    // each element matched once: a second element's dropped field was taken as kept by the first's (a union of a loose and a plain object)
    const union = fresh();
    registerPolicy(union, { description: 'x', config: z.strictObject({ tiers: z.array(z.union([z.looseObject({ kind: z.literal('x'), a: z.number() }), z.object({ kind: z.literal('y'), a: z.number() })])) }), create });
    const unioned = parseScenario(jobsScenario({ scheduler: { policy: union, policyConfig: { tiers: [{ kind: 'x', a: 1, wieght: 1 }, { kind: 'y', a: 1, wieght: 2 }] }, delay: { mode: 'none' } } }));
    expect(unioned.ok ? [] : unioned.errors.map((e) => e.split(' (')[0])).toEqual(['scheduler.policyConfig.tiers[1]: unknown field "wieght"']);
    expect(listed.ok ? [] : listed.errors).toEqual([`scheduler.policyConfig.tiers[1]: unknown field "wieght" (policy "${list}"'s config schema leaves it out of the config it returns: a z.object strips the fields it does not list, where z.strictObject refuses them; a preprocess or a union may drop one too)`]);
    // a gate's config is the other fields of scheduler.delay: one it drops is named there
    const gate = fresh();
    registerGate(gate, { description: 'x', config: z.object({ waitMs: z.number().default(0) }), create: () => { throw new Error('unused'); } });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: 'fair', delay: { mode: gate, waitMS: 5 } } }));
    expect(parsed.ok ? [] : parsed.errors).toEqual([`scheduler.delay: unknown field "waitMS" (did you mean "waitMs"?) (delay.mode "${gate}"'s config schema leaves it out of the config it returns: a z.object strips the fields it does not list, where z.strictObject refuses them; a preprocess or a union may drop one too)`]);
  });

  it('a config schema that takes no object (z.number()) is refused naming the plugin: a scenario\'s config is always an object ("expected number, received object" named no plugin and no fix)', () => {
    for (const [config, takes] of [[z.number(), 'a number'], [z.array(z.string()), 'a list'], [z.union([z.string(), z.number()]), 'no object'], [z.enum(['a', 'b']), 'only "a", "b"'], [z.literal(5), 'only 5']] as const) {
      const name = fresh();
      registerPolicy(name, { description: 'x', config: config as z.ZodType<unknown>, create });
      const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, delay: { mode: 'none' } } }));
      expect(parsed.ok ? [] : parsed.errors).toEqual([`scheduler.policyConfig: policy "${name}": its config schema takes ${takes}, but a plugin's config is an object of its settings ({} when none is given): its schema must take one, such as z.strictObject({ ... })`]);
    }
    // an object schema's own refusal of the object is as zod gives it
    const name = fresh();
    registerPolicy(name, { description: 'x', config: z.strictObject({ a: z.number() }), create });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, delay: { mode: 'none' } } }));
    expect(parsed.ok ? [] : parsed.errors).toEqual(['scheduler.policyConfig.a: missing (required): expected a number']);
  });

  it('an enumerated config field left out is missing, not a value given (a z.enum without a default read "by must be \\"work\\" or \\"tasks\\"", as if one had been)', () => {
    const name = fresh();
    registerPolicy(name, { description: 'x', config: z.strictObject({ by: z.enum(['work', 'tasks'], { error: 'by must be "work" or "tasks"' }), n: z.literal(5) }), create });
    const left = parseScenario(jobsScenario({ scheduler: { policy: name, delay: { mode: 'none' } } }));
    expect(left.ok ? [] : left.errors).toEqual(['scheduler.policyConfig.by: missing (required): by must be "work" or "tasks"', 'scheduler.policyConfig.n: missing (required): expected 5']);
    // a value given is told as before, with the one it is likely meant as
    const given = parseScenario(jobsScenario({ scheduler: { policy: name, policyConfig: { by: 'Work', n: 5 }, delay: { mode: 'none' } } }));
    expect(given.ok ? [] : given.errors).toEqual(['scheduler.policyConfig.by: by must be "work" or "tasks", not "Work" (did you mean "work"?)']);
  });

  it('an async config schema (a refine giving a Promise) is refused naming the plugin and the field (parseScenario threw zod\'s "Encountered Promise during synchronous parse", naming neither)', () => {
    const name = fresh();
    registerPolicy(name, { description: 'x', config: z.strictObject({ a: z.number().default(1) }).refine(async () => true), create });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, delay: { mode: 'none' } } }));
    expect(parsed.ok ? [] : parsed.errors).toEqual([`scheduler.policyConfig: policy "${name}": its config schema is async (a check or transform of it gives a Promise): a scenario is parsed synchronously, so a plugin's schema must be too`]);
  });

  it('a config schema whose own refine throws is an issue naming the plugin and the field (parseScenario threw it: "run failed", exit 1), on the config and on what it returns', () => {
    const name = fresh();
    registerPolicy(name, { description: 'x', config: z.strictObject({ s: z.number().default(1) }).refine(() => { throw new Error('refine threw'); }), create });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, policyConfig: { s: 3 }, delay: { mode: 'none' } } }));
    expect(parsed.ok ? [] : parsed.errors).toEqual([`scheduler.policyConfig: policy "${name}": its config schema threw (Error: refine threw): a plugin's schema must return its issues (a refine returns false, or calls ctx.addIssue), not throw`]);
    // a schema that throws only when it reads its own output again (simulate() checks the config it is given that way)
    const again = fresh();
    let calls = 0;
    registerPolicy(again, { description: 'x', config: z.strictObject({ s: z.number().default(1) }).refine(() => { if (++calls > 1) throw 'second read'; return true; }), create });
    const second = parseScenario(jobsScenario({ scheduler: { policy: again, delay: { mode: 'none' } } }));
    expect(second.ok ? [] : second.errors).toEqual([`scheduler.policyConfig: policy "${again}": its config schema threw for what it returns (string second read): a plugin's schema must return its issues (a refine returns false, or calls ctx.addIssue), not throw`]);
  });

  it('a policy registered with placesMapsItself is refused the map-scan fields it ignores; one without is not', () => {
    const solver = fresh();
    const plain = fresh();
    registerPolicy(solver, { description: 'places its own', placesMapsItself: true, create });
    registerPolicy(plain, { description: 'scans', create });
    const fields = { delay: { mode: 'wait', nodeMs: 5_000 }, jobTypeRule: true };
    const refused = parseScenario(jobsScenario({ scheduler: { policy: solver, ...fields } }));
    expect(refused.ok ? [] : refused.errors).toEqual([
      `scheduler.delay: policy "${solver}" ignores delay: it places maps by a solution of its own, past any locality gate, job-type rule or long-task balancing: set delay.mode "none"`,
      `scheduler.jobTypeRule: policy "${solver}" ignores jobTypeRule: it places maps by a solution of its own, past any locality gate, job-type rule or long-task balancing: remove it`,
    ]);
    expect(parseScenario(jobsScenario({ scheduler: { policy: plain, ...fields } })).ok).toBe(true);
  });

  it('a replication plugin may declare roundMs (a function); other kinds may not', () => {
    expect(() => registerReplication(fresh(), { description: 'x', create: () => { throw new Error('unused'); }, roundMs: 60_000 } as never))
      .toThrow(/^replication "register-test-\d+": roundMs must be a function, not number$/);
    expect(() => registerGate(fresh(), { description: 'x', create: () => { throw new Error('unused'); }, roundMs: () => 1 } as never))
      .toThrow(/roundMs is not a field of a gate plugin/);
  });

  it('a replication plugin that declares addsNoReplicas gets room for hdfs.replication replicas a block, and any addReplica it asks for is refused; a non-boolean is named', async () => {
    expect(() => registerReplication(fresh(), { description: 'x', create: () => { throw new Error('unused'); }, addsNoReplicas: 'yes' } as never))
      .toThrow(/^replication "register-test-\d+": addsNoReplicas must be a boolean, not string$/);
    const asked: boolean[] = [];
    const copier = (addsNoReplicas: boolean) => {
      const name = fresh();
      registerReplication(name, {
        description: 'copies block 0 to every node at each round', addsNoReplicas,
        create: () => ({ nextRoundMs: 5_000, blockRead() {}, round(hdfs) { for (let node = 0; node < 4; node++) asked.push(hdfs.addReplica(0, node as never)); this.nextRoundMs = Infinity; } }),
      });
      return name;
    };
    const run = async (policy: string) => {
      asked.length = 0;
      const s = parseScenario(jobsScenario({ cluster: { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, hdfs: { replication: 2, blockMB: 64 },
        scheduler: { policy: 'fair', replication: { policy } }, workload: { kind: 'jobs', files: [{ name: 'f', blocks: 4 }], jobs: [{ id: 'a', submitMs: 0, input: 'f', mapMs: 60_000 }] } }));
      if (!s.ok) throw new Error(s.errors.join('\n'));
      const r = await simulate(s.value, { timeDecisions: false });
      return { maxReplicas: r.replication!.maxReplicas, created: r.replication!.replicasCreated, added: asked.filter(Boolean).length };
    };
    // 4 nodes, replication 2: room for 4 (the nodes) a block, 2 copies made; declared: room for 2, none
    expect(await run(copier(false))).toEqual({ maxReplicas: 4, created: 2, added: 2 });
    expect(await run(copier(true))).toEqual({ maxReplicas: 2, created: 0, added: 0 });
    // on the fluid model its racks keep no copy slots, reckoned here (where the plugin is registered) for the rack workers
    const fluid = (policy: string) => {
      const s = parseScenario(jobsScenario({ cluster: { racks: 2, nodesPerRack: 2, network: { model: 'fluid' } }, scheduler: { policy: 'fair', replication: { policy } } }));
      if (!s.ok) throw new Error(s.errors.join('\n'));
      return rackScenario(s.value).copySlots;
    };
    expect([fluid(copier(false)), fluid(copier(true))]).toEqual([COPY_STREAMS, 0]);
  });

  it("a replication plugin's roundMs bounds its rounds x blocks before the run, and a bad roundMs is named", () => {
    const create = () => ({ nextRoundMs: Infinity, round() {}, blockRead() {} });
    const every = fresh();
    const odd = fresh();
    registerReplication(every, { description: 'every ms', config: z.strictObject({ everyMs: z.number().default(1) }), roundMs: (c: { everyMs: number }) => c.everyMs, create });
    registerReplication(odd, { description: 'odd', roundMs: () => 'soon' as never, create });
    const scenario = (policy: string, config?: object) => parseScenario(jobsScenario({ scheduler: { policy: 'fair', replication: { policy, config } },
      workload: { kind: 'generated', groups: [{ name: 'g', count: 100, maps: 100, mapMs: 10_000, intervalMs: 10_000 }] } }));
    const tight = scenario(every);
    if (!tight.ok) throw new Error(tight.errors.join('\n'));
    expect(workloadLimitErrors(tight.value)).toEqual([expect.stringMatching(new RegExp(`^scheduler\\.replication\\.config: \\d+ rounds of 1 ms \\(the interval of replication "${every}"\\) .* block visits, above the limit of 200000000 \\(lengthen the interval\\)$`))]);
    const loose = scenario(every, { everyMs: 60_000 });
    expect(loose.ok && workloadLimitErrors(loose.value)).toEqual([]);
    const bad = scenario(odd);
    if (!bad.ok) throw new Error(bad.errors.join('\n'));
    expect(() => workloadLimitErrors(bad.value)).toThrow(`replication "${odd}": roundMs returned "soon", not a positive number of ms or undefined`);
    // an async roundMs was refused as "returned {}", not as a Promise, as every other plugin method's is
    const later = fresh();
    registerReplication(later, { description: 'async', roundMs: (async () => 60_000) as never, create });
    const asyncRound = scenario(later);
    if (!asyncRound.ok) throw new Error(asyncRound.errors.join('\n'));
    expect(() => workloadLimitErrors(asyncRound.value)).toThrow(`replication "${later}": roundMs() returned a Promise: a plugin's methods run synchronously (no async, no await)`);
    // a frozen copy of its config, as create() gets: a write to the run's own changed it, silently
    const writer = fresh();
    registerReplication(writer, { description: 'writes', config: z.strictObject({ everyMs: z.number().default(60_000) }), roundMs: (c: { everyMs: number }) => { c.everyMs = 1; return 60_000; }, create });
    const written = scenario(writer);
    if (!written.ok) throw new Error(written.errors.join('\n'));
    expect(() => workloadLimitErrors(written.value)).toThrow(/^Cannot assign to read only property 'everyMs'/);
    expect(written.value.scheduler.replication?.config).toEqual({ everyMs: 60_000 });
  });

  it("a pool-aware policy registered with ownsPoolShares reads no pool's weight, min shares or caps (capacity's way); one without reads them as written", async () => {
    const seen = new Map<boolean, unknown>();
    for (const owns of [true, false]) {
      const name = fresh();
      registerPolicy(name, {
        description: 'pools read', usesPools: true, ownsPoolShares: owns,
        create: (_c, context) => {
          seen.set(owns, context.pools!.pools.map(({ config: { name: pool, weight, minMaps, minReduces, maxMaps, maxReduces } }) => ({ pool, weight, minMaps, minReduces, maxMaps, maxReduces })));
          return create();
        },
      });
      const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, pools: [{ name: 'a', weight: 3, minMaps: 2, minReduces: 1, maxMaps: 4, maxReduces: 2 }] } }));
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      expect((await simulate(parsed.value, { timeDecisions: false })).jobs).toHaveLength(2);
    }
    expect(seen.get(true)).toEqual([{ pool: 'a', weight: 1, minMaps: 0, minReduces: 0, maxMaps: Infinity, maxReduces: Infinity }]);
    expect(seen.get(false)).toEqual([{ pool: 'a', weight: 3, minMaps: 2, minReduces: 1, maxMaps: 4, maxReduces: 2 }]);
  });

  it("a pool-aware policy's queue is read through the pools' admission: a pool's maxRunningJobs holds (a queue of every job ran them all at once, silently)", async () => {
    const name = fresh();
    let smallFirstMap: number | undefined;
    registerPolicy(name, {
      description: 'FIFO over pools', usesPools: true,
      create: () => ({ ...create(), events: { mapLaunched: (job, _map, _node, nowMs) => { if (job.spec.id === 'small') smallFirstMap ??= nowMs; } } }),
    });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, pools: [{ name: 'default', maxRunningJobs: 1 }] } }));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const big = (await simulate(parsed.value, { timeDecisions: false })).jobs.find((j) => j.id === 'big')!;
    expect(smallFirstMap).toBeGreaterThanOrEqual(big.finishMs);
  });

  it("a pool-aware policy's frozen queue list, unchanged when a departure admits a job, is read again (admitted-queue.ts keys its copy on the pools' version too)", async () => {
    // big leaves the map queue when its last map launches, and the pool only when its reduces end: its departure admits
    // small while the queue's frozen list, [small], stays the same array (the engine's remove of a job no longer listed
    // changes nothing here)
    const name = fresh();
    const frozenList = () => {
      const q = new SortedJobQueue((a, b) => a.index - b.index);
      let list: readonly Job[] | undefined;
      return {
        add: (job: Job) => { q.add(job); list = undefined; },
        remove: (job: Job) => { if (q.jobs.includes(job)) { q.remove(job); list = undefined; } },
        update: (job: Job) => q.update(job),
        get jobs() { return (list ??= Object.freeze([...q.jobs])); },
      };
    };
    registerPolicy(name, { description: 'FIFO over pools, frozen lists', usesPools: true, create: () => ({ createQueue: frozenList }) });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, pools: [{ name: 'default', maxRunningJobs: 1 }] } }));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const r = await simulate(parsed.value, { timeDecisions: false });
    const [big, small] = ['big', 'small'].map((id) => r.jobs.find((j) => j.id === id)!);
    expect(small.finishMs).toBeGreaterThan(big.finishMs);
    expect(small.finishMs - big.finishMs).toBeLessThan(60_000); // admitted at once, not left waiting
  });

  it('a pool-aware policy sets its own share division in create() (capacity\'s way), and only there', async () => {
    const shares = new Map<string, number[]>();
    let later: unknown;
    const name = fresh();
    registerPolicy(name, {
      description: 'all to the first pool', usesPools: true, ownsPoolShares: true,
      create: (_c, context) => {
        const pools = context.pools!;
        pools.divideSharesBy((list, _kind, slots) => list.map((_p, i) => (i === 0 ? slots : 0)));
        return {
          ...create(),
          events: {
            // at each launch: the shares as divided, and a second division refused
            mapLaunched: () => {
              for (const p of pools.pools) shares.set(p.name, [p.map.fairShare, p.reduce.fairShare]);
              try {
                pools.divideSharesBy(() => []);
              } catch (err) {
                later = err;
              }
            },
          },
        };
      },
    });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name, pools: [{ name: 'a' }, { name: 'b' }] } }));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect((await simulate(parsed.value, { timeDecisions: false })).jobs).toHaveLength(2);
    expect(shares.get('b')).toEqual([0, 0]);
    expect(shares.get('a')![0]).toBeGreaterThan(0);
    expect(later).toBeInstanceOf(TypeError);
    expect((later as Error).message).toMatch(/^the pools' divideSharesBy\(\) sets how their fair shares are divided, once, before the run: a pool-aware policy calls it in its create\(\)/);
  });

  it.each(['hfs', 'capacity'])('a user\'s policy that hands its context to the built-in %s runs as the built-in does (the pools view failed it: "Cannot read private member #watchers")', async (builtin) => {
    const name = fresh();
    const inner = policies.get(builtin)!;
    registerPolicy(name, { description: `${builtin}, wrapped`, usesPools: true, ownsPoolShares: inner.ownsPoolShares, config: inner.config, create: (c, context) => inner.create(c, context) });
    const scheduler = builtin === 'hfs'
      ? { pools: [{ name: 'a', minMaps: 2 }, { name: 'b', weight: 2 }], preemption: { enabled: true }, minSharePreemptionTimeoutMs: 3000 }
      : { queues: [{ name: 'a', capacity: 40 }, { name: 'b', capacity: 60 }], preemption: { enabled: true }, fairSharePreemptionTimeoutMs: 3000 };
    const digest = async (policy: string): Promise<string> => {
      const parsed = parseScenario({
        seed: 3, cluster: { racks: 1, nodesPerRack: 4 }, scheduler: { policy, ...scheduler },
        workload: { kind: 'generated', groups: [{ name: 'a', pool: 'a', count: 3, maps: 12, mapMs: 20000, startMs: 0, intervalMs: 1000 }, { name: 'b', pool: 'b', count: 3, maps: 12, mapMs: 20000, startMs: 5000, intervalMs: 1000 }] },
      });
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      return (await simulate(parsed.value, { timeDecisions: false })).digest;
    };
    expect(await digest(name)).toBe(await digest(builtin));
  });

  it('a good definition registers and runs, optional fields left undefined too', async () => {
    const name = fresh();
    registerPolicy(name, { description: 'oldest first', config: z.strictObject({ k: z.number().default(1) }), permits: ['passAll'], usesPools: undefined, create });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name } }));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect((await simulate(parsed.value, { timeDecisions: false })).jobs).toHaveLength(2);
  });
});

describe('a config given to a plugin that takes none', () => {
  // A base's policyConfig for its plugin, under a variant that changes the policy to one without settings, read only
  // 'scheduler.policyConfig: unknown field "reduceWeight"': nothing said the policy takes none, or how a variant drops it.
  it('says the plugin takes no config and how to drop it, for a policy and a preemption', () => {
    const errors = (scheduler: Record<string, unknown>): string[] => {
      const parsed = parseScenario(jobsScenario({ scheduler: { delay: { mode: 'none' }, ...scheduler } }));
      return parsed.ok ? [] : parsed.errors;
    };
    expect(errors({ policy: 'fair', policyConfig: { reduceWeight: 2 } })).toEqual([
      'scheduler.policyConfig: unknown field "reduceWeight" (policy "fair" takes no config: remove scheduler.policyConfig, or set it to null in a variant that changes scheduler.policy)']);
    // hfs's preemption takes a config (rounding): an unknown field there is told as such, without the no-config hint
    expect(errors({ policy: 'hfs', preemption: { enabled: true, config: { maxKills: 3 } } })).toEqual([
      'scheduler.preemption.config: unknown field "maxKills"']);
    const none = fresh();
    registerPreemption(none, { description: 'kills nothing', create: () => ({ victims: () => [] }) });
    expect(errors({ policy: 'hfs', preemption: { enabled: true, policy: none, config: { maxKills: 3 } } })).toEqual([
      `scheduler.preemption.config: unknown field "maxKills" (preemption.policy "${none}" takes no config: remove scheduler.preemption.config, or set it to null in a variant that changes scheduler.preemption.policy)`]);
    expect(errors({ policy: 'fair', policyConfig: {} })).toEqual([]);
  });
});
