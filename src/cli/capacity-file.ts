/**
 * YARN's capacity-scheduler.xml (a Hadoop configuration file: <configuration> of <property> name/value pairs), read
 * into what the capacity policy models (src/core/policies/capacity.ts): a tree of queues under root, each with a
 * capacity and a maximum capacity (percentages of its parent's), leaf queues with a minimum user limit and a user
 * limit factor. Errors are InputErrors naming the file, line and column (`file:line:column:`) and the property.
 *
 * Translation (yarn.scheduler.capacity. prefix left out; root.<q> a queue's path, root.a.b for b listed in root.a.queues):
 * - root.queues: the queues under root; a queue with a .queues property of its own is a parent queue (parentQueues,
 *   named by its short name, as are its children's `parent`), any other a leaf queue (queues), which a job names in
 *   `pool` by its short name, as YARN jobs do: a short name may appear once in the tree. A parent queue reads its
 *   capacity, maximum-capacity and the utilization ordering policy; the leaf settings below are ignored there, as YARN does.
 * - root.<q>.capacity (percent, 0 allowed as in YARN) -> capacity; absolute resources ("[memory=...]") and weights
 *   ("2w") are refused. The capacities under a parent add up to 100 (0 under a parent of capacity 0).
 * - root.<q>.maximum-capacity (percent, 0 allowed; -1 or 100: none) -> maxCapacity.
 * - root.<q>.minimum-user-limit-percent (default 100; 0 and above 100 as YARN takes them) -> minUserLimitPercent.
 * - root.<q>.user-limit-factor (default 1, as in YARN; -1: no cap) -> userLimitFactor.
 * - node-locality-delay (missed scheduling opportunities) -> scheduler.delay { mode: "skip", maxSkips } (-1: none):
 *   skip-count delay scheduling, which then lets a job launch anywhere. YARN waits at most the cluster's nodes
 *   (getActualNodeLocalityDelay): scheduler-files.ts caps maxSkips so, knowing the scenario's cluster. YARN moves on to rack-local and then, after
 *   rack-locality-additional-delay more, off-switch; only its default (-1) is accepted. A file without it runs with
 *   YARN's default, 40 (CapacitySchedulerConfiguration.DEFAULT_NODE_LOCALITY_DELAY), as YARN would run that file.
 * - per-node-heartbeat.multiple-assignments-enabled -> scheduler.assignMultiple.
 * - root.<q>.ordering-policy fifo (default) or fair -> orderingPolicy (fair's size-based weight refused).
 * Values are read after Hadoop Configuration's ${name} substitution from the file's own properties (substitute).
 * - root.<q>.state RUNNING or STOPPED (any case, as YARN reads it) -> state STOPPED, also on the queues under a STOPPED
 *   parent that set none (YARN's inherited state; one set RUNNING there is refused): a job naming one is refused, as YARN
 *   refuses the submission; the queue keeps its capacity, which the others use while it is idle.
 * Refused, as not modelled: another ordering policy,
 * application lifetimes, and any property not listed here, except those at YARN's default, which changes nothing
 * (capacity-defaults.ts: reservable false, auto-create-child-queue.enabled false, ...): read as if absent. Accepted and ignored, as they do not change a slot
 * simulation: ACLs, admission and application-master limits, queue mappings, the resource calculator, the other
 * per-node-heartbeat limits, asynchronous scheduling, per-queue preemption switches and queue priorities
 * (IGNORED_*); properties outside yarn.scheduler.capacity.* (other Hadoop settings) with a warning, and so are those
 * of a queue no .queues lists (YARN builds its queues from root.queues down and never reads them).
 */
import { readTextFile } from './read-file.js';
import { CAPACITY_SUM_SLACK, MAX_TREE_DEPTH, type ParentQueueConfig, type QueueConfig, absoluteCapacities, maxBelowCapacity, shownPercent } from '../core/pool-config.js';
import { MAX_POOLS } from '../core/limits.js';
import { InputError } from './errors.js';
import { rootElement } from './xml.js';
import { hasControlChars, quotedName } from '../core/bounded.js';
import { javaTrim, keptByJavaTrim } from './decimal.js';
import { globalDefault, queueDefault } from './capacity-defaults.js';
import { type Fail, type Property, VARIABLE, float, int, num, percent, properties, propertyAt, substitute } from './capacity-properties.js';

const PREFIX = 'yarn.scheduler.capacity.';

/** What a capacity-scheduler.xml contributes to `scheduler`. */
export interface CapacityConfig {
  queues: QueueConfig[];
  /** Parent queues (root aside); omitted when the file has none. */
  parentQueues?: ParentQueueConfig[];
  /** Properties read and ignored with a warning (one line each, file and line first). */
  warnings?: string[];
  delay?: { mode: 'none' } | { mode: 'skip'; maxSkips: number };
  assignMultiple?: boolean;
}

const IGNORED_GLOBAL = new Set(['maximum-applications', 'maximum-am-resource-percent', 'resource-calculator', 'queue-mappings',
  'queue-mappings-override.enable', 'workflow-priority-mappings-override.enable', 'per-node-heartbeat.maximum-container-assignments', 'per-node-heartbeat.maximum-offswitch-assignments',
  // user-metrics.enable: per-user metrics on the ResourceManager, which schedule nothing.
  'schedule-asynchronously.enable', 'application.fail-fast', 'user-metrics.enable']);
// A queue's ACLs (acl_*) and node labels are ignored with them, by aclOrLabel.
const IGNORED_QUEUE = new Set(['maximum-applications', 'maximum-am-resource-percent', 'disable_preemption', 'intra-queue-preemption.disable_preemption',
  // A queue's priority orders queues only under the priority-utilization policy, which is refused: no effect here.
  'priority']);

const MR1_PREFIX = 'mapred.capacity-scheduler.';
/** Hadoop 1's queue properties that YARN names the same under the queue's path. */
const MR1_SAME_NAME = new Set(['capacity', 'maximum-capacity', 'minimum-user-limit-percent', 'user-limit-factor']);

/** Why a Hadoop 1 property (mapred.capacity-scheduler.*) is refused, naming YARN's where it has one of the same meaning. */
function mr1Refusal(name: string): string {
  const m = /^mapred\.capacity-scheduler\.queue\.([^.]+)\.(.+)$/.exec(name);
  const yarn = m !== null && MR1_SAME_NAME.has(m[2]) ? ` (this one is ${PREFIX}root.${m[1]}.${m[2]})` : '';
  return `Hadoop 1's capacity scheduler properties (${MR1_PREFIX}*) are not read: write YARN's names${yarn}, the queues listed in ${PREFIX}root.queues (Hadoop 1 lists them in mapred-site.xml's mapred.queue.names)`;
}

export function readCapacityFile(file: string): CapacityConfig {
  return parseCapacityFile(readTextFile(file, 'capacity scheduler file', { xml: true }), file);
}

/**
 * YARN's node-locality-delay when the file sets none (CapacitySchedulerConfiguration.DEFAULT_NODE_LOCALITY_DELAY: 40 in
 * today's YARN; some early releases had -1, off): SLS's sample capacity-scheduler.xml sets none and ran here with no delay.
 */
const DEFAULT_NODE_LOCALITY_DELAY = 40;

export function parseCapacityFile(text: string, file: string): CapacityConfig {
  const warnings: string[] = [];
  const props = properties(rootElement(text, file, 'configuration', 'join', (el) => (el.name === 'allocations' ? 'this is a Fair Scheduler allocation file: give it as scheduler.allocationFile' : undefined)), file, warnings);
  const variables = substitute(props);
  const fail = (p: Property, message: string): never => {
    const unbound = VARIABLE.exec(p.value);
    const why = unbound === null ? '' : ` (${unbound[0]} is not substituted: it names no property of this file, or its substitution never ends; hfsim reads no Java system property or environment variable, as Hadoop's Configuration would)`;
    throw new InputError(`${propertyAt(file, p)}: ${p.name}: ${message}${why}`);
  };
  // Hadoop 1's names, refused before the queue list is looked for: a Hadoop 1 file has none (mapred-site.xml's
  // mapred.queue.names lists its queues), and was told only that it lacked root.queues, with no line.
  for (const p of props.values()) if (p.name.startsWith(MR1_PREFIX)) fail(p, mr1Refusal(p.name));
  const root = props.get(`${PREFIX}root.queues`);
  if (root === undefined) throw new InputError(`${file}: no ${PREFIX}root.queues property: it lists the queues under root`);
  const tree = queueTree(root, props, fail);
  const out: CapacityConfig = { queues: [], ...(warnings.length > 0 ? { warnings } : {}), delay: { mode: 'skip', maxSkips: DEFAULT_NODE_LOCALITY_DELAY } };
  for (const p of props.values()) {
    if (!p.name.startsWith(PREFIX)) {
      // Another part of Hadoop's configuration (yarn.resourcemanager.*, ...): the Capacity Scheduler reads none of it.
      // One that a ${...} names is read through it: no warning.
      if (!variables.has(p.name)) (out.warnings ??= []).push(`${propertyAt(file, p)}: ${p.name}: not a Capacity Scheduler property (${PREFIX}*): ignored, as the Capacity Scheduler ignores it`);
      continue;
    }
    const key = p.name.slice(PREFIX.length);
    if (!key.startsWith('root.') && key !== 'root') {
      global(key, p, out, fail);
      continue;
    }
    // The deepest queue the key's path names (queue names hold no dots), then the queue's own property.
    const parts = key.split('.');
    let k = parts.length - 1;
    while (k > 1 && !tree.has(parts.slice(0, k).join('.'))) k--;
    const node = tree.get(k > 1 ? parts.slice(0, k).join('.') : 'root')!;
    const attr = parts.slice(k).join('.');
    const unlisted = unlistedQueue(node, attr);
    if (unlisted !== undefined) {
      // YARN builds its queues from root.queues down (CapacitySchedulerQueueManager.parseQueue) and reads each one's
      // properties by its path: a property of a queue no .queues lists (a removed queue's leftover) is never read.
      // One that a ${...} names is read through it: no warning.
      if (!variables.has(p.name)) (out.warnings ??= []).push(`${propertyAt(file, p)}: ${p.name}: ${unlisted}: ignored, as YARN reads only the queues listed`);
      continue;
    }
    if (attr === 'maximum-capacity') node.maxAt = p;
    if (attr === 'state') queueState(node, p, fail);
    else if (node.children !== undefined) parentProperty(node, attr, p, fail);
    else queueProperty(node.q, attr, p, fail);
  }
  // Absolute capacity and maximum by path, top down (the tree holds parents before their children).
  const abs = new Map<string, [number, number]>([['root', [1, 1]]]);
  for (const node of tree.values()) {
    if (node.children === undefined) continue;
    let total = 0;
    for (const name of node.children) {
      const child = tree.get(`${node.path}.${name}`)!;
      if (child.q.capacity === undefined) fail(node.listed, `queue "${name}" has no ${PREFIX}${child.path}.capacity${keptByJavaTrim(name)}`);
      total += child.q.capacity!;
      const pair = absoluteCapacities({ capacity: child.q.capacity!, maxCapacity: child.q.maxCapacity }, abs.get(node.path)!);
      abs.set(child.path, pair);
      const why = maxBelowCapacity({ capacity: child.q.capacity!, maxCapacity: child.q.maxCapacity }, pair, node.path === 'root');
      if (why !== undefined) {
        fail(child.maxAt ?? node.listed, `queue "${name}": ${node.path === 'root' ? `maximum-capacity ${child.q.maxCapacity}% is below its capacity ${child.q.capacity}%` : why.replace(/^maxCapacity \((.*?)\)/, 'maximum-capacity $1%')}`);
      }
    }
    // YARN refuses a file whose capacities under a parent do not add up to 100% ("Illegal capacity of ... for children
    // of queue ..."), or, under a parent of capacity 0, to 0 (ParentQueue: "enforce child 0 if parent is 0").
    if (node.q.capacity === 0) {
      if (total > 0) fail(node.listed, `the queues' capacities add up to ${shownPercent(total)}% of ${node.path}, whose capacity is 0: YARN refuses such a file (the queues under a parent of capacity 0 must have capacity 0)`);
      continue;
    }
    if (Math.abs(total - 100) > CAPACITY_SUM_SLACK) fail(node.listed, `the queues' capacities add up to ${shownPercent(total)}%${node.path === 'root' ? '' : ` of ${node.path}`}, not 100%: YARN refuses such a file (the capacities under a parent must add up to 100)`);
  }
  const stopped = stoppedQueues(tree, fail); // refuses a queue set RUNNING under a STOPPED parent
  for (const node of tree.values()) {
    if (node.path === 'root') continue;
    const q = node.q;
    const parent = node.parent === 'root' ? {} : { parent: node.parent.slice(node.parent.lastIndexOf('.') + 1) };
    const max = q.maxCapacity === undefined ? {} : { maxCapacity: q.maxCapacity };
    // As the file sets it (root's on root's queues): the scenario passes a parent queue's state down, as YARN does.
    const state = node.state === 'STOPPED' || (node.parent === 'root' && node.state === undefined && stopped.has('root')) ? { state: 'STOPPED' as const } : {};
    if (node.children !== undefined) {
      (out.parentQueues ??= []).push({ name: q.name, ...parent, capacity: q.capacity!, ...max, ...state });
      continue;
    }
    out.queues.push({ name: q.name, capacity: q.capacity!, ...max, ...state,
      minUserLimitPercent: q.minUserLimitPercent ?? 100, ...(q.noUserCap ? {} : { userLimitFactor: q.userLimitFactor ?? 1 }),
      ...(q.orderingPolicy === undefined || q.orderingPolicy === 'fifo' ? {} : { orderingPolicy: q.orderingPolicy }), ...parent });
  }
  return out;
}

/** A queue of the file's tree: its path (root.a.b), its parent's path, its settings, its children (parents only). */
interface QueueNode {
  path: string;
  parent: string;
  q: Partial<QueueConfig> & { name: string; noUserCap?: boolean };
  /** The child queues' names (its .queues property), and that property; undefined: a leaf queue. */
  children?: string[];
  listed: Property;
  /** Its maximum-capacity property, where the file sets one (errors about it name its line). */
  maxAt?: Property;
  /** Its state property, where the file sets one, and the state it gives. */
  stateAt?: Property;
  state?: QueueState;
}

type QueueState = 'RUNNING' | 'STOPPED';

/**
 * The paths of the STOPPED queues, as YARN's AbstractCSQueue.initializeQueueState gives each its state: the one it
 * sets, else its parent's (root: RUNNING). A queue set RUNNING under a STOPPED parent is refused, as YARN refuses it.
 */
function stoppedQueues(tree: ReadonlyMap<string, QueueNode>, fail: Fail): Set<string> {
  const out = new Set<string>();
  for (const node of tree.values()) { // parents before their children
    const up = tree.get(node.parent);
    const parentStopped = up !== undefined && out.has(up.path);
    if (parentStopped && node.state === 'RUNNING') {
      fail(node.stateAt!, `queue "${node.q.name}" is RUNNING under ${up.path}, which is STOPPED: YARN refuses it ("The parent queue ... cannot be STOPPED as the child queue ... is in RUNNING state")`);
    }
    if (node.state === 'STOPPED' || (parentStopped && node.state === undefined)) out.add(node.path);
  }
  return out;
}

/** A queue's state property: RUNNING or STOPPED, in any case, as YARN reads it (QueueState.valueOf of the upper-cased value). */
function queueState(node: QueueNode, p: Property, fail: Fail): void {
  const state = javaTrim(p.value).toUpperCase();
  if (state !== 'RUNNING' && state !== 'STOPPED') fail(p, `must be RUNNING or STOPPED, not "${p.value}" (YARN: "We can only use RUNNING or STOPPED")`);
  node.state = state as QueueState;
  node.stateAt = p;
}

/**
 * The queue tree, top down from root.queues: each listed queue, a parent when it has a .queues property of its own.
 * Jobs name a queue by its short name, as in YARN, so a short name may appear once in the whole tree.
 */
function queueTree(rootList: Property, props: ReadonlyMap<string, Property>, fail: Fail): Map<string, QueueNode> {
  const tree = new Map<string, QueueNode>();
  const where = new Map<string, string>();
  const todo: QueueNode[] = [{ path: 'root', parent: '', q: { name: 'root' }, listed: rootList }];
  while (todo.length > 0) {
    const node = todo.shift()!;
    tree.set(node.path, node);
    const list = props.get(`${PREFIX}${node.path}.queues`);
    if (list === undefined) continue;
    const names = list.value.split(',').map(javaTrim).filter((q) => q !== '');
    if (names.length === 0) fail(list, 'lists no queues');
    if (new Set(names).size !== names.length) fail(list, `a queue is listed twice in "${list.value}"`);
    // A period separates the parts of a queue's path: root.queues "a.b" made a queue named "a.b" whose properties
    // (root.a.b.capacity) are those of a queue b under a, and whose jobs YARN would look for as that path.
    const dotted = names.find((q) => q.includes('.'));
    if (dotted !== undefined) fail(list, `queue name "${dotted}" contains a period, which separates the parts of a queue's path (root.a.b is queue b under a): list a queue's children in its own .queues property`);
    const control = names.find(hasControlChars);
    if (control !== undefined) fail(list, `queue name ${quotedName(control)} holds a control character (a tab, a newline...): names are printed in tables and CSV`);
    for (const name of names) {
      const path = `${node.path}.${name}`;
      const seen = where.get(name);
      if (seen !== undefined || name === 'root') fail(list, `queue name "${name}" is used twice in the tree (${seen ?? 'root'} and ${path}): hfsim names a queue by its short name, as jobs do`);
      // Queues so far, root aside: those read and those waiting.
      if (tree.size - 1 + todo.length >= MAX_POOLS) fail(list, `more than ${MAX_POOLS} queues, the limit`);
      if (path.split('.').length - 1 > MAX_TREE_DEPTH) fail(list, `queue "${name}" is more than ${MAX_TREE_DEPTH} levels deep, the limit`);
      where.set(name, path);
      todo.push({ path, parent: node.path, q: { name }, listed: list });
    }
    node.children = names;
    node.listed = list;
  }
  return tree;
}


function global(key: string, p: Property, out: CapacityConfig, fail: Fail): void {
  if (IGNORED_GLOBAL.has(key)) return;
  switch (key) {
    case 'node-locality-delay': {
      const n = int(p, fail);
      if (n === -1) out.delay = { mode: 'none' };
      else if (Number.isInteger(n) && n >= 0) out.delay = { mode: 'skip', maxSkips: n };
      else fail(p, `must be -1 or a whole number of missed scheduling opportunities, not "${p.value}"`);
      return;
    }
    case 'rack-locality-additional-delay':
      if (int(p, fail) !== -1) fail(p, 'only -1 (the default) is modelled: hfsim\'s skip-count delay lets a job launch anywhere once it has waited node-locality-delay');
      return;
    case 'workflow-priority-mappings':
      // YARN's stock file sets it empty: no job gets a priority from it. A mapping would set priorities not modelled.
      if (javaTrim(p.value) !== '') fail(p, 'workflow priority mappings are not modelled (jobs keep their own priority); only an empty value is read');
      return;
    case 'per-node-heartbeat.multiple-assignments-enabled':
      if (p.value !== 'true' && p.value !== 'false') fail(p, `must be true or false, not "${p.value}"`);
      out.assignMultiple = p.value === 'true';
      return;
    default: {
      const why = globalDefault(key, p.value);
      if (why === undefined) return; // YARN's default: changes nothing
      fail(p, why ?? 'not modelled (hfsim reads the queues, their capacities and user limits, node-locality-delay and multiple-assignments-enabled)');
    }
  }
}

/**
 * Root's own properties that leave flat queues as they are: its AM and application limits, preemption switches, and
 * its default node label (hfsim's nodes have none: every queue runs on the default partition).
 */
const IGNORED_ROOT = new Set([...IGNORED_QUEUE, 'default-node-label-expression']);

/** A queue's ACLs and node labels, on root, a parent or a leaf: accepted and ignored (hfsim's nodes have none: a label's capacities bind no node). */
const aclOrLabel = (attr: string): boolean => attr.startsWith('acl_') || attr === 'accessible-node-labels' || attr.startsWith('accessible-node-labels.');
/**
 * First parts of a queue's own dotted properties (ordering-policy.fair..., auto-create-child-queue.enabled,
 * accessible-node-labels.x.capacity, user-settings.u.weight ...: CapacitySchedulerConfiguration's), not queue names.
 */
const QUEUE_FAMILIES = new Set(['queues', 'capacity', 'maximum-capacity', 'state', 'ordering-policy', 'auto-create-child-queue',
  'leaf-queue-template', 'auto-queue-creation-v2', 'accessible-node-labels', 'intra-queue-preemption', 'user-settings']);

/**
 * Where a property's path goes below the deepest queue of the tree it names (attr "zz.capacity" under root.a) to a
 * queue that no .queues property lists: what to say of it; undefined for a property of the queue itself.
 */
function unlistedQueue(node: QueueNode, attr: string): string | undefined {
  const first = attr.split('.')[0];
  if (!attr.includes('.') || QUEUE_FAMILIES.has(first) || first.startsWith('acl_')) return undefined;
  if (node.children === undefined) return `queue "${node.q.name}" has no child queues (no .queues property of its own), so "${first}" is not one of its queues`;
  return `"${first}" is not a queue listed in ${PREFIX}${node.path}.queues (${node.children.join(',')})`;
}

/** Leaf-queue properties a parent queue may carry: YARN reads them for leaf queues only, and so does hfsim. */
const LEAF_ONLY = new Set(['minimum-user-limit-percent', 'user-limit-factor', 'ordering-policy.fair.enable-size-based-weight',
  'maximum-application-lifetime', 'default-application-lifetime']);

/**
 * A property of root or of a parent queue itself: its queues (read into the tree),
 * its capacity and maximum (percentages of its parent's; root's only 100), and the settings accepted and ignored.
 */
function parentProperty(node: QueueNode, attr: string, p: Property, fail: Fail): void {
  const root = node.path === 'root';
  const whose = root ? "root's" : "a parent queue's";
  if (attr === 'queues') return;
  if (attr === 'capacity' || attr === 'maximum-capacity') {
    if (!root) return queueProperty(node.q, attr, p, fail);
    if (num(p, fail) !== 100 && !(attr === 'maximum-capacity' && num(p, fail) === -1)) fail(p, 'root has the whole cluster: only 100 is modelled');
    return;
  }
  if (aclOrLabel(attr) || IGNORED_ROOT.has(attr) || LEAF_ONLY.has(attr)) return;
  // A parent's ordering policy: YARN's default, utilization, offers the least used queue first, as the capacity policy does.
  if (attr === 'ordering-policy') {
    if (javaTrim(p.value) !== 'utilization') fail(p, `${whose} ordering policy: only "utilization" (YARN's default for a parent queue: the least used queue first) is modelled, not "${p.value}"`);
    return;
  }
  const why = queueDefault(attr, p.value);
  if (why === undefined) return; // YARN's default: changes nothing
  if (why !== null) fail(p, `${whose} ${attr} ${why}`);
  const reads = root ? 'its queues, and accepts capacity 100,' : 'its queues, capacity and maximum-capacity, and accepts';
  fail(p, `${whose} ${attr} is not modelled (of ${whose} own properties hfsim reads ${reads} its state, ACLs, AM and application limits, node labels, the utilization ordering policy and leaf-queue settings, which YARN ignores there)`);
}

function queueProperty(q: Partial<QueueConfig> & { name: string; noUserCap?: boolean }, attr: string, p: Property, fail: Fail): void {
  if (IGNORED_QUEUE.has(attr) || aclOrLabel(attr)) return;
  switch (attr) {
    // 0, as YARN allows (CapacitySchedulerConfiguration: from 0 to 100): a queue guaranteed nothing, which runs on
    // what the others leave idle, up to its maximum-capacity (0 too: its jobs never run, refused for a queue jobs name).
    case 'capacity': q.capacity = percent(p, fail, true); return;
    case 'maximum-capacity': {
      const n = float(p, fail);
      if (n !== -1 && n !== 100) q.maxCapacity = percent(p, fail, true);
      return;
    }
    case 'minimum-user-limit-percent': {
      // 0 and above 100 as YARN takes them (UsersManager.computeUserLimit): 0 leaves capacity / active users alone;
      // above 100 the limit is at least the queue's current capacity, which no user passes: only user-limit-factor binds.
      const n = float(p, fail);
      if (n < 0) fail(p, `must be a percentage, 0 or more, not "${p.value}"`);
      q.minUserLimitPercent = n;
      return;
    }
    case 'user-limit-factor': {
      const n = float(p, fail);
      if (n === -1) q.noUserCap = true; // no cap: YARN lets the user grow to the queue's maximum capacity
      else if (n > 0) q.userLimitFactor = n;
      else fail(p, `must be greater than 0 (or -1: no limit), not "${p.value}"`);
      return;
    }
    case 'ordering-policy':
      if (javaTrim(p.value) !== 'fifo' && javaTrim(p.value) !== 'fair') fail(p, `only the fifo and fair ordering policies are modelled, not "${p.value}"`);
      q.orderingPolicy = javaTrim(p.value) as 'fifo' | 'fair';
      return;
    case 'ordering-policy.fair.enable-size-based-weight':
      if (javaTrim(p.value) !== 'false') fail(p, 'size-based weights of the fair ordering policy are not modelled: only false (the default)');
      return;
    case 'maximum-application-lifetime': case 'default-application-lifetime':
      if (num(p, fail) > 0) fail(p, 'application lifetimes are not modelled (jobs run to completion)');
      return;
    default: {
      const why = queueDefault(attr, p.value);
      if (why === undefined) return; // YARN's default: changes nothing
      fail(p, why ?? 'not modelled (a queue\'s capacity, maximum-capacity, minimum-user-limit-percent and user-limit-factor are)');
    }
  }
}
