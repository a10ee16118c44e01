/**
 * A progress bar on a terminal that a Ctrl-C (SIGINT) or a kill (SIGTERM) ends: its line is cleared before the process
 * ends by the signal, so the shell's prompt does not come back under a half-finished bar (`sweep [=---] 1/24 points
 * ...^C`). The process still ends by the signal (exit status 130 for SIGINT), as if no one had listened.
 */
import { isMainThread } from 'node:worker_threads';

/** The signals a user ends a command with at the terminal, or a scheduler does (not SIGHUP: the terminal is gone, nothing to clear). */
const CLEARED_ON = ['SIGINT', 'SIGTERM'] as const;

/** Where the bar is drawn: process.stderr, or a test's stand-in. */
export interface BarStream {
  write(text: string): boolean;
}

/**
 * While a bar is drawn on `stream`: at SIGINT or SIGTERM, clears its line (back to the line's start, erased to its
 * end), stops listening, and raises the signal again once no other listener is left (the output lock's, or a write's
 * hold on signals, ends the process by it after doing its own part). Listens first (prepended), so the line is clear
 * before anything else is said. Returns the function that stops listening (the bar's end).
 */
export function clearBarOnSignal(stream: BarStream): () => void {
  if (!isMainThread) return () => {}; // a worker thread gets no signals
  let listening = true;
  const stop = (): void => {
    if (!listening) return;
    listening = false;
    for (const s of CLEARED_ON) process.off(s, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    stop();
    stream.write('\r\x1b[K');
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const s of CLEARED_ON) process.prependListener(s, onSignal);
  return stop;
}
