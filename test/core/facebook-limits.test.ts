/**
 * The size limits count a Facebook workload's maps at its type's own map time (JOB_PROFILES: io 12 s, cpu 36 s;
 * mixed: the longer), named by workload.type: every type was counted as 36 s, three times an io workload's task epochs
 * and Quincy's map visits, named only "(workload)".
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario.js';
import { workloadLimitErrors } from '../../src/core/workload-limits.js';
import { JOB_PROFILES } from '../../src/core/workload.js';

const limitErrors = (type: string, nodesPerRack: number, heartbeatMs = 3000): string[] => {
  const p = parseScenario({ cluster: { racks: 1, nodesPerRack, mapSlotsPerNode: 1, heartbeatMs }, scheduler: { policy: 'quincy' }, workload: { kind: 'facebook', jobs: 100, type } });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return workloadLimitErrors(p.value);
};

describe("a Facebook workload's maps, as the size limits count them", () => {
  it.each([['io', JOB_PROFILES.io.mapMs], ['cpu', JOB_PROFILES.cpu.mapMs], ['mixed', Math.max(JOB_PROFILES.io.mapMs, JOB_PROFILES.cpu.mapMs)]] as const)('%s: its own map time, named by workload.type', (type, mapMs) => {
    const errors = limitErrors(type, 1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`maps of ${mapMs} ms (workload.type) at heartbeats of 3000 ms`);
  });

  it('an io workload a third as long as a cpu one fits where the cpu one does not, its largest job alone', () => {
    expect(limitErrors('cpu', 10, 1000)).toEqual([expect.stringMatching(/^workload\.sizes: a job of 4800 maps under policy quincy on 10 map slots, maps of 36000 ms/)]);
    // Its 100 jobs 14 s apart (26,410 maps of 12 s) overload the 10 slots: counted together they are refused (the run
    // went on past 300 s here), each alone is not.
    const io = limitErrors('io', 10, 1000);
    expect(io).toEqual([expect.stringMatching(/^workload\.meanInterarrivalMs: under policy quincy about \d+ jobs wait at once/)]);
    expect(io.join()).not.toContain('a job of');
  });
});
