/**
 * The members the core reads of what a plugin's create() returns, by kind, and the checks of an object against them:
 * a member missing or of the wrong type, and one of the plugin's named within an edit or two of one the core reads.
 */
import type { PluginKind } from './framework/registry.js';
import { classMethodNames } from './class-methods.js';
import { valueKind } from './shown-value.js';

/** The members (`?`: optional) of what a plugin's create() returns, by kind; a plugin's own other members are its business. */
export const MADE: Readonly<Record<PluginKind, Readonly<Record<string, string>>>> = {
  policy: { createQueue: 'function', limits: 'object?', wrapGate: 'function?', assignMaps: 'object?', filter: 'object?', tick: 'object?', events: 'object?' },
  gate: { allowed: 'function', skipped: 'function', launched: 'function', lazy: 'object?' },
  preemption: { victims: 'function' },
  replication: { blockRead: 'function', round: 'function?', nextRoundMs: 'number?', counts: 'function?' },
};
/** The members of the objects above, by the member that holds them. */
export const NESTED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  assignMaps: { assign: 'function', counts: 'function?' },
  filter: { admits: 'function' },
  tick: { nextTickMs: 'number', skipIdle: 'function', tick: 'function', killed: 'function', mayKill: 'boolean?' },
  lazy: { amount: 'function', headroom: 'function', settle: 'function' },
  // All optional: a misspelled one (mapLaunch) was never called, silently.
  events: { slowStartReached: 'function?', mapLaunched: 'function?', mapFinished: 'function?', mapKilled: 'function?' },
};
export const QUEUE = { add: 'function', remove: 'function', update: 'function' };

/** Why `value` (`what`) lacks one of `members` or holds one of another type, or undefined; `nested`: its objects' members. */
export function membersProblem(value: unknown, members: Readonly<Record<string, string>>, what: string, nested: typeof NESTED = {}): string | undefined {
  if (typeof value !== 'object' || value === null) {
    const needed = Object.entries(members).filter(([, t]) => !t.endsWith('?')).map(([m, t]) => `${m} (a ${t})`);
    return `${what} returned ${valueKind(value)}, not an object with ${needed.join(', ')}`;
  }
  for (const [member, spec] of Object.entries(members)) {
    const type = spec.replace('?', '');
    const v: unknown = (value as Record<string, unknown>)[member];
    if (v === undefined && spec.endsWith('?')) continue;
    if (type === 'object' ? typeof v !== 'object' || v === null : typeof v !== type) return `${what}'s ${member} is ${valueKind(v)}, not ${type === 'object' ? 'an' : 'a'} ${type}`;
    const inner = nested[member] === undefined ? undefined : membersProblem(v, nested[member], `${what}'s ${member}`);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * membersProblem, but where a member is missing or mistyped and `value` has one named within an edit or two of a member
 * it lacks, that slip (misspelled's message): `createQueu` read as "createQueue is undefined", naming no member of its own.
 */
export function shapeProblem(value: unknown, members: Readonly<Record<string, string>>, what: string, nested: typeof NESTED = {}): string | undefined {
  const problem = membersProblem(value, members, what, nested);
  if (problem === undefined || typeof value !== 'object' || value === null) return problem;
  try {
    return misspelled(value, members, what, nested) ?? problem;
  } catch {
    return problem; // a getter or Proxy trap that throws while its members are read: the structural message stands
  }
}

/**
 * A member of `value` (or of its objects named in `nested`) that the core does not read, taken for a slip of one it
 * would read and does not find: of that member's kind (a function, an object, a number or a flag), and named within
 * one edit of it (a function or object two for names of 8 letters or more), case aside: `asignMaps` for assignMaps,
 * `Limits` for limits, `nextRoundMS` for nextRoundMs (no round ever ran, silently). A field of the
 * plugin's own of another kind (a counter `ticks`, `count`, `launches`) or named further off (`time`, `last`), or
 * starting with `_`, is its business. Undefined when none.
 */
export function misspelled(value: object, members: Readonly<Record<string, string>>, what: string, nested: typeof NESTED = {}): string | undefined {
  // its own keys, and its classes' methods (a class-based plugin's misspelled method ran on unread, silently)
  for (const own of new Set([...Object.keys(value), ...classMethodNames(value)])) {
    const v: unknown = (value as Record<string, unknown>)[own];
    if (Object.hasOwn(members, own)) {
      const inner = nested[own];
      const problem = inner === undefined || typeof v !== 'object' || v === null ? undefined : misspelled(v, inner, `${what}'s ${own}`);
      if (problem !== undefined) return problem;
      continue;
    }
    if (own.startsWith('_')) continue;
    const kind = typeof v === 'function' ? 'function' : isPlainish(v) ? 'object' : typeof v === 'number' || typeof v === 'boolean' ? typeof v : undefined;
    // a number or a flag one edit off (a counter of its own is more often named near one: `nextRound`)
    const edits = (m: string): number => (kind === 'function' || kind === 'object') && m.length >= 8 ? 2 : 1;
    const near = Object.entries(members).find(([m, spec]) => !(m in value) && spec.replace('?', '') === kind && editsWithin(own.toLowerCase(), m.toLowerCase(), edits(m)));
    if (near !== undefined) return `${what} has ${own}, which hfsim does not read: did you mean ${near[0]}? (rename a member of your own that is not meant as it)`;
  }
  return undefined;
}

/** An object that could be meant as a member's (a plain object or a class's): not a list, a Map, a Set or a typed array. */
function isPlainish(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v) && !(v instanceof Map) && !(v instanceof Set) && !(v instanceof WeakMap) && !(v instanceof WeakSet);
}

/** Whether strings a and b are at most `edits` single-character edits apart (insert, delete, substitute). */
function editsWithin(a: string, b: string, edits: number): boolean {
  if (Math.abs(a.length - b.length) > edits) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length] <= edits;
}
