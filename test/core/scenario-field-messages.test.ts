/**
 * A first scenario's typical mistakes, as parseScenario reports them: each names its field and says what to write.
 * Every number and boolean field the scenario schema has (its leaves, read from schema/scenario.schema.json) given a
 * string is told by name, as "racks must be a number" is, never in zod's own words ("Invalid input: expected number,
 * received string", which tasks.* and the scheduler's switches gave).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario.js';

type Json = Record<string, any>;
const ROOT = join(import.meta.dirname, '..', '..');
const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'scenario.schema.json'), 'utf8')) as Json;

/** A valid scenario of each workload kind that needs no file, to put one wrong field in. */
const BASES: Record<string, Json> = {
  facebook: { workload: { kind: 'facebook', jobs: 5, shared: { blocks: 10, hot: {} } } },
  jobs: { workload: { kind: 'jobs', files: [{ name: 'f', blocks: 2 }], jobs: [{ id: 'j', input: 'f', mapMs: 1000 }] } },
  generated: { workload: { kind: 'generated', groups: [{ name: 'g', maps: 2, mapMs: 1000 }] } },
};
/** A valid first element for a list the walk reaches into. */
const FIRST: Record<string, Json> = {
  pools: { name: 'p' }, parentPools: { name: 'pp' }, users: { name: 'u', maxRunningJobs: 1 },
  queues: { name: 'q', capacity: 10 }, parentQueues: { name: 'qq', capacity: 10 },
};

interface Leaf { path: string[]; kind?: string; policy?: string; type: string }

/**
 * Each number, integer or boolean leaf: its path (lists as [0]) and, under workload, the kind it belongs to; under
 * scheduler.replication, the replication policy whose config holds it.
 */
function leaves(node: Json, path: string[], at: { kind?: string; policy?: string }, out: Leaf[]): void {
  if (node.properties !== undefined) {
    const kind = (node.properties.kind?.const as string | undefined) ?? at.kind;
    const policy = (node.properties.policy?.const as string | undefined) ?? at.policy;
    for (const [key, child] of Object.entries(node.properties as Json)) leaves(child, [...path, key], { kind, policy }, out);
  } else if (['number', 'integer', 'boolean'].includes(node.type)) out.push({ path, ...at, type: node.type });
  if (node.items !== undefined && node.items.type === 'object') leaves(node.items, [...path, '0'], at, out);
  for (const option of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) leaves(option, path, at, out);
}

const all: Leaf[] = [];
leaves(schema, [], {}, all);
const cases = all.filter((l) => l.kind === undefined || l.kind in BASES);
const named = (leaf: Leaf): string => `${shown(leaf.path)}${leaf.policy === undefined ? '' : ` (${leaf.policy})`}`;

/** The scenario of `leaf`'s kind with `value` at its path (the lists and objects on the way made valid). */
function withValue(leaf: Leaf, value: unknown): Json {
  const raw = structuredClone(BASES[leaf.kind ?? 'facebook']);
  let at: Json = raw;
  leaf.path.slice(0, -1).forEach((key, i) => {
    const next = leaf.path[i + 1];
    if (at[key] === undefined) at[key] = /^\d+$/.test(next) ? [] : {};
    if (Array.isArray(at[key]) && at[key].length === 0) at[key].push(structuredClone(FIRST[key] ?? {}));
    at = at[key];
  });
  if (leaf.path[0] === 'scheduler' && leaf.path[1] === 'delay') raw.scheduler.delay.mode = leaf.path[2] === 'maxSkips' ? 'skip' : 'wait';
  if (leaf.path[0] === 'scheduler' && leaf.path[1] === 'replication') raw.scheduler.replication.policy = leaf.policy;
  at[leaf.path.at(-1)!] = value;
  return raw;
}

const shown = (path: string[]): string => path.join('.').replace(/\.(\d+)(?=\.|$)/g, '[$1]');

describe('a field given the wrong type is told by its name', () => {
  it('reaches every number and boolean field of the schema', () => {
    expect(cases.length).toBeGreaterThan(80);
    for (const path of ['tasks.slowStart', 'scheduler.assignMultiple', 'scheduler.preemption.enabled', 'workload.groups.0.mapMs']) {
      expect(cases.map((c) => c.path.join('.'))).toContain(path);
    }
  });

  it.each(cases.map((c) => [named(c), c] as const))('%s', (_name, leaf) => {
    const r = parseScenario(withValue(leaf, 'x'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const own = r.errors.find((e) => e.startsWith(`${shown(leaf.path)}: `));
    expect(own, r.errors.join('\n')).toBeDefined();
    const field = leaf.path.at(-1)!;
    expect(own).toMatch(new RegExp(`${field} must be (a number|true or false)`));
    expect(own).not.toContain('Invalid input');
  });
});

describe('a fraction written as a percentage', () => {
  it('tasks.slowStart 50 is told its range as a fraction (it said "Too big: expected number to be <=1")', () => {
    const r = parseScenario({ ...BASES.facebook, tasks: { slowStart: 50 } });
    expect(r.ok ? [] : r.errors).toEqual(["tasks.slowStart: slowStart must be from 0 to 1 (a fraction of the job's maps: 0.05 is 5%)"]);
  });
});

describe('a number written as a string says what to write', () => {
  const errors = (raw: Json): string[] => {
    const r = parseScenario(raw);
    return r.ok ? [] : r.errors;
  };

  it.each([
    [{ cluster: { racks: '10' } }, 'cluster.racks: racks must be a number, not the string "10": write 10, without quotes'],
    [{ cluster: { heartbeatMs: ' 3000 ' } }, 'cluster.heartbeatMs: heartbeatMs must be a number, not the string " 3000 ": write 3000, without quotes'],
    [{ tasks: { slowStart: '0.05' } }, 'tasks.slowStart: slowStart must be a number, not the string "0.05": write 0.05, without quotes'],
    [{ workload: { kind: 'facebook', jobs: '1e3' } }, 'workload.jobs: jobs must be a number, not the string "1e3": write 1e3, without quotes'],
  ])('%j', (raw, message) => {
    expect(errors({ ...BASES.facebook, ...raw })).toEqual([message]);
  });

  it('a percentage says how a percentage field and a fraction field take it', () => {
    const percent = ': write a number, without quotes or "%" (a percentage, such as a queue\'s capacity, is written 50; a fraction from 0 to 1, such as tasks.slowStart, 0.5)';
    expect(errors({ ...BASES.facebook, tasks: { slowStart: '50%' } })).toEqual([`tasks.slowStart: slowStart must be a number, not the string "50%"${percent}`]);
    expect(errors({ ...BASES.facebook, scheduler: { policy: 'capacity', queues: [{ name: 'a', capacity: '50%' }] } }))
      .toEqual([`scheduler.queues[0].capacity: capacity must be a number, not the string "50%"${percent}`]);
  });

  it('a string that is no number gets no hint', () => {
    expect(errors({ ...BASES.facebook, cluster: { racks: 'four' } })).toEqual(['cluster.racks: racks must be a number']);
  });
});
