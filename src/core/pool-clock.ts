/**
 * The pool-aware policies' clock (Hadoop FairScheduler's update thread and preemption check): a tick at every
 * epoch boundary (every heartbeat interval) recomputes demands, fair shares and the preemption clocks; at the
 * first tick at or after each multiple of the preemption interval it records each pool's fair and running
 * shares and, with preemption on, kills the tasks preemption chooses. Ticks on epoch boundaries make a kill
 * reach its rack before the rack's next heartbeats, whichever heartbeats the master leaves out.
 */
import type { Preemption, Victim } from './framework/preemption.js';
import type { Tick } from './framework/tick.js';
import { type PoolSet, livePools } from './pools.js';
import type { Pool } from './pool.js';
import type { RunningTasks } from './running-tasks.js';
import { KINDS } from './slot-kind.js';

/** Fair and running shares of one pool over time, sampled at the preemption checks while jobs are active. */
export interface ShareSeries {
  tMs: number[];
  fairMaps: number[];
  runningMaps: number[];
  fairReduces: number[];
  runningReduces: number[];
}

export class PoolClock implements Tick {
  nextTickMs = 0;
  readonly series = new Map<Pool, ShareSeries>();
  readonly lost = new Map<Pool, { kills: number; lostSlotMs: number }>();

  /** `preemption` and `running` are present when preemption is on. */
  constructor(private readonly pools: PoolSet, private readonly heartbeatMs: number, private readonly intervalMs: number,
    private readonly preemption?: Preemption, private readonly running?: RunningTasks) {}

  /** With no job active, ticks change nothing but the clocks: move to the last tick at or before `limitMs`. */
  skipIdle(limitMs: number): void {
    const last = Math.floor(limitMs / this.heartbeatMs) * this.heartbeatMs;
    if (last > this.nextTickMs) this.nextTickMs = last;
  }

  /** Runs the tick at nextTickMs. */
  tick(active: boolean, kill: (victim: Victim, nowMs: number) => void): void {
    const now = this.nextTickMs;
    this.nextTickMs += this.heartbeatMs;
    this.pools.update(now);
    if (!active || !this.isCheck(now)) return;
    this.sample(now);
    const { preemption, running } = this;
    if (preemption === undefined || running === undefined) return;
    for (const kind of KINDS) for (const v of preemption.victims(this.pools, kind, now, running)) kill(v, now);
  }

  killed(victim: Victim, lostMs: number): void {
    const pool = this.pools.poolOf(victim.job);
    const l = this.lost.get(pool) ?? { kills: 0, lostSlotMs: 0 };
    l.kills++;
    l.lostSlotMs += lostMs;
    this.lost.set(pool, l);
  }

  /** The first tick at or after a multiple of the interval. */
  private isCheck(tMs: number): boolean {
    return Math.floor(tMs / this.intervalMs) > Math.floor((tMs - this.heartbeatMs) / this.intervalMs);
  }

  private sample(tMs: number): void {
    for (const pool of livePools(this.pools)) {
      let s = this.series.get(pool);
      if (s === undefined) {
        s = { tMs: [], fairMaps: [], runningMaps: [], fairReduces: [], runningReduces: [] };
        this.series.set(pool, s);
      }
      s.tMs.push(tMs);
      s.fairMaps.push(Math.round(pool.map.fairShare * 100) / 100);
      s.runningMaps.push(pool.map.running);
      s.fairReduces.push(Math.round(pool.reduce.fairShare * 100) / 100);
      s.runningReduces.push(pool.reduce.running);
    }
  }
}
