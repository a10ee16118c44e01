/** The names of a sweep output folder's own files, and the temp files a killed write of one leaves beside them. */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { OUTPUT_LOCK, OUTPUT_LOCK_BREAKER } from './output-lock.js';
import type { WriteOptions } from './output.js';
import { PROBE_TAIL } from './output-paths.js';

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

/** A write-file-atomic temp file's name adds to its file's: a dot and a 32-bit number. */
const TEMP_TAIL = /^\.\d{1,10}$/;

/** Whether `name` is one of a sweep's files' with `tail` after it. */
const sweepFileAnd = (name: string, tail: RegExp): boolean => SWEEP_FILES.some((f) => name.startsWith(f) && tail.test(name.slice(f.length)));

/** The write options of a command that writes into sweep folder `dir`: its temp files journaled. */
export const sweepWrites = (dir: string): WriteOptions => ({ journal: join(dir, TEMP_JOURNAL) });

/**
 * Whether a name in `dir` is what a kill -9 (or a crash) of a sweep or merge left there of its own: a temp file its
 * journal lists, or a probe of its output check. A name alone told them from nothing: `results.jsonl.1`, a user's backup, was taken for
 * a temp file and removed (and a probe of 10 digits past 2^32 for a user's file, so its folder was refused for good).
 */
function isLeftover(dir: string): (name: string) => boolean {
  const journal = join(dir, TEMP_JOURNAL);
  const listed = new Set(existsSync(journal) ? readFileSync(journal, 'utf8').split('\n') : []);
  return (name) => (listed.has(name) && sweepFileAnd(name, TEMP_TAIL)) || sweepFileAnd(name, PROBE_TAIL);
}

/** The folder's entries that are not a sweep's leftovers (none: the folder is empty, or as a killed first write left it). */
export function entriesBesideTemps(dir: string): string[] {
  const leftover = isLeftover(dir);
  return readdirSync(dir).filter((name) => !leftover(name) && name !== OUTPUT_LOCK && name !== OUTPUT_LOCK_BREAKER && name !== TEMP_JOURNAL);
}

/** Removes a killed sweep's or merge's leftovers from `dir`, and its journal, before a sweep or a merge writes there. */
export function removeSweepTemps(dir: string): void {
  if (!existsSync(dir)) return;
  const leftover = isLeftover(dir);
  for (const name of readdirSync(dir)) if (leftover(name)) rmSync(join(dir, name), { force: true });
  rmSync(join(dir, TEMP_JOURNAL), { force: true });
}

export function isSweepDir(dir: string): boolean {
  return existsSync(join(dir, MANIFEST));
}
