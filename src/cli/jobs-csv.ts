/** The jobs CSV of `hfsim run --jobs-csv`: one row per job and variant, for pandas. */
import { stringify } from 'csv-stringify/sync';
import type { Result } from '../actors/simulate.js';

export const JOB_COLUMNS = ['variant', 'seed', 'id', 'pool', 'type', 'bin', 'maps', 'reduces', 'submitMs', 'finishMs', 'responseMs',
  'nodeLocalMaps', 'rackLocalMaps', 'offRackMaps'] as const;

/** Rows given to csv-stringify at a time: its text in pieces, none near V8's longest string (four variants of a million jobs passed it). */
const ROWS_A_PIECE = 100_000;

/** With a replication policy in any variant, a last column: each job's delay waiting (empty for variants without one). */
export function jobsCsv(results: readonly Result[]): string[] {
  const waits = results.some((r) => r.replication !== undefined);
  const columns = waits ? [...JOB_COLUMNS, 'delayWaitMs'] : [...JOB_COLUMNS];
  const pieces: string[] = [];
  let rows: Array<Array<string | number>> = [];
  const flush = (): void => {
    pieces.push(stringify(rows, { header: pieces.length === 0, columns }));
    rows = [];
  };
  for (const r of results) {
    for (const j of r.jobs) {
      const row: Array<string | number> = [r.variant, r.seed, j.id, j.pool, j.type, j.bin, j.maps, j.reduces, j.submitMs,
        j.finishMs, j.responseMs, j.nodeLocalMaps, j.rackLocalMaps, j.offRackMaps];
      if (waits) row.push(j.delayWaitMs ?? '');
      rows.push(row);
      if (rows.length === ROWS_A_PIECE) flush();
    }
  }
  if (rows.length > 0 || pieces.length === 0) flush();
  return pieces;
}
