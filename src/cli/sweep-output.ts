/**
 * A sweep's output directory: sweep.json (the manifest: which points, made from which inputs), results.jsonl (one
 * finished point a line, appended and fsynced as points finish), and the aggregates, aggregate.csv and aggregate.json.
 */
import { basename, dirname, join } from 'node:path';
import { type OutputContent, writeOutputs } from './output.js';
import { checkOutputFile } from './output-paths.js';
import { type PointRecord, aggregate, aggregateCsv, flatRows } from './sweep-aggregate.js';
import { AGGREGATE_CSV, AGGREGATE_JSON, MANIFEST, RESULTS, isSweepDir, sweepWrites } from './sweep-folder.js';
import { type Manifest, readManifest } from './sweep-manifest.js';

// The folder's parts, one module each (sweep-folder, sweep-manifest, sweep-results, sweep-results-log), importable from here as before.
export { MANIFEST, RESULTS, SWEEP_FILES, entriesBesideTemps, isSweepDir, removeSweepTemps, sweepWrites } from './sweep-folder.js';
export { type Manifest, manifestOf, readCheckedManifest, readManifest } from './sweep-manifest.js';
export { lineDigest, onePerPoint, readRecords, readResults } from './sweep-results.js';
export { ResultsLog } from './sweep-results-log.js';

/** What each file of a sweep's folder is, in a message. */
const SWEEP_FILE_KINDS: Record<string, string> = { [RESULTS]: 'results', [AGGREGATE_JSON]: 'aggregate', [AGGREGATE_CSV]: 'aggregate', [MANIFEST]: 'manifest' };

/**
 * What `path` is when it is one of a sweep output's own files (its results, aggregate or manifest), else undefined. A
 * file named sweep.json is a manifest only when it reads as one (a bench report of that name was refused as one).
 */
export function sweepFileKind(path: string): string | undefined {
  const kind = SWEEP_FILE_KINDS[basename(path)];
  if (kind === undefined || !isSweepDir(dirname(path))) return undefined;
  if (kind !== 'manifest') return kind;
  try {
    readManifest(dirname(path));
    return kind;
  } catch {
    return undefined;
  }
}

/**
 * Exit 2 before a sweep's points run when its aggregates could not be written at its end (a folder of that name, no
 * permission): finalize failed there, after every point had run.
 */
export function checkAggregateFiles(dir: string): void {
  for (const name of [AGGREGATE_CSV, AGGREGATE_JSON]) checkOutputFile(join(dir, name), '--out');
}

/**
 * Rewrites results.jsonl in point order and writes the aggregates, all three whole or none (sweep merge): a merge whose
 * aggregate.json the disk could not take had left its new results and aggregate.csv beside the old aggregate.json.
 */
export function finalize(dir: string, manifest: Manifest, records: PointRecord[]): void {
  const sorted = inPointOrder(records);
  writeOutputs([resultsInPointOrder(dir, sorted), ...aggregateOutputs(dir, manifest, sorted)], sweepWrites(dir));
}

export const inPointOrder = (records: readonly PointRecord[]): PointRecord[] => [...records].sort((a, b) => a.index - b.index);

/** Writes aggregate.csv and aggregate.json of `sorted` (in point order), both whole or neither. */
export function writeAggregates(dir: string, manifest: Manifest, sorted: readonly PointRecord[]): void {
  writeOutputs(aggregateOutputs(dir, manifest, sorted), sweepWrites(dir));
}

function aggregateOutputs(dir: string, manifest: Manifest, sorted: readonly PointRecord[]): Array<[file: string, content: OutputContent]> {
  const rows = aggregate(sorted);
  const axes = manifest.axes.map((a) => a.name);
  return [[join(dir, AGGREGATE_CSV), aggregateCsv(rows, axes)], [join(dir, AGGREGATE_JSON), JSON.stringify(flatRows(rows, axes), null, 1) + '\n']];
}

/** Rewrites results.jsonl as `sorted`'s lines (`lines`: those already made, by record), whole or not at all. */
export function writeInPointOrder(dir: string, sorted: readonly PointRecord[], lines?: WeakMap<PointRecord, string>): void {
  writeOutputs([resultsInPointOrder(dir, sorted, lines)], sweepWrites(dir));
}

function resultsInPointOrder(dir: string, sorted: readonly PointRecord[], lines?: WeakMap<PointRecord, string>): [file: string, content: OutputContent] {
  // line by line: joined, a results.jsonl past V8's longest string (about 512 MB) failed after every point had run
  return [join(dir, RESULTS), sorted.map((r) => lines?.get(r) ?? JSON.stringify(r) + '\n')];
}
