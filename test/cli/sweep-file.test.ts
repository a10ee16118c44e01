/** Sweep files are validated like scenarios (one line naming file and field, exit 2); the canonical sweeps; the statistics. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interval, studentT975 } from '../../src/cli/sweep-aggregate.js';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { ROOT, base, hfsim, tmp, writeJson } from './sweep-helpers.js';

describe('sweep files: validated like scenarios (one line naming file and field, exit 2)', () => {
  const dir = tmp('bad');
  writeJson(dir, 'base.json', base);
  const sweep = (content: unknown): string => writeJson(tmp('bad'), 'x.sweep.json', content);
  const cases: Array<[string, () => string[], RegExp]> = [
    ['a missing file', () => ['sweep', 'no/such.sweep.json'], /no\/such\.sweep\.json: cannot read sweep file \(no such file\)/],
    ['invalid JSON', () => ['sweep', sweep('{\n  "base": "b.json",\n  "axes": {,\n}')], /x\.sweep\.json:3:12: invalid JSON: /],
    // read as Node's TypeError "... without null bytes", the NUL printed raw (fuzz seed 56101 case 59, a trace path alike)
    ['a NUL in the base path', () => ['sweep', sweep({ base: 'b\u0000.json', axes: { 'hdfs.replication': [1, 2] } })], /x\.sweep\.json:\d+:\d+: base: base holds a NUL character \(\\u0000\), which no file name may hold$/m],
    ['an unknown field', () => ['sweep', sweep({ base, axis: {} })], /x\.sweep\.json:\d+:\d+: \(top level\): unknown field "axis"/],
    // it read "Invalid input: expected array, received number"
    ['an axis that is not a list', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': 3 } })], /x\.sweep\.json:\d+:\d+: axes\.hdfs\.replication: an axis is the list of its values \(e\.g\. "cluster\.racks": \[5, 10\]\)$/m],
    // it read two messages joined, zod's "Too small: expected string to have >=1 characters" first
    ['an axis named ""', () => ['sweep', sweep({ base, axes: { '': [1] } })], /x\.sweep\.json:\d+:\d+: axes\.: "" is not a field path: name a field, e\.g\. "cluster\.racks"$/m],
    ['an empty axis', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': [] } })], /axes\.hdfs\.replication: an axis needs at least one value/],
    ['a repeated seed', () => ['sweep', sweep({ base, seeds: [1, 1] })], /x\.sweep\.json:\d+:\d+: seeds: a seed appears twice/],
    ['a bad seed', () => ['sweep', sweep({ base, seeds: [1, -2] })], /x\.sweep\.json:\d+:\d+: seeds\[1\]: a seed must not be negative/],
    ['a bad axis value', () => ['sweep', sweep({ base, axes: { 'cluster.mapSlotsPerNode': [2, 0] } })],
      /x\.sweep\.json:\d+:\d+: base at variant="Fair", cluster\.mapSlotsPerNode=0: cluster\.mapSlotsPerNode: mapSlotsPerNode must be at least 1/],
    ['an axis on an unknown field', () => ['sweep', sweep({ base, axes: { 'cluster.rakcs': [2] } })], /base at .*: cluster: unknown field "rakcs"/],
    ['an unknown variant', () => ['sweep', sweep({ base, axes: { variant: ['FIFO'] } })], /axes\.variant: "FIFO" is not a variant of the base \(have "Fair", "Fair \+ skip"\)/],
    ['a missing base file', () => ['sweep', sweep({ base: 'nope.json' })], /nope\.json: cannot read base scenario file \(no such file\)/],
    ['a bad base file', () => ['sweep', writeJson(dir, 'b.sweep.json', { base: 'base.json', set: { 'cluster.racks': 0 } })], /b\.sweep\.json:\d+:\d+: base base\.json at variant="Fair": cluster\.racks: racks must be at least 1/],
    // A file a point names, bad at one axis value: its error named neither the sweep nor the point
    // ("hfsim: /tmp/.../neg.xml:2:16: <weight> must be a non-negative number, not \"-1\"")
    ['a bad allocation file at one axis value', () => {
      writeFileSync(join(dir, 'ok.xml'), '<allocations>\n<pool name="p"><weight>2</weight></pool>\n</allocations>\n');
      writeFileSync(join(dir, 'neg.xml'), '<allocations>\n<pool name="p"><weight>-1</weight></pool>\n</allocations>\n');
      return ['sweep', writeJson(dir, 'a.sweep.json', { base: 'base.json', set: { 'scheduler.policy': 'hfs' }, axes: { variant: ['Fair'], 'scheduler.allocationFile': ['ok.xml', 'neg.xml'] } })];
    }, /a\.sweep\.json: base base\.json at variant="Fair", scheduler\.allocationFile="neg\.xml": scheduler\.allocationFile: \S*neg\.xml:2:16: <weight> must be a non-negative number, not "-1"/],
    ['a bad trace at one axis value', () => {
      writeFileSync(join(dir, 'ok.tsv'), 'job0\t1\t1\t1000\t0\t0\n');
      writeFileSync(join(dir, 'neg.tsv'), 'job0\t1\t1\t-5\t0\t0\n');
      return ['sweep', writeJson(dir, 't.sweep.json', { base: 'base.json', set: { workload: { kind: 'swim', trace: 'ok.tsv' } }, axes: { variant: ['Fair'], 'workload.trace': ['ok.tsv', 'neg.tsv'] } })];
    }, /t\.sweep\.json: base base\.json at variant="Fair", workload\.trace="neg\.tsv": workload\.trace: \S*neg\.tsv:1: column 4 \(input bytes\): "-5" is not a non-negative number/],
    // a chart's fields given a string were told in zod's words ("Invalid input: expected number, received string")
    ['a chart bin written as a string', () => ['sweep', sweep({ base, charts: [{ metric: 'meanResponseMs', bins: ['1'] }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]\.bins\[0\]: a bin must be a number, not the string "1": write 1, without quotes$/m],
    ['a chart bin of 0', () => ['sweep', sweep({ base, charts: [{ metric: 'meanResponseMs', bins: [0] }] })], /x\.sweep\.json:\d+:\d+: charts\[0\]\.bins\[0\]: a bin must be at least 1$/m],
    ['an analytic p written as a string', () => ['sweep', sweep({ base, charts: [{ metric: 'locality.node', analytic: { curve: 'skip-count', p: '0.5' } }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]\.analytic\.p: p must be a number, not the string "0\.5": write 0\.5, without quotes$/m],
    ['an analytic p above 1', () => ['sweep', sweep({ base, charts: [{ metric: 'locality.node', analytic: { curve: 'skip-count', p: 50 } }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]\.analytic\.p: p must be greater than 0 and at most 1 \(a fraction: 0\.05 is 5%\)$/m],
    ['a chart metric that is no string', () => ['sweep', sweep({ base, charts: [{ metric: 5 }] })], /x\.sweep\.json:\d+:\d+: charts\[0\]\.metric: metric must be a string \(a metric's name\)$/m],
    ['a chart on no axis', () => ['sweep', sweep({ base, charts: [{ metric: 'fairness', x: 'cluster.racks' }] })], /charts\[0\]\.x: "cluster\.racks" is not an axis/],
    ['a chart whose x is not numbers (its chart drew NaN coordinates)', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': [1, 3] }, charts: [{ metric: 'fairness', x: 'variant' }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]\.x: axis "variant" has the value "Fair": a chart's x axis needs numbers/],
    ['a chart whose x axis holds null', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': [3, null] }, charts: [{ metric: 'fairness', x: 'hdfs.replication' }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]\.x: axis "hdfs\.replication" has the value null: a chart's x axis needs numbers/],
    // Charts the report would have drawn otherwise than asked, or left out, without a word:
    ['a chart of two bins without by "bin" (it drew bin 1 only)', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': [1, 3] }, charts: [{ metric: 'meanResponseMs', bins: [1, 2] }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]\.bins: \[1,2\] lists 2 bins, but a chart without "by": "bin" draws one bin's meanResponseMs/],
    ['a chart with no axis of numbers for x (it was left out)', () => ['sweep', sweep({ base, charts: [{ metric: 'jobs' }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]: no axis of the sweep has numbers for the x scale/],
    // a walkthrough's findings: the curve drew the first point's p for every line, and a 0-1 curve among seconds
    ['a skip-count curve with p left to R / nodes while R is an axis', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': [1, 3] }, charts: [{ metric: 'locality.node', analytic: { curve: 'skip-count' } }] })],
      /x\.sweep\.json: charts\[0\]\.analytic: p defaults to R \/ nodes, but the points differ \(0\.1000 at variant="Fair", hdfs\.replication=1, 0\.3000 at variant="Fair", hdfs\.replication=3\): give "p"/],
    ['a skip-count curve on a chart of response times', () => ['sweep', sweep({ base, axes: { 'hdfs.replication': [1, 3] }, charts: [{ metric: 'meanResponseMs', analytic: { curve: 'skip-count', p: 0.1 } }] })],
      /x\.sweep\.json:\d+:\d+: charts\[0\]\.analytic: the skip-count curve is node locality's \(1 - \(1 - p\)\^\(D\+1\)\), but the chart draws meanResponseMs/],
    // zod's record dropped the key: the axis vanished and the sweep ran half its points
    ['an axis named __proto__', () => ['sweep', writeJson(tmp('bad'), 'x.sweep.json', JSON.parse('{"base": "b.json", "axes": {"__proto__": [1, 2]}}'))], /x\.sweep\.json:4:5: axes: "__proto__": "__proto__" is not a field/],
    ['a set of __proto__', () => ['sweep', writeJson(tmp('bad'), 'x.sweep.json', JSON.parse('{"base": "b.json", "set": {"__proto__": {"seed": 2}}}'))], /x\.sweep\.json:4:5: set: "__proto__": "__proto__" is not a field/],
    // An override applied again later, whole or under a parent's object, never counted: the sweep's points ran one
    // scenario under different axis values, or without the fixed value set
    ['an axis under a later axis\'s object', () => ['sweep', sweep({ base, axes: { 'scheduler.delay.maxSkips': [1, 2], 'scheduler.delay': [{ mode: 'skip', maxSkips: 5 }] } })],
      /x\.sweep\.json:\d+:\d+: axes\.scheduler\.delay\.maxSkips: the axis "scheduler\.delay", applied after it, replaces the whole of scheduler\.delay at every point, so this axis's values are never used: list this axis after that one/],
    ['a set on an axis\'s path', () => ['sweep', sweep({ base, set: { 'workload.groups': [] }, axes: { 'workload.groups': [base.workload.groups] } })],
      /x\.sweep\.json:\d+:\d+: set\.workload\.groups: the axis "workload\.groups" sets it again at every point, so this value is never used: drop it/],
    ['a set under an axis\'s object', () => ['sweep', sweep({ base, set: { 'scheduler.delay.maxSkips': 7 }, axes: { 'scheduler.delay': [{ mode: 'skip' }] } })],
      /x\.sweep\.json:\d+:\d+: set\.scheduler\.delay\.maxSkips: the axis "scheduler\.delay", applied after it, replaces the whole of scheduler\.delay at every point, so this value is never used: give it in each value of that axis/],
    ['a set under a later set\'s object', () => ['sweep', sweep({ base, set: { 'scheduler.delay.maxSkips': 7, 'scheduler.delay': { mode: 'skip', maxSkips: 1 } } })],
      /x\.sweep\.json:\d+:\d+: set\.scheduler\.delay\.maxSkips: set's "scheduler\.delay", applied after it, replaces the whole of scheduler\.delay at every point/],
    ['a variant of the base with an override under a later one\'s object', () => ['sweep', sweep({ base: { ...base, variants: { V: { 'scheduler.delay.maxSkips': 3, 'scheduler.delay': { mode: 'skip', maxSkips: 1 } } } } })],
      /x\.sweep\.json:\d+:\d+: base: variants\.V\.scheduler\.delay\.maxSkips: "scheduler\.delay", later in the variant, replaces the whole of scheduler\.delay/],
    // hfsim run --variant V ran seed 5; the sweep ran V at the base's seed 1, without a word
    ['a variant of the base with its own seed', () => ['sweep', sweep({ base: { ...base, variants: { V: { seed: 5 } } } })],
      /x\.sweep\.json:\d+:\d+: base: variants\.V\.seed: a sweep runs every point at the seeds in its "seeds" \(default: the base's seed\), so this seed is never used: list it in "seeds", or drop it/],
    ['a bad --shard', () => ['sweep', sweep({ base }), '--shard', '3/3'], /--shard 3\/3: expected i\/n with 0 <= i < n/],
    ['a bad --parallel', () => ['sweep', sweep({ base }), '--parallel', '0'], /--parallel must be a whole number >= 1/],
  ];
  // Every case through loadSweep (fast); a few through the compiled CLI too, for exit code 2 and the one line.
  const viaCli = new Set(['invalid JSON', 'a bad axis value', 'a bad allocation file at one axis value', 'a chart whose x is not numbers (its chart drew NaN coordinates)', 'a bad base file', 'a bad --shard', 'a bad --parallel']);
  it.each(cases.filter(([name]) => !name.includes('--')))('%s (loadSweep)', (_, args, message) => {
    expect(() => loadSweep(args()[1])).toThrow(expect.objectContaining({ name: 'InputError', message: expect.stringMatching(message) }));
  });
  it.each(cases.filter(([name]) => viaCli.has(name)))('%s (hfsim sweep)', (_, args, message) => {
    const r = hfsim(...args());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n').filter((l) => !l.startsWith('(run hfsim'))).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
});

describe('the canonical sweeps and the statistics', () => {
  it('skip-count.sweep.json: 8 values of D x 3 seeds on head-of-line.json, p = R / nodes for the analytic curve', () => {
    const s = loadSweep(join(ROOT, 'scenarios', 'skip-count.sweep.json'));
    expect(s.points).toHaveLength(24);
    expect(s.points[3].scenario.scheduler.delay).toEqual({ mode: 'skip', maxSkips: 1 });
    expect(s.charts?.[0].analytic?.p).toBeCloseTo(0.03, 10);
    expect(new Set(s.points.map((p) => p.id)).size).toBe(24);
  });

  it('an axis under an earlier axis\'s object varies within each of its values (axes apply in file order)', () => {
    const s = loadSweep(writeJson(tmp('nested'), 'n.sweep.json', { base, axes: { variant: ['Fair'], 'scheduler.delay': [{ mode: 'skip', maxSkips: 5 }], 'scheduler.delay.maxSkips': [1, 2] }, seeds: [1] }));
    expect(s.points.map((p) => p.scenario.scheduler.delay)).toEqual([{ mode: 'skip', maxSkips: 1 }, { mode: 'skip', maxSkips: 2 }]);
  });

  it('without seeds, the base scenario\'s own seed (it ran seed 1); with none, seed 1', () => {
    const dir = tmp('seeds');
    writeJson(dir, 'seven.json', { ...base, seed: 7 });
    writeJson(dir, 'none.json', base);
    expect(loadSweep(writeJson(dir, 'a.sweep.json', { base: 'seven.json' })).points.map((p) => p.seed)).toEqual([7, 7]); // two variants
    expect(loadSweep(writeJson(dir, 'b.sweep.json', { base: 'none.json' })).points.map((p) => p.seed)).toEqual([1, 1]);
    expect(loadSweep(writeJson(dir, 'c.sweep.json', { base: 'seven.json', seeds: [2] })).points.map((p) => p.seed)).toEqual([2, 2]);
    expect(() => loadSweep(writeJson(dir, 'd.sweep.json', { base: { ...base, seed: -3 } }))).toThrow(/seed/);
  });

  it('a skip-count curve over R as an axis draws with the p given', () => {
    const dir = tmp('p-given');
    writeJson(dir, 'base.json', base);
    const s = loadSweep(writeJson(dir, 'p.sweep.json', { base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, charts: [{ metric: 'locality.node', analytic: { curve: 'skip-count', p: 0.2 } }] }));
    expect(s.charts?.[0].analytic?.p).toBe(0.2);
  });

  it('sensitivity.sweep.json: W1 from 0 to 10 s', () => {
    const s = loadSweep(join(ROOT, 'scenarios', 'sensitivity.sweep.json'));
    const w1 = s.points.map((p) => p.scenario.scheduler.delay.nodeMs as number);
    expect(Math.min(...w1)).toBe(0);
    expect(Math.max(...w1)).toBe(10_000);
  });

  it('Student t quantiles and intervals', () => {
    expect(studentT975(1)).toBeCloseTo(12.7062, 4);
    expect(studentT975(2)).toBeCloseTo(4.3027, 4);
    expect(studentT975(40)).toBeCloseTo(2.0211, 4);
    expect(studentT975(120)).toBeCloseTo(1.9799, 4);
    const i = interval([1, 2, 3]); // mean 2, sd 1, half-width 4.3027 / sqrt(3)
    expect(i.mean).toBe(2);
    expect(i.sd).toBe(1);
    expect(i.ci95).toBeCloseTo(2.4841, 4);
    expect(interval([5])).toMatchObject({ n: 1, mean: 5, ci95: null });
  });
});
