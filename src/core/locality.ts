/**
 * Delay scheduling's locality gate: how far from its data a job may launch a map right now.
 * - none: any locality at once (the head job takes node-local, else rack-local, else any).
 * - skip (paper Algorithm 2): after maxSkips skips a job may launch non-local maps, as many as it likes, until it
 *   launches a node-local map again, which resets its count. A job is skipped at most once per heartbeat.
 * - wait (paper Algorithm 3; Hadoop branch-1 FairScheduler.getAllowedLocalityLevel): a job at level NODE may
 *   launch only node-local maps; after waiting nodeMs it may launch rack-local (level RACK); after a further
 *   rackMs, any (level ANY). A launch sets the level to that map's locality and resets the wait. The wait grows
 *   only while the job is skipped: a job skipped at a heartbeat accrues the time to the cluster's next heartbeat.
 */
import type { DelayConfig } from './scenario.js';
import { type Job, type Locality, NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './job.js';

export interface LocalityGate {
  /** The most distant locality `job` may launch at now (may advance its level, as Hadoop does on reading it). */
  allowed(job: Job): Locality;
  /** `job` was visited during a heartbeat and launched nothing; the cluster's next heartbeat is `untilNextMs` away. */
  skipped(job: Job, untilNextMs: number): void;
  launched(job: Job, locality: Locality): void;
  /** Present when skips may be counted late (see pass-all.ts): a gate whose skips only add up. */
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

const noDelay: LocalityGate = {
  allowed: () => OFF_RACK,
  skipped: () => {},
  launched: () => {},
};

function skipCount(maxSkips: number): LocalityGate {
  return {
    allowed: (job) => (job.skipCount >= maxSkips ? OFF_RACK : NODE_LOCAL),
    skipped: (job) => {
      job.skipCount++;
    },
    launched: (job, locality) => {
      if (locality === NODE_LOCAL) job.skipCount = 0;
    },
    lazy: {
      amount: () => 1,
      headroom: (job) => maxSkips - job.skipCount,
      settle: (job, owed) => {
        job.skipCount += owed;
      },
    },
  };
}

function twoLevelWait(nodeMs: number, rackMs: number): LocalityGate {
  return {
    allowed: (job) => {
      if (job.level === NODE_LOCAL) {
        if (job.waitedMs < nodeMs) return NODE_LOCAL;
        job.level = RACK_LOCAL;
        job.waitedMs = 0;
      }
      if (job.level === RACK_LOCAL) {
        if (job.waitedMs < rackMs) return RACK_LOCAL;
        job.level = OFF_RACK;
        job.waitedMs = 0;
      }
      return OFF_RACK;
    },
    skipped: (job, untilNextMs) => {
      job.waitedMs += untilNextMs;
    },
    launched: (job, locality) => {
      job.level = locality;
      job.waitedMs = 0;
    },
    lazy: {
      amount: (untilNextMs) => untilNextMs,
      headroom: (job) => (job.level === NODE_LOCAL ? nodeMs - job.waitedMs : 0),
      settle: (job, owed) => {
        job.waitedMs += owed;
      },
    },
  };
}

/** Hadoop branch-1's default locality delay: min(15 s, 1.5 x heartbeat). */
export const defaultLocalityDelayMs = (heartbeatMs: number): number => Math.min(15_000, Math.round(1.5 * heartbeatMs));

export function makeLocalityGate(delay: DelayConfig, heartbeatMs = 3000): LocalityGate {
  switch (delay.mode) {
    case 'none':
      return noDelay;
    case 'skip':
      return skipCount(delay.maxSkips);
    case 'wait':
    {
      const nodeMs = delay.nodeMs ?? defaultLocalityDelayMs(heartbeatMs);
      return twoLevelWait(nodeMs, delay.rackMs ?? nodeMs);
    }
  }
}
