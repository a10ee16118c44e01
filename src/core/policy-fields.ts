/**
 * Scheduler fields that only some policies read. A field the chosen policy would ignore is refused, saying which
 * policies read it, rather than run silently without it: pools, users, job limits, preemption and allocation files
 * belong to the pool-aware policies (hfs, capacity), queues and capacity-scheduler.xml to capacity, size-based job weights and the pools' default caps to hfs. (Under
 * capacity the allocation file's or the scenario's pools still set job limits and fair-share preemption timeouts; not
 * weights, min shares, maxMaps, maxReduces or scheduling modes, which the CLI refuses there when the scenario writes
 * them and warns of when an allocation file does: resolve-scenario.ts. A min-share timeout is read and never fires.) A variant
 * that switches policy clears such fields with null ("scheduler.pools": null).
 */
import type { z } from 'zod';
import { ownsPoolShares, policies } from './framework/builtins.js';
import { andList } from './shown-value.js';
import { withUnread } from './field-unread.js';

/** The scheduler fields this check reads (after defaults). */
interface SchedulerFields {
  policy: string;
  pools: unknown[];
  parentPools: unknown[];
  users: unknown[];
  queues: unknown[];
  parentQueues: unknown[];
  userMaxJobsDefault?: number;
  poolMaxJobsDefault?: number;
  poolMaxMapsDefault?: number;
  poolMaxReducesDefault?: number;
  defaultSchedulingMode: string;
  minSharePreemptionTimeoutMs?: number;
  fairSharePreemptionTimeoutMs?: number;
  fairSharePreemptionThreshold?: number;
  sizeBasedWeight: boolean;
  allocationFile?: string;
  capacitySchedulerFile?: string;
  preemption: { enabled: boolean };
  delay: { mode: string };
  jobTypeRule: boolean;
  longTasks?: unknown;
}

/**
 * Fields of the map scan that a policy registered with placesMapsItself ignores: Quincy's min-cost flow launches its
 * placements past any locality gate, the job-type rule and long-task balancing (its digest did not move with them).
 */
const SCAN_FIELDS: ReadonlyArray<{ field: keyof SchedulerFields; set: (s: SchedulerFields) => boolean; write: string }> = [
  { field: 'delay', set: (s) => s.delay.mode !== 'none', write: 'set delay.mode "none"' },
  { field: 'jobTypeRule', set: (s) => s.jobTypeRule, write: 'remove it' },
  { field: 'longTasks', set: (s) => s.longTasks !== undefined, write: 'remove it' },
];

/**
 * The policies registered with usesPools: they are given the pools and read every pool field. Of the built-ins, only
 * capacity reads queues and only hfs size-based weights; a plugin with usesPools may read any of them.
 */
const POOL_AWARE = (): string[] => policies.names.filter((p) => policies.get(p)!.usesPools === true);
const only = (builtin: string) => (): string[] => POOL_AWARE().filter((p) => p === builtin || !['hfs', 'capacity'].includes(p));
/** The pool-aware policies that read the pools' caps: hfs, and a plugin that leaves the shares to the pools (not ownsPoolShares). */
const sharingPools = (): string[] => only('hfs')().filter((p) => !ownsPoolShares(p));

/** Each field set away from its default, and the policies that read it. */
const RULES: ReadonlyArray<{ field: keyof SchedulerFields; set: (s: SchedulerFields) => boolean; readBy: () => string[] }> = [
  { field: 'allocationFile', set: (s) => s.allocationFile !== undefined, readBy: POOL_AWARE },
  { field: 'pools', set: (s) => s.pools.length > 0, readBy: POOL_AWARE },
  { field: 'parentPools', set: (s) => s.parentPools.length > 0, readBy: POOL_AWARE },
  { field: 'users', set: (s) => s.users.length > 0, readBy: POOL_AWARE },
  { field: 'userMaxJobsDefault', set: (s) => s.userMaxJobsDefault !== undefined, readBy: POOL_AWARE },
  { field: 'poolMaxJobsDefault', set: (s) => s.poolMaxJobsDefault !== undefined, readBy: POOL_AWARE },
  { field: 'minSharePreemptionTimeoutMs', set: (s) => s.minSharePreemptionTimeoutMs !== undefined, readBy: POOL_AWARE },
  { field: 'fairSharePreemptionTimeoutMs', set: (s) => s.fairSharePreemptionTimeoutMs !== undefined, readBy: POOL_AWARE },
  { field: 'fairSharePreemptionThreshold', set: (s) => s.fairSharePreemptionThreshold !== undefined, readBy: POOL_AWARE },
  { field: 'preemption', set: (s) => s.preemption.enabled, readBy: POOL_AWARE },
  { field: 'defaultSchedulingMode', set: (s) => s.defaultSchedulingMode !== 'fair', readBy: POOL_AWARE },
  { field: 'sizeBasedWeight', set: (s) => s.sizeBasedWeight, readBy: only('hfs') },
  // capacity caps its queues by their maxCapacity, not by a pool's caps (resolve-scenario.ts), nor by their defaults
  { field: 'poolMaxMapsDefault', set: (s) => s.poolMaxMapsDefault !== undefined, readBy: sharingPools },
  { field: 'poolMaxReducesDefault', set: (s) => s.poolMaxReducesDefault !== undefined, readBy: sharingPools },
  { field: 'queues', set: (s) => s.queues.length > 0, readBy: only('capacity') },
  { field: 'parentQueues', set: (s) => s.parentQueues.length > 0, readBy: only('capacity') },
  { field: 'capacitySchedulerFile', set: (s) => s.capacitySchedulerFile !== undefined, readBy: only('capacity') },
];

/** The advice of a field the policy ignores that holds wherever the field and the policy came from. */
const IGNORED_ADVICE = { text: 'remove it, or set it to null in a variant that changes the policy', then: '' };

/** Adds an issue for each field that `s.policy` would ignore. */
export function refinePolicyFields(s: SchedulerFields, ctx: z.RefinementCtx): void {
  if (policies.get(s.policy) === undefined) return; // an unregistered policy is reported by name
  for (const rule of RULES) {
    const readBy = rule.readBy();
    if (!rule.set(s) || readBy.includes(s.policy)) continue;
    const readers = andList(readBy.map((p) => `"${p}"`));
    const message = `policy "${s.policy}" ignores ${rule.field} (only ${readers} read${readBy.length > 1 ? '' : 's'} it): ${IGNORED_ADVICE.text}`;
    const plugin = { kind: 'policy', path: 'scheduler.policy', name: s.policy };
    ctx.addIssue(withUnread({ code: 'custom' as const, path: [rule.field], message }, { kind: 'field-ignored', field: `scheduler.${rule.field}`, plugin, advice: IGNORED_ADVICE }));
  }
  if (policies.get(s.policy)!.placesMapsItself !== true) return;
  for (const rule of SCAN_FIELDS) {
    if (rule.set(s)) ctx.addIssue({ code: 'custom', path: [rule.field], message: `policy "${s.policy}" ignores ${rule.field}: it places maps by a solution of its own, past any locality gate, job-type rule or long-task balancing: ${rule.write}` });
  }

}
