/**
 * An audit of the locality the master reports for maps that read hand-placed replicas (workload.files[].replicas):
 * node-local exactly on a node the block's list names, rack-local on another node of a rack holding one, off-rack
 * elsewhere. Only where the replicas stay as listed and the scheduler sees the real racks: no replication policy
 * (it adds and drops replicas), and not the fluid model without rack awareness (the scheduler sees one rack).
 */
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL } from '../../src/core/locality-level.js';
import type { JobResult } from '../../src/core/results.js';
import type { Scenario } from '../../src/core/scenario.js';
import type { SchedulerObserver } from '../../src/core/scheduler.js';

const NAMES = ['node-local', 'rack-local', 'off-rack'];

export function localityAudit(s: Scenario) {
  const w = s.workload;
  const net = s.cluster.network;
  const applies = w.kind === 'jobs' && w.files.some((f) => f.replicas !== undefined) && s.scheduler.replication === undefined
    && !(net.model === 'fluid' && net.rackAware === false);
  const launches: number[] = []; // (job, task, node, locality) quadruples of maps
  const observer: SchedulerObserver = {
    launched: (_now, node, job, task, locality) => { if (applies && task >= 0) launches.push(job, task, node, locality); },
  };
  return {
    observer,
    /** The maps reported at a locality their block's listed replicas do not give (the first few), given the run's jobs. */
    failures(jobs: readonly JobResult[]): string[] {
      if (!applies || w.kind !== 'jobs') return [];
      const replicasOf = new Map(w.files.map((f) => [f.name, f.replicas]));
      const inputOf = new Map(w.jobs.map((j) => [j.id, j.input]));
      const rackOf = (node: number) => Math.floor(node / s.cluster.nodesPerRack);
      const out: string[] = [];
      for (let e = 0; e < launches.length && out.length < 3; e += 4) {
        const [job, task, node, reported] = launches.slice(e, e + 4);
        const id = jobs[job].id;
        const listed = replicasOf.get(inputOf.get(id)!)?.[task];
        if (listed === undefined) continue;
        const expected = listed.includes(node) ? NODE_LOCAL : listed.some((r) => rackOf(r) === rackOf(node)) ? RACK_LOCAL : OFF_RACK;
        if (reported !== expected) out.push(`job ${id} map ${task} on node ${node} reported ${NAMES[reported] ?? reported}; its block's replicas [${listed.join(', ')}] make it ${NAMES[expected]}`);
      }
      return out;
    },
  };
}
