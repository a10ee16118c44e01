/** Mutations of the command line: --set paths (with __proto__), seeds, workers, parallelism, outputs, shards. */
import type { Chooser } from './random.js';
import { boundaryValue, stringifyRaw } from './values.js';

const SET_PATHS = ['__proto__.x', '__proto__', 'constructor.prototype.x', 'constructor', 'a..b', '.', 'x.', '.x', 'seed', 'name',
  'variants', 'variants.x', 'cluster', 'cluster.racks.x', 'scheduler.pools.0.name', 'scheduler.pools.-1', 'scheduler.pools.99999999',
  'workload.jobs.0.mapMs', 'workload.groups.0.count', 'workload.kind', 'scheduler.__proto__.policy', 'toString', 'hdfs.replication'];
const SEEDS = ['0', '1', '-1', '1.5', '1e300', '', 'abc', '9007199254740993', '2147483648', '0x10', ' 7', '4294967296'];
const COUNTS = ['0', '1', '2', '3', '64', '100000', '-1', '1e9', 'abc', '', '1.5'];
/** Output paths: inside the case folder or a missing one below it; never an absolute path (the fuzzer may run as root). */
const OUTS = ['r.json', 'missing/dir/r.json', '.', '', 'r.json/', 'sub/../r.json', 'scenario.json'];
const SHARDS = ['0/2', '1/2', '2/2', '0/0', '-1/2', 'a/b', '1/1e9', '0/100000', '0/1', '1/3', '1', '0/2/3', ' 0/2'];

/** Flags for `hfsim run`; `paths` are field paths of the scenario, `variants` its variant names. */
export function runFlags(c: Chooser, paths: readonly string[], variants: readonly string[]): string[] {
  switch (c.int(13)) {
    case 0:
    case 1: {
      const path = c.chance(0.6) && paths.length > 0 ? c.pick(paths) : c.pick(SET_PATHS);
      const v = c.chance(0.2) ? c.pick(['fifo', 'x', '', '{', 'null', '[1,', '1e400']) : stringifyRaw(boundaryValue(c)) ?? 'null';
      return ['--set', c.chance(0.05) ? c.pick(['=1', 'noequals', '', '=']) : `${path}=${v.length > 3000 ? v.slice(0, 3000) : v}`];
    }
    case 2:
      return ['--seed', c.pick(SEEDS)];
    case 3:
      return ['--variant', c.pick([...variants, '', 'nope', '__proto__', 'toString'])];
    case 4:
      return ['--runtime', 'threads', '--workers', c.pick(COUNTS)];
    case 5:
      return c.chance(0.5) ? ['--runtime', c.pick(['threads', 'inprocess', 'bogus', ''])] : ['--codec'];
    case 6:
      return ['--out', c.pick(OUTS)];
    case 7:
      return ['--jobs-csv', c.pick(['jobs.csv', 'missing/jobs.csv', '.', ''])];
    case 8:
      return ['--html', c.pick(['r.html', 'missing/r.html', '.'])];
    case 9:
      return ['--json'];
    case 10:
      return [c.pick(['--bogus', '--', '-h', '--help', '--set', '--seed', '--workers', '-x', '--json=1', '--seed=3'])];
    case 11:
      return ['--inject-fault', c.pick(['x', '1', '-1:2', '99999:1', '1e9:1'])];
    default:
      return ['--workers', c.pick(COUNTS)];
  }
}

export function sweepFlags(c: Chooser): string[] {
  switch (c.int(6)) {
    case 0:
      return ['--parallel', c.pick(COUNTS)];
    case 1:
      return ['--out', c.pick(['out', 'missing/deep/out', '.', '', ' ', 'results', 'sweep.json', '../../escaped'])];
    case 2:
      return ['--resume'];
    case 3:
      return ['--shard', c.pick(SHARDS)];
    case 4:
      return ['--resume', '--out', c.pick(['out', 'missing/deep/out'])];
    default:
      return [c.pick(['--bogus', '--', '--help', '--parallel', '--shard', '--json'])];
  }
}
