/**
 * Registration checks a plugin's definition at once: a config that is not a zod schema, a shortcut name it does not
 * know, a field misspelled or of the wrong kind is a TypeError naming the plugin and the field, not a failure mid-run.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SortedJobQueue, registerGate, registerPolicy, simulate } from '../../src/index.js';
import { policies } from '../../src/core/framework/registry.js';
import { parseScenario } from '../../src/core/scenario.js';
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
    ['a field misspelled', { needSolver: true }, /: needSolver is not a field of a policy plugin \(description, config, permits, create, usesPools, needsSolver, sizeError\)$/],
  ])('%s', (_what, fields, message) => {
    const name = fresh();
    const plugin = { description: 'x', create, ...fields } as never;
    expect(() => registerPolicy(name, plugin)).toThrow(TypeError);
    expect(() => registerPolicy(name, plugin)).toThrow(message);
    expect(policies.get(name)).toBeUndefined();
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

  it('a good definition registers and runs, optional fields left undefined too', async () => {
    const name = fresh();
    registerPolicy(name, { description: 'oldest first', config: z.strictObject({ k: z.number().default(1) }), permits: ['passAll'], usesPools: undefined, create });
    const parsed = parseScenario(jobsScenario({ scheduler: { policy: name } }));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect((await simulate(parsed.value, { timeDecisions: false })).jobs).toHaveLength(2);
  });
});
