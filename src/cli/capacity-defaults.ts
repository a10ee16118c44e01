/**
 * capacity-scheduler.xml properties hfsim does not model, whose YARN default leaves the scheduling as a file without
 * them does (CapacitySchedulerConfiguration's DEFAULT_*): at that value they are read and change nothing; at any other
 * they are refused, naming the default to set. Booleans compare as Hadoop's getBoolean reads them (trimmed, any case),
 * numbers by value.
 */
import { decimal, javaTrim } from './decimal.js';

interface Default {
  /** The value that changes nothing, as a file would write it. */
  value: string;
  /** What another value would do (why it is refused). */
  would: string;
}

/** A queue's own (root's, a parent's or a leaf's), by the part after the queue's path. */
const QUEUE_DEFAULTS = new Map<string, Default>([
  ['reservable', { value: 'false', would: 'makes the queue a reservation system plan queue' }],
  ['auto-create-child-queue.enabled', { value: 'false', would: 'creates leaf queues for users on the fly' }],
  ['auto-queue-creation-v2.enabled', { value: 'false', would: 'creates queues for submissions on the fly' }],
  ['allow-zero-capacity-sum', { value: 'false', would: 'lets the capacities under a parent add up to 0' }],
  ['default-application-priority', { value: '0', would: 'gives the queue\'s jobs a priority' }],
  ['maximum-allocation-mb', { value: '-1', would: 'caps a container\'s memory (hfsim\'s slots have no size)' }],
  ['maximum-allocation-vcores', { value: '-1', would: 'caps a container\'s cores (hfsim\'s slots have no size)' }],
]);

/** user-settings.<user>.weight: a user's weight in the user limit (YARN's default 1: every user counts once). */
const USER_WEIGHT = /^user-settings\.[^.]+\.weight$/;
const USER_WEIGHT_DEFAULT: Default = { value: '1', would: 'weighs the user in the user limit' };

/** yarn.scheduler.capacity.<key>, the scheduler's own. */
const GLOBAL_DEFAULTS = new Map<string, Default>([
  ['lazy-preemption-enabled', { value: 'false', would: 'preempts containers lazily' }],
  ['multi-node-placement-enabled', { value: 'false', would: 'places containers by looking at many nodes at once, not at the heartbeat\'s' }],
  ['legacy-queue-mode.enabled', { value: 'true', would: 'lets capacities mix percentages, weights and absolute resources, and need not add up to 100' }],
  ['rack-locality-full-reset', { value: 'true', would: 'changes how a job\'s missed opportunities reset after a rack-local launch' }],
  ['reservations-continue-look-all-nodes', { value: 'true', would: 'changes where a reserved container may be placed' }],
]);

function matches(value: string, def: string): boolean {
  const v = javaTrim(value).toLowerCase();
  if (def === 'true' || def === 'false') return v === def;
  return decimal(v) === Number(def);
}

/**
 * For a property with a default (`def`): undefined when its value is the default (read, no effect), else why it is
 * refused. None (not in a table): null (the caller's own refusal applies).
 */
function check(def: Default | undefined, value: string): string | undefined | null {
  if (def === undefined) return null;
  if (matches(value, def.value)) return undefined;
  return `"${value}" is not modelled (it ${def.would}): remove the property or set YARN's default, ${def.value}, under which it changes nothing`;
}

export const queueDefault = (attr: string, value: string): string | undefined | null =>
  check(QUEUE_DEFAULTS.get(attr) ?? (USER_WEIGHT.test(attr) ? USER_WEIGHT_DEFAULT : undefined), value);
export const globalDefault = (key: string, value: string): string | undefined | null => check(GLOBAL_DEFAULTS.get(key), value);
