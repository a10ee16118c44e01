/**
 * Which of the harness's rarer checks a generated scenario reaches, counted where each check looks: the fixed budget
 * (harness.test.ts) asserts each is reached, and the long mode (scripts/harness.ts) reports how often. The two had
 * each written these rules, and had drifted (the long mode counted hand-placed replicas where the audit skips them).
 */
import type { ScenarioSpec } from './generate.js';

export interface Coverage {
  /** Hand-placed replicas the locality audit checks: not under replication (which moves replicas), nor on a fluid network without rack awareness. */
  placed: boolean;
  /** A pool preemption may not take from, with preemption on. */
  guarded: boolean;
  /** Preemption under the capacity policy. */
  capacityPreemption: boolean;
  /** Pools as resource offers' frameworks. */
  offerPools: boolean;
}

export function coverageOf(spec: ScenarioSpec): Coverage {
  const s = spec.scheduler;
  return {
    placed: spec.workload.kind === 'jobs' && spec.workload.files.some((f) => f.placed !== undefined) && s.replication === undefined
      && !(spec.network?.model === 'fluid' && spec.network.rackAware === false),
    guarded: s.policy === 'hfs' && s.hfs.preemption && s.hfs.pools.some((p) => p.preemptable === false),
    capacityPreemption: s.policy === 'capacity' && s.capacity.preemption !== undefined,
    offerPools: s.policy === 'offers' && s.offers.frameworks === 'pool',
  };
}
