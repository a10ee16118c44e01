/** Plain-text comparison of a scenario's variants: response time and locality per size bin, and a summary. */
import type { Result } from '../actors/simulate.js';
import { linkUse } from '../core/network/link-usage.js';
import stringWidth from 'string-width';
import { quotedName } from '../core/bounded.js';

export function table(header: string[], rows: string[][], alignLeft = 1): string {
  header = header.map(oneLine);
  rows = rows.map((r) => r.map(oneLine));
  const widths = header.map((h, c) => rows.reduce((w, r) => Math.max(w, columnsOf(r[c])), columnsOf(h)));
  const pad = (cell: string, c: number): string => ' '.repeat(widths[c] - columnsOf(cell));
  const line = (cells: string[]) => cells.map((cell, c) => (c < alignLeft ? cell + pad(cell, c) : pad(cell, c) + cell)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/**
 * The terminal columns a cell takes: its length in printable ASCII, else by display width (a variant named in CJK takes
 * two columns a character, and padding by length misaligned the table's columns).
 */
const columnsOf = (cell: string): number => (/^[\x20-\x7e]*$/.test(cell) ? cell.length : stringWidth(cell));

/**
 * A cell as one line: control characters (a sweep axis's text value with a newline split its row in two) written as
 * JSON writes them.
 */
export const oneLine = (cell: string): string => cell.replace(/[\u0000-\u001f\u007f]/g, (ch) => (ch === '\u007f' ? '\\u007f' : JSON.stringify(ch).slice(1, -1)));

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** "1 rack", "4 racks", "26,410 maps": a count and its noun (dsbra.json's one rack read "20 nodes in 1 racks"). */
export const counted = (n: number, noun: string): string => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** "1 point", "1200 points": as counted, digits plain, for the lines scripts read (a sweep's summary: `(\d+) points`). */
export const plainCounted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What a run simulates, in one line's words (a result's, a dry run's plan: dry-run.ts). */
export interface RunShape {
  jobs: number;
  maps: number;
  /** Omitted: not told. */
  reduces?: number;
  nodes: number;
  racks: number;
  mapSlots: number;
  reduceSlots: number;
  seed: number;
}

/** "100 jobs (26,410 maps), 100 nodes in 4 racks, 400 map + 200 reduce slots, seed 1". */
export function describeShape(s: RunShape): string {
  const tasks = s.reduces === undefined ? counted(s.maps, 'map') : `${counted(s.maps, 'map')}, ${counted(s.reduces, 'reduce')}`;
  return `${counted(s.jobs, 'job')} (${tasks}), ${counted(s.nodes, 'node')} in ${counted(s.racks, 'rack')}, ` +
    `${s.mapSlots.toLocaleString('en-US')} map + ${s.reduceSlots.toLocaleString('en-US')} reduce slots, seed ${s.seed}`;
}

/** A folder named as a command's last line names it, ending in one slash: "out/", where `--out out/` printed "out//". */
export const folderShown = (dir: string): string => (dir.endsWith('/') ? dir : `${dir}/`);

/** A variant as messages name it: `variant "Boom, \"bad\""`, its name as JSON (it was written raw: `variant "Boom, "bad""`). */
export const variantNamed = (name: string): string => `variant ${quotedName(name)}`;

/** Describes the cluster and workload of a result in one line. */
export function describe(r: Result): string {
  const c = r.config.cluster;
  const nodes = c.racks * c.nodesPerRack;
  return describeShape({ jobs: r.summary.jobs, maps: r.summary.maps, nodes, racks: c.racks, mapSlots: nodes * c.mapSlotsPerNode, reduceSlots: nodes * c.reduceSlotsPerNode, seed: r.seed });
}

export function compare(title: string, results: readonly Result[]): string {
  const base = results[0];
  const out: string[] = [];
  // A description's newline or terminal escape, shown escaped. Variants that change the cluster, the workload or the
  // seed are described each: the first's line alone (say "2 jobs (43 maps)") was read as every variant's.
  const described = results.map(describe);
  if (described.every((d) => d === described[0])) out.push(`${oneLine(title)}: ${described[0]}`);
  else out.push(`${oneLine(title)}:`, ...results.map((r, i) => `  ${oneLine(r.variant)}: ${described[i]}`));
  // Every variant's bins (a variant may change the workload: one's own bin was left out when only the first's were listed).
  const bins = [...new Set(results.flatMap((r) => r.bins.map((b) => b.bin)))].sort((x, y) => x - y);
  if (results.length > 1) {
    out.push('', `Mean response time by job size bin (s); in brackets, speedup over ${base.variant}`);
    out.push(table(['bin', 'maps', 'jobs', ...results.map((r) => r.variant)], bins.map((bin) => {
      const b0 = base.bins.find((b) => b.bin === bin);
      // the bin's maps and jobs: the first variant's, or the first that has the bin's
      const first = results.find((r) => r.bins.some((b) => b.bin === bin))!;
      return [String(bin), mapsLabel(first, bin), String(first.bins.find((b) => b.bin === bin)!.jobs), ...results.map((r, i) => {
        const b = r.bins.find((x) => x.bin === bin);
        if (!b) return '-';
        return i === 0 || b0 === undefined ? seconds(b.meanResponseMs) : `${seconds(b.meanResponseMs)} (${(b0.meanResponseMs / Math.max(1, b.meanResponseMs)).toFixed(2)}x)`;
      })];
    }), 3));
  } else {
    out.push('', 'By job size bin');
    out.push(table(['bin', 'maps', 'jobs', 'mean resp (s)', 'median resp (s)', 'node local'], bins.map((bin) => {
      const b = base.bins.find((x) => x.bin === bin)!;
      return [String(bin), mapsLabel(base, bin), String(b.jobs), seconds(b.meanResponseMs), seconds(b.medianResponseMs), pct(b.locality.node)];
    }), 3));
  }
  if (results.length > 1) {
    out.push('', 'Node locality by bin (share of maps that read a local replica)');
    out.push(table(['bin', ...results.map((r) => r.variant)], bins.map((bin) => [String(bin),
      ...results.map((r) => { const b = r.bins.find((x) => x.bin === bin); return b ? pct(b.locality.node) : '-'; })])));
  }
  if (results.some((r) => r.pools !== undefined)) out.push('', ...poolTables(results));
  // Any policy's kills (pool preemption, Quincy's): Quincy's slot time lost was in the result and the report only.
  if (results.some((r) => (r.summary.killedTasks ?? 0) > 0)) out.push('', ...killsTable(results));
  if (results.some((r) => r.replication !== undefined)) out.push('', ...replicationTable(results));
  if (results.some((r) => r.mapAssignment !== undefined)) out.push('', ...assignmentTable(results));
  if (results.some((r) => r.network !== undefined)) out.push('', ...networkTable(results));
  out.push('', 'Summary');
  // Ticks (pool clocks, Quincy's solve) are decisions too, made between epochs: their column when a variant has them.
  const ticked = results.some((r) => r.run.tickUs !== undefined);
  out.push(table(['variant', 'mean resp (s)', 'makespan (s)', 'node', 'rack', 'off-rack', 'map util', 'jobs/h', 'p99 decision (us)', ...(ticked ? ['p99 tick (us)'] : []), 'wall (ms)'],
    results.map((r) => [r.variant, seconds(r.summary.meanResponseMs), seconds(r.summary.makespanMs), pct(r.summary.locality.node),
      pct(r.summary.locality.rack), pct(r.summary.locality.off), pct(r.summary.utilization), r.summary.jobsPerHour.toFixed(0),
      r.run.decisionUs?.p99.toFixed(1) ?? '-', ...(ticked ? [r.run.tickUs?.p99.toFixed(1) ?? '-'] : []), String(r.run.wallMs)])));
  out.push('', ...results.map((r) => `digest ${r.variant}: ${r.digest}`));
  const solved = results.filter((r) => r.run.solver !== undefined);
  if (solved.length > 0) {
    out.push('', 'LP solver per decision (wall time, not in the digest)');
    for (const r of solved) {
      const s = r.run.solver!;
      out.push(`solver ${r.variant}: ${s.solver}, ${s.solves} solves, mean ${s.meanMs} ms, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, max ${s.maxMs} ms; programs up to ${s.maxColumns} arcs x ${s.maxRows} vertices (mean ${s.meanColumns} arcs)`);
    }
  }
  return out.join('\n');
}

function mapsLabel(r: Result, bin: number): string {
  // A loop, not Math.min(...sizes): a bin of 200,000 jobs overflowed the stack ("run failed: Maximum call stack").
  let lo = Infinity;
  let hi = -Infinity;
  for (const j of r.jobs) {
    if (j.bin !== bin) continue;
    lo = Math.min(lo, j.maps);
    hi = Math.max(hi, j.maps);
  }
  return lo === hi ? String(lo) : `${lo}-${hi}`;
}

/** Pool-aware runs: mean response time per pool (from the jobs, so every variant has it). */
function poolTables(results: readonly Result[]): string[] {
  const pools = [...new Set(results.flatMap((r) => r.jobs.map((j) => j.pool)))];
  const meanOf = (r: Result, pool: string): string => {
    const js = r.jobs.filter((j) => j.pool === pool);
    return js.length === 0 ? '-' : seconds(js.reduce((a, j) => a + j.responseMs, 0) / js.length);
  };
  const out = ['Mean response time by pool (s)'];
  out.push(table(['pool', 'jobs', ...results.map((r) => r.variant)], pools.map((pool) => [pool,
    String(results[0].jobs.filter((j) => j.pool === pool).length), ...results.map((r) => meanOf(r, pool))])));
  return out;
}

/** Tasks killed (by preemption, or by a policy's own kills: Quincy's) and the slot time they had run. */
function killsTable(results: readonly Result[]): string[] {
  return ['Preemption: tasks killed and slot time lost (s)',
    table(['variant', 'killed', 'lost slot-s'], results.map((r) => [r.variant, String(r.summary.killedTasks ?? 0), (r.summary.lostSlotSeconds ?? 0).toFixed(1)]))];
}

/** Policies that fill map slots their own way (offers, Quincy): their counts, one column each, '-' where a variant has none. */
function assignmentTable(results: readonly Result[]): string[] {
  const names: string[] = [];
  for (const r of results) for (const k of Object.keys(r.mapAssignment?.counts ?? {})) if (!names.includes(k)) names.push(k);
  return ['Map assignment (maps only: reduces go to jobs in fair order)',
    table(['variant', 'policy', ...names], results.map((r) => {
      const a = r.mapAssignment;
      return [r.variant, a?.policy ?? '-', ...names.map((k) => (a?.counts[k] === undefined ? '-' : String(a.counts[k])))];
    }))];
}

/** Replication policies' runs: delay waiting, replicas created and deleted, bytes copied, storage above static. */
function replicationTable(results: readonly Result[]): string[] {
  return ['Replication (storage: % above the static placement; delay waiting: time jobs were skipped for locality)',
    table(['variant', 'policy', 'delay wait (s)', 'per job (s)', 'created', 'deleted', 'copied (MB)', 'storage mean', 'peak'],
      results.map((r) => {
        const x = r.replication;
        if (x === undefined) return [r.variant, '-', '-', '-', '-', '-', '-', '-', '-'];
        return [r.variant, x.policy, seconds(x.delayWaitMs.total), seconds(x.delayWaitMs.meanPerJob), String(x.replicasCreated),
          String(x.replicasDeleted), x.bytesCopiedMB.toFixed(0), `${x.storage.meanOverheadPct.toFixed(1)}%`, `${x.storage.peakOverheadPct.toFixed(1)}%`];
      })),
    // A policy's own counts (DSBRA: rounds, delayed reads, the largest X, RF and GAvg, decisions), a line a variant.
    ...results.flatMap((r) => {
      const c = r.replication?.counts;
      return c === undefined ? [] : [`${r.replication!.policy} ${r.variant}: ${Object.entries(c).map(([k, v]) => `${k} ${v}`).join(', ')}`];
    })];
}

/**
 * The fluid network model's totals by variant: GB that crossed racks, the far sides the racks simulated (map reads'
 * send halves, shuffles' send halves, replicas' pipelines), the racks' uplink utilisation (mean over racks and
 * buckets, and the busiest bucket), the core's where a variant bounds it, and the MB committed passes finished early
 * (the model's own error).
 */
function networkTable(results: readonly Result[]): string[] {
  const gb = (mb: number): string => (mb / 1024).toFixed(1);
  const core = results.some((r) => r.network?.utilization.core !== undefined);
  // Both directions: a shuffle into a few racks fills their downlinks while the uplinks idle.
  return ['Network (fluid model): GB across racks, the far sides simulated, rack link utilisation', table(
    ['variant', 'across racks (GB)', 'reads served (GB)', 'shuffle sent (GB)', 'replicas (GB)', 'uplink mean', 'uplink busiest', 'downlink mean', 'downlink busiest', ...(core ? ['core mean', 'core busiest'] : []), 'forced (MB)'],
    results.map((r) => {
      const n = r.network;
      if (n === undefined) return [r.variant, '-', '-', '-', '-', '-', '-', '-', '-', ...(core ? ['-', '-'] : []), '-'];
      const up = linkUse(n.utilization, 'up');
      const down = linkUse(n.utilization, 'down');
      const c = n.utilization.core === undefined ? undefined : linkUse(n.utilization, 'core');
      const coreCells = !core ? [] : c === undefined ? ['-', '-'] : [pct(c.mean), pct(c.max)];
      return [r.variant, gb(n.crossRackMB), gb(n.servedMB), gb(n.shuffleSentMB), gb(n.replicatedMB), pct(up.mean), pct(up.max), pct(down.mean), pct(down.max), ...coreCells, n.forcedMB.toFixed(1)];
    }))];
}
