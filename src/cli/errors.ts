/** Bad input (scenario, flags, files): reported as one line and exit code 2, never a stack trace. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** A command that did what it could but is not done (a sweep merge that lacks points): its message, then exit 4. */
export class IncompleteError extends Error {
  override readonly name = 'IncompleteError';
}

export const EXIT = { ok: 0, runFailed: 1, badInput: 2, regression: 3, incomplete: 4 } as const;

/** Exit code of the last bench compare (commander actions return nothing). */
export const benchExit = { code: EXIT.ok as number };

/** The --plugin files this process loaded (plugins.ts adds them): a run that fails names them, as a likely cause. */
export const loadedPluginFiles: string[] = [];

/** Why a file could not be opened, in words: a missing file, a folder where a file was named, or Node's own words. */
export function fileReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : osReason(err);
}

/** Node's own words for a file system error: "permission denied" of "EACCES: permission denied, open '/x'". */
export function osReason(err: unknown): string {
  const m = /^[A-Z]+: ([^,]+),/.exec(err instanceof Error ? err.message : '');
  return m ? m[1] : String(err);
}
