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
import { z } from 'zod';
import { nonNegInt, timeMs } from './bounded.js';
import { MAX_INT32 } from './limits.js';
import type { GatePlugin } from './framework/registry.js';
import type { LocalityGate } from './framework/locality-gate.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL } from './job.js';

export type { LazySkips, LocalityGate } from './framework/locality-gate.js';

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

const BOTH = ['skipIdleHeartbeats', 'passAll'] as const;

/** The built-in gates, registered as scheduler.delay.mode "none", "skip" and "wait". */
export const noDelayGate = {
  description: 'no delay: any locality at once',
  permits: BOTH,
  create: () => noDelay,
} satisfies GatePlugin;

export const skipGate = {
  description: 'skip count (Algorithm 2): non-local maps after maxSkips skips',
  config: z.strictObject({ maxSkips: nonNegInt('maxSkips', MAX_INT32) }),
  permits: BOTH,
  create: (c: { maxSkips: number }) => skipCount(c.maxSkips),
} satisfies GatePlugin;

export const waitGate = {
  description: 'two-level wait (Algorithm 3): rack-local after nodeMs, any after a further rackMs',
  config: z.strictObject({
    nodeMs: timeMs('nodeMs').int('nodeMs must be a whole number').optional(),
    rackMs: timeMs('rackMs').int('rackMs must be a whole number').optional(),
  }),
  permits: BOTH,
  create: (c, context) => waitGateOf(c, context.topology.heartbeatMs),
} satisfies GatePlugin<{ nodeMs?: number; rackMs?: number }>;

function waitGateOf(c: { nodeMs?: number; rackMs?: number }, heartbeatMs: number): LocalityGate {
  const nodeMs = c.nodeMs ?? defaultLocalityDelayMs(heartbeatMs);
  return twoLevelWait(nodeMs, c.rackMs ?? nodeMs);
}

/** A built-in gate's scenario config (tests make gates without a run). */
export type BuiltinDelay = { mode: 'none' } | { mode: 'skip'; maxSkips: number } | { mode: 'wait'; nodeMs?: number; rackMs?: number };

export function makeLocalityGate(delay: BuiltinDelay, heartbeatMs = 3000): LocalityGate {
  switch (delay.mode) {
    case 'none':
      return noDelay;
    case 'skip':
      return skipCount(delay.maxSkips);
    case 'wait':
      return waitGateOf(delay, heartbeatMs);
  }
}
