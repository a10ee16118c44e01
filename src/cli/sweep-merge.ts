/**
 * `hfsim sweep merge <dir>... --out <dir>`: joins the output directories of one sweep's shards. It never loses a
 * point: an --out that already holds an output of the same sweep is merged in too (merging one shard onto a complete
 * output keeps every point), and a merge that still lacks points writes what it has, names the missing points and
 * exits 4 (EXIT.incomplete), so a script cannot take a partial merge for a finished sweep.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IncompleteError, InputError, osReason } from './errors.js';
import { folderShown } from './format.js';
import { writeOutputs } from './output.js';
import { checkOutputDir, makeOutputDir } from './output-paths.js';
import { OUTPUT_LOCK, lockOutput, writerOf } from './output-lock.js';
import type { PointRecord } from './sweep-aggregate.js';
import { MANIFEST, type Manifest, RESULTS, entriesBesideTemps, finalize, isSweepDir, onePerPoint, readCheckedManifest, readRecords, removeSweepTemps, sweepWrites } from './sweep-output.js';
import { describePoint } from './sweep-run.js';
import { summaryTable } from './sweep-summary.js';
import { sweepChanges } from './sweep-changes.js';
import { warnOnce } from './warn.js';

/**
 * Joins shard outputs of one sweep: same manifest hash, each checked (readCheckedManifest, and each results line a
 * result of its point), each point once as onePerPoint counts it (a point in two shards must agree).
 */
export function merge(dirs: readonly string[]): { manifest: Manifest; records: PointRecord[] } {
  let first: Manifest | undefined;
  const all: PointRecord[] = [];
  const fileOf = new Map<PointRecord, string>();
  for (const dir of dirs) {
    const m = readCheckedManifest(dir);
    if (first && m.hash !== first.hash) throw new InputError(`${dir}: made by a different sweep than ${dirs[0]}: they differ in ${sweepChanges(first, m, { then: `in ${dirs[0]}`, now: 'here' })}`);
    first ??= m;
    for (const r of readRecords(dir, false, m)) {
      all.push(r);
      fileOf.set(r, join(dir, RESULTS));
    }
  }
  const { shard: _shard, ...manifest } = first!;
  const records = onePerPoint(all, new Set(manifest.points.map((p) => p.id)), (r) => fileOf.get(r)!);
  return { manifest, records: records.sort((a, b) => a.index - b.index) };
}

/** The inputs, with --out added when it already holds an output (of the same sweep, which merge() checks). */
function inputsWithOut(dirs: readonly string[], out: string): string[] {
  if (!existsSync(out)) return [...dirs];
  if (!isSweepDir(out)) {
    if (entriesBesideTemps(out).length > 0) throw new InputError(`--out ${out}: holds files but no ${MANIFEST}: not a sweep output; choose an empty or new folder`);
    return [...dirs];
  }
  const real = realpathSync(out);
  return dirs.some((d) => realpathSync(d) === real) ? [...dirs] : [...dirs, out];
}

const SHOWN = 20;

/**
 * The points the merge lacks, one a line (the first SHOWN), with the command that runs them. `live`: the inputs a sweep
 * was writing as they were read (live(), lines naming the writer), whose points may yet come: a merge run before a
 * shard ended is told to merge again once they end, and to --resume only what is missing then (at once, it ran those
 * points twice).
 */
export function missingReport(manifest: Manifest, records: readonly PointRecord[], out: string, live: readonly string[] = []): string | undefined {
  const have = new Set(records.map((r) => r.id));
  const missing = manifest.points.filter((p) => !have.has(p.id));
  if (missing.length === 0) return undefined;
  const lines = missing.slice(0, SHOWN).map((p) => `  point ${p.index} (${describePoint(p)}), id ${p.id}`);
  if (missing.length > SHOWN) lines.push(`  ... and ${missing.length - SHOWN} more`);
  // The shards' --plugin files and --no-time-decisions too: without them the points failed to load (no policy of
  // the plugin's name), or were timed where the rest were not.
  const untimed = records.length > 0 && records.every((r) => r.run.decisionUs === undefined);
  const resume = resumeCommand(manifest.file, resolve(out), { plugins: manifest.plugins ?? [], timeDecisions: !untimed });
  return `sweep merge: incomplete: ${missing.length} of ${manifest.points.length} points missing from ${out}:\n${lines.join('\n')}\n` +
    (live.length === 0 ? `run them with: ${resume}` : `${live.join('\n')}\nmerge again once ${live.length === 1 ? 'it ends' : 'they end'}; if points are missing then, run them with: ${resume}`);
}

/** Each input a sweep or merge writes now (its lock's holder may live), as a line naming it and its lock. */
function live(dirs: readonly string[]): string[] {
  return dirs.flatMap((d) => {
    const who = writerOf(d);
    return who === undefined ? [] : [`${d} is still being written by another hfsim ${who} (if none is running, remove ${join(d, OUTPUT_LOCK)})`];
  });
}

/** A path as a shell reads it back: as it is when it holds only safe characters, else in single quotes. */
export const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);

/** The command that runs a sweep's points missing from `out`: its shard, its --plugin files, its --no-time-decisions. */
export function resumeCommand(file: string, out: string, how: { shard?: { index: number; count: number }; plugins: readonly string[]; timeDecisions: boolean; pointTimeout?: number }): string {
  return ['hfsim', 'sweep', shellWord(file), '--out', shellWord(out), '--resume', ...(how.shard ? ['--shard', `${how.shard.index}/${how.shard.count}`] : []),
    ...how.plugins.flatMap((p) => ['--plugin', shellWord(p)]), ...(how.timeDecisions ? [] : ['--no-time-decisions']),
    ...(how.pointTimeout === undefined ? [] : ['--point-timeout', String(how.pointTimeout)])].join(' ');
}

/** `hfsim sweep merge`'s action (its options are in commands.ts). */
export function mergeAction(named: string[], flags: { out: string }): void {
  checkOutputDir(flags.out, '--out');
  // Each input is a folder: a mistyped one was told as "DIR/sweep.json: cannot read sweep manifest file".
  for (const d of named) {
    let folder: boolean;
    try {
      folder = statSync(d).isDirectory();
    } catch (err) {
      throw new InputError(`${d}: cannot read it (${osReason(err)}): each input of sweep merge is the --out folder of a shard of the sweep`);
    }
    if (!folder) throw new InputError(`${d}: not a folder: each input of sweep merge is the --out folder of a shard of the sweep`);
  }
  // A folder named twice (or by two paths) is merged once: "merged 2 directories" of one said otherwise.
  const dirs = [...new Map(named.map((d) => [realpathSync(d), d])).values()];
  // Inputs a sweep still writes, as they are read: one that ends meanwhile still lacked its last points here.
  const writing = live(dirs);
  // The lock before --out's results are read (a sweep finishing there meanwhile had its last lines written over);
  // a new --out is made, and locked, once the inputs are read (bad inputs leave no folder behind).
  let release = existsSync(flags.out) ? lockOutput(flags.out, '--out') : undefined;
  try {
    let inputs = inputsWithOut(dirs, flags.out);
    let { manifest, records } = merge(inputs);
    if (release === undefined) {
      makeOutputDir(flags.out, '--out');
      release = lockOutput(flags.out, '--out');
      // Another merge into the same new --out may have finished while this one read its inputs: its output is merged
      // in now, where it was written over (and the points only it had were lost; this merge then exited 4).
      if (isSweepDir(flags.out)) {
        inputs = inputsWithOut(dirs, flags.out);
        ({ manifest, records } = merge(inputs));
      }
    }
    removeSweepTemps(flags.out);
    writeOutputs([[join(flags.out, MANIFEST), JSON.stringify(manifest, null, 1) + '\n']], sweepWrites(flags.out));
    finalize(flags.out, manifest, records);
    release();
    const kept = inputs.length > dirs.length ? ' into the output already there' : '';
    process.stdout.write(`${manifest.name}: merged ${dirs.length} director${dirs.length > 1 ? 'ies' : 'y'}${kept}, ${records.length} of ${manifest.points.length} points; ` +
      `wrote ${folderShown(flags.out)}\n\n`);
    process.stdout.write(summaryTable(manifest, records) + '\n');
    // Shards swept with and without --no-time-decisions: said as --resume says it (sweep-run.ts), not averaged silently.
    const timed = records.filter((r) => r.run.decisionUs !== undefined).length;
    if (timed > 0 && timed < records.length) {
      warnOnce(`sweep merge: ${timed} of the ${records.length} points were timed, ${records.length - timed} not (--no-time-decisions): the aggregate's decisionUs rows count only the timed points`);
    }
    const missing = missingReport(manifest, records, flags.out, writing);
    if (missing !== undefined) throw new IncompleteError(missing);
  } finally {
    release?.();
  }
}
