/**
 * A misspelled field is told the field it is likely meant as ('unknown field "clustr" (did you mean "cluster"?)'):
 * at every level of a scenario, in a plugin's config, in a sweep file and under a --set; one suggestion, the closest,
 * and none where nothing is close.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from '../../src/core/nearest-name.js';
import { parseScenario } from '../../src/core/scenario.js';
import { loadScenarioFlags } from '../../src/cli/load-scenario.js';
import { loadSweep } from '../../src/cli/sweep-file.js';

const fb = { kind: 'facebook' };
const errors = (raw: unknown): string[] => {
  const r = parseScenario(raw);
  return r.ok ? [] : r.errors;
};
const dir = mkdtempSync(join(tmpdir(), 'hfsim-unknown-'));
const thrown = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('no error');
};

describe('the field an unknown one is likely meant as', () => {
  it('counts edits as Damerau-Levenshtein: a swap of neighbours is one', () => {
    expect(editDistance('tpye', 'type')).toBe(1);
    expect(editDistance('clustr', 'cluster')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(nearestName('Racks', ['nodesPerRack', 'racks'])).toBe('racks');
    expect(nearestName('wieght', ['weight', 'minMaps'])).toBe('weight');
    expect(nearestName('zzz', ['racks', 'seed'])).toBeUndefined();
    // a short name is not taken for any other two edits away
    expect(nearestName('x', ['p'])).toBeUndefined();
    expect(nearestName('nope', ['type'])).toBeUndefined();
  });

  it.each([
    [{ clustr: {}, workload: fb }, '(top level): unknown field "clustr" (did you mean "cluster"?)'],
    [{ cluster: { Racks: 2 }, workload: fb }, 'cluster: unknown field "Racks" (did you mean "racks"?)'],
    [{ workload: { ...fb, tpye: 'io' } }, 'workload: unknown field "tpye" (did you mean "type"?)'],
    [{ scheduler: { pools: [{ name: 'p', wieght: 2 }] }, workload: fb }, 'scheduler.pools[0]: unknown field "wieght" (did you mean "weight"?)'],
    [{ cluster: { network: { model: 'fluid', nicGbs: 1 } }, workload: fb }, 'cluster.network: unknown field "nicGbs" (did you mean "nicGbps"?)'],
    // a gate's config, checked by the gate's own schema
    [{ scheduler: { delay: { mode: 'wait', nodeMS: 5 } }, workload: fb }, 'scheduler.delay: unknown field "nodeMS" (did you mean "nodeMs"?)'],
    // several: each its own, and none where nothing is close
    [{ cluster: { rakcs: 2, zzzz: 1 }, workload: fb }, 'cluster: unknown fields "rakcs" (did you mean "racks"?), "zzzz"'],
    [{ zzzz: 1, workload: fb }, '(top level): unknown field "zzzz"'],
  ])('%j', (raw, message) => {
    expect(errors(raw)).toContain(message);
  });

  it('a key or an enum value of millions of characters is told at once: only names within the edits in length are compared (a key of 5 M characters took 132 s and 2.6 GB)', () => {
    const long = 'x'.repeat(5_000_000);
    const started = performance.now();
    expect(errors({ [long]: 1, workload: fb })[0]).toMatch(/unknown field "x+"$/);
    expect(errors({ workload: { kind: 'facebook', type: long } })[0]).toMatch(/^workload\.type: /);
    expect(nearestName(long, ['cluster', 'workload'])).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('in a sweep file', () => {
    const file = join(dir, 'x.sweep.json');
    writeFileSync(file, JSON.stringify({ base: { workload: fb }, axis: { 'cluster.racks': [2] } }));
    expect(thrown(() => loadSweep(file))).toBe(`${file}:1:42: (top level): unknown field "axis" (did you mean "axes"?)`);
  });

  it('under a --set, and a field suggested is not taken for a --set of that field', () => {
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify({ workload: { ...fb, jobs: 5 } }));
    expect(thrown(() => loadScenarioFlags(file, [['cluster.rakcs', 3]]))).toBe('--set cluster.rakcs=3: cluster: unknown field "rakcs" (did you mean "racks"?)');
    const typo = join(dir, 'typo.json');
    writeFileSync(typo, JSON.stringify({ clustr: {}, workload: { ...fb, jobs: 5 } }));
    expect(thrown(() => loadScenarioFlags(typo, [['cluster.racks', 3]]))).toBe(`${typo}:1:2: (top level): unknown field "clustr" (did you mean "cluster"?)`);
  });
});
