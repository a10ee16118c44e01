/** A sweep's results, results.jsonl, read back: each line checked against its point and its digest, each point counted once. */
import { closeSync, existsSync, openSync, readSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { outcomeDigest } from '../actors/digest.js';
import { pointRecordProblem } from '../report/result-schema.js';
import { InputError, fileReason } from './errors.js';
import { filePosition } from './file-position.js';
import type { PointRecord } from './sweep-aggregate.js';
import { pointId } from './sweep-file.js';
import { MANIFEST, RESULTS } from './sweep-folder.js';
import type { Manifest } from './sweep-manifest.js';

/**
 * Reads results.jsonl. A last line without its newline is a write cut short by a crash: it is cut off the file,
 * so that its point runs again. Any other unreadable line is an error. With the folder's manifest (report, merge),
 * each line must also be a result (result-schema.ts) of one of its points, made with that point's values and seed.
 */
export function readRecords(dir: string, repair = false, manifest?: Manifest): PointRecord[] {
  return readResults(dir, repair, manifest).records;
}

/**
 * readRecords, saying too whether results.jsonl ends in a line without its newline (`cutShort`): a write cut short,
 * which it leaves out (and --resume cuts off), so that a report can say so rather than count its point only as not run.
 */
export function readResults(dir: string, repair = false, manifest?: Manifest): { records: PointRecord[]; cutShort: boolean } {
  const file = join(dir, RESULTS);
  if (!existsSync(file)) return { records: [], cutShort: false };
  const records: PointRecord[] = [];
  const points = manifest === undefined ? undefined : new Map(manifest.points.map((p) => [p.id, p]));
  const take = (line: string, i: number): void => {
    if (line.trim() === '') return;
    let record: PointRecord;
    try {
      record = JSON.parse(line) as PointRecord;
    } catch {
      throw new InputError(`${filePosition(file, i + 1)}: not a JSON result line`);
    }
    if (points !== undefined) {
      const problem = pointRecordProblem(record) ?? pointProblem(record, points) ?? digestProblem(record);
      if (problem !== undefined) throw new InputError(`${filePosition(file, i + 1)}: ${problem}`);
    }
    records.push(record);
  };
  let whole: { complete: number; size: number };
  try {
    whole = forEachLine(file, take);
  } catch (err) {
    if (typeof (err as NodeJS.ErrnoException).code !== 'string') throw err;
    throw new InputError(`${file}: cannot read the sweep's results (${fileReason(err)})`);
  }
  const cutShort = whole.complete < whole.size;
  if (cutShort && repair) truncateSync(file, whole.complete);
  return { records, cutShort };
}

/**
 * Calls `line` with each line that ends in a newline (and its index from 0), read in chunks: the file as one string
 * failed past V8's longest string (about 512 MB: a sweep of a few hundred FB-2009 days), and no command could read it
 * again. Returns the bytes up to the last newline, and the file's size.
 */
function forEachLine(file: string, line: (text: string, index: number) => void): { complete: number; size: number } {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 24);
    let carry: Buffer[] = [];
    let carried = 0;
    let size = 0;
    let index = 0;
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      size += n;
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl >= 0 && nl < n; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        line((carried > 0 ? Buffer.concat([...carry, piece]) : piece).toString('utf8'), index++);
        carry = [];
        carried = 0;
        start = nl + 1;
      }
      if (start < n) {
        carry.push(Buffer.from(chunk.subarray(start, n))); // a copy: the chunk is read into again
        carried += n - start;
      }
    }
    return { complete: size - carried, size };
  } finally {
    closeSync(fd);
  }
}

/** Why a results line is not a result of its point in sweep.json, or undefined when it is. */
function pointProblem(r: PointRecord, points: ReadonlyMap<string, Manifest['points'][number]>): string | undefined {
  const p = points.get(r.id);
  if (p === undefined) return `id: point ${r.id} is not a point of ${MANIFEST}`;
  if (pointId(r.values, r.seed) !== p.id) {
    return `values, seed: ${JSON.stringify(r.values)} with seed ${r.seed} are not point ${p.index}'s ${JSON.stringify(p.values)} with seed ${p.seed} (its id ${p.id})`;
  }
  for (const field of ['index', 'group', 'variant'] as const) {
    if (r[field] !== p[field]) return `${field}: ${JSON.stringify(r[field])} is not point ${p.index}'s ${JSON.stringify(p[field])} in ${MANIFEST}`;
  }
  return undefined;
}

/**
 * The fields of a results line its digest does not cover: the point's, and the run's wall-clock section. The rest is
 * the outcome, in the order simulate() hashed it (digestOf), whatever sections a later version adds.
 */
const NOT_DIGESTED = new Set(['id', 'index', 'group', 'values', 'run', 'digest']);

/** The digest of a results line's outcome: what its `digest` must be (own properties only: a "__proto__" key assigned set the prototype, and escaped the hash). */
export function lineDigest(line: object): string {
  return outcomeDigest(Object.fromEntries(Object.entries(line).filter(([key]) => !NOT_DIGESTED.has(key))));
}

/**
 * Why a results line's outcome is not the one its digest was made from (a value edited by hand), or undefined. The
 * line holds the outcome's fields in the order they were hashed, so hashing them again must give the digest.
 */
function digestProblem(r: PointRecord): string | undefined {
  const digest = lineDigest(r);
  return digest === r.digest ? undefined : `digest: ${r.digest.slice(0, 12)} is not the digest of the line's outcome (that is ${digest.slice(0, 12)}): a value was edited`;
}

/**
 * The records of the points in `ids`, each point once, as `--resume`, `report` and `sweep merge` count them: a line
 * repeated (copied, appended twice, or in two shards) counts once; one point with two digests is refused, naming
 * where each came from: `from` is the file every record was read from, or gives each record's (merge's shards).
 */
export function onePerPoint(had: readonly PointRecord[], ids: ReadonlySet<string>, from: string | ((r: PointRecord) => string)): PointRecord[] {
  const where = typeof from === 'string' ? () => from : from;
  const byId = new Map<string, PointRecord>();
  for (const r of had) {
    if (!ids.has(r.id)) continue;
    const first = byId.get(r.id);
    if (first === undefined) byId.set(r.id, r);
    else if (first.digest !== r.digest) {
      const [a, b] = [where(first), where(r)];
      const digests = [first.digest.slice(0, 12), r.digest.slice(0, 12)];
      throw new InputError(a === b ? `${a}: point ${r.id} appears twice, with digests ${digests[0]} and ${digests[1]}`
        : `${b}: point ${r.id} has digest ${digests[1]}, ${a} has ${digests[0]}`);
    }
  }
  return [...byId.values()];
}
