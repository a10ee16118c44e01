/**
 * A field's error in a scenario or sweep file names the line and column where the field is written (`s.json:4:12:
 * cluster.racks: ...`): a 300-line scenario's error named only the field path. A --set's has no line.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fieldPlaces, noteJsonText, segmentsOf } from '../../src/cli/field-place.js';
import { loadScenarioFlags } from '../../src/cli/load-scenario.js';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { CLI, hfsim, tmp, writeJson } from './sweep-helpers.js';
import { SortedJobQueue, compareFair, registerPolicy, registerPreemption, z } from '../../src/index.js';

const dir = tmp('lines');

/** The lines of the InputError `load` throws. */
function errorLines(load: () => unknown): string[] {
  try {
    load();
  } catch (err) {
    return (err as Error).message.split('\n');
  }
  throw new Error('loaded without an error');
}

const scenario = (name: string, text: string): string => writeJson(dir, name, text);

describe('a scenario field error names its line and column', () => {
  it('a bad value nested 3 levels deep, at its value', () => {
    const file = scenario('deep.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "scheduler": {
    "policy": "fair",
    "delay": {
      "mode": "wait",
      "nodeMs": -1,
      "rackMs": 10
    }
  }
}`);
    expect(errorLines(() => loadScenarioFlags(file))).toEqual([`${file}:7:17: scheduler.delay.nodeMs: nodeMs must not be negative`]);
  });

  it('an unknown key at the key; a missing field at the object it is missing from', () => {
    const file = scenario('keys.json', `{
  "cluster": {
    "nodes": 10,
    "racks": -1
  }
}`);
    expect(errorLines(() => loadScenarioFlags(file))).toEqual([
      `${file}:4:14: cluster.racks: racks must be at least 1`,
      `${file}:3:5: cluster: unknown field "nodes"`,
      `${file}:1:1: workload: missing (required): workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls"`,
    ]);
    const nested = scenario('missing.json', `{
  "workload": {
    "kind": "facebook",
    "jobs": 5
  },
  "scheduler": {
    "delay": { "nodeMs": 5 }
  }
}`);
    expect(errorLines(() => loadScenarioFlags(nested))[0]).toMatch(new RegExp(`^${nested}:7:14: scheduler\\.delay\\.mode: missing \\(required\\)`));
  });

  it('an error in a list element: a job of a jobs workload, a pool of an inline pool list', () => {
    const file = scenario('lists.json', `{
  "workload": {
    "kind": "jobs",
    "files": [{ "name": "in", "blocks": 2 }],
    "jobs": [
      { "id": "a", "input": "in", "mapMs": 1000 },
      { "id": "b", "input": "in", "mapMs": 1000,
        "submitMs": -5 }
    ]
  },
  "scheduler": {
    "policy": "hfs",
    "pools": [
      { "name": "p1", "weight": 1 },
      { "name": "p2", "weight": -2 }
    ]
  }
}`);
    expect(errorLines(() => loadScenarioFlags(file))).toEqual([
      `${file}:15:33: scheduler.pools[1].weight: weight must be greater than 0`,
      `${file}:8:21: workload.jobs[1].submitMs: submitMs must not be negative`,
    ]);
  });

  it('a variant\'s field at the variant\'s override, not at the base', () => {
    const file = scenario('variants.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "scheduler": { "policy": "fair" },
  "variants": {
    "A": { "cluster.racks": 2 },
    "B": {
      "scheduler.delay": { "mode": "wait", "nodeMs": -1, "rackMs": 1 }
    }
  }
}`);
    expect(errorLines(() => loadScenarioFlags(file, [], undefined, 'B'))).toEqual([`${file}:7:54: variant "B": scheduler.delay.nodeMs: nodeMs must not be negative`]);
    // the variants table's own errors too, a key holding dots one segment
    const table = scenario('table.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "variants": {
    "A": {
      "scheduler.delay.nodeMs": 1,
      "scheduler.delay": { "mode": "none" }
    }
  }
}`);
    expect(errorLines(() => loadScenarioFlags(table))[0]).toMatch(new RegExp(`^${table}:5:33: variants\\.A\\.scheduler\\.delay\\.nodeMs: `));
  });

  // It was placed at the base's "scheduler" (or 1:1 where the base wrote none), where the variant named the plugin.
  it('a field a plugin\'s config lacks, where no file writes the config, at the field that names the plugin', () => {
    registerPolicy('needs-depth', { description: 'x', config: z.strictObject({ depth: z.number() }), create: () => ({ createQueue: () => new SortedJobQueue(compareFair('map')) }) });
    registerPreemption('needs-share', { description: 'x', config: z.strictObject({ share: z.number() }), create: () => ({ victims: () => [] }) } as never);
    const file = scenario('plugin-config.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "scheduler": { "policy": "hfs" },
  "variants": {
    "Fair": {},
    "Depth": { "scheduler.policy": "needs-depth" },
    "Share": { "scheduler.preemption": { "enabled": true, "policy": "needs-share" } }
  }
}`);
    expect(errorLines(() => loadScenarioFlags(file, [], undefined, 'Depth'))).toEqual([`${file}:6:36: variant "Depth": scheduler.policyConfig.depth: missing (required): expected a number`]);
    // a variant that writes the object the config belongs in: at that object, as any missing field is
    expect(errorLines(() => loadScenarioFlags(file, [], undefined, 'Share'))).toEqual([`${file}:7:40: variant "Share": scheduler.preemption.config.share: missing (required): expected a number`]);
    const bare = scenario('plugin-config-bare.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "variants": { "Depth": { "scheduler.policy": "needs-depth" } }
}`);
    expect(errorLines(() => loadScenarioFlags(bare))).toEqual([`${bare}:3:48: variant "Depth": scheduler.policyConfig.depth: missing (required): expected a number`]);
    const base = scenario('plugin-config-base.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "scheduler": { "assignMultiple": true, "policy": "needs-depth" }
}`);
    expect(errorLines(() => loadScenarioFlags(base))).toEqual([`${base}:3:52: scheduler.policyConfig.depth: missing (required): expected a number`]);
    expect(errorLines(() => loadScenarioFlags(file, [['scheduler.policy', 'needs-depth']], undefined, 'Fair'))).toEqual(['--set scheduler.policy=needs-depth: variant "Fair": scheduler.policyConfig.depth: missing (required): expected a number']);
    // a config written, though empty, is where the field goes
    const empty = scenario('plugin-config-empty.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "variants": { "Depth": { "scheduler.policy": "needs-depth", "scheduler.policyConfig": {} } }
}`);
    expect(errorLines(() => loadScenarioFlags(empty))).toEqual([`${empty}:3:89: variant "Depth": scheduler.policyConfig.depth: missing (required): expected a number`]);
  });

  it('a --set\'s error has no line: it is the command line\'s, and says so', () => {
    const file = scenario('set.json', `{
  "workload": { "kind": "facebook", "jobs": 5 }
}`);
    expect(errorLines(() => loadScenarioFlags(file, [['cluster.racks', -1]]))).toEqual(['--set cluster.racks=-1: cluster.racks: racks must be at least 1']);
  });

  // A path the value does not hold, with a "[" that is no index ("cluster.racks.x[", an override through a number):
  // the path's split made an empty segment and never moved on, and hfsim run hung.
  it('a field path that is no path is placed at what it names of the file, without hanging', () => {
    expect(segmentsOf({ cluster: { racks: 3 } }, 'cluster.racks.x[')).toEqual(['cluster', 'racks', 'x[']);
    expect(segmentsOf({}, 'scheduler.policy "bad"')).toEqual(['scheduler', 'policy "bad"']);
    const file = scenario('bracket.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "cluster": { "racks": 3 },
  "variants": { "V": { "cluster.racks.x[": 1 } }
}`);
    const r = spawnSync(process.execPath, [CLI, 'run', file, '--dry-run'], { encoding: 'utf8', timeout: 20_000 });
    expect([r.status, r.stderr]).toEqual([2, `hfsim: ${file}:4:44: variant "V": cluster.racks.x[: cluster.racks is 3, not an object, so cluster.racks.x[ cannot be set in it\n`]);
  });

  // each error's target was added to its prefixes' lists by a copy of the list: 100,000 jobs' errors took 217 s
  it('the errors of every element of a long list are placed in one linear scan', () => {
    const n = 60_000;
    const value = { workload: { jobs: Array.from({ length: n }, (_, i) => ({ id: `j${i}`, maps: 1 })) } };
    const text = JSON.stringify(value, null, 1);
    noteJsonText(value, text);
    const errors = Array.from({ length: n }, (_, i) => `workload.jobs[${i}]: unknown field "maps"`);
    const start = performance.now();
    const places = fieldPlaces(errors, value, { file: 'f.json', root: value, at: [] });
    expect(performance.now() - start).toBeLessThan(15_000); // 0.7 s here (2.4 s at a load of 9 on 2 cores); the copies took 68 s
    expect(places[0]).toEqual({ file: 'f.json', line: 6, column: 5 });
    expect(places[n - 1]).toEqual({ file: 'f.json', line: 6 + 4 * (n - 1), column: 5 });
  });

  it('hfsim run: the line on stderr, exit 2', () => {
    const file = scenario('cli.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "cluster": {
    "racks": 0
  }
}`);
    for (const args of [['run', file], ['run', file, '--dry-run']]) {
      const r = hfsim(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`hfsim: ${file}:4:14: cluster.racks: racks must be at least 1\n`);
    }
  });
});

describe('a sweep field error names its line in the file that writes it', () => {
  const base = scenario('base.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "cluster": { "racks": 2, "nodesPerRack": 3 },
  "variants": { "V": { "scheduler.delay": { "mode": "skip", "maxSkips": -1 } } }
}`);

  it('the sweep file\'s own field, an axis value, and a value of the base\'s variant', () => {
    const chart = writeJson(dir, 'chart.sweep.json', `{
  "base": "base.json",
  "axes": { "cluster.racks": [1, 2] },
  "charts": [
    { "metric": "locality.node", "colour": "red" }
  ]
}`);
    expect(errorLines(() => loadSweep(chart))).toEqual([`${chart}:5:34: charts[0]: unknown field "colour"`]);
    const axis = writeJson(dir, 'axis.sweep.json', `{
  "base": "base.json",
  "axes": {
    "variant": ["V"],
    "cluster.racks": [1, 0]
  }
}`);
    expect(errorLines(() => loadSweep(axis))).toEqual([`${axis}: base base.json:4:73 at variant="V", cluster.racks=1: scheduler.delay.maxSkips: maxSkips must not be negative`]);
    const fixed = writeJson(dir, 'fixed.sweep.json', `{
  "base": "base.json",
  "set": { "scheduler.delay": { "mode": "skip", "maxSkips": 1 } },
  "axes": {
    "cluster.racks": [1, 0]
  }
}`);
    expect(errorLines(() => loadSweep(fixed))).toEqual([`${fixed}:5:26: base base.json at variant="V", cluster.racks=0: cluster.racks: racks must be at least 1`]);
  });

  it('alike errors of a base\'s list, each at its own line, are counted in one line as other alike errors are (10 jobs printed 10 lines)', () => {
    const jobs = Array.from({ length: 10 }, (_, i) => `    { "id": "j${i}", "submitMs": 0, "maps": 1 }`).join(',\n');
    writeJson(dir, 'listed.json', `{\n  "workload": { "kind": "jobs", "jobs": [\n${jobs}\n  ] }\n}`);
    const sweep = writeJson(dir, 'listed.sweep.json', '{ "base": "listed.json", "axes": { "cluster.racks": [1, 2] } }');
    const r = hfsim('sweep', sweep, '--dry-run');
    expect(r.code).toBe(2);
    // (the jobs lack their input and mapMs too: each kind of error is counted apart)
    const lines = r.stderr.trim().split('\n').filter((l) => l.includes('unknown field "maps"'));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^hfsim: \S+listed\.sweep\.json: base listed\.json:3:\d+ at cluster\.racks=1: workload\.jobs\[0\]: unknown field "maps"/);
    expect(lines[3]).toMatch(/^hfsim: \.\.\. and 7 more like it: \S+listed\.sweep\.json: base listed\.json at cluster\.racks=1: workload\.jobs\[\*\]: unknown field "maps"/);
  });

  // It was placed at the axis's "[" (an unknown key has no key in a list of values), or, where the unknown key is a
  // segment of the path short of its end ("workload.extra.deep"), at the base's "workload".
  it('an unknown field an axis, set or variant path brings, at that path\'s key; one inside an axis value, at its key there', () => {
    const fields = writeJson(dir, 'fields.sweep.json', `{
  "base": "base.json",
  "axes": {
    "cluster.rackz": [1, 2],
    "workload.extra.deep": [
      3
    ],
    "scheduler.delay": [{ "mode": "skip", "maxSkips": 1, "extra": 2 }]
  }
}`);
    const at = 'at variant="V", cluster.rackz=1, workload.extra.deep=3, scheduler.delay={"mode":"skip","maxSkips":1,"extra":2}';
    expect(errorLines(() => loadSweep(fields))).toEqual([
      `${fields}:4:5: base base.json ${at}: cluster: unknown field "rackz" (did you mean "racks"?)`,
      `${fields}:8:58: base base.json ${at}: scheduler.delay: unknown field "extra"`,
      `${fields}:5:5: base base.json ${at}: workload: unknown field "extra"`,
    ]);
    const set = writeJson(dir, 'set.sweep.json', `{
  "base": "base.json",
  "set": { "workload.extra.deep": 1 }
}`);
    expect(errorLines(() => loadSweep(set))).toEqual([
      `${set}: base base.json:4:73 at variant="V": scheduler.delay.maxSkips: maxSkips must not be negative`,
      `${set}:3:12: base base.json at variant="V": workload: unknown field "extra"`,
    ]);
    const variant = scenario('deep-variant.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "variants": { "V": { "workload.extra.deep": 1 } }
}`);
    expect(errorLines(() => loadScenarioFlags(variant))).toEqual([`${variant}:3:24: variant "V": workload: unknown field "extra"`]);
  });

  // A "__proto__" key of set or axes was told with no place; a path reaching "constructor" or with an empty segment at
  // its value (an axis's "[").
  it('a key set or axes refuse, at the key', () => {
    const keys = writeJson(dir, 'keys.sweep.json', `{
  "base": "base.json",
  "set": { "constructor": 1, "a..b": 2 },
  "axes": {
    "cluster.racks": [1],
    "cluster.prototype": [1]
  }
}`);
    expect(errorLines(() => loadSweep(keys))).toEqual([
      `${keys}:3:12: set.constructor: "constructor": "constructor" is not a field`,
      `${keys}:3:30: set.a..b: "a..b" is not a field path (an empty segment)`,
      `${keys}:6:5: axes.cluster.prototype: "cluster.prototype": "prototype" is not a field`,
    ]);
    for (const field of ['axes', 'set']) {
      const proto = writeJson(dir, `proto-${field}.sweep.json`, `{
  "base": "base.json",
  "${field}": {
    "cluster.racks": [1],
    "__proto__": [2]
  }
}`);
      expect(errorLines(() => loadSweep(proto))).toEqual([`${proto}:5:5: ${field}: "__proto__": "__proto__" is not a field`]);
    }
    // a variant's "__proto__" was refused as the variant applied, at line 1, column 1 (no field named); then at its
    // value (review: set's and axes' refused keys are at the key)
    const variant = scenario('proto-variant.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "variants": { "V": { "cluster.racks": 2, "__proto__": 1 } }
}`);
    expect(errorLines(() => loadScenarioFlags(variant))).toEqual([`${variant}:3:44: variants.V.__proto__: "__proto__": "__proto__" is not a field`]);
    // and with it the table's other errors (review: they were hidden while a "__proto__" was there)
    const both = scenario('proto-and-more.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "variants": { "V": { "__proto__": 1, "constructor": 1 } }
}`);
    expect(errorLines(() => loadScenarioFlags(both))).toEqual([
      `${both}:3:24: variants.V.__proto__: "__proto__": "__proto__" is not a field`,
      `${both}:3:40: variants.V.constructor: "constructor": "constructor" is not a field`,
    ]);
    const paths = scenario('refused-variant-paths.json', `{
  "workload": { "kind": "facebook", "jobs": 5 },
  "variants": { "V": { "constructor.x": 1, "": 2, "a..b": 3, "variants.X": 4 } }
}`);
    expect(errorLines(() => loadScenarioFlags(paths))).toEqual([
      `${paths}:3:24: variants.V.constructor.x: "constructor.x": "constructor" is not a field`,
      `${paths}:3:44: variants.V.: "" is not a field path: name a field, e.g. "cluster.racks"`,
      `${paths}:3:51: variants.V.a..b: "a..b" is not a field path (an empty segment)`,
      `${paths}:3:62: variants.V.variants.X: "variants.X": variants cannot be overridden (they are resolved before any override)`,
    ]);
    const ofBase = writeJson(dir, 'proto-base.sweep.json', '{ "base": "proto-variant.json" }');
    expect(errorLines(() => loadSweep(ofBase))).toEqual([`${ofBase}: base proto-variant.json:3:44: variants.V.__proto__: "__proto__": "__proto__" is not a field`]);
  });

  it('an inline base\'s field, in the sweep file', () => {
    const inline = writeJson(dir, 'inline.sweep.json', `{
  "base": {
    "workload": { "kind": "facebook", "jobs": 5 },
    "cluster": { "racks": -3 }
  }
}`);
    expect(errorLines(() => loadSweep(inline))).toEqual([`${inline}:4:27: base: cluster.racks: racks must be at least 1`]);
  });
});
