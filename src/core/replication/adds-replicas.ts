/**
 * Whether a scenario's replication policy may add replicas: none named, or one registered with addsNoReplicas (the
 * built-in "static"), may not. Read where the run is set up, in the process that loaded the scenario's plugins: a
 * rack worker, which loads none, is sent what it implies (rack-actor.ts RackScenario.copySlots).
 */
import type { Scenario } from '../scenario.js';
import { replications } from '../framework/registry.js';

export function addsReplicas(scenario: Pick<Scenario, 'scheduler'>): boolean {
  const r = scenario.scheduler.replication;
  return r !== undefined && replications.get(r.policy)?.addsNoReplicas !== true;
}
