/**
 * An audit of the pools' caps: under hfs no pool ever runs more maps or reduces than its maxMaps / maxReduces, no
 * parent pool more in all the pools under it than its own, and under capacity no queue (nor parent queue, all the
 * queues under it together) more than its absolute maxCapacity (one below its cap may take one more slot: ceil of the cap).
 * Counted from the master's launches, finishes and kills, in the order it made them.
 */
import type { JobResult } from '../../src/core/results.js';
import type { Scenario } from '../../src/core/scenario.js';
import type { SchedulerObserver } from '../../src/core/scheduler.js';
import { queueTreeOf } from '../../src/core/queue-tree.js';

export function poolCapsAudit(s: Scenario) {
  const events: number[] = []; // (job, +1 or -1, 1 for a map) triples
  const record = (job: number, delta: number, task: number) => events.push(job, delta, task >= 0 ? 1 : 0);
  const observer: SchedulerObserver = {
    launched: (_now, _node, job, task) => record(job, 1, task),
    finished: (_now, _node, job, task) => record(job, -1, task),
    killed: (_now, _node, job, task) => record(job, -1, task),
  };
  return {
    observer,
    /** The caps broken, given the run's jobs (indexed by job index). */
    failures(jobs: readonly JobResult[]): string[] {
      const caps = capsOf(s);
      const sc = s.scheduler;
      // Under hfs a pool that sets no cap has the scheduler's defaults, a pool made for a job included, under the
      // parent pool its dotted name's prefix names (pools.ts PoolSet.add).
      const defaults: [number, number] = sc.policy === 'hfs' ? [sc.poolMaxMapsDefault ?? Infinity, sc.poolMaxReducesDefault ?? Infinity] : [Infinity, Infinity];
      const hasDefault = defaults.some(Number.isFinite);
      if (caps.size === 0 && !hasDefault) return [];
      const running = new Map<string, [number, number]>();
      const out: string[] = [];
      const parentOf = new Map<string, string | undefined>((sc.policy === 'hfs' ? [...sc.pools, ...sc.parentPools] : sc.policy === 'capacity' ? [...sc.queues, ...sc.parentQueues] : []).map((p) => [p.name, p.parent]));
      if (sc.policy === 'hfs') {
        const parents = new Set(sc.parentPools.map((p) => p.name));
        for (const { pool } of jobs) {
          if (parentOf.has(pool)) continue;
          const dot = pool.lastIndexOf('.');
          parentOf.set(pool, dot > 0 && parents.has(pool.slice(0, dot)) ? pool.slice(0, dot) : undefined);
          if (hasDefault) caps.set(pool, defaults);
        }
      }
      for (let e = 0; e < events.length; e += 3) {
        const kind = events[e + 2] === 1 ? 0 : 1;
        for (let pool: string | undefined = jobs[events[e]].pool; pool !== undefined; pool = parentOf.get(pool)) {
          const cap = caps.get(pool);
          if (cap === undefined) continue;
          const r = running.get(pool) ?? [0, 0];
          r[kind] += events[e + 1];
          running.set(pool, r);
          if (r[kind] > cap[kind] && out.length < 3) out.push(`pool ${pool} runs ${r[kind]} ${kind === 0 ? 'maps' : 'reduces'}, over its cap of ${cap[kind]}`);
        }
      }
      return out;
    },
  };
}

/** Each capped pool's [maps, reduces] caps (under hfs, a listed pool that sets none has the scheduler's defaults). */
function capsOf(s: Scenario): Map<string, [number, number]> {
  const sc = s.scheduler;
  const caps = new Map<string, [number, number]>();
  if (sc.policy === 'hfs') {
    const [maps, reduces] = [sc.poolMaxMapsDefault ?? Infinity, sc.poolMaxReducesDefault ?? Infinity];
    for (const p of [...sc.pools, ...sc.parentPools]) {
      const cap: [number, number] = [p.maxMaps ?? maps, p.maxReduces ?? reduces];
      if (cap.some(Number.isFinite)) caps.set(p.name, cap);
    }
  } else if (sc.policy === 'capacity') {
    const nodes = s.cluster.racks * s.cluster.nodesPerRack;
    const tree = queueTreeOf(sc);
    for (const q of [...sc.queues, ...sc.parentQueues]) {
      const max = tree.absoluteMax(q.name);
      if (max >= 1) continue;
      caps.set(q.name, [Math.ceil(max * nodes * s.cluster.mapSlotsPerNode), Math.ceil(max * nodes * s.cluster.reduceSlotsPerNode)]);
    }
  }
  return caps;
}
