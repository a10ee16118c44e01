/**
 * A sweep's output directory: sweep.json (the manifest: which points, made from which inputs), results.jsonl (one
 * finished point a line, appended and fsynced as points finish), and the aggregates, aggregate.csv and aggregate.json.
 */
import { closeSync, existsSync, fdatasyncSync, fstatSync, ftruncateSync, mkdirSync, openSync, readSync, readdirSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { outcomeDigest } from '../actors/digest.js';
import { firstProblem, pointRecordProblem } from '../report/result-schema.js';
import { ENDING_SIGNALS, atEndingSignal } from './ending-signals.js';
import { InputError, fileReason, osReason } from './errors.js';
import { readJsonFile } from './load-scenario.js';
import { type OutputContent, writeOutputs } from './output.js';
import { checkOutputFile } from './output-paths.js';
import { OUTPUT_LOCK } from './output-lock.js';
import { type PointRecord, aggregate, aggregateCsv, flatRows } from './sweep-aggregate.js';
import { type Axis, type ChartSpec, type Sweep, VARIANT_AXIS, chartProblems, chartSchema, firstRepeated, pointCount, pointId } from './sweep-file.js';
import type { SweepInputs } from './sweep-changes.js';

export const MANIFEST = 'sweep.json';
export const RESULTS = 'results.jsonl';
export const AGGREGATE_CSV = 'aggregate.csv';
export const AGGREGATE_JSON = 'aggregate.json';
/** The files a sweep writes into its output folder. */
export const SWEEP_FILES = [MANIFEST, RESULTS, AGGREGATE_CSV, AGGREGATE_JSON] as const;

export interface Manifest {
  name: string;
  description?: string;
  file: string;
  hash: string;
  /** The inputs in `hash`, hashed apart (sweep-changes.ts); absent in the output of an hfsim before 2026-11-27. */
  inputs?: SweepInputs;
  axes: Axis[];
  seeds: number[];
  charts?: ChartSpec[];
  /** The share of the points this directory holds; absent when it holds (or merges to) all of them. */
  shard?: { index: number; count: number };
  /** The --plugin files the sweep ran with, absolute: an incomplete merge's command names them. Absent: none. */
  plugins?: string[];
  /** Every point of the sweep, whichever shard this is: index, id, group, axis values, seed and variant. */
  points: Array<{ id: string; index: number; group: string; values: Record<string, unknown>; seed: number; variant: string }>;
}

export function manifestOf(sweep: Sweep, shard?: { index: number; count: number }): Manifest {
  return {
    name: sweep.name,
    description: sweep.description,
    file: resolve(sweep.file), // absolute: a merge's "run them with" command works from any folder
    hash: sweep.hash,
    inputs: sweep.inputs,
    axes: sweep.axes,
    seeds: sweep.seeds,
    charts: sweep.charts,
    shard,
    plugins: sweep.pluginFiles,
    points: sweep.points.map(({ id, index, group, values, seed, variant }) => ({ id, index, group, values, seed, variant })),
  };
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

export function readManifest(dir: string): Manifest {
  const raw = readJsonFile(join(dir, MANIFEST), 'sweep manifest') as Manifest;
  if (typeof raw !== 'object' || raw === null || typeof raw.hash !== 'string' || !Array.isArray(raw.points)) {
    throw new InputError(`${join(dir, MANIFEST)}: not a sweep manifest (written by hfsim sweep)`);
  }
  return raw;
}

const count = z.number().int().min(0);
const manifestSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  file: z.string(),
  hash: z.string().min(1),
  inputs: z.strictObject({ scenarios: z.string(), traces: z.string(), plugins: z.array(z.string()) }).optional(),
  axes: z.array(z.strictObject({ name: z.string().min(1), values: z.array(z.unknown()).min(1, 'an axis needs at least one value') })),
  seeds: z.array(count).min(1, 'seeds must list at least one seed'),
  charts: z.array(chartSchema).optional(),
  shard: z.strictObject({ index: count, count: count.min(1) }).refine((s) => s.index < s.count, 'index must be below count').optional(),
  plugins: z.array(z.string().min(1)).optional(),
  points: z.array(z.strictObject({ id: z.string(), index: count, group: z.string(), values: z.record(z.string(), z.unknown()), seed: count, variant: z.string() })),
});

/**
 * Reads sweep.json and checks that it still describes the folder's points (for report and merge, which draw and
 * write what it says): its fields' types, its charts (sweep-file.ts's chartProblems), and each point's values, seed
 * and id against the axes and seeds. An edit that changed the axes or seeds, or a point, is refused naming the field:
 * the results were made by the points it lists, and drawn against edited axes they made empty charts of NaN.
 */
export function readCheckedManifest(dir: string): Manifest {
  const file = join(dir, MANIFEST);
  const raw = readManifest(dir);
  const bad = (field: string, why: string): InputError => new InputError(`${file}: ${field}: ${why}`);
  const problem = firstProblem(manifestSchema, raw);
  if (problem !== undefined) throw new InputError(`${file}: ${problem}`);
  const m = raw;
  const key = (v: unknown): string => JSON.stringify(v) ?? String(v);
  const listed = m.axes.map((a, i) => {
    if (m.axes.findIndex((b) => b.name === a.name) !== i) throw bad(`axes[${i}].name`, `"${a.name}" names two axes`);
    if (firstRepeated(a.values) !== undefined) throw bad(`axes[${i}].values`, 'a value appears twice');
    return new Set(a.values.map(key));
  });
  if (firstRepeated(m.seeds) !== undefined) throw bad('seeds', 'a seed appears twice');
  const ids = new Set<string>();
  m.points.forEach((p, i) => {
    const where = `point ${i} (id ${p.id})`;
    if (p.index !== i) throw bad(`points[${i}].index`, `is ${p.index}, not its position ${i}`);
    m.axes.forEach((a, j) => {
      if (!Object.hasOwn(p.values, a.name)) throw bad(`axes[${j}].name`, `"${a.name}" is not an axis of ${where}, which has ${Object.keys(p.values).map((n) => `"${n}"`).join(', ') || 'no axes'}: the results were made with other axes`);
      if (!listed[j].has(key(p.values[a.name]))) throw bad(`axes[${j}].values`, `${where} has ${a.name}=${key(p.values[a.name])}, not among them: the results were made with other values`);
    });
    for (const name of Object.keys(p.values)) if (!m.axes.some((a) => a.name === name)) throw bad(`points[${i}].values`, `"${name}" is not an axis of the sweep (have ${m.axes.map((a) => `"${a.name}"`).join(', ') || 'none'})`);
    if (!m.seeds.includes(p.seed)) throw bad('seeds', `${where} has seed ${p.seed}, not among them: the results were made with other seeds`);
    if (p.id !== pointId(p.values, p.seed) || p.group !== pointId(p.values)) throw bad(`points[${i}]`, `its id or group is not that of its values and seed: the point was edited`);
    if (typeof p.values[VARIANT_AXIS] === 'string' && p.values[VARIANT_AXIS] !== '' && p.values[VARIANT_AXIS] !== p.variant) throw bad(`points[${i}].variant`, `"${p.variant}" is not its variant axis's value ${key(p.values[VARIANT_AXIS])}`);
    if (ids.has(p.id)) throw bad(`points[${i}]`, `repeats an earlier point (id ${p.id})`);
    ids.add(p.id);
  });
  const all = pointCount(m.axes, m.seeds.length);
  if (m.points.length !== all.points) throw bad('points', `${m.points.length} points, but the axes and seeds make ${all.points} (${all.sizes})`);
  const charts = chartProblems(m.charts ?? [], m.axes);
  if (charts.length > 0) throw new InputError(`${file}: ${charts[0]}`);
  return m;
}

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
      throw new InputError(`${file}: line ${i + 1} is not a JSON result line`);
    }
    if (points !== undefined) {
      const problem = pointRecordProblem(record) ?? pointProblem(record, points) ?? digestProblem(record);
      if (problem !== undefined) throw new InputError(`${file}: line ${i + 1}: ${problem}`);
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

/** The whole lines of the first `written` bytes of `buf`: their bytes, up to and with the last newline, and their count. */
function wholeLines(buf: Buffer, written: number): { bytes: number; lines: number } {
  const bytes = buf.subarray(0, written).lastIndexOf(10) + 1;
  let lines = 0;
  for (let i = 0; i < bytes; i++) if (buf[i] === 10) lines++;
  return { bytes, lines };
}

/**
 * Appends each record as one JSON line, then fsyncs, without pausing the caller: writes and fsyncs run off the main
 * thread, one batch at a time; lines that arrive during a flush go out together in the next (a group commit). A
 * point is durable once its batch is synced; a kill mid-write leaves at most a last line without its newline, which
 * readRecords cuts off on --resume.
 */
export class ResultsLog {
  private readonly file: Promise<FileHandle>;
  private readonly path: string;
  private lines: string[] = [];
  private flushing: Promise<void> | undefined;
  private failed: unknown;
  /** The lines drain() is writing, and how far its writes have returned; undefined once all have. */
  private writing: { buf: Buffer; off: number; lines: number } | undefined;
  /** Lines known to be in the file: their writes returned (drain), or writeWaiting wrote them. */
  private inFile = 0;
  /** Stops writing the waiting lines at an ending signal (the log's close). */
  private readonly unlisten: () => void;

  /**
   * Opens `dir`'s results.jsonl for appending. One that cannot be (a folder of that name, no permission) is bad input,
   * before any point runs: it failed only when the log was closed, after every point had run. Until it is closed, a
   * signal of `signals` that ends the process first writes the lines still waiting (writeWaiting).
   */
  constructor(dir: string, signals: readonly NodeJS.Signals[] = ENDING_SIGNALS) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, RESULTS);
    try {
      closeSync(openSync(this.path, 'a'));
    } catch (err) {
      throw new InputError(`${this.path}: cannot append results (${fileReason(err)})`);
    }
    this.file = open(this.path, 'a');
    this.file.catch((err: unknown) => { this.failed ??= err; });
    // first, before the output's lock goes (output-lock.ts): nothing else writes the folder while these lines go in
    this.unlisten = atEndingSignal(signals, () => this.writeWaiting(), { prepend: true });
  }

  /**
   * Writes the lines not yet known to be in the file, at once and on this thread: a signal that ends the sweep ends it
   * before the event loop turns again. A SIGTERM or a Ctrl-C just after a point finished lost its line, though the
   * progress had counted it done, and --resume ran it again (minutes, at scale): the line waited for the write under
   * way and its sync, or was in a write handed to libuv's threads that had not run (a loaded machine). The lines of a
   * write not yet returned go in again: the file may then hold them twice, which --resume, sweep merge and report
   * count once (onePerPoint), never not at all.
   */
  private writeWaiting(): void {
    if (this.failed !== undefined) return;
    const pieces: Buffer[] = [];
    let lines = this.lines.length;
    if (this.writing !== undefined && this.writing.off < this.writing.buf.length) {
      pieces.push(this.writing.buf.subarray(this.writing.off));
      this.writing.off = this.writing.buf.length; // drain() writes no more of it
      lines += this.writing.lines;
      this.writing.lines = 0; // counted here, not again by drain()
    }
    if (this.lines.length > 0) pieces.push(Buffer.from(this.lines.join('')));
    this.lines = [];
    if (pieces.length === 0) return;
    const buf = Buffer.concat(pieces);
    let fd: number | undefined;
    let start = -1;
    let off = 0;
    try {
      fd = openSync(this.path, 'a');
      start = fstatSync(fd).size;
      while (off < buf.length) off += writeSync(fd, buf, off);
      fdatasyncSync(fd);
      this.inFile += lines;
    } catch (err) {
      this.failed ??= err;
      // a write the disk filled part way is cut back to its last whole line, as drain() does
      if (fd !== undefined && start >= 0 && off < buf.length) {
        const whole = wholeLines(buf, off);
        try {
          ftruncateSync(fd, start + whole.bytes);
          this.inFile += whole.lines;
        } catch {
          // left cut short: --resume drops that line
        }
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /**
   * The error that stopped the log (a full disk), naming the file; undefined while it writes. The points it holds stay
   * (a line cut short is dropped on --resume).
   */
  get failure(): Error | undefined {
    if (this.failed === undefined) return undefined;
    return new Error(`${this.path}: cannot append results (${osReason(this.failed)}): the points logged before are kept; --resume runs the rest`);
  }

  /**
   * How many of the lines appended are known to be in the file: written by a write that returned, or at an ending
   * signal (writeWaiting, which runs first). A line written twice there counts once.
   */
  get linesInFile(): number {
    return this.inFile;
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
    let fh: FileHandle | undefined;
    /** The batch being written and the file's size before it, until its write has returned. */
    let cut: { w: { buf: Buffer; off: number; lines: number }; start: number } | undefined;
    try {
      fh = await this.file;
      while (this.lines.length > 0 && this.failed === undefined) {
        const w = { buf: Buffer.from(this.lines.join('')), off: 0, lines: this.lines.length };
        this.lines = [];
        this.writing = w;
        cut = { w, start: (await fh.stat()).size };
        while (w.off < w.buf.length) w.off += (await fh.write(w.buf, w.off)).bytesWritten;
        cut = undefined;
        this.inFile += w.lines;
        this.writing = undefined;
        await fh.datasync();
      }
    } catch (err) {
      this.failed = err;
      // A write the disk filled part way ended the file in a line cut short, which --resume dropped but pandas's
      // read_json(lines=True) of the morning's results failed on: the file is cut back to its last whole line.
      if (fh !== undefined && cut !== undefined && cut.w.off < cut.w.buf.length) {
        const whole = wholeLines(cut.w.buf, cut.w.off);
        try {
          await fh.truncate(cut.start + whole.bytes);
          this.inFile += whole.lines;
        } catch {
          // left cut short: --resume drops that line
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }

  /** Waits for every appended line to be written and synced; throws if a write failed. */
  async close(): Promise<void> {
    try {
      await this.flushing;
      if (this.lines.length > 0 && this.failed === undefined) await (this.flushing = this.drain());
    } finally {
      this.unlisten();
    }
    await this.file.then((fh) => fh.close(), () => undefined);
    if (this.failed !== undefined) throw this.failure!;
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
  writeOutputs([resultsInPointOrder(dir, sorted), ...aggregateOutputs(dir, manifest, sorted)]);
}

export const inPointOrder = (records: readonly PointRecord[]): PointRecord[] => [...records].sort((a, b) => a.index - b.index);

/** Writes aggregate.csv and aggregate.json of `sorted` (in point order), both whole or neither. */
export function writeAggregates(dir: string, manifest: Manifest, sorted: readonly PointRecord[]): void {
  writeOutputs(aggregateOutputs(dir, manifest, sorted));
}

function aggregateOutputs(dir: string, manifest: Manifest, sorted: readonly PointRecord[]): Array<[file: string, content: OutputContent]> {
  const rows = aggregate(sorted);
  const axes = manifest.axes.map((a) => a.name);
  return [[join(dir, AGGREGATE_CSV), aggregateCsv(rows, axes)], [join(dir, AGGREGATE_JSON), JSON.stringify(flatRows(rows, axes), null, 1) + '\n']];
}

/** Rewrites results.jsonl as `sorted`'s lines (`lines`: those already made, by record), whole or not at all. */
export function writeInPointOrder(dir: string, sorted: readonly PointRecord[], lines?: WeakMap<PointRecord, string>): void {
  writeOutputs([resultsInPointOrder(dir, sorted, lines)]);
}

function resultsInPointOrder(dir: string, sorted: readonly PointRecord[], lines?: WeakMap<PointRecord, string>): [file: string, content: OutputContent] {
  // line by line: joined, a results.jsonl past V8's longest string (about 512 MB) failed after every point had run
  return [join(dir, RESULTS), sorted.map((r) => lines?.get(r) ?? JSON.stringify(r) + '\n')];
}
