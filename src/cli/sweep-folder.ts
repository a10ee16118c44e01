/** The names of a sweep output folder's own files, and the temp files a killed write of one leaves beside them. */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { OUTPUT_LOCK } from './output-lock.js';

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
 * write-file-atomic's temp file of one of a sweep's own files: its name, a dot and a 32-bit number. A kill -9 (or a
 * crash) during that write leaves it in the folder; the next sweep or merge into the folder removes it.
 */
export function isSweepTemp(name: string): boolean {
  const m = /^(?:sweep\.json|results\.jsonl|aggregate\.csv|aggregate\.json)\.(\d{1,10})$/.exec(name);
  return m !== null && Number(m[1]) < 2 ** 32;
}

/** The folder's entries that are not a sweep's temp files (none: the folder is empty, or as a killed first write left it). */
export function entriesBesideTemps(dir: string): string[] {
  return readdirSync(dir).filter((name) => !isSweepTemp(name) && name !== OUTPUT_LOCK);
}

/** Removes the sweep's temp files from `dir`, before a sweep or a merge writes there. */
export function removeSweepTemps(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (isSweepTemp(name)) rmSync(join(dir, name), { force: true });
}

export function isSweepDir(dir: string): boolean {
  return existsSync(join(dir, MANIFEST));
}
