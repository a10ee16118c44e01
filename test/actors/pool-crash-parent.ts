/**
 * For pool.test.ts: a process that runs tasks whose timer throws on a pool of processes (argv: throwLater, the task
 * still running; throwAfter, once it answered), then an echo, and prints what the pool said of each.
 */
import { startPool } from '../../src/actors/pool.js';
import type { PoolTestTask } from './pool-task.js';

const kind = process.argv[2] as 'throwLater' | 'throwAfter';
const pool = startPool<PoolTestTask, unknown>('processes', 1, new URL('./pool-task.ts', import.meta.url));
const said = (p: Promise<unknown>): Promise<string> => p.then(String, (err: Error) => err.message);
const answers = await Promise.all([said(pool.run({ kind, message: 'late boom' })), said(pool.run({ kind: 'echo', value: 'after' }))]);
process.stdout.write(answers.map((a) => `${a}\n`).join(''));
await pool.close();
