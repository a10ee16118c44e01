/** The HTML report of a run's result JSON or of a sweep's output directory, and the `hfsim report` command. */
import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Result } from '../actors/simulate.js';
import { InputError } from '../cli/errors.js';
import { readJsonFile } from '../cli/json-file.js';
import { counted } from '../cli/format.js';
import { writeOutput } from '../cli/output.js';
import { checkOutputFile, summaryStream } from '../cli/output-paths.js';
import { aggregate } from '../cli/sweep-aggregate.js';
import type { ChartSpec } from '../cli/sweep-charts.js';
import { VARIANT_AXIS, isNumericAxis } from '../cli/sweep-axes.js';
import { MANIFEST, RESULTS, SWEEP_FILES, isSweepDir, onePerPoint, readCheckedManifest, readResults, sweepFileKind } from '../cli/sweep-output.js';
import { type Chart, type RunRecord, type SeriesOf, axisValue, cdfChart, isEmpty, localityByBinChart, metricChart, nonFinite, responseByBinChart } from './charts.js';
import { firstSeen, valueKey } from './series-order.js';
import { reportHtml } from './html.js';
import { type NetworkResult, linkUse } from '../core/network/link-usage.js';
import { linkUtilizationChart } from './network-charts.js';
import { killsChart, poolResponseChart } from './pool-charts.js';
import { storageChart } from './replication-chart.js';
import { resultProblem } from './result-schema.js';

/**
 * The charts to draw: an empty one (a metric no finished point has, such as a size bin no run had jobs in) is left out
 * and named in `intro`, with `whyEmpty`'s reason where it knows one; one that would place a value that is not a finite
 * number is refused, naming `source`.
 */
function drawable(charts: readonly Chart[], intro: string[], source: string, whyEmpty: (c: Chart) => string | undefined = () => undefined): Chart[] {
  const drawn: Chart[] = [];
  for (const c of charts) {
    const problem = nonFinite(c);
    if (problem !== undefined) throw new InputError(`${source}: chart "${c.title}" cannot be drawn: ${problem}`);
    if (isEmpty(c)) intro.push(`Not drawn: "${c.title}": ${whyEmpty(c) ?? 'no finished run has data for it'}.`);
    else drawn.push(c);
  }
  return drawn;
}

/**
 * A run's report: response time and node locality by bin, and the response-time CDF, each by variant; with pools,
 * mean response time by pool; with kills, tasks killed and slot time lost; with a replication policy, storage above
 * the static placement over time; on the fluid network model, each variant's rack link utilisation over time.
 */
export async function runReportHtml(title: string, results: readonly Result[], source = title): Promise<string> {
  const records: RunRecord[] = results.map((r) => ({ ...r, values: {} }));
  const rank = firstSeen();
  const series: SeriesOf = (r) => ({ series: r.variant, key: [rank(r.variant)] });
  const charts = [responseByBinChart(records, series, 'response-by-bin'), cdfChart(records, series, 'response-cdf'), localityByBinChart(records, series, 'locality-by-bin')];
  // Each only where the result has its data (pools, kills, a replication policy), as hfsim run prints its tables.
  const variants = [...new Set(results.map((r) => r.variant))];
  for (const c of [poolResponseChart(results, variants, 'response-by-pool'), killsChart(results, variants, 'killed', 'tasks-killed'),
    killsChart(results, variants, 'lost', 'slot-time-lost'), storageChart(results, variants, 'storage')]) if (c !== undefined) charts.push(c);
  results.forEach((r, i) => {
    if (r.network !== undefined) charts.push(linkUtilizationChart(r.network, r.variant, `links-${i + 1}`));
  });
  const intro = results.map((r) => `${r.variant}: ${counted(r.summary.jobs, 'job')}, mean response ${(r.summary.meanResponseMs / 1000).toFixed(1)} s, ` +
    `node locality ${(100 * r.summary.locality.node).toFixed(1)}%, ` +
    (r.network === undefined ? '' : networkIntro(r.network)) + `seed ${r.seed}, digest ${r.digest.slice(0, 16)}`);
  return reportHtml(title, intro, drawable(charts, intro, source));
}

/**
 * A fluid run's network in its intro line: GB across racks, of them the shuffles' send halves (a result written before
 * they were simulated has none to tell), and the uplinks' and downlinks' mean and busiest-bucket utilisation.
 */
function networkIntro(n: NetworkResult): string {
  const gb = (mb: number): string => (mb / 1024).toFixed(1);
  const shuffles = typeof n.shuffleSentMB === 'number' ? ` (${gb(n.shuffleSentMB)} GB of shuffles sent)` : '';
  const up = linkUse(n.utilization, 'up');
  const down = linkUse(n.utilization, 'down');
  const core = n.utilization.core === undefined ? undefined : linkUse(n.utilization, 'core');
  const coreText = core === undefined ? '' : `the core ${(100 * core.mean).toFixed(1)}% and ${(100 * core.max).toFixed(1)}%, `;
  return `${gb(n.crossRackMB)} GB across racks${shuffles}, uplinks ${(100 * up.mean).toFixed(1)}% busy on average and ${(100 * up.max).toFixed(1)}% in the busiest bucket, downlinks ${(100 * down.mean).toFixed(1)}% and ${(100 * down.max).toFixed(1)}%, ${coreText}`;
}

/**
 * What a sweep chart's lines are by when its spec names nothing: the variants, else the first other axis of several
 * values; never the chart's own x (lines by x itself were a dot each).
 */
export function defaultLinesBy(axes: ReadonlyArray<{ name: string; values: readonly unknown[] }>, x: string): string | undefined {
  const many = (name: string): boolean => (axes.find((a) => a.name === name)?.values.length ?? 0) > 1;
  return [VARIANT_AXIS, ...axes.map((a) => a.name)].find((a) => a !== x && many(a));
}

/** A sweep's report: its charts (or, by default, node locality and mean response against the first numeric axis), the CDF and locality by bin. */
export async function sweepReportHtml(dir: string): Promise<string> {
  // sweep.json must still describe its points, and each results line be a result of one (an edited axis drew NaN).
  const manifest = readCheckedManifest(dir);
  // Each point of the sweep once, as --resume and merge count them (a line repeated was averaged in twice).
  const results = readResults(dir, false, manifest);
  const records = onePerPoint(results.records, new Set(manifest.points.map((p) => p.id)), join(dir, RESULTS));
  if (records.length === 0) throw new InputError(`${dir}: the sweep has no finished points yet`);
  const rows = aggregate(records);
  const numeric = manifest.axes.find((a) => a.name !== VARIANT_AXIS && isNumericAxis(a));
  const specs: ChartSpec[] = manifest.charts ?? [{ metric: 'locality.node' }, { metric: 'meanResponseMs' }];
  const charts: Chart[] = [];
  // A decision latency chart of points run with --no-time-decisions is empty for that reason, not for want of runs.
  const untimed = new Set<Chart>();
  const timedPoints = records.filter((r) => r.run.decisionUs !== undefined).length;
  const timed = timedPoints > 0;
  specs.forEach((spec, i) => {
    const x = spec.x ?? numeric?.name;
    if (x === undefined) return; // no numeric axis: the per-bin charts below still show every variant
    charts.push(metricChart(rows, manifest.axes, { ...spec, x, by: spec.by ?? defaultLinesBy(manifest.axes, x) }, `metric-${i + 1}`));
    if (!timed && spec.metric.startsWith('decisionUs.')) untimed.add(charts[charts.length - 1]);
  });
  // The CDF's lines and the bars by bin: one per variant and value of every other axis of several values (pooled over
  // the network models of macro-io.sweep.json, the bars hid the comparison the sweep was for), as the metric charts split.
  const variants = new Set(records.map((r) => r.variant));
  const variantAxis = manifest.axes.find((a) => a.name === VARIANT_AXIS)?.values ?? [...variants];
  const splitBy = [...(variants.size > 1 ? [VARIANT_AXIS] : []), ...manifest.axes.filter((a) => a.name !== VARIANT_AXIS && a.values.length > 1).map((a) => a.name)];
  const listed = (name: string): readonly unknown[] => manifest.axes.find((a) => a.name === name)?.values ?? [];
  const series: SeriesOf = (r) => (splitBy.length === 0
    ? { series: r.variant, key: [valueKey(r.variant, variantAxis)] }
    : {
      series: splitBy.map((a) => (a === VARIANT_AXIS ? r.variant : axisValue(a, r.values[a]))).join(', '),
      key: splitBy.map((a) => (a === VARIANT_AXIS ? valueKey(r.variant, variantAxis) : valueKey(r.values[a], listed(a)))),
    });
  // the legend names what the lines are: the variants, or the axes whose values they are
  const legend = splitBy.length === 0 ? 'variant' : splitBy.join(', ');
  charts.push(cdfChart(records, series, 'response-cdf', legend), localityByBinChart(records, series, 'locality-by-bin', legend));
  const missing = manifest.points.length - records.length;
  const intro = [
    manifest.description ?? '',
    // a point not in results.jsonl may have failed (the sweep exits 1 and logs none of a failed point): "not run yet" alone
    // misread a variant that failed at every point
    `${records.length} of ${manifest.points.length} points${missing > 0 ? ` (${missing} not in results.jsonl: not run yet, or failed; hfsim sweep --resume runs them)` : ''}: ` +
      `${manifest.axes.map((a) => `${a.name} (${a.values.length})`).join(' x ')} x ${manifest.seeds.length} seed${manifest.seeds.length > 1 ? 's' : ''}. ` +
      // one seed has no interval (aggregate's ci95 is null): its charts have no band to speak of
      (manifest.seeds.length > 1 ? 'Lines are means over seeds; bands their 95% confidence intervals (Student t).' : 'One seed a point: lines are its values, with no confidence band.'),
    // A --resume or a merge of shards timed otherwise: the decision charts' means are over the timed seeds only.
    timed && timedPoints < records.length && specs.some((s) => s.metric.startsWith('decisionUs.'))
      ? `Decision latency counts only the ${timedPoints} of ${records.length} points that timed their decisions (the others ran with --no-time-decisions).`
      : '',
    // readResults leaves a last line cut short out: its point read only as "not run yet, or failed"
    results.cutShort ? `${join(dir, RESULTS)}: its last line is cut short (a sweep stopped as it wrote it) and left out; hfsim sweep --resume cuts it off and runs the points missing.` : '',
    ...unfinished(manifest.axes, records),
    // the default charts need an axis of numbers for their x: without one they were left out, unsaid
    manifest.charts === undefined && numeric === undefined
      ? `Not drawn: node locality and mean response time against an axis: the sweep has no axis of numbers (the charts below are by ${legend}).`
      : '',
  ].filter((s) => s !== '');
  const whyEmpty = (c: Chart): string | undefined => (untimed.has(c) ? 'no point timed its decisions (swept with --no-time-decisions)' : undefined);
  return reportHtml(`Sweep ${manifest.name}`, intro, drawable(charts, intro, join(dir, RESULTS), whyEmpty));
}

/**
 * Each value of an axis of several values that no finished point has ("Nothing drawn of variant "Boom": ..."): the
 * charts have no line, bar or x for it, and without this line nothing said so.
 */
function unfinished(axes: ReadonlyArray<{ name: string; values: readonly unknown[] }>, records: readonly RunRecord[]): string[] {
  return axes.filter((a) => a.values.length > 1).flatMap((a) => {
    const seen = new Set(records.map((r) => JSON.stringify(a.name === VARIANT_AXIS ? r.variant : r.values[a.name])));
    return a.values.filter((v) => !seen.has(JSON.stringify(v)))
      .map((v) => `Nothing drawn of ${a.name} ${JSON.stringify(v)}: none of its points is in results.jsonl.`);
  });
}

function resultsOf(file: string): Result[] {
  const raw = readJsonFile(file, 'result');
  const format = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as { format?: unknown }).format : undefined;
  if (typeof format === 'string' && format.startsWith('hfsim-bench')) {
    // bench compare --json's output (hfsim-bench-compare/1) was called a bench report
    const what = format.startsWith('hfsim-bench-compare') ? 'a comparison of bench reports (hfsim bench compare --json)' : 'a bench report (hfsim bench --json)';
    throw new InputError(`${file}: ${what}, not a run's result: hfsim report draws a result of hfsim run --out, or a sweep's folder (hfsim bench compare reads bench reports)`);
  }
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) throw new InputError(`${file}: an empty list, no result to report (hfsim run --out writes one)`);
  list.forEach((r, i) => {
    const at = Array.isArray(raw) ? `[${i}]` : '';
    const ok = typeof r === 'object' && r !== null && Array.isArray((r as Result).bins) && Array.isArray((r as Result).jobs) && typeof (r as Result).summary === 'object';
    if (!ok) throw new InputError(`${file}: ${at === '' ? '' : `${at}: `}not a result (hfsim run --out writes one): needs summary, bins and jobs`);
    const problem = resultProblem(r);
    if (problem !== undefined) throw new InputError(`${file}: ${at === '' ? '' : `${at}.`}${problem}`);
  });
  // One result a variant: the kills bars stacked two runs of one variant under each run's total, written over each
  // other, and the storage chart's step line zigzagged between the two runs' points.
  const first = new Map<string, number>();
  (list as Result[]).forEach((r, i) => {
    const seen = first.get(r.variant);
    if (seen !== undefined) {
      throw new InputError(`${file}: [${i}].variant: ${JSON.stringify(r.variant)} is [${seen}]'s too: a report draws one result a variant, as hfsim run --out writes them (for several seeds, report a sweep's folder)`);
    }
    first.set(r.variant, i);
  });
  return list as Result[];
}

/** `hfsim report`'s action (its options are in src/cli/commands.ts). */
export async function reportAction(input: string, flags: { html: string }): Promise<void> {
  let isDir = false;
  try {
    isDir = statSync(input).isDirectory();
  } catch {
    throw new InputError(`${input}: no such file or directory`);
  }
  if (isDir && !isSweepDir(input)) throw new InputError(`${input}: not a sweep output directory (no sweep.json)`);
  // A sweep's files (its results, one JSON per line; its aggregate; its manifest) are read through its folder.
  const sweepFile = isDir ? undefined : sweepFileKind(input);
  if (sweepFile !== undefined) {
    throw new InputError(`${input}: a sweep's ${sweepFile}; report the sweep's folder instead: hfsim report ${dirname(input)} --html ${flags.html}`);
  }
  // A sweep output's files are its inputs (report ... --html <dir>/sweep.json replaced the manifest: no resume after).
  checkOutputFile(flags.html, '--html', isDir ? SWEEP_FILES.map((f) => join(input, f)) : [input]);
  const results = isDir ? [] : resultsOf(input);
  const html = isDir ? await sweepReportHtml(input) : await runReportHtml(results[0].scenario, results, input);
  // --html /dev/stdout: the report is the whole of stdout (this line after </html> was in it), as run's table goes aside;
  // asked before the write, which replaces a file stdout is redirected to
  const said = summaryStream(flags.html);
  writeOutput(flags.html, html);
  const charts = (html.match(/<figure class="chart"/g) ?? []).length;
  said.write(`wrote ${flags.html} (${charts} charts, ${Math.round(html.length / 1024)} KiB)\n`);
}
