/** The `hfsim sweep` command (run, resume, shard) and `hfsim sweep merge`, with a summary table on stdout. */
import { intArg } from './args.js';
import { availableParallelism } from 'node:os';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { InputError } from './errors.js';
import { table } from './format.js';
import { checkOutputDir, writeOutput } from './output.js';
import { type PointRecord, aggregate } from './sweep-aggregate.js';
import { loadSweep, parseShard } from './sweep-file.js';
import { MANIFEST, type Manifest, finalize, readManifest, readRecords } from './sweep-output.js';
import { runSweep } from './sweep-run.js';


interface SweepFlags {
  parallel?: number;
  out?: string;
  resume?: boolean;
  shard?: string;
  progress: boolean;
}

export function sweepCommand(): Command {
  const cmd = new Command('sweep')
    .description('run every point of a sweep file (axes x seeds) on a worker pool; resumable, shardable')
    .exitOverride()
    .enablePositionalOptions() // sweep's own --out is not merge's --out
    .showHelpAfterError('(run hfsim sweep --help for usage)')
    .argument('<sweep.json>', 'sweep file')
    .option('--parallel <n>', 'worker threads (default: the number of cores)', intArg('--parallel', 1))
    .option('--out <dir>', 'output directory (default: results/<sweep name>)')
    .option('--resume', 'run only the points missing from --out')
    .option('--shard <i/n>', 'run only the points whose index is i modulo n (0 <= i < n)')
    .option('--no-progress', 'no progress output on stderr')
    .action(async (file: string, flags: SweepFlags) => {
      const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
      const sweep = loadSweep(file);
      const out = flags.out ?? join('results', sweep.name + (shard ? `-shard-${shard.index}-of-${shard.count}` : ''));
      checkOutputDir(out, '--out');
      const parallel = flags.parallel ?? availableParallelism();
      const r = await runSweep(sweep, { out, parallel, resume: flags.resume, shard, progress: flags.progress });
      const skipped = r.skipped > 0 ? `, ${r.skipped} already done` : '';
      process.stdout.write(`${sweep.name}: ${r.total} points${shard ? ` (shard ${shard.index}/${shard.count} of ${sweep.points.length})` : ''}, ran ${r.ran}${skipped}, ${parallel} worker${parallel > 1 ? 's' : ''}; wrote ${out}/\n\n`);
      process.stdout.write(summaryTable(r.manifest, r.records) + '\n');
    });
  cmd
    .command('merge')
    .description('join the output directories of the shards of one sweep into one')
    .argument('<dir...>', 'shard output directories')
    .requiredOption('--out <dir>', 'merged output directory')
    .action((dirs: string[], flags: { out: string }) => {
      const { manifest, records } = merge(dirs);
      mkdirSync(flags.out, { recursive: true });
      writeOutput(join(flags.out, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
      finalize(flags.out, manifest, records);
      const missing = manifest.points.length - records.length;
      process.stdout.write(`${manifest.name}: merged ${dirs.length} director${dirs.length > 1 ? 'ies' : 'y'}, ${records.length} of ${manifest.points.length} points` +
        `${missing > 0 ? ` (${missing} missing: run the shards that lack them, with --resume)` : ''}; wrote ${flags.out}/\n\n`);
      process.stdout.write(summaryTable(manifest, records) + '\n');
    });
  return cmd;
}

/** Joins shard outputs of one sweep: same manifest hash, each point once (a point in two shards must agree). */
export function merge(dirs: readonly string[]): { manifest: Manifest; records: PointRecord[] } {
  let first: Manifest | undefined;
  const byId = new Map<string, PointRecord>();
  for (const dir of dirs) {
    const m = readManifest(dir);
    if (first && m.hash !== first.hash) throw new InputError(`${dir}: made by a different sweep than ${dirs[0]} (the sweep file or its base scenario differ)`);
    first ??= m;
    for (const r of readRecords(dir)) {
      const had = byId.get(r.id);
      if (had && had.digest !== r.digest) throw new InputError(`${dir}: point ${r.id} has digest ${r.digest.slice(0, 12)}, another shard has ${had.digest.slice(0, 12)}`);
      if (!had) byId.set(r.id, r);
    }
  }
  const { shard: _shard, ...manifest } = first!;
  return { manifest, records: [...byId.values()].sort((a, b) => a.index - b.index) };
}

/** One row per point: its axis values, seeds, and mean ± 95% CI half-width of the headline metrics. */
export function summaryTable(manifest: Manifest, records: readonly PointRecord[]): string {
  const rows = aggregate(records);
  const axes = manifest.axes.map((a) => a.name);
  const metrics: Array<[string, string, (x: number) => string]> = [
    ['locality.node', 'node local', (x) => `${(100 * x).toFixed(1)}%`],
    ['meanResponseMs', 'mean resp (s)', (x) => (x / 1000).toFixed(1)],
    ['jobsPerHour', 'jobs/h', (x) => x.toFixed(0)],
    ['fairness', 'fairness', (x) => x.toFixed(3)],
  ];
  const points = [...new Set(rows.map((r) => r.point))];
  const body = points.map((p) => {
    const mine = rows.filter((r) => r.point === p && r.bin === null);
    const cells = axes.map((a) => { const v = mine[0].values[a]; return typeof v === 'string' ? v : JSON.stringify(v); });
    cells.push(String(mine[0].n));
    for (const [metric, , fmt] of metrics) {
      const m = mine.find((r) => r.metric === metric);
      cells.push(m === undefined ? '-' : m.ci95 === null ? fmt(m.mean) : `${fmt(m.mean)} ± ${fmt(m.ci95)}`);
    }
    return cells;
  });
  return table([...axes, 'seeds', ...metrics.map((m) => m[1])], body, axes.length);
}
