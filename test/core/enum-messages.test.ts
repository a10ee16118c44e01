/**
 * Every enumerated scenario field given a value it does not take names the value given, and the value it is likely
 * meant as where one is close (the same but for case: "Facebook" for "facebook"): workload.kind's error said only
 * 'must be one of "facebook", ...', and sizes, type, priority, arrivals... said zod's 'Invalid option: expected one of
 * "io"|"cpu"', where policy names said what was given.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario.js';

type Json = Record<string, any>;
const fb = (w: Json = {}): Json => ({ workload: { kind: 'facebook', jobs: 5, ...w } });
const group = (g: Json): Json => ({ workload: { kind: 'generated', groups: [{ name: 'g', maps: 2, mapMs: 1000, ...g }] } });
const job = (j: Json): Json => ({ workload: { kind: 'jobs', files: [{ name: 'f', blocks: 2 }], jobs: [{ id: 'j', input: 'f', mapMs: 1000, ...j }] } });
const swim = (w: Json): Json => ({ workload: { kind: 'swim', trace: 't.tsv', ...w } });
const errors = (raw: Json): string[] => {
  const r = parseScenario(raw);
  return r.ok ? [] : r.errors;
};

describe('an enumerated field names the value given, and the one it is likely meant as', () => {
  // [field path, scenario, the value given, the value suggested]
  const cases: Array<[string, Json, string, string]> = [
    ['workload.kind', { workload: { kind: 'Facebook' } }, 'Facebook', 'facebook'],
    ['workload.sizes', fb({ sizes: 'Benchmark' }), 'Benchmark', 'benchmark'],
    ['workload.type', fb({ type: 'IO' }), 'IO', 'io'],
    ['workload.shared.pick', fb({ shared: { blocks: 10, pick: 'Random' } }), 'Random', 'random'],
    ['workload.jobs[0].priority', job({ priority: 'high' }), 'high', 'HIGH'],
    ['workload.jobs[0].type', job({ type: 'CPU' }), 'CPU', 'cpu'],
    ['workload.groups[0].type', group({ type: 'Cpu' }), 'Cpu', 'cpu'],
    ['workload.groups[0].priority', group({ priority: 'very_low' }), 'very_low', 'VERY_LOW'],
    ['workload.groups[0].arrivals', group({ arrivals: 'Exponential' }), 'Exponential', 'exponential'],
    ['workload.pools', swim({ pools: 'Single' }), 'Single', 'single'],
    ['workload.inputPaths', swim({ inputPaths: 'Shared' }), 'Shared', 'shared'],
    ['workload.type', swim({ type: 'IO' }), 'IO', 'io'],
    ['workload.format', { workload: { kind: 'sls', trace: 't.json', format: 'Rumen' } }, 'Rumen', 'rumen'],
    ['cluster.network.model', { ...fb(), cluster: { network: { model: 'Fluid' } } }, 'Fluid', 'fluid'],
    ['scheduler.policy', { ...fb(), scheduler: { policy: 'Fair' } }, 'Fair', 'fair'],
    ['scheduler.delay.mode', { ...fb(), scheduler: { delay: { mode: 'SKIP', maxSkips: 1 } } }, 'SKIP', 'skip'],
    ['scheduler.defaultSchedulingMode', { ...fb(), scheduler: { defaultSchedulingMode: 'FIFO' } }, 'FIFO', 'fifo'],
    ['scheduler.pools[0].schedulingMode', { ...fb(), scheduler: { pools: [{ name: 'p', schedulingMode: 'Fair' }] } }, 'Fair', 'fair'],
    ['scheduler.queues[0].state', { ...fb(), scheduler: { policy: 'capacity', queues: [{ name: 'q', capacity: 100, state: 'running' }] } }, 'running', 'RUNNING'],
    ['scheduler.queues[0].orderingPolicy', { ...fb(), scheduler: { policy: 'capacity', queues: [{ name: 'q', capacity: 100, orderingPolicy: 'FIFO' }] } }, 'FIFO', 'fifo'],
    ['scheduler.policyConfig.inner', { ...fb(), scheduler: { policy: 'offers', policyConfig: { inner: 'Fifo' } } }, 'Fifo', 'fifo'],
    ['scheduler.replication.config.average', { ...fb(), scheduler: { replication: { policy: 'dsbra', config: { average: 'Read' } } } }, 'Read', 'read'],
  ];

  it.each(cases)('%s', (path, raw, given, meant) => {
    const own = errors(raw).filter((e) => e.startsWith(`${path}: `));
    expect(own, errors(raw).join('\n')).toHaveLength(1);
    expect(own[0]).toContain(`must be `);
    expect(own[0]).toContain(`, not ${JSON.stringify(given)} (did you mean ${JSON.stringify(meant)}?)`);
    expect(own[0]).not.toContain('Invalid option');
  });

  it('a value nothing is close to is named without a suggestion', () => {
    expect(errors(fb({ type: 'disk' }))).toEqual(['workload.type: type must be "io", "cpu" or "mixed", not "disk"']);
    expect(errors({ workload: { kind: 'trace' } })).toEqual(['workload.kind: workload.kind must be one of "facebook", "jobs", "generated", "swim", "sls", not "trace"']);
    expect(errors(fb({ sizes: 3 }))).toEqual(['workload.sizes: sizes must be "benchmark" or "distribution", not 3']);
  });
});
