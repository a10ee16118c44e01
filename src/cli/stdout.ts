/**
 * stdout as the command's own output: what it prints (the result JSON, the tables), whole, and kept from what other
 * code of the process writes there; and writeAllInto, write(2) until done, with which output.ts writes an output
 * naming a descriptor (/dev/stdout among them). (A reader that left the pipe: closed-pipe.ts.)
 */
import { fstatSync, writeSync } from 'node:fs';
import { isClosedPipe, stdoutFailed } from './closed-pipe.js';
import { holdSignals } from './hold-signals.js';
import type { OutputContent } from './output.js';

/**
 * What the command prints on stdout (the result JSON, the tables), whole (an output naming /dev/stdout: output.ts writeInto):
 * into a regular file (`> r.json`) by write(2) until done, so a short write on a full disk or past a size limit is an
 * error, not a cut file and exit 0 (Node's stdout stream for a file ignored the short count); into a pipe or a
 * terminal through the stream, holding signals until it has taken it all (a SIGTERM while the reader was slow cut
 * the output at the pipe's 64 KB). A write that fails says so naming stdout, exit 1.
 */
export function printOut(content: OutputContent): void {
  const pieces = typeof content === 'string' ? [content] : content;
  let file = false;
  try {
    file = fstatSync(1).isFile();
  } catch { /* closed: the stream reports it */ }
  if (file) {
    try {
      for (const piece of pieces) writeAllInto(1, piece);
    } catch (err) {
      stdoutFailed(err);
    }
    return;
  }
  const release = holdSignals(true);
  const write = ownStdoutWrite ?? process.stdout.write.bind(process.stdout);
  // the pieces in order, signals held until the stream has taken the last; EPIPE and the like: closed-pipe.ts
  pieces.forEach((piece, i) => write(piece, i === pieces.length - 1 ? () => release() : () => {}));
  if (pieces.length === 0) release();
}

/** stdout's own write, where keepStdoutForOutput has sent other writes to stderr. */
let ownStdoutWrite: ((chunk: string, done: () => void) => boolean) | undefined;

/**
 * Keeps stdout for the command's own output (run --json, an output naming /dev/stdout): what other code of this
 * process writes there (a --plugin's console.log, at import or during the run, a rack thread's too) goes to stderr.
 * It came before the JSON on stdout, which a JSON reader then refused (`hfsim run s.json --plugin p.js --json | jq`).
 * A worker process's stdout is this process's stderr already (pool.ts).
 */
export function keepStdoutForOutput(): void {
  if (ownStdoutWrite !== undefined) return;
  ownStdoutWrite = process.stdout.write.bind(process.stdout) as (chunk: string, done: () => void) => boolean;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
}

/** How long a write into a full pipe waits before it tries again: the reader is slow. */
const FULL_PIPE_WAIT_MS = 2;
const waitCell = new Int32Array(new SharedArrayBuffer(4));

/** write(2) until the whole of `content` is in: a reader that left a pipe ends it quietly; a full pipe is tried again. */
export function writeAllInto(fd: number, content: string): void {
  const buf = Buffer.from(content);
  for (let off = 0; off < buf.length;) {
    try {
      off += writeSync(fd, buf, off);
    } catch (err) {
      if (isClosedPipe(err)) return;
      // a non-blocking descriptor (stdout into a pipe, once Node has opened its stream) that is full: wait, try again
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(waitCell, 0, 0, FULL_PIPE_WAIT_MS);
    }
  }
}
