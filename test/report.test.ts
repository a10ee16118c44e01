/** hfsim report and run --html: one self-contained HTML file whose charts are SVG, each drawn when headless Chromium (test/browser.ts, from the npm registry) opens it. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Chart } from '../src/report/charts.js';
import { reportHtml } from '../src/report/html.js';
import { closeBrowser, renderedDom } from './browser.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = (prefix: string): string => mkdtempSync(join(tmpdir(), `hfsim-${prefix}-`));

async function expectEveryChartDrawn(html: string, charts: number): Promise<void> {
  const text = readFileSync(html, 'utf8');
  expect(text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img /); // self-contained: nothing to fetch
  const figures = text.split('<figure class="chart"').slice(1);
  expect(figures).toHaveLength(charts);
  for (const f of figures) expect(f).toMatch(/<svg[^>]*class="marks"[\s\S]*<\/svg>/);
  const dom = await renderedDom(html);
  expect(dom).toContain(`data-charts-drawn="${charts}/${charts}"`);
  expect(dom.match(/data-drawn="yes"/g)).toHaveLength(charts);
}

describe('hfsim report', () => {
  afterAll(closeBrowser);

  it('a sweep directory: metric charts with CI bands and the analytic curve, CDFs and locality by bin, all drawn in Chromium', async () => {
    const dir = tmp('report');
    const sweep = join(dir, 'mini.sweep.json');
    writeFileSync(sweep, JSON.stringify({
      name: 'mini-skip', base: join(ROOT, 'scenarios', 'head-of-line.json'), set: { 'scheduler.delay': { mode: 'skip', maxSkips: 0 } },
      axes: { variant: ['Naive fair'], 'scheduler.delay.maxSkips': [0, 10] }, seeds: [1, 2],
      charts: [
        { metric: 'locality.node', bins: [1], x: 'scheduler.delay.maxSkips', analytic: { curve: 'skip-count' } },
        { metric: 'meanResponseMs', by: 'bin', x: 'scheduler.delay.maxSkips' },
      ],
    }));
    const out = join(dir, 'out');
    expect(hfsim('sweep', sweep, '--out', out, '--parallel', '2', '--no-progress').code).toBe(0);
    const html = join(dir, 'report.html');
    const r = hfsim('report', out, '--html', html);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/wrote .*report\.html \(4 charts, \d+ KiB\)/);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('analytic: 1 - (1 - p)^(D+1), p = 0.030');
    expect(text).toContain('Response time CDF');
    expect(text).toContain('Node locality by job size bin');
    expect(text).toMatch(/class="mark-area role-mark[^"]*"/); // the CI bands
    await expectEveryChartDrawn(html, 4);

    // Without charts in the sweep file: node locality and mean response against the first numeric axis, then the same two.
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    const { charts: _charts, ...manifest } = JSON.parse(readFileSync(join(out, 'sweep.json'), 'utf8'));
    writeFileSync(join(plain, 'sweep.json'), JSON.stringify(manifest));
    copyFileSync(join(out, 'results.jsonl'), join(plain, 'results.jsonl'));
    const html2 = join(dir, 'plain.html');
    expect(hfsim('report', plain, '--html', html2).code).toBe(0);
    const titles = [...readFileSync(html2, 'utf8').matchAll(/<figure class="chart" id="[^"]*" data-chart="[^"]*" data-title="([^"]*)"/g)].map((m) => m[1]);
    expect(titles).toEqual(['node locality against scheduler.delay.maxSkips', 'mean response time (s) against scheduler.delay.maxSkips',
      'Response time CDF (all jobs)', 'Node locality by job size bin']);

    // A results line repeated counts once, as --resume and merge count it (it was averaged in twice: n 4 for 3 seeds).
    const twice = join(dir, 'twice');
    mkdirSync(twice);
    copyFileSync(join(plain, 'sweep.json'), join(twice, 'sweep.json'));
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8');
    writeFileSync(join(twice, 'results.jsonl'), lines + lines.split('\n')[0] + '\n');
    const html3 = join(dir, 'twice.html');
    expect(hfsim('report', twice, '--html', html3).code).toBe(0);
    expect(readFileSync(html3, 'utf8').replaceAll(twice, plain)).toBe(readFileSync(html2, 'utf8'));
  });

  it('hfsim run --html and hfsim report <result.json> draw response and locality by bin and the CDF for each variant', async () => {
    const dir = tmp('run-report');
    const html = join(dir, 'run.html');
    const result = join(dir, 'r.json');
    const r = hfsim('run', 'scenarios/sticky-slots.json', '--out', result, '--html', html);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('Naive fair');
    expect(text).toContain('Fair + skip D=10');
    await expectEveryChartDrawn(html, 3);
    const again = join(dir, 'again.html');
    expect(hfsim('report', result, '--html', again).code).toBe(0);
    expect(readFileSync(again, 'utf8').split('<figure class="chart"')).toHaveLength(4);
  });

  it('on the fluid network model a run report adds each variant\'s rack link utilisation over time', async () => {
    const dir = tmp('fluid-report');
    const html = join(dir, 'fluid.html');
    const r = hfsim('run', 'scenarios/fb-macro-io-oversub.json', '--variant', 'Naive fair, 10:1', '--html', html);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toMatch(/data-title="Rack link utilisation over time: Naive fair, 10:1 \(\d+\.\d GB across racks\)"/);
    // The intro line: the GB, the shuffles' share, the uplinks' use.
    expect(text).toMatch(/\d+\.\d GB across racks \(\d+\.\d GB of shuffles sent\), uplinks \d+\.\d% busy on average and \d+\.\d% in the busiest bucket, downlinks \d+\.\d% and \d+\.\d%, seed 1/);
    await expectEveryChartDrawn(html, 4);
  });

  const titles = (html: string): string[] => [...readFileSync(html, 'utf8').matchAll(/<figure class="chart" id="[^"]*" data-chart="[^"]*" data-title="([^"]*)"/g)].map((m) => m[1]);
  const figure = (html: string, id: string): string => readFileSync(html, 'utf8').split(`<figure class="chart" id="${id}"`)[1].split('</figure>')[0];
  const BASE = ['Mean response time by job size bin', 'Response time CDF (all jobs)', 'Node locality by job size bin'];

  it('preemption.json: mean response time by pool, and tasks killed and slot time lost with the run\'s numbers, all drawn', async () => {
    const dir = tmp('preemption-report');
    const result = join(dir, 'r.json');
    expect(hfsim('run', 'scenarios/preemption.json', '--out', result, '--no-progress').code).toBe(0);
    const html = join(dir, 'p.html');
    const r = hfsim('report', result, '--html', html);
    expect(r.code, r.stderr).toBe(0);
    expect(titles(html)).toEqual([...BASE, 'Mean response time by pool', 'Tasks killed by variant', 'Slot time lost to kills by variant']);
    const [wait, kill] = JSON.parse(readFileSync(result, 'utf8')) as Array<{ variant: string; summary: { killedTasks: number; lostSlotSeconds: number }; pools: Array<{ name: string; killedTasks: number }> }>;
    expect(kill.summary.killedTasks).toBeGreaterThan(0);
    // each variant's total at its bar's end, as hfsim run's preemption table prints it; the bar's pool the one that lost tasks
    const killed = figure(html, 'tasks-killed');
    expect(killed).toContain(`>${kill.summary.killedTasks}</text>`);
    expect(killed).toContain(`>${wait.summary.killedTasks}</text>`);
    const victim = kill.pools.find((p) => p.killedTasks > 0)!.name;
    expect(killed).toContain(`tasks killed: ${kill.summary.killedTasks}; variant: ${kill.variant}; pool: ${victim}`);
    expect(figure(html, 'slot-time-lost')).toContain(`>${kill.summary.lostSlotSeconds.toFixed(1)}</text>`);
    // the text table's "research  2 ... 3375.0" (the pool's mean, from its jobs)
    expect(figure(html, 'response-by-pool')).toMatch(/pool: research \(2 jobs\); mean response time \(s\): 3375\.0\d*; series: Kill \(preemption\)/);
    await expectEveryChartDrawn(html, 6);
  });

  it('dsbra.json: storage above the static placement over time, a line per variant across the run, drawn', async () => {
    const dir = tmp('dsbra-report');
    const html = join(dir, 'd.html');
    expect(hfsim('run', 'scenarios/dsbra.json', '--html', html, '--no-progress').code).toBe(0);
    expect(titles(html)).toEqual([...BASE, 'Storage above the static placement over time']);
    // DSBRA as written makes no replica in one rack (README): both lines at 0, named so under the title
    expect(figure(html, 'storage')).toContain('delay + DSBRA (dsbra): 0 replicas created, 0 deleted; mean 0.0%, peak 0.0%');
    await expectEveryChartDrawn(html, 4);
  });

  it('fb-macro-io.json (no pools of interest, no kills, no replication policy): none of the pool, kill or storage charts', () => {
    const html = join(tmp('fb-report'), 'f.html');
    expect(hfsim('run', 'scenarios/fb-macro-io.json', '--html', html, '--no-progress').code).toBe(0);
    expect(titles(html)).toEqual(BASE);
    expect(readFileSync(html, 'utf8')).not.toContain('Not drawn');
  });

  it('a run of one job in one bucket draws every chart: the CDF from 0, each link\'s bucket across its width', async () => {
    const dir = tmp('one-job');
    const scenario = join(dir, 'one.json');
    writeFileSync(scenario, JSON.stringify({
      name: 'one-remote', seed: 1,
      cluster: { racks: 2, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000, network: { model: 'fluid', nicGbps: 0.1, taskStartMs: 0 } },
      hdfs: { replication: 1, blockMB: 128 }, tasks: { durationJitter: 0 }, scheduler: { policy: 'fifo' },
      workload: { kind: 'jobs', files: [{ name: 'f1', blocks: 1, replicas: [[3]] }], jobs: [{ id: 'j1', submitMs: 0, input: 'f1', type: 'io', mapMs: 100, reduces: 0 }] },
    }));
    const html = join(dir, 'one.html');
    const r = hfsim('run', scenario, '--html', html, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    await expectEveryChartDrawn(html, 4);
  });

  it('a chart whose marks have no size is not drawn, however many legend symbols it has', async () => {
    const chart = {
      id: 'dot', title: 'one point',
      spec: { data: { values: [{ x: 1, y: 1, s: 'a' }, { x: 1, y: 1, s: 'b' }] }, mark: 'line', encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, color: { field: 's', type: 'nominal' } } },
    } as unknown as Chart;
    const html = join(tmp('undrawn'), 'r.html');
    writeFileSync(html, await reportHtml('t', [], [chart]));
    expect(await renderedDom(html)).toContain('data-charts-drawn="0/1"');
  });

  it.each([
    ['a file that is not a result', () => { const f = join(tmp('bad'), 'x.json'); writeFileSync(f, '{"a": 1}'); return f; }, /x\.json: not a result \(hfsim run --out writes one\)/],
    ['an empty list of results', () => { const f = join(tmp('bad'), 'e.json'); writeFileSync(f, '[]'); return f; }, /e\.json: an empty list, no result to report/],
    ['a directory that is not a sweep output', () => tmp('empty'), /not a sweep output directory \(no sweep\.json\)/],
    ['a missing input', () => '/no/such/result.json', /\/no\/such\/result\.json: no such file or directory/],
  ])('bad input: %s', (_, input, message) => {
    const html = join(tmp('bad-out'), 'r.html');
    const r = hfsim('report', input(), '--html', html);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(existsSync(html)).toBe(false);
  });
});
