/**
 * EXPERIMENTS.md from the experiments' outcomes: how to regenerate it, every shape checked (holds or not), which
 * parameters were set from which numbers, what is missing, then per experiment its set-up, the paper's report, the
 * chart (an SVG file beside the document), the numbers, the checks and the differences. Nothing in it depends on the
 * machine or the clock, so the same seeds give the same bytes.
 */
import { EXPERIMENTS } from './catalog.js';
import type { Missing, Outcome } from './run.js';

/** "2 seeds", or "2-3 seeds" where experiments ran different counts: what a quick run's verdicts rest on; undefined for none. */
export function seedsRange(outcomes: readonly Outcome[]): string | undefined {
  const counts = [...new Set(outcomes.map((o) => o.sweep.seeds.length))].sort((a, b) => a - b);
  if (counts.length === 0) return undefined;
  return `${counts.length === 1 ? counts[0] : `${counts[0]}-${counts[counts.length - 1]}`} seeds`;
}

const mark = (holds: boolean): string => (holds ? 'holds' : '**does not hold**');

function table(rows: string[][]): string {
  const [head, ...body] = rows;
  const line = (r: string[]): string => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...body.map(line)].join('\n');
}

export const CALIBRATION = `## What was calibrated, and what was predicted

No model parameter was fitted to any figure in this document: every simulated number below is a prediction of the
model as it stands, set from the papers' statements and Hadoop's defaults:

- **Non-local slowdown**: a rack-local map takes 1.2x and an off-rack map 2x its node-local time (\`tasks.rackLocalSlowdown\`,
  \`tasks.offRackSlowdown\`), from the paper's "local tasks run up to 2x faster" (section 3.5); CPU-heavy jobs feel a
  tenth of it (SPEC.md section 1: "CPU-heavy jobs barely care"). The flat model is used throughout; the IO-heavy
  macrobenchmark also runs, and small jobs and sticky slots run again, on the fluid hardware model
  (\`cluster.network.model: "fluid"\`), set from hardware facts (README.md, The hardware model: 1 Gbps NICs, four 60 MB/s
  disks a node; the paper's EC2 without a topology script at full bisection and at 10:1; its private cluster rack-aware at
  full bisection), where a non-local map's time comes from shared disks and links, not from a fixed slowdown.
- **Task times**: IO-heavy maps 12 s, CPU-heavy maps 36 s, 10 s reduces (src/core/workload.ts); on the fluid model an
  IO-heavy map is what the hardware makes of a grep (1 s of start-up, then its 128 MB block read at one disk's 60 MB/s while
  its code scans at 100 MB/s: 3.1 s alone, longer when it reads over shared links); the mixed workload's
  aggregation and join times are assumptions stated in its set-up. Not fitted: the papers' measured task times for these
  benchmarks are not in papers/. (The SWIM replays elsewhere in hfsim calibrate durations to Facebook's 19 s map and 231 s
  reduce medians; no experiment here uses them.)
- **Heartbeats**: 3 s (Hadoop's interval up to 300 nodes, SPEC.md section 1); 6 s at 600 nodes.
- **Clusters and workloads**: the papers' own (100 nodes with 4+2 slots for EC2, 100 nodes in 4 racks with 6 map slots for
  the private cluster, 8 nodes in 2 racks for DSFS, the Facebook benchmark's 100 jobs and 14 s gaps, the size distribution
  of October 2009), reduced where each set-up says so.
`;

/** The command that writes a document of these experiments: `npm run experiments` for every one, full. */
function command(ids: readonly string[], quick: boolean): string {
  const every = EXPERIMENTS.every((e) => ids.includes(e.id));
  return `hfsim experiments${quick ? ' --quick' : ''}${every ? '' : ` --only ${ids.join(',')}`}`;
}

function experimentSection(o: Outcome, n: number, svgDir: string, quick: boolean): string {
  const { experiment: e, sweep, analysis: a } = o;
  const points = sweep.points.length;
  const seeds = sweep.seeds.length;
  return [
    `## ${n}. ${e.title}`,
    '',
    `**Set-up.** ${sweep.description ?? ''} (\`${e.sweep}\`: ${points} runs, ${seeds} seed${seeds > 1 ? 's' : ''}: ${sweep.seeds.join(', ')}; rerun it alone: \`${command([e.id], quick)} --out ${e.id}.md --svg-dir ${e.id}-charts\`.)`,
    '',
    ...(!quick || o.quickChanges === undefined ? [] : [`**--quick.** The set-up above is the full run's; this run changed: ${o.quickChanges}.`, '']),
    `**The paper.** ${e.paper}`,
    '',
    `![${a.figure.title}](${svgDir}/${e.id}.svg)`,
    '',
    table(a.table),
    '',
    '**Shapes the papers report.**',
    '',
    ...a.checks.map((c) => `- ${c.shape}: ${mark(c.holds)} (${c.detail}).`),
    '',
    '**Differences from the paper.**',
    '',
    ...a.differences.map((d) => `- ${d}`),
    '',
  ].join('\n');
}

export function experimentsMarkdown(outcomes: readonly Outcome[], missing: readonly Missing[], opts: { quick: boolean; svgDir: string }): string {
  const checks = outcomes.flatMap((o) => o.analysis.checks.map((c) => ({ id: o.experiment.id, ...c })));
  const held = checks.filter((c) => c.holds).length;
  const quickSeeds = seedsRange(outcomes) ?? 'few seeds';
  const summary = table([['experiment', 'shape', 'verdict'], ...checks.map((c) => [c.id, c.shape, c.holds ? 'holds' : 'does not hold'])]);
  const missingList = missing.length === 0
    ? ['Every experiment asked for ran.']
    : missing.map((m) => `- **${m.experiment.title}** (\`${m.experiment.id}\`): not run: ${m.reason}. ${m.experiment.paper}`);
  const ids = [...outcomes.map((o) => o.experiment.id), ...missing.map((m) => m.experiment.id)];
  const order = (id: string): number => EXPERIMENTS.findIndex((e) => e.id === id);
  const cmd = command(ids.sort((a, b) => order(a) - order(b)), opts.quick);
  const generated = cmd === 'hfsim experiments'
    ? 'Generated by `npm run experiments` (`hfsim experiments`); the committed copy is checked against what its tree writes (test/experiments/committed.test.ts)'
    : `Generated by \`${cmd}\``;
  return [
    '# Experiments: the papers beside the simulation',
    '',
    `${generated}; do not edit by hand. The same seeds give this file and`,
    `its charts byte for byte.${opts.quick ? ` **This is a --quick run: fewer seeds and smaller workloads than the full set** (each experiment` +
      ` says what --quick changed); its verdicts come from ${quickSeeds}, whose 95% intervals are wide: a shape can read "does not hold" here` +
      ` and hold in the full run, or the reverse.` : ''}`,
    'Each experiment is a sweep file in scenarios/experiments/ (run one alone with `hfsim sweep <file>`, or',
    '`hfsim experiments --only <id>`). Simulated numbers are means over seeds with 95% confidence intervals (Student t;',
    'speedups and other ratios of two runs of one seed: geometric means, the interval taken on their logarithms);',
    'each chart sets the paper\'s figure (numbers transcribed from the papers, or as SPEC.md gives them, some read off the',
    'paper\'s charts; or its claim where the numbers are not in papers/) beside the simulated one. Every verdict and every',
    'sentence on a difference is computed from the numbers against a stated threshold.',
    '',
    `## Shapes: ${held} of ${checks.length} hold`,
    '',
    summary,
    '',
    CALIBRATION,
    '## Missing',
    '',
    ...missingList,
    '',
    ...outcomes.map((o, i) => experimentSection(o, i + 1, opts.svgDir, opts.quick)),
  ].join('\n');
}
