/** The policy registry: policy name to implementation. */
import { fair } from './fair.js';
import { fifo } from './fifo.js';
import type { PolicyName } from './names.js';
import type { SchedulingPolicy } from './policy.js';

export const POLICIES: Record<PolicyName, SchedulingPolicy> = { fifo, fair };

export function policyByName(name: PolicyName): SchedulingPolicy {
  return POLICIES[name];
}

export { POLICY_NAMES, type PolicyName } from './names.js';
export type { JobQueue, SchedulingPolicy, SlotKind, HeartbeatLimits } from './policy.js';
