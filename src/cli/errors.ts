import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { valueWords } from '../actors/task-failure.js';

/** Bad input (scenario, flags, files): reported as one line and exit code 2, never a stack trace. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/**
 * Bad input in a file a scenario names (its `lines`), told after the scenario and the field that named the file, as
 * `c.json: workload.trace: t.tsv:51: ...`; the loader names them otherwise where a --set or a variant gave the field
 * (load-scenario.ts), reading the parts, not the message.
 */
export class NamedFileError extends InputError {
  constructor(readonly scenarioFile: string, readonly field: string, readonly lines: readonly string[]) {
    super(lines.map((line) => `${scenarioFile}: ${field}: ${line}`).join('\n'));
  }
}

/**
 * A file a scenario names, read by `read`: its bad input a NamedFileError (a missing allocation file was told as
 * "sub/none.xml: cannot read allocation file", naming neither the scenario nor scheduler.allocationFile).
 */
export function namedBy<T>(scenarioFile: string, field: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof InputError) throw new NamedFileError(scenarioFile, field, err.message.split('\n'));
    throw err;
  }
}

/** A command that did what it could but is not done (a sweep merge that lacks points): its message, then exit 4. */
export class IncompleteError extends Error {
  override readonly name = 'IncompleteError';
}

export const EXIT = { ok: 0, runFailed: 1, badInput: 2, regression: 3, incomplete: 4 } as const;

/** Each exit code in words, as `hfsim --help` ends (README's "Exit codes" says the same). */
export const EXIT_WORDS: Record<(typeof EXIT)[keyof typeof EXIT], string> = {
  0: 'success',
  1: 'a run failed (or another command: its line names it)',
  2: 'bad input (scenario, flags, files)',
  3: 'a regression found (bench compare)',
  4: 'incomplete (a sweep merge that lacks points)',
};

/** A command a signal ends (Ctrl-C, a kill) cleans up, then ends by that signal, as a shell reports it. */
export const SIGNAL_EXIT_WORDS = 'ended by a signal, 128 + its number (130 Ctrl-C, 143 SIGTERM)';

/** Exit code of the last bench compare (commander actions return nothing). */
export const benchExit = { code: EXIT.ok as number };

/** The --plugin files this process loaded (plugins.ts adds them): a run that fails names them, as a likely cause. */
export const loadedPluginFiles: string[] = [];

/**
 * Whether the process may end now: the command has returned, or hfsim ends it itself (exitNow). Until then an exit is
 * someone else's process.exit(), which plugins.ts endOnPluginCrash tells as a plugin's.
 */
let endExpected = false;

/** hfsim's own process.exit: a closed stdout, a plugin's crash told already, a command done. */
export function exitNow(code?: number): never {
  endExpected = true;
  process.exit(code);
}

/** Whether an exit now is hfsim's own (see exitNow). */
export const endIsExpected = (): boolean => endExpected;

/**
 * Once a command is done: a plugin's own timer (a setInterval it never clears) kept the process alive, so it ends a
 * second later. Unref'd, so a process with nothing else to wait for ends on its own first.
 */
export function endDespitePluginTimers(): void {
  endExpected = true;
  if (loadedPluginFiles.length > 0) setTimeout(() => process.exit(), 1000).unref();
}

/** Their file URLs (as stack frames name them), in the same order. */
export const loadedPluginUrls: string[] = [];

/**
 * Where in a --plugin file an error came from, its stack's innermost frame in one ("mapLaunched at ./weird.js:11:32":
 * the plugin's code threw there, or called the engine there), or undefined (no stack, or no frame in a plugin file).
 */
export function pluginFrame(err: unknown): string | undefined {
  const frames = fileFrames(err);
  const named = (frame: FileFrame, file: string): string => {
    const fn = frame.fn?.replace(/^(?:Object\.|async |new )/, '');
    return `${fn ? `${fn} at ` : ''}${file}:${frame.line}:${frame.column}`;
  };
  for (const frame of frames) {
    const k = loadedPluginUrls.indexOf(frame.url);
    if (k >= 0) return named(frame, loadedPluginFiles[k]);
  }
  // None in a plugin file: a module one imports, the innermost frame neither hfsim's nor a package's (a helper's
  // comparator that threw had no from line).
  if (loadedPluginUrls.length === 0) return undefined;
  const imported = frames.find((f) => !OWN_CODE.some((own) => f.url.startsWith(own)) && !f.url.includes('/node_modules/'));
  return imported === undefined ? undefined : `${named(imported, shownPath(fileURLToPath(imported.url)))} (a module a --plugin file imports)`;
}

/** hfsim's own modules (src/, and bench/, scripts/ and fuzz/ beside it, as built), whose frames are the engine's. */
const OWN_CODE = ['../', '../../bench/', '../../scripts/', '../../fuzz/'].map((dir) => new URL(dir, import.meta.url).href);

/** A file as a message names it: relative to the working directory (./x.mjs) where it lies below it, else whole. */
function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? file : `./${rel}`;
}

/** A stack frame in a file: its function's name as V8 gives it (none for a module's top level), its file URL, line, column. */
interface FileFrame {
  fn?: string;
  url: string;
  line: number;
  column: number;
}

/** The frames of an error's stack that are in a file (file: URLs), innermost first; none without a stack. */
export function fileFrames(err: unknown): FileFrame[] {
  const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack : '';
  return stack.split('\n').flatMap((line) => {
    const m = /^\s*at (?:(.+?) \()?(file:\/\/.+):(\d+):(\d+)\)?$/.exec(line);
    return m === null ? [] : [{ fn: m[1], url: m[2], line: Number(m[3]), column: Number(m[4]) }];
  });
}

/** A thrown value's message for one line: an Error's (its name when it has none), else the value itself (valueWords). */
export function thrownMessage(err: unknown): string {
  if (err instanceof Error) return err.message !== '' ? err.message : `${err.name} with no message`;
  return valueWords(err);
}

/**
 * A failure in lines, as `hfsim run` and a sweep's failed point both give it: what was thrown (its message may itself
 * run to several lines), then "from ..." where its stack has a frame in a --plugin file (pluginFrame: where the plugin
 * threw, or called the engine that did).
 */
export function failureLines(err: unknown): string[] {
  const at = pluginFrame(err);
  return at === undefined ? [thrownMessage(err)] : [thrownMessage(err), `from ${at}`];
}

/** Why a file could not be opened, in words: a missing file, a folder where a file was named, or Node's own words. */
export function fileReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  // a path holding a NUL: Node's own TypeError ("The argument 'path' must be a string, Uint8Array, or URL without null bytes")
  if (code === 'ERR_INVALID_ARG_VALUE' && String((err as Error).message).includes('null bytes')) return 'its path holds a NUL character (\\u0000), which no file name may hold';
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : osReason(err);
}

/** Node's own words for a file system error: "permission denied" of "EACCES: permission denied, open '/x'". */
export function osReason(err: unknown): string {
  const m = /^[A-Z]+: ([^,]+),/.exec(err instanceof Error ? err.message : '');
  return m ? m[1] : String(err);
}
