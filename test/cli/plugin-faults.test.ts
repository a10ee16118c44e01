/**
 * Plugins that break their contract (a fourth fuzzing pass's findings): each fails at once with a message naming
 * the plugin or the call, and the CLI names the --plugin files, where the run hung or ran on silently before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, hfsim, tmp, writeJson } from './sweep-helpers.js';

const INDEX = JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'));
const dir = tmp('plugin-faults');

const scenario = (over: Record<string, unknown> = {}): string => writeJson(dir, `s-${Math.random().toString(36).slice(2)}.json`, {
  name: 'tiny', seed: 1,
  cluster: { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  scheduler: { policy: 'bad', delay: { mode: 'none' } },
  workload: { kind: 'jobs', files: [{ name: 'f', blocks: 6 }, { name: 'g', blocks: 30 }], jobs: [{ id: 'j1', input: 'f', mapMs: 20000, reduces: 1, reduceMs: 10000 }, { id: 'j2', submitMs: 5000, input: 'f', mapMs: 10000 }, { id: 'j3', submitMs: 5000, input: 'g', mapMs: 10000 }] },
  ...over,
});

/** Two variants, "broken" the larger: side by side it goes to a worker first (--parallel 2 on processes; all variants on threads). */
const WORKER_VARIANTS = { fine: { 'scheduler.policy': 'fair' }, broken: { 'workload.jobs': [{ id: 'j1', input: 'g', mapMs: 20000 }, { id: 'j2', submitMs: 1000, input: 'g', mapMs: 10000 }, { id: 'j3', submitMs: 1000, input: 'f', mapMs: 10000 }, { id: 'j4', submitMs: 2000, input: 'g', mapMs: 10000 }] } };

function plugin(name: string, body: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, `import { NODE_LOCAL, OFF_RACK, SortedJobQueue, compareFair, registerGate, registerPolicy, registerPreemption, registerReplication } from ${INDEX};\nconst Q = (kind) => new SortedJobQueue(compareFair(kind));\n${body}\n`);
  return file;
}

describe('a plugin that breaks its contract: a clear error at once, and the --plugin file named', () => {
  it.each([
    ['a tick whose next time never moves (it looped forever)', plugin('tick', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { nextTickMs: 0, skipIdle() {}, tick() {}, killed() {} } }) });`),
      'policy "bad": its tick\'s next time (0 ms) is not after the tick that ran (0 ms)'],
    ['a tick off the heartbeat grid (its kills fell in the past)', plugin('offgrid', `let t = 1500; registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { get nextTickMs() { return t; }, skipIdle() {}, tick() { t += 3000; }, killed() {} } }) });`),
      'policy "bad": its tick\'s next time (1500 ms) is not a multiple of the heartbeat interval (3000 ms)'],
    ['a tick whose first time is NaN (it never ran, silently)', plugin('ticknan', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { nextTickMs: NaN, skipIdle() {}, tick() {}, killed() {} } }) });`),
      'policy "bad": its tick\'s next time (NaN ms) is not a finite time'],
    ['a tick whose first time is before the run (it ran at -3000 ms)', plugin('tickneg', `let t = -3000; registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { get nextTickMs() { return t; }, skipIdle() {}, tick() { t += 3000; }, killed() {} } }) });`),
      'policy "bad": its tick\'s next time (-3000 ms) is before the run\'s start (0 ms)'],
    ['the heartbeat port kept and called outside assign() (a map stayed "running" with no slot: the run hung)', plugin('port', `let kept;
registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q,
  assignMaps: { assign(_s, port) { kept = port; for (const j of port.jobs) if (port.offer(j) >= 0) return; } },
  events: { mapFinished() { const j = kept.jobs[0]; if (j) kept.launch(j, 0); } } }) });`),
      'policy "bad": the heartbeat port\'s launch() was called outside assign(), when no heartbeat is being answered'],
    ['a tick\'s kill function kept and called later (the kill reached the rack before a launch: a map ran twice)', plugin('killlate', `let K, done = false, n = 0;
registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q,
  tick: { get nextTickMs() { return n; }, skipIdle(l) { n = Math.floor(l / 3000) * 3000; }, tick(_a, kill) { K = kill; n += 3000; }, killed() {} },
  events: { mapLaunched(job, map, _node, now) { if (!done && K && job.index === 1) { done = true; K({ job, task: map, startMs: now }, now); } } } }) });`),
      'policy "bad": a kill was asked outside a tick (the tick\'s kill function was kept and called later)'],
    ['a kill of an attempt "started" in the future (lost slot time went negative)', plugin('killstart', `let n = 0, done = false;
registerPolicy('bad', { description: 'x', create: (_c, ctx) => { const seen = []; return { createQueue: () => { const q = Q(); return { add: (j) => { seen.push(j); q.add(j); }, remove: (j) => q.remove(j), update: (j) => q.update(j), get jobs() { return q.jobs; } }; },
  tick: { get nextTickMs() { return n; }, skipIdle(l) { n = Math.floor(l / 3000) * 3000; }, tick(_a, kill) { const now = n; n += 3000; const j = seen[0];
    if (!done && j && j.runningMaps > 0) { let m = 0; while (j.mapState[m] !== 1) m++; done = true; kill({ job: j, task: m, startMs: now + 1e9 }, now); } }, killed() {} } }; } });`),
      'policy "bad": a kill of an attempt started at 1000003000 ms, not a time before the tick\'s 3000 ms'],
    ['create() changing the scenario (the result reported a seed and slowdowns the run was not built with)', plugin('mutate', `registerPolicy('bad', { description: 'x', create: (_c, ctx) => { ctx.scenario.seed = 99; return { createQueue: Q }; } });`),
      'Cannot assign to read only property \'seed\' of object \'#<Object>\''],
    ['a queue order changing a job\'s spec (its maps ran shorter than the result said)', plugin('spec', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => { a.spec.mapMs = 1000; return compareFair(a, b); }) }) });`),
      'Cannot assign to read only property \'mapMs\' of object \'#<Object>\''],
    ['a queue order setting a job\'s counter (the engine\'s own: the scheduler ran on a wrong count)', plugin('counter', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => { a.runningMaps = 0; return compareFair(a, b); }) }) });`),
      'Cannot set property runningMaps of #<Job> which has only a getter'],
    ['a queue order setting a job\'s size', plugin('jobmaps', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue((a, b) => { a.maps = 1; return compareFair(a, b); }) }) });`),
      'Cannot assign to read only property \'maps\' of object \'#<Job>\''],
    ['create() changing the topology (the engine\'s own)', plugin('topology', `registerPolicy('bad', { description: 'x', create: (_c, ctx) => { ctx.topology.racks = 1; return { createQueue: Q }; } });`),
      'Cannot assign to read only property \'racks\' of object \'#<Object>\''],
    ['create() returning nothing (it failed as "reading \'wrapGate\'")', plugin('made', `registerPolicy('bad', { description: 'x', create: () => undefined });`),
      'policy "bad": create() returned undefined, not an object with createQueue (a function)'],
    ['createQueue() returning nothing (it failed as "reading \'add\'")', plugin('noqueue', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => undefined }) });`),
      'policy "bad": createQueue(\'map\') returned undefined, not an object with add (a function), remove (a function), update (a function)'],
    ['a queue whose order is not a list (it failed as "reading \'length\'")', plugin('jobslist', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => ({ add() {}, remove() {}, update() {}, get jobs() { return undefined; } }) }) });`),
      'policy "bad": its map queue\'s jobs is undefined, not a list of jobs'],
    ['a tick without its methods', plugin('halftick', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { nextTickMs: 0, tick() {} } }) });`),
      'policy "bad": create()\'s tick\'s skipIdle is undefined, not a function'],
    ['sizeError returning an object (printed as "[object Object]")', plugin('sizeerr', `registerPolicy('bad', { description: 'x', sizeError: () => ({ msg: 'too big' }), create: () => ({ createQueue: Q }) });`),
      'policy "bad": sizeError returned {"msg":"too big"}, not a message or undefined'],
    ['an async sizeError (its Promise was shown as {})', plugin('sizeasync', `registerPolicy('bad', { description: 'x', sizeError: async () => undefined, create: () => ({ createQueue: Q }) });`),
      'policy "bad": sizeError returned a Promise: a plugin\'s methods run synchronously (no async, no await)'],
    ['sizeError changing the scenario (it was the run\'s own: the tasks ran with its jitter, silently)', plugin('sizemutate', `registerPolicy('bad', { description: 'x', sizeError: (_c, w) => { w.scenario.tasks.durationJitter = 0.9; return undefined; }, create: () => ({ createQueue: Q }) });`),
      'Cannot assign to read only property \'durationJitter\' of object \'#<Object>\''],
    ['sizeError changing its config (the run\'s own, given to create() and reported)', plugin('sizeconfig', `import { z } from ${INDEX};\nregisterPolicy('bad', { description: 'x', config: z.strictObject({ k: z.number().default(1) }), sizeError: (c) => { c.k = 7; return undefined; }, create: () => ({ createQueue: Q }) });`),
      'Cannot assign to read only property \'k\' of object \'#<Object>\''],
    ['counts() giving NaN (the JSON got null)', plugin('counts', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, assignMaps: { assign(_s, port) { for (const j of port.jobs) if (port.offer(j) >= 0) return; }, counts: () => ({ a: NaN }) } }) });`),
      'policy "bad": counts() gives "a" as NaN, not a finite number'],
    ['an async assign() (its launches came after the heartbeat; no job finished, and the process ran out of memory)', plugin('asyncassign', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, assignMaps: { async assign(_s, port) { await null; for (const j of port.jobs) port.offer(j); } } }) });`),
      'policy "bad"\'s assignMaps: assign() returned a Promise: a plugin\'s methods run synchronously (no async, no await)'],
    ['an async create() (it failed as "createQueue is undefined")', plugin('asynccreate', `registerPolicy('bad', { description: 'x', create: async () => ({ createQueue: Q }) });`),
      'policy "bad": create() returned a Promise: create() and a plugin\'s methods run synchronously (no async, no await)'],
    ['a misspelled member of what create() returns (never read: the run went on without it)', plugin('misspelled', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, asignMaps: { assign() {} } }) });`),
      'policy "bad": create() has asignMaps, which hfsim does not read: did you mean assignMaps? (rename a member of your own that is not meant as it)'],
    ['an async allowed() of the gate a policy\'s wrapGate returns (it answered a Promise: every job node-local, silently)', plugin('asyncwrap', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, wrapGate: (g) => ({ allowed: async (j, t) => g.allowed(j, t), skipped: (j) => g.skipped(j), launched: (j, l) => g.launched(j, l) }) }) });`),
      'policy "bad": the gate its wrapGate() returned: allowed() returned a Promise: a plugin\'s methods run synchronously (no async, no await)'],
    ['an async queue add()', plugin('asyncadd', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: (kind) => { const q = Q(kind); return { async add(j) { q.add(j); }, remove: (j) => q.remove(j), update: (j) => q.update(j), get jobs() { return q.jobs; } }; } }) });`),
      'policy "bad": its map queue: add() returned a Promise: a plugin\'s methods run synchronously (no async, no await)'],
    ['an async method of a frozen create() result (a proxy must give a frozen property as it is)', plugin('frozenasync', `registerPolicy('bad', { description: 'x', create: () => Object.freeze({ createQueue: Q, assignMaps: Object.freeze({ async assign() {} }) }) });`),
      'policy "bad"\'s assignMaps: assign() returned a Promise: a plugin\'s methods run synchronously (no async, no await)'],
    ['wrapGate() returning nothing (it failed as "Object prototype may only be an Object or null")', plugin('wrapundef', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, wrapGate: () => undefined }) });`),
      'policy "bad": wrapGate() returned undefined, not an object with allowed (a function), skipped (a function), launched (a function)'],
    ['a filter answering "yes" (taken as true, silently)', plugin('filteryes', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, filter: { admits: () => 'yes' } }) });`),
      'policy "bad": filter.admits() gave "yes" for job j1 on node 0, not true or false'],
    ['a launch of a map the job does not have (it read "launched while not pending")', plugin('nomap', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, assignMaps: { assign(_s, port) { for (const j of port.jobs) { port.launch(j, j.maps + 5); return; } } } }) });`),
      'job j1: map 11 launched: no such map (its maps are 0 to 5)'],
    ['a launch naming its map by a string (it read "no such map (its maps are 0 to 5)" of map 0)', plugin('strmap', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, assignMaps: { assign(_s, port) { for (const j of port.jobs) { port.launch(j, '0'); return; } } } }) });`),
      'job j1: launch(job, "0"): a map is a number from 0 to 5, not a string'],
    ['an offer of null (it failed as "Cannot read properties of null (reading \'index\')")', plugin('offernull', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, assignMaps: { assign(_s, port) { port.offer(null); } } }) });`),
      'policy "bad": the heartbeat port\'s offer(job) was given null, not one of port.jobs'],
    ['a launch of a copy of a job (its maps were started on the copy, the job\'s left pending)', plugin('launchcopy', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, assignMaps: { assign(_s, port) { for (const j of port.jobs) { port.launch(Object.create(j), 0); return; } } } }) });`),
      'policy "bad": the heartbeat port\'s launch(job) was given job j1, not one of this run\'s (a copy?), not one of port.jobs'],
    ['a misspelled event hook (never called: the run went on without it)', plugin('evtypo', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunch() {} } }) });`),
      'policy "bad": create()\'s events has mapLaunch, which hfsim does not read: did you mean mapLaunched? (rename a member of your own that is not meant as it)'],
    ['a cap hfsim does not have (dropped silently)', plugin('nocap', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, limits: { offRackMaps: Infinity, reduces: Infinity, maps: 1 } }) });`),
      'policy "bad": limits.maps is not a cap hfsim has (offRackMaps, reduces)'],
    ['a heartbeat cap of 0 (nothing launched: the stall message, a minute of simulated time later)', plugin('limits', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, limits: { offRackMaps: 0, reduces: 1 } }) });`),
      'policy "bad": limits.offRackMaps is 0: a whole number from 1, or Infinity'],
  ])('%s', (_, file, message) => {
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    // Between the two, where the plugin's code called the engine, when it is on the stack.
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe(`hfsim: run failed: ${message}`);
    if (lines.length === 4) expect(lines[1]).toMatch(new RegExp(`^hfsim: from (\\S+ at )?${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+$`));
    expect(lines.slice(lines.length - 2)).toEqual([`hfsim: the run used --plugin ${file}: a plugin that breaks its contract (README: "Plugins") may be the cause`, '']);
  });

  it('wrapGate() returning a spread of a built-in gate (it failed as "this.gate.launched is not a function")', () => {
    const file = plugin('wrapspread', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, wrapGate: (g) => ({ ...g, allowed: (j, t) => g.allowed(j, t) }) }) });`);
    const r = hfsim('run', scenario({ scheduler: { policy: 'bad', delay: { mode: 'skip', maxSkips: 3 } } }), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('hfsim: run failed: policy "bad": wrapGate()\'s skipped is undefined, not a function (a spread of the gate it was given, { ...gate }, keeps none of its class\'s methods: call them through the gate itself)');
  });

  it('a kill naming another start than its attempt\'s (the lost slot time booked was the plugin\'s number)', () => {
    const file = plugin('killwrongstart', `let n = 0, done = false;
registerPolicy('bad', { description: 'x', create: () => { const seen = []; return { createQueue: () => { const q = Q(); return { add: (j) => { seen.push(j); q.add(j); }, remove: (j) => q.remove(j), update: (j) => q.update(j), get jobs() { return q.jobs; } }; },
  tick: { get nextTickMs() { return n; }, skipIdle(l) { n = Math.floor(l / 3000) * 3000; }, tick(_a, kill) { const now = n; n += 3000; const j = seen[0];
    if (!done && j && j.runningMaps > 0) { let m = 0; while (j.mapState[m] !== 1) m++; done = true; kill({ job: j, task: m, startMs: -5000 }, now); } }, killed() {} } }; } });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^hfsim: run failed: policy "bad": a kill of job j1's map \d+ naming its start as -5000 ms; it started at \d+ ms$/);
  });

  it.each([
    ['mapsDoneAt', 'j.mapsDoneAt(0)'], ['recordMapStart', 'j.recordMapStart(0, 1e9)'], ['startMap', 'j.startMap(0, 0)'], ['release', 'j.release()'],
  ])('a queue calling a job\'s engine method %s (jobs finished early, or a utilisation of -22.7, silently)', (method, call) => {
    const file = plugin(`engine-${method}`, `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => { const q = Q(); return { add: (j) => { ${call}; q.add(j); }, remove: (j) => q.remove(j), update: (j) => q.update(j), get jobs() { return q.jobs; } }; } }) });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`hfsim: run failed: job j1: ${method}() changes the job and is the engine's to call: a plugin reads jobs and cannot change them`);
  });

  it.each([['NaN', '() => NaN'], ['undefined', '() => undefined'], ['a Promise', 'async (a, b) => 0']])('a SortedJobQueue comparator giving %s (every new job went first, silently)', (shown, compare) => {
    const file = plugin(`cmp-${shown.replace(/\W/g, '')}`, `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue(${compare}) }) });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^hfsim: run failed: policy "bad": its (map|reduce) queue's comparator gave ${shown} for jobs j\\d and j\\d, not a number \\(negative: the first goes first; 0; positive\\)$`));
  });

  it.each([
    ['says whose limit it is', "'a job of ' + s.largestMaps + ' maps is too many'", 'scheduler.policy "bad": a job of 30 maps is too many (workload.jobs[2].input)'],
    ['already naming the policy, is left as it is', "'policy bad takes at most 10 maps a job'", 'policy bad takes at most 10 maps a job'],
  ])("a policy's own size limit (sizeError) %s: exit 2 before the run", (_, message, shown) => {
    const file = plugin(`size-${shown.length}`, `registerPolicy('bad', { description: 'x', sizeError: (_c, s) => (s.largestMaps > 10 ? ${message} + (${JSON.stringify(shown.endsWith(')'))} ? ' (' + s.largestField + ')' : '') : undefined), create: () => ({ createQueue: Q }) });`);
    const path = scenario();
    const r = hfsim('run', path, '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${path}: ${shown}\n`);
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
    const str = plugin('throws-string', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw 'out of slots'; } } }) });`);
    const num = plugin('throws-number', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw 7; } } }) });`);
    const obj = plugin('throws-object-again', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw { code: 7 }; } } }) });`);
    const nul = plugin('throws-null', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw null; } } }) });`);
    const undef = plugin('throws-undefined', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw undefined; } } }) });`);
    const sym = plugin('throws-symbol', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw Symbol('s'); } } }) });`);
    // with variants, the larger "broken" goes to a worker (--parallel 2 on processes; all variants on threads)
    const first = (file: string, ...args: string[]) => {
      const r = hfsim('run', scenario(args.length > 0 ? { variants: WORKER_VARIANTS } : {}), '--plugin', file, ...args);
      expect(r.code).toBe(1);
      return r.stderr.split('\n')[0];
    };
    expect(first(str)).toBe('hfsim: run failed: out of slots');
    expect(first(num)).toBe('hfsim: run failed: 7');
    expect(first(obj)).toBe('hfsim: run failed: a value that is not an Error: {"code":7}');
    expect(first(nul)).toBe('hfsim: run failed: null');
    expect(first(undef)).toBe('hfsim: run failed: undefined');
    expect(first(sym)).toBe('hfsim: run failed: Symbol(s)');
    // an empty string left the line blank: 'hfsim: run failed: '
    const blank = plugin('throws-empty-string', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw ''; } } }) });`);
    expect(first(blank)).toBe('hfsim: run failed: an empty string: ""');
    expect(first(blank, '--parallel', '2', '--pool', 'threads', '--no-progress')).toBe('hfsim: run failed: variant "broken": an empty string: ""');
    // on threads, null read "Cannot read properties of null" (piscina took a null error for a null result), a Symbol "a value that is not an Error: {}"
    for (const pool of ['processes', 'threads']) {
      expect(first(str, '--parallel', '2', '--pool', pool, '--no-progress')).toBe('hfsim: run failed: variant "broken": out of slots');
      expect(first(num, '--parallel', '2', '--pool', pool, '--no-progress')).toBe('hfsim: run failed: variant "broken": 7');
      expect(first(nul, '--parallel', '2', '--pool', pool, '--no-progress')).toBe('hfsim: run failed: variant "broken": null');
      expect(first(undef, '--parallel', '2', '--pool', pool, '--no-progress')).toBe('hfsim: run failed: variant "broken": undefined');
      expect(first(sym, '--parallel', '2', '--pool', pool, '--no-progress')).toBe('hfsim: run failed: variant "broken": Symbol(s)');
    }
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('a thrown value that is not an Error is shown as it is: a string or number bare (`throw \'out of slots\'`: `hfsim: run failed: out of slots`), an object or list as JSON (`a value that is not an Error: {"code":7}`)');
    expect(readme).not.toContain('a thrown value that is not an Error is shown as JSON');
  });

  it('a thrown object that a worker cannot send (with a method, a toJSON that throws, no prototype) is shown as in this process (it read "[object Object]"; one without a prototype ended the worker process with Node\'s stack trace)', () => {
    const cases = [
      ['unsendable-method', '{ code: 7, retry() {} }', 'a value that is not an Error: {"code":7}'],
      ['unsendable-tojson', "{ toJSON() { throw new Error('no JSON'); } }", 'a value that is not an Error: [object Object]'],
      ['unsendable-bare', 'Object.assign(Object.create(null), { code: 7 })', 'a value that is not an Error: {"code":7}'],
    ];
    for (const [name, value, shown] of cases) {
      const file = plugin(name, `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw ${value}; } } }) });`);
      const here = hfsim('run', scenario(), '--plugin', file);
      expect([here.code, here.stderr.split('\n')[0]]).toEqual([1, `hfsim: run failed: ${shown}`]);
      for (const pool of ['processes', 'threads']) {
        const r = hfsim('run', scenario({ variants: WORKER_VARIANTS }), '--plugin', file, '--parallel', '2', '--pool', pool, '--no-progress');
        expect([r.code, r.stderr.split('\n')[0]]).toEqual([1, `hfsim: run failed: variant "broken": ${shown}`]);
        const sweep = writeJson(dir, `sweep-${name}-${pool}.json`, { name: 'faults', base: scenario({ variants: WORKER_VARIANTS }), axes: { variant: ['broken'] }, seeds: [1] });
        const point = hfsim('sweep', sweep, '--plugin', file, '--parallel', '1', '--pool', pool, '--out', join(dir, `sweep-${name}-${pool}`), '--no-progress');
        expect([point.code, point.stderr.split('\n')[1]]).toEqual([1, `hfsim: point variant="broken", seed=1: ${shown}`]);
      }
    }
  });

  it('a variant that threw an Error without a message is named with the Error\'s name, here and on workers, as a run of one variant and a sweep\'s point are (it read \'variant "broken": \' and nothing more)', () => {
    const range = plugin('variant-throws-empty', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw new RangeError(''); } } }) });`);
    const own = plugin('variant-throws-own-empty', `class QuotaError extends Error { constructor() { super(''); this.name = 'QuotaError'; } }
registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { throw new QuotaError(); } } }) });`);
    for (const [file, name] of [[range, 'RangeError'], [own, 'QuotaError']]) {
      for (const args of [['--parallel', '1'], ['--parallel', '2', '--pool', 'processes'], ['--parallel', '2', '--pool', 'threads']]) {
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

    it.each(['processes', 'threads'])('a sweep\'s points on %s (they read "[object Object]", and never where the plugin threw)', (pool) => {
      const base = scenario({ variants });
      const sweep = writeJson(dir, `sweep-${pool}.json`, { name: 'faults', base, axes: { variant: ['broken'] }, seeds: [1] });
      const thrown = hfsim('sweep', sweep, '--plugin', error, '--parallel', '1', '--pool', pool, '--out', join(dir, `sweep-${pool}-error`), '--no-progress');
      expect(thrown.code).toBe(1);
      expect(thrown.stderr.split('\n').slice(1, 3)).toEqual(['hfsim: point variant="broken", seed=1: boom', expect.stringMatching(at(error))]);
      const r = hfsim('sweep', sweep, '--plugin', object, '--parallel', '1', '--pool', pool, '--out', join(dir, `sweep-${pool}-object`), '--no-progress');
      expect(r.stderr.split('\n')[1]).toBe('hfsim: point variant="broken", seed=1: a value that is not an Error: {"code":7}');
    });

    it.each(['processes', 'threads'])('a sweep\'s points on %s: null, a Symbol and an Error of a class of the plugin\'s own with no message, as in this process (threads: null read "Cannot destructure property \'config\' of \'result\'", a Symbol "{}", the class "Error")', (pool) => {
      const sweep = writeJson(dir, `sweep-more-${pool}.json`, { name: 'faults', base: scenario({ variants }), axes: { variant: ['broken'] }, seeds: [1] });
      const point = (name: string, body: string): string[] => {
        const r = hfsim('sweep', sweep, '--plugin', plugin(`pool-throws-${name}`, `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, events: { mapLaunched: () => { ${body} } } }) });`),
          '--parallel', '1', '--pool', pool, '--out', join(dir, `sweep-${pool}-${name}`), '--no-progress');
        expect(r.code).toBe(1);
        return r.stderr.split('\n').slice(1, 3);
      };
      expect(point('null', 'throw null;')[0]).toBe('hfsim: point variant="broken", seed=1: null');
      expect(point('symbol', "throw Symbol('s');")[0]).toBe('hfsim: point variant="broken", seed=1: Symbol(s)');
      const own = point('own-class', "class QuotaError extends Error { constructor() { super(''); this.name = 'QuotaError'; this.quota = 3; } } throw new QuotaError();");
      expect(own).toEqual(['hfsim: point variant="broken", seed=1: QuotaError with no message', expect.stringMatching(/^hfsim: from /)]);
    });
  });

  it('tick.mayKill that is no boolean is refused ("yes" read as false: the summary left its kills out)', () => {
    const file = plugin('maykill-yes', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { mayKill: 'yes', nextTickMs: 0, skipIdle(l) { this.nextTickMs = Math.max(this.nextTickMs, Math.floor(l / 3000) * 3000); }, tick() { this.nextTickMs += 3000; }, killed() {} } }) });`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('hfsim: run failed: policy "bad": tick.mayKill is "yes", not true or false');
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

  it.each([
    ['a block that does not exist (it was "copied", its MB counted)', 'addReplica', '1e6, 1', 'addReplica(1000000, 1): no such block (the blocks are 0 to 35)'],
    ['a node that does not exist (it came to hold a replica)', 'addReplica', '0, 999', 'addReplica(0, 999): no such node (the nodes are 0 to 3)'],
    ['the removal of a block that does not exist', 'removeReplica', '-1, 0', 'removeReplica(-1, 0): no such block (the blocks are 0 to 35)'],
    ['the removal from a node that does not exist', 'removeReplica', '0, 4', 'removeReplica(0, 4): no such node (the nodes are 0 to 3)'],
  ])('a replication policy asking for %s: the message names it, as replication "badr" (it read "replication policy:", unnamed)', (_, call, args, message) => {
    const file = plugin(`repl-${call}-${args.replace(/\W/g, '')}`, `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q }) });
let next = 6000; registerReplication('badr', { description: 'x', create: () => ({ get nextRoundMs() { return next; }, round(h) { h.${call}(${args}); next += 6000; }, blockRead() {} }) });`);
    const r = hfsim('run', scenario({ scheduler: { policy: 'bad', delay: { mode: 'none' }, replication: { policy: 'badr' } } }), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`hfsim: run failed: replication "badr": ${message}`);
  });

  it('a replication policy\'s counts() giving NaN: named as replication "badr", as its other messages name it (it read "replication policy \\"badr\\"")', () => {
    const file = plugin('repl-counts', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q }) });
registerReplication('badr', { description: 'x', create: () => ({ blockRead() {}, counts: () => ({ a: NaN }) }) });`);
    const r = hfsim('run', scenario({ scheduler: { policy: 'bad', delay: { mode: 'none' }, replication: { policy: 'badr' } } }), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('hfsim: run failed: replication "badr": counts() gives "a" as NaN, not a finite number');
  });
});

describe('plugins that keep their contract run as before the checks', () => {
  it('a frozen create() result, class fields named near a member (time, last, count, ticks, limit), a tick that never kills: the same digest as a plain object', () => {
    const plain = plugin('keep-plain', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, tick: { nextTickMs: 0, skipIdle(l) { this.nextTickMs = Math.max(this.nextTickMs, Math.floor(l / 3000) * 3000); }, tick() { this.nextTickMs += 3000; }, killed() {} } }) });`);
    const fields = plugin('keep-fields', `class Tick { nextTickMs = 0; ticks = 0; last = -1; skipIdle(l) { this.nextTickMs = Math.max(this.nextTickMs, Math.floor(l / 3000) * 3000); } tick() { this.ticks++; this.nextTickMs += 3000; } killed() {} }
class P { time = 0; count = 0; limit = 3; _assignMap = {}; createQueue(kind) { return Q(kind); } tick = new Tick(); }
registerPolicy('bad', { description: 'x', create: () => Object.freeze(new P()) });`);
    const s = scenario();
    const run = (file: string) => { const r = hfsim('run', s, '--plugin', file, '--json'); expect(r.code, r.stderr).toBe(0); return JSON.parse(r.stdout) as { digest: string; summary: Record<string, unknown> }; };
    const a = run(plain);
    expect(run(fields).digest).toBe(a.digest);
    expect(a.summary.killedTasks).toBe(undefined); // a tick without mayKill: kills appear only when there are some
  });

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

  it('an import of a name hfsim does not export is placed at its line in the plugin (it was blamed on "a module it imports")', () => {
    const file = join(dir, 'missing-export.mjs');
    writeFileSync(file, `import { SortedJobQueue,\n  compareFIFO } from ${INDEX};\nexport default SortedJobQueue;\n`);
    const r = hfsim('run', scenario(), '--plugin', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^hfsim: --plugin ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: The requested module '.*' does not provide an export named 'compareFIFO'\n$`));
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

describe('a plugin writing the pools, the replicas or the running tasks it is handed (the engine\'s own; nothing stopped it)', () => {
  const hfs = (policy: string) => scenario({ scheduler: { policy: 'hfs', delay: { mode: 'none' }, pools: [{ name: 'prod', minMaps: 4 }], preemption: { enabled: true, intervalMs: 3000, policy } },
    workload: { kind: 'jobs', files: [{ name: 'f', blocks: 12 }], jobs: [{ id: 'j1', input: 'f', mapMs: 40000, reduces: 1, reduceMs: 10000 }, { id: 'j2', submitMs: 5000, pool: 'prod', input: 'f', mapMs: 10000 }] } });
  const preempting = (name: string, body: string) => plugin(name, `registerPreemption('badp', { description: 'x', create: () => ({ victims: (pools, kind, now, running) => { ${body}; return []; } }) });`);

  it.each([
    ['a pool\'s fair share', 'pools.pools[0].map.fairShare = 1e9', 'Cannot set property fairShare of #<PoolShare> which has only a getter'],
    ['a pool\'s jobs', 'pools.pools[0].jobs.push(pools.pools[0].jobs[0])', 'Cannot add property 0, object is not extensible'],
    ['the list of pools', 'pools.pools.length = 0', 'Cannot assign to read only property \'length\' of object \'[object Array]\''],
    ['a pool\'s settings', 'pools.pools[0].config.weight = 9', 'Cannot assign to read only property \'weight\' of object \'#<Object>\''],
    ['the scheduler settings under the pools', 'pools.config.pools.length = 0', 'Cannot assign to read only property \'length\' of object \'[object Array]\''],
    ['the running tasks\' records', 'running.launchedMap(pools.pools[0].jobs[0], 0, 0, now, 1)', 'running.launchedMap is not a function'],
  ])('a preemption writing %s', (_, body, message) => {
    const r = hfsim('run', hfs('badp'), '--plugin', preempting(`pw-${Math.random().toString(36).slice(2)}`, body));
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`hfsim: run failed: ${message}`);
  });

  it('a replication round adding a replica behind HDFS\'s back (its checks and the jobs\' caches passed by)', () => {
    const file = plugin('repl-raw', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q }) });
let next = 6000; registerReplication('badr', { description: 'x', create: () => ({ get nextRoundMs() { return next; }, round(h) { h.blocks.addReplica(0, 1); next += 6000; }, blockRead() {} }) });`);
    const r = hfsim('run', scenario({ scheduler: { policy: 'bad', delay: { mode: 'none' }, replication: { policy: 'badr' } } }), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('hfsim: run failed: h.blocks.addReplica is not a function');
  });

  it('a plugin writing its copies of the heartbeat phases and of the files changes nothing', () => {
    const quiet = plugin('copies-quiet', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q }) });
let next = 6000; registerReplication('badr', { description: 'x', create: () => ({ get nextRoundMs() { return next; }, round() { next = Infinity; }, blockRead() {} }) });`);
    const writing = plugin('copies-writing', `registerPolicy('bad', { description: 'x', create: (_c, ctx) => { ctx.topology.phaseMs.fill(0); return { createQueue: Q }; } });
let next = 6000; registerReplication('badr', { description: 'x', create: () => ({ get nextRoundMs() { return next; }, round(h) { for (const f of h.files) f.fill(0); next = Infinity; }, blockRead() {} }) });`);
    const s = scenario({ scheduler: { policy: 'bad', delay: { mode: 'none' }, replication: { policy: 'badr' } } });
    const digest = (file: string) => { const r = hfsim('run', s, '--plugin', file, '--json'); expect(r.code, r.stderr).toBe(0); return (JSON.parse(r.stdout) as { digest: string }).digest; };
    expect(digest(writing)).toBe(digest(quiet));
  });
});

describe('a preemption plugin that kills every running map at every check', () => {
  it('is stopped once the kills pass 1,000 a slot with nothing finished (it ran past 99 simulated days)', () => {
    const file = plugin('killall', `registerPreemption('badp', { description: 'x', create: () => ({ victims: (pools, kind, _now, running) => kind !== 'map' ? [] :
  pools.pools.flatMap((p) => p.jobs).flatMap((j) => Array.from({ length: j.maps }, (_, m) => m).filter((m) => j.mapState[m] === 1).map((m) => ({ job: j, task: m, startMs: running.mapStartMs(j, m) }))) }) });`);
    const s = scenario({ scheduler: { policy: 'hfs', delay: { mode: 'none' }, pools: [{ name: 'prod', minMaps: 4 }], preemption: { enabled: true, intervalMs: 3000, policy: 'badp' } },
      workload: { kind: 'jobs', files: [{ name: 'f', blocks: 12 }], jobs: [{ id: 'j1', input: 'f', mapMs: 40000, reduces: 1, reduceMs: 10000 }, { id: 'j2', submitMs: 5000, pool: 'prod', input: 'f', mapMs: 10000 }] } });
    const r = hfsim('run', s, '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^hfsim: run failed: simulation cannot end at [\d.]+ s: \d+ task attempts killed \(over 1000 for each of the 12 slots\) with no task finished and no job arrived in between: policy "hfs" with preemption "badp" kills tasks before any can end\n/);
  });
});

describe('a gate whose allowed() gives no locality', () => {
  it.each([['NaN'], ['-1'], ['undefined']])('allowed() giving %s (it acted as node-local only, silently)', (value) => {
    const file = plugin(`gate-${value}`, `registerGate('badg', { description: 'x', create: () => ({ allowed: () => ${value}, skipped() {}, launched() {} }) });`);
    const r = hfsim('run', scenario({ scheduler: { policy: 'fair', delay: { mode: 'badg' } } }), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`hfsim: run failed: gate "badg": allowed() gave ${value}, not a locality (0 node-local, 1 rack-local, 2 off-rack)`);
  });
});

describe('a gate whose lazy skips give no number', () => {
  // a skip-count gate permitting passAll, its lazy skips broken one way each
  it.each([
    ['a headroom without return', 'amount: () => 1, headroom: (job) => { 3 - skips[job.index]; }', /^lazy\.headroom\(\) gave undefined for job \S+, not a number/],
    ['a NaN amount', 'amount: (u) => u * NaN, headroom: (job) => 3 - skips[job.index]', /^lazy\.amount\(\) gave NaN, not a finite number from 0/],
    ['a string amount', "amount: () => '1', headroom: (job) => 3 - skips[job.index]", /^lazy\.amount\(\) gave "1", not a finite number from 0/],
    ['a negative amount', 'amount: () => -1, headroom: (job) => 3 - skips[job.index]', /^lazy\.amount\(\) gave -1, not a finite number from 0/],
  ])('%s (the run went on with other decisions than the walk\'s: node locality 100 against 97 percent, silently)', (what, members, message) => {
    const file = plugin(`lazy-${what.replace(/\W/g, '')}`, `registerGate('lazyg', { description: 'x', permits: ['skipIdleHeartbeats', 'passAll'], create: (_c, ctx) => {
  const skips = new Int32Array(ctx.jobs);
  return { allowed: (job) => (skips[job.index] >= 3 ? OFF_RACK : NODE_LOCAL), skipped: (job) => { skips[job.index]++; },
    launched: (job, loc) => { if (loc === NODE_LOCAL) skips[job.index] = 0; },
    lazy: { ${members}, settle: (job, owed) => { skips[job.index] += owed; } } };
} });`);
    const s = scenario({ seed: 3, cluster: { racks: 4, nodesPerRack: 5, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 }, hdfs: { replication: 1 },
      scheduler: { policy: 'fair', delay: { mode: 'lazyg' } },
      workload: { kind: 'generated', groups: [{ name: 'small', count: 30, maps: 2, mapMs: 20000, startMs: 0, intervalMs: 4000 }] } });
    const r = hfsim('run', s, '--plugin', file);
    expect(r.code, r.stdout).toBe(1);
    const first = r.stderr.split('\n')[0];
    expect(first.startsWith('hfsim: run failed: gate "lazyg": '), first).toBe(true);
    expect(first.slice('hfsim: run failed: gate "lazyg": '.length)).toMatch(message);
  });
});

describe('a member that should be an object and is not', () => {
  it.each([
    ['a gate\'s lazy', `registerGate('badg', { description: 'x', create: () => ({ allowed: () => NODE_LOCAL, skipped() {}, launched() {}, lazy: 5 }) });`, 'gate "badg": create()\'s lazy is 5, not an object'],
    ['a policy\'s filter', `registerPolicy('bad', { description: 'x', create: () => ({ createQueue: Q, filter: true }) });`, 'policy "bad": create()\'s filter is true, not an object'],
  ])('%s is said to be "not an object" (it read "not a object")', (_what, body, message) => {
    const file = plugin(`notobject-${Math.random().toString(36).slice(2)}`, body);
    const r = hfsim('run', scenario({ scheduler: { policy: body.includes('registerGate') ? 'fair' : 'bad', delay: { mode: body.includes('registerGate') ? 'badg' : 'none' } } }), '--plugin', file);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`hfsim: run failed: ${message}`);
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
    expect(honest.stderr).toBe('--check-shortcuts: every digest is the same with every heartbeat processed and every map scan walked (1 variant)\n');
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
