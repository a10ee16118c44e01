/** The table a sweep prints: a row per point, its seeds and the headline metrics; in time linear in the points. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/index.js';
import { parseScenario } from '../../src/core/scenario.js';
import type { PointRecord } from '../../src/cli/sweep-aggregate.js';
import type { Manifest } from '../../src/cli/sweep-output.js';
import { summaryTable } from '../../src/cli/sweep-summary.js';
import { jobsScenario } from '../helpers.js';

async function oneResult() {
  const parsed = parseScenario(jobsScenario());
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const { config: _config, ...rest } = await simulate(parsed.value, { timeDecisions: false });
  return rest;
}

/** `points` groups of `seeds` records each, axis k = the group's number. */
function records(result: Awaited<ReturnType<typeof oneResult>>, points: number, seeds: number): PointRecord[] {
  return Array.from({ length: points * seeds }, (_, i) => {
    const g = Math.floor(i / seeds);
    return { ...result, seed: 1 + (i % seeds), id: `p${i}`, index: i, group: `g${g}`, values: { k: g } } as PointRecord;
  });
}

const manifest = { name: 's', file: 's.sweep.json', hash: 'h', axes: [{ name: 'k', values: [] }], seeds: [1, 2], points: [] } as unknown as Manifest;

describe('summaryTable', () => {
  it('a row per point with its seeds and metrics, in point order', async () => {
    const lines = summaryTable(manifest, records(await oneResult(), 3, 2)).trim().split('\n');
    expect(lines[0]).toMatch(/^k\s+seeds\s+node local\s+mean resp \(s\)\s+jobs\/h\s+fairness$/);
    expect(lines.slice(-3).map((l) => l.trim().split(/\s+/).slice(0, 2))).toEqual([['0', '2'], ['1', '2'], ['2', '2']]);
  });

  it('tells an axis value from a string that reads as its JSON: null from "null", 1 from "1"', async () => {
    const result = await oneResult();
    const values = [null, 'null', 1, '1', 'fair', { mode: 'skip' }];
    const rs = values.map((k, i) => ({ ...result, seed: 1, id: `p${i}`, index: i, group: `g${i}`, values: { k } }) as PointRecord);
    const lines = summaryTable(manifest, rs).trim().split('\n');
    expect(lines.slice(-values.length).map((l) => l.trim().split(/\s+/)[0])).toEqual(['null', '"null"', '1', '"1"', 'fair', '{"mode":"skip"}']);
  });

  it('20,000 points in seconds (a filter of every row per point took 73 s)', async () => {
    const many = records(await oneResult(), 20_000, 1);
    const started = performance.now();
    const table = summaryTable(manifest, many);
    expect(table.trim().split('\n').length).toBeGreaterThanOrEqual(20_001);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
