/**
 * A worker thread of pool.ts's thread pool (piscina): runs the task module named in workerData.task and answers with
 * the value or the failure (task-failure.ts), as a worker process (pool-child.ts) does. piscina posts a thrown value
 * as it is: a thrown null read as no error at all (the null taken for the answer), and a Symbol, a function or an
 * object with a method, which cannot be cloned, as a value that is not an Error: {}.
 */
import { workerData } from 'node:worker_threads';
import { failure } from './task-failure.js';
import type { TaskAnswer } from '../messages/pool.js';

const { default: run } = await import((workerData as { task: string }).task) as { default: (task: unknown) => Promise<unknown> };

export default async function poolThreadTask(task: unknown): Promise<TaskAnswer<unknown>> {
  try {
    return { ok: true, value: await run(task) };
  } catch (err) {
    return { ok: false, ...failure(err) };
  }
}
