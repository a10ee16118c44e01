/**
 * `hfsim bench --plugin file --scenario file.json`: a user's own policy benched warm and repeated in bench's child
 * processes, one case a variant, named so that two reports compare case by case; its bad input refused as `hfsim run`
 * refuses it, in the same words (the same code). Kept cheap: one tiny scenario, --repeat 1.
 */
import { spawnSync } from 'node:child_process';
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
  // The plugin given twice, by two paths: imported once, recorded once.
  out = hfsim('bench', '--plugin', PLUGIN, '--plugin', './examples/../examples/srwf.js', '--scenario', SCENARIO, '--repeat', '1', '--json', json);
  if (out.code !== 0) throw new Error(`bench failed (exit ${out.code}): ${out.stderr}`);
  report = JSON.parse(readFileSync(json, 'utf8')) as BenchReport;
}, 60_000);

describe('hfsim bench --plugin --scenario', () => {
  it('benches each variant of the scenario as a case named by file and variant, with only those cases, in a report that validates', () => {
    const parsed = benchReportSchema.safeParse(report);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues[0])).toBe(true);
    expect(report.suite).toBe('none');
    expect(report.cases.map((c) => [c.name, c.group, c.canonical, c.policy, c.runs])).toEqual([
      ['tiny.json / SRWF', 'own', false, 'srwf', 1],
      ['tiny.json / HFS', 'own', false, 'hfs', 1],
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

  it('records each --plugin file as given with a sha256 of its bytes, in the cases it ran in, once however often it was named', () => {
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
    expect(r.stderr).toMatch(/^hfsim: warning: [^\n]* are the same report [^\n]*\n$/); // one report given twice: only that said
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/tiny\.json \/ SRWF +wall ms /);
    expect(r.stdout).toMatch(/tiny\.json \/ HFS +p99 us\/tick .*\(not judged\)/);
    expect(r.stdout).not.toMatch(/tiny\.json \/ SRWF +p99 us\/tick/);
    expect(r.stdout).toContain('no regression');
  });

  it('bench compare does not judge a --scenario case against a suite case of the same name (warm against cold, another file: it read a regression, or a changed canonical digest)', () => {
    const suiteLike = structuredClone(report);
    for (const c of suiteLike.cases) Object.assign(c, { group: 'scenario', canonical: true, digest: 'e'.repeat(64), plugins: undefined });
    const other = writeJson(dir, 'suite-like.json', suiteLike);
    for (const [base, next, says] of [[other, json, 'the suite\'s in base, a --scenario file\'s in new'], [json, other, 'a --scenario file\'s in base, the suite\'s in new']]) {
      const r = hfsim('bench', 'compare', base, next);
      expect(r.code, r.stderr).toBe(2); // no case in common
      expect(r.stdout + r.stderr).toContain(`tiny.json / SRWF (a different case: ${says})`);
      expect(r.stdout + r.stderr).not.toContain('OUTCOME REGRESSION');
    }
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

  it('a --scenario that is no regular file (a pipe: each case read it empty) is refused; /dev/stdin redirected from a file runs', () => {
    const bench = `node ${JSON.stringify(join(ROOT, 'dist', 'src', 'cli', 'main.js'))} bench --scenario /dev/stdin --plugin ${PLUGIN} --repeat 1 --only SRWF`;
    const piped = spawnSync('sh', ['-c', `cat ${JSON.stringify(SCENARIO)} | ${bench}`], { cwd: ROOT, encoding: 'utf8' });
    expect([piped.status, piped.stderr]).toEqual([2, 'hfsim: --scenario /dev/stdin: not a regular file (a pipe or a device): each case\'s process reads it again; save it to a file first\n']);
    // redirected from a file, /dev/stdin is that file: each case reads it by its real path
    const redirected = spawnSync('sh', ['-c', `${bench} < ${JSON.stringify(SCENARIO)}`], { cwd: ROOT, encoding: 'utf8' });
    expect(redirected.status, redirected.stderr).toBe(0);
    expect(redirected.stdout).toMatch(/\nstdin \/ SRWF +srwf /);
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

describe('hfsim bench --scenario, a plugin that prints on stdout', () => {
  it('runs as hfsim run runs it: the case process\'s result is read apart from what the plugin prints (it failed on "is not valid JSON")', () => {
    const chatty = join(dir, 'chatty.mjs');
    // printed at import, and mid-run without a newline: the case's result follows on the same stdout
    writeFileSync(chatty, `${readFileSync(join(ROOT, PLUGIN), 'utf8').replace("from 'hfsim'", `from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))}`)
      .replace('return new SortedJobQueue((a, b) =>', 'let said = false;\n      return new SortedJobQueue((a, b) => (said || (said = process.stdout.write(\'{\'))) &&')}
console.log('srwf loaded');
`);
    const json = join(dir, 'chatty-out.json');
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'bench', '--scenario', SCENARIO, '--plugin', './chatty.mjs', '--only', 'SRWF', '--repeat', '1', '--json', json], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const run = spawnSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'run', SCENARIO, '--plugin', './chatty.mjs', '--variant', 'SRWF', '--no-progress'], { cwd: dir, encoding: 'utf8' });
    expect(run.stdout).toMatch(/^srwf loaded\n\{/); // the plugin did print, in both places
    const written = JSON.parse(readFileSync(json, 'utf8')) as BenchReport;
    expect(written.cases.map((c) => c.digest)).toEqual([report.cases[0].digest]);
    // the report keeps the --only its cases were picked by, as bench compare names it, and its table says it
    expect(written.only).toBe('SRWF');
    expect(r.stdout).toMatch(/^hfsim bench of --scenario files --only "SRWF": /m);
  });

  it('a case process that a plugin\'s process.exit(0) ends fails the bench naming the case and the call, not "Unexpected end of JSON input"', () => {
    const exiting = join(dir, 'exits.mjs');
    writeFileSync(exiting, readFileSync(join(ROOT, PLUGIN), 'utf8').replace("from 'hfsim'", `from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))}`)
      .replace('return new SortedJobQueue((a, b) =>', 'return new SortedJobQueue((a, b) => process.exit(0) ||'));
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'bench', '--scenario', SCENARIO, '--plugin', './exits.mjs', '--only', 'SRWF', '--repeat', '1'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^hfsim: bench failed: bench case tiny\.json \/ SRWF failed: hfsim: the process was ended by process\.exit\(0\) before the command finished: the code of --plugin \.\/exits\.mjs called it/);
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
    // The plugin reads a file beside it, relative to the folder hfsim runs in (the case's process ran in the project
    // root, where it was not found); the scenario warns (dsbra with no delay), once, not inside the failure.
    writeFileSync(join(dir, 'late-config.json'), '{}');
    writeFileSync(throwing, `import { readFileSync } from 'node:fs';\nreadFileSync('late-config.json');\n${readFileSync(throwing, 'utf8')}`);
    writeJson(dir, 'late.json', tiny({ scheduler: { policy: 'late', delay: { mode: 'none' }, replication: { policy: 'dsbra' } }, variants: undefined }));
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'bench', '--scenario', 'late.json', '--plugin', './throws-late.mjs', '--repeat', '1'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toMatch(/^hfsim: warning: late\.json: scheduler\.replication: dsbra /);
    expect(lines.slice(1)).toEqual([
      'hfsim: bench failed: bench case late.json / late failed: out of order',
      `hfsim: from ./throws-late.mjs:5:${/:5:(\d+)\n/.exec(r.stderr)?.[1]}`,
      'hfsim: the run used --plugin ./throws-late.mjs: a plugin that breaks its contract (README: "Plugins") may be the cause',
      '',
    ]);
  });
});
