/**
 * The library API as a user's own code calls it: bad arguments and plugins that break their contract fail with an
 * error naming the argument or the plugin, not in the engine's own words; what a plugin needs to name is exported.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { InputError, type Job, type RunningTaskReader, type Victim, loadScenario, parseScenario, registerPreemption, registerReplication, simulate } from '../../src/index.js';
import { SCENARIO_DIR, jobsScenario } from '../helpers.js';

let n = 0;
const fresh = (kind: string) => `library-api-${kind}-${n++}`;

describe('what a plugin needs to name is exported', () => {
  it('task states and task references', () => {
    expect([api.PENDING, api.RUNNING, api.DONE]).toEqual([0, 1, 2]);
    expect(api.reduceRef(0)).toBe(-1);
    expect(api.reduceOf(api.reduceRef(4))).toBe(4);
    expect(api.isReduceRef(api.reduceRef(0))).toBe(true);
  });
  it('the types its methods are given (a compile-time check)', () => {
    const round = (hdfs: api.ReplicaHdfs): number => hdfs.nowMs;
    const rows = (t: api.SwimTrace): number => t.ids.length;
    const p99 = (l: api.Latency): number => l.p99;
    expect([round, rows, p99].every((f) => typeof f === 'function')).toBe(true);
  });
});
