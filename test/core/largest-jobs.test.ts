/** The front of the largest jobs (src/core/largest-jobs.ts) that policies' size limits read. */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { type JobShape, LargestJobs } from '../../src/core/largest-jobs.js';
import { parseScenario } from '../../src/core/scenario.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';

const job = (maps: number, mapMs: number, i: number): JobShape => ({ maps, mapsField: `j${i}.maps`, mapMs, mapMsField: `j${i}.mapMs` });

/** The front by its definition: the jobs no other exceeds in both, each shape once (the first given), most maps first. */
function plainFront(jobs: readonly JobShape[]): string[] {
  const kept = jobs.filter((j, i) => !jobs.some((o, k) => o.maps >= j.maps && o.mapMs >= j.mapMs && (o.maps > j.maps || o.mapMs > j.mapMs || k < i)));
  return kept.sort((a, b) => b.maps - a.maps).map((j) => `${j.maps}/${j.mapMs}`);
}

describe('the largest jobs', () => {
  it('are the jobs no other exceeds in both maps and map time, most maps first, on random workloads against the plain definition', () => {
    const random = seedrandom('largest-jobs');
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(random() * 60);
      const jobs = Array.from({ length: n }, (_, i) => job(1 + Math.floor(random() * 20), 1 + Math.floor(random() * 20), i));
      const front = new LargestJobs();
      for (const j of jobs) front.add(j);
      expect(front.jobs().map((j) => `${j.maps}/${j.mapMs}`), `round ${round}`).toEqual(plainFront(jobs));
    }
  });

  it('a staircase of 10,000 jobs is kept whole up to 4,096, then its neighbours merged in pairs into bounds of both, never the most maps beside the longest map', () => {
    const front = new LargestJobs();
    for (let i = 0; i < 10_000; i++) front.add(job(20_000 - i, 1000 + i, i));
    const jobs = front.jobs();
    expect(jobs.length).toBeLessThanOrEqual(4096);
    expect(jobs[0].maps).toBe(20_000);
    expect(jobs[0].mapMs).toBeLessThan(1000 + 10); // a bound of a few neighbours, not of the whole staircase
    expect(jobs.at(-1)!.mapMs).toBe(1000 + 9999);
  });

  it("Quincy's size limit on 65 jobs of a staircase (2,000 - 30i maps of 1 + 0.9i s on one slot) counts each at its own map time: each within the limit alone (it collapsed past 64 into 2,000 maps of 58.6 s and refused it); 1 s apart they wait together and are refused for that (the run went on past 120 s)", () => {
    const parsed = parseScenario({
      name: 'stair', seed: 1, cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 },
      hdfs: { replication: 1 }, scheduler: { policy: 'quincy', delay: { mode: 'none' } },
      workload: { kind: 'jobs', files: Array.from({ length: 65 }, (_, i) => ({ name: `f${i}`, blocks: 2000 - 30 * i })),
        jobs: Array.from({ length: 65 }, (_, i) => ({ id: `j${i}`, submitMs: 1000 * i, input: `f${i}`, mapMs: 1000 + 900 * i, reduces: 0 })) },
    });
    expect(parsed.ok && workloadLimitErrors(parsed.value)).toEqual([expect.stringMatching(/^workload\.jobs\[\d+\]\.submitMs: under policy quincy the jobs waiting for 1 map slots at heartbeats of \d+ ms pass the limit by \d+ s of simulated time/)]);
  });
});
