/** `hfsim run`'s action: runs a scenario's variants and prints the comparison or writes the result JSON (its options are in program.ts). */
import type { PoolKind } from '../actors/pool.js';
import type { Result } from '../actors/simulate.js';
import { oneAfterAnother, runVariants } from './run-variants.js';
import { InputError } from './errors.js';
import { compare, variantNamed } from './format.js';
import { type LoadedVariant, loadScenarioFlagsSteps } from './load-scenario.js';
import { parseSet } from './set-argument.js';
import { type OutputContent, writeOutputs } from './output.js';
import { jsonPieces } from './json-pieces.js';
import { checkDistinctOutputs, checkOneOnStdout, checkOutputFile, landsOnStdout, writesStdout } from './output-paths.js';
import { keepStdoutForOutput, printOut } from './stdout.js';
import { endOnPluginCrash, loadPluginFlags, pluginUrls } from './plugins.js';
import { RunProgressDisplay, showingTraceReadsTurning } from './run-progress.js';
import { warnOnce } from './warn.js';

export interface RunFlags {
  set: string[];
  plugin: string[];
  seed?: number;
  runtime: 'inprocess' | 'threads';
  workers?: number;
  json?: boolean;
  out?: string;
  jobsCsv?: string;
  html?: string;
  /** --variant, each time given (none: every variant). */
  variant: string[];
  codec?: boolean;
  injectFault?: { rack: number; epoch: number };
  parallel?: number;
  pool: PoolKind;
  /** Run each variant again with every heartbeat processed, every map scan walked and every pool counted, and refuse a changed digest. */
  checkShortcuts?: boolean;
  /** --no-progress: false. */
  progress: boolean;
  /** --no-time-decisions: false. */
  timeDecisions: boolean;
  /** Load and check everything, describe each variant, simulate and write nothing (dry-run.ts). */
  dryRun?: boolean;
}

export async function runAction(file: string, flags: RunFlags): Promise<void> {
  if (flags.json || [flags.out, flags.jobsCsv, flags.html].some(writesStdout)) keepStdoutForOutput();
  await loadPluginFlags(flags.plugin);
  endOnPluginCrash();
  const display = flags.progress === false ? undefined : new RunProgressDisplay(process.stderr);
  // a large SWIM trace is read here, before any variant: its rows are told as a variant's jobs are, and a Ctrl-C clears its bar
  const loaded = await showingTraceReadsTurning(display, loadScenarioFlagsSteps(file, flags.set.map(parseSet), flags.seed, flags.variant.length === 0 ? undefined : flags.variant));
  const simulate = { runtime: flags.runtime, workers: flags.workers, codec: flags.codec, fault: flags.injectFault, timeDecisions: flags.timeDecisions !== false };
  if (flags.injectFault !== undefined) checkInjectedFault(flags.injectFault, flags.runtime, loaded.variants);
  warnIfParallelIgnored(flags.parallel, oneAfterAnother(simulate), loaded.variants.length, flags.dryRun === true);
  // --codec is the in-process runtime's: on threads every message crosses as msgpack already, and the flag did nothing, silently.
  if (flags.codec && flags.runtime === 'threads') warnOnce('--codec: with --runtime threads every message crosses the threads as msgpack already; --codec applies to in-process runs and changes nothing here');
  if (flags.out !== undefined) checkOutputFile(flags.out, '--out');
  if (flags.jobsCsv !== undefined) checkOutputFile(flags.jobsCsv, '--jobs-csv');
  if (flags.html !== undefined) checkOutputFile(flags.html, '--html');
  checkDistinctOutputs([['--out', flags.out], ['--jobs-csv', flags.jobsCsv], ['--html', flags.html]]);
  checkOneOnStdout([{ flag: '--json', printed: flags.json === true, format: 'JSON' }, { flag: '--out', file: flags.out, format: 'JSON' },
    { flag: '--jobs-csv', file: flags.jobsCsv, format: 'CSV' }, { flag: '--html', file: flags.html, format: 'HTML' }]);
  if (flags.dryRun) {
    try {
      printOut(await (await import('./dry-run.js')).dryRunOutput(loaded, flags.json === true, display && ((name) => display.building(name))));
    } finally {
      display?.stop();
    }
    return;
  }
  let results: Result[];
  try {
    results = await runVariants(loaded.variants, {
      parallel: flags.parallel ?? 'auto',
      pool: flags.pool,
      plugins: pluginUrls(flags.plugin),
      simulate,
      onStart: display === undefined || flags.json || loaded.variants.length === 1 ? undefined : (name) => display.starting(name),
      progress: display === undefined ? undefined : (name) => display.variant(name),
      building: display === undefined ? undefined : (name) => display.building(name),
      onWaiting: display === undefined ? undefined : (running) => display.waiting(running),
      onPoolDone: display === undefined ? undefined : (name, ended, total) => display.poolDone(name, ended, total),
    });
  } finally {
    display?.end();
  }
  if (flags.checkShortcuts) await checkShortcuts(loaded.variants, results, flags);
  // In pieces (a million jobs' result passed V8's longest string), and only for an output that prints it.
  const json = flags.out !== undefined || flags.json ? [...jsonPieces(results.length === 1 ? results[0] : results), '\n'] : [];
  // Every output is made before the first is written, and the writes follow one another with no await between:
  // writeOutput holds a signal that comes meanwhile until all are written, so a Ctrl-C or a kill leaves the files of
  // one run, all new or all old (awaiting the report after --out had ended the command with a new result beside an
  // old CSV). So a report that fails to be drawn now leaves --out unwritten too, where it had been written first; and
  // writeOutputs replaces none of them until all are whole, so a write the disk cannot take leaves all of them old.
  const outputs: Array<[file: string, content: OutputContent]> = [];
  if (flags.out !== undefined) outputs.push([flags.out, json]);
  if (flags.jobsCsv !== undefined) outputs.push([flags.jobsCsv, (await import('./jobs-csv.js')).jobsCsv(results)]);
  if (flags.html !== undefined) outputs.push([flags.html, await (await import('../report/report.js')).runReportHtml(loaded.name, results)]);
  // An output on stdout (--out /dev/stdout) is read as one: the table after it made it no JSON. Asked before the
  // writes: one replaces a file stdout is redirected to (--out r.json > r.json), and the table went to the file replaced.
  const tableAside = outputs.some(([f]) => landsOnStdout(f));
  writeOutputs(outputs);
  if (flags.json) printOut(json);
  else {
    const table = compare(loaded.name + (loaded.description ? ` (${loaded.description})` : ''), results) + '\n';
    if (tableAside) process.stderr.write(table);
    else printOut(table);
  }
}

/**
 * --inject-fault (a test hook) where it could never fire is refused: in-process, or a rack past a variant's cluster,
 * the run went to its end (exit 0) and a test of the failure path passed without a failure.
 */
function checkInjectedFault(fault: { rack: number; epoch: number }, runtime: RunFlags['runtime'], variants: readonly LoadedVariant[]): void {
  if (runtime !== 'threads') throw new InputError('--inject-fault applies to --runtime threads (racks on worker threads); this run is in-process');
  const short = variants.find((v) => fault.rack >= v.scenario.cluster.racks);
  if (short === undefined) return;
  const racks = short.scenario.cluster.racks;
  // the variant named where the run has several, as a failed rack's line names it
  const where = `${variants.length > 1 ? `${variantNamed(short.name)}: ` : ''}${racks} rack${racks === 1 ? ', numbered 0' : `s, numbered 0 to ${racks - 1}`}`;
  throw new InputError(`--inject-fault ${fault.rack}:${fault.epoch}: rack ${fault.rack} is not in the cluster (${where})`);
}

/**
 * Side by side applies to plain in-process runs (run-variants.ts's variantsAtOnce): a --parallel asked beside
 * --runtime threads or --codec runs the variants one after another, as README says, and now says so where it ran so
 * silently (a user timing --parallel 4 against 1 saw no gain and no reason). A dry run says how they would run.
 */
function warnIfParallelIgnored(parallel: number | undefined, why: string | undefined, variants: number, dryRun: boolean): void {
  if (parallel === undefined || parallel < 2 || variants < 2 || why === undefined) return;
  warnOnce(`--parallel ${parallel}: with ${why} the ${variants} variants ${dryRun ? 'would run' : 'run'} one after another (side by side applies to in-process runs)`);
}

/**
 * --check-shortcuts: the exact shortcuts (idle heartbeats skipped, map scans answered at once, the fluid network
 * solved only where a change reaches) rest on what the plugins promise in `permits`; a plugin whose promise is false
 * changes the outcome with no other sign. Each variant runs again without them, in-process; a changed digest fails the
 * run (exit 1) before any output is written, naming the variant and the plugins.
 */
async function checkShortcuts(variants: readonly LoadedVariant[], results: readonly Result[], flags: RunFlags): Promise<void> {
  const plain = await runVariants(variants, { parallel: 1, pool: flags.pool, plugins: pluginUrls(flags.plugin), simulate: { everyHeartbeat: true, scan: 'walk' } });
  const changed = results.map((_, i) => i).filter((i) => results[i].digest !== plain[i].digest);
  if (changed.length === 0) {
    process.stderr.write(`--check-shortcuts: every digest is the same with every heartbeat processed, every map scan walked and every pool counted (${results.length} variant${results.length === 1 ? '' : 's'})\n`);
    return;
  }
  const lines = changed.map((i) => {
    const s = variants[i].scenario.scheduler;
    const plugins = `policy "${s.policy}", gate "${s.delay.mode}"${s.preemption.enabled ? `, preemption "${s.preemption.policy}"` : ''}${s.replication ? `, replication "${s.replication.policy}"` : ''}`;
    return `${variantNamed(results[i].variant)} (${plugins}): digest ${results[i].digest.slice(0, 12)} with the shortcuts, ${plain[i].digest.slice(0, 12)} without`;
  });
  throw new Error(`--check-shortcuts: the shortcuts change the outcome of ${lines.join('; ')}: one of its plugins permits a shortcut ("permits") whose promise it does not keep, or is not deterministic (with only built-in plugins, hfsim's own shortcut is at fault: please report it with the scenario)`);
}