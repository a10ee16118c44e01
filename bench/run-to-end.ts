/**
 * A child process run to its end, with the signals that end this one passed on to it. Not spawnSync: blocked in it,
 * this process died of a SIGTERM or SIGINT sent to it alone (a `kill`, a CI job's timeout) and left its child running
 * (the full suite's fb2010-day for minutes, at up to 4 GB; a valgrind run for many). While the child runs, such a
 * signal is passed on to it, and then ends this process as it would have.
 */
import { spawn } from 'node:child_process';

/** Signals that end this process (their default action) and that a child's process gets too. */
const ENDING: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface Ended {
  status: number | null;
  /** The signal that ended the child, where one did (status null). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` with `args` (in `cwd`, else this process's) to its end: its exit code, stdout and stderr (empty with
 * `inherit`: the child writes to this process's own).
 */
export function runToEnd(command: string, args: readonly string[], cwd?: string, inherit = false): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const pass = (signal: NodeJS.Signals): void => {
      stopPassing();
      child.kill(signal);
      process.kill(process.pid, signal); // no listener now: this process ends by the signal
    };
    const stopPassing = (): void => { for (const s of ENDING) process.removeListener(s, pass); };
    // Listening before the spawn: a signal that came during it ended this process, the child already forked.
    for (const s of ENDING) process.on(s, pass);
    const child = spawn(command, args, { cwd, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => { stopPassing(); reject(e); });
    child.on('close', (status, signal) => {
      stopPassing();
      resolve({ status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}
