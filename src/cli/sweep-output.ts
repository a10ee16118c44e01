/**
 * A sweep's output directory: sweep.json (the manifest: which points, made from which inputs), results.jsonl (one
 * finished point a line, appended and fsynced as points finish), and the aggregates, aggregate.csv and aggregate.json.
 */
import { existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from './errors.js';
import { readJsonFile } from './load-scenario.js';
import { writeOutput } from './output.js';
import { type PointRecord, aggregate, aggregateCsv, flatRows } from './sweep-aggregate.js';
import type { Axis, ChartSpec, Sweep } from './sweep-file.js';

export const MANIFEST = 'sweep.json';
export const RESULTS = 'results.jsonl';

export interface Manifest {
  name: string;
  description?: string;
  file: string;
  hash: string;
  axes: Axis[];
  seeds: number[];
  charts?: ChartSpec[];
  /** The share of the points this directory holds; absent when it holds (or merges to) all of them. */
  shard?: { index: number; count: number };
  /** Every point of the sweep, whichever shard this is: index, id, group, axis values, seed and variant. */
  points: Array<{ id: string; index: number; group: string; values: Record<string, unknown>; seed: number; variant: string }>;
}

export function manifestOf(sweep: Sweep, shard?: { index: number; count: number }): Manifest {
  return {
    name: sweep.name,
    description: sweep.description,
    file: sweep.file,
    hash: sweep.hash,
    axes: sweep.axes,
    seeds: sweep.seeds,
    charts: sweep.charts,
    shard,
    points: sweep.points.map(({ id, index, group, values, seed, variant }) => ({ id, index, group, values, seed, variant })),
  };
}

export function isSweepDir(dir: string): boolean {
  return existsSync(join(dir, MANIFEST));
}

export function readManifest(dir: string): Manifest {
  const raw = readJsonFile(join(dir, MANIFEST), 'sweep manifest') as Manifest;
  if (typeof raw !== 'object' || raw === null || typeof raw.hash !== 'string' || !Array.isArray(raw.points)) {
    throw new InputError(`${join(dir, MANIFEST)}: not a sweep manifest (written by hfsim sweep)`);
  }
  return raw;
}

/**
 * Reads results.jsonl. A last line without its newline is a write cut short by a crash: it is cut off the file,
 * so that its point runs again. Any other unreadable line is an error.
 */
export function readRecords(dir: string, repair = false): PointRecord[] {
  const file = join(dir, RESULTS);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length && repair) truncateSync(file, Buffer.byteLength(text.slice(0, end)));
  const records: PointRecord[] = [];
  text.slice(0, end).split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      records.push(JSON.parse(line) as PointRecord);
    } catch {
      throw new InputError(`${file}: line ${i + 1} is not a JSON result line`);
    }
  });
  return records;
}

/**
 * The records of the points in `ids`, each point once, as `sweep merge` counts them: a line repeated (copied, appended
 * twice) counts once; one point with two digests is refused.
 */
export function onePerPoint(had: readonly PointRecord[], ids: ReadonlySet<string>, file: string): PointRecord[] {
  const byId = new Map<string, PointRecord>();
  for (const r of had) {
    if (!ids.has(r.id)) continue;
    const first = byId.get(r.id);
    if (first === undefined) byId.set(r.id, r);
    else if (first.digest !== r.digest) throw new InputError(`${file}: point ${r.id} appears twice, with digests ${first.digest.slice(0, 12)} and ${r.digest.slice(0, 12)}`);
  }
  return [...byId.values()];
}

/**
 * Appends each record as one JSON line, then fsyncs, without pausing the caller: writes and fsyncs run off the main
 * thread, one batch at a time; lines that arrive during a flush go out together in the next (a group commit). A
 * point is durable once its batch is synced; a kill mid-write leaves at most a last line without its newline, which
 * readRecords cuts off on --resume.
 */
export class ResultsLog {
  private readonly file: Promise<FileHandle>;
  private lines: string[] = [];
  private flushing: Promise<void> | undefined;
  private failed: unknown;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = open(join(dir, RESULTS), 'a');
    this.file.catch((err: unknown) => { this.failed = err; });
  }

  /** Every line appended, by its record (finalize reuses them rather than stringify each record again). */
  readonly written = new WeakMap<PointRecord, string>();

  append(record: PointRecord): void {
    const line = JSON.stringify(record) + '\n';
    this.written.set(record, line);
    this.lines.push(line);
    this.flushing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      const fh = await this.file;
      while (this.lines.length > 0 && this.failed === undefined) {
        const buf = Buffer.from(this.lines.join(''));
        this.lines = [];
        let off = 0;
        while (off < buf.length) off += (await fh.write(buf, off)).bytesWritten;
        await fh.datasync();
      }
    } catch (err) {
      this.failed = err;
    } finally {
      this.flushing = undefined;
    }
  }

  /** Waits for every appended line to be written and synced; throws if a write failed. */
  async close(): Promise<void> {
    await this.flushing;
    if (this.lines.length > 0 && this.failed === undefined) await (this.flushing = this.drain());
    await this.file.then((fh) => fh.close(), () => undefined);
    if (this.failed !== undefined) throw this.failed;
  }
}

/** Rewrites results.jsonl in point order and writes the aggregates, each file whole or not at all. */
export function finalize(dir: string, manifest: Manifest, records: PointRecord[], lines?: WeakMap<PointRecord, string>): void {
  const sorted = [...records].sort((a, b) => a.index - b.index);
  writeOutput(join(dir, RESULTS), sorted.map((r) => lines?.get(r) ?? JSON.stringify(r) + '\n').join(''));
  const rows = aggregate(sorted);
  const axes = manifest.axes.map((a) => a.name);
  writeOutput(join(dir, 'aggregate.csv'), aggregateCsv(rows, axes));
  writeOutput(join(dir, 'aggregate.json'), JSON.stringify(flatRows(rows, axes), null, 1) + '\n');
}
