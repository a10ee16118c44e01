/**
 * What a plugin hands the core, checked where a value outside its contract would loop or run on silently (the
 * fourth fuzzing pass's plugins): heartbeat caps, a gate's answers, the counts it reports. Each failure names the
 * plugin and the value. Built-in plugins are trusted and not wrapped.
 */
import type { HeartbeatLimits } from './framework/admission.js';
import type { LocalityGate } from './framework/locality-gate.js';
import type { Scenario } from './scenario.js';
import { hasControlChars } from './bounded.js';

/** A value as a message shows it: numbers as JavaScript prints them (NaN, Infinity), the rest as JSON. */
export const shownValue = (v: unknown): string => (typeof v === 'number' ? String(v) : String(JSON.stringify(v)));

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
