/** hfsim bench compare --json and --markdown / $GITHUB_STEP_SUMMARY, on constructed reports (no bench run needed). */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchCase, BenchReport } from '../../src/cli/bench-schema.js';
import { reportTable } from '../../src/cli/bench.js';
import { benchCase as helperCase, report as helperReport, ofRuns, stat, steady, write } from './bench-helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'hfsim-compare-'));

// The constructed cases and reports of bench-helpers.ts, by commit here (each report of this file is of another).
const benchCase = (name: string, wallMs: number, digest = 'a'.repeat(64)): BenchCase => helperCase(name, wallMs, { digest });
const report = (commit: string, cases: BenchCase[]): BenchReport => helperReport(cases, { commit });

const base = write('base.json', report('1'.repeat(40), [benchCase('fb-macro-io', 1000), benchCase('swim-first50', 400)]));
const same = write('same.json', report('2'.repeat(40), [benchCase('fb-macro-io', 1010), benchCase('swim-first50', 395)]));
const slow = write('slow.json', report('3'.repeat(40), [benchCase('fb-macro-io', 1500), benchCase('swim-first50', 400, 'b'.repeat(64)), benchCase('new-case', 10)]));

function compare(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, 'bench', 'compare', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: '', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hfsim bench compare --json', () => {
  it('prints the verdict and every measure\'s change as JSON; exit 0 without a regression', () => {
    const r = compare([base, same, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ format: 'hfsim-bench-compare/1', verdict: 'pass', exitCode: 0, thresholdPct: 10, outcomeRegressions: [], speedRegressions: [], notCompared: [] });
    expect(out.base).toMatchObject({ file: base, commit: '1'.repeat(40), suite: 'smoke' });
    expect(out.new.commit).toBe('2'.repeat(40));
    // 2 cases x 6 measures, each with its numbers
    expect(out.changes).toHaveLength(12);
    const wall = out.changes.find((c: { case: string; measure: string }) => c.case === 'fb-macro-io' && c.measure === 'wall ms');
    expect(Object.keys(wall)).toEqual(['case', 'measure', 'field', 'base', 'new', 'changePct', 'spread', 'floor', 'verdict']);
    expect(wall).toMatchObject({ field: 'wallMs', base: 1000, new: 1010, floor: 50, verdict: 'unchanged' });
    // each measure names its field of the bench JSON's cases (the table's names are for reading), so a script can join
    // the two: base and new are that field's best run (min, or max for a rate)
    const fields = out.changes.filter((c: { case: string }) => c.case === 'fb-macro-io').map((c: { field: string }) => c.field);
    expect(fields).toEqual(['wallMs', 'eventsPerSecond', 'peakRssMB', 'cpuMs', 'decisionUs.heartbeat.p99', 'decisionUs.launch.p99']);
    expect(wall.changePct).toBeCloseTo(1, 9);
    expect(wall.spread).toBeCloseTo(20.2, 9); // the larger spread: 1,010 x 0.02
  });

  it('a slowdown and a changed digest: verdict regression, exit 3, each listed as data', () => {
    const r = compare([base, slow, '--json', '--threshold', '10%']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBe('regression');
    expect(out.exitCode).toBe(3);
    expect(out.outcomeRegressions).toEqual([{ case: 'swim-first50', base: 'a'.repeat(64), new: 'b'.repeat(64) }]);
    expect(out.speedRegressions.map((c: { case: string; measure: string }) => `${c.case} ${c.measure}`)).toEqual(['fb-macro-io wall ms', 'fb-macro-io events/s']);
    expect(out.speedRegressions[0]).toMatchObject({ base: 1000, new: 1500, changePct: 50, verdict: 'regression' });
    expect(out.notCompared).toEqual(['new-case (only in new)']);
    expect(r.stderr).toMatch(/OUTCOME REGRESSION/);
  });
});

describe('hfsim bench compare: its warnings in --json and the Markdown summary', () => {
  // Told on stderr alone, they were lost to a nightly job that archives the --json and shows the summary.
  const other = write('other.json', { ...helperReport([ofRuns(benchCase('fb-macro-io', 1005), 3)], { commit: '4'.repeat(40), repeat: 3 }), machine: { cpu: 'Other CPU', cores: 16, memoryMB: 4096, platform: 'linux', arch: 'x64' } });

  it('lists each warning stderr gives, as data', () => {
    const r = compare([base, other, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { warnings: string[] };
    expect(out.warnings).toHaveLength(3);
    expect(out.warnings[0]).toMatch(/^the digest of 1 canonical case of .*base\.json was not checked, as .*other\.json did not run them alike: swim-first50$/);
    expect(out.warnings[1]).toMatch(/measured apart \(.*Test CPU.*Other CPU.*\)/);
    expect(out.warnings[2]).toMatch(/were measured with --repeat 2 and 3/);
    expect(r.stderr.trim().split('\n').map((l) => l.replace(/^hfsim: warning: /, ''))).toEqual(out.warnings);
    expect(JSON.parse(compare([base, same, '--json']).stdout).warnings).toEqual([]);
  });

  it('warns where the two are one report (a baseline not rotated): it passed in silence', () => {
    const copy = join(dir, 'base-copy.json');
    writeFileSync(copy, readFileSync(base));
    for (const other of [base, copy]) {
      const r = compare([base, other, '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).warnings).toEqual([expect.stringMatching(/are the same report \(made 2026-11-23T03:00:00\.000Z at 111111111111\): nothing new was measured/)]);
    }
    expect(JSON.parse(compare([base, same, '--json']).stdout).warnings).toEqual([]);
  });

  it('ends the Markdown summary with them', () => {
    const md = join(dir, 'warned.md');
    expect(compare([base, other, '--markdown', md]).code).toBe(0);
    const text = readFileSync(md, 'utf8');
    expect(text).toMatch(/\n### Warnings\n\n- the digest of 1 canonical case of .*base\.json was not checked/);
    expect(text).toContain('were measured with --repeat 2 and 3');
    expect(text.trimEnd().split('\n').slice(-3).every((l) => l.startsWith('- '))).toBe(true);
    compare([base, same, '--markdown', md]);
    expect(readFileSync(md, 'utf8')).not.toContain('### Warnings');
  });
});

describe('hfsim bench compare --markdown: its counts in words', () => {
  // One run a case on one core read "1 runs" and "1 cores" in the summary's provenance line.
  const one = (v: unknown): unknown => {
    if (Array.isArray(v) || typeof v !== 'object' || v === null) return v;
    if ('values' in v) return stat((v as { values: number[] }).values[0]);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, one(x)]));
  };
  const oneRun = (name: string, wallMs: number) => ({ ...(one(benchCase(name, wallMs)) as BenchCase), runs: 1 });
  const machine = { cpu: 'Test CPU', cores: 1, memoryMB: 4096, platform: 'linux', arch: 'x64' };
  const a = write('one-run-a.json', helperReport([oneRun('fb-macro-io', 1000)], { commit: '5'.repeat(40), repeat: 1, machine }));
  const b = write('one-run-b.json', helperReport([oneRun('fb-macro-io', 1005)], { commit: '6'.repeat(40), repeat: 1, machine }));

  it('says 1 run and 1 core, not 1 runs and 1 cores', () => {
    const md = join(dir, 'one-run.md');
    expect(compare([a, b, '--markdown', md]).code).toBe(0);
    const line = readFileSync(md, 'utf8').split('\n').find((l) => l.startsWith('Base '));
    expect(line).toMatch(/smoke suite, 1 run\) against `666666666666` \(.*one-run-b\.json, 1 run\) on Test CPU, 1 core, node/);
  });
});

describe('hfsim bench compare --markdown /dev/stdout', () => {
  it('prints the Markdown alone on stdout, the table and the verdict on stderr (they were mixed on stdout)', () => {
    const r = compare([base, same, '--markdown', '/dev/stdout']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('## ')).toBe(true);
    expect(r.stdout).not.toContain('bench compare:');
    expect(r.stderr).toContain('bench compare:');
    expect(r.stderr.trimEnd().endsWith('no regression')).toBe(true);
  });

  it('a $GITHUB_STEP_SUMMARY that stdout is appended to (`>> $GITHUB_STEP_SUMMARY`, a GitHub Actions idiom): the table and the verdict go to stderr (they were mixed into the summary)', () => {
    const md = join(dir, 'appended.md');
    writeFileSync(md, '# an earlier step\n');
    const fd = openSync(md, 'a');
    const r = spawnSync(process.execPath, [CLI, 'bench', 'compare', base, same], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', fd, 'pipe'], env: { ...process.env, GITHUB_STEP_SUMMARY: md } });
    closeSync(fd);
    expect(r.status, r.stderr).toBe(0);
    const written = readFileSync(md, 'utf8');
    expect(written.startsWith('# an earlier step\n## hfsim bench compare\n')).toBe(true);
    expect(written).not.toContain('bench compare:');
    expect(r.stderr).toContain('bench compare:');
    expect(r.stderr.trimEnd().endsWith('no regression')).toBe(true);
  });

  it('a $GITHUB_STEP_SUMMARY that is stdout: the same (the table was mixed with the summary), and refused beside --json', () => {
    const r = compare([base, same], { GITHUB_STEP_SUMMARY: '/dev/stdout' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('## ')).toBe(true);
    expect(r.stdout).not.toContain('bench compare:');
    expect(r.stderr.trimEnd().endsWith('no regression')).toBe(true);
    const json = compare([base, same, '--json'], { GITHUB_STEP_SUMMARY: '/dev/stdout' });
    expect(json.code).toBe(2);
    expect(json.stderr).toBe('hfsim: $GITHUB_STEP_SUMMARY /dev/stdout: --json prints on stdout too, and the two together are neither JSON nor Markdown: give one of them a file\n');
  });

  it('is refused beside --json, which prints on stdout too', () => {
    const r = compare([base, same, '--json', '--markdown', '/dev/stdout']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('hfsim: --markdown /dev/stdout: --json prints on stdout too, and the two together are neither JSON nor Markdown: give one of them a file\n');
  });

  it('is refused where $GITHUB_STEP_SUMMARY is stdout too (the summary was printed twice, one after the other)', () => {
    const r = compare([base, same, '--markdown', '/dev/stdout'], { GITHUB_STEP_SUMMARY: '/dev/fd/1' });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('hfsim: $GITHUB_STEP_SUMMARY /dev/fd/1: --markdown /dev/stdout writes on stdout too, and the Markdown would be printed twice: give one of them a file\n');
  });
});

describe('hfsim bench compare --markdown and $GITHUB_STEP_SUMMARY', () => {
  it('writes a Markdown summary: verdict, regressions, every measure', () => {
    const md = join(dir, 'summary.md');
    const r = compare([base, slow, '--markdown', md]);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('bench compare:'); // the table still prints
    const text = readFileSync(md, 'utf8');
    expect(text).toMatch(/^## hfsim bench compare\n\n\*\*Regression\*\* \(exit 3\): 1 canonical digest changed; 2 measures slower beyond 10% and the noise floor, in every run\./);
    expect(text).toContain('| swim-first50 | `aaaaaaaaaaaa` | `bbbbbbbbbbbb` |');
    expect(text).toMatch(/### Speed regressions\n\n\| case \|.*\n\|---\|.*\n\| fb-macro-io \| wall ms \| 1,000 \| 1,500 \| \+50\.0% \| ±30 \| 50 \| \*\*REGRESSION\*\* \|/);
    expect(text).toContain('Not compared: new-case (only in new).');
  });

  it('appends to $GITHUB_STEP_SUMMARY, keeping what earlier steps wrote', () => {
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# earlier step\n');
    const r = compare([base, same], { GITHUB_STEP_SUMMARY: summary });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no regression');
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier step\n## hfsim bench compare\n\n**No regression.**\n')).toBe(true);
    expect(text.match(/\| fb-macro-io \|/g)).toHaveLength(6);
  });

  it('an unwritable $GITHUB_STEP_SUMMARY is bad input naming it (exit 2), before the verdict is printed', () => {
    const r = compare([base, same], { GITHUB_STEP_SUMMARY: join(dir, 'no', 'such', 'dir', 'summary.md') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/GITHUB_STEP_SUMMARY .*summary\.md: the folder .* does not exist/);
    expect(r.stdout).toBe(''); // it printed "no regression" first
    const folder = compare([base, same], { GITHUB_STEP_SUMMARY: dir });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/GITHUB_STEP_SUMMARY .*: is a directory, not a file/);
  });

  it('a $GITHUB_STEP_SUMMARY the disk cannot take the summary into is left as it was: one line naming it, exit 1 (a cut summary was appended, exit 2)', () => {
    // 1,000 bytes of earlier steps under a 1 KB size limit: the append wrote its first 24 bytes, then EFBIG.
    const summary = join(dir, 'step-summary-full.md');
    const earlier = `${'# earlier step\n'.repeat(66)}1234`;
    writeFileSync(summary, earlier);
    const r = spawnSync('bash', ['-c', 'ulimit -f 1 && exec "$0" "$@"', process.execPath, CLI, 'bench', 'compare', base, same], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: summary } });
    expect([r.status, r.stderr]).toEqual([1, `hfsim: bench compare failed: $GITHUB_STEP_SUMMARY ${summary}: the summary was not appended (file too large); the file is as it was\n`]);
    expect(readFileSync(summary, 'utf8')).toBe(earlier);
    // a device is written into and cannot be taken back: said so, exit 1 as run --out /dev/full (it was exit 2, "ENOSPC")
    const device = compare([base, same], { GITHUB_STEP_SUMMARY: '/dev/full' });
    expect([device.code, device.stderr]).toEqual([1, 'hfsim: bench compare failed: $GITHUB_STEP_SUMMARY /dev/full: the summary was not appended whole (no space left on device)\n']);
  });

  it('--markdown naming $GITHUB_STEP_SUMMARY is refused (exit 2), leaving what earlier steps wrote', () => {
    // It replaced the step summary (earlier steps' lines lost), then appended the same summary again.
    const summary = join(dir, 'step-summary-twice.md');
    writeFileSync(summary, '# earlier step\n');
    const r = compare([base, slow, '--markdown', summary], { GITHUB_STEP_SUMMARY: summary });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--markdown .*step-summary-twice\.md: the same file as \$GITHUB_STEP_SUMMARY/);
    expect(r.stdout).toBe('');
    expect(readFileSync(summary, 'utf8')).toBe('# earlier step\n');
  });

  it('a $GITHUB_STEP_SUMMARY naming an input report is refused (exit 2), the report left as it was', () => {
    // The summary was appended to the new report, which then read as no bench report.
    const input = write('appended-to.json', report('2'.repeat(40), [benchCase('fb-macro-io', 1010), benchCase('swim-first50', 300)]));
    const before = readFileSync(input, 'utf8');
    const r = compare([base, input], { GITHUB_STEP_SUMMARY: input });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\$GITHUB_STEP_SUMMARY .*appended-to\.json: the same file as the input .*appended-to\.json: appending to it would change that input\n$/); // it said "would replace"
    expect(readFileSync(input, 'utf8')).toBe(before);
  });
});

describe('hfsim bench table: the fluid network model against flat', () => {
  it('puts each fluid case beside its flat one, with the ratio of their median wall times', () => {
    const r = report('4'.repeat(40), [
      benchCase('fb2009-day.json', 1500), benchCase('fb2009-day.json / fluid', 3300),
      benchCase('fb2010-day.json / first 2,000 jobs', 1000), benchCase('fb2010-day.json / first 2,000 jobs, fluid', 2500),
      benchCase('fb-macro-io.json / Fair + delay', 700),
    ]);
    const lines = reportTable(r).split('\n'); // a case's median of two runs (w, 1.02 w) is the larger
    const at = lines.findIndex((l) => l.startsWith('Fluid network model against flat'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2].split(/\s{2,}/)).toEqual(['fb2009-day.json', '1,530', '3,366', '2.20x']);
    expect(lines[at + 3].split(/\s{2,}/)).toEqual(['fb2010-day.json / first 2,000 jobs', '1,020', '2,550', '2.50x']);
    expect(lines.length).toBe(at + 4);
  });

  it('groups the decision latencies\' thousands as the other columns\' (a 22,128 us tail read "22128.31")', () => {
    const c = benchCase('latency-600 fair', 1000);
    c.decisionUs.heartbeat.max = steady(22128.314);
    const row = reportTable(report('6'.repeat(40), [c])).split('\n').find((l) => l.startsWith('latency-600 fair'))!;
    expect(row).toContain('22,128.31');
    expect(row).toMatch(/ 4\.00 /); // p50 as before
  });

  it('leaves the section out when no case has a flat counterpart', () => {
    expect(reportTable(report('5'.repeat(40), [benchCase('fb2009-day.json / fluid', 3300)]))).not.toContain('Fluid network model');
  });
});

describe('hfsim bench table of a report with no case (--only sweep)', () => {
  it('has no empty case table: only the sweep\'s (a header of 16 columns with no row was printed)', () => {
    const wall = stat(1500);
    const r: BenchReport = { ...report('7'.repeat(40), []), repeat: 1, sweepScaling: {
      jobs: 300, points: 2, pool: 'processes', digest: 'c'.repeat(64), speedup: 0.48,
      workers: [{ workers: 1, wallMs: wall, pointMs: stat(1000) }, { workers: 2, wallMs: stat(3100), pointMs: stat(3600) }],
    } };
    const text = reportTable(r);
    expect(text).not.toMatch(/^case\s+policy/m);
    expect(text).not.toMatch(/decision latency/);
    expect(text).toMatch(/^Sweep scaling \(2 points/m);
    expect(text).toMatch(/^workers\s+wall ms/m);
  });
});

describe('hfsim bench table of one run (--repeat 1)', () => {
  it('counts it as one run, and one point as one point ("1 runs each", "best of 1 runs", "1 points" were printed)', () => {
    const r: BenchReport = { ...report('8'.repeat(40), [benchCase('scale-600', 30)]), repeat: 1,
      scale: [{ nodes: 600, wallMs: 30, usPerNodeHeartbeat: 0.7, relativeCostPerNode: 1 }],
      sweepScaling: { jobs: 300, points: 1, pool: 'processes', digest: 'c'.repeat(64), speedup: 1, workers: [{ workers: 1, wallMs: stat(1500), pointMs: stat(1000) }] } };
    const text = reportTable(r);
    expect(text).toMatch(/; 1 run each, median/);
    expect(text).toMatch(/best of 1 run;/);
    expect(text).toMatch(/Sweep scaling \(1 point of fb-macro-io .*median ±spread of 1 run;/);
    expect(text).not.toMatch(/\b1 (runs|points)\b/);
  });
});
