/**
 * The master's stall check (MasterActor.checkProgress): a run that can make no more progress fails with one line
 * instead of spinning, also while reduces wait on maps that will never launch (a Quincy configuration that left a map
 * unscheduled forever once spun without end that way: the harness's seed 20261134; that configuration is refused now).
 */
import { describe, expect, it } from 'vitest';
import { SortedJobQueue, registerPolicy, simulate } from '../../src/index.js';
import { compareFair } from '../../src/core/policies/fair.js';
import { scenario } from '../helpers.js';

// A policy that never launches a map: its assigner launches nothing; reduces go out as the core assigns them.
registerPolicy('never-maps-stall-test', {
  description: 'launches no map (a model that cannot progress)',
  create: () => ({ createQueue: (kind) => new SortedJobQueue(compareFair(kind)), assignMaps: { assign: () => {} } }),
});

const stuck = (slowStart: number) => scenario({
  cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000 },
  tasks: { slowStart },
  scheduler: { policy: 'never-maps-stall-test', delay: { mode: 'none' } },
  workload: { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: [{ id: 'j', submitMs: 0, input: 'f', mapMs: 1000, reduces: 1, reduceMs: 1000 }] },
});

describe('a run that cannot progress fails with one line', () => {
  it.each([
    ['nothing running', 1, /simulation stalled at 100\d{3}\.0 s: 1 jobs active, nothing running, nothing launched or finished for 100000 heartbeat intervals: policy "never-maps-stall-test" launched no task on the free slots it was offered; a policy \(a --plugin's assigner, filter, gate or queue\) must in the end launch a pending task/],
    ['a reduce waiting on maps that never launch', 0, /simulation stalled at 100\d{3}\.0 s: 1 jobs active, 1 reduces waiting on maps, nothing launched or finished for 100000 heartbeat intervals: policy "never-maps-stall-test" launched no task/],
  ])('%s', async (_, slowStart, message) => {
    await expect(simulate(stuck(slowStart), { timeDecisions: false })).rejects.toThrow(message);
  }, 60_000);
});

describe('simulate checks the sizes loadScenario checks', () => {
  it('refuses a parsed scenario past a limit instead of running it for hours (a second fuzzing pass ran one from parseScenario)', async () => {
    const long = scenario({
      cluster: { racks: 2, nodesPerRack: 5, heartbeatMs: 100 },
      workload: { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: [{ id: 'j', submitMs: 0, input: 'f', mapMs: 2e9 }] },
    });
    await expect(simulate(long)).rejects.toThrow(/simulate: the scenario passes a limit[\s\S]*workload\.jobs\[0\]\.mapMs: a task of 4000000000 ms/);
  });
});
