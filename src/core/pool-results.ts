/** Per-pool results of a pool-aware policy: configuration echo, jobs and response times, kills, and shares over time. */
import type { PoolClock, ShareSeries } from './pool-clock.js';
import { type PoolSet, livePools } from './pools.js';
import type { JobResult } from './results.js';

export interface PoolResult {
  name: string;
  /** Its parent pool (scheduler.parentPools) or, under capacity, parent queue (scheduler.parentQueues); omitted under the root. */
  parent?: string;
  weight: number;
  minMaps: number;
  minReduces: number;
  jobs: number;
  /** null for a pool with no job (a 0 would pull down a mean over pools). */
  meanResponseMs: number | null;
  /** Task attempts of this pool killed by preemption, and the slot time they had run. */
  killedTasks: number;
  lostSlotSeconds: number;
  /** Fair and running shares at each preemption check while jobs were active. */
  shares: ShareSeries;
}

export function poolResults(set: PoolSet, clock: PoolClock, jobs: readonly JobResult[]): PoolResult[] {
  // A capacity queue's parent queue is the queue tree's (queue-tree.ts), not a parent pool's.
  const queueParent = new Map(set.config.queues.flatMap((q) => (q.parent === undefined ? [] : [[q.name, q.parent] as const])));
  return livePools(set).map((pool) => {
    const parent = pool.parent?.name ?? queueParent.get(pool.name);
    const mine = jobs.filter((j) => j.pool === pool.name);
    const lost = clock.lost.get(pool);
    const mean = mine.length === 0 ? null : mine.reduce((a, j) => a + j.responseMs, 0) / mine.length;
    return {
      name: pool.name,
      ...(parent === undefined ? {} : { parent }),
      weight: pool.config.weight,
      minMaps: pool.config.minMaps,
      minReduces: pool.config.minReduces,
      jobs: mine.length,
      meanResponseMs: mean === null ? null : Math.round(mean * 10) / 10,
      killedTasks: lost?.kills ?? 0,
      lostSlotSeconds: Math.round((lost?.lostSlotMs ?? 0) / 100) / 10,
      shares: clock.series.get(pool) ?? { tMs: [], fairMaps: [], runningMaps: [], fairReduces: [], runningReduces: [] },
    };
  });
}
