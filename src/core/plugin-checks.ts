/**
 * What a plugin hands the core, checked where a value outside its contract would loop or run on silently (the
 * fourth fuzzing pass's plugins): what its create() returns, its queues, heartbeat caps, a gate's answers, the counts
 * it reports. Each failure names the plugin and the value. Built-in plugins are trusted and not wrapped.
 */
import type { HeartbeatLimits } from './framework/admission.js';
import type { LocalityGate } from './framework/locality-gate.js';
import type { JobQueue } from './framework/queue-order.js';
import type { PluginKind } from './framework/registry.js';
import type { SlotKind } from './slot-kind.js';
import type { Scenario } from './scenario.js';
import { hasControlChars } from './bounded.js';

/**
 * A value as a message shows it: a string or plain data as JSON, a number (NaN, Infinity) or any other primitive as
 * JavaScript prints it, a function or data JSON cannot write (a cycle, a bigint) by its kind.
 */
export function shownValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object' || v === null) return typeof v === 'function' ? 'a function' : String(v);
  try {
    return JSON.stringify(v) ?? valueKind(v);
  } catch {
    return valueKind(v);
  }
}

/** A value as a message about its kind shows it: a function, an array or an object by its kind, else as shownValue. */
export function valueKind(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' && v !== null ? 'an object' : shownValue(v);
}

/** The members (`?`: optional) of what a plugin's create() returns, by kind; a plugin's own other members are its business. */
const MADE: Readonly<Record<PluginKind, Readonly<Record<string, string>>>> = {
  policy: { createQueue: 'function', limits: 'object?', wrapGate: 'function?', assignMaps: 'object?', filter: 'object?', tick: 'object?', events: 'object?' },
  gate: { allowed: 'function', skipped: 'function', launched: 'function', lazy: 'object?' },
  preemption: { victims: 'function' },
  replication: { blockRead: 'function', round: 'function?', nextRoundMs: 'number?', counts: 'function?' },
};
/** The members of the objects above, by the member that holds them. */
const NESTED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  assignMaps: { assign: 'function', counts: 'function?' },
  filter: { admits: 'function' },
  tick: { nextTickMs: 'number', skipIdle: 'function', tick: 'function', killed: 'function' },
  lazy: { amount: 'function', headroom: 'function', settle: 'function' },
};
const QUEUE = { add: 'function', remove: 'function', update: 'function' };

/** Why `value` (`what`) lacks one of `members` or holds one of another type, or undefined; `nested`: its objects' members. */
function membersProblem(value: unknown, members: Readonly<Record<string, string>>, what: string, nested: typeof NESTED = {}): string | undefined {
  if (typeof value !== 'object' || value === null) {
    const needed = Object.entries(members).filter(([, t]) => !t.endsWith('?')).map(([m, t]) => `${m} (a ${t})`);
    return `${what} returned ${valueKind(value)}, not an object with ${needed.join(', ')}`;
  }
  for (const [member, spec] of Object.entries(members)) {
    const type = spec.replace('?', '');
    const v: unknown = (value as Record<string, unknown>)[member];
    if (v === undefined && spec.endsWith('?')) continue;
    if (type === 'object' ? typeof v !== 'object' || v === null : typeof v !== type) return `${what}'s ${member} is ${valueKind(v)}, not a ${type}`;
    const inner = nested[member] === undefined ? undefined : membersProblem(v, nested[member], `${what}'s ${member}`);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * What a user's create() returned, its members checked: a missing or mistyped one failed later in the engine's own
 * words ("Cannot read properties of undefined (reading 'add')").
 */
export function checkedMade<T>(kind: PluginKind, name: string, made: T): T {
  const problem = membersProblem(made, MADE[kind], 'create()', NESTED);
  if (problem !== undefined) throw new TypeError(`${kind} "${name}": ${problem}`);
  return made;
}

/** A user's policy's queue: its methods checked once, and its order, at each read, a list (undefined failed as "reading 'length'"). */
export function checkedQueue(queue: JobQueue, policy: string, kind: SlotKind): JobQueue {
  const problem = membersProblem(queue, QUEUE, `createQueue('${kind}')`);
  if (problem !== undefined) throw new TypeError(`policy "${policy}": ${problem}`);
  return {
    add: (job) => queue.add(job),
    remove: (job) => queue.remove(job),
    update: (job) => queue.update(job),
    get jobs() {
      const jobs: unknown = queue.jobs;
      if (!Array.isArray(jobs)) throw new TypeError(`policy "${policy}": its ${kind} queue's jobs is ${valueKind(jobs)}, not a list of jobs`);
      return jobs;
    },
  };
}

/** The policy, and its preemption plugin when on: who decides a run's kills. */
export function policyAndPreemption(sc: Scenario['scheduler']): string {
  return `policy "${sc.policy}"${sc.preemption.enabled ? ` with preemption "${sc.preemption.policy}"` : ''}`;
}

/**
 * A policy's caps on one heartbeat: whole numbers from 1, or Infinity. A cap of 0 let nothing launch, and NaN nothing
 * either, each ending as the stall message a minute later.
 */
export function checkedLimits(policy: string, limits: HeartbeatLimits): HeartbeatLimits {
  for (const field of ['offRackMaps', 'reduces'] as const) {
    const v: unknown = limits[field];
    if (!(v === Infinity || (typeof v === 'number' && Number.isInteger(v) && v >= 1))) {
      throw new TypeError(`policy "${policy}": limits.${field} is ${shownValue(v)}: a whole number from 1, or Infinity`);
    }
  }
  return limits;
}

/**
 * A user's gate, its answers checked: allowed() must give a locality (0 node, 1 rack, 2 off-rack); NaN, -1 or
 * undefined acted as node-local only, silently. Built-in gates are not wrapped (the check costs a call a scan).
 */
export function checkedGate(gate: LocalityGate, name: string): LocalityGate {
  const allowed = (job: Parameters<LocalityGate['allowed']>[0], nowMs: number): ReturnType<LocalityGate['allowed']> => {
    const level: unknown = gate.allowed(job, nowMs);
    if (level === 0 || level === 1 || level === 2) return level;
    throw new TypeError(`gate "${name}": allowed() gave ${shownValue(level)}, not a locality (0 node-local, 1 rack-local, 2 off-rack)`);
  };
  return new Proxy(gate, {
    get(target, key) {
      if (key === 'allowed') return allowed;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A plugin's counts() for the outcome: named numbers, each finite, each name printable (a string came out as one
 * column a character; a newline in a name split the table's row; NaN went into the JSON as null).
 */
export function checkedCounts<T extends object>(who: string, counts: T | undefined): T | undefined {
  if (counts === undefined) return undefined;
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts)) throw new TypeError(`${who}: counts() returned ${shownValue(counts)}, not an object of named numbers`);
  for (const [name, value] of Object.entries(counts)) {
    if (name === '' || hasControlChars(name)) throw new TypeError(`${who}: counts() names a count ${JSON.stringify(name)}: a name is printed in tables (no control characters)`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${who}: counts() gives "${name}" as ${shownValue(value)}, not a finite number`);
  }
  return counts;
}
