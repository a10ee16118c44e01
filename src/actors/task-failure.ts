/**
 * A pool task's failure across the boundary of its worker (src/actors/pool.ts), the same for a worker process
 * (pool-child.ts) and a worker thread (pool-thread.ts): the worker turns what the task threw into a TaskFailure
 * (failure()), the pool throws it again (rethrown()).
 */
import { serialize } from 'node:v8';
import type { TaskFailure } from '../messages/pool.js';

/**
 * What the pool is told of a task that threw, made in the worker: an Error's message, name and stack (the CLI reads
 * from the stack where a plugin threw: with the message alone a variant or point run there lost it); a value that is
 * not an Error as it is, where it can be sent, for the CLI to show as it shows one thrown in its own process (a thrown
 * { code: 7 } read "[object Object]"); one that cannot be sent (a Symbol, a function, an object with a method) as the
 * words the CLI shows for it (valueWords: its String read "[object Object]", and one without a prototype, whose
 * String throws, ended the worker process). A thread's piscina posted what was thrown itself: a thrown null read as a
 * null answer, and what cannot be cloned as {}.
 */
export function failure(err: unknown): TaskFailure {
  if (err instanceof Error) return { message: String(err.message), name: String(err.name), stack: typeof err.stack === 'string' ? err.stack : undefined };
  const message = valueWords(err);
  try {
    serialize(err); // what a process's 'advanced' channel and a thread's postMessage can send (structured clone)
    return { message, thrown: { value: err } };
  } catch {
    return { message };
  }
}

/**
 * A thrown value that is not an Error in words, as the CLI shows it (cli/errors.ts thrownMessage), the same where it
 * was thrown and in a worker: a string, number or other primitive bare; an object or list as JSON (its String where
 * JSON gives nothing, its tag where JSON or String throws: a cycle, a toJSON that throws).
 */
export function valueWords(err: unknown): string {
  // an empty or blank string bare left the line blank ('hfsim: run failed: ')
  if (typeof err === 'string' && err.trim() === '') return `${err === '' ? 'an empty' : 'a blank'} string: ${JSON.stringify(err)}`;
  if (typeof err !== 'object' || err === null) return String(err);
  try {
    return `a value that is not an Error: ${JSON.stringify(err) ?? String(err)}`;
  } catch {
    return `a value that is not an Error: ${Object.prototype.toString.call(err)}`;
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
