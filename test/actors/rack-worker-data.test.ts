/**
 * What the threads runtime hands each rack worker: the racks' part of the scenario (cluster, HDFS, seed, the
 * replication policy's copy slots), never its workload. A worker's data is structured-cloned into its heap, and a
 * workload a trace read (an SLS trace's jobs, every map's host) went whole to every worker, which never reads it:
 * a 15 MB SLS trace of 100,000 tasks cost each worker about 30 MB and the run on 4 workers 7.5 s against 3.9 s in-process.
 */
import { serialize } from 'node:v8';
import type { WorkerOptions } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { jobsScenario, scenario } from '../helpers.js';

const sent: WorkerOptions[] = [];
vi.mock('node:worker_threads', async (original) => {
  const real = await original<typeof import('node:worker_threads')>();
  class RecordingWorker extends real.Worker {
    constructor(file: string | URL, options?: WorkerOptions) {
      sent.push(options ?? {});
      super(file, options);
    }
  }
  return { ...real, Worker: RecordingWorker };
});

/** The tiny jobs scenario with `jobs` more jobs of one map each, the fluid model on (its racks read the most of the scenario). */
function withJobs(jobs: number) {
  const base = jobsScenario({ cluster: { racks: 3, nodesPerRack: 2, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000, network: { model: 'fluid' } } });
  const workload = base.workload as { jobs: unknown[] };
  const extra = Array.from({ length: jobs }, (_, i) => ({ id: `j${i}`, submitMs: 100_000 + i, input: 'b', mapMs: 1000 }));
  return scenario({ ...base, workload: { ...workload, jobs: [...workload.jobs, ...extra] } });
}

async function workerDataBytes(jobs: number): Promise<number[]> {
  sent.length = 0;
  const s = withJobs(jobs);
  const threads = await simulate(s, { runtime: 'threads', workers: 2, timeDecisions: false });
  expect(threads.digest).toBe((await simulate(s, { timeDecisions: false })).digest);
  expect(sent).toHaveLength(2);
  return sent.map((o) => {
    const data = o.workerData as { scenario: Record<string, unknown>; inbox: unknown; outbox: unknown };
    expect(data.scenario.workload, 'the workload, which racks never read').toBeUndefined();
    return serialize({ ...data, inbox: null, outbox: null }).byteLength;
  });
}

describe('a rack worker is sent', () => {
  it('the racks\' part of the scenario, the same bytes whatever the workload\'s size', async () => {
    const few = await workerDataBytes(0);
    const many = await workerDataBytes(2000);
    expect(many).toEqual(few);
  }, 120_000);
});
