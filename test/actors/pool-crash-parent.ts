/** For pool.test.ts: a process that runs a task whose timer throws on a pool of processes, and prints what the pool said. */
import { startPool } from '../../src/actors/pool.js';
import type { PoolTestTask } from './pool-task.js';

const pool = startPool<PoolTestTask, unknown>('processes', 1, new URL('./pool-task.ts', import.meta.url));
try {
  await pool.run({ kind: 'throwLater', message: 'late boom' });
} catch (err) {
  process.stdout.write(`${(err as Error).message}\n`);
}
process.stdout.write(`${String(await pool.run({ kind: 'echo', value: 'after' }))}\n`);
await pool.close();
