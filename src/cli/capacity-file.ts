/**
 * YARN's capacity-scheduler.xml (a Hadoop configuration file: <configuration> of <property> name/value pairs), read
 * into what the capacity policy models (src/core/policies/capacity.ts): flat queues under root with a capacity, a
 * maximum capacity, a minimum user limit and a user limit factor. Errors are InputErrors naming the file, the line and
 * the property.
 *
 * Translation (yarn.scheduler.capacity. prefix left out; <q> a queue listed in root.queues):
 * - root.queues: the queues; a job names its queue in `pool` (the queue's short name, as YARN jobs do).
 * - root.<q>.capacity (percent) -> capacity; absolute resources ("[memory=...]") and weights ("2w") are refused.
 * - root.<q>.maximum-capacity (percent; -1 or 100: none) -> maxCapacity.
 * - root.<q>.minimum-user-limit-percent (default 100) -> minUserLimitPercent.
 * - root.<q>.user-limit-factor (default 1, as in YARN; -1: no cap) -> userLimitFactor.
 * - node-locality-delay (missed scheduling opportunities) -> scheduler.delay { mode: "skip", maxSkips } (-1: none):
 *   skip-count delay scheduling, which then lets a job launch anywhere. YARN waits at most the cluster's nodes
 *   (getActualNodeLocalityDelay): scheduler-files.ts caps maxSkips so, knowing the scenario's cluster. YARN moves on to rack-local and then, after
 *   rack-locality-additional-delay more, off-switch; only its default (-1) is accepted.
 * - per-node-heartbeat.multiple-assignments-enabled -> scheduler.assignMultiple.
 * - root.<q>.ordering-policy fifo (default) or fair -> orderingPolicy (fair's size-based weight refused).
 * Refused, as not modelled: nested queues (root.<q>.queues), a STOPPED queue, another ordering policy,
 * application lifetimes, and any property not listed here. Accepted and ignored, as they do not change a slot
 * simulation: ACLs, admission and application-master limits, queue mappings, the resource calculator, the other
 * per-node-heartbeat limits, asynchronous scheduling and per-queue preemption switches (IGNORED_*).
 */
import { readTextFile } from './read-file.js';
import type { QueueConfig } from '../core/pool-config.js';
import { InputError } from './errors.js';
import { type El, rootElement } from './xml.js';
import { hasControlChars } from '../core/bounded.js';

const PREFIX = 'yarn.scheduler.capacity.';

/** What a capacity-scheduler.xml contributes to `scheduler`. */
export interface CapacityConfig {
  queues: QueueConfig[];
  delay?: { mode: 'none' } | { mode: 'skip'; maxSkips: number };
  assignMultiple?: boolean;
}

interface Property {
  name: string;
  value: string;
  line: number;
}

const IGNORED_GLOBAL = new Set(['maximum-applications', 'maximum-am-resource-percent', 'resource-calculator', 'queue-mappings',
  'queue-mappings-override.enable', 'per-node-heartbeat.maximum-container-assignments', 'per-node-heartbeat.maximum-offswitch-assignments',
  'schedule-asynchronously.enable', 'application.fail-fast']);
const IGNORED_QUEUE = new Set(['acl_submit_applications', 'acl_administer_queue', 'acl_application_max_priority', 'maximum-applications',
  'maximum-am-resource-percent', 'disable_preemption', 'intra-queue-preemption.disable_preemption']);

export function readCapacityFile(file: string): CapacityConfig {
  return parseCapacityFile(readTextFile(file, 'capacity scheduler file'), file);
}

export function parseCapacityFile(text: string, file: string): CapacityConfig {
  const props = properties(rootElement(text, file, 'configuration'), file);
  const fail = (p: Property, message: string): never => {
    throw new InputError(`${file}: line ${p.line}: ${p.name}: ${message}`);
  };
  const list = props.get(`${PREFIX}root.queues`);
  if (list === undefined) throw new InputError(`${file}: no ${PREFIX}root.queues property: it lists the queues under root`);
  const names = list.value.split(',').map((q) => q.trim()).filter((q) => q !== '');
  if (names.length === 0) fail(list, 'lists no queues');
  if (new Set(names).size !== names.length) fail(list, `a queue is listed twice in "${list.value}"`);
  const control = names.find(hasControlChars);
  if (control !== undefined) fail(list, `queue name ${JSON.stringify(control)} holds a control character (a tab, a newline...): names are printed in tables and CSV`);
  const queues = new Map<string, Partial<QueueConfig> & { name: string; noUserCap?: boolean }>(names.map((name) => [name, { name }]));
  const out: CapacityConfig = { queues: [] };
  for (const p of props.values()) {
    if (!p.name.startsWith(PREFIX)) {
      fail(p, p.name.startsWith('mapred.capacity-scheduler.') ? 'MR1 capacity scheduler properties are not read: use YARN\'s yarn.scheduler.capacity.* names' : `not a Capacity Scheduler property (${PREFIX}*)`);
    }
    const key = p.name.slice(PREFIX.length);
    if (key === 'root.queues') continue;
    if (!key.startsWith('root.') && key !== 'root') {
      global(key, p, out, fail);
      continue;
    }
    const rest = key.slice('root.'.length);
    const dot = rest.indexOf('.');
    const queue = dot < 0 ? undefined : queues.get(rest.slice(0, dot));
    if (queue === undefined) {
      rootProperty(rest, p, fail, names);
      continue;
    }
    queueProperty(queue, rest.slice(dot + 1), p, fail);
  }
  let total = 0;
  for (const q of queues.values()) {
    if (q.capacity === undefined) fail(list, `queue "${q.name}" has no ${PREFIX}root.${q.name}.capacity`);
    total += q.capacity!;
    if (q.maxCapacity !== undefined && q.maxCapacity < q.capacity!) fail(list, `queue "${q.name}": maximum-capacity ${q.maxCapacity}% is below its capacity ${q.capacity}%`);
    out.queues.push({ name: q.name, capacity: q.capacity!, ...(q.maxCapacity === undefined ? {} : { maxCapacity: q.maxCapacity }),
      minUserLimitPercent: q.minUserLimitPercent ?? 100, ...(q.noUserCap ? {} : { userLimitFactor: q.userLimitFactor ?? 1 }),
      ...(q.orderingPolicy === undefined || q.orderingPolicy === 'fifo' ? {} : { orderingPolicy: q.orderingPolicy }) });
  }
  if (total > 100 + 1e-9) fail(list, `the queues' capacities add up to ${total}%, more than 100%`);
  return out;
}

type Fail = (p: Property, message: string) => never;

/** The <property> elements, by name; a later definition replaces an earlier one, as in Hadoop's Configuration. */
function properties(root: El, file: string): Map<string, Property> {
  const out = new Map<string, Property>();
  for (const el of root.children) {
    if (el.name !== 'property') throw new InputError(`${file}: line ${el.line}: unknown element <${el.name}> in <configuration> (expected <property>)`);
    let name: string | undefined;
    let value: string | undefined;
    for (const c of el.children) {
      if (c.name === 'name') name = c.text;
      else if (c.name === 'value') value = c.text;
      else if (c.name !== 'description' && c.name !== 'final' && c.name !== 'source') throw new InputError(`${file}: line ${c.line}: unknown element <${c.name}> in <property>`);
    }
    if (name === undefined || name === '') throw new InputError(`${file}: line ${el.line}: <property> has no <name>`);
    if (value === undefined) throw new InputError(`${file}: line ${el.line}: ${name}: <property> has no <value>`);
    out.delete(name); // keep file order by last definition
    out.set(name, { name, value, line: el.line });
  }
  return out;
}

function num(p: Property, fail: Fail): number {
  const n = Number(p.value);
  if (p.value === '' || !Number.isFinite(n)) fail(p, `must be a number, not "${p.value}"`);
  return n;
}

/** A percentage in (0, 100]. */
function percent(p: Property, fail: Fail): number {
  if (/^\[|w$/i.test(p.value)) fail(p, `absolute resources and weights ("${p.value}") are not modelled: give a percentage`);
  const n = num(p, fail);
  if (n <= 0 || n > 100) fail(p, `must be a percentage greater than 0 and at most 100, not "${p.value}"`);
  return n;
}

function global(key: string, p: Property, out: CapacityConfig, fail: Fail): void {
  if (IGNORED_GLOBAL.has(key)) return;
  switch (key) {
    case 'node-locality-delay': {
      const n = num(p, fail);
      if (n === -1) out.delay = { mode: 'none' };
      else if (Number.isInteger(n) && n >= 0) out.delay = { mode: 'skip', maxSkips: n };
      else fail(p, `must be -1 or a whole number of missed scheduling opportunities, not "${p.value}"`);
      return;
    }
    case 'rack-locality-additional-delay':
      if (num(p, fail) !== -1) fail(p, 'only -1 (the default) is modelled: hfsim\'s skip-count delay lets a job launch anywhere once it has waited node-locality-delay');
      return;
    case 'per-node-heartbeat.multiple-assignments-enabled':
      if (p.value !== 'true' && p.value !== 'false') fail(p, `must be true or false, not "${p.value}"`);
      out.assignMultiple = p.value === 'true';
      return;
    default:
      fail(p, 'not modelled (hfsim reads the queues, their capacities and user limits, node-locality-delay and multiple-assignments-enabled)');
  }
}

/**
 * Root's own properties that leave flat queues as they are: its AM and application limits, preemption switches, and
 * node labels (hfsim's nodes have none: every queue runs on the default partition).
 */
const IGNORED_ROOT = new Set([...IGNORED_QUEUE, 'accessible-node-labels', 'default-node-label-expression']);
/** First parts of root's own dotted properties (ordering-policy.fair..., auto-create-child-queue.enabled ...), not queue names. */
const ROOT_FAMILIES = new Set(['queues', 'capacity', 'maximum-capacity', 'state', 'ordering-policy', 'auto-create-child-queue', 'leaf-queue-template']);

/** A property of root itself (or of a queue not in root.queues). */
function rootProperty(rest: string, p: Property, fail: Fail, names: string[]): void {
  if (rest === 'capacity' || rest === 'maximum-capacity') {
    if (num(p, fail) !== 100 && !(rest === 'maximum-capacity' && num(p, fail) === -1)) fail(p, 'root has the whole cluster: only 100 is modelled');
    return;
  }
  if (rest.startsWith('acl_') || (rest === 'state' && p.value === 'RUNNING') || IGNORED_ROOT.has(rest) || rest.startsWith('accessible-node-labels.')) return;
  // A parent's ordering policy: YARN's default, utilization, offers the least used queue first, as the capacity policy does.
  if (rest === 'ordering-policy') {
    if (p.value.trim() !== 'utilization') fail(p, `root's ordering policy: only "utilization" (YARN's default for a parent queue: the least used queue first) is modelled, not "${p.value}"`);
    return;
  }
  const first = rest.split('.')[0];
  if (!rest.includes('.') || ROOT_FAMILIES.has(first) || IGNORED_ROOT.has(first) || first.startsWith('acl_')) {
    fail(p, `root's ${rest} is not modelled (of root's own properties hfsim reads its queues, and accepts capacity 100, RUNNING, ACLs, AM and application limits, node labels and the utilization ordering policy)`);
  }
  fail(p, `"${first}" is not a queue listed in ${PREFIX}root.queues (${names.join(',')})`);
}

function queueProperty(q: Partial<QueueConfig> & { name: string; noUserCap?: boolean }, attr: string, p: Property, fail: Fail): void {
  if (IGNORED_QUEUE.has(attr)) return;
  switch (attr) {
    case 'capacity': q.capacity = percent(p, fail); return;
    case 'maximum-capacity': {
      const n = num(p, fail);
      if (n !== -1 && n !== 100) q.maxCapacity = percent(p, fail);
      return;
    }
    case 'minimum-user-limit-percent': q.minUserLimitPercent = percent(p, fail); return;
    case 'user-limit-factor': {
      const n = num(p, fail);
      if (n === -1) q.noUserCap = true; // no cap: YARN lets the user grow to the queue's maximum capacity
      else if (n > 0) q.userLimitFactor = n;
      else fail(p, `must be greater than 0 (or -1: no limit), not "${p.value}"`);
      return;
    }
    case 'queues': return fail(p, 'nested queues are not modelled (hfsim\'s capacity queues are flat): list leaf queues under root');
    case 'state': if (p.value !== 'RUNNING') fail(p, `only RUNNING queues are modelled, not "${p.value}"`); return;
    case 'ordering-policy':
      if (p.value.trim() !== 'fifo' && p.value.trim() !== 'fair') fail(p, `only the fifo and fair ordering policies are modelled, not "${p.value}"`);
      q.orderingPolicy = p.value.trim() as 'fifo' | 'fair';
      return;
    case 'ordering-policy.fair.enable-size-based-weight':
      if (p.value.trim() !== 'false') fail(p, 'size-based weights of the fair ordering policy are not modelled: only false (the default)');
      return;
    case 'maximum-application-lifetime': case 'default-application-lifetime':
      if (num(p, fail) > 0) fail(p, 'application lifetimes are not modelled (jobs run to completion)');
      return;
    default: fail(p, 'not modelled (a queue\'s capacity, maximum-capacity, minimum-user-limit-percent and user-limit-factor are)');
  }
}
