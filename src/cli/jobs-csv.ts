/** The jobs CSV of `hfsim run --jobs-csv`: one row per job and variant, for pandas. */
import { stringify } from 'csv-stringify/sync';
import type { Result } from '../actors/simulate.js';

export const JOB_COLUMNS = ['variant', 'seed', 'id', 'pool', 'type', 'bin', 'maps', 'reduces', 'submitMs', 'finishMs', 'responseMs',
  'nodeLocalMaps', 'rackLocalMaps', 'offRackMaps'] as const;

export function jobsCsv(results: readonly Result[]): string {
  const rows = results.flatMap((r) => r.jobs.map((j) => [r.variant, r.seed, j.id, j.pool, j.type, j.bin, j.maps, j.reduces, j.submitMs,
    j.finishMs, j.responseMs, j.nodeLocalMaps, j.rackLocalMaps, j.offRackMaps]));
  return stringify(rows, { header: true, columns: [...JOB_COLUMNS] });
}
