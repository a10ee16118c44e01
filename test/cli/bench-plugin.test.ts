/**
 * `hfsim bench --plugin file --scenario file.json`: a user's own policy benched warm and repeated in bench's child
 * processes, one case a variant, named so that two reports compare case by case; its bad input refused as `hfsim run`
 * refuses it, in the same words (the same code). Kept cheap: one tiny scenario, --repeat 1.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BenchReport, benchReportSchema } from '../../src/cli/bench-schema.js';
import { ROOT, hfsim, tmp, writeJson } from './sweep-helpers.js';

const dir = tmp('bench-plugin');
const PLUGIN = './examples/srwf.js';

/** Ten nodes, six jobs: a run takes milliseconds. SRWF is the plugin's policy; HFS has a pool clock (a timer tick). */
const tiny = (over: Record<string, unknown> = {}) => ({
  name: 'tiny', seed: 1,
  cluster: { racks: 2, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
  scheduler: { policy: 'fair', delay: { mode: 'none' } },
  workload: { kind: 'generated', groups: [{ name: 'g', count: 6, maps: 8, mapMs: 20000, reduces: 1, reduceMs: 10000, intervalMs: 5000 }] },
  variants: { SRWF: { 'scheduler.policy': 'srwf' }, HFS: { 'scheduler.policy': 'hfs' } },
  ...over,
});
const SCENARIO = writeJson(dir, 'tiny.json', tiny());

let out: ReturnType<typeof hfsim>;
let report: BenchReport;
const json = join(dir, 'own.json');

beforeAll(() => {
  out = hfsim('bench', '--plugin', PLUGIN, '--scenario', SCENARIO, '--repeat', '1', '--json', json);
  if (out.code !== 0) throw new Error(`bench failed (exit ${out.code}): ${out.stderr}`);
  report = JSON.parse(readFileSync(json, 'utf8')) as BenchReport;
}, 60_000);

describe('hfsim bench --plugin --scenario', () => {
  it('benches each variant of the scenario as a case named by file and variant, with only those cases, in a report that validates', () => {
    const parsed = benchReportSchema.safeParse(report);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues[0])).toBe(true);
    expect(report.suite).toBe('none');
    expect(report.cases.map((c) => [c.name, c.group, c.canonical, c.policy, c.runs])).toEqual([
      ['tiny.json / SRWF', 'scenario', false, 'srwf', 1],
      ['tiny.json / HFS', 'scenario', false, 'hfs', 1],
    ]);
    expect(report.sweepScaling).toBeUndefined();
    expect(report.scale).toEqual([]);
    expect(out.stdout).toMatch(/^hfsim bench of --scenario files: /);
    expect(out.stdout).toMatch(/tiny\.json \/ SRWF +srwf /);
  });

  it('runs the case with the plugin loaded in its process: the digest hfsim run --plugin prints for that variant', () => {
    const run = hfsim('run', SCENARIO, '--plugin', PLUGIN, '--variant', 'SRWF', '--json', '--no-progress');
    expect(run.code, run.stderr).toBe(0);
    expect(report.cases[0].digest).toBe((JSON.parse(run.stdout) as { digest: string }).digest);
  });

  it('records each --plugin file as given with a sha256 of its bytes, in the cases it ran in', () => {
    const sha256 = createHash('sha256').update(readFileSync(join(ROOT, PLUGIN))).digest('hex');
    for (const c of report.cases) expect(c.plugins).toEqual([{ file: PLUGIN, sha256 }]);
  });

  it('reports the policy\'s timer cost (decisionUs.tick, run\'s tickUs) where the run has a timer, and shows it in the table', () => {
    const [srwf, hfs] = report.cases;
    expect(srwf.decisionUs.tick).toBeUndefined();
    expect(hfs.decisionUs.tick?.p99.median).toBeGreaterThan(0);
    expect(hfs.decisionUs.tick?.max.values).toHaveLength(1);
    expect(report.perfdash.dataItems.map((d) => `${d.labels.Case} ${d.labels.Metric}`)).toContain('tiny.json / HFS decision_latency_per_tick');
    const head = out.stdout.split('\n').find((l) => l.startsWith('case '))!;
    expect(head).toMatch(/ tick p50 +p99 /);
    expect(out.stdout.split('\n').find((l) => l.startsWith('tiny.json / SRWF'))).toMatch(/ - +- +[0-9a-f]{12}$/);
  });

  it('bench compare judges two such reports case by case, the tick shown and not judged', () => {
    const r = hfsim('bench', 'compare', json, json);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/tiny\.json \/ SRWF +wall ms /);
    expect(r.stdout).toMatch(/tiny\.json \/ HFS +p99 us\/tick .*\(not judged\)/);
    expect(r.stdout).not.toMatch(/tiny\.json \/ SRWF +p99 us\/tick/);
    expect(r.stdout).toContain('no regression');
  });

  it('bench compare warns when a case ran other --plugin code (exit unchanged)', () => {
    const edited = structuredClone(report);
    for (const c of edited.cases) c.plugins = [{ file: PLUGIN, sha256: 'f'.repeat(64) }];
    const other = writeJson(dir, 'edited.json', edited);
    const r = hfsim('bench', 'compare', json, other, '--threshold', '1000%');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`hfsim: warning: ${json} and ${other} ran other --plugin code in 2 cases (tiny.json / SRWF, tiny.json / HFS: ${PLUGIN} not the same bytes): their times and digests differ by the plugin's code as well as by hfsim's\n`);
  });
});

describe('hfsim bench --scenario, bad input: refused as hfsim run refuses it (exit 2), before any case runs', () => {
  const bad = join(dir, 'bad');
  mkdirSync(bad, { recursive: true });
  const throwing = join(bad, 'throws.mjs');
  writeFileSync(throwing, 'throw new Error("no such policy here");\n');
  it.each([
    ['a missing scenario file', [join(bad, 'none.json')], []],
    ['a bad scenario', [writeJson(bad, 'racks.json', tiny({ cluster: { racks: 0, nodesPerRack: 5 } }))], ['--plugin', PLUGIN]],
    ['a plugin that fails to load', [SCENARIO], ['--plugin', throwing]],
    ['a scenario naming a policy no plugin registered', [SCENARIO], []],
  ])('%s', (_what, [scenario], plugins) => {
    const run = hfsim('run', scenario, ...plugins, '--no-progress');
    const out = join(bad, 'out.json');
    const bench = hfsim('bench', '--scenario', scenario, ...plugins, '--repeat', '1', '--json', out);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^hfsim: /);
    expect([bench.code, bench.stderr, bench.stdout]).toEqual([2, run.stderr, '']);
    expect(existsSync(out)).toBe(false);
  });

  it('two --scenario files that name the same case (one file name), or a case the suite has, are refused', () => {
    const other = join(dir, 'other');
    mkdirSync(other, { recursive: true });
    const twin = writeJson(other, 'tiny.json', tiny());
    const r = hfsim('bench', '--plugin', PLUGIN, '--scenario', SCENARIO, '--scenario', twin, '--repeat', '1');
    expect([r.code, r.stderr]).toEqual([2, `hfsim: --scenario ${twin}: its case "tiny.json / SRWF" has the name of a case of --scenario ${SCENARIO}: cases are named by file name and variant, so rename one of the files\n`]);
    const suite = hfsim('bench', '--suite', 'smoke', '--scenario', 'scenarios/fb-macro-io.json', '--repeat', '1');
    expect([suite.code, suite.stderr]).toEqual([2, 'hfsim: --scenario scenarios/fb-macro-io.json: its case "fb-macro-io.json / FIFO" has the name of a case of the smoke suite: cases are named by file name and variant, so rename the file (or leave --suite out)\n']);
  });

  it('--plugin without --scenario is refused: the suites\' cases run built-in policies only', () => {
    const r = hfsim('bench', '--plugin', PLUGIN, '--repeat', '1');
    expect([r.code, r.stderr]).toEqual([2, 'hfsim: --plugin needs --scenario: the suites\' cases run built-in policies only; name the scenario file(s) that use your plugin with --scenario <file.json>\n']);
  });

  it('--only that matches none of them is refused, naming the cases', () => {
    const r = hfsim('bench', '--plugin', PLUGIN, '--scenario', SCENARIO, '--only', 'FIFO', '--repeat', '1');
    expect([r.code, r.stderr]).toEqual([2, 'hfsim: --only FIFO: matches no case of the --scenario files (names: tiny.json / SRWF; tiny.json / HFS)\n']);
  });
});

describe('hfsim bench --scenario, a plugin that throws in a case\'s process', () => {
  it('fails the bench (exit 1) as hfsim run fails: the error, where in the plugin file it threw, the --plugin files', () => {
    const throwing = join(dir, 'throws-late.mjs');
    writeFileSync(throwing, `import { SortedJobQueue, compareFair, registerPolicy } from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))};
registerPolicy('late', { description: 'x', create: () => ({ createQueue: (kind) => new SortedJobQueue((a, b) => {
  if (a.index + b.index > 3) throw new Error('out of order');
  return compareFair(kind)(a, b);
}) }) });
`);
    const scenario = writeJson(dir, 'late.json', tiny({ scheduler: { policy: 'late', delay: { mode: 'none' } }, variants: undefined }));
    const r = hfsim('bench', '--scenario', scenario, '--plugin', throwing, '--repeat', '1');
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')).toEqual([
      'hfsim: bench failed: bench case late.json / late failed: out of order',
      `hfsim: from ${throwing}:3:${/:3:(\d+)\n/.exec(r.stderr)?.[1]}`,
      `hfsim: the run used --plugin ${throwing}: a plugin that breaks its contract (README: "Plugins") may be the cause`,
      '',
    ]);
  });
});
