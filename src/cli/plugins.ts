/**
 * Loading plugin files (--plugin, or loadPlugins in the library API): each is an ES module that registers plugins
 * when imported (registerPolicy and the like, from hfsim). Code runs only from files named this way; a scenario
 * names registered plugins, never a path. A file that cannot load is bad input (exit 2), as are a first file that
 * registers nothing and any file that imports another copy of hfsim (it registered into that copy); a later one that registers nothing new gets a warning, since an earlier file may have imported it
 * (Node evaluates a module once, so the count cannot tell the two apart), and a scenario naming a plugin that never
 * registered is refused anyway.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gates, policies, preemptions, replications } from '../core/framework/builtins.js';
import { whileLoading } from '../core/plugin-loading.js';
import { EXIT, InputError, endIsExpected, exitNow, fileFrames, loadedPluginFiles, loadedPluginUrls } from './errors.js';
import { warnOnce } from './warn.js';

const REGISTRIES = [policies, gates, preemptions, replications];
const registered = (): number => REGISTRIES.reduce((n, r) => n + r.names.length, 0);
const pluginsRegistered = (): number => REGISTRIES.reduce((n, r) => n + r.pluginNames.length, 0);

/**
 * The file URLs of `paths` (relative to the working directory), as workers import them: by real path, so that a link
 * to a file already loaded is that file (Node keys its modules by URL, and imported it twice).
 */
export const pluginUrls = (paths: readonly string[]): string[] => paths.map((p) => pathToFileURL(realOrResolved(p)).href);

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path); // missing: import() says so, naming it
  }
}

/**
 * sha256 of a plugin file's bytes, in hex: what a sweep's hash and a bench case record of its code (the file only, not
 * the modules it imports).
 */
export const pluginSha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * How messages name a plugin file: the library's loadPlugins as a plugin file (its caller typed no --plugin), the
 * CLI by the flag that gave it.
 */
interface FileNaming {
  /** One file, e.g. `plugin file ./x.js`. */
  file: (path: string) => string;
  /** Files in general, e.g. `plugin file`. */
  kind: string;
  /** What a TypeScript file's compiled .js is given to. */
  giveJs: string;
}

const LIBRARY: FileNaming = { file: (p) => `plugin file ${p}`, kind: 'plugin file', giveJs: 'load the .js it writes' };
const CLI: FileNaming = { file: (p) => `--plugin ${p}`, kind: '--plugin file', giveJs: 'give --plugin the .js it writes' };

/** Imports each plugin file once, in order (the library API: its messages name each as a plugin file). */
export async function loadPlugins(paths: readonly (string | URL)[]): Promise<void> {
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string' && !(p instanceof URL))) throw new TypeError(`loadPlugins takes a list of file paths (loadPlugins(['./my-policy.js'])), not ${JSON.stringify(paths) ?? String(paths)}`);
  const files = paths.map(fileOf);
  // A caller that does not await it parses its scenario before the files register: that refusal says to await.
  await whileLoading(files.map(LIBRARY.file), load(files, LIBRARY));
}

/**
 * A file URL (`new URL('./p.js', import.meta.url)` or its href) as the path it names: it was read as a relative path
 * ("Cannot find module '<cwd>/file:/x/p.js'"). Another kind of URL is a TypeError: plugins are files.
 */
function fileOf(given: string | URL): string {
  if (typeof given === 'string' && !/^file:|^[a-z][a-z0-9+.-]+:\/\//i.test(given)) return given;
  const url = URL.canParse(given) ? new URL(given) : undefined;
  if (url === undefined) throw new TypeError(`loadPlugins: ${JSON.stringify(String(given))} is not a URL Node can read`);
  if (url.protocol !== 'file:') throw new TypeError(`loadPlugins takes file paths or file: URLs, not ${JSON.stringify(url.href)}`);
  try {
    return fileURLToPath(url);
  } catch (err) {
    throw new TypeError(`loadPlugins: ${JSON.stringify(url.href)} names no file on this machine (${(err as Error).message})`);
  }
}

/** loadPlugins for the command line: its messages name each file by its flag (--plugin <file>). */
export async function loadPluginFlags(paths: readonly string[]): Promise<void> {
  await load(paths, CLI);
}

async function load(paths: readonly string[], naming: FileNaming): Promise<void> {
  const urls = pluginUrls(paths);
  for (let i = 0; i < urls.length; i++) {
    const before = registered();
    // A module whose top-level await never settles leaves nothing to run: Node exits with 13 (set as exitCode
    // before the exit listeners run) and says nothing.
    // On the command line, so does one whose top-level code calls process.exit(3): it read as bench compare's
    // "regression found" (endOnPluginCrash tells an exit once the files are loaded).
    const endedWhileLoading = (code: number): void => {
      if (code === 13 || process.exitCode === 13) {
        process.stderr.write(`hfsim: ${naming.file(paths[i])}: the module never finished loading (a top-level await that never settles)\n`);
      } else if (naming === CLI && !endIsExpected()) {
        process.stderr.write(`hfsim: ${naming.file(paths[i])}: its code ended the process with process.exit(${code}) while it loaded (a plugin file registers plugins; it never ends the process)\n`);
      } else return;
      process.exitCode = 2;
    };
    // Node's words for one were "Directory import ... is not supported resolving ES modules", and a guess at a file.
    if (isDirectory(fileURLToPath(urls[i]))) throw new InputError(`${naming.file(paths[i])}: a directory, not a file: give the plugin's .js file`);
    process.on('exit', endedWhileLoading);
    let module: Record<string, unknown> = {};
    try {
      module = await import(urls[i]) as Record<string, unknown>;
    } catch (err) {
      const where = err instanceof SyntaxError ? missingImportLine(paths[i], err.message) ?? syntaxErrorLine(paths[i]) : thrownAt(err, urls[i]);
      // "Cannot find module X imported from <this file>": the importer named is ours, not the user's. Every line of a
      // registration's error (each problem of the plugin is one), none of a stack.
      const lines = (err instanceof Error ? err.message : String(err)).split('\n').filter((l) => l.trim() !== '' && !/^\s+at /.test(l));
      const message = lines.join('\n').replace(` imported from ${fileURLToPath(import.meta.url)}`, '') + typeScriptHint(paths[i], err, naming);
      const inImport = where === 'imports' ? 'in a module it imports: ' : typeof where === 'object' ? `in a module it imports (${where.imported}): ` : '';
      throw new InputError(`${naming.file(paths[i])}${typeof where === 'number' ? `:${where}` : ''}: ${inImport}${message}`);
    } finally {
      process.off('exit', endedWhileLoading);
    }
    if (registered() === before && !loaded.has(urls[i])) {
      const other = otherCopy(fileURLToPath(urls[i]));
      if (other !== undefined) throw new InputError(`${naming.file(paths[i])}: registered no plugin in this hfsim (${other.own}): it imports the hfsim in ${other.its}; run it with that one's CLI (npx hfsim in its project)`);
      // Node evaluates a module once: a file an earlier plugin file imported registered its plugins then.
      if (loaded.size > 0) warnOnce(`${naming.file(paths[i])} registered no new plugin: an earlier ${naming.kind} imported it already, or it registers none`);
      // A program that imported the file itself before loadPlugins: its plugins are in (it read "registered no plugin").
      else if (pluginsRegistered() > 0) warnOnce(`${naming.file(paths[i])} registered no new plugin: it was imported already (before loadPlugins was given it), or it registers none`);
      else {
        // A file exporting its plugin's definition instead of registering it was told only to call registerPolicy.
        const exported = Object.keys(module).filter((name) => looksLikePlugin(module[name]));
        if (exported.length > 0) throw new InputError(`${naming.file(paths[i])}: registered no plugin: it exports a plugin (${exported.join(', ')}) but never registers one: call registerPolicy('name', plugin) (or registerGate, registerPreemption, registerReplication) in the file`);
        throw new InputError(`${naming.file(paths[i])}: registered no plugin (a plugin file calls registerPolicy, registerGate, registerPreemption or registerReplication from the hfsim it runs under)`);
      }
    }
    if (!loaded.has(urls[i])) {
      loadedPluginFiles.push(paths[i]);
      loadedPluginUrls.push(urls[i]);
    }
    loaded.add(urls[i]);
  }
}

const loaded = new Set<string>();

/** A plugin's definition, as a file might export it instead of registering it: an object with create(). */
export function looksLikePlugin(value: unknown): boolean {
  try {
    return typeof (value as { create?: unknown } | null)?.create === 'function';
  } catch {
    return false; // an export whose property read throws (a Proxy's trap) is none; "registered no plugin" still says what to do
  }
}

/**
 * Where a plugin file that registered nothing here resolves 'hfsim' to another copy (a project's node_modules/hfsim
 * run under a checkout's CLI, or the reverse), the package folders of both; else undefined. Its plugins went into
 * that copy's registry, and the message said only "registered no plugin".
 */
function otherCopy(file: string): { own: string; its: string } | undefined {
  let its: string | undefined;
  try {
    its = packageDir(realpathSync(createRequire(file).resolve('hfsim')));
  } catch {
    return undefined; // it does not resolve hfsim (or imports none): the plain message
  }
  const own = packageDir(realpathSync(fileURLToPath(import.meta.url)));
  return its === undefined || own === undefined || its === own ? undefined : { own, its };
}

/** The nearest folder at or above `file`'s with a package.json, or undefined. */
function packageDir(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Whether `path` is a directory; false where it cannot be looked at (ENOTDIR through a file, ELOOP, EACCES...), which
 * the import then reports as the file it cannot load (a stat that threw ended the run as "run failed", exit 1).
 */
function isDirectory(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/**
 * For a TypeScript file, which Node 20 does not load (it said only "Unknown file extension \".ts\""), what to give
 * instead; else ''.
 */
function typeScriptHint(path: string, err: unknown, naming: FileNaming): string {
  if ((err as { code?: unknown } | null)?.code !== 'ERR_UNKNOWN_FILE_EXTENSION' || !/\.[cm]?ts$/i.test(path)) return '';
  return ` (Node does not load TypeScript: compile it first, tsc with "module": "NodeNext", and ${naming.giveJs})`;
}

/** hfsim's own modules (dist/src/), whose frames a plugin's error passes through (the registry's checks). */
const OWN_CODE = new URL('../', import.meta.url).href;

/**
 * Where the code of the plugin file at `url` threw as it loaded (a name misspelled, a registration refused): the line
 * in the file that threw or called the registry; else, for a module it imports that threw as it loaded (the file's
 * own code never ran), that module's place (`/path/helper.mjs:2`); undefined when the stack names neither. A
 * syntax error has no such frame (syntaxErrorLine).
 */
function thrownAt(err: unknown, url: string): number | { imported: string } | undefined {
  const frames = fileFrames(err);
  const own = frames.find((f) => f.url === url);
  if (own !== undefined) return own.line;
  const other = frames.find((f) => !f.url.startsWith(OWN_CODE) && !f.url.includes('/node_modules/'));
  return other === undefined ? undefined : { imported: `${fileURLToPath(other.url)}:${other.line}` };
}

/**
 * The line of a plugin file's import of a name its module does not export (a link-time SyntaxError, which `node
 * --check` passes as it reads no other module), or undefined when the file has no such import (a module it imports
 * has).
 */
function missingImportLine(path: string, message: string): number | undefined {
  const name = /does not provide an export named '([^']+)'/.exec(message)?.[1];
  if (name === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const at = new RegExp(`import\\s*(?:[\\w$]+\\s*,\\s*)?\\{[^}]*\\b${name.replace(/[$]/g, '\\$')}\\b`).exec(text);
  return at === null ? undefined : text.slice(0, at.index + at[0].length).split('\n').length;
}

/**
 * The line of a plugin file's syntax error, which import() does not give (Node 20): `node --check` prints it as
 * "<file>:<line>" first; 'imports' when the file itself parses (the error is in a module it imports, which the check
 * does not read); undefined if it cannot tell.
 */
function syntaxErrorLine(path: string): number | 'imports' | undefined {
  let real: string;
  try {
    real = realpathSync(path); // node --check names the file by its real path (a link's target)
  } catch {
    return undefined;
  }
  const check = spawnSync(process.execPath, ['--check', real], { encoding: 'utf8', timeout: 10_000 });
  if (check.status === 0) return real.endsWith('.js') ? moduleSyntaxErrorLine(real) : 'imports';
  const first = (check.stderr ?? '').split('\n')[0];
  const m = /:(\d+)$/.exec(first);
  return m !== null && first.startsWith(real) ? Number(m[1]) : undefined;
}

/**
 * syntaxErrorLine for a .js file that `node --check` passed: Node 20 checks one outside a `"type": "module"` package as
 * CommonJS and passes it whatever follows an `export` (module detection), where import() loads it as an ES module and
 * fails; a plugin's own error was told as "in a module it imports", with no line. Checked again as a module.
 */
function moduleSyntaxErrorLine(real: string): number | 'imports' | undefined {
  let text: string;
  try {
    text = readFileSync(real, 'utf8');
  } catch {
    return undefined;
  }
  const check = spawnSync(process.execPath, ['--check', '--input-type=module'], { input: text, encoding: 'utf8', timeout: 10_000 });
  if (check.status === 0) return 'imports';
  const m = /^\[stdin\]:(\d+)$/.exec((check.stderr ?? '').split('\n')[0]);
  return m === null ? undefined : Number(m[1]);
}

/**
 * The command line's plugin files (loaded with loadPlugins) may throw outside any call of the engine, from a timer or
 * a callback they set: that ends the process (exit 1) with one line naming the files, not Node's stack trace after
 * the results (a walkthrough's plugin threw from a setTimeout). Nor may they end the process: a process.exit() before
 * the command finished is told, naming the files, and ends it with exit 1 (a run failed), whatever code it gave. For
 * the CLI only: a library caller keeps its process's own handling.
 */
export function endOnPluginCrash(): void {
  if (loadedPluginFiles.length === 0 || process.listenerCount('uncaughtException') > 0) return;
  process.on('uncaughtException', (err) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`hfsim: a plugin's code threw outside the simulation (a timer or callback of --plugin ${loadedPluginFiles.join(', ')}): ${message.split('\n')[0]}\n`);
    exitNow(EXIT.runFailed);
  });
  // A plugin's process.exit(3) mid-run ended the process with bench compare's "regression" code, and no word.
  process.on('exit', (code) => {
    if (endIsExpected()) return;
    process.stderr.write(`hfsim: the process was ended by process.exit(${code}) before the command finished: the code of --plugin ${loadedPluginFiles.join(', ')} called it (a plugin returns or throws; it never ends the process)\n`);
    process.exitCode = EXIT.runFailed;
  });
}
