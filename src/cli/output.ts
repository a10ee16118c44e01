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
 * - The checks try what the write will do (create a file beside the target, or a folder) rather than trust access(2),
 *   which passes for root under /proc and /sys; a sweep's folder is made one level at a time (makeOutputDir).
 */
import { randomInt } from 'node:crypto';
import { chmodSync, closeSync, constants, accessSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, rmdirSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { isClosedPipe, stdoutFailed } from './closed-pipe.js';
import { InputError, loadedPluginFiles, osReason } from './errors.js';
import { inputsRead } from './read-file.js';

const MAX_LINKS = 40; // Linux's own limit on links followed in one lookup
const NAME_MAX = 255; // bytes in one file name (ext4, xfs, btrfs, tmpfs)
/** write-file-atomic's temp file is the target's name, a dot and a 32-bit number in decimal: up to 11 bytes more. */
const TEMP_SUFFIX = 11;

/**
 * The path a write lands on: `file` with every symbolic link followed, even to a target that does not exist yet. A
 * loop of links is bad input, told as `what` (the flag and the path, where an output check asks).
 */
export function linkTarget(file: string, what = file): string {
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
  throw new InputError(`${what}: too many levels of symbolic links`);
}

/** The descriptor a path names: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N. */
export function descriptorOf(file: string): number | undefined {
  if (file === '/dev/stdout') return 1;
  if (file === '/dev/stderr') return 2;
  const m = /^\/(?:dev|proc\/self)\/fd\/(\d+)$/.exec(file);
  return m ? Number(m[1]) : undefined;
}

/**
 * Whether an output file is this process's stdout (/dev/stdout, /dev/fd/1, /proc/self/fd/1): the table a command prints
 * beside it then goes to stderr, as JSON and a table on one stdout are no JSON (`--out -` says to name /dev/stdout).
 */
export const writesStdout = (file: string | undefined): boolean => file !== undefined && descriptorOf(file) === 1;

/** Where a command says what it wrote: stderr when `file` is its stdout (the output is then the whole of stdout), else stdout. */
export const summaryStream = (file: string): NodeJS.WritableStream => (writesStdout(file) ? process.stderr : process.stdout);

type Kind = 'missing' | 'file' | 'directory' | 'special';

function kindOf(path: string): Kind {
  try {
    const s = statSync(path);
    return s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'special';
  } catch {
    return 'missing';
  }
}

/**
 * Exit 2 before the run, naming the flag and the path, when `file` cannot be written: a missing folder, a directory,
 * no permission, a name too long for its temp file, or a folder where no file can be made (/proc, /sys); or when it is
 * one of the command's inputs (every file read so far, the --plugin files, and `inputs`): `run s.json --out s.json`
 * replaced the scenario, exit 0.
 */
export function checkOutputFile(file: string, flag: string, inputs: readonly string[] = []): void {
  notEmpty(file, flag);
  if (file === '-') throw new InputError(`${flag} -: "-" is not stdout here (it made a file named "-"): name a file, or /dev/stdout`);
  // first, naming the flag: a loop of links was told by the input check below as the path alone
  const target = linkTarget(file, `${flag} ${file}`);
  checkNotAnInput(flag, file, [...inputsRead(), ...loadedPluginFiles, ...inputs]);
  // "r.json/" names a folder: the write would have made the file r.json, which the user did not name.
  if (file.endsWith('/')) throw new InputError(`${flag} ${file}: ends with a slash, so names a folder, not a file`);
  if (descriptorOf(file) !== undefined) return;
  const what = `${flag} ${file}${target === resolve(file) ? '' : ` (a link to ${target})`}`;
  const kind = kindOf(target);
  if (kind === 'directory') throw new InputError(`${what}: is a directory, not a file`);
  if (kind === 'special') return writable(target, what);
  const folder = dirname(target);
  const folderKind = kindOf(folder);
  if (folderKind === 'missing') throw new InputError(`${what}: the folder ${folder} does not exist`);
  if (folderKind !== 'directory') throw new InputError(`${what}: ${folder} is not a folder`);
  writable(folder, `${what}: the folder ${folder}`);
  if (kind === 'file') writable(target, what);
  const bytes = Buffer.byteLength(basename(target));
  if (bytes + TEMP_SUFFIX > NAME_MAX) {
    throw new InputError(`${what}: the file name is ${bytes} bytes; its temp file's name (${TEMP_SUFFIX} bytes more) would pass the limit of ${NAME_MAX} bytes a name: choose a name of at most ${NAME_MAX - TEMP_SUFFIX} bytes`);
  }
  probeFile(folder, basename(target), what);
}

/**
 * Exit 2 before a sweep, naming the flag and the path, when `dir` cannot be its output folder: it exists and is not a
 * folder or is not writable, or (missing) a level's name is too long or the nearest folder that exists is no folder
 * or takes no new folder (read-only, /proc).
 */
export function checkOutputDir(dir: string, flag: string): void {
  notEmpty(dir, flag);
  const what = `${flag} ${dir}`;
  const kind = kindOf(dir);
  if (kind === 'directory') {
    writable(dir, what);
    return probeFile(dir, '.hfsim-probe', what);
  }
  if (kind !== 'missing') throw new InputError(`${what}: exists and is not a folder`);
  const { nearest, levels } = missingLevels(dir);
  const long = levels.find((l) => Buffer.byteLength(l) > NAME_MAX);
  if (long !== undefined) throw new InputError(`${what}: a folder name of ${Buffer.byteLength(long)} bytes, above the limit of ${NAME_MAX} bytes a name`);
  const broken = levels.map((_, i) => join(nearest, ...levels.slice(0, i + 1))).find(isLink);
  if (broken !== undefined) throw new InputError(`${what}: ${broken} is a symbolic link to nothing`);
  if (kindOf(nearest) !== 'directory') throw new InputError(`${what}: ${nearest} is not a folder`);
  writable(nearest, `${what}: the folder ${nearest}`);
  const probe = join(nearest, `.hfsim-probe-${randomInt(1e9, 1e10)}`);
  try {
    mkdirSync(probe);
  } catch (err) {
    throw new InputError(`${what}: cannot create a folder in ${nearest} (${osReason(err)})`);
  }
  rmdirSync(probe);
}

/**
 * Makes a sweep's output folder and any missing folders above it, one level at a time: a recursive mkdir under /proc
 * never returns (Node 20). A level that cannot be made is bad input (exit 2), as checkOutputDir would have said.
 */
export function makeOutputDir(dir: string, flag: string): void {
  const { nearest, levels } = missingLevels(dir);
  let path = nearest;
  for (const level of levels) {
    path = join(path, level);
    try {
      mkdirSync(path);
    } catch (err) {
      if (kindOf(path) !== 'directory') throw new InputError(`${flag} ${dir}: cannot create the folder ${path} (${osReason(err)})`);
    }
  }
}

/**
 * Exit 2 when two output flags name one file (through a link, `..` or a hard link): the later write would replace
 * the earlier. A pipe or a device named twice is written into twice, never replaced, and passes.
 */
export function checkDistinctOutputs(outputs: ReadonlyArray<readonly [flag: string, file: string | undefined]>): void {
  const seen = new Map<string, string>();
  for (const [flag, file] of outputs) {
    if (file === undefined) continue;
    const key = fileKey(file);
    if (key === undefined) continue;
    const other = seen.get(key);
    if (other !== undefined) throw new InputError(`${flag} ${file}: the same file as ${other}: each output needs a file of its own`);
    seen.set(key, `${flag} ${file}`);
  }
}

/**
 * Exit 2 when output `file` (of `flag`) is one of the command's input files: writing it would lose that input, and
 * appending to it (`appends`: $GITHUB_STEP_SUMMARY) would leave it no longer what it was.
 */
export function checkNotAnInput(flag: string, file: string, inputs: readonly string[], appends = false): void {
  const key = fileKey(file);
  if (key === undefined) return;
  const input = inputs.find((f) => fileKey(f) === key);
  const harm = appends ? 'appending to it would change that input' : 'writing it would replace that input';
  if (input !== undefined) throw new InputError(`${flag} ${file}: the same file as the input ${input}: ${harm}`);
}

/** One file, however named: device and inode of a file that exists, else the real path of its folder and its name. */
function fileKey(file: string): string | undefined {
  if (descriptorOf(file) !== undefined) return undefined;
  const target = linkTarget(file);
  try {
    const s = statSync(target);
    return s.isFile() ? `${s.dev}:${s.ino}` : undefined;
  } catch {
    try {
      return join(realpathSync(dirname(target)), basename(target));
    } catch {
      return target;
    }
  }
}

/** The nearest folder (or whatever it is) of `dir` that exists, and the names of the levels below it to make. */
function missingLevels(dir: string): { nearest: string; levels: string[] } {
  const levels: string[] = [];
  let path = resolve(dir);
  while (kindOf(path) === 'missing' && dirname(path) !== path) {
    levels.unshift(basename(path));
    path = dirname(path);
  }
  return { nearest: path, levels };
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Creates and removes a file named as the write's temp file would be (as long) in `folder`: what the write will do. */
function probeFile(folder: string, name: string, what: string): void {
  for (let tries = 0; ; tries++) {
    const probe = join(folder, `${name}.${randomInt(1e9, 1e10)}`);
    let fd: number;
    try {
      fd = openSync(probe, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && tries < 10) continue;
      throw new InputError(`${what}: cannot create a file in the folder ${folder} (${osReason(err)})`);
    }
    closeSync(fd);
    unlinkSync(probe);
    return;
  }
}

/** `--out ''` names nothing: refused (it was ignored by run and a failed mkdir after a whole sweep). */
function notEmpty(path: string, flag: string): void {
  if (path.trim() === '') throw new InputError(`${flag}: an empty path`);
  // An output flag takes the next word as its file, a flag too: one of the command's own options is refused before
  // this (program.ts refuseFlagsAsValues: `bench --json --repeat=1` had written a file named "--repeat=1"); here the
  // rest, `run --out --nope`, or a parent's option (`sweep merge --out --parallel`). ("-" alone has its own message;
  // $GITHUB_STEP_SUMMARY is no flag.) A path with a folder in it is no flag: a sweep's `--out ./-res` checks
  // -res/aggregate.csv (path.join drops the ./), which was refused as a flag.
  if (flag.startsWith('-') && path.startsWith('-') && path !== '-' && !path.includes('/')) {
    throw new InputError(`${flag} ${path}: is a flag, not a file name: ${flag} took the flag after it as its file; name the file after ${flag} (a file whose name starts with "-": ./${path})`);
  }
}

function writable(path: string, what: string): void {
  try {
    accessSync(path, constants.W_OK);
  } catch {
    throw new InputError(`${what}: not writable (permission denied)`);
  }
}

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
export function writeOutputs(outputs: ReadonlyArray<readonly [file: string, content: OutputContent]>): void {
  // The files replaced: a rename the system refuses (EBUSY on a bind-mounted file) after the later ones were made
  // leaves those new, and they were told as not written.
  const replaced = new Set<string>();
  const write = (i: number): void => {
    if (i >= outputs.length) return;
    writeOutput(outputs[i][0], outputs[i][1], () => write(i + 1));
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
  }
}

/** A write into a descriptor, a pipe or a device that the system refused, named; any other error as it is. */
const notWrittenWhole = (file: string, err: unknown): unknown =>
  (typeof (err as NodeJS.ErrnoException).code === 'string' ? new OutputNotWritten(file, `not written whole (${osReason(err)})`) : err);

/** Whether writing `file` replaces a regular file (or makes one), rather than writing into a descriptor, pipe or device. */
const replaces = (file: string): boolean => descriptorOf(file) === undefined && kindOf(linkTarget(file)) !== 'special';

/** Writes one output whole or not at all; `then` (the next of writeOutputs) runs once it is whole, before it replaces the file. */
export function writeOutput(file: string, content: OutputContent, then: () => void = () => {}): void {
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
 * The signals write-file-atomic's signal-exit listens to (on Linux) while it writes, to remove its temp file. It
 * writes synchronously, so a signal that comes meanwhile waits for the event loop, and signal-exit stops listening
 * before the loop turns: the signal was lost, and a Ctrl-C or a kill during a write let the command run on (a sweep
 * interrupted as it wrote sweep.json ran every point and exited 0). holdSignals listens too, from before the write
 * until the loop has polled once after it, and ends the process by the signal it gets, as if no one had listened.
 */
const HELD_SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGALRM', 'SIGABRT', 'SIGVTALRM', 'SIGXCPU', 'SIGUSR2', 'SIGTRAP', 'SIGSYS', 'SIGQUIT', 'SIGIOT', 'SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT'] as const;
let holding = false;

/**
 * Holds the signals until the write ends: a signal that comes meanwhile is kept, and raised again (the process ends by
 * it, as if no one had listened) once the hold is released. A synchronous write is over when this returns, and the
 * hold ends once the loop has polled after it (two turns of setImmediate: the poll in between reads the signal). With
 * `manual`, the caller releases it: stdout into a pipe writes what the pipe takes and queues the rest, so the hold
 * lasts until the stream says the write is done.
 */
function holdSignals(manual = false): () => void {
  if (holding || !isMainThread) return () => {}; // a worker thread gets no signals
  holding = true;
  let got: NodeJS.Signals | undefined;
  const keep = (signal: NodeJS.Signals): void => {
    got ??= signal;
  };
  const listening: NodeJS.Signals[] = [];
  for (const s of HELD_SIGNALS) {
    try {
      process.on(s, keep);
      listening.push(s);
    } catch { /* a signal this platform lacks */ }
  }
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    for (const s of listening) process.removeListener(s, keep);
    holding = false;
    if (got !== undefined) process.kill(process.pid, got); // no listener now: the signal's default action
  };
  if (!manual) setImmediate(() => setImmediate(release));
  return release;
}

/**
 * What the command prints on stdout (the result JSON, the tables) and what an output naming /dev/stdout writes, whole:
 * into a regular file (`> r.json`) by write(2) until done, so a short write on a full disk or past a size limit is an
 * error, not a cut file and exit 0 (Node's stdout stream for a file ignored the short count); into a pipe or a
 * terminal through the stream, holding signals until it has taken it all (a SIGTERM while the reader was slow cut
 * the output at the pipe's 64 KB). A write that fails says so naming stdout, exit 1.
 */
export function printOut(content: string): void {
  let file = false;
  try {
    file = fstatSync(1).isFile();
  } catch { /* closed: the stream reports it */ }
  if (file) {
    try {
      writeAllInto(1, content);
    } catch (err) {
      stdoutFailed(err);
    }
    return;
  }
  const release = holdSignals(true);
  (ownStdoutWrite ?? process.stdout.write.bind(process.stdout))(content, () => release()); // EPIPE and the like: closed-pipe.ts
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

/** Writes `content` into an open descriptor (a pipe, a device, stdout), whole: a signal meanwhile waits for the end (holdSignals). */
function writeInto(fd: number, content: OutputContent): void {
  if (fd === 1) return printOut(typeof content === 'string' ? content : content.join(''));
  // fd 2 (--out /dev/stderr) by write(2), not the stream: the stream drops what stderr refuses (diagnostics,
  // closed-pipe.ts), and an output asked for there must fail, exit 1, when it is not written
  holdSignals();
  for (const piece of piecesOf(content)) writeAllInto(fd, piece);
}

/** write(2) until the whole of `content` is in: a reader that left a pipe ends it quietly; a full pipe is tried again. */
function writeAllInto(fd: number, content: string): void {
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
