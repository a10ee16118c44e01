/**
 * `hfsim bench compare` for machines: the verdict and every measure's change as JSON (`--json`, for a nightly job to
 * store and chart), and as Markdown (`--markdown FILE`, and appended to $GITHUB_STEP_SUMMARY when set, which GitHub
 * Actions shows on the run's page).
 */
import type { BenchReport } from './bench-schema.js';
import { type Comparison, type MeasureChange, fmt, shortCommit, sign } from './bench-compare.js';
import { plainCounted } from './format.js';

export const COMPARE_FORMAT = 'hfsim-bench-compare/1';

export interface CompareSide {
  file: string;
  report: BenchReport;
}

export interface CompareOutcome {
  base: CompareSide;
  next: CompareSide;
  thresholdPct: number;
  comparison: Comparison;
  /** The command's exit code: 0, or 3 on a regression. */
  exitCode: number;
  /** What the command warned of on stderr (machines, suites, --repeat or plugin code that differ; digests not checked). */
  warnings: readonly string[];
}

const side = ({ file, report: r }: CompareSide) => ({ file, commit: r.commit, createdAt: r.createdAt, suite: r.suite, node: r.node, machine: r.machine, repeat: r.repeat });

/** The comparison as one JSON document: verdict, exit code, both reports' provenance, regressions and every change. */
export function compareJson(o: CompareOutcome): string {
  const c = o.comparison;
  return JSON.stringify({
    format: COMPARE_FORMAT,
    verdict: o.exitCode === 0 ? 'pass' : 'regression',
    exitCode: o.exitCode,
    thresholdPct: o.thresholdPct,
    base: side(o.base),
    new: side(o.next),
    outcomeRegressions: c.changedDigests,
    speedRegressions: c.changes.filter((x) => x.verdict === 'regression'),
    notCompared: c.unmatched,
    warnings: o.warnings,
    changes: c.changes,
  }, null, 2) + '\n';
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');
const commit = (r: BenchReport): string => `\`${shortCommit(r.commit)}\``;

/** The comparison as GitHub-flavoured Markdown: a verdict line, the regressions, then every judged change in a table. */
export function compareMarkdown(o: CompareOutcome): string {
  const c = o.comparison;
  const b = o.base.report;
  const n = o.next.report;
  const regressions = c.changes.filter((x) => x.verdict === 'regression');
  const out: string[] = ['## hfsim bench compare', ''];
  out.push(o.exitCode === 0 ? '**No regression.**' : `**Regression** (exit ${o.exitCode}): ${[
    c.changedDigests.length > 0 ? `${plainCounted(c.changedDigests.length, 'canonical digest')} changed` : '',
    regressions.length > 0 ? `${plainCounted(regressions.length, 'measure')} slower beyond ${o.thresholdPct}% and the noise floor, in every run` : '',
  ].filter((x) => x !== '').join('; ')}.`);
  out.push('', `Base ${commit(b)} (${cell(o.base.file)}, ${b.suite === 'none' ? '--scenario files' : `${b.suite} suite`}, ${plainCounted(b.repeat, 'run')}) against ${commit(n)} (${cell(o.next.file)}, ${plainCounted(n.repeat, 'run')}) on ${cell(n.machine.cpu)}, ${plainCounted(n.machine.cores, 'core')}, node ${n.node}; best runs, threshold ${o.thresholdPct}%.`);
  if (c.changedDigests.length > 0) {
    out.push('', '### Outcome regressions (always fatal)', '', '| case | base digest | new digest |', '|---|---|---|');
    for (const d of c.changedDigests) out.push(`| ${cell(d.case)} | \`${d.base.slice(0, 12)}\` | \`${d.new.slice(0, 12)}\` |`);
  }
  if (regressions.length > 0) out.push('', '### Speed regressions', '', ...changeTable(regressions));
  // None compared (a canonical case run otherwise, alone: its digest only): no table of no row.
  if (c.changes.length > 0) out.push('', '### Every measure', '', ...changeTable(c.changes));
  if (c.unmatched.length > 0) out.push('', `Not compared: ${c.unmatched.map(cell).join('; ')}.`);
  if (o.warnings.length > 0) out.push('', '### Warnings', '', ...o.warnings.map((w) => `- ${w.replace(/[\\`*_[\]<>|]/g, '\\$&')}`));
  return out.join('\n') + '\n';
}

function changeTable(changes: MeasureChange[]): string[] {
  const mark = { regression: '**REGRESSION**', faster: 'faster', 'runs overlap': '(runs overlap)', 'not judged': '(not judged)', unchanged: '' } as const;
  return ['| case | measure | base (best) | new (best) | change | spread | floor | |', '|---|---|--:|--:|--:|--:|--:|---|',
    ...changes.map((x) => `| ${cell(x.case)} | ${x.measure} | ${fmt(x.base)} | ${fmt(x.new)} | ${sign(x.changePct)} | ±${fmt(x.spread)} | ${fmt(x.floor)} | ${mark[x.verdict]} |`)];
}
