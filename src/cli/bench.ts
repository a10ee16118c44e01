/** The actions of `hfsim bench` (run a suite, print its table, write its JSON) and `hfsim bench compare` (exit 3 on a regression); their options are in commands.ts. */
import { type Stats, closeSync, fstatSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile } from './json-file.js';
import { BENCH_FORMAT, type BenchCase, type BenchReport, benchReportSchema, reportErrors } from './bench-schema.js';
import { type Comparison, compareReports, shortCommit } from './bench-compare.js';
import { compareJson, compareMarkdown } from './bench-summary.js';
import { EXIT, InputError, benchExit, osReason } from './errors.js';
import { counted, plainCounted, table } from './format.js';
import { packageRoot } from './version.js';
import { writeOutput } from './output.js';
import { checkDistinctOutputs, checkNotAnInput, checkOneOnStdout, checkOutputFile, descriptorOf, landsOnStdout } from './output-paths.js';
import { namedAsSweepFile } from './sweep-folder.js';
import { formatIssue } from '../core/scenario-issues.js';
import { warnOnce } from './warn.js';
import { verdictStands } from './closed-pipe.js';




/** How a report's cases were picked, as its command line said it: `--only "text"`, or `no --only`. */
const onlyOf = (r: BenchReport): string => (r.only === undefined ? 'no --only' : `--only ${JSON.stringify(r.only)}`);

/** A broken report's problems told at most: a report of another tool fails on every field. */
const SHOWN_ISSUES = 3;
const BROKEN_REPORT = 'edited by hand, or cut short? hfsim bench --json <file> writes a whole report';

export async function readReport(file: string): Promise<BenchReport> {
  // a sweep's results.jsonl read as one JSON was "invalid JSON at line 2"; the sweep's modules (and through its
  // manifest the scenario's, the whole engine) load only for a file of such a name: a comparison loads 300 modules less
  const sweepFile = namedAsSweepFile(file) ? (await import('./sweep-output.js')).sweepFileKind(file) : undefined;
  if (sweepFile !== undefined) throw new InputError(`${file}: not a bench report but a sweep's ${sweepFile} (hfsim sweep's output): hfsim bench --json writes a bench report`);
  const raw = readJsonFile(file, 'bench report');
  const other = otherFormat(raw);
  if (other !== undefined) throw new InputError(`${file}: ${other}`);
  // reportInput: a field left out is told as missing, not as "expected object, received undefined"
  const parsed = benchReportSchema.safeParse(raw, { reportInput: true, error: reportErrors });
  if (!parsed.success) {
    const { issues } = parsed.error;
    const shown = issues.slice(0, SHOWN_ISSUES).map(formatIssue).join('; ') + (issues.length > SHOWN_ISSUES ? `; and ${plainCounted(issues.length - SHOWN_ISSUES, 'more problem')}` : '');
    throw new InputError(`${file}: not a bench report: ${shown} (${BROKEN_REPORT})`);
  }
  return parsed.data;
}

/**
 * What a JSON that is no bench report of this format is, and what to do, or undefined for this format: a nightly
 * job's baseline that is a run's result or a comparison read `format: Invalid input: expected "hfsim-bench/1"`.
 */
function otherFormat(raw: unknown): string | undefined {
  const record = typeof raw === 'object' && raw !== null ? raw as Record<string, unknown> : {};
  const format = record.format;
  if (format === BENCH_FORMAT) return undefined;
  if (typeof format === 'string' && format.startsWith('hfsim-bench/')) return `a bench report of format "${format}", which this hfsim does not read (it reads "${BENCH_FORMAT}"): measure it again with this hfsim`;
  if (format === 'hfsim-bench-compare/1') return `not a bench report but bench compare --json's output (format "${format}"): compare the bench reports themselves (hfsim bench --json writes one)`;
  const result = (r: unknown): boolean => typeof r === 'object' && r !== null && ['summary', 'bins', 'jobs'].every((k) => k in r);
  if (Array.isArray(raw) ? raw.length > 0 && raw.every(result) : result(raw)) return 'not a bench report but a run\'s result (hfsim run --json): hfsim bench --json writes a bench report';
  return `not a bench report (${format === undefined ? `no "format": "${BENCH_FORMAT}"` : `format ${JSON.stringify(format)}, not "${BENCH_FORMAT}"`}): hfsim bench --json writes one`;
}

/** The human table of a report: one row per case. */
export function reportTable(r: BenchReport): string {
  const ms = (s: { median: number; spread: number }) => `${Math.round(s.median).toLocaleString('en-US')} ±${Math.round(s.spread).toLocaleString('en-US')}`;
  // grouped as the table's other numbers are: a 22,128 us tail read '22128.31' beside '1,530' ms
  const us = (s: { median: number }) => s.median.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // The timer's columns as hfsim run's table has its tick column: left out where no case's policy has a timer.
  const ticked = r.cases.some((c) => c.decisionUs.tick !== undefined);
  const rows = r.cases.map((c) => [
    c.name, c.policy, c.nodes.toLocaleString('en-US'), c.maps.toLocaleString('en-US'), ms(c.wallMs), ms(c.peakRssMB),
    Math.round(c.eventsPerSecond.median).toLocaleString('en-US'), Math.round(c.heartbeatsPerSecond.median).toLocaleString('en-US'),
    us(c.decisionUs.heartbeat.p50), us(c.decisionUs.heartbeat.p90), us(c.decisionUs.heartbeat.p99), us(c.decisionUs.heartbeat.p999), us(c.decisionUs.heartbeat.max),
    us(c.decisionUs.launch.p50), us(c.decisionUs.launch.p99),
    ...(!ticked ? [] : c.decisionUs.tick === undefined ? ['-', '-'] : [us(c.decisionUs.tick.p50), us(c.decisionUs.tick.p99)]),
    c.digest.slice(0, 12),
  ]);
  // --only sweep: no case, and the case table was a header with no row.
  const latencies = r.cases.length === 0 ? '' : `; decision latency in us (hb: per heartbeat, launch: per task launched${ticked ? ', tick: per timer tick of the policy' : ''})`;
  const head = `hfsim bench ${r.suite === 'none' ? 'of --scenario files' : `--suite ${r.suite}`}${r.only === undefined ? '' : ` --only ${JSON.stringify(r.only)}`}: ${r.machine.cpu}, ${r.machine.cores} cores, node ${r.node}, commit ${shortCommit(r.commit)}; ${counted(r.repeat, 'run')} each, median ±spread (max - min)${latencies}`;
  const main = r.cases.length === 0 ? '' : '\n' + table(['case', 'policy', 'nodes', 'maps', 'wall ms', 'peak MB', 'events/s', 'hb/s', 'hb p50', 'p90', 'p99', 'p99.9', 'max', 'launch p50', 'p99', ...(ticked ? ['tick p50', 'p99'] : []), 'digest'], rows);
  const scale = r.scale.length === 0 ? '' : `\n\nScale curve (constant load per node; each size warmed up, best of ${counted(r.repeat, 'run')}; cost per node relative to the smallest, 1.00 = linear${r.scaleExponent === undefined ? '' : `; wall grows as nodes^${r.scaleExponent.toFixed(2)}`})\n${table(['nodes', 'best wall ms', 'us per heartbeat', 'marginal us per heartbeat', 'cost per node'],
    r.scale.map((s) => [s.nodes.toLocaleString('en-US'), Math.round(s.wallMs).toLocaleString('en-US'), s.usPerNodeHeartbeat.toFixed(3),
      s.marginalUsPerHeartbeat?.toFixed(3) ?? '', s.relativeCostPerNode.toFixed(2)]), 0)}`;
  const sw = r.sweepScaling;
  const sweep = sw === undefined ? '' : `\n\nSweep scaling (${counted(sw.points, 'point')} of fb-macro-io with ${sw.jobs.toLocaleString('en-US')} jobs, worker ${sw.pool}; median ±spread of ${counted(r.repeat, 'run')}; speed-up ${sw.speedup.toFixed(2)}x)\n${table(['workers', 'wall ms', 'points ms (summed)'],
    sw.workers.map((w) => [String(w.workers), ms(w.wallMs), ms(w.pointMs)]), 0)}`;
  return `${head}${main}${scale}${sweep}${fluidCost(r)}`;
}

/**
 * Each fluid-model case beside its flat one (the same case named without its " / fluid" or ", fluid" suffix): the
 * network model's cost in-process, which issue 16 asks to be at most 2x; '' when the report has no such pair.
 */
function fluidCost(r: BenchReport): string {
  const byName = new Map(r.cases.map((c) => [c.name, c]));
  const rows: string[][] = [];
  for (const c of r.cases) {
    const suffix = [' / fluid', ', fluid'].find((x) => c.name.endsWith(x));
    const flat = suffix === undefined ? undefined : byName.get(c.name.slice(0, -suffix.length));
    if (flat === undefined) continue;
    const ms = (x: number) => Math.round(x).toLocaleString('en-US');
    rows.push([flat.name, ms(flat.wallMs.median), ms(c.wallMs.median), `${(c.wallMs.median / flat.wallMs.median).toFixed(2)}x`]);
  }
  if (rows.length === 0) return '';
  return `\n\nFluid network model against flat (wall ms, medians; issue 16 asks at most 2x in-process)\n${table(['case', 'flat', 'fluid', 'fluid / flat'], rows)}`;
}

export interface BenchFlags {
  /** Absent: smoke, or none with --scenario. */
  suite?: 'smoke' | 'full';
  json?: string;
  repeat?: number;
  only?: string;
  /** --plugin, each time given: imported here and in each --scenario case's process. */
  plugin: string[];
  /** --scenario, each time given: a user's scenario files, a case a variant. */
  scenario: string[];
}

export async function bench(flags: BenchFlags): Promise<void> {
  // The suites' cases run built-in policies only: a plugin would be loaded for no case.
  if (flags.plugin.length > 0 && flags.scenario.length === 0) throw new InputError('--plugin needs --scenario: the suites\' cases run built-in policies only; name the scenario file(s) that use your plugin with --scenario <file.json>');
  // A user's plugins and scenarios, read by the code (and with the messages) of hfsim run, before any case runs.
  const { endOnPluginCrash, loadPluginFlags } = await import('./plugins.js'); // the engine's registries: a suite's, not a comparison's
  await loadPluginFlags(flags.plugin);
  endOnPluginCrash();
  const suiteName = flags.suite ?? (flags.scenario.length > 0 ? 'none' : 'smoke');
  const { suite } = await import('../../bench/suites.js');
  const builtIn = suiteName === 'none' ? [] : suite(suiteName);
  const { scenarioCases } = await import('../../bench/scenario-cases.js');
  const own = scenarioCases(flags.scenario, flags.plugin, { name: suiteName, cases: builtIn });
  // The suite's scenarios are read by its child processes: named here, so that --json cannot replace one (a user's
  // scenario and plugin files this process has read, and checkOutputFile knows them).
  if (flags.json !== undefined) checkOutputFile(flags.json, '--json', builtIn.flatMap((c) => (c.file === undefined ? [] : [join(packageRoot(), c.file)])));
  const { runSuite } = await import('../../bench/runner.js');
  const report = await runSuite({
    suite: suiteName,
    cases: own,
    repeat: flags.repeat ?? 3,
    only: flags.only,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  // --json /dev/stdout: the table after the report made it no JSON (asked before the write, which replaces a file stdout
  // is redirected to: the table went to the file replaced)
  const tableOut = landsOnStdout(flags.json) ? process.stderr : process.stdout;
  // The table first: a report that cannot be written (a full disk after the full suite's 23 minutes) lost every measurement.
  tableOut.write(reportTable(report) + '\n');
  if (flags.json !== undefined) writeOutput(flags.json, JSON.stringify(report, null, 2) + '\n');
}

export interface CompareFlags { threshold: number; json?: boolean; markdown?: string }

/** How two reports' machines or Node versions differ (memory aside: it moves no time), or undefined when they do not. */
function machineDifference(a: BenchReport, b: BenchReport): string | undefined {
  const seen = (r: BenchReport): Array<[string, string]> => [
    ['cpu', r.machine.cpu], ['cores', String(r.machine.cores)], ['platform', `${r.machine.platform}/${r.machine.arch}`], ['Node', r.node],
  ];
  const [x, y] = [seen(a), seen(b)];
  const differ = x.flatMap(([what, v], i) => (v === y[i][1] ? [] : [`${what} ${v} -> ${y[i][1]}`]));
  return differ.length === 0 ? undefined : differ.join(', ');
}

/**
 * The cases both reports ran whose --plugin code differs (a sha256 of a file's bytes that only one of them has), and
 * which files: `x.js not the same bytes` where both name x.js, else the side that names it; undefined when none.
 */
function pluginCodeDifference(a: BenchReport, b: BenchReport): { cases: string[]; files: string[] } | undefined {
  type Plugins = NonNullable<BenchCase['plugins']>;
  const before = new Map(a.cases.map((c) => [c.name, c.plugins ?? []]));
  const code = (ps: Plugins): string => [...new Set(ps.map((p) => p.sha256))].sort().join(); // the same bytes twice: one code
  const cases: string[] = [];
  const files = new Set<string>();
  for (const c of b.cases) {
    const [was, now] = [before.get(c.name), c.plugins ?? []];
    if (was === undefined || code(was) === code(now)) continue;
    cases.push(c.name);
    const changed = (ps: Plugins, other: Plugins): Plugins => ps.filter((p) => !other.some((o) => o.sha256 === p.sha256));
    const [gone, added] = [changed(was, now), changed(now, was)];
    for (const p of added) files.add(gone.some((g) => g.file === p.file) ? `${p.file} not the same bytes` : `${p.file} only in new`);
    for (const p of gone) if (!added.some((x) => x.file === p.file)) files.add(`${p.file} only in base`);
  }
  return cases.length === 0 ? undefined : { cases, files: [...files] };
}

/** What bench compare warns of in two reports beside its verdict: reports given the other way round or twice, digests left unchecked, runs unlike. */
function compareWarnings(baseFile: string, base: BenchReport, newFile: string, next: BenchReport, c: Comparison): string[] {
  // A canonical case's digest is checked whenever the new report has the case (compareReports), alike or not.
  const ran = new Set(next.cases.map((n) => n.name));
  const unchecked = base.cases.filter((b) => b.canonical && !ran.has(b.name)).map((b) => b.name);
  // The sweep-scaling case's points digest a canonical scenario too (bench-compare.ts compareScaling).
  if (base.sweepScaling !== undefined && !c.changes.some((m) => m.case.startsWith('sweep-scaling'))) unchecked.push('sweep-scaling');
  const warnings: string[] = [];
  // A nightly job that forgot to rotate its baseline compared last night's report with itself, and passed every night.
  // `compare new.json baseline.json` read a night's slowdown as faster, and passed.
  if (Date.parse(base.createdAt) > Date.parse(next.createdAt)) warnings.push(`${baseFile} (made ${base.createdAt}) is newer than ${newFile} (made ${next.createdAt}): were they given the other way round? bench compare takes the report kept from before first, then the night's (as given, a slowdown reads as faster)`);
  if (JSON.stringify(base) === JSON.stringify(next)) warnings.push(`${baseFile} and ${newFile} are the same report (made ${base.createdAt} at ${shortCommit(base.commit)}): nothing new was measured; compare the night's new report with the one kept from before`);
  if (unchecked.length > 0) warnings.push(`the digest of ${plainCounted(unchecked.length, 'canonical case')} of ${baseFile} was not checked, as ${newFile} did not run them alike: ${unchecked.join(', ')}${next.only === undefined ? '' : `; ${newFile} was made with --only ${JSON.stringify(next.only)}: bench without --only to check every canonical digest`}`);
  // A baseline made with --only (or before the suite had a case) checked the new report's other canonical digests
  // against nothing, night after night, with no word but "not compared". (A base of another suite is warned of below.)
  const before = new Set(base.cases.map((b) => b.name));
  const unbased = base.suite !== next.suite ? [] : [...next.cases.filter((n) => n.canonical && !before.has(n.name)).map((n) => n.name),
    ...(next.sweepScaling !== undefined && base.sweepScaling === undefined ? ['sweep-scaling'] : [])];
  if (unbased.length > 0) warnings.push(`the digest of ${plainCounted(unbased.length, 'canonical case')} of ${newFile} was not checked, as ${baseFile} did not run them: ${unbased.join(', ')}; make the baseline from the whole suite (${base.only === undefined ? 'no --only' : `it was made with ${onlyOf(base)}: leave --only out`})`);
  // Not an outcome regression (only a canonical scenario's digest is), but the runs timed did other work.
  if (c.otherDigests.length > 0) warnings.push(`the digest of ${counted(c.otherDigests.length, 'case')} that ${c.otherDigests.length === 1 ? 'is' : 'are'} not canonical changed (${c.otherDigests.join(', ')}): the simulation decided otherwise, so their times compare other work; not judged (only a canonical scenario's digest is an outcome regression)`);
  const apart = machineDifference(base, next);
  if (apart !== undefined) warnings.push(`${baseFile} and ${newFile} were measured apart (${apart}): their times differ by the machine as well as by the code`);
  // A user's policy benched before and after a change to it: its cases are compared, and the change named.
  const plugins = pluginCodeDifference(base, next);
  if (plugins !== undefined) warnings.push(`${baseFile} and ${newFile} ran other --plugin code in ${counted(plugins.cases.length, 'case')} (${plugins.cases.join(', ')}: ${plugins.files.join(', ')}): their times and digests differ by the plugin's code as well as by hfsim's`);
  // A smoke baseline against a full report shares 3 cases alike: it passed with the rest listed as not compared.
  if (base.suite !== next.suite) warnings.push(`${baseFile} and ${newFile} are reports of different suites (${base.suite} -> ${next.suite}): only the cases both ran alike are compared; compare a night's report with one of the same suite`);
  // A median and a spread (max - min) of 10 runs against those of 1: the spread (shown, not judged) grows with the runs.
  if (base.repeat !== next.repeat) warnings.push(`${baseFile} and ${newFile} were measured with --repeat ${base.repeat} and ${next.repeat}: their medians and noise (max - min) are of different numbers of runs; give both the same --repeat`);
  return warnings;
}

export async function compare(baseFile: string, newFile: string, flags: CompareFlags): Promise<void> {
  if (flags.markdown !== undefined) {
    checkOutputFile(flags.markdown, '--markdown');
    checkNotAnInput('--markdown', flags.markdown, [baseFile, newFile]);
  }
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  // The Markdown on stdout (--markdown /dev/stdout, or a summary file that is stdout): the table and the verdict go to
  // stderr, so that stdout is the Markdown alone (they were mixed); --json beside it is refused.
  const markdowns = [{ flag: '--markdown', file: flags.markdown, format: 'Markdown' }, { flag: '$GITHUB_STEP_SUMMARY', file: summaryFile === '' ? undefined : summaryFile, format: 'Markdown' }];
  checkOneOnStdout([{ flag: '--json', printed: flags.json === true, format: 'JSON' }, ...markdowns]);
  const markdownOut = markdowns.find((m) => landsOnStdout(m.file));
  const out = markdownOut !== undefined ? process.stderr : process.stdout;
  // Checked before the verdict is printed (a folder or a missing path there failed after "no regression").
  if (summaryFile !== undefined && summaryFile !== '') {
    checkOutputFile(summaryFile, '$GITHUB_STEP_SUMMARY');
    // Appended to, it would no longer read as a report; and --markdown there replaced earlier steps' summaries, then
    // the summary was appended a second time.
    checkNotAnInput('$GITHUB_STEP_SUMMARY', summaryFile, [baseFile, newFile], true);
    checkDistinctOutputs([['$GITHUB_STEP_SUMMARY', summaryFile], ['--markdown', flags.markdown]]);
  }
  const base = await readReport(baseFile);
  const next = await readReport(newFile);
  const c = compareReports(base, next, flags.threshold);
  // Nothing in common (an empty report, or another suite's --only subset) is no verdict: "no regression" would pass a
  // nightly job that compared nothing. Rows shown and not judged (the scale curve's exponent) are no comparison either.
  if (c.changes.every((m) => m.verdict === 'not judged') && c.changedDigests.length === 0) {
    const fix = base.suite !== next.suite ? `they are reports of different suites (${base.suite} -> ${next.suite}): compare a night's report with one of the same suite`
      : base.only !== next.only && (base.only !== undefined || next.only !== undefined) ? `${baseFile} was made with ${onlyOf(base)} and ${newFile} with ${onlyOf(next)}: bench both with the same --only`
      : `bench both with the same ${base.suite === 'none' ? '--scenario files' : '--suite'} and --only`;
    throw new InputError(`bench compare: ${baseFile} and ${newFile} have no case in common to compare (${c.unmatched.join('; ') || 'both have none'}): ${fix}`);
  }
  // Told on stderr, and kept in --json and the Markdown summary, which a nightly job's dashboard reads (stderr alone was lost there).
  const warnings = compareWarnings(baseFile, base, newFile, next, c);
  for (const w of warnings) warnOnce(w);
  const code: number = c.digestChanges.length > 0 || c.speedRegressions.length > 0 ? EXIT.regression : EXIT.ok;
  const outcome = { base: { file: baseFile, report: base }, next: { file: newFile, report: next }, thresholdPct: flags.threshold, comparison: c, exitCode: code, warnings };
  if (code === EXIT.regression) verdictStands(code, 'exit 3 all the same, for the regression above');
  if (flags.json) {
    process.stdout.write(compareJson(outcome));
  } else {
    out.write(`bench compare: ${baseFile} (${shortCommit(base.commit)}) -> ${newFile} (${shortCommit(next.commit)}), threshold ${flags.threshold}% and beyond the noise floor, in every run\n${c.changes.length === 0 ? '' : `${c.table}\n`}`);
    if (c.unmatched.length > 0) out.write(`not compared: ${c.unmatched.join('; ')}\n`);
    // A "(runs overlap)" mark left the reader to guess whether a change had been found, and what to do about it.
    const overlapping = c.changes.filter((x) => x.verdict === 'runs overlap');
    if (overlapping.length > 0) {
      out.write(`runs overlap: ${plainCounted(overlapping.length, 'measure')} (${overlapping.map((x) => `${x.case} ${x.measure}`).join(', ')}) moved past ${flags.threshold}% in the best runs but not in every run, so ${overlapping.length === 1 ? 'it is' : 'they are'} not judged; to judge ${overlapping.length === 1 ? 'it' : 'them'}, bench both commits again on one quiet machine with a larger --repeat\n`);
    }
  }
  if (c.digestChanges.length > 0) {
    process.stderr.write(`OUTCOME REGRESSION: the result digest of ${plainCounted(c.digestChanges.length, 'canonical scenario')} changed (always fatal):\n${c.digestChanges.map((d) => `  ${d}`).join('\n')}\n`);
  }
  if (c.speedRegressions.length > 0) {
    // The floor is fixed (bench-compare.ts): "the measured noise" read as if noise had been ruled out. The runs' ranges
    // are apart (every new run worse than every base run), which the line says.
    process.stderr.write(`SPEED REGRESSION beyond ${flags.threshold}% and the noise floor (a fixed allowance), in every run (no new run as good as a base run):\n${c.speedRegressions.map((d) => `  ${d}`).join('\n')}\n`
      + 'other work on the machine slows every run alike: run both commits\' bench again on one machine, with more --repeat, before bisecting; on a shared machine give a larger --threshold\n');
  }
  if (code === EXIT.ok && !flags.json) out.write('no regression\n');
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (flags.markdown !== undefined || (summary !== undefined && summary !== '')) {
    const markdown = compareMarkdown(outcome);
    try {
      if (flags.markdown !== undefined) writeOutput(flags.markdown, markdown);
      if (summary !== undefined && summary !== '') appendSummary(summary, markdown);
    } catch (err) {
      // A regression found is the verdict (--json said exitCode 3): a summary the disk refused made it exit 1, read by
      // a CI script as a broken job rather than a regression.
      if (code !== EXIT.regression) throw err;
      process.stderr.write(`hfsim: bench compare: ${(err as Error).message}; exit 3 all the same, for the regression above\n`);
    }
  }
  benchExit.code = code;
}

/** GitHub Actions' step summary: appended to, as its documentation says (other steps may have written to it). */
function appendSummary(file: string, markdown: string): void {
  // A descriptor (/dev/stdout) is written into, as --markdown's: opened by name, one that is a socket (a spawning
  // process's stdio) refused with ENXIO.
  if (descriptorOf(file) !== undefined) return writeOutput(file, markdown);
  let fd: number;
  try {
    fd = openSync(file, 'a');
  } catch (err) {
    throw new InputError(`$GITHUB_STEP_SUMMARY ${file}: cannot append the summary (${osReason(err)})`);
  }
  try {
    appendWhole(fd, file, markdown);
  } finally {
    closeSync(fd);
  }
}

/**
 * Appends `markdown` to the open summary whole or not at all: a full disk or a size limit had left the summary's
 * first bytes after the earlier steps'. What a failed write put there is cut back (a regular file; a pipe or a device
 * cannot be taken back).
 */
function appendWhole(fd: number, file: string, markdown: string): void {
  const before = fstatSync(fd);
  try {
    writeFileSync(fd, markdown); // until done, or it throws
  } catch (err) {
    throw new Error(notAppended(fd, file, before, err));
  }
}

/** What a failed append says, once the summary is cut back to its size `before` the write where it can be. */
function notAppended(fd: number, file: string, before: Stats, err: unknown): string {
  const why = `$GITHUB_STEP_SUMMARY ${file}: the summary was not appended`;
  if (!before.isFile()) return `${why} whole (${osReason(err)})`;
  try {
    ftruncateSync(fd, before.size);
  } catch (undo) {
    // the write's error told, and that the part written stays (it was replaced by the truncation's)
    return `${why} whole (${osReason(err)}), and what was appended stays after the earlier steps' (not cut back: ${osReason(undo)})`;
  }
  return `${why} (${osReason(err)}); the file is as it was`;
}
