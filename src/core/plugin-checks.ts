/**
 * What a plugin hands the core, checked where a value outside its contract would loop or run on silently (the
 * fourth fuzzing pass's plugins): what its create() returns, its queues, heartbeat caps, a gate's answers, the counts
 * it reports. Each failure names the plugin and the value. Built-in plugins are trusted and not wrapped. Apart: the
 * members create() must return (plugin-members.ts), calls kept synchronous (sync-only.ts), the library's checked
 * SortedJobQueue (user-sorted-queue.ts).
 */
import type { HeartbeatLimits } from './framework/admission.js';
import type { LazySkips, LocalityGate } from './framework/locality-gate.js';
import type { NodeFilter } from './framework/node-filter.js';
import type { Preemption, Victim } from './framework/preemption.js';
import type { JobQueue } from './framework/queue-order.js';
import type { ReplicationPolicy } from './framework/replication.js';
import type { Job } from './job.js';
import type { PluginKind } from './framework/registry.js';
import type { SlotKind } from './slot-kind.js';
import type { Scenario } from './scenario.js';
import { hasControlChars, quotedName, hasUnpairedSurrogate } from './bounded.js';
import { MADE, NESTED, QUEUE, misspelled, shapeProblem } from './plugin-members.js';
import { isThenable, returnedPromise, syncOnly } from './sync-only.js';
import { ComparatorError } from './user-sorted-queue.js';
import { shownValue, valueKind } from './shown-value.js';

/**
 * The gate a user's policy's wrapGate() returned, its members checked as a made gate's are: one without them failed
 * in the engine's words ("this.gate.launched is not a function"; a spread `{ ...inner, allowed }` of a built-in gate
 * drops its class's methods).
 */
export function checkedWrappedGate(gate: unknown, policy: string): LocalityGate {
  if (isThenable(gate)) throw new TypeError(`policy "${policy}": wrapGate() returned a Promise: a plugin's methods run synchronously (no async, no await)`);
  const problem = shapeProblem(gate, MADE.gate, 'wrapGate()', NESTED);
  // A plain object with allowed() and without the others is most likely a spread of the gate it was given.
  const spread = typeof gate === 'object' && gate !== null && Object.getPrototypeOf(gate) === Object.prototype && typeof (gate as { allowed?: unknown }).allowed === 'function';
  if (problem !== undefined) throw new TypeError(`policy "${policy}": ${problem}${spread ? ' (a spread of the gate it was given, { ...gate }, keeps none of its class\'s methods: call them through the gate itself)' : ''}`);
  return gate as LocalityGate;
}

/** A user's policy's node filter, its answers checked: "yes" or 1 was taken as true, undefined as false, silently. */
export function checkedFilter(filter: NodeFilter, policy: string): NodeFilter {
  return {
    admits: (job, node) => {
      const ok: unknown = filter.admits(job, node);
      if (ok === true || ok === false) return ok;
      throw new TypeError(`policy "${policy}": filter.admits() gave ${shownValue(ok)} for job ${job.spec.id} on node ${node}, not true or false`);
    },
  };
}

/**
 * What a user's create() returned, its members checked: a missing or mistyped one failed later in the engine's own
 * words ("Cannot read properties of undefined (reading 'add')"); a member named like one of its kind's but not quite
 * (`asignMaps`) was never read, silently. Returned with its methods checked not to return a Promise (syncOnly).
 */
export function checkedMade<T>(kind: PluginKind, name: string, made: T): T {
  if (isThenable(made)) throw new TypeError(`${kind} "${name}": create() returned a Promise: create() and a plugin's methods run synchronously (no async, no await)`);
  const problem = shapeProblem(made, MADE[kind], 'create()', NESTED) ?? misspelled(made as object, MADE[kind], 'create()', NESTED);
  if (problem !== undefined) throw new TypeError(`${kind} "${name}": ${problem}`);
  return syncOnly(made as T & object, `${kind} "${name}"`);
}

/**
 * A policy's sizeError answer, checked: a message or undefined. A Promise (an async sizeError) is refused as any
 * plugin method's is; an object was printed as "[object Object]", an empty string as nothing after the file's name.
 */
export function checkedSizeError(policy: string, value: unknown): string | undefined {
  if (isThenable(value)) throw new TypeError(`policy "${policy}": sizeError returned a Promise: a plugin's methods run synchronously (no async, no await)`);
  if (value === undefined || (typeof value === 'string' && value !== '')) return value;
  throw new TypeError(`policy "${policy}": sizeError returned ${value === '' ? 'an empty string' : shownValue(value)}, not a message or undefined`);
}

/**
 * A policy's size message as an error line, led by the field it is placed at: the field it starts with where it names
 * one of the scenario's (`workload.jobs[2].input: ...`) and the policy too; else the field that names the policy,
 * `scheduler.policy`, with the policy's name unless the message says it (`policy "x" takes ...` had no field to place:
 * it was placed at the file's 1:1).
 */
export function sizeErrorLine(policy: string, message: string, scenario: object): string {
  // `policy a` as words: "this policy allows" names no policy a
  const names = new RegExp(`policy ${policy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(message) || message.includes(`"${policy}"`);
  const field = /^([A-Za-z_$][\w$]*)(?:\.[\w$]+|\[\d+\])*(?: "(?:[^"\\]|\\.)*"| \([^)]*\))?: /.exec(message);
  if (names && field !== null && Object.hasOwn(scenario, field[1])) return message;
  return names ? `scheduler.policy: ${message}` : `scheduler.policy "${policy}": ${message}`;
}

/** A replication policy's roundMs answer, checked: a positive number of ms, or undefined. */
export function checkedRoundMs(policy: string, value: unknown): number | undefined {
  if (isThenable(value)) throw returnedPromise(`replication "${policy}"`, 'roundMs');
  if (value === undefined || (typeof value === 'number' && value > 0)) return value;
  throw new TypeError(`replication "${policy}": roundMs returned ${shownValue(value)}, not a positive number of ms or undefined`);
}

/**
 * A user's replication policy, its round times checked: each a whole number of ms from 0 (the engine's times are
 * whole ms; a round at -5000 ms ran before the run began, at 1500.5 its copies started and ended between
 * milliseconds, and a step of 1e-9 ms took rounds without end until Node died of memory), after the round that ran,
 * or Infinity or omitted for no more. A time with no round() to run it is refused at once: its rounds never ran.
 */
export function checkedRounds(policy: ReplicationPolicy, name: string): ReplicationPolicy {
  const who = `replication "${name}"`;
  const first: unknown = policy.nextRoundMs;
  if (policy.round === undefined && first !== undefined && first !== Infinity) {
    throw new TypeError(`${who}: create()'s nextRoundMs is ${shownValue(first)} and it has no round(): no round would ever run (give round(hdfs), or leave nextRoundMs out)`);
  }
  let ran = -Infinity; // the time of the round that ran last
  const round = policy.round;
  return {
    blockRead: (job, block, node, locality, nowMs, waitedMs) => policy.blockRead(job, block, node, locality, nowMs, waitedMs),
    get nextRoundMs() {
      const next: unknown = policy.nextRoundMs;
      if (next === undefined || next === Infinity) return next as undefined | number;
      const problem = typeof next !== 'number' || Number.isNaN(next) || next === -Infinity ? 'is not a time'
        : !Number.isInteger(next) ? 'is not a whole number of ms'
          : next < 0 ? 'is before the run\'s start (0 ms)'
            : next <= ran ? `is not after the round that ran (${ran} ms)` : undefined;
      if (problem === undefined) return next as number;
      throw new TypeError(`${who}: its next round (${Number.isFinite(next) ? `${next as number} ms` : shownValue(next)}) ${problem}: a whole number of ms from 0, after its last round, or Infinity (or omitted) for no more rounds`);
    },
    round: round === undefined ? undefined : (hdfs) => {
      ran = hdfs.nowMs;
      round.call(policy, hdfs);
    },
    counts: policy.counts === undefined ? undefined : () => policy.counts!(),
  };
}

/**
 * A user's policy's reduce queue, refused where it is its map queue: one queue for both kinds dropped a job when
 * either kind ran out (its reduces waited on maps never offered: the run stalled at 300,000 s, or ran on silently).
 */
export function ownReduceQueue(reduce: JobQueue, map: JobQueue, policy: string): JobQueue {
  if (reduce === map && typeof reduce === 'object' && reduce !== null) throw new TypeError(`policy "${policy}": createQueue('reduce') returned the map queue: the scheduler keeps a queue for each slot kind (return a new one from each call)`);
  return reduce;
}

/**
 * A user's policy's queue: its methods checked once, and its order, at each read, a list (undefined failed as "reading
 * 'length'") of this run's jobs (`notOwn` says how one is not: a copy failed as "job.hasMapOn is not a function", and a
 * null the walk reached as "reading 'index'", naming no plugin). A frozen list is checked once (a SortedJobQueue's is
 * the same until its order changes); one that is not, at each read.
 */
export function checkedQueue(queue: JobQueue, policy: string, kind: SlotKind, notOwn: (job: unknown) => string | undefined): JobQueue {
  const problem = shapeProblem(queue, QUEUE, `createQueue('${kind}')`);
  if (problem !== undefined) throw new TypeError(`policy "${policy}": ${problem}`);
  // A method's Promise, and a comparator's bad answer (UserSortedJobQueue), named with the policy and the queue.
  const call = (method: 'add' | 'remove' | 'update', job: Job): void => {
    let out: unknown;
    try {
      out = queue[method](job);
    } catch (err) {
      throw err instanceof ComparatorError ? new TypeError(`policy "${policy}": its ${kind} queue's ${err.message}`) : err;
    }
    if (isThenable(out)) throw returnedPromise(`policy "${policy}": its ${kind} queue`, method);
  };
  let checked: unknown; // the frozen list last read and found to hold this run's jobs only
  return {
    add: (job) => call('add', job),
    remove: (job) => call('remove', job),
    update: (job) => call('update', job),
    get jobs() {
      const jobs: unknown = queue.jobs;
      if (!Array.isArray(jobs)) throw new TypeError(`policy "${policy}": its ${kind} queue's jobs is ${valueKind(jobs)}, not a list of jobs`);
      if (jobs !== checked) {
        for (let i = 0; i < jobs.length; i++) {
          const not = notOwn(jobs[i]);
          if (not !== undefined) throw new TypeError(`policy "${policy}": its ${kind} queue's jobs[${i}] is ${not}: a queue lists this run's jobs, as add() was given them`);
        }
        checked = Object.isFrozen(jobs) ? jobs : undefined; // one that is not may change in place
      }
      return jobs as readonly Job[];
    },
  };
}

/**
 * A user's preemption, its victims() checked to give a list: undefined or an object failed in the engine's words
 * ("preemption.victims is not a function or its return value is not iterable"), naming no plugin.
 */
export function checkedPreemption(preemption: Preemption, name: string): Preemption {
  return {
    victims: (pools, kind, nowMs, running) => {
      const list: unknown = preemption.victims(pools, kind, nowMs, running);
      if (!Array.isArray(list)) throw new TypeError(`preemption "${name}": victims() gave ${valueKind(list)}, not a list of victims { job, task, startMs } (empty: none)`);
      return list as Victim[];
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
  for (const field of Object.keys(limits)) {
    if (field !== 'offRackMaps' && field !== 'reduces') throw new TypeError(`policy "${policy}": limits.${field} is not a cap hfsim has (offRackMaps, reduces)`);
  }
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
  let lazyOf: unknown;
  let lazyChecked: LazySkips | undefined;
  return new Proxy(gate, {
    get(target, key) {
      if (key === 'allowed') return allowed;
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'lazy' && typeof value === 'object' && value !== null) {
        if (value !== lazyOf) [lazyOf, lazyChecked] = [value, checkedLazy(value as LazySkips, name)];
        return lazyChecked;
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A user's gate's lazy skips (what passAll adds up for it), their answers checked: a skip's amount a finite number
 * from 0, a job's headroom a number. A headroom of undefined (a body without `return`) or NaN, or an amount of NaN,
 * compared as "no room" or added nothing, and the run went on with other decisions than the walk's, silently (node
 * locality 100% against 97%); a string amount was joined onto the sum.
 */
function checkedLazy(lazy: LazySkips, name: string): LazySkips {
  return {
    amount: (untilNextMs) => {
      const amount: unknown = lazy.amount(untilNextMs);
      if (typeof amount === 'number' && Number.isFinite(amount) && amount >= 0) return amount;
      throw new TypeError(`gate "${name}": lazy.amount() gave ${shownValue(amount)}, not a finite number from 0 (what one skip adds)`);
    },
    headroom: (job) => {
      const room: unknown = lazy.headroom(job);
      if (typeof room === 'number' && !Number.isNaN(room)) return room;
      throw new TypeError(`gate "${name}": lazy.headroom() gave ${shownValue(room)} for job ${job.spec.id}, not a number (what may be added before a visit widens its locality; 0 or less: none)`);
    },
    settle: (job, owed) => lazy.settle(job, owed),
  };
}

/**
 * A plugin's counts() for the outcome: named numbers, each finite, each name printable (a string came out as one
 * column a character; a newline in a name split the table's row; NaN went into the JSON as null).
 */
export function checkedCounts<T extends object>(who: string, counts: T | undefined): T | undefined {
  if (counts === undefined) return undefined;
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts)) throw new TypeError(`${who}: counts() returned ${shownValue(counts)}, not an object of named numbers`);
  for (const [name, value] of Object.entries(counts)) {
    if (name === '' || hasControlChars(name)) throw new TypeError(`${who}: counts() names a count ${quotedName(name)}: a name is printed in tables (no control characters)`);
    // UTF-8 has no bytes for a lone surrogate: the tables wrote every one as U+FFFD, two counts as one name.
    if (hasUnpairedSurrogate(name)) throw new TypeError(`${who}: counts() names a count ${JSON.stringify(name)}: a name is printed in tables (no unpaired surrogate)`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${who}: counts() gives "${name}" as ${shownValue(value)}, not a finite number`);
  }
  return counts;
}
