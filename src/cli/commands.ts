/**
 * The subcommands other than run: their names, arguments, options and help. Each action imports its module when
 * the subcommand runs, so that `hfsim run` (and every other command) loads only the modules it needs.
 */
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { POOL_KINDS } from '../actors/pool.js';
import { MAX_WORKERS } from '../core/limits.js';
import { EXPERIMENT_IDS } from '../experiments/ids.js';
import type { ExperimentsFlags } from '../experiments/command.js';
import { collectPaths, intArg, pathArg, pluginArg, secondsArg, workersArg } from './args.js';
import type { BenchFlags, CompareFlags } from './bench.js';
import type { SweepFlags } from './sweep.js';

function parseThreshold(value: string): number {
  const m = /^(\d+(?:\.\d+)?)%?$/.exec(value.trim());
  // 400 digits are Infinity: the table read "threshold Infinity%", and --json's thresholdPct null
  if (!m || !Number.isFinite(Number(m[1]))) throw new InvalidArgumentError('expected a percentage, e.g. 10%');
  return Number(m[1]);
}

/**
 * `command` with a required option that commander checks after its check for unknown options, not before: a misspelt
 * one (`hfsim report r.json --htm r.html`) read "required option '--html <file>' not specified", never "(Did you mean
 * --html?)". The message for a missing one is commander's own, exit 2.
 */
function requiring(command: Command, flags: string, description: string): Command {
  command.option(flags, description);
  const option = command.options.at(-1)!;
  return command.hook('preAction', () => {
    if (command.getOptionValue(option.attributeName()) === undefined) {
      command.error(`error: required option '${option.flags}' not specified`, { exitCode: 2, code: 'commander.missingMandatoryOptionValue' });
    }
  });
}

export function sweepCommand(): Command {
  const cmd = new Command('sweep')
    .description('run every point of a sweep file (axes x seeds) on a worker pool; resumable, shardable')
    .exitOverride()
    .enablePositionalOptions() // sweep's own --out is not merge's --out
    .showHelpAfterError('(run hfsim sweep --help for usage)')
    .addArgument(new Argument('<sweep.json>', 'sweep file').argParser(pathArg))
    .option('--parallel <n>', 'workers (default: the number of cores)', workersArg('--parallel'))
    .addOption(new Option('--pool <kind>', 'workers: forked processes, or threads of this process').choices(POOL_KINDS).default('processes'))
    .option('--out <dir>', 'output directory (default: results/<sweep name>)')
    .option('--point-timeout <seconds>', 'fail a point that runs longer than this (its worker is ended and replaced; default: no limit)', secondsArg('--point-timeout'))
    .option('--resume', 'run only the points missing from --out')
    .option('--shard <i/n>', 'run only the points whose index is i modulo n (0 <= i < n)')
    .option('--no-progress', 'no progress output on stderr')
    .option('--time-decisions', 'time the scheduler\'s decisions (the default; the last of the two flags given wins)')
    .option('--no-time-decisions', 'do not time the scheduler\'s decisions: faster points, and no decisionUs metrics')
    .option('--plugin <file.js>', 'load a plugin file here and in every worker (repeatable)', pluginArg, [])
    .option('--dry-run', 'load and check the sweep, its points and --out, and print what would run (with --resume: what is left); run and write nothing')
    // hfsim run's --workers sizes its rack threads; a sweep's workers are --parallel: said so, not "unknown option"
    .addOption(new Option('--workers <n>').hideHelp().argParser((value: string) => {
      let n: string;
      try {
        n = String(workersArg('--parallel')(value));
      } catch {
        n = `n (1 to ${MAX_WORKERS})`;
      }
      throw new InvalidArgumentError(`a sweep's points run on --parallel n workers (--workers is hfsim run's, for its rack threads): give --parallel ${n}`);
    }))
    .action(async (file: string, flags: SweepFlags) => (await import('./sweep.js')).sweepAction(file, flags));
  cmd.addCommand(requiring(new Command('merge')
    .description('join the output directories of the shards of one sweep into one (exit 4 while points are missing)')
    .exitOverride()
    .showHelpAfterError('(run hfsim sweep merge --help for usage)')
    .addArgument(new Argument('<dir...>', 'shard output directories').argParser(collectPaths)),
  '--out <dir>', 'merged output directory (an output of the same sweep there is merged in, never cut)')
    .action(async (dirs: string[], flags: { out: string }) => (await import('./sweep-merge.js')).mergeAction(dirs, flags)));
  return cmd;
}

export function reportCommand(): Command {
  return requiring(new Command('report')
    .description('write one self-contained HTML file with SVG charts of a result JSON or a sweep directory')
    .exitOverride()
    .showHelpAfterError('(run hfsim report --help for usage)')
    .addArgument(new Argument('<result.json | sweep dir>', 'a result of hfsim run --out, or an output directory of hfsim sweep').argParser(pathArg)),
  '--html <file>', 'the HTML file to write')
    .action(async (input: string, flags: { html: string }) => (await import('../report/report.js')).reportAction(input, flags));
}

/**
 * `hfsim bench --json out.json compare a.json b.json`: bench's own options before `compare` are bench's, which compare
 * does not run; they were ignored (exit 0, out.json never written, the table printed where JSON was asked for).
 */
function refuseBenchOptions(compare: Command): void {
  const bench = compare.parent!;
  const given = bench.options.filter((o) => bench.getOptionValueSource(o.attributeName()) === 'cli').map((o) => o.long!);
  if (given.length > 0) {
    compare.error(`error: ${given.join(', ')} before 'compare' ${given.length > 1 ? 'are options' : 'is an option'} of hfsim bench (running a suite), not of bench compare: give compare's own options after 'compare'`, { exitCode: 2, code: 'hfsim.benchOptionOnCompare' });
  }
}

export function benchCommand(): Command {
  const cmd = new Command('bench')
    .description('run a benchmark suite, or your own scenarios (--scenario), each case in child processes, repeated, and print its table; --json writes the report')
    .addOption(new Option('--suite <name>', 'smoke (CI, under a minute) or full (nightly); default smoke, or none with --scenario').choices(['smoke', 'full']))
    .option('--scenario <file.json>', 'also bench your own scenario file: a case per variant, named "<file name> / <variant>" (repeatable; alone, without --suite, only these)', collectPaths, [])
    .option('--plugin <file.js>', 'load a plugin file here and in each --scenario case\'s process, as hfsim run --plugin (repeatable)', pluginArg, [])
    .option('--json <file>', 'write the report JSON (whole or not at all)')
    .option('--repeat <n>', 'runs per case (default 3)', intArg('--repeat', 1, 1000))
    .option('--only <text>', 'only the cases whose name contains text')
    .enablePositionalOptions() // compare has its own --json (a flag, where bench's takes a file)
    .exitOverride()
    .showHelpAfterError('(run hfsim bench --help for usage)')
    .action(async (flags: BenchFlags) => (await import('./bench.js')).bench(flags));
  cmd
    .command('compare')
    .description('compare two bench reports: exit 3 on a speed regression beyond the threshold and the noise floor in every run, or on a changed canonical digest')
    .addArgument(new Argument('<base.json>', 'the baseline report').argParser(pathArg))
    .addArgument(new Argument('<new.json>', 'the report to check').argParser(pathArg))
    .addOption(new Option('--threshold <pct>', 'smallest relative change that counts, e.g. 15%').argParser(parseThreshold).default(10, '10%'))
    .option('--json', 'print the verdict and every measure\'s change as JSON instead of the table (exit codes unchanged)')
    .option('--markdown <file>', 'also write a Markdown summary (appended to $GITHUB_STEP_SUMMARY too, when set)')
    .exitOverride()
    .showHelpAfterError('(run hfsim bench compare --help for usage)')
    .action(async (baseFile: string, newFile: string, flags: CompareFlags, command: Command) => {
      refuseBenchOptions(command);
      return (await import('./bench.js')).compare(baseFile, newFile, flags);
    });
  return cmd;
}

export function experimentsCommand(): Command {
  return new Command('experiments')
    .description('run every experiment of the papers (scenarios/experiments/) and write EXPERIMENTS.md with an SVG chart each')
    .exitOverride()
    .showHelpAfterError('(run hfsim experiments --help for usage)')
    .option('--quick', 'fewer seeds and smaller workloads (for iterating; the document says it is a quick run)')
    .option('--only <ids>', `only these experiments, comma-separated (${EXPERIMENT_IDS.join(', ')})`)
    .option('--out <file>', 'the document to write', 'EXPERIMENTS.md')
    .option('--svg-dir <dir>', 'where the charts go (default: experiments/ beside --out)')
    .option('--parallel <n>', 'worker processes (default: the number of cores; 0: in this process)', intArg('--parallel', 0, MAX_WORKERS))
    .option('--no-progress', 'no progress output on stderr')
    .action(async (flags: ExperimentsFlags) => (await import('../experiments/command.js')).experimentsAction(flags));
}
