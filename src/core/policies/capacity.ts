/**
 * The capacity scheduler (Yahoo's, Hadoop 0.20; SPEC.md 3.7): queues with configured capacities (percent of the
 * slots of each kind). A free slot goes to the queue with the lowest running / capacity (ties by name); a queue at
 * its maxCapacity is passed over. Within a queue, jobs by priority then submit time (orderingPolicy fifo) or by
 * their running containers, maps and reduces, fewest first, then so (fair: YARN's FairOrderingPolicy orders apps by
 * their resource usage, ties first-in first-out; a container is a slot here), skipping jobs whose user
 * already holds the user limit: max(ceil(C / active users), ceil(C * minUserLimitPercent / 100)), where C is the
 * queue's capacity, or its running tasks + 1 once it is over capacity (Hadoop's getUserLimit), and at most
 * ceil(capacity x userLimitFactor) when the queue sets one (YARN's user-limit-factor). A job names its
 * queue in `pool`; a queue not listed in scheduler.queues gets the capacity the listed ones leave (at least 1%).
 */
import type { Job } from '../job.js';
import { PoolSet, activeJobs, jobRunning, livePools } from '../pools.js';
import type { QueueConfig } from '../pool-config.js';
import { compareFifo } from './fifo.js';
import type { PolicyPlugin } from '../framework/registry.js';
import type { SlotKind } from '../slot-kind.js';
import { poolPolicy } from './pool-queue.js';

/** A queue's configuration, including unlisted queues (leftover capacity, no cap, no user limit below 100%). */
export function queueConfig(set: PoolSet, name: string): QueueConfig {
  const listed = set.config.queues.find((q) => q.name === name);
  if (listed !== undefined) return listed;
  const used = set.config.queues.reduce((a, q) => a + q.capacity, 0);
  return { name, capacity: Math.max(1, 100 - used), minUserLimitPercent: 100 };
}

export function capacityOrder(set: PoolSet, kind: SlotKind): Job[] {
  set.refreshStats(kind);
  const slots = kind === 'map' ? set.mapSlots : set.reduceSlots;
  const queues = livePools(set).filter((p) => p.runnableJobs > 0).map((pool) => {
    const q = queueConfig(set, pool.name);
    const capacity = Math.max(1e-9, (q.capacity / 100) * slots);
    const max = ((q.maxCapacity ?? 100) / 100) * slots;
    return { pool, q, capacity, max, running: pool.share(kind).running };
  }).filter((x) => x.running < x.max);
  // total order: running / capacity, then the queue's name
  queues.sort((a, b) => a.running / a.capacity - b.running / b.capacity || (a.pool.name < b.pool.name ? -1 : a.pool.name > b.pool.name ? 1 : 0));
  const out: Job[] = [];
  for (const { pool, q, capacity, running } of queues) {
    const jobs = activeJobs(pool).filter((j) => set.isRunnable(j)).sort(q.orderingPolicy === 'fair' ? compareUsage : compareFifo);
    const byUser = runningByUser(jobs, kind);
    const current = running < capacity ? capacity : running + 1;
    const share = Math.max(Math.ceil(current / byUser.size), Math.ceil((current * q.minUserLimitPercent) / 100));
    const limit = q.userLimitFactor === undefined ? share : Math.min(share, Math.ceil(capacity * q.userLimitFactor));
    for (const j of jobs) if (byUser.get(PoolSet.userOf(j))! < limit) out.push(j);
  }
  return out;
}

/** YARN's FairOrderingPolicy with 1-slot containers: fewer running containers (maps and reduces) first, then fifo. */
function compareUsage(a: Job, b: Job): number {
  return jobRunning(a, 'map') + jobRunning(a, 'reduce') - (jobRunning(b, 'map') + jobRunning(b, 'reduce')) || compareFifo(a, b);
}

/** Running tasks of `kind` per user among `jobs`. */
function runningByUser(jobs: Job[], kind: SlotKind): Map<string, number> {
  const byUser = new Map<string, number>();
  for (const j of jobs) {
    const u = PoolSet.userOf(j);
    byUser.set(u, (byUser.get(u) ?? 0) + jobRunning(j, kind));
  }
  return byUser;
}

export const capacity = {
  description: 'capacity scheduler: queues by running / capacity, FIFO (or fair) within, a per-user limit',
  usesPools: true,
  permits: ['skipIdleHeartbeats'],
  create: (_config, context) => poolPolicy('capacity', capacityOrder, context),
} satisfies PolicyPlugin;
