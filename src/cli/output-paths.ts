/**
 * Output paths: every output path is checked here before any work starts, and a path is resolved to where its write
 * lands (writes: output.ts).
 *
 * - A symbolic link is followed to its target (through every link, even to a target that does not exist yet): the
 *   target is written, the link stays.
 * - /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N name an open descriptor, written into.
 * - The checks try what the write will do (create a file beside the target, or a folder) rather than trust access(2),
 *   which passes for root under /proc and /sys; a sweep's folder is made one level at a time (makeOutputDir).
 */
import { randomInt } from 'node:crypto';
import { closeSync, constants, accessSync, fstatSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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

/** An output of a command, for checkOneOnStdout: its flag, the file it names (none: `printed` on stdout), its format. */
export interface FormattedOutput {
  flag: string;
  file?: string;
  printed?: boolean;
  format: string;
}

/**
 * Exit 2 when two of a command's outputs land on its stdout (`--json`, or a file naming /dev/stdout): written one after
 * the other there, the stream was in neither's format (`run --json --jobs-csv /dev/stdout`: a CSV, then a JSON, exit 0).
 */
export function checkOneOnStdout(outputs: readonly FormattedOutput[]): void {
  const [first, second] = outputs.filter((o) => o.printed === true || landsOnStdout(o.file));
  if (second === undefined) return;
  const named = (o: FormattedOutput): string => (o.file === undefined ? o.flag : `${o.flag} ${o.file}${writesStdout(o.file) ? '' : ' (the file stdout goes to)'}`);
  // the same format twice (bench compare's --markdown /dev/stdout with $GITHUB_STEP_SUMMARY /dev/fd/1): it was printed twice
  const together = first.format === second.format ? `the ${first.format} would be printed twice` : `the two together are neither ${first.format} nor ${second.format}`;
  throw new InputError(`${named(second)}: ${named(first)} ${first.printed === true ? 'prints' : 'writes'} on stdout too, and ${together}: give one of them a file`);
}

/**
 * Whether `file` is the regular file this process's stdout is redirected to (`--json --jobs-csv r.txt > r.txt`): the
 * CSV replaced r.txt, and the JSON went to the file it replaced, lost, exit 0. (Devices are not compared: /dev/null
 * may take any number of outputs.)
 */
function isStdoutsFile(file: string | undefined): boolean {
  if (file === undefined) return false;
  let out;
  try {
    out = fstatSync(1);
  } catch {
    return false; // no stdout
  }
  return out.isFile() && fileKey(file) === `${out.dev}:${out.ino}`;
}

/**
 * Whether an output ends where this process's stdout goes: it names stdout (/dev/stdout), or is the file stdout is
 * redirected to (`--out r.json > r.json`, `>> $GITHUB_STEP_SUMMARY`). What a command would print beside it goes to
 * stderr then: printed, a table went into the file after the output (an appended summary), or into the file the
 * output replaced, lost.
 */
export const landsOnStdout = (file: string | undefined): boolean => writesStdout(file) || isStdoutsFile(file);

/** Where a command says what it wrote: stderr when `file` lands on its stdout (the output is then the whole of it), else stdout. */
export const summaryStream = (file: string): NodeJS.WritableStream => (landsOnStdout(file) ? process.stderr : process.stdout);

export type Kind = 'missing' | 'file' | 'directory' | 'special';

export function kindOf(path: string): Kind {
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

/**
 * A probe's name for a file `name`: as long as the write's longest temp file name (TEMP_SUFFIX bytes more), and told
 * from it and from a user's `name.1`: a kill -9 between the probe's making and its removal leaves it, and the next
 * sweep or merge into a sweep folder removes it (sweep-folder.ts) where a user's file of such a name must stay.
 */
export const probeName = (name: string): string => `${name}.hfsim${randomInt(10_000, 100_000)}`;
/** What a probe's name adds to its file's (6 bytes + 5 digits = TEMP_SUFFIX). */
export const PROBE_TAIL = /^\.hfsim\d{5}$/;

/** Creates and removes a file named as long as the write's temp file would be in `folder`: what the write will do. */
function probeFile(folder: string, name: string, what: string): void {
  for (let tries = 0; ; tries++) {
    const probe = join(folder, probeName(name));
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
