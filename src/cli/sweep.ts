/** The `hfsim sweep` command's action (run, resume, shard) with a summary table on stdout; its options are in commands.ts, `hfsim sweep merge` is sweep-merge.ts. */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PoolKind } from '../actors/pool.js';
import { folderShown, plainCounted } from './format.js';
import { checkOutputDir } from './output-paths.js';
import { type Sweep, loadSweepSteps, parseShard, pointCount, shardOf } from './sweep-file.js';
import { recordsKept, refuseForeignOutput, runSweep } from './sweep-run.js';
import { MANIFEST, checkAggregateFiles, manifestOf, readManifest } from './sweep-output.js';
import { refuseIfLocked } from './output-lock.js';
import { resumeCommand } from './sweep-merge.js';
import { summaryTable } from './sweep-summary.js';
import { endOnPluginCrash, loadPluginFlags, pluginSha256, pluginUrls } from './plugins.js';
import { RunProgressDisplay, showingTraceReadsTurning } from './run-progress.js';

export interface SweepFlags {
  parallel?: number;
  pool: PoolKind;
  out?: string;
  /** --point-timeout: seconds of wall time a point may run before it fails (undefined: no limit). */
  pointTimeout?: number;
  resume?: boolean;
  shard?: string;
  progress: boolean;
  plugin: string[];
  /** --no-time-decisions: false. */
  timeDecisions: boolean;
  /** Load and check the sweep, its points and --out, say what would run, and run and write nothing. */
  dryRun?: boolean;
}

export async function sweepAction(file: string, flags: SweepFlags): Promise<void> {
  const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
  await loadPluginFlags(flags.plugin);
  endOnPluginCrash();
  // a large trace is read here, as each point's scenario is checked: told as hfsim run tells it, and a Ctrl-C clears its bar
  const reading = flags.progress === false ? undefined : new RunProgressDisplay(process.stderr, { command: 'sweep' });
  const sweep = withPluginCode(await showingTraceReadsTurning(reading, loadSweepSteps(file)), flags.plugin);
  const out = flags.out ?? join('results', sweep.name + (shard ? `-shard-${shard.index}-of-${shard.count}` : ''));
  checkOutputDir(out, '--out');
  const parallel = flags.parallel ?? availableParallelism();
  if (flags.dryRun) {
    process.stdout.write(dryRunText(sweep, out, shard, flags.resume === true, flags.timeDecisions, parallel));
    return;
  }
  const resume = resumeCommand(file, out, { shard, plugins: flags.plugin, timeDecisions: flags.timeDecisions !== false, pointTimeout: flags.pointTimeout });
  const r = await runSweep(sweep, { out, parallel, pool: flags.pool, resume: flags.resume, shard, progress: flags.progress, plugins: pluginUrls(flags.plugin), timeDecisions: flags.timeDecisions !== false,
    pointTimeout: flags.pointTimeout, resumeCommand: resume });
  const skipped = r.skipped > 0 ? `, ${r.skipped} already done` : '';
  process.stdout.write(`${sweep.name}: ${plainCounted(r.total, 'point')}${shard ? ` (shard ${shard.index}/${shard.count} of ${sweep.points.length})` : ''}, ran ${r.ran}${skipped}${r.workers > 0 ? `, ${plainCounted(r.workers, 'worker')}` : ''}; wrote ${folderShown(out)}\n\n`);
  process.stdout.write(summaryTable(r.manifest, r.records) + '\n');
}

/**
 * The sweep with its --plugin files' bytes in its hash: a plugin edited between a kill and --resume, or between shards,
 * mixed two policies' results in one output (a change to a plugin's config showed in the scenarios; one to its code
 * did not). The files named only, not modules they import; in any order. No --plugin: the hash as it was. Their paths
 * go into sweep.json, so that a merge's command to run the points it lacks names them.
 */
function withPluginCode(sweep: Sweep, plugins: readonly string[]): Sweep {
  if (plugins.length === 0) return sweep;
  const code = [...new Set(plugins.map(pluginSha256))].sort();
  const pluginFiles = [...new Set(plugins.map((p) => resolve(p)))];
  return { ...sweep, hash: createHash('sha256').update(JSON.stringify([sweep.hash, ...code])).digest('hex'), inputs: { ...sweep.inputs, plugins: code }, pluginFiles };
}

/**
 * --dry-run: the points the sweep has, those of the shard, what --out holds of them (its checks as a run's, read only:
 * nothing is made, locked or repaired; a live writer's lock and aggregate files that cannot be written are refused as
 * the run refuses them) and what a run would do, on stdout.
 */
function dryRunText(sweep: Sweep, out: string, shard: { index: number; count: number } | undefined, resume: boolean, timeDecisions: boolean, parallel: number): string {
  const mine = shard ? shardOf(sweep.points, shard) : sweep.points;
  refuseForeignOutput(out, resume);
  const manifest = manifestOf(sweep, shard);
  if (existsSync(out)) {
    refuseIfLocked(out, '--out');
    checkAggregateFiles(out);
  }
  const kept = recordsKept(out, manifest, mine, { resume, timeDecisions }, false).length;
  const hadManifest = existsSync(join(out, MANIFEST));
  const held = kept > 0 ? `holds ${kept} of them (--resume)`
    : !hadManifest ? (existsSync(out) ? 'an empty folder' : 'a new folder')
    : readManifest(out).hash === manifest.hash ? 'an output of this sweep with no result yet'
    : 'a sweep output with no result (its sweep.json is replaced)';
  const todo = mine.length - kept;
  const lines = [`${sweep.name}: ${plainCounted(sweep.points.length, 'point')}, ${pointCount(sweep.axes, sweep.seeds.length).sizes}${shard ? `; shard ${shard.index}/${shard.count}: ${mine.length} of them` : ''}`];
  for (const axis of sweep.axes) lines.push(`  ${axis.name}: ${axis.values.map((v) => JSON.stringify(v)).join(', ')}`);
  lines.push(`  seeds: ${sweep.seeds.join(', ')}`);
  lines.push(`--out ${out}: ${held}`);
  lines.push(`would run ${plainCounted(todo, 'point')}${todo > 0 ? ` on ${plainCounted(Math.min(parallel, todo), 'worker')}` : ''} (--dry-run: nothing simulated, no file written)`);
  return lines.join('\n') + '\n';
}
