/** `hfsim run`'s action: runs a scenario's variants and prints the comparison or writes the result JSON (its options are in program.ts). */
import type { PoolKind } from '../actors/pool.js';
import { runVariants } from './run-variants.js';
import { compare } from './format.js';
import { loadScenario, parseSet } from './load-scenario.js';
import { checkDistinctOutputs, checkOutputFile, writeOutput } from './output.js';
import { loadPlugins, pluginUrls } from './plugins.js';

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
}

export async function runAction(file: string, flags: RunFlags): Promise<void> {
  await loadPlugins(flags.plugin);
  const loaded = loadScenario(file, flags.set.map(parseSet), flags.seed, flags.variant.length === 0 ? undefined : flags.variant);
  if (flags.out !== undefined) checkOutputFile(flags.out, '--out');
  if (flags.jobsCsv !== undefined) checkOutputFile(flags.jobsCsv, '--jobs-csv');
  if (flags.html !== undefined) checkOutputFile(flags.html, '--html');
  checkDistinctOutputs([['--out', flags.out], ['--jobs-csv', flags.jobsCsv], ['--html', flags.html]]);
  const results = await runVariants(loaded.variants, {
    parallel: flags.parallel ?? 'auto',
    pool: flags.pool,
    plugins: pluginUrls(flags.plugin),
    simulate: { runtime: flags.runtime, workers: flags.workers, codec: flags.codec, fault: flags.injectFault },
    onStart: (name) => { if (!flags.json && loaded.variants.length > 1 && process.stderr.isTTY) process.stderr.write(`running ${name}...\r`); },
  });
  if (process.stderr.isTTY) process.stderr.write('\x1b[K');
  const json = JSON.stringify(results.length === 1 ? results[0] : results, null, 2) + '\n';
  if (flags.out !== undefined) writeOutput(flags.out, json);
  if (flags.jobsCsv !== undefined) writeOutput(flags.jobsCsv, (await import('./jobs-csv.js')).jobsCsv(results));
  if (flags.html !== undefined) writeOutput(flags.html, await (await import('../report/report.js')).runReportHtml(loaded.name, results));
  if (flags.json) process.stdout.write(json);
  else process.stdout.write(compare(loaded.name + (loaded.description ? ` (${loaded.description})` : ''), results) + '\n');
}
