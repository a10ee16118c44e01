/** Holding signals while an output is written, so that a signal meanwhile ends the process once the write is whole. */
import { isMainThread } from 'node:worker_threads';

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
export function holdSignals(manual = false): () => void {
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
