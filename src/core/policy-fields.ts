/**
 * Scheduler fields that only some policies read. A field the chosen policy would ignore is refused, saying which
 * policies read it, rather than run silently without it: pools, users, job limits, preemption and allocation files
 * belong to the pool-aware policies (hfs, capacity), queues and capacity-scheduler.xml to capacity, size-based job weights to hfs. (Under
 * capacity the allocation file's or the scenario's pools still set job limits and the shares preemption reads.) A variant
 * that switches policy clears such fields with null ("scheduler.pools": null).
 */
import type { z } from 'zod';
import type { PolicyName } from './policies/names.js';

/** The scheduler fields this check reads (after defaults). */
interface SchedulerFields {
  policy: PolicyName;
  pools: unknown[];
  users: unknown[];
  queues: unknown[];
  userMaxJobsDefault?: number;
  poolMaxJobsDefault?: number;
  defaultSchedulingMode: string;
  minSharePreemptionTimeoutMs?: number;
  fairSharePreemptionTimeoutMs?: number;
  sizeBasedWeight: boolean;
  allocationFile?: string;
  capacitySchedulerFile?: string;
  preemption: { enabled: boolean };
}

const POOL_AWARE: readonly PolicyName[] = ['hfs', 'capacity'];

/** Each field set away from its default, and the policies that read it. */
const RULES: ReadonlyArray<{ field: keyof SchedulerFields; set: (s: SchedulerFields) => boolean; readBy: readonly PolicyName[] }> = [
  { field: 'allocationFile', set: (s) => s.allocationFile !== undefined, readBy: POOL_AWARE },
  { field: 'pools', set: (s) => s.pools.length > 0, readBy: POOL_AWARE },
  { field: 'users', set: (s) => s.users.length > 0, readBy: POOL_AWARE },
  { field: 'userMaxJobsDefault', set: (s) => s.userMaxJobsDefault !== undefined, readBy: POOL_AWARE },
  { field: 'poolMaxJobsDefault', set: (s) => s.poolMaxJobsDefault !== undefined, readBy: POOL_AWARE },
  { field: 'minSharePreemptionTimeoutMs', set: (s) => s.minSharePreemptionTimeoutMs !== undefined, readBy: POOL_AWARE },
  { field: 'fairSharePreemptionTimeoutMs', set: (s) => s.fairSharePreemptionTimeoutMs !== undefined, readBy: POOL_AWARE },
  { field: 'preemption', set: (s) => s.preemption.enabled, readBy: POOL_AWARE },
  { field: 'defaultSchedulingMode', set: (s) => s.defaultSchedulingMode !== 'fair', readBy: POOL_AWARE },
  { field: 'sizeBasedWeight', set: (s) => s.sizeBasedWeight, readBy: ['hfs'] },
  { field: 'queues', set: (s) => s.queues.length > 0, readBy: ['capacity'] },
  { field: 'capacitySchedulerFile', set: (s) => s.capacitySchedulerFile !== undefined, readBy: ['capacity'] },
];

/** Adds an issue for each field that `s.policy` would ignore. */
export function refinePolicyFields(s: SchedulerFields, ctx: z.RefinementCtx): void {
  for (const rule of RULES) {
    if (!rule.set(s) || rule.readBy.includes(s.policy)) continue;
    const readers = rule.readBy.map((p) => `"${p}"`).join(' and ');
    ctx.addIssue({ code: 'custom', path: [rule.field], message: `policy "${s.policy}" ignores ${rule.field} (only ${readers} read${rule.readBy.length > 1 ? '' : 's'} it): remove it, or set it to null in a variant that changes the policy` });
  }
}
