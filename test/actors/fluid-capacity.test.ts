/**
 * No resource of any rack's network over its capacity at any time, in whole runs: every FluidNet change (a flow
 * started, ended, extended; a capacity set, as an epoch's group allocations and far-side caps are) and every
 * restore of a saved network (a rack's committed pass) is followed by a check of the network's load against its
 * capacities, over random small fluid scenarios from the differential harness's generator. The run's link series
 * (test/harness/check.ts) average a bucket; this looks at each instant a rate changes, between which rates are
 * constant.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { FlowTable } from '../../src/core/network/flow-table.js';
import { FluidNet } from '../../src/core/network/fluid-net.js';
import { scenarioSpec } from '../harness/generate.js';
import { scenarioOf } from '../harness/property.js';
import { auditor } from '../helpers.js';

type Method = 'add' | 'remove' | 'extend' | 'setCapacity' | 'setCapacities';
const METHODS: Method[] = ['add', 'remove', 'extend', 'setCapacity', 'setCapacities'];
let worst = 0;
let checks = 0;
const originals = new Map<string, unknown>();

function watch<T extends object>(proto: T, name: string): void {
  const original = (proto as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
  originals.set(name, original);
  (proto as Record<string, unknown>)[name] = function (this: FlowTable, ...args: unknown[]) {
    const out = original.apply(this, args);
    worst = Math.max(worst, this.maxLoadRatio());
    checks++;
    return out;
  };
}

describe('fluid runs: no resource over its capacity at any rate change', () => {
  beforeAll(() => {
    for (const m of METHODS) watch(FluidNet.prototype, m);
    watch(FlowTable.prototype, 'restoreFrom');
  });
  afterAll(() => {
    for (const m of METHODS) (FluidNet.prototype as unknown as Record<string, unknown>)[m] = originals.get(m);
    (FlowTable.prototype as unknown as Record<string, unknown>).restoreFrom = originals.get('restoreFrom');
  });

  it('over 40 random small fluid scenarios (harness generator), every task once', async () => {
    const specs = fc.sample(scenarioSpec.filter((s) => s.network?.model === 'fluid'), { seed: 16, numRuns: 40 });
    let runs = 0;
    for (const spec of specs) {
      // read as the harness reads it: a generated SWIM or SLS trace written beside the scenario and loaded as the CLI loads it
      const read = scenarioOf(spec);
      if (!read.ok) throw new Error(`seed ${spec.seed}: ${read.errors.join('; ')}`);
      const s = read.scenario;
      const audit = auditor(s);
      worst = 0;
      const r = await simulate(s, { observer: audit.observer, timeDecisions: false, trace: read.trace });
      expect(worst, `seed ${spec.seed}`).toBeLessThanOrEqual(1 + 1e-9);
      expect(audit.violations).toEqual([]);
      expect(audit.notDone).toEqual([]);
      expect(audit.finishes).toBe(r.summary.tasks);
      runs++;
    }
    expect(runs).toBe(40);
    expect(checks).toBeGreaterThan(10_000);
  });
});
