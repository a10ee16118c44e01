/**
 * Plugins that break their contract (a fourth fuzzing pass's findings), through the CLI: what it adds to the engine's
 * message (its "run failed" line, the "from" line naming where in a --plugin file, the --plugin files named, exit
 * codes), a variant or a sweep's point failing on a worker process or thread, and what fails while a --plugin file
 * loads, where the run hung or ran on silently before. The engine's own message for each broken contract is checked
 * in this process, a spawn each being costly, in test/core/plugin-faults.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, hfsim, tmp, writeJson } from './sweep-helpers.js';
import { TINY_PLUGIN_SCENARIO } from '../plugin-fault-scenario.js';

const INDEX = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
const dir = tmp('plugin-faults');

const scenario = (over: Record<string, unknown> = {}): string => writeJson(dir, `s-${Math.random().toString(36).slice(2)}.json`, { ...TINY_PLUGIN_SCENARIO, ...over });

/** Two variants, "broken" the larger: side by side it goes to a worker first (--parallel 2 on processes; all variants on threads). */
const WORKER_VARIANTS = { fine: { 'scheduler.policy': 'fair' }, broken: { 'workload.jobs': [{ id: 'j1', input: 'g', mapMs: 20000 }, { id: 'j2', submitMs: 1000, input: 'g', mapMs: 10000 }, { id: 'j3', submitMs: 1000, input: 'f', mapMs: 10000 }, { id: 'j4', submitMs: 2000, input: 'g', mapMs: 10000 }] } };

function plugin(name: string, body: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, `import { NODE_LOCAL, OFF_RACK, SortedJobQueue, compareFair, registerGate, registerPolicy, registerPreemption, registerReplication } from ${INDEX};\nconst Q = (kind) => new SortedJobQueue(compareFair(kind));\n${body}\n`);
  return file;
}

describe('a plugin that breaks its contract: a clear error at once, and the --plugin file named', () => {
  // Representatives of test/core/plugin-faults.test.ts's cases: an engine check the plugin's hook called (a from line),
  // one after its tick returned (none), a strict module's TypeError in create() (a from line), and one before the run.
  it.each([
    ['the heartbeat port kept and called outside assign() (a map stayed "running" with no slot: the run hung)', plugin('port', `let kept;
registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q,
  assignMaps: { assign(_s, port) { kept = port; for (const j of port.jobs) if (port.offer(j) >= 0) return; } },
  events: { mapFinished() { const j = kept.jobs[0]; if (j) kept.launch(j, 0); } } }) });`),
      'policy "bad": the heartbeat port\'s launch() was called outside assign(), when no heartbeat is being answered', 'mapFinished'],
    ['a tick whose next time never moves (it looped forever)', plugin('tick', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { nextTickMs: 0, skipIdle() {}, tick() {}, killed() {} } }) });`),
      'policy "bad": its tick\'s next time (0 ms) is not after the tick that ran (0 ms)', undefined],
    ['create() changing the scenario (the result reported a seed and slowdowns the run was not built with)', plugin('mutate', `registerPolicy('bad', { description: 'x', create: (_c, ctx) => { ctx.scenario.seed = 99; return { createQueue: Q }; } });`),
      'Cannot assign to read only property \'seed\' of object \'#<Object>\'', 'create'],
    ['sizeError returning an object (printed as "[object Object]")', plugin('sizeerr', `registerPolicy('bad', { description: 'x', sizeError: () => ({ msg: 'too big' }), create: () => ({ createQueue: Q }) });`),
      'policy "bad": sizeError returned {"msg":"too big"}, not a message or undefined', undefined],
  ])('%s', (_, file, message, from) => {
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    // Between the two, where the plugin's code called the engine, when it is on the stack.
    expect(r.stderr.split('\n')).toEqual([`hfsim: run failed: ${message}`, ...(from === undefined ? [] : [expect.stringMatching(new RegExp(`^hfsim: from ${from} at ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+$`))]),
      `hfsim: the run used --plugin ${file}: a plugin that breaks its contract (README: "Plugins") may be the cause`, '']);
  });

  // placed at the field that names the plugin, scheduler.policy (it was placed at "scheduler": the field read as 'policy "bad"')
  it("a policy's own size limit (sizeError) is said naming the scenario file, at scheduler.policy: exit 2 before the run", () => {
    const file = plugin('size', `registerPolicy('bad', { description: 'x', sizeError: (_c, s) => (s.largestMaps > 10 ? 'a job of ' + s.largestMaps + ' maps is too many (' + s.largestField + ')' : undefined), create: () => ({ createQueue: Q }) });`);
    const path = scenario();
    const r = hfsim('run', path, '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${path}:12:15: scheduler.policy "bad": a job of 30 maps is too many (workload.jobs[2].input)\n`);
    // a variant's policy, at the variant's override
    const variant = writeJson(dir, 'size-variant.json', `{
  "workload": ${JSON.stringify(TINY_PLUGIN_SCENARIO.workload)},
  "cluster": ${JSON.stringify(TINY_PLUGIN_SCENARIO.cluster)},
  "variants": {
    "Bad": { "scheduler.policy": "bad" }
  }
}`);
    expect(hfsim('run', variant, '--plugin', file).stderr).toBe(`hfsim: ${variant}:5:34: variant "Bad": scheduler.policy "bad": a job of 30 maps is too many (workload.jobs[2].input)\n`);
  });

  // A message naming its policy itself and no field of its own was placed at 1:1 (no field to find): now at the field
  // that names the plugin; one that starts with a field of its own stays there.
  it("a policy's size message naming the policy but no field is placed at scheduler.policy; one with a field of its own at that field", () => {
    const file = plugin('size-named', `registerPolicy('bad', { description: 'x', sizeError: (_c, s) => (s.largestMaps > 10 ? (s.scenario.seed === 1 ? 'policy "bad" takes at most 10 maps a job' : s.largestField + ': policy "bad" takes at most 10 maps a job') : undefined), create: () => ({ createQueue: Q }) });`);
    const path = scenario();
    const r = hfsim('run', path, '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${path}:12:15: scheduler.policy: policy "bad" takes at most 10 maps a job\n`);
    const variant = writeJson(dir, 'size-named-variant.json', `{
  "workload": ${JSON.stringify(TINY_PLUGIN_SCENARIO.workload)},
  "variants": {
    "Bad": { "scheduler.policy": "bad" }
  }
}`);
    expect(hfsim('run', variant, '--plugin', file).stderr).toBe(`hfsim: ${variant}:4:34: variant "Bad": scheduler.policy: policy "bad" takes at most 10 maps a job\n`);
    const own = hfsim('run', path, '--plugin', file, '--seed', '2');
    expect(own.stderr).toMatch(new RegExp(`^hfsim: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: workload\\.jobs\\[2\\]\\.input: policy "bad" takes at most 10 maps a job\n$`));
    expect(own.stderr).not.toContain(':1:1:');
  });

  it('a variant whose worker process dies is named, as a sweep names its point (it read "run failed: its worker process exited")', () => {
    const file = plugin('dies', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => { if (typeof process.send === 'function') process.kill(process.pid, 'SIGKILL'); return compareFair('map')(a, b); }) }) });`);
    // the larger variant goes to the worker process first
    const path = scenario({ variants: { Small: { 'scheduler.policy': 'fair' }, Killer: { 'workload.jobs': [{ id: 'j1', input: 'g', mapMs: 20000 }, { id: 'j2', submitMs: 1000, input: 'g', mapMs: 10000 }, { id: 'j3', submitMs: 1000, input: 'f', mapMs: 10000 }, { id: 'j4', submitMs: 2000, input: 'g', mapMs: 10000 }] } } });
    const r = hfsim('run', path, '--plugin', file, '--parallel', '2', '--no-progress');
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('hfsim: run failed: variant "Killer": its worker process exited (SIGKILL)');
  });

  it('a hook that throws is named, with the line of the plugin file it threw at (the message alone named neither)', () => {
    const file = plugin('hook-throws', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { null.x; } } }) });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual(['hfsim: run failed: Cannot read properties of null (reading \'x\')', `hfsim: from mapLaunched at ${file}:3:112`]);
  });

  it('the from line keeps a function\'s own name (newestFirst lost its "new"), finds a path with parentheses, and says an anonymous frame by its place', () => {
    mkdirSync(join(dir, 'a(b)c'), { recursive: true });
    const file = join(dir, 'a(b)c', 'newest.mjs');
    writeFileSync(file, `import { SortedJobQueue, registerPolicy } from ${INDEX};\nfunction newestFirst() { throw new Error('boom'); }\nregisterPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue(newestFirst) }) });\n`);
    expect(hfsim('run', scenario(), '--plugin', file).stderr.split('\n').slice(0, 2)).toEqual(['hfsim: run failed: boom', `hfsim: from newestFirst at ${file}:2:32`]);
    const anonymous = plugin('anonymous', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue(function () { throw new Error('anon'); }) }) });`);
    expect(hfsim('run', scenario(), '--plugin', anonymous).stderr.split('\n')[1]).toMatch(new RegExp(`^hfsim: from ${anonymous.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+$`));
  });

  it('the from line names a module the plugin file imports where the throw is there and no frame is in the plugin file (it had no from line)', () => {
    const helper = join(dir, 'compare-helper.mjs');
    writeFileSync(helper, `export function byIndex(a, b) {\n  if (a.finishedMaps > 0) throw new Error('helper boom');\n  return a.index - b.index;\n}\n`);
    const file = plugin('uses-helper', `import { byIndex } from './compare-helper.mjs';\nregisterPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue(byIndex) }) });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual(['hfsim: run failed: helper boom', `hfsim: from byIndex at ${helper}:2:33 (a module a --plugin file imports)`]);
  });

  it('a frozen Error from a variant keeps its message and its place, named by variant (it read "Cannot assign to read only property")', () => {
    const file = plugin('frozen-throws', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw Object.freeze(new Error('frozen boom')); } } }) });`);
    const r = hfsim('run', scenario({ variants: { fine: { 'scheduler.policy': 'fair' }, broken: {} } }), '--plugin', file, '--parallel', '1');
    expect(r.stderr).toMatch(/^hfsim: run failed: variant "broken": frozen boom\nhfsim: from mapLaunched at /);
  });

  it('a thrown value that is no Error, or an Error without a message, is shown as what it is (it read "[object Object]", or nothing)', () => {
    const obj = plugin('throws-object', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw { code: 7 }; } } }) });`);
    expect(hfsim('run', scenario(), '--plugin', obj).stderr.split('\n')[0]).toBe('hfsim: run failed: a value that is not an Error: {"code":7}');
    const empty = plugin('throws-empty', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw new RangeError(''); } } }) });`);
    expect(hfsim('run', scenario(), '--plugin', empty).stderr).toMatch(/^hfsim: run failed: RangeError with no message\nhfsim: from mapLaunched at /);
  });

  it('a thrown string or number is shown bare, an object as JSON, in this process and on workers, as README says (it said every value that is not an Error was shown as JSON)', () => {
    // Each value's words in this process: test/core/plugin-faults.test.ts; here the "run failed" line of one. On workers,
    // each value crosses to this process (a worker's failure(), then rethrown()) in a sweep's points below, one sweep a
    // pool; a run names its variant's failure as it names any other value that is no Error (run-variants.ts), here null
    // and a Symbol (sent as it is; sent as words), and an empty string on threads.
    const str = plugin('throws-string', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw 'out of slots'; } } }) });`);
    const nul = plugin('throws-null', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw null; } } }) });`);
    const sym = plugin('throws-symbol', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw Symbol('s'); } } }) });`);
    // with variants, the larger "broken" goes to a worker (--parallel 2 on processes; all variants on threads)
    const first = (file: string, ...args: string[]) => {
      const r = hfsim('run', scenario(args.length > 0 ? { variants: WORKER_VARIANTS } : {}), '--plugin', file, ...args);
      expect(r.code).toBe(1);
      return r.stderr.split('\n')[0];
    };
    expect(first(str)).toBe('hfsim: run failed: out of slots');
    // an empty string left the line blank: 'hfsim: run failed: '
    const blank = plugin('throws-empty-string', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw ''; } } }) });`);
    expect(first(blank, '--parallel', '2', '--pool', 'threads', '--no-progress')).toBe('hfsim: run failed: variant "broken": an empty string: ""');
    // on threads, null read "Cannot read properties of null" (piscina took a null error for a null result), a Symbol "a value that is not an Error: {}"
    for (const pool of ['processes', 'threads']) {
      expect(first(nul, '--parallel', '2', '--pool', pool, '--no-progress')).toBe('hfsim: run failed: variant "broken": null');
      expect(first(sym, '--parallel', '2', '--pool', pool, '--no-progress')).toBe('hfsim: run failed: variant "broken": Symbol(s)');
    }
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('a thrown value that is not an Error is shown as it is: a string or number bare (`throw \'out of slots\'`: `hfsim: run failed: out of slots`), an object or list as JSON (`a value that is not an Error: {"code":7}`)');
    expect(readme).not.toContain('a thrown value that is not an Error is shown as JSON');
  });

  /** Thrown objects a worker cannot send (a method, a toJSON that throws, no prototype: it ended the worker process): a name, the value, its words. */
  const UNSENDABLE = [
    ['unsendable-method', '{ code: 7, retry() {} }', 'a value that is not an Error: {"code":7}'],
    ['unsendable-tojson', "{ toJSON() { throw new Error('no JSON'); } }", 'a value that is not an Error: [object Object]'],
    ['unsendable-bare', 'Object.assign(Object.create(null), { code: 7 })', 'a value that is not an Error: {"code":7}'],
  ];

  it('a thrown object that a worker cannot send (with a method, a toJSON that throws, no prototype) is shown as in this process (it read "[object Object]"; one without a prototype ended the worker process with Node\'s stack trace)', () => {
    // In this process: test/core/plugin-faults.test.ts; each on workers: a sweep's points below; a run --parallel names
    // its variant's failure as it names any other (run-variants.ts), here of the one that ended the worker process.
    const [name, value, shown] = UNSENDABLE[2];
    const file = plugin(name, `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw ${value}; } } }) });`);
    for (const pool of ['processes', 'threads']) {
      const r = hfsim('run', scenario({ variants: WORKER_VARIANTS }), '--plugin', file, '--parallel', '2', '--pool', pool, '--no-progress');
      expect([r.code, r.stderr.split('\n')[0]]).toEqual([1, `hfsim: run failed: variant "broken": ${shown}`]);
    }
  });

  it('a variant that threw an Error without a message is named with the Error\'s name, here and on workers, as a run of one variant and a sweep\'s point are (it read \'variant "broken": \' and nothing more)', () => {
    const range = plugin('variant-throws-empty', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw new RangeError(''); } } }) });`);
    const own = plugin('variant-throws-own-empty', `class QuotaError extends Error { constructor() { super(''); this.name = 'QuotaError'; } }
registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw new QuotaError(); } } }) });`);
    // The class of the plugin's own on workers (threads read "Error"): a sweep's points below, as a run names any variant's failure.
    for (const [file, name, pools] of [[range, 'RangeError', ['processes', 'threads']], [own, 'QuotaError', []]] as const) {
      for (const args of [['--parallel', '1'], ...pools.map((pool) => ['--parallel', '2', '--pool', pool])]) {
        const r = hfsim('run', scenario({ variants: WORKER_VARIANTS }), '--plugin', file, ...args, '--no-progress');
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(new RegExp(`^hfsim: run failed: variant "broken": ${name} with no message\nhfsim: from \\S+ at `)); // where it threw: mapLaunched, or the class it made
      }
    }
  });

  it('a variant run in this process that fails is named (only the pool\'s were)', () => {
    const file = plugin('variant-throws', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapFinished: () => { throw new Error('boom'); } } }) });`);
    const r = hfsim('run', scenario({ variants: { fine: { 'scheduler.policy': 'fair' }, broken: {} } }), '--plugin', file, '--parallel', '1');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^hfsim: run failed: variant "broken": boom\nhfsim: from mapFinished at /);
  });

  describe('on workers, as in this process: the variant or point, the value shown as it is, where the plugin threw', () => {
    // the larger variant, "broken", goes to a worker first (--parallel 2 on processes; all variants on threads)
    const variants = WORKER_VARIANTS;
    const error = plugin('pool-throws', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw new RangeError('boom'); } } }) });`);
    const object = plugin('pool-throws-object', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw { code: 7 }; } } }) });`);
    const at = (file: string) => new RegExp(`^hfsim: from mapLaunched at ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+$`);

    it.each(['processes', 'threads'])('run --parallel on %s (a worker process\'s lost where it threw, and read "[object Object]"; threads lost the variant)', (pool) => {
      const s = scenario({ variants });
      const thrown = hfsim('run', s, '--plugin', error, '--parallel', '2', '--pool', pool, '--no-progress').stderr.split('\n');
      expect(thrown[0]).toBe('hfsim: run failed: variant "broken": boom');
      expect(thrown[1]).toMatch(at(error));
      const r = hfsim('run', s, '--plugin', object, '--parallel', '2', '--pool', pool, '--no-progress');
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n')[0]).toBe('hfsim: run failed: variant "broken": a value that is not an Error: {"code":7}');
    });

    // One sweep a pool, a point for each thrown value (a sweep goes on past a failed point, and names each).
    it.each(['processes', 'threads'])('a sweep\'s points on %s: the value shown as in this process, and where the plugin threw (they read "[object Object]", and never where the plugin threw; threads: null read "Cannot destructure property \'config\' of \'result\'", a Symbol "{}", the class "Error"; an object without a prototype ended the worker process)', (pool) => {
      const points: Array<[variant: string, throws: string, shown: string, from?: RegExp]> = [
        ['error', "throw new RangeError('boom');", 'boom', at(join(dir, 'point-error.mjs'))],
        ['object', 'throw { code: 7 };', 'a value that is not an Error: {"code":7}'],
        ['null', 'throw null;', 'null'],
        ['symbol', "throw Symbol('s');", 'Symbol(s)'],
        ['own-class', "class QuotaError extends Error { constructor() { super(''); this.name = 'QuotaError'; this.quota = 3; } } throw new QuotaError();", 'QuotaError with no message', /^hfsim: from /],
        ['string', "throw 'out of slots';", 'out of slots'],
        ['number', 'throw 7;', '7'],
        ['undefined', 'throw undefined;', 'undefined'],
        ['empty-string', "throw '';", 'an empty string: ""'],
        ...UNSENDABLE.map(([name, value, shown]): [string, string, string] => [name, `throw ${value};`, shown]),
      ];
      const files = points.flatMap(([variant, throws]) => ['--plugin', plugin(`point-${variant}`, `registerPolicy('throws-${variant}', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { ${throws} } } }) });`)]);
      const variants = Object.fromEntries(points.map(([variant]) => [variant, { 'scheduler.policy': `throws-${variant}` }]));
      const sweep = writeJson(dir, `sweep-${pool}.json`, { name: 'faults', base: scenario({ scheduler: { policy: 'fair', delay: { mode: 'none' } }, variants }), axes: { variant: Object.keys(variants) }, seeds: [1] });
      const r = hfsim('sweep', sweep, ...files, '--parallel', '1', '--pool', pool, '--out', join(dir, `sweep-${pool}`), '--no-progress');
      expect(r.code).toBe(1);
      const lines = r.stderr.split('\n');
      expect(lines[0]).toMatch(new RegExp(`^hfsim: sweep failed: ${points.length} of ${points.length} points failed`));
      for (const [variant, , shown, from] of points) {
        const i = lines.findIndex((l) => l.startsWith(`hfsim: point variant="${variant}", seed=1: `));
        expect(lines[i], variant).toBe(`hfsim: point variant="${variant}", seed=1: ${shown}`);
        if (from !== undefined) expect(lines[i + 1], variant).toMatch(from);
      }
    });
  });

  it('every problem of a registration is told, not the first alone', () => {
    const file = plugin('two-problems', `registerPolicy('bad', { description: 'x', permits: ['passall'], colour: 'red', create: () => ({ createQueue: Q }) });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/permits\[0\] is "passall"[^\n]*\nhfsim: policy "bad": colour is not a field of a policy plugin/);
  });

  it('a plugin that throws from a timer it set: one line naming the --plugin file, exit 1 (Node\'s stack trace, after the results)', () => {
    const file = plugin('late', `registerPolicy('bad', { description: 'x', create: () => { setTimeout(() => { throw new Error('late boom'); }, 0); return { createQueue: Q }; } });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`hfsim: a plugin's code threw outside the simulation (a timer or callback of --plugin ${file}): late boom\n`);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it("a plugin that ends the process (process.exit(3) mid-run) is named, exit 1 (it exited 3, bench compare's 'regression', without a word)", () => {
    const file = plugin('quit', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapFinished() { process.exit(3); } } }) });`);
    const r = hfsim('run', scenario(), '--plugin', file, '--out', join(dir, 'quit.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`hfsim: the process was ended by process.exit(3) before the command finished: the code of --plugin ${file} called it (a plugin returns or throws; it never ends the process)\n`);
    expect(existsSync(join(dir, 'quit.json'))).toBe(false);
    // A plugin that calls process.exit(0) mid-run is no success either.
    const zero = plugin('quit0', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapFinished() { process.exit(0); } } }) });`);
    expect(hfsim('run', scenario(), '--plugin', zero).code).toBe(1);
  });

  it.each(['processes', 'threads'])('a plugin that calls process.exit(0) on a worker (%s) fails its point naming the call and where (it read "its worker process exited (code 0)")', (pool) => {
    const file = plugin('quit-on-worker', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapFinished() { process.exit(0); } } }) });`);
    const sweep = writeJson(dir, `quit-${pool}.json`, { name: 'quit', base: scenario(), axes: { 'hdfs.replication': [1, 2] }, seeds: [1] });
    const r = hfsim('sweep', sweep, '--plugin', file, '--parallel', '2', '--pool', pool, '--out', join(dir, `quit-${pool}`), '--no-progress');
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    const i = lines.indexOf('hfsim: point hdfs.replication=1, seed=1: process.exit(0) was called during the run: a plugin returns or throws; it never ends the process');
    expect(i, r.stderr).toBeGreaterThan(0);
    expect(lines[i + 1]).toMatch(new RegExp(`^hfsim: from mapFinished at ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+$`));
  });

  it('a plugin file whose top-level code calls process.exit(3) is named, exit 2 (it exited 3 without a word)', () => {
    const file = plugin('quit-on-load', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q }) });\nprocess.exit(3);`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ${file}: its code ended the process with process.exit(3) while it loaded (a plugin file registers plugins; it never ends the process)\n`);
  });
});

describe('plugins that keep their contract run as before the checks', () => {
  it('a plugin that leaves a timer running (setInterval) and keeps a Map named near a member: the run ends, exit 0 (it printed its table and never exited)', () => {
    const file = plugin('keep-timer', `class P { ticks = new Map(); createQueue(kind) { return Q(kind); } }
registerPolicy('bad', { description: 'x', create: () => { setInterval(() => {}, 1000); return new P(); } });`);
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'run', scenario(), '--plugin', file], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('digest');
  });

  it('a TypeScript file is told to be compiled first (it read only "Unknown file extension")', () => {
    const file = join(dir, 'policy.ts');
    writeFileSync(file, `import { registerPolicy } from ${INDEX};\nconst n: number = 1;\n`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ${file}: Unknown file extension ".ts" for ${file} (Node does not load TypeScript: compile it first, tsc with "module": "NodeNext", and give --plugin the .js it writes)\n`);
  });

  // An empty path imported the working directory: "Directory import ... is not supported resolving ES modules", Node's
  // words, then its guess at hfsim's own index.js; a directory named as the plugin said the same.
  it('an empty or blank --plugin is a flag error, and a directory is named as one, on run and sweep alike', () => {
    for (const command of ['run', 'sweep']) {
      for (const blank of ['', '  ']) {
        const r = hfsim(command, scenario(), '--plugin', blank);
        expect(r.code).toBe(2);
        expect(r.stderr).toBe(`error: option '--plugin <file.js>' argument '${blank}' is invalid. --plugin needs a file path (a plugin's .js file)\n(run hfsim ${command} --help for usage)\n`);
      }
    }
    const r = hfsim('run', scenario(), '--plugin', dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ${dir}: a directory, not a file: give the plugin's .js file\n`);
    // a file URL was joined to the working directory: "Cannot find module '/work/file:/x/p.js'" (the plugins walkthrough)
    const url = hfsim('run', scenario(), '--plugin', 'file:///x/p.js');
    expect(url.code).toBe(2);
    expect(url.stderr).toBe("error: option '--plugin <file.js>' argument 'file:///x/p.js' is invalid. --plugin takes a file path, not a URL: give /x/p.js\n(run hfsim run --help for usage)\n");
  });

  // The directory check's stat threw for a path it cannot look at (ENOTDIR through a file, ELOOP through a link to
  // itself): "run failed: ENOTDIR: not a directory, stat ..." (exit 1), where import() said the file cannot be found.
  it('a --plugin path that cannot be looked at (through a file, a link to itself) is bad input naming the flag, exit 2', () => {
    const file = join(dir, 'not-a-dir.txt');
    writeFileSync(file, 'x\n');
    const loop = join(dir, 'self-link');
    symlinkSync(loop, loop);
    for (const path of [join(file, 'x.js'), loop]) {
      const r = hfsim('run', scenario(), '--plugin', path);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^hfsim: --plugin ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    }
  });

  it('a syntax error in a module the plugin imports is said to be there (the plugin file was blamed, no line)', () => {
    writeFileSync(join(dir, 'broken-helper.mjs'), 'export const x = [ ;\n');
    const file = join(dir, 'imports-broken.mjs');
    writeFileSync(file, "import { x } from './broken-helper.mjs';\nexport default x;\n");
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ${file}: in a module it imports: Unexpected token ';'\n`);
  });

  // Node 20's `node --check` passes a .js file outside a "type": "module" package whatever follows its `export` (it
  // checks it as CommonJS; import() loads it as a module): its own error was blamed on "a module it imports", no line.
  it('a syntax error in a .js plugin outside a module package is placed at its line, not in a module it imports', () => {
    const own = join(dir, 'own-error.js');
    writeFileSync(own, 'export const a = 1;\nexport default {\n');
    const r = hfsim('run', scenario(), '--plugin', own);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ${own}:3: Unexpected end of input\n`);
    writeFileSync(join(dir, 'broken-helper.mjs'), 'export const x = [ ;\n');
    const importer = join(dir, 'imports-broken.js');
    writeFileSync(importer, "import { x } from './broken-helper.mjs';\nexport default x;\n");
    const imported = hfsim('run', scenario(), '--plugin', importer);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toBe(`hfsim: --plugin ${importer}: in a module it imports: Unexpected token ';'\n`);
  });

  it('an import of a name hfsim does not export is placed at its line in the plugin (it was blamed on "a module it imports")', () => {
    const file = join(dir, 'missing-export.mjs');
    writeFileSync(file, `import { SortedJobQueue,\n  compareFIFO } from ${INDEX};\nexport default SortedJobQueue;\n`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^hfsim: --plugin ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: The requested module '.*' does not provide an export named 'compareFIFO'\n$`));
  });

  it('a plugin file whose own code throws as it loads is placed at the line that threw, as a syntax error is (it named the file alone)', () => {
    const file = join(dir, 'throws-loading.mjs');
    writeFileSync(file, `import { registerPolicy } from ${INDEX};\nconst names = ['a'];\nregisterPolcy(names[0], {});\n`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ${file}:3: registerPolcy is not defined\n`);
    const second = plugin('registers-badly', `registerPolicy('ok-one', { description: 'x', create: () => ({ createQueue: Q }) });\nregisterPolicy('bad one', { description: 'x', create: () => ({ createQueue: Q }) });`);
    expect(hfsim('run', scenario(), '--plugin', second).stderr).toBe(`hfsim: --plugin ${second}:4: policy name "bad one": a name is a letter then letters, digits, '_', '-' or '.'\n`);
  });

  it('an error a module the plugin imports throws as it loads is placed there (it read as the plugin file\'s own, with no place)', () => {
    const helper = join(dir, 'throwing-helper.mjs');
    writeFileSync(helper, 'export const x = 1;\nundefinedFn();\n');
    const file = join(dir, 'imports-throwing.mjs');
    writeFileSync(file, "import { x } from './throwing-helper.mjs';\nexport default x;\n");
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ${file}: in a module it imports (${helper}:2): undefinedFn is not defined\n`);
  });

  it('a plugin file an earlier --plugin file imported already (or a link to it) is no "registered no plugin" error', () => {
    const own = plugin('own', `registerPolicy('own', { description: 'x', create: () => ({ createQueue: Q }) });`);
    const both = join(dir, 'both.mjs');
    writeFileSync(both, `import ${JSON.stringify(own)};\n`);
    const link = join(dir, 'own-link.mjs');
    symlinkSync(own, link);
    const path = scenario({ scheduler: { policy: 'own', delay: { mode: 'none' } } });
    const r = hfsim('run', path, '--plugin', both, '--plugin', own);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`hfsim: warning: --plugin ${own} registered no new plugin: an earlier --plugin file imported it already, or it registers none\n`);
    const linked = hfsim('run', path, '--plugin', own, '--plugin', link);
    expect(linked.code, linked.stderr).toBe(0);
    expect(linked.stderr).toBe(''); // the link is the file: imported once
  });
});

describe('run --check-shortcuts', () => {
  // a skip-count gate whose lazy headroom says every job has room forever, while permitting the shortcuts that rely on it
  const gate = plugin('liar', `function make(ctx) {
  const skips = new Int32Array(ctx.jobs);
  return { allowed: (job) => (skips[job.index] >= 3 ? OFF_RACK : NODE_LOCAL), skipped: (job) => { skips[job.index]++; },
    launched: (job, loc) => { if (loc === NODE_LOCAL) skips[job.index] = 0; },
    lazy: { amount: () => 1, headroom: () => 1e9, settle: (job, owed) => { skips[job.index] += owed; } } };
}
registerGate('liar', { description: 'x', permits: ['skipIdleHeartbeats', 'passAll'], create: (_c, ctx) => make(ctx) });
registerGate('honest', { description: 'x', create: (_c, ctx) => make(ctx) });`);
  const s = scenario({ seed: 3, cluster: { racks: 4, nodesPerRack: 5, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 }, hdfs: { replication: 1 },
    scheduler: { policy: 'fair', delay: { mode: 'liar' } },
    workload: { kind: 'generated', groups: [{ name: 'small', count: 30, maps: 2, mapMs: 20000, startMs: 0, intervalMs: 4000 }] } });

  it('fails a run whose plugin permits a shortcut it does not keep (node locality 100% against 28%, silently), naming the variant and plugins', () => {
    const out = join(dir, 'liar.json');
    const r = hfsim('run', s, '--plugin', gate, '--check-shortcuts', '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^hfsim: run failed: --check-shortcuts: the shortcuts change the outcome of variant "[^"]*" \(policy "fair", gate "liar"\): digest [0-9a-f]{12} with the shortcuts, [0-9a-f]{12} without: /);
    expect(existsSync(out)).toBe(false); // nothing written
  });

  it('passes the same gate without the permits, and a built-in scenario', () => {
    const honest = hfsim('run', s, '--plugin', gate, '--set', 'scheduler.delay.mode=honest', '--check-shortcuts');
    expect(honest.code, honest.stderr).toBe(0);
    expect(honest.stderr).toBe('--check-shortcuts: every digest is the same with every heartbeat processed, every map scan walked and every pool counted (1 variant)\n');
    const builtIn = hfsim('run', join(ROOT, 'scenarios', 'fb-macro-io.json'), '--set', 'workload.jobs=10', '--check-shortcuts');
    expect(builtIn.code, builtIn.stderr).toBe(0);
    expect(builtIn.stderr).toContain('(3 variants)');
  });
});

describe('--variant given more than once', () => {
  const file = join(ROOT, 'scenarios', 'fb-macro-io.json');
  it('runs those variants, in the scenario\'s order (it ran only the last)', () => {
    const r = hfsim('run', file, '--variant', 'Fair + delay', '--variant', 'FIFO', '--set', 'workload.jobs=10', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ variant: string }>).map((v) => v.variant)).toEqual(['FIFO', 'Fair + delay']);
  });

  it('refuses a name given twice', () => {
    const r = hfsim('run', file, '--variant', 'FIFO', '--variant', 'FIFO');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('hfsim: --variant FIFO: given twice');
  });
});
