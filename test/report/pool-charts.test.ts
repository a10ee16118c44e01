/** A run report's pool and kill charts: drawn only where the result has pools or kills, with the text table's numbers. */
import { describe, expect, it } from 'vitest';
import type { Chart } from '../../src/report/charts.js';
import { renderSvg } from '../../src/report/html.js';
import { MAX_POOL_GROUPS, type PoolRun, killsChart, poolResponseChart } from '../../src/report/pool-charts.js';

type Row = Record<string, unknown>;
const rows = (c: Chart | undefined, layer?: number): Row[] => {
  const spec = c!.spec as unknown as { data?: { values: Row[] }; layer?: Array<{ data: { values: Row[] } }> };
  return layer === undefined ? spec.data!.values : spec.layer![layer].data.values;
};

const jobs = (pool: string, ...seconds: number[]) => seconds.map((s) => ({ pool, responseMs: s * 1000 }));
const pool = (name: string, killedTasks = 0, lostSlotSeconds = 0) => ({ name, killedTasks, lostSlotSeconds });

// preemption.json's two variants, as its result has them
const wait: PoolRun = { variant: 'Wait', summary: { killedTasks: 0, lostSlotSeconds: 0 }, jobs: [...jobs('research', 3000, 3700), ...jobs('production', 300, 400)], pools: [pool('production'), pool('research')] };
const kill: PoolRun = { variant: 'Kill', summary: { killedTasks: 65, lostSlotSeconds: 4737.3 }, jobs: [...jobs('research', 3100, 3650), ...jobs('production', 100, 150)], pools: [pool('production'), pool('research', 65, 4737.3)] };
// a policy without pools beside them (FIFO in hierarchical.json): its jobs still name their pools
const fifo: PoolRun = { variant: 'FIFO', summary: {}, jobs: [...jobs('research', 1000, 1000), ...jobs('production', 500, 700)] };

describe('mean response time by pool', () => {
  it('a bar per pool and variant, the mean of its jobs in seconds, pools first seen first and named with their jobs', () => {
    const c = poolResponseChart([fifo, wait, kill], ['FIFO', 'Wait', 'Kill'], 'p')!;
    expect(c.title).toBe('Mean response time by pool');
    expect(rows(c).map(({ series, pool: p, mean }) => [series, p, mean])).toEqual([
      ['FIFO', 'research (2 jobs)', 1000], ['FIFO', 'production (2 jobs)', 600],
      ['Wait', 'research (2 jobs)', 3350], ['Wait', 'production (2 jobs)', 350],
      ['Kill', 'research (2 jobs)', 3375], ['Kill', 'production (2 jobs)', 125],
    ]);
  });

  it('a pool\'s name and its jobs are drawn whole under its bars, however long: past 22 characters vega cut them ("research-adhoc-querie…", the jobs gone)', async () => {
    const labels = async (runs: PoolRun[]): Promise<string[]> => {
      const svg = await renderSvg(poolResponseChart(runs, runs.map((r) => r.variant), 'p')!);
      const axis = svg.slice(svg.indexOf("X-axis titled 'pool'"), svg.indexOf("Y-axis titled"));
      return [...axis.matchAll(/role-axis-label[\s\S]*?<\/g>/g)].flatMap((g) => [...g[0].matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]))
        .concat([...axis.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]));
    };
    const two: PoolRun = { variant: 'HFS', summary: {}, pools: [], jobs: [...jobs('research-adhoc-queries', 10, 20), ...jobs('production-etl-nightly', 5)] };
    const drawn = (await labels([two])).join(' ');
    expect(drawn).not.toContain('…');
    for (const text of ['research-adhoc-queries', '(2 jobs)', 'production-etl-nightly', '(1 job)']) expect(drawn).toContain(text);
    // past 6 pools the labels are turned: whole there too
    const eight: PoolRun = { variant: 'HFS', summary: {}, pools: [], jobs: Array.from({ length: 8 }, (_, i) => jobs(`analytics-team-${i}-nightly-batch`, 5)).flat() };
    const turned = (await labels([eight])).join(' ');
    expect(turned).not.toContain('…');
    expect(turned).toContain('analytics-team-7-nightly-batch (1 job)');
  });

  it('a wrapped name may hold any character a name may: a line separator (U+2028), quotes, a backslash', async () => {
    // the wrapped lines are looked up in a vega expression, whose string literals end at a raw U+2028
    for (const name of ['research\u2028adhoc queries of the nightly team', 'back\\slash "quote" \'single\' research adhoc queries']) {
      const r: PoolRun = { variant: 'HFS', summary: {}, pools: [], jobs: [...jobs(name, 10), ...jobs('other', 20)] };
      const svg = await renderSvg(poolResponseChart([r], ['HFS'], 'p')!);
      expect(svg).toContain('(1 job)</tspan>');
    }
  });

  it('none where no variant has pools, or every job is in one pool', () => {
    expect(poolResponseChart([fifo], ['FIFO'], 'p')).toBeUndefined();
    const one: PoolRun = { variant: 'HFS', summary: {}, jobs: jobs('default', 10, 20), pools: [pool('default')] };
    expect(poolResponseChart([one], ['HFS'], 'p')).toBeUndefined();
  });

  it('a pool without jobs in a variant has no bar there; past the limit, the pools with most jobs', () => {
    const partial: PoolRun = { ...wait, variant: 'Other', jobs: jobs('research', 10) };
    expect(rows(poolResponseChart([wait, partial], ['Wait', 'Other'], 'p')).filter((r) => r.series === 'Other').map((r) => r.pool)).toEqual(['research (2 jobs)']);
    const many: PoolRun = { variant: 'HFS', summary: {}, pools: [], jobs: Array.from({ length: 20 }, (_, i) => jobs(`u${i}`, ...Array.from({ length: i === 3 ? 1 : 2 }, () => 5))).flat() };
    const c = poolResponseChart([many], ['HFS'], 'p')!;
    expect(c.title).toBe(`Mean response time by pool (the ${MAX_POOL_GROUPS} of 20 pools with most jobs)`);
    const drawn = rows(c).map((r) => r.pool);
    expect(drawn).toHaveLength(MAX_POOL_GROUPS);
    expect(drawn).not.toContain('u3 (1 job)'); // the one pool of one job, and of the others of 2 the last seen
    expect(drawn.at(-1)).toBe('u16 (2 jobs)');
  });
});

describe('tasks killed and slot time lost', () => {
  it('a bar per variant split by the pools that lost tasks, its total written as the text table prints it', async () => {
    const killed = killsChart([wait, kill], ['Wait', 'Kill'], 'killed', 'k')!;
    expect(killed.title).toBe('Tasks killed by variant');
    expect(rows(killed, 0)).toEqual([{ series: 'Wait', pool: 'research', value: 0, place: 0 }, { series: 'Kill', pool: 'research', value: 65, place: 1 }]);
    expect(rows(killed, 1).map((r) => r.label)).toEqual(['0', '65']);
    const lost = killsChart([wait, kill], ['Wait', 'Kill'], 'lost', 'l')!;
    expect(rows(lost, 1).map((r) => r.label)).toEqual(['0.0', '4737.3']);
    const svg = await renderSvg(lost);
    expect(svg).toContain('>4737.3</text>');
    expect(svg).toContain('slot time lost (s)');
    expect(svg).toMatch(/class="mark-group role-legend"/); // the pools' legend
  });

  it('a variant\'s name is written whole beside its bar: long-tasks.json\'s "HFS + delay + long-task balancing" read "HFS + delay + long-task…"', async () => {
    const long: PoolRun = { ...kill, variant: 'HFS + delay + long-task balancing' };
    const svg = await renderSvg(killsChart([wait, long], ['Wait', long.variant], 'killed', 'k')!);
    const axis = svg.slice(svg.indexOf("Y-axis titled 'variant'"));
    expect(axis).toContain('>HFS + delay + long-task balancing</text>');
    expect(svg).not.toContain('…');
  });

  it('kills without pools (Quincy\'s): whole bars, no pool legend; none where nothing was killed', async () => {
    const quincy: PoolRun = { variant: 'Quincy', summary: { killedTasks: 66, lostSlotSeconds: 234.5 }, jobs: jobs('default', 5) };
    const c = killsChart([fifo, quincy], ['FIFO', 'Quincy'], 'killed', 'k')!;
    expect(rows(c, 0)).toEqual([{ series: 'Quincy', pool: 'not by pool', value: 66, place: 1 }]);
    expect(rows(c, 1).map((r) => [r.series, r.label])).toEqual([['FIFO', '0'], ['Quincy', '66']]);
    expect(await renderSvg(c)).not.toMatch(/role-legend/);
    expect(killsChart([fifo, wait], ['FIFO', 'Wait'], 'killed', 'k')).toBeUndefined();
  });

  it('tasks are counted in whole numbers on their axis: 3 tasks killed were ticked 0.0, 0.2, ... 2.8', async () => {
    const few: PoolRun = { ...kill, summary: { killedTasks: 3, lostSlotSeconds: 4.5 }, pools: [pool('production'), pool('research', 3, 4.5)] };
    const svg = await renderSvg(killsChart([wait, few], ['Wait', 'Kill'], 'killed', 'k')!);
    const axis = svg.slice(svg.indexOf("X-axis titled 'tasks killed'"));
    const labels = axis.slice(axis.indexOf('role-axis-label'));
    const ticks = [...labels.slice(0, labels.indexOf('</g>')).matchAll(/>([^<>]+)<\/text>/g)].map((m) => m[1]);
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(t).toMatch(/^\d+$/);
    // seconds lost keep their fractions
    expect(await renderSvg(killsChart([wait, few], ['Wait', 'Kill'], 'lost', 'l')!)).toMatch(/>0\.5<\/text>/);
  });
});
