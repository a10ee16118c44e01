/** SWIM trace replay: deriving jobs from trace rows, the first-50-jobs replay, and malformed traces. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { parseSwimTrace } from '../../src/cli/trace.js';
import { loadScenario } from '../../src/cli/load-scenario.js';
import { swimJobShape } from '../../src/core/swim.js';
import { auditor, scenario } from '../helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const MB = 1024 * 1024;
const swim = (over: Record<string, unknown> = {}) =>
  scenario({ workload: { kind: 'swim', trace: 'x.tsv', ...over } }).workload as Extract<ReturnType<typeof scenario>['workload'], { kind: 'swim' }>;

describe('swim job shape', () => {
  const w = swim();
  it.each([
    // input, shuffle, output, scale -> maps, reduces
    [0, 0, 0, 1, 1, 0],
    [64 * MB, 0, 5, 1, 1, 0],
    [64 * MB + 1, 0, 5, 1, 2, 0],
    [640 * MB, 10, 10, 1, 10, 1],
    [640 * MB, 10, 10, 0.5, 5, 1],
    [6400 * MB, 2.6e9, 0.4e9, 1, 100, 3],
  ])('input %d, shuffle %d, output %d at scale %d: %d maps, %d reduces', (input, shuffle, output, scale, maps, reduces) => {
    const s = swimJobShape(w, scale, 64, input, shuffle, output);
    expect(s.maps).toBe(maps);
    expect(s.reduces).toBe(reduces);
  });

  it('is calibrated to the Facebook medians: a full 64 MB map 19 s, a full 1e9-byte reduce 231 s', () => {
    expect(swimJobShape(w, 1, 64, 64 * MB, 0, 0).mapMs).toBe(19_000);
    const r = swimJobShape(w, 1, 64, 64 * MB, 0.5e9, 0.5e9);
    expect(r.reduces).toBe(1);
    expect(Math.abs(r.copyMs + r.reduceMs - 231_000)).toBeLessThan(100);
  });

  it('median map and reduce task over the FB-2009 day are about 19 s and 231 s', () => {
    const t = parseSwimTrace(readFileSync(join(ROOT, 'data/traces/FB-2009_samples_24_times_1hr_0.tsv'), 'utf8'), 'fb2009');
    const maps: Array<[number, number]> = [];
    const reduces: Array<[number, number]> = [];
    for (let i = 0; i < t.ids.length; i++) {
      const s = swimJobShape(w, 1, 64, t.inputBytes[i], t.shuffleBytes[i], t.outputBytes[i]);
      maps.push([s.mapMs, s.maps]);
      if (s.reduces > 0) reduces.push([s.copyMs + s.reduceMs, s.reduces]);
    }
    const weightedMedian = (xs: Array<[number, number]>) => {
      xs.sort((a, b) => a[0] - b[0]);
      const half = xs.reduce((a, x) => a + x[1], 0) / 2;
      let c = 0;
      for (const [v, n] of xs) if ((c += n) >= half) return v;
      return NaN;
    };
    expect(weightedMedian(maps) / 1000).toBeCloseTo(19, 0);
    expect(weightedMedian(reduces) / 1000).toBeGreaterThan(200);
    expect(weightedMedian(reduces) / 1000).toBeLessThan(260);
  });
});

describe('the first 50 jobs of FB-2009', () => {
  it.each(['FIFO', 'Fair + delay'])('%s: every job finishes, every task runs once, submit times follow the trace', async (variant) => {
    const loaded = loadScenario(join(ROOT, 'scenarios/swim-first50.json'), [], undefined, variant);
    const v = loaded.variants[0];
    const audit = auditor(v.scenario);
    const r = await simulate(v.scenario, { variant, trace: v.trace, observer: audit.observer, timeDecisions: false });
    expect(r.summary.jobs).toBe(50);
    expect(audit.violations).toEqual([]);
    expect(audit.notDone).toEqual([]);
    for (const j of r.jobs) expect(j.finishMs).toBeGreaterThan(j.submitMs);
    expect(r.jobs.slice(0, 3).map((j) => [j.id, j.submitMs])).toEqual([['job0', 49_000], ['job1', 101_000], ['job2', 122_000]]);
  });

  it('leaving out heartbeats is exact on the replay', async () => {
    const v = loadScenario(join(ROOT, 'scenarios/swim-first50.json'), [], undefined, 'Fair + delay').variants[0];
    const shortcut = await simulate(v.scenario, { trace: v.trace, timeDecisions: false });
    const every = await simulate(v.scenario, { trace: v.trace, timeDecisions: false, everyHeartbeat: true });
    expect(every.run.heartbeats).toBeGreaterThan(shortcut.run.heartbeats);
    expect(shortcut.digest).toBe(every.digest);
  });
});

describe('malformed traces: exit 2, one line naming the file and line', () => {
  const good = readFileSync(join(ROOT, 'data/traces/FB-2009_samples_24_times_1hr_0_first50jobs.tsv'), 'utf8').split('\n');
  const withLine3 = (line: string) => [...good.slice(0, 2), line, ...good.slice(3)].join('\n');
  it.each([
    ['a missing column', withLine3('job2\t122\t21\t267631\t594312'), /bad\.tsv:3: expected 6 tab-separated columns/],
    ['a non-number', withLine3('job2\t122\t21\tlots\t594312\t233549'), /bad\.tsv:3: column 4 \(input bytes\): "lots" is not a non-negative number/],
    ['a negative number', withLine3('job2\t122\t21\t267631\t-1\t233549'), /bad\.tsv:3: column 5 \(shuffle bytes\)/],
    ['time going backwards', withLine3('job2\t100\t21\t267631\t594312\t233549'), /bad\.tsv:3: submit time 100 is before/],
    ['a duplicate id', withLine3('job1\t122\t21\t267631\t594312\t233549'), /bad\.tsv:3: job id "job1" is used twice/],
  ])('%s', (_, text, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-swim-'));
    writeFileSync(join(dir, 'bad.tsv'), text);
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 'bad', workload: { kind: 'swim', trace: 'bad.tsv' } }));
    const r = spawnSync(process.execPath, [CLI, 'run', join(dir, 's.json')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a missing trace file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-swim-'));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 'bad', workload: { kind: 'swim', trace: 'none.tsv' } }));
    const r = spawnSync(process.execPath, [CLI, 'run', join(dir, 's.json')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/s\.json: workload\.trace: .*none\.tsv: cannot read trace file \(no such file\)/);
  });
});
