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
