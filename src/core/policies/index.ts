/** The policy registry: policy name to implementation. */
import { capacity } from './capacity.js';
import { fair } from './fair.js';
import { fifo } from './fifo.js';
import { hfs } from './hfs.js';
import type { PolicyName } from './names.js';
import type { SchedulingPolicy } from './policy.js';

export const POLICIES: Record<PolicyName, SchedulingPolicy> = { fifo, fair, hfs, capacity };

export function policyByName(name: PolicyName): SchedulingPolicy {
  return POLICIES[name];
}

export { POLICY_NAMES, type PolicyName } from './names.js';
export type { JobQueue, PolicyContext, SchedulingPolicy, SlotKind, HeartbeatLimits } from './policy.js';
