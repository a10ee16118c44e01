/**
 * What a command does at a signal that ends it (a Ctrl-C, a kill, the terminal gone): its own part first (a progress
 * bar's line cleared, an output's lock removed), and then the process still ends by the signal (exit status 130 for
 * SIGINT), as if no one had listened. Each part stops listening before it runs, and the last one left raises the
 * signal again, so that parts registered by different modules each run once, in order, and none keeps the process up.
 */
import { isMainThread } from 'node:worker_threads';

/** Where a listener goes: first, so that it runs before the others (`prepend`), else last. */
export interface EndingOptions {
  prepend?: boolean;
  /** Only on the signals no one else listens to yet: a library user's own handler is left to decide. */
  unheardOnly?: boolean;
}

/**
 * Runs `part` at the first of `signals` to come (given that signal), once: stops listening, runs it, and raises the signal again once no
 * other listener is left. Returns the function that stops listening (the part no longer needed); a worker thread gets
 * no signals and listens to none.
 */
export function atEndingSignal(signals: readonly NodeJS.Signals[], part: (signal: NodeJS.Signals) => void, options: EndingOptions = {}): () => void {
  if (!isMainThread) return () => {};
  const listening = options.unheardOnly ? signals.filter((s) => process.listenerCount(s) === 0) : [...signals];
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    for (const s of listening) process.off(s, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    stop();
    part(signal);
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const s of listening) {
    if (options.prepend) process.prependListener(s, onSignal);
    else process.on(s, onSignal);
  }
  return stop;
}

/**
 * The signals that end a command whose output must be left whole: a Ctrl-C (SIGINT), a kill or a scheduler (SIGTERM),
 * the terminal gone (SIGHUP). The output lock, a sweep's results log and its closing note each do their part at them.
 */
export const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** The signals a user ends a command with at the terminal, or a scheduler does (not SIGHUP: the terminal is gone, nothing to clear). */
const BAR_CLEARED_ON = ['SIGINT', 'SIGTERM'] as const;

/** Where a progress bar is drawn: process.stderr, or a test's stand-in. */
export interface BarStream {
  write(text: string): boolean;
}

/**
 * While a progress bar is drawn on `stream`: at SIGINT or SIGTERM, clears its line (back to the line's start, erased
 * to its end) before anything else is said (its listener comes first), so the shell's prompt does not come back under
 * a half-finished bar (`sweep [=---] 1/24 points ...^C`); the output lock's part, or a write's hold on signals, then
 * ends the process by the signal. Returns the function that stops listening (the bar's end).
 */
export function clearBarOnSignal(stream: BarStream): () => void {
  return atEndingSignal(BAR_CLEARED_ON, () => stream.write('\r\x1b[K'), { prepend: true });
}
