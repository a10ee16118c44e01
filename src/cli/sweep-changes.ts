/**
 * What differs between two sweeps by their manifests (sweep.json): the output a --resume or a merge is given, and the
 * sweep run now or the first shard. It names the input that changed (the sweep's points, their scenarios, a trace,
 * the --plugin files' code), where the manifest's hash alone could only say that one of them had.
 */
import type { Manifest } from './sweep-output.js';

/** The hashes of a sweep's inputs, each apart (Sweep.hash joins them): a manifest of an older hfsim has none. */
export interface SweepInputs {
  /** sha256 of the points' ids and resolved scenarios (an allocation or capacity file's pools are in them). */
  scenarios: string;
  /** sha256 of the SWIM trace rows each point replays (null where it replays none). */
  traces: string;
  /** sha256 of each --plugin file's bytes, sorted, distinct. */
  plugins: string[];
}

const SOME_INPUT = 'the sweep file, its base scenario, a file they read (a trace, an allocation file) or a --plugin file';

/** What differs between `then` and `now`, said as a subject ("the --plugin files' code"); both have different hashes. */
export function sweepChanges(then: Pick<Manifest, 'points' | 'inputs'>, now: Pick<Manifest, 'points' | 'inputs'>): string {
  const ids = (m: Pick<Manifest, 'points'>): string => m.points.map((p) => p.id).sort().join(' ');
  const parts: string[] = [];
  const samePoints = ids(then) === ids(now);
  if (!samePoints) {
    const counts = now.points.length === then.points.length ? 'other axis values or seeds' : `${now.points.length} now, ${then.points.length} then`;
    parts.push(`the sweep's points (${counts}: the sweep file's axes or seeds)`);
  }
  const a = then.inputs;
  const b = now.inputs;
  if (a === undefined || b === undefined) return parts.length > 0 ? parts[0] : SOME_INPUT; // written before the inputs were kept apart
  if (samePoints && a.scenarios !== b.scenarios) parts.push('the points\' scenarios (the base scenario, or an allocation or capacity file it reads)');
  if (a.traces !== b.traces) parts.push('a SWIM trace the points replay');
  if (a.plugins.join() !== b.plugins.join()) {
    const files = (n: number): string => `${n} file${n === 1 ? '' : 's'}`;
    parts.push(`the --plugin files' code (${a.plugins.length === b.plugins.length ? `${files(b.plugins.length)}, not the same bytes` : `${files(b.plugins.length)} now, ${a.plugins.length} then`})`);
  }
  return parts.length === 0 ? SOME_INPUT : parts.join(' and ');
}
