/** The `hfsim sweep` command (run, resume, shard) with a summary table on stdout; `hfsim sweep merge` is sweep-merge.ts. */
import { workersArg } from './args.js';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { POOL_KINDS, type PoolKind } from '../actors/pool.js';
import { checkOutputDir } from './output.js';
import { loadSweep, parseShard } from './sweep-file.js';
import { mergeCommand } from './sweep-merge.js';
import { runSweep } from './sweep-run.js';
import { summaryTable } from './sweep-summary.js';
import { loadPlugins, pluginUrls } from './plugins.js';


interface SweepFlags {
  parallel?: number;
  pool: PoolKind;
  out?: string;
  resume?: boolean;
  shard?: string;
  progress: boolean;
  plugin: string[];
}

export function sweepCommand(): Command {
  const cmd = new Command('sweep')
    .description('run every point of a sweep file (axes x seeds) on a worker pool; resumable, shardable')
    .exitOverride()
    .enablePositionalOptions() // sweep's own --out is not merge's --out
    .showHelpAfterError('(run hfsim sweep --help for usage)')
    .argument('<sweep.json>', 'sweep file')
    .option('--parallel <n>', 'workers (default: the number of cores)', workersArg('--parallel'))
    .addOption(new Option('--pool <kind>', 'workers: forked processes, or threads of this process').choices(POOL_KINDS).default('processes'))
    .option('--out <dir>', 'output directory (default: results/<sweep name>)')
    .option('--resume', 'run only the points missing from --out')
    .option('--shard <i/n>', 'run only the points whose index is i modulo n (0 <= i < n)')
    .option('--no-progress', 'no progress output on stderr')
    .option('--plugin <file.js>', 'load a plugin file here and in every worker (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .action(async (file: string, flags: SweepFlags) => {
      const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
      await loadPlugins(flags.plugin);
      const sweep = loadSweep(file);
      const out = flags.out ?? join('results', sweep.name + (shard ? `-shard-${shard.index}-of-${shard.count}` : ''));
      checkOutputDir(out, '--out');
      const parallel = flags.parallel ?? availableParallelism();
      const r = await runSweep(sweep, { out, parallel, pool: flags.pool, resume: flags.resume, shard, progress: flags.progress, plugins: pluginUrls(flags.plugin) });
      const skipped = r.skipped > 0 ? `, ${r.skipped} already done` : '';
      process.stdout.write(`${sweep.name}: ${r.total} points${shard ? ` (shard ${shard.index}/${shard.count} of ${sweep.points.length})` : ''}, ran ${r.ran}${skipped}, ${parallel} worker${parallel > 1 ? 's' : ''}; wrote ${out}/\n\n`);
      process.stdout.write(summaryTable(r.manifest, r.records) + '\n');
    });
  cmd.addCommand(mergeCommand());
  return cmd;
}
