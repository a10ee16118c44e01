/** A run's digest: sha256 of the JSON of its outcome (simulate.ts), in a module of its own so that reading results back (sweep-output.ts) need not load the runtime. */
import { createHash } from 'node:crypto';

/** sha256 of the JSON of the outcome: scenario, variant, seed, summary, bins and jobs (not config or run). */
export function digestOf(body: object): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}
