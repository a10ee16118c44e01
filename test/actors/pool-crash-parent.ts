/**
 * For pool.test.ts: a process that runs tasks whose timer throws on a pool of processes (argv: throwLater, the task
 * still running; throwAfter, once it answered; throwDuringNext, once it answered and while the worker runs the next
 * task, an echo that answers after a second), then an echo, and prints what the pool said of each.
 */
import { startPool } from '../../src/actors/pool.js';
import type { PoolTestTask } from './pool-task.js';

const kind = process.argv[2] as 'throwLater' | 'throwAfter' | 'throwDuringNext';
const pool = startPool<PoolTestTask, unknown>('processes', 1, new URL('./pool-task.ts', import.meta.url));
const said = (p: Promise<unknown>): Promise<string> => p.then(String, (err: Error) => err.message);
const first: PoolTestTask = kind === 'throwDuringNext' ? { kind: 'throwAfter', message: 'late boom', afterMs: 200 } : { kind, message: 'late boom' };
const next: PoolTestTask = kind === 'throwDuringNext' ? { kind: 'echoLater', value: 'after', ms: 1000 } : { kind: 'echo', value: 'after' };
const answers = await Promise.all([said(pool.run(first)), said(pool.run(next))]);
process.stdout.write(answers.map((a) => `${a}\n`).join(''));
await pool.close();
