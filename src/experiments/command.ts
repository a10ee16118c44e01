/** The `hfsim experiments` command's action (`npm run experiments`; its options are in src/cli/commands.ts): runs the papers' experiments and writes EXPERIMENTS.md with an SVG chart each. */
import { realpathSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { InputError } from '../cli/errors.js';
import { writeOutputs } from '../cli/output.js';
import { checkDistinctOutputs, checkNotAnInput, checkOutputDir, checkOutputFile, makeOutputDir, summaryStream } from '../cli/output-paths.js';
import { inputsRead } from '../cli/read-file.js';
import { packageRoot } from '../cli/version.js';
import { EXPERIMENTS } from './catalog.js';
import { figureSvg } from './figure.js';
import { experimentsMarkdown, seedsRange } from './markdown.js';
import { type Missing, type Outcome, runExperiments, selectExperiments } from './run.js';
import { folderShown } from '../cli/format.js';

export interface ExperimentsFlags {
  quick?: boolean;
  only?: string;
  out: string;
  svgDir?: string;
  parallel?: number;
  progress: boolean;
}

/** Writes the document and its charts (each file whole or not at all); returns the paths written. */
export async function writeExperiments(outcomes: readonly Outcome[], missing: readonly Missing[], out: string, svgDir: string, quick: boolean): Promise<string[]> {
  // Every input is read by now (the sweeps, their scenarios and traces): none may be replaced.
  for (const o of outcomes) checkNotAnInput('--svg-dir\'s chart', join(svgDir, `${o.experiment.id}.svg`), inputsRead());
  checkNotAnInput('--out', out, inputsRead());
  makeOutputDir(svgDir, '--svg-dir');
  const outputs: Array<[file: string, content: string]> = [];
  for (const o of outcomes) outputs.push([join(svgDir, `${o.experiment.id}.svg`), await figureSvg(o.experiment.id, o.analysis.figure)]);
  // A document written to a device or a pipe (--out /dev/stdout > EXP.md) is saved wherever its reader's shell puts it:
  // its links are from the current folder (they were from /dev: ../tmp/x/ch/a.svg, which resolves nowhere).
  const from = specialPlace(out) === undefined ? dirname(out) : process.cwd();
  const link = relative(from, svgDir).split('\\').join('/') || '.';
  outputs.push([out, experimentsMarkdown(outcomes, missing, { quick, svgDir: link })]);
  // all or none: a document the disk could not take had left the new charts beside the old document
  writeOutputs(outputs);
  return outputs.map(([file]) => file);
}

/**
 * What a path is where it is no place for a document with its charts beside it: one that exists and is not a regular
 * file or a folder (a device, a pipe, a socket), or one in /dev or /proc (the system's folders); else undefined.
 */
function specialPlace(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() && !st.isDirectory()) return 'a device or a pipe';
  } catch {
    // not there (yet): a new file, unless its folder is the system's
  }
  try {
    const folder = realpathSync(dirname(resolve(path)));
    // /dev itself: /dev/shm's folders are folders
    return /^\/(dev$|proc(\/|$))/.test(folder) ? `in ${folder}, a folder of the system's` : undefined;
  } catch {
    return undefined;
  }
}

/** `hfsim experiments`'s action (its options are in src/cli/commands.ts). */
export async function experimentsAction(flags: ExperimentsFlags): Promise<void> {
  const list = selectExperiments(EXPERIMENTS, flags.only);
  // The charts go beside the document by default: beside a device or a pipe (--out /dev/stdout) that made /dev/experiments.
  const special = flags.svgDir === undefined ? specialPlace(flags.out) : undefined;
  if (special !== undefined) {
    throw new InputError(`--out ${flags.out}: ${special}, and the charts go in a folder beside --out by default (${join(dirname(flags.out), 'experiments')}): give --svg-dir for them`);
  }
  const svgDir = flags.svgDir ?? join(dirname(flags.out), 'experiments');
  checkOutputFile(flags.out, '--out', list.map((e) => join(packageRoot(), e.sweep)));
  checkOutputDir(svgDir, '--svg-dir');
  if (resolve(flags.out) === resolve(svgDir)) throw new InputError(`--out ${flags.out}: the same path as --svg-dir ${svgDir}: the document needs a file, the charts a folder`);
  // --out inside --svg-dir under a chart's name would be replaced by the chart.
  checkDistinctOutputs([['--out', flags.out], ...list.map((e) => ['--svg-dir\'s chart', join(svgDir, `${e.id}.svg`)] as const)]);
  const started = performance.now();
  let lastLine = 0;
  const { outcomes, missing } = await runExperiments(list, {
    root: packageRoot(), quick: flags.quick === true, parallel: flags.parallel ?? availableParallelism(),
    progress: flags.progress ? (done, total) => {
      if (done - lastLine < Math.max(1, Math.floor(total / 20)) && done < total) return;
      lastLine = done;
      process.stderr.write(`experiments: ${done}/${total} runs, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    } : undefined,
  });
  // --out /dev/stdout: the document is the whole of stdout (the lines below followed it there), as run's table goes
  // aside; asked before the write, which replaces a file stdout is redirected to
  const said = summaryStream(flags.out);
  const written = await writeExperiments(outcomes, missing, flags.out, svgDir, flags.quick === true);
  const checks = outcomes.flatMap((o) => o.analysis.checks);
  // A quick run's verdicts read like a full run's on the terminal: say which this was.
  const seeds = seedsRange(outcomes);
  const quick = flags.quick === true && seeds !== undefined ? ` (--quick: ${seeds} and smaller workloads; a full run's verdicts can differ)` : '';
  said.write(`${outcomes.length} experiment${outcomes.length === 1 ? '' : 's'}${quick}${missing.length > 0 ? ` (${missing.length} missing: ${missing.map((m) => m.experiment.id).join(', ')})` : ''}, ` +
    `${checks.filter((c) => c.holds).length} of ${checks.length} shapes hold; wrote ${written.length} files (${flags.out}, ${folderShown(svgDir)}) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  for (const o of outcomes) for (const c of o.analysis.checks) if (!c.holds) said.write(`  does not hold: ${o.experiment.id}: ${c.shape} (${c.detail})\n`);
}
