/** Where a --set's errors are placed: on the --set that caused them, not on the scenario file that was fine without it. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFlags as loadScenario } from '../../src/cli/load-scenario.js';
import { parseSet } from '../../src/cli/set-argument.js';
import { loadSweep } from '../../src/cli/sweep-file.js';

const dir = mkdtempSync(join(tmpdir(), 'hfsim-set-'));
const file = join(dir, 's.json');
writeFileSync(file, JSON.stringify({
  name: 'tiny',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
  workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 },
  variants: { A: { 'cluster.racks': 3 }, B: { 'scheduler.delay': { mode: 'wait', nodeMs: 5000, rackMs: 5000 } } },
}));

function message(sets: Array<[string, unknown]>, variant: string): string {
  try {
    loadScenario(file, sets, undefined, variant);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('loaded without an error');
}

describe('a --set that the scenario cannot take is named, not the file', () => {
  it('a --set path through a number (it said `s.json: variant "A": cluster.racks.0: ...`)', () => {
    expect(message([['cluster.racks.0', 1]], 'A')).toBe('--set cluster.racks.0=1: variant "A": cluster.racks.0: cluster.racks is 3, not an object, so cluster.racks.0 cannot be set in it');
  });

  it('a --set of a workload\'s kind: the old kind\'s fields are left, said so with how to replace the workload whole', () => {
    expect(message([['workload.kind', 'swim']], 'A').split('\n')).toEqual([
      '--set workload.kind=swim: workload.trace: missing (required): expected a string',
      '--set workload.kind=swim: workload: unknown field "meanInterarrivalMs" ("meanInterarrivalMs" is read by workload kind "facebook") (left in workload from the scenario: --set workload.kind changes that one field; to replace workload whole, --set \'workload={...}\')',
    ]);
  });

  it('a --set of a delay mode under a variant\'s wait fields, beside an unrelated --set', () => {
    expect(message([['scheduler.delay.mode', 'skip'], ['cluster.racks', 3]], 'B').split('\n')).toEqual([
      '--set scheduler.delay.mode=skip: scheduler.delay.maxSkips: missing (required): maxSkips must be a number',
      '--set scheduler.delay.mode=skip: variant "B": scheduler.delay: unknown fields "nodeMs", "rackMs" (left in scheduler.delay from the scenario: --set scheduler.delay.mode changes that one field; to replace scheduler.delay whole, --set \'scheduler.delay={...}\')',
    ]);
  });

  it('an error only a --set of another field brings is named on that --set, not on a later one nearer the field', () => {
    // scheduler.delay is B's own; --set scheduler.policy=quincy makes it an error. It was named on --set
    // scheduler.assignMultiple=true, which shares as much of the path and came later, though it changes nothing there.
    expect(message([['scheduler.policy', 'quincy'], ['scheduler.assignMultiple', true]], 'B')).toBe('--set scheduler.policy=quincy: variant "B": scheduler.delay: policy "quincy" ignores delay: it places maps by a solution of its own, past any locality gate, job-type rule or long-task balancing: set delay.mode "none"');
  });

  it('an error the scenario has without the --set stays the file\'s', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ workload: { kind: 'facebook', jobs: 5, meanInterarivalMs: 1 } }));
    expect(() => loadScenario(bad, [['workload.kind', 'facebook']])).toThrow(`${bad}:1:41: workload: unknown field "meanInterarivalMs"`);
  });
});

describe('a workload limit only a --set breaks is named on the --set, not the file (a nightly job\'s --set workload.jobs=N)', () => {
  it('jobs past the blocks and arrival limits (they read `s.json: variant "A": workload.jobs: about ... blocks`, the file saying 5 jobs)', () => {
    const lines = message([['workload.jobs', 999_999]], 'A').split('\n');
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line).toMatch(/^--set workload\.jobs=999999: workload\.(jobs|meanInterarrivalMs): .*above the limit/);
  });

  it('a --set that shares no path with the error is still the one named, the file being within the limits without it', () => {
    expect(message([['cluster.racks', 2], ['workload.meanInterarrivalMs', 1e9]], 'A')).toMatch(/^--set workload\.meanInterarrivalMs=1000000000: workload\.meanInterarrivalMs: the last job would arrive at /);
  });

  it('a limit the file breaks without the --sets stays the file\'s', () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, JSON.stringify({ cluster: { racks: 2, nodesPerRack: 3 }, workload: { kind: 'facebook', jobs: 999_999, meanInterarrivalMs: 1 } }));
    expect(() => loadScenario(big, [['cluster.racks', 3]])).toThrow(`${big}:1:78: workload.jobs: 264099999 blocks (one map each) in all, above the limit of 50000000`);
  });
});

describe('a --set, a variant or a sweep axis reaches into a list by index (DESIGN.md: --set overrides any field)', () => {
  const pools = join(dir, 'pools.json');
  writeFileSync(pools, JSON.stringify({
    name: 'pools',
    cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
    scheduler: { policy: 'hfs', pools: [{ name: 'prod', weight: 2 }, { name: 'adhoc' }] },
    workload: { kind: 'facebook', jobs: 5, meanInterarrivalMs: 14000 },
    variants: { Heavy: { 'scheduler.pools.1.minMaps': 2 } },
  }));

  it('--set scheduler.pools.0.weight=3 sets the first pool\'s weight (it was refused: "--set replaces a list whole")', () => {
    const s = loadScenario(pools, [parseSet('scheduler.pools.0.weight=3')], undefined, 'Heavy').variants[0].scenario;
    expect(s.scheduler.pools.map((p) => [p.name, p.weight, p.minMaps])).toEqual([['prod', 3, 0], ['adhoc', 1, 2]]);
  });

  it('an error in a list element a --set wrote is blamed on the --set, with its hint (errors write pools[0], paths pools.0)', () => {
    const blamed = (text: string): string => {
      try {
        loadScenario(pools, [parseSet(text)], undefined, 'Heavy');
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('loaded without an error');
    };
    expect(blamed('scheduler.pools.0.preemptable=True')).toMatch(/^--set scheduler\.pools\.0\.preemptable=True: .*scheduler\.pools\[0\]\.preemptable: .*\(the --set value "True" is a string: write true or false, lowercase\)$/);
    expect(blamed('scheduler.pools.1.wieght=2')).toMatch(/^--set scheduler\.pools\.1\.wieght=2: .*scheduler\.pools\[1\]: unknown field "wieght" \(did you mean "weight"\?\)$/);
  });

  it('an index into a list the scenario does not write says so, and how to give the list (it read only "expected array, received object")', () => {
    let message = '';
    try {
      loadScenario(pools, [parseSet('scheduler.parentPools.0.weight=2')], undefined, 'Heavy');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe('--set scheduler.parentPools.0.weight=2: scheduler.parentPools: Invalid input: expected array, received object'
      + ' (an index reaches into a list the scenario itself writes, and it writes no scheduler.parentPools: give the list whole, --set \'scheduler.parentPools=[...]\')');
  });

  it('a sweep axis on a list element', () => {
    const sweep = join(dir, 'pools.sweep.json');
    writeFileSync(sweep, JSON.stringify({ name: 'pools', base: 'pools.json', axes: { 'scheduler.pools.0.weight': [1, 4] } }));
    expect(loadSweep(sweep).points.map((p) => p.scenario.scheduler.pools[0].weight)).toEqual([1, 4]);
  });
});

describe('a --set value written as a word for a boolean or null is a string: the error says how JSON writes them', () => {
  const set = (text: string) => message([parseSet(text)], 'A');
  it.each(['True', 'FALSE', 'yes', 'no', 'On'])('%s for a boolean field (it said only "expected boolean, received string")', (word) => {
    expect(set(`scheduler.assignMultiple=${word}`)).toBe(`--set scheduler.assignMultiple=${word}: scheduler.assignMultiple: assignMultiple must be true or false (the --set value "${word}" is a string: write true or false, lowercase)`);
  });

  it.each(['Null', 'NULL', 'None', 'nil'])('%s for an object field', (word) => {
    expect(set(`cluster.network=${word}`)).toBe(`--set cluster.network=${word}: cluster.network: Invalid input: expected object, received string (the --set value "${word}" is a string: to remove the field, write null, lowercase)`);
  });

  // false meant as "off" on a field that takes an object: zod's words alone ("expected object, received boolean")
  it('false for an object field: the field is removed by null', () => {
    expect(set('cluster.network=false')).toBe('--set cluster.network=false: cluster.network: Invalid input: expected object, received boolean (the --set value false turns nothing off here: to leave the field out, write null, lowercase; a section with defaults then takes them)');
    expect(set('scheduler.longTasks=False')).toContain('(the --set value "False" turns nothing off here: to leave the field out, write null');
    expect(set('scheduler.pools=false')).toContain('expected array, received boolean (the --set value false turns nothing off here');
    expect(loadScenario(file, [parseSet('cluster.network=null')], undefined, 'A').variants[0].scenario.cluster.network.model).toBe('flat');
  });

  // The scenario's own number fields say "heartbeatMs must be a number", not zod's "received string": no hint was given.
  it.each(['None', 'NULL', 'nil'])('%s for a number field (it said only "heartbeatMs must be a number")', (word) => {
    expect(set(`cluster.heartbeatMs=${word}`)).toBe(`--set cluster.heartbeatMs=${word}: cluster.heartbeatMs: heartbeatMs must be a number (the --set value "${word}" is a string: to remove the field, write null, lowercase)`);
  });

  it('no hint where the word is no literal meant (an enum\'s own word, a number for a boolean), and a string field takes the word', () => {
    expect(set('scheduler.delay.mode=None')).not.toContain('write null');
    expect(set('scheduler.assignMultiple=1')).toBe('--set scheduler.assignMultiple=1: scheduler.assignMultiple: assignMultiple must be true or false');
    expect(loadScenario(file, [parseSet('description=True')], undefined, 'A').description).toBe('True');
    expect(loadScenario(file, [parseSet('scheduler.assignMultiple=false')], undefined, 'A').variants[0].scenario.scheduler.assignMultiple).toBe(false);
  });
});

describe('a --set value that reads as a number but is no JSON number', () => {
  it.each(['07', '.5', '1.', '+3', '0x10', 'NaN', '-Infinity'])('%s is refused, saying why (it became a string: "seed must be a number")', (text) => {
    expect(() => parseSet(`seed=${text}`)).toThrow(`--set seed=${text}: not a number as JSON writes one (e.g. 7, 0.5, 1e3), so it would be the string "${text}": write the number so, or quote a string (--set 'seed="${text}"')`);
  });

  it('JSON numbers, quoted strings and plain words read as before', () => {
    expect(['seed=7', 'seed=1e3', 'seed=-0.5', 'name="07"', 'name=fair', 'workload.trace=a.tsv'].map(parseSet)).toEqual([
      ['seed', 7], ['seed', 1000], ['seed', -0.5], ['name', '07'], ['name', 'fair'], ['workload.trace', 'a.tsv'],
    ]);
  });
});

describe('an error every variant gives is the scenario\'s, not its first variant\'s', () => {
  const scenario = (racks: number, variants: Record<string, Record<string, unknown>>): string => {
    const at = join(dir, `v${Object.keys(variants).join('')}${racks}.json`);
    writeFileSync(at, JSON.stringify({ name: 'v', cluster: { racks, nodesPerRack: 2 }, workload: { kind: 'facebook', jobs: 5 }, variants }));
    return at;
  };
  const refused = (at: string, sets: Array<[string, unknown]> = []): string => {
    try {
      loadScenario(at, sets);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('loaded without an error');
  };

  it('a base field every variant keeps is the file\'s (it read `s.json: variant "A": cluster.racks: ...`)', () => {
    const at = scenario(0, { A: { 'scheduler.policy': 'fifo' }, B: { 'scheduler.policy': 'fair' } });
    expect(refused(at)).toBe(`${at}:1:32: cluster.racks: racks must be at least 1`);
    expect(refused(at, [['scheduler.assignMultiple', 1]]).split('\n')).toEqual([
      `${at}:1:32: cluster.racks: racks must be at least 1`,
      '--set scheduler.assignMultiple=1: scheduler.assignMultiple: assignMultiple must be true or false',
    ]);
  });

  it('an error one variant brings, or keeps where another mends it, names that variant', () => {
    const brought = scenario(1, { A: { 'scheduler.policy': 'fifo' }, B: { 'cluster.racks': 0 } });
    expect(refused(brought)).toBe(`${brought}:1:157: variant "B": cluster.racks: racks must be at least 1`);
    const mended = scenario(0, { C: { 'cluster.racks': 2 }, D: { 'scheduler.policy': 'fair' } });
    expect(refused(mended)).toBe(`${mended}:1:32: variant "D": cluster.racks: racks must be at least 1`);
  });

  it('a workload limit every variant breaks is the --set\'s alone', () => {
    const at = scenario(1, { A: { 'scheduler.policy': 'fifo' }, B: { 'scheduler.policy': 'fair' } });
    expect(refused(at, [['workload.jobs', 2_000_000]])).toMatch(/^--set workload\.jobs=2000000: workload\.jobs: jobs is 2000000, above the limit of 1000000$/m);
  });
});
