/**
 * Every file the CLI writes goes through here (run --out, --jobs-csv, --html; report --html; bench --json; a sweep's
 * sweep.json, results.jsonl rewrite and aggregates); its path was checked before (output-paths.ts).
 *
 * - A regular file (or a new one) is written whole or not at all by write-file-atomic: a temp file beside it,
 *   fsynced, renamed over it (keeping its mode and owner), then the folder fsynced so the rename survives a crash.
 * - A symbolic link is followed to its target: the target is written, the link stays.
 * - A named pipe, a device (/dev/null) or a socket is written into, never replaced; /dev/stdout, /dev/stderr,
 *   /dev/fd/N and /proc/self/fd/N write into that open descriptor (stdout: stdout.ts).
 */
import { chmodSync, closeSync, fsyncSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { osReason } from './errors.js';
import { holdSignals } from './hold-signals.js';
import { descriptorOf, kindOf, linkTarget } from './output-paths.js';
import { writeAllInto } from './stdout.js';

/**
 * An output's content: one string, or pieces written one after another (a sweep's results.jsonl can pass V8's
 * longest string, about 512 MB, where its lines cannot: joined, it failed at the end of a long sweep).
 */
export type OutputContent = string | readonly string[];

const piecesOf = (content: OutputContent): readonly string[] => (typeof content === 'string' ? [content] : content);

/** An output not written, the file there left as it was (or none made); a command's other outputs too (writeOutputs). */
export class OutputNotWritten extends Error {
  constructor(readonly file: string, reason: string) {
    super(`${file}: ${reason}`);
  }
}

/**
 * Writes a command's outputs all or none: each regular file's temp file is written whole (and fsynced) before the
 * next is begun, and they are renamed over their targets only once all are, the last first. A write the disk cannot
 * take leaves every one of them as it was (run's --html past a size limit had left the new --out and --jobs-csv
 * beside the old report, exit 1). A pipe or a device is written into as its turn comes, and cannot be taken back; so
 * can no rename made before one the system refuses (EBUSY, EPERM): the message names the files replaced.
 */
export function writeOutputs(outputs: ReadonlyArray<readonly [file: string, content: OutputContent]>, options: WriteOptions = {}): void {
  // The files replaced: a rename the system refuses (EBUSY on a bind-mounted file) after the later ones were made
  // leaves those new, and they were told as not written.
  const replaced = new Set<string>();
  const write = (i: number): void => {
    if (i >= outputs.length) return;
    writeOutput(outputs[i][0], outputs[i][1], () => write(i + 1), options);
    replaced.add(outputs[i][0]);
  };
  try {
    write(0);
  } catch (err) {
    if (!(err instanceof OutputNotWritten)) throw err;
    const others = outputs.map(([f]) => f).filter((f) => f !== err.file && replaces(f));
    const kept = others.filter((f) => !replaced.has(f));
    const made = others.filter((f) => replaced.has(f));
    if (kept.length > 0) err.message += `; nor were the other outputs written: ${kept.join(', ')}`;
    if (made.length > 0) err.message += `; ${made.join(', ')} ${made.length === 1 ? 'was' : 'were'} replaced before it`;
    throw err;
  } finally {
    endJournal(options); // written or not, the temp files are renamed or removed (write-file-atomic removes its own)
  }
}

/** A write into a descriptor, a pipe or a device that the system refused, named; any other error as it is. */
const notWrittenWhole = (file: string, err: unknown): unknown =>
  (typeof (err as NodeJS.ErrnoException).code === 'string' ? new OutputNotWritten(file, `not written whole (${osReason(err)})`) : err);

/** Whether writing `file` replaces a regular file (or makes one), rather than writing into a descriptor, pipe or device. */
const replaces = (file: string): boolean => descriptorOf(file) === undefined && kindOf(linkTarget(file)) !== 'special';

/** How outputs are written. */
export interface WriteOptions {
  /**
   * A file to which each temp file's name is appended (and fsynced) as it is made, before it is written; removed once
   * every output is written. A sweep folder's (sweep-folder.ts TEMP_JOURNAL): a kill -9 mid-write leaves a temp file
   * named as the target, a dot and a 32-bit number, as a user's backup `results.jsonl.1` may be named; the next sweep
   * or merge removes the temp files listed there, and only those.
   */
  journal?: string;
}

/** Appends temp file `tmp`'s name to the journal, if any, on the disk before the temp file is written. */
function journalTemp(options: WriteOptions, tmp: string): void {
  if (options.journal === undefined) return;
  const fd = openSync(options.journal, 'a', 0o600);
  try {
    writeFileSync(fd, `${basename(tmp)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The writes done: the temp files the journal lists are renamed or removed, so it goes. */
function endJournal(options: WriteOptions): void {
  if (options.journal !== undefined) rmSync(options.journal, { force: true });
}

/** Writes one output whole or not at all; `then` (the next of writeOutputs) runs once it is whole, before it replaces the file. */
export function writeOutput(file: string, content: OutputContent, then: () => void = () => {}, options: WriteOptions = {}): void {
  const fd = descriptorOf(file);
  if (fd !== undefined) {
    try {
      writeInto(fd, content);
    } catch (err) {
      throw notWrittenWhole(file, err); // (it said only "ENOSPC: no space left on device, write")
    }
    return then();
  }
  const target = linkTarget(file);
  if (kindOf(target) === 'special') {
    const opened = openSync(target, 'w'); // a pipe blocks here until a reader opens it, as a shell's `>` does
    try {
      writeInto(opened, content);
    } catch (err) {
      throw notWrittenWhole(file, err);
    } finally {
      closeSync(opened);
    }
    return then();
  }
  // write-file-atomic (CommonJS) loads at the first regular file written: a run printing its table needs none of it.
  holdSignals();
  const atomic = createRequire(import.meta.url)('write-file-atomic') as typeof import('write-file-atomic');
  const existed = kindOf(target) === 'file';
  let laterFailed = false; // an error of the outputs after this one is theirs, not this file's
  try {
    // write-file-atomic (7.0.1) writes its temp file with one write(2) and renames it over the target whatever that
    // wrote: on a full disk a short write put a cut file in the user's place, exit 0. So the temp file is written
    // whole here as it is created (writeFileSync writes until done or throws), and the library's own write is of
    // nothing; it still names, fsyncs, renames, and removes the temp file if this throws.
    atomic.sync(target, '', {
      tmpfileCreated: (tmp: string) => {
        journalTemp(options, tmp);
        writeWhole(tmp, content);
        laterFailed = true;
        then();
        laterFailed = false;
      },
    });
  } catch (err) {
    if (laterFailed || typeof (err as NodeJS.ErrnoException).code !== 'string') throw err;
    throw new OutputNotWritten(file, `not written (${osReason(err)}); ${existed ? 'the file there is unchanged' : 'no file was made'}`);
  }
  const folder = openSync(dirname(target), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/**
 * Writes `content` whole into the temp file write-file-atomic just made, by its path. The library made it with the
 * target's mode (or 0666 less the umask), which may lack the owner's write bit (a 0444 target, a umask of 0277): its
 * own descriptor writes anyway, an open by path would be refused, so the bit is lent for the write and taken back.
 */
function writeWhole(tmp: string, content: OutputContent): void {
  const mode = statSync(tmp).mode & 0o7777;
  const lend = (mode & 0o200) === 0;
  if (lend) chmodSync(tmp, mode | 0o200);
  const fd = openSync(tmp, 'w');
  try {
    for (const piece of piecesOf(content)) writeFileSync(fd, piece); // each until done, or it throws
    fsyncSync(fd); // on the disk before any of writeOutputs' files replaces its target
  } finally {
    closeSync(fd);
  }
  if (lend) chmodSync(tmp, mode);
}

/**
 * Writes `content` into an open descriptor (a pipe, a device, stdout), whole, by write(2): a signal meanwhile waits for
 * the end (holdSignals). Not through the streams: stderr's drops what stderr refuses (diagnostics, closed-pipe.ts), and
 * stdout's fails after the write has returned, when writeOutputs had replaced the other files (`--out r.json
 * --jobs-csv /dev/stdout > /dev/full` replaced r.json, then said "stdout: not written whole"). Here a refusal is this
 * output's, in its turn, and the files after it are left as they were; a reader that left the pipe ends it quietly.
 */
function writeInto(fd: number, content: OutputContent): void {
  holdSignals();
  for (const piece of piecesOf(content)) writeAllInto(fd, piece);
}
