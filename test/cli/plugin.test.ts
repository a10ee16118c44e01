/** A user's plugin (examples/srwf.js) from the command line and through the library API; plugin files that fail. */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError, SortedJobQueue, loadPlugins, loadScenario, registerGate, registerPolicy, registerPreemption, registerReplication, simulate } from '../../src/index.js';
import { policies } from '../../src/core/framework/registry.js';
import { resolveScenario } from '../../src/cli/resolve-scenario.js';
import { ROOT, base, hfsim, tmp, writeJson } from './sweep-helpers.js';

/** The built-in policies' list as the scenario error spells it, taken before any test registers a plugin here. */
const BUILT_IN_POLICIES = policies.oneOf().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SCENARIO = join(ROOT, 'examples', 'srwf.json');
const PLUGIN = './examples/srwf.js';
const VARIANT = 'SRWF + delay';

function hangingPlugin(): string {
  const file = join(tmp('plugin-hang'), 'hang.mjs');
  writeFileSync(file, 'await new Promise(() => {});\n');
  return file;
}

function exportingPlugin(): string {
  const file = join(tmp('plugin-exports'), 'exports.mjs');
  const plugin = `{ description: 'x', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => a.index - b.index) }) }`;
  writeFileSync(file, `import { SortedJobQueue } from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))};\nexport default ${plugin};\nexport const lifo = ${plugin};\nexport const n = 3;\n`);
  return file;
}

function brokenPlugin(): string {
  const file = join(tmp('plugin-syntax'), 'broken.mjs');
  writeFileSync(file, '// a slip on line 3\nconst x = 1;\nconsole.log(x}});\n');
  return file;
}

describe('a pool-aware plugin policy and an allocation file', () => {
  it('has the file read, as hfs and capacity have (its pools were dropped, silently: the plugin saw none)', () => {
    const dir = tmp('plugin-alloc');
    writeFileSync(join(dir, 'a.xml'), '<allocations>\n  <pool name="prod"><weight>3</weight><minMaps>2</minMaps></pool>\n</allocations>\n');
    writeJson(dir, 's.json', { name: 'own', cluster: { racks: 1, nodesPerRack: 2 }, scheduler: { policy: 'alloc-reader', allocationFile: 'a.xml' },
      workload: { kind: 'generated', groups: [{ name: 'g', pool: 'prod', maps: 2, mapMs: 1000 }] } });
    registerPolicy('alloc-reader', { description: 'reads its pools', usesPools: true, create: () => ({ createQueue: () => new SortedJobQueue((a, b) => a.index - b.index) }) });
    const loaded = loadScenario(join(dir, 's.json'));
    expect(loaded.variants[0].scenario.scheduler.pools).toEqual([expect.objectContaining({ name: 'prod', weight: 3, minMaps: 2 })]);
  });
});

describe('a plugin policy registered with ownsPoolShares and the pool fields it ignores', () => {
  const q = () => ({ createQueue: () => new SortedJobQueue((a, b) => a.index - b.index) });
  registerPolicy('shares-owner', { description: 'owns the shares', usesPools: true, ownsPoolShares: true, create: q });
  registerPolicy('shares-reader', { description: 'leaves the shares to the pools', usesPools: true, create: q });
  const raw = (policy: string, scheduler: Record<string, unknown>) => ({ name: 'o', cluster: { racks: 1, nodesPerRack: 2 }, scheduler: { policy, ...scheduler },
    workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 2, mapMs: 1000 }] } });
  const errors = (r: ReturnType<typeof resolveScenario>): string[] => (r.ok ? [] : r.errors);

  it('refuses a pool\'s weight, min shares and caps the scenario writes, as capacity does (they were dropped, silently)', () => {
    const r = resolveScenario(raw('shares-owner', { pools: [{ name: 'a', weight: 5, minMaps: 2, maxMaps: 2 }] }), join(tmp('owner'), 's.json'));
    expect(errors(r)).toEqual(['weight', 'minMaps', 'maxMaps'].map((f) => `scheduler.pools[0].${f}: policy "shares-owner" ignores ${f} (it divides and caps the pools' shares by rules of its own, registered with ownsPoolShares; "hfs" reads it): remove it`));
    expect(resolveScenario(raw('shares-reader', { pools: [{ name: 'a', weight: 5, minMaps: 2, maxMaps: 2 }] }), join(tmp('owner'), 's.json')).ok).toBe(true);
  });

  it('refuses the pools\' default caps under the owner, not under a policy that reads them', () => {
    // (the readers named: hfs and the pool-aware plugins registered so far that leave the shares to the pools)
    const refused = errors(resolveScenario(raw('shares-owner', { poolMaxMapsDefault: 1 }), join(tmp('owner'), 's.json')));
    expect(refused).toEqual([expect.stringMatching(/^scheduler\.poolMaxMapsDefault: policy "shares-owner" ignores poolMaxMapsDefault \(only "hfs"(, | and )[^)]*"shares-reader"[^)]* read it\): remove it, or set it to null in a variant that changes the policy$/)]);
    expect(/\(only ([^)]*) read it\)/.exec(refused[0])?.[1]).not.toContain('shares-owner');
    expect(resolveScenario(raw('shares-reader', { poolMaxMapsDefault: 1 }), join(tmp('owner'), 's.json')).ok).toBe(true);
  });
});

describe('examples/srwf.js', () => {
  it('runs from the CLI with --plugin, in-process and on threads, with one digest', () => {
    const a = hfsim('run', SCENARIO, '--plugin', PLUGIN, '--variant', VARIANT, '--json');
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    const threads = hfsim('run', SCENARIO, '--plugin', PLUGIN, '--variant', VARIANT, '--json', '--runtime', 'threads', '--workers', '2');
    expect(threads.code).toBe(0);
    const r = JSON.parse(a.stdout) as { digest: string; config: { scheduler: { policy: string; policyConfig: unknown } } };
    expect(r.config.scheduler).toMatchObject({ policy: 'srwf', policyConfig: { by: 'work' } });
    expect((JSON.parse(threads.stdout) as { digest: string }).digest).toBe(r.digest);
  });

  it('--json keeps stdout for the JSON: what the plugin prints (at import, during the run, on a worker process) goes to stderr', () => {
    // it came before the JSON on stdout, which JSON.parse (or pandas) then refused: "Unexpected token 's'"
    const dir = tmp('chatty');
    const file = join(dir, 'chatty.mjs');
    writeFileSync(file, `${readFileSync(join(ROOT, PLUGIN), 'utf8').replace("from 'hfsim'", `from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))}`)
      .replace('return new SortedJobQueue((a, b) =>', 'let said = false;\n      return new SortedJobQueue((a, b) => (said || (said = process.stdout.write(\'mid-run\\n\'))) &&')}
console.log('srwf loaded');
`);
    const plain = hfsim('run', SCENARIO, '--plugin', file, '--variant', VARIANT, '--json');
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('srwf loaded\nmid-run\n');
    const digest = (JSON.parse(plain.stdout) as { digest: string }).digest;
    const both = hfsim('run', SCENARIO, '--plugin', file, '--json', '--parallel', '2');
    expect(both.code).toBe(0);
    expect((JSON.parse(both.stdout) as Array<{ variant: string; digest: string }>).find((r) => r.variant === VARIANT)!.digest).toBe(digest);
    expect(both.stderr).toContain('mid-run');
    // without --json the table is no JSON, and the plugin prints beside it as before
    expect(hfsim('run', SCENARIO, '--plugin', file, '--variant', VARIANT).stdout).toMatch(/^srwf loaded\n/);
  });

  it('README\'s copy of it, in a file of its own, refuses a bad "by" in the words README quotes (it gave zod\'s own)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const quoted = /`hfsim: examples\/srwf\.json:12:85: variant "SRWF \+ delay": (scheduler\.policyConfig\.by: [^`]+)` \(exit 2\)/.exec(readme);
    expect(quoted, 'README quotes the error of a bad "by"').not.toBeNull();
    const code = /\n {4}(import \{ SortedJobQueue, registerPolicy, z \} from 'hfsim';\n(?: {4}.*\n)+)/.exec(readme);
    expect(code, 'README shows srwf.js\'s code').not.toBeNull();
    const dir = tmp('readme-srwf');
    const file = join(dir, 'srwf.mjs');
    writeFileSync(file, code![1].replace(/^ {4}/gm, '').replace("from 'hfsim'", `from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))}`));
    const scenario = writeJson(dir, 'srwf.json', { ...JSON.parse(readFileSync(SCENARIO, 'utf8')), variants: { [VARIANT]: { 'scheduler.policy': 'srwf', 'scheduler.policyConfig': { by: 'time' } } } });
    const r = hfsim('run', scenario, '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${scenario}:34:15: variant "${VARIANT}": ${quoted![1]}\n`);
  });

  it('runs through the library API with the digest the CLI prints', async () => {
    const example = join(ROOT, 'examples', 'srwf.js'); // plain JS, imported as a user's program would
    await import(example);
    const v = loadScenario(SCENARIO, [], undefined, VARIANT).variants[0];
    const api = await simulate(v.scenario, { variant: VARIANT, timeDecisions: false });
    const cli = JSON.parse(hfsim('run', SCENARIO, '--plugin', PLUGIN, '--variant', VARIANT, '--json').stdout) as { digest: string };
    expect(api.digest).toBe(cli.digest);
    // It permits both shortcuts: the plain walk over every heartbeat decides the same.
    const walk = await simulate(v.scenario, { variant: VARIANT, timeDecisions: false, scan: 'walk', everyHeartbeat: true });
    expect(walk.digest).toBe(api.digest);
    // SRWF is not fair sharing: the order differs, and so does the outcome.
    const fair = loadScenario(SCENARIO, [], undefined, 'Fair + delay').variants[0];
    expect((await simulate(fair.scenario, { variant: VARIANT, timeDecisions: false })).digest).not.toBe(api.digest);
  });

  it('runs variants side by side on worker processes that load the plugin (run --parallel), with the digests of one after another', () => {
    const digests = (...flags: string[]) => {
      const r = hfsim('run', SCENARIO, '--plugin', PLUGIN, '--json', ...flags);
      expect(r.stderr).toBe('');
      return (JSON.parse(r.stdout) as Array<{ digest: string }>).map((x) => x.digest);
    };
    expect(digests('--parallel', '2')).toEqual(digests('--parallel', '1'));
  });

  it('runs a sweep whose workers load the plugin', () => {
    const dir = tmp('plugin-sweep');
    writeJson(dir, 'base.json', { ...base, variants: undefined, scheduler: { policy: 'srwf' } });
    const sweep = writeJson(dir, 's.sweep.json', { name: 's', base: 'base.json', axes: { 'scheduler.policyConfig.by': ['work', 'tasks'] }, seeds: [1, 2] });
    const r = hfsim('sweep', sweep, '--plugin', PLUGIN, '--parallel', '2', '--out', join(dir, 'out'), '--no-progress');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('4 points');
  });

  it.each([
    ['a bad config names the field', ['--plugin', PLUGIN, '--set', 'scheduler.policyConfig.by=size'], /hfsim: --set scheduler\.policyConfig\.by=size: variant "SRWF \+ delay": scheduler\.policyConfig\.by: by must be "work" or "tasks"/],
    ['an unknown config field', ['--plugin', PLUGIN, '--set', 'scheduler.policyConfig.depth=2'], /scheduler\.policyConfig: unknown field "depth"/],
    ['no --plugin: the name is not registered', [], new RegExp(`scheduler\\.policy: policy must be ${BUILT_IN_POLICIES}, not "srwf" \\(a plugin registers its name when its file is loaded: hfsim --plugin file\\.js, or loadPlugins\\)$`, 'm')],
    ['a plugin file that is not there', ['--plugin', './examples/none.js'], /^hfsim: --plugin \.\/examples\/none\.js: Cannot find module/],
    ['a plugin file that registers nothing', ['--plugin', './examples/srwf.json'], /^hfsim: --plugin \.\/examples\/srwf\.json: /],
    // Node exits 13 and says nothing when a module's top-level await never settles
    ['a plugin with a syntax error: its line (import() gives none)', ['--plugin', brokenPlugin()], /^hfsim: --plugin .*broken\.mjs:3: missing \) after argument list\n$/],
    ['a plugin whose top-level await never settles', ['--plugin', hangingPlugin()], /^hfsim: --plugin .*hang\.mjs: the module never finished loading \(a top-level await that never settles\)/],
    // it said only "registered no plugin (a plugin file calls registerPolicy, ...)", as for a file with nothing in it
    ['a plugin file that exports its plugin instead of registering it', ['--plugin', exportingPlugin()], /^hfsim: --plugin .*exports\.mjs: registered no plugin: it exports a plugin \(default, lifo\) but never registers one: call registerPolicy\('name', plugin\) \(or registerGate, registerPreemption, registerReplication\) in the file\n$/],
  ])('%s: exit 2, one line', (_what, args, message) => {
    const r = hfsim('run', SCENARIO, '--variant', VARIANT, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the registry', () => {
  it('refuses a name registered twice, a bad name and a plugin without create', () => {
    const lifo = { description: 'newest first', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => b.index - a.index) }) };
    registerPolicy('lifo-registry-test', lifo);
    expect(() => registerPolicy('lifo-registry-test', lifo)).toThrow(/registered already/);
    expect(() => registerPolicy('lifo-registry-test', lifo)).toThrow(new Error('a policy named "lifo-registry-test" is registered already'));
    // a built-in's name was told as "registered already", as if the user's file had been loaded twice
    expect(() => registerPolicy('fifo', lifo)).toThrow(new Error('a policy named "fifo" is built into hfsim: give yours another name (a plugin adds a policy; it cannot replace one)'));
    expect(() => registerGate('wait', { description: 'x', create: () => ({ allowed: () => 0, skipped() {}, launched() {} }) })).toThrow(new Error('a gate named "wait" is built into hfsim: give yours another name (a plugin adds a gate; it cannot replace one)'));
    // README calls them replication policies; it read "a replication named "static" ... (a plugin adds a replication; ...)"
    const copies = { description: 'x', create: () => ({}) } as never;
    expect(() => registerReplication('static', copies)).toThrow(new Error('a replication policy named "static" is built into hfsim: give yours another name (a plugin adds a replication policy; it cannot replace one)'));
    registerReplication('copies-registry-test', copies);
    expect(() => registerReplication('copies-registry-test', copies)).toThrow(new Error('a replication policy named "copies-registry-test" is registered already'));
    expect(() => registerPreemption('hfs', copies)).toThrow(new Error('a preemption named "hfs" is built into hfsim: give yours another name (a plugin adds a preemption; it cannot replace one)'));
    expect(() => registerPolicy('../x', lifo)).toThrow(/a name is a letter/);
    // a bad name is a bad argument, a TypeError as a bad field is (it was a plain Error)
    expect(() => registerPolicy('../x', lifo)).toThrow(TypeError);
    expect(() => registerPolicy(7 as never, lifo)).toThrow(/^policy name 7: a name is a letter/);
    expect(() => registerPolicy(7 as never, lifo)).toThrow(TypeError);
    expect(() => registerPolicy('nocreate', { description: 'x' } as never)).toThrow(/needs a description .* and create/);
  });

  it('a plugin without create names the fields it has that are none of its kind\'s (a misspelled `creat` was told only to give create)', () => {
    const create = () => ({ createQueue: () => new SortedJobQueue((a, b) => a.index - b.index) });
    expect(() => registerPolicy('creat-slip', { description: 'x', creat: create } as never)).toThrow(new TypeError([
      'policy "creat-slip": a plugin needs a description (a string) and create (a function)',
      'policy "creat-slip": creat is not a field of a policy plugin (description, config, permits, create, usesPools, ownsPoolShares, needsSolver, placesMapsItself, sizeError)',
    ].join('\n')));
    expect(() => registerPolicy('null-plugin', null as never)).toThrow(new TypeError('policy "null-plugin": a plugin needs a description (a string) and create (a function)'));
  });

  it('a plugin that permits no shortcut gets the plain walk and every heartbeat, deciding as the shortcuts do', async () => {
    const newestFirst = () => ({ createQueue: () => new SortedJobQueue((a, b) => b.spec.submitMs - a.spec.submitMs || b.index - a.index) });
    registerPolicy('lifo-plain', { description: 'newest first, no shortcuts', create: newestFirst });
    registerPolicy('lifo-fast', { description: 'newest first', permits: ['skipIdleHeartbeats', 'passAll'], create: newestFirst });
    const run = async (policy: string) => {
      const v = loadScenario(SCENARIO, [['scheduler.policy', policy]], undefined, VARIANT).variants[0];
      return simulate(v.scenario, { variant: 'x', timeDecisions: false });
    };
    const plain = await run('lifo-plain');
    const fast = await run('lifo-fast');
    expect(plain.digest).toBe(fast.digest);
    expect(plain.run.heartbeats).toBeGreaterThan(fast.run.heartbeats); // idle heartbeats were not left out
  });
});

describe('a plugin file in CommonJS (README said a plugin file is an ES module)', () => {
  it('a .cjs plugin that require()s hfsim loads with --plugin and by loadPlugins, and runs as an ES module plugin does', () => {
    const dir = tmp('plugin-cjs');
    const index = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
    const file = join(dir, 'fifo-by-maps.cjs');
    writeFileSync(file, `const { SortedJobQueue, registerPolicy } = require(${index});\nregisterPolicy('cjs-fewest-maps', { description: 'fewest maps first', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => a.maps - b.maps || a.index - b.index) }) });\n`);
    const scenario = writeJson(dir, 's.json', { cluster: { racks: 1, nodesPerRack: 4 }, scheduler: { policy: 'cjs-fewest-maps' }, workload: { kind: 'facebook', jobs: 8 } });
    const cli = hfsim('run', scenario, '--plugin', file, '--json', '--no-progress');
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const lib = spawnSync(process.execPath, ['--input-type=module', '-e', `import { loadPlugins, loadScenario, simulate } from ${index};
await loadPlugins([${JSON.stringify(file)}]);
const v = loadScenario(${JSON.stringify(scenario)}).variants[0];
console.log((await simulate(v.scenario, { variant: v.name })).digest);`], { encoding: 'utf8', timeout: 30_000 });
    expect(lib.stderr).toBe('');
    expect(lib.stdout.trim()).toBe((JSON.parse(cli.stdout) as { digest: string }).digest);
  });
});

describe('the library\'s loaders, as a caller meets them', () => {
  it('loadPlugins takes a list (a lone path failed as "paths.map is not a function"); its bad input is an InputError the library exports', async () => {
    await expect(loadPlugins('./x.js' as never)).rejects.toThrow(new TypeError('loadPlugins takes a list of file paths (loadPlugins([\'./my-policy.js\'])), not "./x.js"'));
    await expect(loadPlugins([join(ROOT, 'no-such-plugin.js')])).rejects.toBeInstanceOf(InputError);
    expect(() => loadScenario(join(ROOT, 'no-such-scenario.json'))).toThrow(InputError);
  });

  it('loadPlugins takes a file URL (a string or a URL, as import.meta.url gives) as the file it names; other URLs are a TypeError', async () => {
    const dir = tmp('plugin-library-url');
    const missing = join(dir, 'no-such-plugin.js');
    // A file URL was read as a relative path: "Cannot find module '<cwd>/file:/.../no-such-plugin.js'".
    for (const given of [pathToFileURL(missing).href, pathToFileURL(missing)]) {
      const err = await loadPlugins([given]).then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect((err as Error).message).toMatch(new RegExp(`^plugin file ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    }
    await expect(loadPlugins(['https://example.com/p.js'])).rejects.toThrow(new TypeError('loadPlugins takes file paths or file: URLs, not "https://example.com/p.js"'));
  });

  it('a scenario parsed while loadPlugins still loads (not awaited) is told to await it (it read only "a plugin registers its name when its file is loaded")', () => {
    const dir = tmp('plugin-library-pending');
    const index = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
    const own = join(dir, 'pending.mjs');
    writeFileSync(own, `import { registerPolicy, SortedJobQueue, compareFifo } from ${index};\nregisterPolicy('library-pending', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue(compareFifo) }) });\n`);
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `import { loadPlugins, parseScenario } from ${index};
const raw = { scheduler: { policy: 'library-pending' }, workload: { kind: 'facebook', jobs: 5 } };
const loading = loadPlugins([${JSON.stringify(own)}]);
console.log(parseScenario(raw).errors.join('; '));
await loading;
console.log(parseScenario(raw).ok);`], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^scheduler\\.policy: policy must be .*, not "library-pending" \\(plugin file ${own.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is still loading: await loadPlugins\\(\\.\\.\\.\\) before parsing a scenario that names its plugins\\)$`)),
      'true',
      '',
    ]);
  });

  it('a load that fails is no longer "still loading": a later parse gives the plain message (a review found no test pinned it)', () => {
    const dir = tmp('plugin-library-failed');
    const index = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
    const bad = join(dir, 'throws.mjs');
    writeFileSync(bad, `throw new Error('top-level');\n`);
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `import { loadPlugins, parseScenario } from ${index};
const raw = { scheduler: { policy: 'library-failed' }, workload: { kind: 'facebook', jobs: 5 } };
const loading = loadPlugins([${JSON.stringify(bad)}]);
console.log(/still loading/.test(parseScenario(raw).errors.join('; ')));
await loading.catch(() => {});
const after = parseScenario(raw).errors.join('; ');
console.log(/still loading/.test(after), /not "library-failed"/.test(after));`], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toEqual(['true', 'false true', '']);
  });

  it('loadPlugins names a directory given as a plugin as a plugin file, not by the CLI\'s --plugin flag', async () => {
    const dir = tmp('plugin-library-dir');
    await expect(loadPlugins([dir])).rejects.toThrow(new InputError(`plugin file ${dir}: a directory, not a file: give the plugin's .js file`));
  });

  it('loadPlugins names each file as a plugin file, not by the CLI\'s --plugin flag, which a library caller never typed', () => {
    const dir = tmp('plugin-library');
    const index = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
    const file = (name: string, text: string): string => { const f = join(dir, name); writeFileSync(f, text); return f; };
    const empty = file('empty.mjs', 'export {};\n');
    const own = file('own.mjs', `import { registerPolicy, SortedJobQueue, compareFifo } from ${index};\nregisterPolicy('library-own', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue(compareFifo) }) });\n`);
    const ts = file('policy.ts', 'const n: number = 1;\n');
    const missing = file('missing-export.mjs', `import { SortedJobQueue,\n  compareFIFO } from ${index};\nexport default SortedJobQueue;\n`);
    const hang = file('hang.mjs', 'await new Promise(() => {});\n');
    // A library caller's own program (Node, as it would run it), printing each message loadPlugins gives.
    const caller = (files: string[][]) => spawnSync(process.execPath, ['--input-type=module', '-e', `import { loadPlugins } from ${index};
for (const files of ${JSON.stringify(files)}) { try { await loadPlugins(files); console.log('loaded'); } catch (err) { console.log(err.constructor.name + ': ' + err.message); } }`], { encoding: 'utf8', timeout: 30_000 });
    const r = caller([[empty], [ts], [missing], [own], [empty]]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      `InputError: plugin file ${empty}: registered no plugin (a plugin file calls registerPolicy, registerGate, registerPreemption or registerReplication from the hfsim it runs under)`,
      `InputError: plugin file ${ts}: Unknown file extension ".ts" for ${ts} (Node does not load TypeScript: compile it first, tsc with "module": "NodeNext", and load the .js it writes)`,
      expect.stringMatching(new RegExp(`^InputError: plugin file ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: The requested module '.*' does not provide an export named 'compareFIFO'$`)),
      'loaded',
      'loaded',
      '',
    ]);
    expect(r.stderr).toBe(`hfsim: warning: plugin file ${empty} registered no new plugin: an earlier plugin file imported it already, or it registers none\n`);
    // a program that imported the file itself first (README's library example), then gave it to loadPlugins: its
    // plugins are registered; it read "registered no plugin" (an InputError)
    const imported = spawnSync(process.execPath, ['--input-type=module', '-e', `import { loadPlugins, policies } from ${index};
await import(${JSON.stringify(own)}); await loadPlugins([${JSON.stringify(own)}]); console.log(policies.names.includes('library-own'));`], { encoding: 'utf8', timeout: 30_000 });
    expect([imported.status, imported.stdout, imported.stderr]).toEqual([0, 'true\n', `hfsim: warning: plugin file ${own} registered no new plugin: it was imported already (before loadPlugins was given it), or it registers none\n`]);
    const hung = caller([[hang]]);
    expect(hung.status).toBe(2);
    expect(hung.stderr).toBe(`hfsim: plugin file ${hang}: the module never finished loading (a top-level await that never settles)\n`);
  });
});
