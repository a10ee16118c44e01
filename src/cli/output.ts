/**
 * Every file the CLI writes goes through here (run --out, --jobs-csv, --html; report --html; bench --json; a sweep's
 * sweep.json, results.jsonl rewrite and aggregates), and every output path is checked here before any work starts.
 *
 * - A regular file (or a new one) is written whole or not at all by write-file-atomic: a temp file beside it,
 *   fsynced, renamed over it (keeping its mode and owner), then the folder fsynced so the rename survives a crash.
 * - A symbolic link is followed to its target (through every link, even to a target that does not exist yet): the
 *   target is written, the link stays.
 * - A named pipe, a device (/dev/null) or a socket is written into, never replaced; /dev/stdout, /dev/stderr,
 *   /dev/fd/N and /proc/self/fd/N write into that open descriptor (a reader that left a pipe ends it quietly).
 */
import { closeSync, constants, accessSync, fsyncSync, lstatSync, openSync, readlinkSync, statSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { isClosedPipe } from './closed-pipe.js';
import { InputError } from './errors.js';

const MAX_LINKS = 40; // Linux's own limit on links followed in one lookup

/** The path a write lands on: `file` with every symbolic link followed, even to a target that does not exist yet. */
export function linkTarget(file: string): string {
  let path = resolve(file);
  for (let i = 0; i < MAX_LINKS; i++) {
    let link: string;
    try {
      if (!lstatSync(path).isSymbolicLink()) return path;
      link = readlinkSync(path);
    } catch {
      return path; // missing, or under a missing folder: the check reports which
    }
    path = resolve(dirname(path), link);
  }
  throw new InputError(`${file}: too many levels of symbolic links`);
}

/** The descriptor a path names: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N. */
function descriptorOf(file: string): number | undefined {
  if (file === '/dev/stdout') return 1;
  if (file === '/dev/stderr') return 2;
  const m = /^\/(?:dev|proc\/self)\/fd\/(\d+)$/.exec(file);
  return m ? Number(m[1]) : undefined;
}

type Kind = 'missing' | 'file' | 'directory' | 'special';

function kindOf(path: string): Kind {
  try {
    const s = statSync(path);
    return s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'special';
  } catch {
    return 'missing';
  }
}

/** Exit 2 before the run, naming the flag and the path, when `file` cannot be written: a missing folder, a directory, no permission. */
export function checkOutputFile(file: string, flag: string): void {
  notEmpty(file, flag);
  if (descriptorOf(file) !== undefined) return;
  const target = linkTarget(file);
  const via = target === resolve(file) ? '' : ` (a link to ${target})`;
  const kind = kindOf(target);
  if (kind === 'directory') throw new InputError(`${flag} ${file}${via}: is a directory, not a file`);
  if (kind === 'special') return writable(target, `${flag} ${file}${via}`);
  const folder = dirname(target);
  const folderKind = kindOf(folder);
  if (folderKind === 'missing') throw new InputError(`${flag} ${file}${via}: the folder ${folder} does not exist`);
  if (folderKind !== 'directory') throw new InputError(`${flag} ${file}${via}: ${folder} is not a folder`);
  writable(folder, `${flag} ${file}${via}: the folder ${folder}`);
  if (kind === 'file') writable(target, `${flag} ${file}${via}`);
}

/** Exit 2 before a sweep, naming the flag and the path, when `dir` exists and is not a folder (a missing one is created). */
export function checkOutputDir(dir: string, flag: string): void {
  notEmpty(dir, flag);
  const kind = kindOf(dir);
  if (kind !== 'missing' && kind !== 'directory') throw new InputError(`${flag} ${dir}: exists and is not a folder`);
  if (kind === 'directory') writable(dir, `${flag} ${dir}`);
}

/** `--out ''` names nothing: refused (it was ignored by run and a failed mkdir after a whole sweep). */
function notEmpty(path: string, flag: string): void {
  if (path.trim() === '') throw new InputError(`${flag}: an empty path`);
}

function writable(path: string, what: string): void {
  try {
    accessSync(path, constants.W_OK);
  } catch {
    throw new InputError(`${what}: not writable (permission denied)`);
  }
}

export function writeOutput(file: string, content: string): void {
  const fd = descriptorOf(file);
  if (fd !== undefined) return writeInto(fd, content);
  const target = linkTarget(file);
  if (kindOf(target) === 'special') {
    const opened = openSync(target, 'w'); // a pipe blocks here until a reader opens it, as a shell's `>` does
    try {
      return writeInto(opened, content);
    } finally {
      closeSync(opened);
    }
  }
  // write-file-atomic (CommonJS) loads at the first regular file written: a run printing its table needs none of it.
  (createRequire(import.meta.url)('write-file-atomic') as typeof import('write-file-atomic')).sync(target, content);
  const folder = openSync(dirname(target), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

function writeInto(fd: number, content: string): void {
  if (fd === 1 || fd === 2) {
    (fd === 1 ? process.stdout : process.stderr).write(content); // in order with what the command prints; EPIPE: closed-pipe.ts
    return;
  }
  const buf = Buffer.from(content);
  for (let off = 0; off < buf.length;) {
    try {
      off += writeSync(fd, buf, off);
    } catch (err) {
      if (isClosedPipe(err)) return;
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err; // a non-blocking descriptor that is full: try again
    }
  }
}
