/** For pool.test.ts: a process that starts a pool of processes, prints its worker's pid, and leaves it on a task that never ends. */
import { startPool } from '../../src/actors/pool.js';
import type { PoolTestTask } from './pool-task.js';

const pool = startPool<PoolTestTask, unknown>('processes', 1, new URL('./pool-task.ts', import.meta.url));
process.stdout.write(`${String(await pool.run({ kind: 'pid' }))}\n`);
void pool.run({ kind: 'hang' });
