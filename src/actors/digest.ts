/** A run's digest: sha256 of the JSON of its outcome (simulate.ts), in a module of its own so that reading results back (sweep-results.ts) need not load the runtime. */
import { createHash } from 'node:crypto';
import { valueKind } from '../core/shown-value.js';

/** The fields of a whole result the digest does not cover: the resolved input, the run's wall-clock section, itself. */
const NOT_OUTCOME = new Set(['config', 'run', 'digest']);

/** The point a sweep's results line carries before its result (results.jsonl), which no run's result has. */
const POINT_FIELDS = ['id', 'index', 'group', 'values'];

/**
 * sha256 of the JSON of the outcome: scenario, variant, seed, summary, bins and jobs (not config or run). Given a whole
 * result (one with a `digest`, as simulate gives it or a result file holds it), it leaves out config, run and digest,
 * so that `digestOf(result) === result.digest` checks a result (it hashed them in, and never matched); given a line of a
 * sweep's results.jsonl, its point's fields too (they never matched either).
 */
export function digestOf(body: object): string {
  // A library caller's slip (null read back from a file) failed as "Cannot convert undefined or null to object";
  // an object that is no result ({}, an array, a result's summary) was hashed as if it were one.
  if (typeof body !== 'object' || body === null) throw new TypeError(`${TAKES}, not ${valueKind(body)}`);
  const lacking = RESULT_NAMES.filter((key) => !Object.hasOwn(body, key));
  if (Array.isArray(body) || lacking.length > 0) {
    const fields = Array.isArray(body) ? 'an array (a run of several variants gives an array of results: check each)' : Object.keys(body).length === 0 ? 'an empty object' : `an object of ${Object.keys(body).slice(0, 5).join(', ')}${Object.keys(body).length > 5 ? ', ...' : ''}`;
    throw new TypeError(`${TAKES}, not ${fields}: a result has ${RESULT_NAMES.join(', ')}${lacking.length > 0 && !Array.isArray(body) ? ` (this one lacks ${lacking.join(', ')})` : ''}`);
  }
  return outcomeDigest(body);
}

const TAKES = 'digestOf takes a result (from simulate, or read back from --out or --json)';
/** The names every result starts with (simulate's body). */
const RESULT_NAMES = ['scenario', 'variant', 'seed'];

/** digestOf without its check of the shape: a results line read back is checked field by field by its reader (sweep-results.ts). */
export function outcomeDigest(body: object): string {
  const line = POINT_FIELDS.every((key) => Object.hasOwn(body, key));
  const outcome = Object.hasOwn(body, 'digest') ? Object.fromEntries(Object.entries(body).filter(([key]) => !NOT_OUTCOME.has(key) && !(line && POINT_FIELDS.includes(key)))) : body;
  return createHash('sha256').update(JSON.stringify(outcome)).digest('hex');
}
