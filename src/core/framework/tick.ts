/**
 * Extension point: a periodic tick at epoch boundaries (every heartbeat interval), between heartbeats, so a kill it
 * decides reaches the racks before their next heartbeats. The pool policies' clock (pool-clock.ts) is one.
 */
import type { Victim } from './preemption.js';

export interface Tick {
  /**
   * true: a tick that may kill tasks (Quincy with kills on). Its run's summary then reports killedTasks and
   * lostSlotSeconds, 0 when none was killed (so a sweep's mean over seeds counts every seed). Omitted or false: they
   * are reported only when a task was killed (as before the field existed: a plugin's digests stay as they were).
   */
  readonly mayKill?: boolean;
  /** Time of the next tick (a multiple of the heartbeat interval); the tick advances it (so not readonly: a literal typed Tick may). */
  nextTickMs: number;
  /** With no job active a tick changes nothing but clocks: move to the last tick at or before `limitMs`. */
  skipIdle(limitMs: number): void;
  /** Runs the tick at nextTickMs; `kill` preempts a running task. */
  tick(active: boolean, kill: (victim: Victim, nowMs: number) => void): void;
  /** A kill decided at this tick has been carried out; `lostMs` is the slot time the attempt had run. */
  killed(victim: Victim, lostMs: number): void;
}
