/**
 * hardware-trends: section 6's prediction that more disks and 10 Gbps Ethernet make rack-local maps as fast as
 * node-local ones. The results give no task's own time, so a non-local map's slot time is derived from two runs'
 * mean slot times and node-local shares (stats.ts nonLocalSlotRatio); on the flat model, whose rack-local and off-rack
 * slowdowns are fixed, the derivation must give them back. On the fluid model (--quick), the shapes hold, and the
 * committed document's verdicts follow from the numbers it prints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { EXPERIMENTS } from '../../src/experiments/catalog.js';
import { HARDWARE_TRENDS } from '../../src/experiments/hardware-trends.js';
import { mapSlots } from '../../src/experiments/macro.js';
import { runExperiments, selectExperiments, sweepOf } from '../../src/experiments/run.js';
import { type Run, nonLocalSlotRatio } from '../../src/experiments/stats.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('hardware-trends', () => {
  it('the derived slot-time ratio gives back the flat model\'s fixed slowdowns (1.2x rack-local, 2x off-rack, weighed by their shares)', async () => {
    const flat = { ...HARDWARE_TRENDS, quick: { seeds: [1], axes: { 'cluster.network': [{ model: 'flat' }] } } };
    const sweep = sweepOf(flat, ROOT, true);
    const run = async (variant: string): Promise<Run> => {
      const p = sweep.points.find((x) => x.variant === variant)!;
      return (await simulate(p.scenario, { variant, timeDecisions: false })) as unknown as Run;
    };
    const [naive, delay] = [await run('Naive fair'), await run('Fair + delay')];
    expect(delay.summary.locality.node).toBe(1);
    const { rack, off } = naive.summary.locality;
    expect(rack).toBeGreaterThan(0.5); // sticky slots: most of naive fair's maps run away from their data
    const expected = (1.2 * rack + 2 * off) / (rack + off);
    expect(nonLocalSlotRatio(naive, delay, mapSlots(sweep))).toBeCloseTo(expected, 1);
  }, 60_000);

  it('averages the slot-time ratio over seeds geometrically, as the document says of every ratio (it took the arithmetic mean)', () => {
    const sweep = sweepOf(HARDWARE_TRENDS, ROOT, true);
    const slots = mapSlots(sweep);
    // A run whose mean map slot time is slotS (utilization 1 over makespan slotS x 1,000 ms, as many maps as slots)
    const run = (variant: string, hw: unknown, seed: number, node: number, slotS: number): Run => ({
      values: { variant, 'cluster.network': hw }, seed, variant,
      summary: { utilization: 1, makespanMs: slotS * 1000, maps: slots, jobsPerHour: 1, locality: { node, rack: 1 - node, off: 0 } },
    }) as unknown as Run;
    // per seed a non-local map's slot 2x and 0.5x a node-local one's (naive fair half node-local, fair + delay all)
    const records = [...new Set(sweep.points.map((p) => JSON.stringify(p.values['cluster.network'])))].flatMap((h) => {
      const hw: unknown = JSON.parse(h);
      return [run('Fair + delay', hw, 1, 1, 1), run('Naive fair', hw, 1, 0.5, 1.5), run('Fair + delay', hw, 2, 1, 1), run('Naive fair', hw, 2, 0.5, 0.75)];
    });
    const a = HARDWARE_TRENDS.analyze(records, sweep);
    const slotColumn = a.table[0].indexOf('a non-local map\'s slot time / a node-local one\'s');
    for (const row of a.table.slice(1)) expect(row[slotColumn]).toMatch(/^1\.00x/);
  });

  it('--quick on the fluid model: 1.1x or more on 1 Gbps and 4 disks, within 5% of 1 on 10 Gbps and 12 disks; both shapes hold', async () => {
    const { outcomes } = await runExperiments(selectExperiments(EXPERIMENTS, 'hardware-trends'), { root: ROOT, quick: true, parallel: 0 });
    const a = outcomes[0].analysis;
    expect(a.checks.map((c) => c.holds)).toEqual([true, true]);
    const row = (node: string): string[] => a.table.find((r) => r[0] === node)!;
    const ratioIn = (cell: string): number => Number(/^(\d+\.\d+)x/.exec(cell)![1]);
    expect(ratioIn(row('1 Gbps, 4 disks')[3])).toBeGreaterThanOrEqual(1.1);
    expect(Math.abs(ratioIn(row('10 Gbps, 12 disks')[3]) - 1)).toBeLessThanOrEqual(0.05);
    expect(a.differences.some((d) => d.includes('order of magnitude') && d.includes('50 places against 3'))).toBe(true);
  }, 120_000);

  it('the committed EXPERIMENTS.md: each verdict follows from the ratios its detail prints', () => {
    const md = readFileSync(join(ROOT, 'EXPERIMENTS.md'), 'utf8');
    const section = md.split('\n## ').find((s) => s.includes('Hardware trends'))!;
    expect(section, 'no hardware-trends section').toBeDefined();
    const lines = section.split('\n').filter((l) => l.startsWith('- ') && /: (holds|\*\*does not hold\*\*) \(/.test(l));
    expect(lines.length).toBe(2);
    // both checks: at most 1.05x on 10 Gbps and 12 disks, at least 1.1x on 1 Gbps and 4 disks (slot time, then throughput gain)
    for (const line of lines) {
      const detail = line.slice(line.search(/: (holds|\*\*does not hold\*\*) \(/));
      const ratios = [...detail.matchAll(/(\d+) Gbps, (\d+) disks(?:, \d+:1 uplinks)?: (\d+\.\d+)x \(95% CI/g)].map((m) => ({ gbps: Number(m[1]), disks: Number(m[2]), x: Number(m[3]) }));
      expect(ratios.length, line).toBe(3);
      const today = ratios.find((r) => r.gbps === 1)!;
      const fast = ratios.filter((r) => r.gbps === 10 && r.disks === 12);
      const holds = fast.every((r) => r.x <= 1.05) && today.x >= 1.1;
      expect(line.includes(': holds ('), line).toBe(holds);
    }
  });
});
