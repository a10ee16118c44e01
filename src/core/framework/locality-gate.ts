/**
 * Extension point: the locality gate. How far from its data a job may launch a map right now (delay scheduling's
 * skip count and two-level wait are gates; DSFS's job-type rule and HFS's starvation bypass wrap one).
 */
import type { Job } from '../job.js';
import type { Locality } from '../locality-level.js';

export interface LocalityGate {
  /** The most distant locality `job` may launch at now (may advance its level, as Hadoop does on reading it). */
  allowed(job: Job, nowMs: number): Locality;
  /** `job` was visited during a heartbeat and launched nothing; the cluster's next heartbeat is `untilNextMs` away. */
  skipped(job: Job, untilNextMs: number): void;
  launched(job: Job, locality: Locality): void;
  /** Present when skips may be counted late (see pass-all.ts): a gate whose skips only add up. A wrapper drops it. */
  readonly lazy?: LazySkips;
}

/**
 * Skips counted late. A job is "plain" while a visit would allow it node-local maps only (its level does not widen);
 * a plain job without a map on the node is passed over, and all that changes is the skip added to it. Those skips
 * may be added up and handed over later, provided the job is handed them before anything reads its state.
 */
export interface LazySkips {
  /** What one skip adds, at a heartbeat `untilNextMs` before the cluster's next (wait: that time; skip count: 1). */
  amount(untilNextMs: number): number;
  /** How much more may be added before a visit would widen the job's locality; 0 or less: the job is not plain. */
  headroom(job: Job): number;
  /** Hands over skips added up late: the same state as `owed` added one skip at a time. */
  settle(job: Job, owed: number): void;
}

/** A rule that widens what a gate allows (it sees every job before the gate does). */
export type GateWrapper = (inner: LocalityGate) => LocalityGate;
