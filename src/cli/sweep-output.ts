/**
 * A sweep's output directory: sweep.json (the manifest: which points, made from which inputs), results.jsonl (one
 * finished point a line, appended and fsynced as each finishes), and the aggregates, aggregate.csv and aggregate.json.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
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

/** Appends each record as one write of one JSON line, then fsyncs: a finished point survives a kill or a crash. */
export class ResultsLog {
  private readonly fd: number;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.fd = openSync(join(dir, RESULTS), 'a');
  }

  append(record: PointRecord): void {
    const buf = Buffer.from(JSON.stringify(record) + '\n');
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Rewrites results.jsonl in point order and writes the aggregates, each file whole or not at all. */
export function finalize(dir: string, manifest: Manifest, records: PointRecord[]): void {
  const sorted = [...records].sort((a, b) => a.index - b.index);
  writeOutput(join(dir, RESULTS), sorted.map((r) => JSON.stringify(r) + '\n').join(''));
  const rows = aggregate(sorted);
  const axes = manifest.axes.map((a) => a.name);
  writeOutput(join(dir, 'aggregate.csv'), aggregateCsv(rows, axes));
  writeOutput(join(dir, 'aggregate.json'), JSON.stringify(flatRows(rows, axes), null, 1) + '\n');
}
