/**
 * What differs between two sweeps by their manifests (sweep.json): the output a --resume or a merge is given, and the
 * sweep run now or the first shard. It names the input that changed (the sweep's points, their scenarios, a trace,
 * the --plugin files' code), where the manifest's hash alone could only say that one of them had.
 */
import { counted } from './format.js';
import type { Manifest } from './sweep-manifest.js';
import type { HfsimBuild } from './hfsim-build.js';

/** The hashes of a sweep's inputs, each apart (Sweep.hash joins them): a manifest of an older hfsim has none. */
export interface SweepInputs {
  /**
   * sha256 of the points' ids and resolved scenarios, by id: an allocation or capacity file's pools are in them, and an
   * SLS or Rumen trace's jobs (resolve-scenario.ts converts the trace into the scenario's jobs workload).
   */
  scenarios: string;
  /** sha256 of the SWIM trace rows each point replays (null where it replays none), by id. */
  traces: string;
  /** sha256 of each --plugin file's bytes, sorted, distinct. */
  plugins: string[];
  /** The hfsim that ran the points (hfsim-build.ts); absent in the output of an hfsim before 2026-11-29. */
  build?: HfsimBuild;
}

const SOME_INPUT = 'the sweep file, its base scenario, a file they read (a trace, an allocation file), a --plugin file or the hfsim build that runs them';

/** How the two manifests are named: `then` and `now` for a --resume, the two folders for a merge. */
export interface Sides {
  then: string;
  now: string;
}

/**
 * What differs between `then` and `now`, said as a subject ("the --plugin files' code"); both have different hashes.
 * The points' scenarios and traces are hashed by point (sweep-file.ts), so a change in the points themselves is
 * said once, as such, and one of their order alone as that.
 */
export function sweepChanges(then: Pick<Manifest, 'points' | 'inputs'>, now: Pick<Manifest, 'points' | 'inputs'>, sides: Sides = { then: 'then', now: 'now' }): string {
  const ids = (m: Pick<Manifest, 'points'>): string[] => m.points.map((p) => p.id);
  const parts: string[] = [];
  const samePoints = [...ids(then)].sort().join(' ') === [...ids(now)].sort().join(' ');
  if (!samePoints) {
    const counts = now.points.length === then.points.length ? 'other axis values or seeds' : `${now.points.length} ${sides.now}, ${then.points.length} ${sides.then}`;
    parts.push(`the sweep's points (${counts}: the sweep file's axes or seeds)`);
  } else if (ids(then).join(' ') !== ids(now).join(' ')) {
    parts.push('the order of the sweep\'s points (the sweep file\'s axis values or seeds in another order)');
  }
  const a = then.inputs;
  const b = now.inputs;
  if (a === undefined || b === undefined) return parts.length > 0 ? parts[0] : SOME_INPUT; // written before the inputs were kept apart
  if (samePoints && a.scenarios !== b.scenarios) parts.push('the points\' scenarios (the sweep file\'s set, its base scenario, an allocation or capacity file they read, or an SLS or Rumen trace they replay)');
  if (samePoints && a.traces !== b.traces) parts.push('a SWIM trace the points replay');
  if (a.plugins.join() !== b.plugins.join()) {
    // As many files, some of other bytes: how many of them ("3 files, not the same bytes" when one of three was).
    const other = b.plugins.filter((hash) => !a.plugins.includes(hash)).length;
    const differ = other === b.plugins.length ? `${counted(b.plugins.length, 'file')}, not the same bytes` : `${other} of ${counted(b.plugins.length, 'file')} not the same bytes`;
    parts.push(`the --plugin files' code (${a.plugins.length === b.plugins.length ? differ : `${counted(b.plugins.length, 'file')} ${sides.now}, ${a.plugins.length} ${sides.then}`})`);
  }
  if (a.build?.code !== b.build?.code) parts.push(`the hfsim build that runs them (${buildOf(b.build)} ${sides.now}, ${buildOf(a.build)} ${sides.then}: its results may differ; finish the output with the hfsim that made it, or sweep into a new --out)`);
  return parts.length === 0 ? SOME_INPUT : parts.join(' and ');
}

const buildOf = (b: HfsimBuild | undefined): string => (b === undefined ? 'an hfsim before 2026-11-29, which kept no build' : `version ${b.version}, code ${b.code.slice(0, 12)}`);
