import { exitNow, osReason } from './errors.js';

/**
 * A reader that closes its end early (`hfsim run ... --json | head -c 100`) ends our output there, quietly. Node
 * ignores SIGPIPE, so a write into a closed pipe fails with EPIPE, emitted on the stream; with no listener that is
 * an uncaught exception: a stack trace on stderr and exit 1. Here EPIPE on stdout or stderr is dropped (the stream
 * is destroyed and writes nothing more) and the command finishes with the exit code it would have had: 0 for a run
 * that succeeded, 3 for a regression found. Any other error (stdout on a full disk: `> r.json`) ends the command
 * with exit 1 and one line naming stdout (it was a stack trace from here).
 */
export function isClosedPipe(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === 'EPIPE';
}

/**
 * stderr carries diagnostics (progress, warnings, errors), not results: once it refuses a write (a full disk under a
 * nightly job's log, `2>/dev/full`), what comes after is dropped and the command goes on; a sweep had stopped at its
 * first progress line, exit 1, saying nothing. A write into a file or a device throws where it is made (Node writes
 * them synchronously), a pipe's fails on the stream: both are caught here.
 */
function dropDiagnosticsStderrRefuses(): void {
  const stderr = process.stderr;
  const write = stderr.write.bind(stderr) as (...args: unknown[]) => boolean;
  let refused = false;
  stderr.write = ((...args: unknown[]): boolean => {
    if (refused) return true;
    try {
      return write(...args);
    } catch {
      refused = true;
      return true;
    }
  }) as typeof stderr.write;
  stderr.on('error', () => { refused = true; });
}

/** The exit a refused stdout ends with: 1, or a verdict the command reached before it printed (verdictStands). */
let onFailure = { code: 1, why: '' };

/**
 * A verdict reached before the output is printed (bench compare's regression, exit 3), which a stdout that then refuses
 * the output must not turn into exit 1: a CI script read that as a broken job, not a regression.
 */
export function verdictStands(code: number, why: string): void {
  onFailure = { code, why };
}

/** stdout refused a write (a full disk, a size limit): said on stderr, exit 1 (or the verdict that stands). */
export function stdoutFailed(err: unknown): never {
  process.stderr.write(`hfsim: stdout: not written whole (${osReason(err)})${onFailure.why === '' ? '' : `; ${onFailure.why}`}\n`);
  exitNow(onFailure.code);
}

export function endQuietlyOnClosedPipes(): void {
  process.stdout.on('error', (err) => {
    if (!isClosedPipe(err)) stdoutFailed(err);
  });
  dropDiagnosticsStderrRefuses();
  // A write past a file size limit (ulimit -f) fails with EFBIG, which each writer reports (naming its file), rather
  // than killing the process by SIGXFSZ's default action: exit 153 after the message, or none at all (a sweep's log).
  process.on('SIGXFSZ', () => {});
}
