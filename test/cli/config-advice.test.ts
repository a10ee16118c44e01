/** A config left for a plugin that takes none: the advice names what gave it, a --set, the variant or the scenario file. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, loadScenarioFlags } from '../../src/cli/load-scenario.js';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { type Layers, configAdviceNamed } from '../../src/cli/config-advice.js';
import { FLAGS } from '../../src/cli/set-naming.js';
import { type ScenarioIssue, parseScenario } from '../../src/core/scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'hfsim-config-advice-'));
const file = join(dir, 's.json');
writeFileSync(file, JSON.stringify({
  name: 'tiny',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
  workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 },
  scheduler: { policy: 'offers', policyConfig: { frameworks: 'pool' } },
  variants: {
    Offers: {},
    FIFO: { 'scheduler.policy': 'fifo' },
    Own: { 'scheduler.policy': 'fifo', 'scheduler.policyConfig': { depth: 2 } },
  },
}));
const plain = join(dir, 'plain.json');
writeFileSync(plain, JSON.stringify({
  name: 'plain',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
  workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 },
  scheduler: { policy: 'fifo' },
}));

const two = join(dir, 'two.json');
writeFileSync(two, JSON.stringify({
  name: 'two',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
  workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 },
  scheduler: { policy: 'fifo' },
  variants: { Offers: { 'scheduler.policy': 'offers' }, FIFO: {} },
}));
const own = join(dir, 'own.json');
writeFileSync(own, JSON.stringify({
  name: 'own',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
  workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 },
  scheduler: { policy: 'fifo', policyConfig: { depth: 2 } },
}));

function message(load: () => unknown): string {
  try {
    load();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('loaded without an error');
}

const NONE = 'policy "fifo" takes no config';

describe('a config for a plugin that takes none: the advice names what gave it (it said "in a variant" of a --set\'s)', () => {
  it('a --set gave it: drop that --set', () => {
    expect(message(() => loadScenarioFlags(plain, [['scheduler.policyConfig', { x: 1 }]]))).toBe(
      `--set scheduler.policyConfig={"x":1}: scheduler.policyConfig: unknown field "x" (${NONE}: drop --set scheduler.policyConfig)`);
  });

  it('a --set gave it to every variant, one of which takes none: drop it, or pick the variants with --variant', () => {
    expect(message(() => loadScenarioFlags(two, [['scheduler.policyConfig', { inner: 'fifo' }]]))).toBe(
      `--set scheduler.policyConfig={"inner":"fifo"}: variant "FIFO": scheduler.policyConfig: unknown field "inner" (${NONE}: drop --set scheduler.policyConfig, or run only the variants whose scheduler.policy takes one: --variant <name>)`);
  });

  it('a --set replaced the scenario\'s config: --set ...=null removes it, as dropping the --set would leave the file\'s', () => {
    expect(message(() => loadScenarioFlags(file, [['scheduler.policyConfig', { x: 1 }], ['scheduler.policy', 'fifo']], undefined, 'Offers'))).toBe(
      `--set scheduler.policyConfig={"x":1}: scheduler.policyConfig: unknown field "x" (${NONE}: --set scheduler.policyConfig=null removes it, where dropping --set scheduler.policyConfig would leave the scenario's)`);
  });

  it('the variant gave it: remove it from the variant', () => {
    expect(message(() => loadScenarioFlags(file, [], undefined, 'Own'))).toMatch(new RegExp(
      `^${file}:\\d+:\\d+: variant "Own": scheduler\\.policyConfig: unknown field "depth" \\(${NONE}: remove "scheduler\\.policyConfig" from variant "Own"\\)$`));
  });

  it('the file gave it, and a variant names the plugin: remove it there, or null it in that variant', () => {
    expect(message(() => loadScenarioFlags(file, [], undefined, 'FIFO'))).toMatch(new RegExp(
      `^${file}:\\d+:\\d+: variant "FIFO": scheduler\\.policyConfig: unknown field "frameworks" \\(${NONE}: remove scheduler\\.policyConfig from ${file}, or set "scheduler\\.policyConfig": null in variant "FIFO"\\)$`));
  });

  it('the file gave it, and a --set names the plugin: remove it there, or --set ...=null', () => {
    expect(message(() => loadScenarioFlags(file, [['scheduler.policy', 'fifo']], undefined, 'Offers'))).toBe(
      `--set scheduler.policy=fifo: variant "Offers": scheduler.policyConfig: unknown field "frameworks" (${NONE}: remove scheduler.policyConfig from ${file}, or add --set scheduler.policyConfig=null)`);
  });

  it('the file gave it and names the plugin: remove it from the file', () => {
    expect(message(() => loadScenarioFlags(own))).toMatch(new RegExp(
      `^${own}:\\d+:\\d+: scheduler\\.policyConfig: unknown field "depth" \\(${NONE}: remove scheduler\\.policyConfig from ${own}\\)$`));
  });

  it('the library names its arguments', () => {
    expect(message(() => loadScenario(file, [['scheduler.policy', 'fifo']], undefined, 'Offers'))).toBe(
      `sets ["scheduler.policy","fifo"]: variant "Offers": scheduler.policyConfig: unknown field "frameworks" (${NONE}: remove scheduler.policyConfig from ${file}, or add sets ["scheduler.policyConfig",null])`);
  });
});

describe('a sweep\'s config for a plugin that takes none: the advice names its set entry or axis value (it said "in a variant")', () => {
  const sweep = (name: string, spec: Record<string, unknown>): string => {
    const at = join(dir, `${name}.json`);
    writeFileSync(at, JSON.stringify({ name, base: 'plain.json', ...spec }));
    return at;
  };

  it('its set gave it: drop it from set', () => {
    expect(message(() => loadSweep(sweep('set', { set: { 'scheduler.policyConfig': { depth: 2 } }, axes: { 'cluster.racks': [2, 3] } })))).toMatch(
      /: scheduler\.policyConfig: unknown field "depth" \(policy "fifo" takes no config: drop "set"'s "scheduler\.policyConfig"\)$/);
  });

  it('an axis value gave it: drop that value', () => {
    expect(message(() => loadSweep(sweep('axis', { axes: { 'scheduler.policyConfig': [null, { depth: 2 }] } })))).toMatch(
      /: scheduler\.policyConfig: unknown field "depth" \(policy "fifo" takes no config: drop the value \{"depth":2\} of axis "scheduler\.policyConfig"\)$/);
  });

  it('its set gave it, and an axis names the plugin: drop it, or sweep the plugins as variants of the base', () => {
    expect(message(() => loadSweep(sweep('policies', { set: { 'scheduler.policyConfig': { frameworks: 'pool' } }, axes: { 'scheduler.policy': ['offers', 'fifo'] } })))).toMatch(
      /: scheduler\.policyConfig: unknown field "frameworks" \(policy "fifo" takes no config: drop "set"'s "scheduler\.policyConfig", or write each scheduler\.policy as a variant of the base, with its own scheduler\.policyConfig, and sweep those \(axes\.variant\)\)$/);
  });

  it('the base gave it, and set names the plugin: remove it from the base, or null it in set', () => {
    writeFileSync(join(dir, 'offers.json'), JSON.stringify({ name: 'offers', cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
      workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 }, scheduler: { policy: 'offers', policyConfig: { frameworks: 'pool' } } }));
    expect(message(() => loadSweep(sweep('base', { base: 'offers.json', set: { 'scheduler.policy': 'fifo' } })))).toMatch(
      /: scheduler\.policyConfig: unknown field "frameworks" \(policy "fifo" takes no config: remove scheduler\.policyConfig from offers\.json, or add "scheduler\.policyConfig": null in "set"\)$/);
  });
});

describe('a field the policy ignores: the advice names what gave it or changed the policy (it said "in a variant" of a --set\'s)', () => {
  const pools = join(dir, 'pools.json');
  writeFileSync(pools, JSON.stringify({
    name: 'pools',
    cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
    workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 },
    scheduler: { policy: 'hfs', pools: [{ name: 'a', weight: 2 }] },
    variants: { HFS: {}, FIFO: { 'scheduler.policy': 'fifo' } },
  }));
  const IGNORES = 'policy "fifo" ignores pools (only "hfs" and "capacity" read it)';

  it('a --set changed the policy: drop that --set, or --set the field null', () => {
    expect(message(() => loadScenarioFlags(pools, [['scheduler.policy', 'fifo']], undefined, 'HFS'))).toBe(
      `--set scheduler.policy=fifo: scheduler.pools: ${IGNORES}: drop --set scheduler.policy, or add --set scheduler.pools=null`);
  });

  it('a --set gave the field: drop that --set', () => {
    expect(message(() => loadScenarioFlags(plain, [['scheduler.pools', [{ name: 'a' }]]]))).toBe(
      `--set scheduler.pools=[{"name":"a"}]: scheduler.pools: ${IGNORES}: drop --set scheduler.pools`);
  });

  it('the file gave it, and a variant changed the policy: remove it there, or null it in that variant', () => {
    expect(message(() => loadScenarioFlags(pools, [], undefined, 'FIFO'))).toMatch(new RegExp(
      `^${pools}:\\d+:\\d+: variant "FIFO": scheduler\\.pools: ${IGNORES.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: remove scheduler\\.pools from ${pools}, or set "scheduler\\.pools": null in variant "FIFO"$`));
  });

  it('a sweep\'s set changed the policy: drop it, or null the field there', () => {
    const at = join(dir, 'pools-sweep.json');
    writeFileSync(at, JSON.stringify({ name: 'pools-sweep', base: 'pools.json', set: { 'scheduler.policy': 'fifo' }, axes: { variant: ['HFS'] } }));
    expect(message(() => loadSweep(at))).toMatch(/: scheduler\.pools: policy "fifo" ignores pools \(only "hfs" and "capacity" read it\): drop "set"'s "scheduler\.policy", or add "scheduler\.pools": null in "set"$/);
  });
});

describe('the advice is read from the issue\'s data beside its line, not from its words (the CLI parsed them with patterns that repeated the core\'s)', () => {
  const policy = { kind: 'policy', path: 'scheduler.policy', name: 'fifo' };
  const left = (message: string, text: string): ScenarioIssue => ({ message, unread: { kind: 'config-left', field: 'scheduler.policyConfig', plugin: policy, advice: { text, then: ']' } } });
  const ignored = (message: string, text: string): ScenarioIssue => ({ message, unread: { kind: 'field-ignored', field: 'scheduler.pools', plugin: policy, advice: { text, then: '' } } });
  const layers = (sets: Layers['sets'], variant: Layers['variant'] = { name: '', overrides: {} }): Layers => ({ file: 'f.json', variant, sets, naming: FLAGS, beforeSets: {} });

  it.each([
    ['a --set gave the config', left('scheduler.policyConfig: no "x" here [fifo wants nothing; DROP IT]', 'DROP IT'), layers([['scheduler.policyConfig', { x: 1 }]]),
      'scheduler.policyConfig: no "x" here [fifo wants nothing; drop --set scheduler.policyConfig]'],
    ['a variant gave the config', left('scheduler.policyConfig: no "x" here [fifo wants nothing; DROP IT]', 'DROP IT'), layers([], { name: 'V', overrides: { 'scheduler.policyConfig': { x: 1 } } }),
      'scheduler.policyConfig: no "x" here [fifo wants nothing; remove "scheduler.policyConfig" from variant "V"]'],
    ['a --set changed the policy', ignored('scheduler.pools: fifo reads no pools -- DROP IT', 'DROP IT'), layers([['scheduler.policy', 'fifo']]),
      'scheduler.pools: fifo reads no pools -- drop --set scheduler.policy, or add --set scheduler.pools=null'],
    ['a variant changed the policy', ignored('scheduler.pools: fifo reads no pools -- DROP IT', 'DROP IT'), layers([], { name: 'FIFO', overrides: { 'scheduler.policy': 'fifo' } }),
      'scheduler.pools: fifo reads no pools -- remove scheduler.pools from f.json, or set "scheduler.pools": null in variant "FIFO"'],
  ])('%s: named whatever the words', (_, issue, given, said) => {
    expect(configAdviceNamed(issue, given)).toBe(said);
  });

  it('a line without such data, or not ending in the advice it names, is left as it is', () => {
    expect(configAdviceNamed({ message: `scheduler.policyConfig: unknown field "x" (${NONE}: remove scheduler.policyConfig, or set it to null in a variant that changes scheduler.policy)` }, layers([['scheduler.policyConfig', { x: 1 }]])))
      .toBe(`scheduler.policyConfig: unknown field "x" (${NONE}: remove scheduler.policyConfig, or set it to null in a variant that changes scheduler.policy)`);
    expect(configAdviceNamed(left('scheduler.policyConfig: changed since', 'DROP IT'), layers([['scheduler.policyConfig', { x: 1 }]]))).toBe('scheduler.policyConfig: changed since');
  });

  it.each([
    [{ policy: 'fifo', pools: [{ name: 'a' }] }, { kind: 'field-ignored', field: 'scheduler.pools', plugin: policy, advice: { text: 'remove it, or set it to null in a variant that changes the policy', then: '' } }],
    [{ policy: 'fifo', policyConfig: { x: 1 } }, { kind: 'config-left', field: 'scheduler.policyConfig', plugin: policy, advice: { text: 'remove scheduler.policyConfig, or set it to null in a variant that changes scheduler.policy', then: ')' } }],
  ])('parseScenario gives each error as an issue too, with what it is about as data (%j)', (scheduler, unread) => {
    const parsed = parseScenario({ workload: { kind: 'facebook', jobs: 5 }, scheduler });
    expect(parsed.ok ? [] : parsed.issues.map((i) => i.message)).toEqual(parsed.ok ? [''] : parsed.errors);
    expect(parsed.ok ? [] : parsed.issues.map((i) => i.unread)).toEqual([unread]);
  });
});
