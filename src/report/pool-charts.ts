/**
 * A run report's charts of pools and kills, as `hfsim run`'s tables give them (src/cli/format.ts): mean response time
 * by pool and variant, from the jobs (so a variant whose policy has no pools, FIFO beside HFS, has its bars too); and
 * tasks killed and the slot time they had run, by variant, each bar split by pool where the variant's result breaks
 * its kills down by pool (pool preemption), whole where it does not (Quincy's kills).
 */
import type { TopLevelSpec } from 'vega-lite';
import { type Chart, LEGEND, SCHEMA, SIZE, groupedBars, meanBy, placedIn, seriesColours } from './charts.js';
import { categoryRoomPx, wrappedLabelExpr, wrappedLabels } from './wrap.js';

/** What these charts read of a run's result. */
export interface PoolRun {
  variant: string;
  summary: { killedTasks?: number; lostSlotSeconds?: number };
  jobs: ReadonlyArray<{ pool?: string; responseMs: number }>;
  pools?: ReadonlyArray<{ name: string; killedTasks: number; lostSlotSeconds: number }>;
}

/** Pools drawn at most: past them, the pools with most jobs (bars of hundreds of pools are unreadable). */
export const MAX_POOL_GROUPS = 16;

/**
 * Mean response time by pool, a bar per variant (in `order`), or undefined where no variant's policy has pools or the
 * jobs are in one pool only (its bars would be the summary's mean again).
 */
export function poolResponseChart(runs: readonly PoolRun[], order: string[], id: string): Chart | undefined {
  if (!runs.some((r) => r.pools !== undefined)) return undefined;
  // pools as the jobs name them, first seen first, as the text table lists them
  const jobs = new Map<string, number>();
  for (const r of runs) for (const j of r.jobs) if (j.pool !== undefined && !jobs.has(j.pool)) jobs.set(j.pool, 0);
  for (const j of runs[0].jobs) if (j.pool !== undefined) jobs.set(j.pool, jobs.get(j.pool)! + 1);
  if (jobs.size < 2) return undefined;
  let pools = [...jobs.keys()];
  const many = pools.length > MAX_POOL_GROUPS;
  if (many) {
    const kept = new Set([...pools].sort((a, b) => jobs.get(b)! - jobs.get(a)!).slice(0, MAX_POOL_GROUPS)); // a stable sort: ties stay first seen
    pools = pools.filter((p) => kept.has(p));
  }
  const place = new Map(pools.map((p, i) => [p, i]));
  // a pool with no job in a variant has no bar there (the text table's "-"); each group is named with its jobs, as the
  // text table's jobs column counts them (the first variant's)
  const named = (pool: string): string => `${pool} (${jobs.get(pool)} job${jobs.get(pool) === 1 ? '' : 's'})`;
  const values = meanBy(runs, (r) => r.variant, (r) => r.jobs, (j) => (j.pool !== undefined && place.has(j.pool) ? j.pool : undefined), (j) => j.responseMs, () => 1)
    .map((s) => ({ series: s.series, pool: named(s.group), poolPlace: place.get(s.group)!, jobs: s.weight, mean: s.mean / 1000 }));
  const title = `Mean response time by pool${many ? ` (the ${MAX_POOL_GROUPS} of ${jobs.size} pools with most jobs)` : ''}`;
  const caption = 'Each bar: the mean response time of a variant\'s jobs in a pool (no bar where the variant had no job in it); ' +
    `each pool is named with its jobs in the first variant${many ? `, and only the ${MAX_POOL_GROUPS} pools with most jobs are drawn` : ''}.`;
  return { ...groupedBars(id, title, values, { field: 'pool', type: 'nominal', title: 'pool', sort: { field: 'poolPlace', op: 'min' },
    axis: poolAxis(pools.map(named)) }, order, { title: 'mean response time (s)' }), caption };
}

/**
 * The pools' axis: names read across under their group, in lines that fit its band, turned only where many share the
 * axis; whole either way (vega's default limit of 180 px, at its reckoning of 8 px a character, cut a name past 22
 * characters and the job count after it: "research-adhoc-querie…").
 */
function poolAxis(labels: readonly string[]): Record<string, unknown> {
  if (labels.length > 6) return { labelAngle: -40, labelAlign: 'right', labelLimit: 0 };
  return { labelAngle: 0, labelLimit: 0, ...wrappedLabelExpr(wrappedLabels(labels, categoryRoomPx(SIZE.width, labels.length))) };
}

/** Where the kills charts put a variant's kills whose result has no pools (Quincy's). */
const NO_POOLS = 'not by pool';

/**
 * Tasks killed (`measure` killed) or the slot time they had run (lost), a bar per variant (in `order`) split by
 * pool, its total written at its end as the text table gives it; undefined where no variant killed a task.
 */
export function killsChart(runs: readonly PoolRun[], order: string[], measure: 'killed' | 'lost', id: string): Chart | undefined {
  if (!runs.some((r) => (r.summary.killedTasks ?? 0) > 0)) return undefined;
  const byPool = runs.some((r) => r.pools !== undefined && (r.summary.killedTasks ?? 0) > 0);
  const segments: Array<{ series: string; pool: string; value: number }> = [];
  const totals: Array<{ series: string; total: number; label: string }> = [];
  for (const r of runs) {
    const total = measure === 'killed' ? r.summary.killedTasks ?? 0 : r.summary.lostSlotSeconds ?? 0;
    totals.push({ series: r.variant, total, label: measure === 'killed' ? String(total) : total.toFixed(1) });
    if (r.pools !== undefined) for (const p of r.pools) segments.push({ series: r.variant, pool: p.name, value: measure === 'killed' ? p.killedTasks : p.lostSlotSeconds });
    else if (total > 0) segments.push({ series: r.variant, pool: NO_POOLS, value: total });
  }
  // the pools that lost something in some variant: the others' bars have no length, their legend entries say nothing
  const lost = new Set(segments.filter((s) => s.value > 0).map((s) => s.pool));
  const drawn = segments.filter((s) => lost.has(s.pool));
  const title = measure === 'killed' ? 'Tasks killed by variant' : 'Slot time lost to kills by variant';
  const axis = measure === 'killed' ? 'tasks killed' : 'slot time lost (s)';
  // variants down the y axis: their names ("HFS + delay + preemption") read across, not turned on end under bars
  // whole: vega's default limit of 180 px cut "HFS + delay + long-task balancing" (long-tasks.json) to "HFS + delay + long-task…"
  const y = { field: 'series', type: 'nominal', title: 'variant', sort: { field: 'place', op: 'min' }, axis: { labelLimit: 0 } };
  // tasks in whole numbers: 3 tasks killed were ticked 0.0, 0.2, ... 2.8
  const x = { type: 'quantitative', title: axis, ...(measure === 'killed' ? { axis: { tickMinStep: 1, format: 'd' } } : {}) };
  const pools = [...lost];
  const layers = [
    { data: { values: placedIn(drawn, order) }, mark: 'bar',
      encoding: { y, x: { ...x, field: 'value' }, ...(byPool ? { color: { field: 'pool', type: 'nominal', title: 'pool', legend: LEGEND, scale: seriesColours(pools) } } : {}) } },
    { data: { values: placedIn(totals, order) }, mark: { type: 'text', align: 'left', dx: 4 },
      encoding: { y, x: { ...x, field: 'total' }, text: { field: 'label' } } },
  ];
  const what = measure === 'killed' ? 'the tasks killed in a variant\'s run' : 'the slot time a variant\'s killed tasks had run before their kill, in seconds';
  const caption = `Each bar: ${what}${byPool ? ', split by the pool whose tasks were killed (a policy without pools: whole)' : ''}; its total at its end, as hfsim run's preemption table gives it.`;
  return { id, title, caption, spec: {
    // a band of 32 px a variant: two variants' bars were 110 px thick at the other charts' height
    $schema: SCHEMA, title: byPool ? { text: title, subtitle: 'bars split by the pool whose tasks were killed' } : title, width: SIZE.width, height: { step: 32 }, layer: layers,
  } as TopLevelSpec };
}
