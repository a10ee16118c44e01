/** The hfsim command line (src/cli/main.ts starts it); each command's modules load when it runs (run-command.ts, commands.ts). Exit codes: 0 success, 1 a run failed, 2 bad input, 3 a regression found, 4 incomplete (a sweep merge lacking points); ended by a signal, 128 + its number. */
import { collapsed } from './alike-lines.js';
import { collect, intArg, pathArg, pluginArg, seedArg, workersArg } from './args.js';
import type { EventEmitter } from 'node:events';
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { POOL_KINDS } from '../actors/pool.js';
import { benchCommand, experimentsCommand, reportCommand, sweepCommand } from './commands.js';
import { EXIT, EXIT_WORDS, SIGNAL_EXIT_WORDS, IncompleteError, InputError, benchExit, failureLines, loadedPluginFiles } from './errors.js';
import type { RunFlags } from './run-command.js';
import { packageVersion } from './version.js';
import { RunLimitError } from '../core/limits.js';

function parseFault(value: string): { rack: number; epoch: number } {
  const m = /^(\d+):(\d+)$/.exec(value);
  if (!m) throw new InvalidArgumentError('expected rack:epoch, e.g. 1:5');
  return { rack: Number(m[1]), epoch: Number(m[2]) };
}

/** The n of `--workers n` that a `--threads` value means: the value where it is a valid count, else "n". */
function workersOf(value: string | null): string {
  try {
    return String(workersArg('--workers')(value ?? ''));
  } catch {
    return 'n';
  }
}

export function buildProgram(): Command {
  const program = new Command('hfsim')
    .description('Deterministic simulator of shared Hadoop-style clusters: FIFO, fair and delay scheduling')
    .showHelpAfterError('(run hfsim --help for usage)')
    .version(packageVersion(), '-V, --version', 'print the version (package.json\'s) and exit')
    .enablePositionalOptions() // each subcommand owns its options (sweep --out, sweep merge --out)
    .addHelpText('after', `\nExit codes: ${Object.entries(EXIT_WORDS).map(([code, words]) => `${code} ${words}`).join(', ')}; ${SIGNAL_EXIT_WORDS}.`)
    .exitOverride();
  const run = program
    .command('run')
    .description('run a scenario (every variant in it) and print a comparison, or the result JSON')
    .showHelpAfterError('(run hfsim run --help for usage)')
    .addArgument(new Argument('<scenario.json>', 'scenario file').argParser(pathArg))
    .option('--set <path=value>', 'override a scenario field, e.g. cluster.racks=8 (repeatable)', collect, [])
    .option('--seed <n>', 'override the scenario seed (as --set seed=n: 1e3 is 1000)', seedArg)
    .option('--plugin <file.js>', 'load a plugin file (an ES module that registers policies, gates, ...) before the scenario (repeatable)', pluginArg, [])
    .option('--variant <name>', 'run only this variant (repeatable: these variants)', collect, [])
    .option('--check-shortcuts', 'run each variant again with every heartbeat, map scan and pool count, and fail if a digest changes (checks a plugin\'s permits, and hfsim\'s own shortcuts)')
    .addOption(new Option('--runtime <name>', 'where rack actors run').choices(['inprocess', 'threads']).default('inprocess'))
    .option('--workers <n>', 'worker threads for the threads runtime (default: available cores)', workersArg('--workers'))
    .option('--parallel <n>', 'variants run side by side, here and on n - 1 worker processes (default: the cores, for variants of 20,000 nodes x jobs and more; 1: one after another)', workersArg('--parallel'))
    .addOption(new Option('--pool <kind>', 'workers for --parallel: forked processes, or threads of this process').choices(POOL_KINDS).default('processes'))
    // a run's rack threads are --runtime threads --workers n: said so, not "unknown option '--threads'"; its value
    // optional, so that one left out (at the end, before a flag) is told the same, not "argument missing"
    .addOption(new Option('--threads [n]').hideHelp())
    .option('--codec', 'in-process: pass every message through the msgpack codec')
    .addOption(new Option('--inject-fault <rack:epoch>', 'threads runtime, for tests: make a rack throw at an epoch').hideHelp().argParser(parseFault))
    .addOption(new Option('--json', 'print the result JSON (an array when several variants run; one --variant of several: that one, not in an array)').conflicts('out'))
    .option('--out <file>', 'write the result JSON to a file, as --json prints it (whole or not at all)')
    .option('--jobs-csv <file>', 'write one row per job and variant as CSV')
    .option('--html <file>', 'write an HTML report with SVG charts (response and locality by bin, response-time CDF; by pool, kills, storage and links where the run has them)')
    .option('--time-decisions', 'time the scheduler\'s decisions (the default; the last of the two flags given wins)')
    .option('--no-time-decisions', 'do not time the scheduler\'s decisions: faster (two clock reads a heartbeat), and the result has no decisionUs, launchUs or tickUs')
    .option('--no-progress', 'no progress on stderr (a terminal\'s bar from a second into a variant; elsewhere a line every 30 s)')
    .addOption(new Option('--dry-run', 'load and check the scenario, its files and the flags, and print what each variant would run (jobs, maps, cluster; --json: as JSON); simulate and write nothing').conflicts('checkShortcuts'))
    .action(async (file: string, flags: RunFlags) => (await import('./run-command.js')).runAction(file, flags));
  run.on('option:threads', (value: string | null) => run.error(`error: hfsim has no --threads: racks run on n worker threads with --runtime threads --workers ${workersOf(value)} (README "Threads")`, { exitCode: 2, code: 'hfsim.noThreads' }));
  program.addCommand(sweepCommand());
  program.addCommand(reportCommand());
  program.addCommand(benchCommand());
  program.addCommand(experimentsCommand());
  refuseRepeatedValues(program);
  refuseFlagsAsValues(program);
  return program;
}

/**
 * An option's value that is another option of its command (`bench --json --only x`, `run --out --variant x`) is refused
 * (exit 2), naming both: commander takes the next word as the value, flag or not, and then reported the word after it
 * as "too many arguments", or ran with the flag lost (`--json --repeat=1` wrote a file named "--repeat=1").
 */
function refuseFlagsAsValues(command: Command): void {
  const flags = new Set([...command.options.flatMap((o) => [o.long, o.short]).filter((f): f is string => f !== undefined), '--help', '-h']);
  for (const opt of command.options) {
    if (!(opt.required || opt.optional)) continue;
    // Before commander's own listener, which runs the option's parser: `--seed --variant` read "argument '--variant'
    // is invalid. --seed must be a whole number".
    (command as unknown as EventEmitter).prependListener(`option:${opt.name()}`, (value: unknown) => {
      if (typeof value !== 'string' || !flags.has(value.split('=')[0])) return;
      command.error(`error: option '${opt.flags}' took ${value} as its value: ${value.split('=')[0]} is an option of hfsim ${commandPath(command)}; give ${opt.long} its value first`, { exitCode: 2, code: 'hfsim.flagAsValue' });
    });
  }
  for (const sub of command.commands) refuseFlagsAsValues(sub);
}

/**
 * An option that takes one value, given twice, is refused (exit 2): commander keeps the last, so `--out a.json --out
 * b.json` wrote b.json alone and a.json, which the user asked for, never (the repeatable options collect a list).
 */
function refuseRepeatedValues(command: Command): void {
  for (const opt of command.options) {
    if (!(opt.required || opt.optional) || Array.isArray(opt.defaultValue)) continue;
    let first: string | undefined;
    command.on(`option:${opt.name()}`, (value: string) => {
      if (first === undefined) first = value;
      else command.error(`error: option '${opt.flags}' given twice (${JSON.stringify(first)}, then ${JSON.stringify(value)}): give it once`, { exitCode: 2, code: 'hfsim.repeatedOption' });
    });
  }
  for (const sub of command.commands) refuseRepeatedValues(sub);
}

/** The words of a command (`sweep merge`), from the program's down. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

export async function main(argv: string[]): Promise<number> {
  // The command that failed names the failure: "run failed" for a merge or a report's failure read as a run's.
  let running = 'run';
  try {
    await buildProgram().hook('preAction', (_program, action) => { running = commandPath(action); }).parseAsync(argv);
    return benchExit.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? EXIT.ok : EXIT.badInput;
    }
    if (err instanceof InputError) {
      // told alike before they are cut: a cut counts the characters it leaves out, which a line's place changes
      process.stderr.write(`hfsim: ${collapsed(err.message.split('\n')).map(cutLine).join('\nhfsim: ')}\n`);
      return EXIT.badInput;
    }
    if (err instanceof IncompleteError) {
      process.stderr.write(`hfsim: ${err.message}\n`);
      return EXIT.incomplete;
    }
    const [message, ...where] = failureLines(err);
    process.stderr.write(`hfsim: ${running} failed: ${[...lines(message), ...where].join('\nhfsim: ')}\n`);
    // A plugin that breaks its contract fails inside the engine, in the engine's words: say which code was not ours.
    if (loadedPluginFiles.length > 0 && !(err instanceof RunLimitError)) {
      process.stderr.write(`hfsim: the run used --plugin ${loadedPluginFiles.join(', ')}: a plugin that breaks its contract (README: "Plugins") may be the cause\n`);
    }
    return EXIT.runFailed;
  }
}


/** Most characters of one line of a message: a value it quotes may be megabytes (a 5 MB trace column was one line). */
const LINE_CHARS = 1000;

/** Of a line cut to LINE_CHARS, the characters kept at its end: what a message says of the value it quotes comes last. */
const LINE_END_CHARS = 400;

/**
 * A message's lines, each cut to LINE_CHARS in its middle with what was left out counted: cut at the end, a long value
 * or path hid what was wrong with it (`--out <4,000 characters>... (3,100 characters more)`, no "does not exist").
 */
function lines(message: string): string[] {
  return message.split('\n').map(cutLine);
}

/** Whether the UTF-16 unit at `i` of `s` is the second half of a pair (a cut there printed each half as U+FFFD). */
const lowHalf = (s: string, i: number): boolean => /[\udc00-\udfff]/.test(s[i] ?? '') && /[\ud800-\udbff]/.test(s[i - 1] ?? '');

/** A line cut in its middle (LINE_CHARS), never within a character; one the cut would not shorten as it is. */
export function cutLine(l: string): string {
  if (l.length <= LINE_CHARS) return l;
  let head = LINE_CHARS - LINE_END_CHARS;
  let tail = l.length - LINE_END_CHARS;
  if (lowHalf(l, head)) head--;
  if (lowHalf(l, tail)) tail++;
  const cut = `${l.slice(0, head)} ... (${tail - head} characters left out) ... ${l.slice(tail)}`;
  return cut.length < l.length ? cut : l;
}
