/** The jobs CSV of `hfsim run --jobs-csv`: one row per job and variant, for pandas. */
import { stringify } from 'csv-stringify/sync';
import type { Result } from '../actors/simulate.js';

export const JOB_COLUMNS = ['variant', 'seed', 'id', 'pool', 'type', 'bin', 'maps', 'reduces', 'submitMs', 'finishMs', 'responseMs',
  'nodeLocalMaps', 'rackLocalMaps', 'offRackMaps'] as const;

/** With a replication policy in any variant, a last column: each job's delay waiting (empty for variants without one). */
export function jobsCsv(results: readonly Result[]): string {
  const waits = results.some((r) => r.replication !== undefined);
  const rows = results.flatMap((r) => r.jobs.map((j) => {
    const row: Array<string | number> = [r.variant, r.seed, j.id, j.pool, j.type, j.bin, j.maps, j.reduces, j.submitMs,
      j.finishMs, j.responseMs, j.nodeLocalMaps, j.rackLocalMaps, j.offRackMaps];
    if (waits) row.push(j.delayWaitMs ?? '');
    return row;
  }));
  return stringify(rows, { header: true, columns: waits ? [...JOB_COLUMNS, 'delayWaitMs'] : [...JOB_COLUMNS] });
}
