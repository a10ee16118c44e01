/**
 * A YARN queue's scheduling policy as YARN's SchedulingPolicy.parse reads it: the short names fair, fifo and drf in
 * any case, else a SchedulingPolicy's class name (Class.forName: exact case). Real allocation files write the class
 * names of YARN's own policies (org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.FairSharePolicy)
 * as often as the short names; each is the policy its short name is. A custom policy class is code hfsim cannot run.
 */

/** The package of YARN's Fair Scheduler policies. */
export const YARN_POLICY_PACKAGE = 'org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.';

/** YARN's policy classes by their short names (each class's NAME). */
const BY_CLASS: Record<string, YarnPolicy> = {
  FairSharePolicy: 'fair',
  FifoPolicy: 'fifo',
  DominantResourceFairnessPolicy: 'drf',
};

export type YarnPolicy = 'fair' | 'fifo' | 'drf';

/** What `text` names, with `byClass` true when it is a class name; undefined when neither a short name nor one of YARN's classes. */
export function yarnPolicy(text: string): { policy: YarnPolicy; byClass: boolean } | undefined {
  const short = text.toLowerCase();
  if (short === 'fair' || short === 'fifo' || short === 'drf') return { policy: short, byClass: false };
  const name = text.slice(YARN_POLICY_PACKAGE.length);
  return text.startsWith(YARN_POLICY_PACKAGE) && Object.hasOwn(BY_CLASS, name) ? { policy: BY_CLASS[name], byClass: true } : undefined;
}

/** Whether `text` is the class name of one of YARN's policies (an MR1 pool never has one: a `<pool>` holding one is YARN's). */
export function isYarnPolicyClass(text: string): boolean {
  return yarnPolicy(text.trim())?.byClass === true;
}
