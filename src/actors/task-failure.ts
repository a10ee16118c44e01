/**
 * A pool task's failure across the boundary of its worker (src/actors/pool.ts), the same for a worker process
 * (pool-child.ts) and a worker thread (pool-thread.ts): the worker turns what the task threw into a TaskFailure
 * (failure()), the pool throws it again (rethrown()).
 */
import { serialize } from 'node:v8';
import type { TaskFailure } from '../messages/pool.js';

/**
 * What the pool is told of a task that threw: an Error's message, name and stack (the CLI reads from the stack where
 * a plugin threw: with the message alone a variant or point run there lost it), or a value that is not an Error as
 * it is, where it can be sent (else its String), for the CLI to show as it shows one thrown in its own process (a
 * thrown { code: 7 } read "[object Object]"). Made in the worker: a thread's piscina posted what was thrown itself,
 * so a thrown null read as a null answer, and a Symbol, a function or an object with a method as {}.
 */
export function failure(err: unknown): TaskFailure {
  if (err instanceof Error) return { message: String(err.message), name: String(err.name), stack: typeof err.stack === 'string' ? err.stack : undefined };
  try {
    serialize(err); // what a process's 'advanced' channel and a thread's postMessage can send (structured clone)
    return { message: String(err), thrown: { value: err } };
  } catch {
    return { message: String(err) };
  }
}

/** What the task threw, again: an Error with the worker's message, name and stack, or the value itself. */
export function rethrown(f: TaskFailure): unknown {
  if (f.thrown !== undefined) return f.thrown.value;
  const err = new Error(f.message);
  if (f.name !== undefined) err.name = f.name;
  if (f.stack !== undefined) err.stack = f.stack;
  return err;
}
