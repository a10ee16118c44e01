/**
 * hfsim report on inputs a user edited: a sweep folder whose sweep.json or results.jsonl no longer describe each other,
 * and result files with strings or overflowing numbers where charts place numbers. Each drew charts with NaN or
 * Infinity (an empty x axis "from Infinity to -Infinity", points at NaN); now each is refused with exit 2 and one
 * line naming the file and the field, or drawn correctly. A guard scans every accepted report for NaN and Infinity.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lineDigest } from '../../src/cli/sweep-output.js';
import { runReportHtml, sweepReportHtml } from '../../src/report/report.js';
import { base, hfsim, tmp, writeJson } from '../cli/sweep-helpers.js';

type Json = Record<string, any>;

let sweep: string; // a finished sweep folder: 2 variants x hdfs.replication [1, 3] x seeds [1, 2], a chart against replication
let single: string; // the same with one seed (no CI bands)
let results: string; // a run's result file (two variants)

beforeAll(() => {
  const dir = tmp('report-inputs');
  writeJson(dir, 'base.json', base);
  const file = writeJson(dir, 's.sweep.json', {
    name: 's', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1, 2],
    charts: [{ metric: 'locality.node', x: 'hdfs.replication' }, { metric: 'locality.node', x: 'hdfs.replication', bins: [7] }],
  });
  sweep = join(dir, 'out');
  const ran = hfsim('sweep', file, '--out', sweep, '--no-progress');
  expect(ran.code, ran.stderr).toBe(0);
  single = join(dir, 'single');
  const one = hfsim('sweep', writeJson(dir, 'one.sweep.json', { name: 'one', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1] }), '--out', single, '--no-progress');
  expect(one.code, one.stderr).toBe(0);
  results = join(dir, 'r.json');
  const run = hfsim('run', join(dir, 'base.json'), '--out', results);
  expect(run.code, run.stderr).toBe(0);
});

/** A copy of the sweep folder with its sweep.json and results.jsonl lines edited. */
function edited(manifest: (m: Json) => void, line: (r: Json, i: number) => void = () => {}, raw = (text: string) => text): string {
  const dir = join(tmp('edited'), 'out');
  cpSync(sweep, dir, { recursive: true });
  const m = JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8')) as Json;
  manifest(m);
  writeFileSync(join(dir, 'sweep.json'), raw(JSON.stringify(m, null, 1)));
  const lines = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Json);
  lines.forEach(line);
  // Each line's digest made again from its edited outcome, as a forger would: the edits meet the checks after the digest's.
  writeFileSync(join(dir, 'results.jsonl'), raw(lines.map((l) => JSON.stringify(l)).join('\n') + '\n').split('\n').map(redigested).join('\n'));
  return dir;
}

function redigested(text: string): string {
  let r: Json;
  try {
    r = JSON.parse(text) as Json;
  } catch {
    return text;
  }
  // the text's own numbers kept (1e999 stays 1e999, not the null JSON writes for Infinity)
  return typeof r.digest === 'string' ? text.replace(`"digest":"${r.digest}"`, `"digest":"${lineDigest(r)}"`) : text;
}

/** No NaN or Infinity anywhere in a report: coordinates, axis domains ("from Infinity to -Infinity"), labels. */
function expectFinite(html: string): void {
  expect(html.match(/.{0,80}(NaN|Infinity).{0,40}/g) ?? []).toEqual([]);
}

const M = 'sweep.json';
const R = 'results.jsonl';
const replication = (m: Json): Json => m.axes.find((a: Json) => a.name === 'hdfs.replication');

// [case, the edit, the file the message names, the message after "<file>: " or "<file>:" (a position, line:column: or line:)]
const cases: Array<[string, (m: Json) => void, ((r: Json, i: number) => void) | undefined, string, string | RegExp]> = [
  ['an axis\'s values changed to strings', (m) => { replication(m).values = ['1', '3']; }, undefined, M,
    /^axes\[1\]\.values: point 0 \(id [0-9a-f]{16}\) has hdfs\.replication=1, not among them: the results were made with other values$/],
  ['an axis\'s values of mixed types', (m) => { replication(m).values = [1, '3']; }, undefined, M, /^axes\[1\]\.values: point 2 .* has hdfs\.replication=3, not among them/],
  ['an axis with no values', (m) => { replication(m).values = []; }, undefined, M, 'axes[1].values: an axis needs at least one value'],
  ['an axis value that overflows (1e999 is Infinity)', (m) => { replication(m).values = [1, 3, 'INF']; }, undefined, M,
    /^\d+:\d+: 1e999 is beyond the range of a number \(it would read as Infinity\)$/],
  ['an axis renamed', (m) => { replication(m).name = 'hdfs.repl'; }, undefined, M,
    /^axes\[1\]\.name: "hdfs\.repl" is not an axis of point 0 \(id [0-9a-f]+\), which has "variant", "hdfs\.replication": the results were made with other axes$/],
  ['no axes field', (m) => { delete m.axes; }, undefined, M, 'axes: Invalid input: expected array, received undefined'],
  ['a seed removed', (m) => { m.seeds = [1]; }, undefined, M, /^seeds: point 1 \(id [0-9a-f]+\) has seed 2, not among them/],
  ['a point\'s values edited', (m) => { m.points[0].values['hdfs.replication'] = 3; }, undefined, M, 'points[0]: its id or group is not that of its values and seed: the point was edited'],
  ['a chart against the variant names', (m) => { m.charts[0].x = 'variant'; }, undefined, M, 'charts[0].x: axis "variant" has the value "Fair": a chart\'s x axis needs numbers'],
  ['a chart against no axis', (m) => { m.charts[0].x = 'nope'; }, undefined, M, 'charts[0].x: "nope" is not an axis of the sweep'],
  ['a chart of no metric', (m) => { m.charts[0].metric = 'nope'; }, undefined, M, /^charts\[0\]\.metric: "nope" is not a metric \(have jobs, /],
  ['an analytic p as a string', (m) => { m.charts[0].analytic = { curve: 'skip-count', p: 'x' }; }, undefined, M, 'charts[0].analytic.p: p must be a number'],
  ['a description as a number (a stack trace)', (m) => { m.description = 5; }, undefined, M, 'description: Invalid input: expected string, received number'],
  ['a results line\'s values as strings', () => {}, (r, i) => { if (i === 0) r.values['hdfs.replication'] = 'one'; }, R,
    /^1: values, seed: \{"variant":"Fair","hdfs\.replication":"one"\} with seed 1 are not point 0's \{"variant":"Fair","hdfs\.replication":1\} with seed 1 \(its id [0-9a-f]+\)$/],
  ['a results line of no point', () => {}, (r, i) => { if (i === 1) r.id = 'f'.repeat(16); }, R, `2: id: point ${'f'.repeat(16)} is not a point of sweep.json`],
  ['a results line with another index', () => {}, (r, i) => { if (i === 1) r.index = 0; }, R, '2: index: 0 is not point 1\'s 1 in sweep.json'],
  ['a job\'s response time as a string', () => {}, (r, i) => { if (i === 2) r.jobs[3].responseMs = 'x'; }, R, '3: jobs[3].responseMs: "x", not a time in ms (a number from 0)'],
  ['a bin\'s locality as a string', () => {}, (r, i) => { if (i === 0) r.bins[0].locality.node = 'x'; }, R, '1: bins[0].locality.node: Invalid input: expected number, received string'],
  ['a line without run (a stack trace)', () => {}, (r, i) => { if (i === 0) delete r.run; }, R, '1: run: Invalid input: expected object, received undefined'],
  ['a locality that overflows', () => {}, (r, i) => { if (i === 0) r.summary.locality.node = 'INF'; }, R, '1: summary.locality.node: Invalid input: expected number, received Infinity'],
];

describe('report on a sweep folder edited by hand: refused naming the file and the field, or drawn without NaN', () => {
  it.each(cases)('%s', async (_, manifest, line, file, message) => {
    const dir = edited(manifest, line, (t) => t.replaceAll('"INF"', '1e999'));
    const err = await sweepReportHtml(dir).then(() => undefined, (e: Error) => e);
    expect(err?.name, String(err?.stack)).toBe('InputError');
    const prefix = join(dir, file);
    expect(err!.message.startsWith(`${prefix}:`), err!.message).toBe(true);
    expect(err!.message.slice(prefix.length).replace(/^: ?/, '')).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message);
  });

  it('means that overflow to Infinity: refused by the chart guard, naming results.jsonl and the chart', async () => {
    // Points 0 and 1 are the two seeds of one group: their mean is (1.7e308 + 1.7e308) / 2.
    const dir = edited((m) => { m.charts.push({ metric: 'meanResponseMs', x: 'hdfs.replication' }); },
      (r, i) => { if (i < 2) r.summary.meanResponseMs = 'BIG'; }, (t) => t.replaceAll('"BIG"', '1.7e308'));
    await expect(sweepReportHtml(dir)).rejects.toThrow(expect.objectContaining({
      name: 'InputError', message: `${join(dir, R)}: chart "mean response time (s) against hdfs.replication" cannot be drawn: lo is NaN (series "Fair"), not a finite number`,
    }));
  });

  it('through the CLI: exit 2, one line, no stack trace, no report written', () => {
    for (const [edit, file, field] of [
      [(m: Json) => { replication(m).values = ['one', 'three']; }, M, 'axes[1].values'],
      [(m: Json) => { m.charts[0].x = 'variant'; }, M, 'charts[0].x'],
      [(m: Json) => { delete m.axes; }, M, 'axes'],
    ] as const) {
      const dir = edited(edit);
      const html = join(tmp('html'), 'r.html');
      const r = hfsim('report', dir, '--html', html);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`hfsim: ${join(dir, file)}: ${field}: `);
      expect(r.stderr).not.toMatch(/ failed: |    at /);
      expect(existsSync(html)).toBe(false);
    }
  });

  it('what is accepted has no NaN or Infinity: the sweep, one seed, an empty chart left out and named', async () => {
    const html = await sweepReportHtml(sweep);
    expectFinite(html);
    // The bins [7] chart: no run has jobs of bin 7. Drawn empty, its axis ran "from Infinity to -Infinity".
    expect(html).toContain('Not drawn: &quot;node locality (bin 7) against hdfs.replication&quot;: no finished run has data for it.');
    expect(html.match(/<figure class="chart"/g)).toHaveLength(3);
    // The CDF and the bars by bin: a series per variant and replication (both were pooled over replication 1 and 3).
    const bars = [...html.matchAll(/aria-label="job size bin: \d+; node locality: [^;]*; series: ([^;]*);/g)].map((m) => m[1]);
    expect([...new Set(bars)]).toEqual(['Fair, replication=1', 'Fair, replication=3', 'Fair + skip, replication=1', 'Fair + skip, replication=3']);
    expectFinite(await sweepReportHtml(single));
    // Key order, spacing and an unknown extra field of an object change nothing that is drawn.
    const respaced = edited((m) => { m.note = 'kept'; }, () => {}, (t) => t.replaceAll('": ', '":  '));
    expect((await sweepReportHtml(respaced)).replaceAll(respaced, sweep)).toBe(html);
  });
});

describe('report on a result file edited by hand', () => {
  const variants = (): Json[] => JSON.parse(readFileSync(results, 'utf8')) as Json[];
  it.each([
    ['a job\'s response time as a string (the CDF had NaN)', (r: Json[]) => { r[1].jobs[0].responseMs = 'x'; }, '[1].jobs[0].responseMs: "x", not a time in ms (a number from 0)'],
    ['a bin\'s mean as a string', (r: Json[]) => { r[0].bins[0].meanResponseMs = '1'; }, '[0].bins[0].meanResponseMs: Invalid input: expected number, received string'],
    ['a summary without locality', (r: Json[]) => { delete r[0].summary.locality; }, '[0].summary.locality: Invalid input: expected object, received undefined'],
    // two results of one variant: the kills bars stacked both runs (130) under each run's total (65, 65, written over
    // each other), and the storage chart's step line zigzagged between the two runs' points
    // drawn as given: "99 jobs" in the introduction, the charts of the jobs listed
    ['a summary counting other jobs than listed', (r: Json[]) => { r[1].summary.jobs = 99; }, () => `[1].summary.jobs: 99, but jobs lists ${variants()[1].jobs.length}`],
    ['a bin counting other jobs than listed', (r: Json[]) => { r[0].bins[0].jobs += 1; },
      () => `[0].bins[0].jobs: ${variants()[0].bins[0].jobs + 1}, but jobs lists ${variants()[0].bins[0].jobs} in bin ${variants()[0].bins[0].bin}`],
    ['a bin listed twice', (r: Json[]) => { r[0].bins.push(r[0].bins[0]); }, () => `[0].bins[${variants()[0].bins.length}].bin: ${variants()[0].bins[0].bin}, listed at bins[0] too`],
    ['a job in a bin the bins leave out', (r: Json[]) => { r[0].bins.shift(); r[0].summary.jobs = r[0].jobs.length; },
      () => `[0].jobs[${variants()[0].jobs.findIndex((j: Json) => j.bin === variants()[0].bins[0].bin)}].bin: ${variants()[0].bins[0].bin}, a bin that bins does not list`],
    ['one variant twice', (r: Json[]) => { r[1].variant = r[0].variant; },
      '[1].variant: "Fair" is [0]\'s too: a report draws one result a variant, as hfsim run --out writes them (for several seeds, report a sweep\'s folder)'],
  ])('%s: exit 2 naming the field', (_, edit, message: string | (() => string)) => {
    const list = variants();
    edit(list);
    const file = writeJson(tmp('result'), 'r.json', list);
    const r = hfsim('report', file, '--html', join(tmp('html'), 'r.html'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: ${file}: ${typeof message === 'string' ? message : message()}`);
  });

  // a fuzzing pass's finding: 1e308 drew a y axis "0% to Infinity%", and -1 was drawn too
  it.each([[1e308], [-1], [1.5]])('a fluid run\'s link utilisation of %d: exit 2 naming the field', (value) => {
    const ran = join(tmp('fluid'), 'f.json');
    expect(hfsim('run', join(import.meta.dirname, '..', '..', 'scenarios', 'fb-macro-io-oversub.json'), '--variant', 'Fair + delay', '--set', 'workload.jobs=3', '--out', ran).code).toBe(0);
    const list = [JSON.parse(readFileSync(ran, 'utf8')) as Json].flat(); // one variant's result is an object
    list[0].network.utilization.up[0][1] = value;
    const file = writeJson(tmp('fluid'), 'r.json', list);
    const r = hfsim('report', file, '--html', join(tmp('html'), 'f.html'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim()).toMatch(new RegExp(`^hfsim: ${file}: \\[0\\]\\.network\\.utilization\\.up\\[0\\]\\[1\\]: `));
  });

  // the pool, kill and storage charts' numbers (pool-charts.ts, replication-chart.ts)
  it.each([
    ['preemption.json', 'a pool\'s kills as a string', (r: Json[]) => { r[1].pools[1].killedTasks = '65'; }, '[1].pools[1].killedTasks: Invalid input: expected number, received string'],
    ['preemption.json', 'the slot time lost below 0', (r: Json[]) => { r[1].summary.lostSlotSeconds = -1; }, '[1].summary.lostSlotSeconds: Too small: expected number to be >=0'],
    ['preemption.json', 'a job\'s pool as a number', (r: Json[]) => { r[0].jobs[2].pool = 7; }, '[0].jobs[2].pool: 7, not a pool\'s name (a string)'],
    ['dsbra.json', 'a storage point as a string', (r: Json[]) => { r[1].replication.storage.series[0][1] = '0'; }, '[1].replication.storage.series[0][1]: Invalid input: expected number, received string'],
    ['dsbra.json', 'replicas created below 0', (r: Json[]) => { r[0].replication.replicasCreated = -1; }, '[0].replication.replicasCreated: Too small: expected number to be >=0'],
    ['dsbra.json', 'a job\'s finish as a string', (r: Json[]) => { r[0].jobs[0].finishMs = 'x'; }, '[0].jobs[0].finishMs: "x", not a time in ms (a number from 0)'],
  ])('%s, %s: exit 2 naming the field', (scenario, _, edit, message) => {
    const ran = join(tmp('ran'), 'r.json');
    expect(hfsim('run', join(import.meta.dirname, '..', '..', 'scenarios', scenario), '--out', ran, '--no-progress').code).toBe(0);
    const list = JSON.parse(readFileSync(ran, 'utf8')) as Json[];
    edit(list);
    const file = join(tmp('result'), 'r.json');
    writeFileSync(file, JSON.stringify(list));
    const r = hfsim('report', file, '--html', join(tmp('html'), 'r.html'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: ${file}: ${message}`);
  });

  it('a variant without jobs: no NaN (its CDF line ended at NaN); charts with nothing left out and named', async () => {
    const list = variants();
    list[0].jobs = [];
    list[0].bins = [];
    expectFinite(await runReportHtml('x', list as never));
    const html = await runReportHtml('x', [list[0]] as never);
    expectFinite(html);
    expect(html).toContain('Not drawn: &quot;Response time CDF (all jobs)&quot;: no finished run has data for it.');
  });

  it('counts a variant\'s jobs as a count of its noun: one job read "1 jobs"', async () => {
    const list = variants();
    list[0].summary.jobs = 1;
    list[1].summary.jobs = 1234;
    const html = await runReportHtml('x', list as never);
    expect(html).toContain(`${list[0].variant as string}: 1 job, mean response`);
    expect(html).toContain(`${list[1].variant as string}: 1,234 jobs, mean response`);
  });
});

describe('report on a sweep run with --no-time-decisions', () => {
  it('a chart of decision latency, which no point timed, is named with that reason: it said "no finished run has data for it", as if the runs were missing', async () => {
    const dir = tmp('untimed');
    writeJson(dir, 'base.json', base);
    const file = writeJson(dir, 'u.sweep.json', { name: 'u', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1],
      charts: [{ metric: 'decisionUs.p99', x: 'hdfs.replication' }, { metric: 'locality.node', x: 'hdfs.replication' }] });
    const out = join(dir, 'out');
    const ran = hfsim('sweep', file, '--out', out, '--no-progress', '--no-time-decisions');
    expect(ran.code, ran.stderr).toBe(0);
    const html = await sweepReportHtml(out);
    expectFinite(html);
    expect(html).toContain('Not drawn: &quot;decision latency p99 (us) against hdfs.replication&quot;: no point timed its decisions (swept with --no-time-decisions).');
    expect(html.match(/<figure class="chart"/g)).toHaveLength(3); // node locality, the CDF, locality by bin
  });

  it('a sweep timed in part (a --resume or a merge of shards timed otherwise) says its decision latency charts count only the timed points: they read as means over every seed', async () => {
    const dir = tmp('part-timed');
    writeJson(dir, 'base.json', base);
    const file = writeJson(dir, 'p.sweep.json', { name: 'p', base: 'base.json', axes: { 'hdfs.replication': [1, 3] }, seeds: [1, 2],
      charts: [{ metric: 'decisionUs.p99', x: 'hdfs.replication' }] });
    const out = join(dir, 'out');
    const untimed = hfsim('sweep', file, '--out', out, '--no-progress', '--parallel', '1', '--no-time-decisions');
    expect(untimed.code, untimed.stderr).toBe(0);
    const results = join(out, 'results.jsonl');
    writeFileSync(results, readFileSync(results, 'utf8').trim().split('\n').slice(0, 2).join('\n') + '\n');
    const resumed = hfsim('sweep', file, '--out', out, '--no-progress', '--parallel', '1', '--resume');
    expect(resumed.code, resumed.stderr).toBe(0);
    const html = await sweepReportHtml(out);
    expectFinite(html);
    expect(html).toContain('Decision latency counts only the 6 of 8 points that timed their decisions (the others ran with --no-time-decisions).');
    expect(html.match(/<figure class="chart"/g)).toHaveLength(3); // the decision latency chart is drawn, from the timed points
  });
});

describe('report on a sweep whose points are missing', () => {
  it('says they are not run yet or failed, and names a variant none of whose points finished: it read "(4 not run yet)" of a variant that failed at every point, and the charts left it out unnamed', async () => {
    // as a sweep leaves it when each point of one variant fails (exit 1, "4 of 8 points failed"): its lines never written
    const dir = join(tmp('failed-variant'), 'out');
    cpSync(sweep, dir, { recursive: true });
    const file = join(dir, 'results.jsonl');
    writeFileSync(file, readFileSync(file, 'utf8').trim().split('\n').filter((l) => (JSON.parse(l) as Json).variant !== 'Fair + skip').join('\n') + '\n');
    const html = await sweepReportHtml(dir);
    expectFinite(html);
    expect(html).toContain('4 of 8 points (4 not in results.jsonl: not run yet, or failed; hfsim sweep --resume runs them): ');
    expect(html).toContain('Nothing drawn of variant &quot;Fair + skip&quot;: none of its points is in results.jsonl.');
    expect(html).not.toContain('Nothing drawn of hdfs.replication');
    expect(await sweepReportHtml(sweep)).not.toMatch(/not in results\.jsonl|Nothing drawn of/);
  });
});

describe('report on a sweep of one seed', () => {
  it('says its lines are the seed\'s values with no band: it said "bands their 95% confidence intervals" over charts that have none', async () => {
    const one = await sweepReportHtml(single);
    expect(one).not.toMatch(/errorband/);
    expect(one).not.toContain('confidence interval');
    expect(one).toContain('One seed a point: lines are its values, with no confidence band.');
    const two = await sweepReportHtml(sweep);
    expect(two).toMatch(/errorband/);
    expect(two).toContain('Lines are means over seeds; bands their 95% confidence intervals (Student t).');
  });
});

describe('report on a sweep with no axis of numbers', () => {
  it('names the default charts it cannot draw and why: node locality and mean response against an axis were left out unsaid', async () => {
    const dir = tmp('no-numeric');
    writeJson(dir, 'base.json', base);
    const out = join(dir, 'out');
    const ran = hfsim('sweep', writeJson(dir, 'v.sweep.json', { name: 'v', base: 'base.json', seeds: [1] }), '--out', out, '--no-progress');
    expect(ran.code, ran.stderr).toBe(0);
    const html = await sweepReportHtml(out);
    expectFinite(html);
    expect(html).toContain('Not drawn: node locality and mean response time against an axis: the sweep has no axis of numbers (the charts below are by variant).');
    expect(html.match(/<figure class="chart"/g)).toHaveLength(2); // the CDF and locality by bin
    expect(await sweepReportHtml(sweep)).not.toContain('no axis of numbers');
  });
});

describe('report on a sweep whose results.jsonl ends in a line cut short', () => {
  it('draws the whole lines and says the last was cut short, as a sweep stopped mid-write leaves it: it read only "not run yet, or failed"', async () => {
    const dir = join(tmp('cut-last'), 'out');
    cpSync(sweep, dir, { recursive: true });
    const file = join(dir, 'results.jsonl');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.length - 200));
    const html = await sweepReportHtml(dir);
    expectFinite(html);
    expect(html).toContain('7 of 8 points (1 not in results.jsonl');
    expect(html).toContain(`${file}: its last line is cut short (a sweep stopped as it wrote it) and left out; hfsim sweep --resume cuts it off and runs the points missing.`);
    expect(readFileSync(file, 'utf8')).toBe(text.slice(0, text.length - 200)); // the report repairs nothing
    expect(await sweepReportHtml(sweep)).not.toContain('cut short');
  });
});
