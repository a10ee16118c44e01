/**
 * What a run's tick hands the engine, checked before the engine acts on it: the tick's next time, and each victim a
 * preemption kills. A broken contract throws naming the plugin (a plugin's mistake is a fault, not a skip).
 */
import type { Victim } from './framework/preemption.js';
import type { Job } from './job.js';
import { policyAndPreemption } from './plugin-checks.js';
import type { RunningTasks } from './running-tasks.js';
import type { Scenario } from './scenario.js';
import { kindInWords, shownValue } from './shown-value.js';
import { isReduceRef, reduceOf } from './task-ref.js';
import { RUNNING } from './task-state.js';

/**
 * A tick's time must lie on the heartbeat grid (the contract: a kill then reaches the racks between epochs) and
 * move forward at each tick: a tick whose next time stayed put looped here forever, and one off the grid killed
 * tasks at times already past (a plugin's, found by a fuzzing pass). `after`: the tick that ran, which the next must
 * follow; `skipped`: the time before skipIdle, which it may keep but not go back from (a skip back one interval ran
 * the tick in the past, then looped for ever). Both omitted: at the run's start.
 */
export function checkTickTime(policy: string, heartbeatMs: number, next: number, after?: number, skipped?: number): void {
  const H = heartbeatMs;
  const early = after !== undefined ? next <= after : skipped !== undefined ? next < skipped : next < 0;
  if (Number.isFinite(next) && !early && next % H === 0) return;
  const why = !Number.isFinite(next) ? 'is not a finite time'
    : early ? (after !== undefined ? `is not after the tick that ran (${after} ms)` : skipped !== undefined ? `is before the time it had before skipIdle (${skipped} ms): a skip moves it forward or leaves it` : 'is before the run\'s start (0 ms)')
    : `is not a multiple of the heartbeat interval (${H} ms)`;
  throw new Error(`policy "${policy}": its tick's next time (${next} ms) ${why}`);
}

/**
 * The job of `v`, a victim a preemption asks to kill at `nowMs` during the tick of `tickAt` (NaN: no tick runs), once
 * it is checked to be one of this run's running attempts; `notThisRunsJob` says how a job is not one of this run's.
 */
export function checkVictim(sc: Scenario['scheduler'], v: Victim, nowMs: number, tickAt: number,
  notThisRunsJob: (job: unknown) => string | undefined, running: RunningTasks): Job {
  // A kill is decided at a tick, at the tick's time, of an attempt started before it: a kept `kill` called later
  // reached the rack before a launch and ran a map twice; a start in the future or NaN gave negative or NaN lost
  // slot time (a fuzzing pass's plugins).
  const refuse = (why: string): Error => new Error(`${policyAndPreemption(sc)}: ${why}`);
  if (Number.isNaN(tickAt)) throw refuse('a kill was asked outside a tick (the tick\'s kill function was kept and called later)');
  if (nowMs !== tickAt) throw refuse(`a kill at ${nowMs} ms, at a tick of ${tickAt} ms (a kill happens at its tick's time)`);
  // A victim that is not one of this run's running attempts failed in the engine's words, naming no plugin ("Cannot
  // read properties of null (reading 'mapState')", "job.requeueMap is not a function", "map 399 killed while not running").
  if (typeof v !== 'object' || v === null) throw refuse(`a kill of ${shownValue(v)}, not a victim { job, task, startMs }`);
  const not = notThisRunsJob(v.job);
  if (not !== undefined) throw refuse(`a kill of a victim whose job is ${not}, not a job the plugin was given`);
  const job = v.job as Job; // one of this run's: checked just above
  const reduce = isReduceRef(v.task);
  const r = reduce ? reduceOf(v.task) : -1;
  const count = reduce ? job.reduces : job.maps;
  if (!Number.isInteger(v.task) || (reduce ? r : v.task) >= count) {
    // a job without reduces has no reference to offer ("-1 to -0" was)
    const reduces = job.reduces === 0 ? ': the job has no reduces'
      : ` or a reduce's reference (-1 ${job.reduces === 1 ? 'for its one reduce' : `to -${job.reduces}`}, reduce r as -(r + 1))`;
    throw refuse(`a kill of job ${job.spec.id}'s task ${shownValue(v.task)}, not a map index (0 to ${job.maps - 1})${reduces}`);
  }
  const state = reduce ? job.reduceState[r] : job.mapState[v.task];
  if (state !== RUNNING) throw refuse(`a kill of job ${job.spec.id}'s ${reduce ? `reduce ${r}` : `map ${v.task}`}, which is not running`);
  // a start of another type shown as it is: "2447" read as "started at 2447 ms, not a time before the tick's 15000 ms"
  if (typeof v.startMs !== 'number') throw refuse(`a kill naming its attempt's start as ${shownValue(v.startMs)} (${kindInWords(v.startMs)}), not a time in ms before the tick's ${nowMs} ms`);
  if (!(Number.isFinite(v.startMs) && v.startMs <= nowMs)) throw refuse(`a kill of an attempt started at ${v.startMs} ms, not a time before the tick's ${nowMs} ms`);
  // The lost slot time is the engine's own start's: a victim naming another start (a plugin's) would book what it says.
  const started = reduce ? job.reduceStartMs[r] : running.mapStartMs(job, v.task);
  if (v.startMs !== started) throw refuse(`a kill of job ${job.spec.id}'s ${reduce ? `reduce ${r}` : `map ${v.task}`} naming its start as ${v.startMs} ms; it started at ${started} ms`);
  return job;
}
