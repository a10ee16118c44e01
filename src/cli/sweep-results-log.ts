/** The log a running sweep appends its finished points to, results.jsonl: group-committed, fsynced off the main thread. */
import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { ENDING_SIGNALS, atEndingSignal } from './ending-signals.js';
import { InputError, fileReason, osReason } from './errors.js';
import type { PointRecord } from './sweep-aggregate.js';
import { RESULTS } from './sweep-folder.js';

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
