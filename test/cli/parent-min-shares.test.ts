import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../src/cli/resolve-scenario.js';
import { collectWarnings } from '../../src/cli/warn.js';

const FILE = 'parents.json';

/** The warnings resolving `scheduler` gives, of the one this test is about. */
function parentWarnings(scheduler: Record<string, unknown>, file = FILE): string[] {
  // a key given as undefined is left out, as JSON cannot write one
  const own = Object.fromEntries(Object.entries({ policy: 'hfs', preemption: { enabled: true }, minSharePreemptionTimeoutMs: 1000, ...scheduler }).filter(([, v]) => v !== undefined));
  const raw = { name: 'p', cluster: { racks: 1, nodesPerRack: 2 }, scheduler: own,
    workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 4, mapMs: 1000 }] } };
  const lines: string[] = [];
  const r = collectWarnings(lines, () => resolveScenario(raw, file));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return lines.filter((l) => l.includes('below its children'));
}

const tree = (parentMin: number, aMin = 2, bMin = 1) => ({
  pools: [{ name: 'a', parent: 'top', minMaps: aMin }, { name: 'b', parent: 'top', minMaps: bMin }, { name: 'c' }],
  parentPools: [{ name: 'top', minMaps: parentMin }],
});

describe('a parent pool whose min share is below its children\'s, under preemption', () => {
  it('is told at load, naming the field, the children and the least min share that covers them', () => {
    expect(parentWarnings(tree(0))).toEqual([
      `${FILE}: scheduler.parentPools[0].minMaps 0 is below its children's 3 ("a" 2 and "b" 1): preemption for a child's min share can kill without end (the parent, below no min share of its own, is not offered the freed slot first, so the pool it was taken from may take it back), and such a run stops with "kills tasks before any can end"; give parent pool "top" minMaps at least 3, or lower its children's`,
    ]);
    expect(parentWarnings(tree(2))).toHaveLength(1);
  });

  it('is not told when the parent covers its children, or nothing can start a kill', () => {
    expect(parentWarnings(tree(3))).toEqual([]);
    expect(parentWarnings(tree(5))).toEqual([]);
    expect(parentWarnings(tree(0, 0, 0))).toEqual([]);
    expect(parentWarnings({ ...tree(0), preemption: { enabled: false } })).toEqual([]);
    // no min-share timeout anywhere: a min share never starts a kill
    expect(parentWarnings({ ...tree(0), minSharePreemptionTimeoutMs: undefined, fairSharePreemptionTimeoutMs: 1000 })).toEqual([]);
    // a child's own timeout is enough
    const own = { ...tree(0), minSharePreemptionTimeoutMs: undefined };
    expect(parentWarnings({ ...own, pools: own.pools.map((p) => (p.name === 'b' ? { ...p, minSharePreemptionTimeoutMs: 500 } : p)) })).toHaveLength(1);
  });

  it('looks through nested parents, kind by kind', () => {
    const nested = {
      pools: [{ name: 'leaf', parent: 'mid', minReduces: 1 }],
      parentPools: [{ name: 'outer', minReduces: 1 }, { name: 'mid', parent: 'outer' }],
    };
    const lines = parentWarnings(nested);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('scheduler.parentPools[1].minReduces 0 is below its children\'s 1 ("leaf" 1)');
    expect(parentWarnings({ ...nested, parentPools: [{ name: 'outer' }, { name: 'mid', parent: 'outer', minReduces: 1 }] })[0])
      .toContain('scheduler.parentPools[0].minReduces 0 is below its children\'s 1 ("mid" 1)');
  });

  it('names an allocation file\'s parent queue by the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-parent-mins-'));
    writeFileSync(join(dir, 'a.xml'), '<allocations><defaultMinSharePreemptionTimeout>5</defaultMinSharePreemptionTimeout>'
      + '<queue name="top"><queue name="a"><minResources>2048 mb, 2 vcores</minResources></queue></queue></allocations>');
    const lines = parentWarnings({ allocationFile: 'a.xml', minSharePreemptionTimeoutMs: undefined }, join(dir, 's.json'));
    const xml = join(dir, 'a.xml');
    expect(lines.map((l) => l.slice(0, l.indexOf(':', xml.length + 2)))).toEqual([`${xml}: parent pool "top"`, `${xml}: parent pool "top"`]);
    expect(lines[0]).toContain('minMaps 0 is below its children\'s 2 ("top.a" 2)');
    expect(lines[0]).toContain('give parent pool "top" minMaps at least 2 (its <minResources> in the file), or lower its children\'s');
    expect(lines[1]).toContain('minReduces 0 is below its children\'s 2 ("top.a" 2)');
  });
});
