/**
 * Rules around a locality gate. Each widens what the gate allows for some jobs, so skips no longer only add up:
 * the wrapped gate has no `lazy`, and runs with a rule walk every map scan (no pass-all).
 * - starvationBypass (Hadoop branch-1): no delay for a job whose pool is starved past a preemption timeout; the
 *   gate is not read for it then.
 * - jobTypeRule (DSFS): CPU-bound jobs may go rack-local at once; IO-bound jobs wait as the gate says.
 */
import type { GateWrapper, LocalityGate } from './framework/locality-gate.js';
import { type Locality, OFF_RACK, RACK_LOCAL } from './locality-level.js';
import type { PoolSet } from './pools.js';

export function starvationBypass(pools: PoolSet): GateWrapper {
  return (inner: LocalityGate): LocalityGate => ({
    allowed: (job, nowMs) => (pools.starvedPastTimeout(job, 'map', nowMs) ? OFF_RACK : inner.allowed(job, nowMs)),
    skipped: (job, untilNextMs) => inner.skipped(job, untilNextMs),
    launched: (job, locality) => inner.launched(job, locality),
  });
}

export const jobTypeRule: GateWrapper = (inner) => ({
  allowed: (job, nowMs): Locality => {
    const allowed = inner.allowed(job, nowMs);
    return job.spec.type === 'cpu' && allowed < RACK_LOCAL ? RACK_LOCAL : allowed;
  },
  skipped: (job, untilNextMs) => inner.skipped(job, untilNextMs),
  launched: (job, locality) => inner.launched(job, locality),
});
