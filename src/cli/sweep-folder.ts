/** The names of a sweep output folder's own files, and the temp files a killed write of one leaves beside them. */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { OUTPUT_LOCK } from './output-lock.js';
import type { WriteOptions } from './output.js';
import { PROBE_MARK } from './output-paths.js';

export const MANIFEST = 'sweep.json';
export const RESULTS = 'results.jsonl';
export const AGGREGATE_CSV = 'aggregate.csv';
export const AGGREGATE_JSON = 'aggregate.json';
/** The files a sweep writes into its output folder. */
export const SWEEP_FILES = [MANIFEST, RESULTS, AGGREGATE_CSV, AGGREGATE_JSON] as const;

/** Whether `path` has the name of one of a sweep's own files (whether it is one: sweep-output.ts sweepFileKind). */
export function namedAsSweepFile(path: string): boolean {
  return (SWEEP_FILES as readonly string[]).includes(basename(path));
}

/**
 * The folder's list of the temp files its writes made (output.ts WriteOptions.journal), each named before it is
 * written; removed once a command's writes are all done.
 */
export const TEMP_JOURNAL = '.hfsim-temps';

/** A write-file-atomic temp file's name for one of a sweep's files: its name, a dot and a 32-bit number. */
const TEMP_NAME = /^(?:sweep\.json|results\.jsonl|aggregate\.csv|aggregate\.json)\.\d{1,10}$/;

/** An output check's probe's name for one of them (output-paths.ts probeName). */
const PROBE_NAME = new RegExp(`^(?:sweep\\.json|results\\.jsonl|aggregate\\.csv|aggregate\\.json)${PROBE_MARK.replace('.', '\\.')}\\d{5}$`);

/** The write options of a command that writes into sweep folder `dir`: its temp files journaled. */
export const sweepWrites = (dir: string): WriteOptions => ({ journal: join(dir, TEMP_JOURNAL) });

/**
 * What a kill -9 (or a crash) of a sweep or merge left in `dir` of its own: the temp files its journal lists, and the
 * probes of its output check. A name alone told them from nothing: `results.jsonl.1`, a user's backup, was taken for
 * a temp file and removed (and a probe of 10 digits past 2^32 for a user's file, so its folder was refused for good).
 */
function sweepLeftovers(dir: string): string[] {
  const journal = join(dir, TEMP_JOURNAL);
  const listed = new Set(existsSync(journal) ? readFileSync(journal, 'utf8').split('\n') : []);
  return readdirSync(dir).filter((name) => (listed.has(name) && TEMP_NAME.test(name)) || PROBE_NAME.test(name));
}

/** The folder's entries that are not a sweep's leftovers (none: the folder is empty, or as a killed first write left it). */
export function entriesBesideTemps(dir: string): string[] {
  const leftovers = new Set(sweepLeftovers(dir));
  return readdirSync(dir).filter((name) => !leftovers.has(name) && name !== OUTPUT_LOCK && name !== TEMP_JOURNAL);
}

/** Removes a killed sweep's or merge's leftovers from `dir`, and its journal, before a sweep or a merge writes there. */
export function removeSweepTemps(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of sweepLeftovers(dir)) rmSync(join(dir, name), { force: true });
  rmSync(join(dir, TEMP_JOURNAL), { force: true });
}

export function isSweepDir(dir: string): boolean {
  return existsSync(join(dir, MANIFEST));
}
