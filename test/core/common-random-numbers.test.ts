/**
 * Common random numbers: every variant of a scenario and seed runs the same tasks (each attempt's duration keyed by
 * job, task, attempt and phase), and a job added to a workload changes no other job's replicas, sizes, arrival or
 * durations.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { makeRng } from '../../src/core/rng.js';
import type { Scenario } from '../../src/core/scenario.js';
import { makeTopology } from '../../src/core/topology.js';
import { type JobSpec, buildWorkload } from '../../src/core/workload.js';
import { scenario } from '../helpers.js';

/** Slowdowns of 1: a task's duration is its base duration, wherever it runs. */
const cluster = { racks: 2, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 };
const tasks = { durationJitter: 0.5, rackLocalSlowdown: 1, offRackSlowdown: 1 };

/** Each launched (job id, task)'s duration (a reduce's compute phase); every task launches once (no preemption). */
async function durations(s: Scenario): Promise<Map<string, number>> {
  const byIndex: Array<[number, number, number]> = [];
  const r = await simulate(s, { timeDecisions: false, observer: { launched: (_t, _n, job, task, _l, ms) => byIndex.push([job, task, ms]) } });
  const out = new Map<string, number>();
  for (const [job, task, ms] of byIndex) {
    const key = `${r.jobs[job].id}/${task}`;
    expect(out.has(key), key).toBe(false);
    out.set(key, ms);
  }
  return out;
}

/** Each job's arrival, type and replica nodes of each input block, by job id. */
function placed(s: Scenario): Map<string, unknown> {
  const topology = makeTopology(s.cluster, s.seed);
  const w = buildWorkload(s, topology, makeRng(s.seed));
  const replicas = (j: JobSpec) => Array.from(j.blocks, (b) => Array.from({ length: w.blocks.replicaCount(b) }, (_, i) => w.blocks.replica(b, i)));
  return new Map(w.jobs.map((j) => [j.id, { submitMs: j.submitMs, type: j.type, maps: j.blocks.length, replicas: replicas(j) }]));
}

const generated = {
  seed: 3, cluster, tasks,
  workload: { kind: 'generated', groups: [
    { name: 'big', count: 3, maps: 30, mapMs: 20000, reduces: 2, reduceMs: 5000, copyMs: 3000, intervalMs: 10000 },
    { name: 'small', count: 10, maps: 2, mapMs: 8000, startMs: 5000, intervalMs: 4000, arrivals: 'exponential' },
  ] },
};

describe('common random numbers', () => {
  it('the same (job, task) has the same base duration under FIFO and fair + delay', async () => {
    const fifo = await durations(scenario({ ...generated, scheduler: { policy: 'fifo' } }));
    const fair = await durations(scenario({ ...generated, scheduler: { policy: 'fair', delay: { mode: 'wait', nodeMs: 6000 } } }));
    expect(fifo.size).toBe(3 * (30 + 2) + 10 * 2);
    expect(fair).toEqual(fifo);
    expect(new Set(fifo.values()).size).toBeGreaterThan(fifo.size / 2); // jittered: the check is not vacuous
  });

  it('a job added to a listed workload leaves every other job\'s replicas and durations unchanged', async () => {
    const files = [{ name: 'f1', blocks: 8 }, { name: 'f2', blocks: 5 }, { name: 'f3', blocks: 3 }];
    const jobs = [
      { id: 'j1', input: 'f1', submitMs: 0, mapMs: 12000, reduces: 1 },
      { id: 'j2', input: 'f2', submitMs: 20000, mapMs: 9000, reduces: 1 },
      { id: 'j3', input: 'f3', submitMs: 40000, mapMs: 15000 },
    ];
    const before = scenario({ seed: 5, cluster, tasks, workload: { kind: 'jobs', files, jobs } });
    // A file and a job in the middle of both lists: every later job's index and file order shift.
    const after = scenario({ seed: 5, cluster, tasks, workload: { kind: 'jobs',
      files: [files[0], { name: 'fx', blocks: 6 }, ...files.slice(1)],
      jobs: [jobs[0], { id: 'jx', input: 'fx', submitMs: 10000, mapMs: 7000, reduces: 2 }, ...jobs.slice(1)] } });
    const p0 = placed(before);
    const p1 = placed(after);
    for (const id of ['j1', 'j2', 'j3']) expect(p1.get(id), id).toEqual(p0.get(id));
    const d0 = await durations(before);
    const d1 = await durations(after);
    for (const [key, ms] of d0) expect(d1.get(key), key).toBe(ms);
    expect(d1.size).toBe(d0.size + 6 + 2);
  });

  it('a job added to the Facebook mix changes no earlier job\'s size, arrival, type or replicas', () => {
    const mix = (jobs: number) => scenario({ seed: 9, cluster, workload: { kind: 'facebook', jobs, sizes: 'distribution', type: 'mixed' } });
    const p0 = placed(mix(20));
    const p1 = placed(mix(21));
    expect(p1.size).toBe(21);
    for (const [id, job] of p0) expect(p1.get(id), id).toEqual(job);
  });
});
