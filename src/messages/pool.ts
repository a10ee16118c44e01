/**
 * The messages between a pool of worker processes (src/actors/pool.ts) and each worker (pool-child.ts), over the
 * process's IPC channel ('advanced' serialization: structured clone, no codec of ours); and a worker thread's answer
 * (pool-thread.ts), which piscina posts.
 */

/** A task for the worker, numbered so that its answer can be matched. */
export type ToChild<T> = { id: number; task: T };
/**
 * The worker is ready; or a task's answer, with when it began and ended there (clock.ts's clock); or code it ran
 * threw outside any task's call (a plugin's timer or callback): the first line of what was thrown, and the id of
 * the task whose run set that timer or callback, else of the task running then (none: between tasks).
 */
export type FromChild<R> = { ready: true } | { crashed: string; during: number | undefined } | ({ id: number; startedAt: number; endedAt: number } & TaskAnswer<R>);
/** A task's value, or its failure. */
export type TaskAnswer<R> = { ok: true; value: R } | ({ ok: false } & TaskFailure);
/** A task's failure as a worker tells it (task-failure.ts): an Error's message, name and stack; or a value thrown that is not an Error. */
export interface TaskFailure {
  message: string;
  name?: string;
  stack?: string;
  /** Set when what was thrown is not an Error (and could be sent). */
  thrown?: { value: unknown };
}
