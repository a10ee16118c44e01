/**
 * Work in steps: a generator that pauses (yields) between them, so that a caller may let the event loop turn there
 * (where a signal's handler runs: a Ctrl-C then clears a progress bar's line), or run it to its end at once.
 */

/** Work that pauses between its steps and ends with a `T`. */
export type Steps<T> = Generator<void, T, void>;

/** The work's value, run to its end without pausing. */
export function drained<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The work's value, the event loop let turn at each of its pauses. */
export async function turning<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * The work with each step run inside `around` (a function that runs a callback in its setting: warnings collected,
 * errors renamed, a listener set), pausing where it pauses: the setting holds for each step, and none is left set
 * while the loop turns.
 */
export function* within<T>(around: <S>(step: () => S) => S, steps: Steps<T>): Steps<T> {
  for (;;) {
    const step = around(() => steps.next());
    if (step.done) return step.value;
    yield;
  }
}
