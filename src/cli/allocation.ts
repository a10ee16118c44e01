/**
 * Allocation files: Hadoop MR1's fair-scheduler.xml (pool, user and default elements) and YARN's Fair Scheduler
 * allocation file (nested queue elements), read with fast-xml-parser and translated into the scenario's own
 * scheduler fields (pools, users, limits, timeouts). Errors are InputErrors naming the file, line and column (`file:line:column:`).
 *
 * Translation rules:
 * - Times in the files are seconds; the scenario's are milliseconds.
 * - An MR1 pool's min share above its cap is lowered to it, with a warning (Hadoop 1 warns and runs so).
 * - Hadoop 1 reads fairSharePreemptionTimeout only under <allocations>: one in a <pool> holding MR1's own elements
 *   (minMaps...) is ignored with a warning, as Hadoop 1 ignores it; in any other <pool> it is the pool's, as YARN reads it.
 * - YARN's `<pool>` is an alias of `<queue>` (as in YARN's AllocationFileLoaderService): a `<pool>` inside a queue, named
 *   root, or holding an element only YARN queues have (YARN_ONLY) is read as a queue; any other is an MR1 pool.
 * - YARN queues keep their tree: a leaf queue is a pool, a parent queue (children, or type="parent") a parent pool,
 *   each named by its dotted path without "root." (root.prod.etl -> prod.etl, parent prod); a queue name holding a
 *   period is refused, as YARN refuses it. A child inherits its parent's timeouts and allowPreemptionFrom false when
 *   it sets none, not its weight (YARN's default, 1) nor its schedulingPolicy (YARN's getSchedulingPolicy: its own or
 *   the default; fifo on a parent queue is warned of and run fair, as YARN warns and keeps fair). Limits on the root queue would
 *   bind the whole cluster, not modelled: refused (file and line) rather than dropped.
 * - YARN resources ("10240 mb, 10 vcores", "memory-mb=10240, vcores=10", or Hadoop 3's percentages: see
 *   yarn-resource.ts) become slots of both kinds: one slot per SLOT_MB of memory, capped by the vcores
 *   (a slot is a 1 GB, 1-vcore container; 0 vcores in a max is refused: YARN then runs one container at a time); a percentage is of each kind's slots in the cluster, so a max may differ
 *   between maps and reduces. A min share weighs memory alone, as YARN's fair and fifo policies do (a percentage min
 *   is none, as YARN reads it, told). A min above the max is lowered to it, with a warning (YARN warns and runs so).
 * - defaultFairSharePreemptionTimeout wins over a top-level fairSharePreemptionTimeout wherever each stands (YARN's
 *   AllocationFileParser; the latter is then ignored, told).
 * - maxRunningApps / userMaxAppsDefault / queueMaxAppsDefault are maxRunningJobs and the job-limit defaults
 *   (queueMaxAppsDefault limits parent queues too, as YARN's initFSQueue; root aside); queueMaxResourcesDefault is
 *   the maxResources of every queue that sets none, root aside, and poolMaxMapsDefault / poolMaxReducesDefault, which
 *   cap every other pool that sets none (one the scenario lists, one made for a job, an MR1 pool); schedulingPolicy (or its alias schedulingMode)
 *   fifo|fair (any case, or YARN's FifoPolicy or FairSharePolicy class name, as SchedulingPolicy.parse reads them; see
 *   yarn-policy.ts) maps to schedulingMode (drf, which needs more than one resource, is rejected); allowPreemptionFrom
 *   false makes the queue and those under it not preemptable; fairSharePreemptionThreshold (inherited as the
 *   timeouts are) and defaultFairSharePreemptionThreshold are the pools' fair-share starvation thresholds.
 * - Elements about access control (reservations' too), application-master shares and reservations do not change a
 *   slot simulation and are accepted and ignored (IGNORED); maxChildResources and a queuePlacementPolicy whose first
 *   rule is not a creating "specified" would, and are accepted with a warning; any other element is an error.
 */
import { readTextFile } from './read-file.js';
import type { ParentPoolConfig, PoolConfig, UserConfig } from '../core/pool-config.js';
import { MAX_POOLS, MAX_SLOTS } from '../core/limits.js';
import { type El, rootElement } from './xml.js';
import { AllocationValues, type KindSlots } from './allocation-values.js';
import { isYarnPolicyClass } from './yarn-policy.js';
import { type ClusterSlots, SLOT_MB } from './yarn-resource.js';

export { SLOT_MB };

/** What an allocation file contributes to `scheduler`. */
export interface Allocation {
  pools: PoolConfig[];
  /** YARN's parent queues (root aside); omitted when the file has none. */
  parentPools?: ParentPoolConfig[];
  /** What the file asks that YARN runs with a warning, and hfsim too (one line each, file and line first). */
  warnings?: string[];
  /**
   * Warnings of a min share lowered to its pool's cap: told only under a policy that reads min shares (under capacity,
   * which reads neither, the file's are told as ignored instead: resolve-scenario.ts warnFileIgnores).
   */
  minShareWarnings?: string[];
  users: UserConfig[];
  userMaxJobsDefault?: number;
  poolMaxJobsDefault?: number;
  defaultSchedulingMode?: 'fair' | 'fifo';
  minSharePreemptionTimeoutMs?: number;
  fairSharePreemptionTimeoutMs?: number;
  fairSharePreemptionThreshold?: number;
  /**
   * queueMaxResourcesDefault in slots of each kind (YARN: the maxResources of every queue that sets none, root aside):
   * the pool set gives it to each pool and parent pool that sets no cap, a pool made for a job naming a queue the file
   * does not list included; the file's own queues have it already, as read.
   */
  poolMaxMapsDefault?: number;
  poolMaxReducesDefault?: number;
}

/** The file's top-level settings a queue needs as it is read: YARN's queueMaxResourcesDefault, in slots. */
interface Defaults {
  maxSlots?: KindSlots;
  /** queueMaxAppsDefault: YARN's initFSQueue gives it to parent queues too (root aside, here: not modelled). */
  maxApps?: number;
}

const IGNORED = new Set(['aclSubmitApps', 'aclAdministerApps', 'aclSubmitReservations', 'aclListReservations', 'aclAdministerReservations',
  'maxAMShare', 'queueMaxAMShareDefault', 'reservation', 'reservation-agent', 'reservation-policy', 'reservation-planner', 'maxContainerAllocation']);

/**
 * `cluster`: the scenario's slots of each kind, which a percentage (maxResources "50%") is a share of; where the
 * scenario's cluster is not valid, its problem (clusterSlots), or undefined: a percentage is then refused, saying why.
 */
export function readAllocationFile(file: string, cluster?: ClusterSlots | { invalid: string }): Allocation {
  return parseAllocation(readTextFile(file, 'allocation file', { xml: true }), file, cluster);
}

/**
 * What a file whose root is not <allocations> is, when it is a Hadoop configuration file: SLS's own sample-conf
 * fair-scheduler.xml is one, naming the allocation file in yarn.scheduler.fair.allocation.file.
 */
function notAllocations(el: El): string | undefined {
  if (el.name !== 'configuration') return undefined;
  const conf = 'this is a Hadoop configuration file (<configuration> of <property>)';
  const props = el.children.filter((c) => c.name === 'property');
  // a child element, or Configuration's short form: <property name="..." value="..."/> (capacity-file.ts properties)
  const child = (p: El, name: string): string | undefined => p.children.find((c) => c.name === name)?.text ?? p.attrs[name]?.trim();
  const named = props.find((p) => child(p, 'name') === 'yarn.scheduler.fair.allocation.file');
  if (named !== undefined) return `${conf}, and its yarn.scheduler.fair.allocation.file (line ${named.line}) names the allocation file, ${JSON.stringify(child(named, 'value') ?? '')}: give that as scheduler.allocationFile`;
  if (props.some((p) => child(p, 'name')?.startsWith('yarn.scheduler.capacity.'))) return `${conf} of the Capacity Scheduler: give it as scheduler.capacitySchedulerFile, under policy "capacity"`;
  return `${conf}, not a Fair Scheduler allocation file`;
}

export function parseAllocation(text: string, file: string, cluster?: ClusterSlots | { invalid: string }): Allocation {
  const root = rootElement(text, file, 'allocations', 'refuse', notAllocations);
  const ctx = new Reader(file, cluster);
  const out: Allocation = { pools: [], users: [] };
  for (const attr of Object.keys(root.attrs)) ctx.warn(out, root, `<allocations>: attribute "${attr}" is ignored, as Hadoop ignores it (it reads no attribute there)`);
  ctx.valuesAlone(root);
  let rootQueue: El | undefined;
  // YARN reads every top-level element before the queues: queueMaxResourcesDefault may come after them.
  const maxDefault = root.children.filter((el) => el.name === 'queueMaxResourcesDefault').at(-1);
  const appsDefault = root.children.filter((el) => el.name === 'queueMaxAppsDefault').at(-1);
  // YARN's getDefaultFairSharePreemptionTimeout: defaultFairSharePreemptionTimeout, wherever it stands, wins over the
  // top-level fairSharePreemptionTimeout (Hadoop 1's name, which YARN reads only without the other).
  const fairDefault = root.children.find((el) => el.name === 'defaultFairSharePreemptionTimeout');
  const defaults: Defaults = { ...(maxDefault === undefined ? {} : { maxSlots: ctx.maxSlots(maxDefault) }), ...(appsDefault === undefined ? {} : { maxApps: ctx.cap(appsDefault, 'the jobs of every queue that sets no limit') }) };
  if (defaults.maxSlots !== undefined) {
    out.poolMaxMapsDefault = defaults.maxSlots.maps;
    out.poolMaxReducesDefault = defaults.maxSlots.reduces;
  }
  // YARN's AllocationFileQueueParser: "If configuring root queue, no other queues can be placed alongside it" (a queue
  // named root in any case; a <pool> is a queue element there too). A file of MR1 pools alone is Hadoop 1's, which
  // has no root queue: a pool named Root there is a pool. Two queues named root are told below, as a second root queue.
  const queueEls = root.children.filter((el) => el.name === 'queue' || el.name === 'pool');
  const yarnFile = queueEls.some((el) => el.name === 'queue' || isYarnQueue(el));
  const isRoot = (el: El, exact: boolean): boolean => (exact ? el.attrs.name?.trim() === 'root' : el.attrs.name?.trim().toLowerCase() === 'root');
  const rootEl = !yarnFile ? undefined : queueEls.find((el) => isRoot(el, true)) ?? queueEls.find((el) => isRoot(el, false));
  const beside = rootEl === undefined ? undefined : queueEls.find((el) => el !== rootEl && !isRoot(el, true));
  if (beside !== undefined) ctx.fail(beside, `<${beside.name} name="${beside.attrs.name?.trim() ?? ''}"> stands beside the root queue (line ${rootEl!.line}): YARN refuses such a file ("If configuring root queue, no other queues can be placed alongside it"): put it inside the root queue, or leave the root queue out`);
  const queue = (el: El): void => {
    if (el.attrs.name?.trim() === 'root') {
      if (rootQueue !== undefined) ctx.fail(el, `a second root queue (the first is at line ${rootQueue.line})`);
      rootQueue = el;
    }
    ctx.queue(el, '', {}, out, defaults);
  };
  for (const el of root.children) {
    const list = el.name === 'pool' ? out.pools : el.name === 'user' ? out.users : undefined;
    if (list !== undefined && list.length >= MAX_POOLS) ctx.fail(el, `more than ${MAX_POOLS} ${el.name}s, the limit`);
    switch (el.name) {
      case 'pool': if (isYarnQueue(el)) queue(el); else out.pools.push(ctx.pool(el, out)); break;
      case 'queue': queue(el); break;
      case 'user': {
        const user = ctx.user(el, out);
        if (user !== undefined) out.users.push(user);
        break;
      }
      case 'userMaxJobsDefault': case 'userMaxAppsDefault': out.userMaxJobsDefault = ctx.cap(el, 'the jobs of every user that sets no limit'); break;
      case 'poolMaxJobsDefault': case 'queueMaxAppsDefault': out.poolMaxJobsDefault = ctx.cap(el, `the jobs of every ${el.name === 'poolMaxJobsDefault' ? 'pool' : 'queue'} that sets no limit`); break;
      case 'defaultPoolSchedulingMode': out.defaultSchedulingMode = ctx.mode(el); break;
      case 'defaultQueueSchedulingPolicy': case 'defaultQueueSchedulingMode': out.defaultSchedulingMode = ctx.defaultQueuePolicy(el, out); break;
      case 'queueMaxResourcesDefault': break; // read above
      case 'defaultMinSharePreemptionTimeout': out.minSharePreemptionTimeoutMs = ctx.seconds(el); break;
      case 'defaultFairSharePreemptionTimeout': out.fairSharePreemptionTimeoutMs = ctx.seconds(el); break;
      case 'fairSharePreemptionTimeout': {
        // Read only where used: YARN never parses the one it ignores.
        if (fairDefault === undefined) out.fairSharePreemptionTimeoutMs = ctx.seconds(el);
        else ctx.warn(out, el, `<fairSharePreemptionTimeout> is ignored, as YARN ignores it beside <defaultFairSharePreemptionTimeout> (line ${fairDefault.line}), which it replaces`);
        break;
      }
      case 'defaultFairSharePreemptionThreshold': out.fairSharePreemptionThreshold = ctx.threshold(el, out); break;
      case 'queuePlacementPolicy': ctx.placement(el, out); break;
      default: ctx.unknown(el, 'allocations');
    }
  }
  // (a top-level fairSharePreemptionTimeout beside the default is ignored whole, told above)
  ctx.repeats(root, '<allocations>', out, fairDefault === undefined ? undefined : 'fairSharePreemptionTimeout');
  return out;
}

/** Elements that hold a pool, queue or user of their own: any number of them stand side by side. */
const CONTAINERS = new Set(['pool', 'queue', 'user']);

/** Elements Hadoop reads into one field (a queue's schedulingPolicy and its alias schedulingMode...): by the first's name. */
const SAME_FIELD: Readonly<Record<string, string>> = { schedulingMode: 'schedulingPolicy', maxRunningApps: 'maxRunningJobs', userMaxAppsDefault: 'userMaxJobsDefault',
  queueMaxAppsDefault: 'poolMaxJobsDefault', defaultQueueSchedulingMode: 'defaultQueueSchedulingPolicy' };

/** Elements only a YARN queue has: a `<pool>` holding one is YARN's alias of `<queue>`, else an MR1 pool. */
const YARN_ONLY = new Set(['queue', 'pool', 'minResources', 'maxResources', 'maxRunningApps', 'schedulingPolicy', 'maxChildResources', 'maxAMShare',
  'allowPreemptionFrom', 'reservation', 'maxContainerAllocation', 'fairSharePreemptionThreshold', 'aclSubmitReservations', 'aclListReservations',
  'aclAdministerReservations']);

/** Elements only Hadoop 1's <pool> reads (YARN's queues do not): a <pool> holding one is surely MR1's. */
const MR1_ONLY = new Set(['minMaps', 'minReduces', 'maxMaps', 'maxReduces', 'maxRunningJobs']);

function isYarnQueue(pool: El): boolean {
  return yarnSign(pool) !== undefined;
}

/** What makes a top-level `<pool>` a YARN queue (undefined: nothing, an MR1 pool), said as an error's reason. */
function yarnSign(pool: El): string | undefined {
  if (pool.attrs.name?.trim() === 'root') return 'it is named root';
  // A schedulingMode naming one of YARN's policy classes is YARN's (MR1's PoolManager takes only fair and fifo).
  const sign = pool.children.find((c) => YARN_ONLY.has(c.name) || (c.name === 'schedulingMode' && isYarnPolicyClass(c.text)));
  return sign === undefined ? undefined : sign.name === 'schedulingMode' ? `its <schedulingMode> names YARN's ${sign.text}` : `it holds <${sign.name}>`;
}

type Inherited = Partial<Pick<PoolConfig, 'minSharePreemptionTimeoutMs' | 'fairSharePreemptionTimeoutMs' | 'fairSharePreemptionThreshold' | 'preemptable'>>;

class Reader extends AllocationValues {
  /** The line defining each pool or queue (by its name, a queue's dotted path), and each user. */
  private readonly pools = new Map<string, number>();
  private readonly users = new Map<string, number>();

  /** `name` is defined at `el`: refused if it was before (a pool and a queue share one set of names). */
  define(el: El, name: string, user = false): void {
    const seen = user ? this.users : this.pools;
    const first = seen.get(name);
    if (first !== undefined) this.fail(el, `${user ? 'user' : 'pool or queue'} "${name}" is defined twice (first at line ${first})`);
    seen.set(name, el.line);
  }

  /**
   * A field `el` gives twice: Hadoop's readers (PoolManager.reloadAllocs, YARN's allocation file loader) put each
   * element's value into a map by its name in turn, so the last holds, and say nothing. So does hfsim, saying so at
   * the second. `what` names `el` ('pool "a"'); `skip`, an element read otherwise (told already).
   */
  repeats(el: El, what: string, out: Allocation, skip?: string): void {
    const first = new Map<string, El>();
    for (const c of el.children) {
      if (CONTAINERS.has(c.name) || IGNORED.has(c.name) || c.name === skip) continue;
      const field = SAME_FIELD[c.name] ?? c.name;
      const before = first.get(field);
      if (before === undefined) first.set(field, c);
      else this.warn(out, c, `${what}: <${c.name}> repeats <${before.name}> (line ${before.line}): Hadoop reads each in turn, the last holding, and says nothing; so does hfsim, with "${c.text}"`);
    }
  }

  /**
   * Each field `el` gives (a child other than a pool, queue or user, an element read as ignored, or the placement
   * policy's rules) is text alone: `<weight>2<note/>5</weight>` was read as 25, the text around the element joined and
   * the element passed over unseen, where Hadoop's readers take the element's first text node (2), and fail on one
   * whose first child is an element. Refused at the element inside.
   */
  valuesAlone(el: El): void {
    for (const c of el.children) {
      if (CONTAINERS.has(c.name) || IGNORED.has(c.name) || c.name === 'queuePlacementPolicy' || c.children.length === 0) continue;
      const inner = c.children[0];
      this.fail(inner, `unknown element <${inner.name}> in <${c.name}>: a value is its text alone (Hadoop's allocation file readers take the text before the first element inside it, and fail where an element comes first)`);
    }
  }

  /** `why`: how `parent` is read, where its name does not say (a `<pool>` read as a YARN queue). */
  unknown(el: El, parent: string, why?: string): void {
    if (!IGNORED.has(el.name)) this.fail(el, `unknown element <${el.name}> in <${parent}>${why === undefined ? '' : ` (${why})`}`);
  }

  /**
   * A YARN queue whose minResources pass its maxResources: YARN warns (checkMinAndMaxResource) and runs it, its share
   * never above the max (ComputeFairShares caps a share by the max, and the demand it weighs the min against is capped
   * too), which is the min lowered to the max. So does hfsim, saying so once.
   */
  clampMin(el: El, p: PoolConfig, out: Allocation): void {
    // Both kinds have the same min (memory alone); their max differs when it is a percentage of each kind's slots.
    const maxMaps = p.maxMaps ?? Infinity;
    const maxReduces = p.maxReduces ?? Infinity;
    if (p.minMaps <= maxMaps && p.minReduces <= maxReduces) return;
    const both = (maps: number, reduces: number): string => (maps === reduces ? `${maps}` : `${maps} map, ${reduces} reduce`);
    const min = both(p.minMaps, p.minReduces);
    p.minMaps = Math.min(p.minMaps, maxMaps);
    p.minReduces = Math.min(p.minReduces, maxReduces);
    this.warn(out, el, `queue "${p.name}": minResources (${min} slots) is above maxResources (${both(maxMaps, maxReduces)} slots): run, as YARN runs it, with its min share lowered to ${both(p.minMaps, p.minReduces)}`, 'minShareWarnings');
  }

  /**
   * An MR1 pool whose min share passes its cap: Hadoop 1's PoolManager warns ("Pool %s has max maps %d less than min
   * maps %d", reduces alike) and runs it, the min treated as equal to the max (FairSchedulerServlet: "Max share will
   * be used and minimum will be treated as if set equal to max": a pool's demand is capped by its max, and its min
   * share counts only up to its demand). So does hfsim, saying so for each kind.
   */
  clampPoolMin(el: El, p: PoolConfig, out: Allocation): void {
    for (const [min, max, kind] of [['minMaps', 'maxMaps', 'maps'], ['minReduces', 'maxReduces', 'reduces']] as const) {
      const cap = p[max];
      if (cap === undefined || p[min] <= cap) continue;
      this.warn(out, el, `pool "${p.name}" has max ${kind} ${cap} less than min ${kind} ${p[min]}: run, as Hadoop runs it, with its ${min} treated as equal to ${max} (${cap})`, 'minShareWarnings');
      p[min] = cap;
    }
  }

  pool(el: El, out: Allocation): PoolConfig {
    const p: PoolConfig = { name: this.name(el), weight: 1, minMaps: 0, minReduces: 0 };
    this.attributes(out, el, ['name'], 'a pool\'s name');
    this.define(el, p.name);
    this.valuesAlone(el);
    for (const c of el.children) {
      switch (c.name) {
        case 'minMaps': p.minMaps = this.slotCount(c); break;
        case 'minReduces': p.minReduces = this.slotCount(c); break;
        case 'maxMaps': p.maxMaps = this.cap(c, 'the pool\'s map tasks', MAX_SLOTS); break;
        case 'maxReduces': p.maxReduces = this.cap(c, 'the pool\'s reduce tasks', MAX_SLOTS); break;
        case 'maxRunningJobs': p.maxRunningJobs = this.cap(c, 'the pool\'s jobs'); break;
        case 'weight': p.weight = this.weight(c); break;
        case 'schedulingMode': p.schedulingMode = this.mode(c); break;
        case 'minSharePreemptionTimeout': p.minSharePreemptionTimeoutMs = this.seconds(c); break;
        case 'fairSharePreemptionTimeout': {
          // Hadoop 1's PoolManager reads this timeout only under <allocations>, for every pool, and skips it in a
          // <pool> unread (it ignores any element there it does not know). A <pool> holding none of MR1's own elements
          // is read as YARN's alias of <queue> would read it, whose timeout is its own.
          if (el.children.some((x) => MR1_ONLY.has(x.name))) this.warn(out, c, `pool "${p.name}": <fairSharePreemptionTimeout> in an MR1 <pool> is ignored, as Hadoop 1 ignores it (its PoolManager reads fairSharePreemptionTimeout only under <allocations>, for every pool): set it there, or write the pool as a YARN <queue>, which reads its own`);
          else p.fairSharePreemptionTimeoutMs = this.seconds(c);
          break;
        }
        default: this.unknown(c, 'pool');
      }
    }
    this.repeats(el, `pool "${p.name}"`, out);
    this.clampPoolMin(el, p, out);
    return p;
  }

  /** A user's running-job limit; undefined when it sets none (Hadoop then applies the default, as to a user not listed). */
  user(el: El, out: Allocation): UserConfig | undefined {
    const name = this.name(el);
    this.attributes(out, el, ['name'], 'a user\'s name');
    let max: number | undefined;
    this.valuesAlone(el);
    for (const c of el.children) {
      if (c.name === 'maxRunningJobs' || c.name === 'maxRunningApps') max = this.cap(c, 'the user\'s jobs');
      else this.unknown(c, 'user');
    }
    if (max === undefined) return undefined; // sets nothing: a second such element is harmless, as in Hadoop
    this.define(el, name, true);
    this.repeats(el, `user "${name}"`, out);
    return { name, maxRunningJobs: max };
  }

  /**
   * A YARN queue and its children: a leaf queue becomes a pool, a parent queue (root aside) a parent pool, each named
   * by its dotted path without "root." and naming its parent's. A child inherits its parent's preemption timeouts and
   * allowPreemptionFrom false when it sets none (its weight and schedulingPolicy are its own: 1 and the default when unset).
   */
  /** `within`: the element it is in, read as a queue (as the file names it: `<pool name="a">`), for its errors. */
  queue(el: El, prefix: string, inherited: Inherited, out: Allocation, defaults: Defaults, within?: El): void {
    const own = this.name(el);
    this.attributes(out, el, ['name', 'type'], 'a queue\'s name and type');
    // YARN's AllocationFileQueueParser: "queue name shouldn't contain period" (a period separates a path's parts).
    if (own.includes('.')) this.fail(el, `queue name "${own}" contains a period: YARN refuses it (a period separates the parts of a queue's path)`);
    // The root queue stands at the top; under it, a queue named root would be named "root" by its path as hfsim
    // names queues (without "root."), and was read as the root again, its weight dropped, its queues put under the root.
    const top = within === undefined;
    if (!top && own === 'root' && prefix === '') this.fail(el, `a queue named "root" inside the root queue: hfsim names a queue by its path without "root.", so it could not be told from the root queue; rename it`);
    const path = top && own === 'root' ? '' : prefix === '' ? own : `${prefix}.${own}`;
    const p: PoolConfig = { name: path, weight: 1, minMaps: 0, minReduces: 0 };
    if (path !== '') this.define(el, path);
    if (prefix !== '') p.parent = prefix;
    if (inherited.preemptable !== undefined) p.preemptable = inherited.preemptable;
    if (inherited.minSharePreemptionTimeoutMs !== undefined) p.minSharePreemptionTimeoutMs = inherited.minSharePreemptionTimeoutMs;
    if (inherited.fairSharePreemptionTimeoutMs !== undefined) p.fairSharePreemptionTimeoutMs = inherited.fairSharePreemptionTimeoutMs;
    if (inherited.fairSharePreemptionThreshold !== undefined) p.fairSharePreemptionThreshold = inherited.fairSharePreemptionThreshold;
    const children: El[] = [];
    const limits: El[] = [];
    let minEl: El | undefined;
    let policyEl: El | undefined;
    this.valuesAlone(el);
    for (const c of el.children) {
      switch (c.name) {
        case 'queue': case 'pool': children.push(c); break;
        // YARN's fair and fifo policies weigh memory alone against a min share (FairSharePolicy: DefaultResourceCalculator).
        case 'minResources': limits.push(c); minEl = c; p.minMaps = p.minReduces = this.minSlots(c, path, out); break;
        case 'maxResources': { limits.push(c); const max = this.maxSlots(c); p.maxMaps = max.maps; p.maxReduces = max.reduces; break; }
        case 'maxRunningApps': limits.push(c); p.maxRunningJobs = this.cap(c, 'the queue\'s jobs'); break;
        case 'weight': p.weight = this.weight(c); break;
        case 'schedulingPolicy': case 'schedulingMode': p.schedulingMode = this.policy(c); policyEl = c; break;
        // YARN: false keeps the queue and the queues under it from being preempted (inherited below).
        case 'allowPreemptionFrom': if (!this.boolean(c)) p.preemptable = false; break;
        case 'minSharePreemptionTimeout': p.minSharePreemptionTimeoutMs = this.seconds(c); break;
        case 'fairSharePreemptionTimeout': p.fairSharePreemptionTimeoutMs = this.seconds(c); break;
        case 'fairSharePreemptionThreshold': p.fairSharePreemptionThreshold = this.threshold(c, out); break;
        // YARN caps each queue it creates under this one at run time (QueueManager.setChildResourceLimits); hfsim
        // creates such pools (a job naming prod.new) without a cap: said, not dropped unseen.
        case 'maxChildResources': this.resource(c); this.warn(out, c, `queue "${path === '' ? 'root' : path}": <maxChildResources> is not modelled: a pool hfsim creates under it for a job naming one runs without that cap`); break;
        // A <pool> here is a queue (YARN's alias): its MR1 elements were refused "in <queue>", an element the file lacks.
        default: this.unknown(c, el.name, el.name === 'pool' ? `read as a YARN queue: ${yarnSign(el) ?? `it is inside <${within?.name ?? 'queue'} name="${within?.attrs.name?.trim() ?? prefix}">, a queue`}` : undefined);
      }
    }
    if (children.length === 0 && path === '') this.fail(el, 'the root queue has no child queues');
    this.repeats(el, `queue "${path === '' ? 'root' : path}"`, out);
    // type="parent", exactly (YARN compares it untrimmed: " parent " is a leaf): a parent queue even with no child queue configured (YARN creates its children at placement).
    const parentQueue = children.length > 0 || el.attrs.type === 'parent';
    // YARN's AllocationConfiguration.getMaxResources: a queue that sets no maxResources has queueMaxResourcesDefault
    // (root aside: the cluster bounds it).
    if (path !== '' && p.maxMaps === undefined && defaults.maxSlots !== undefined) {
      p.maxMaps = defaults.maxSlots.maps;
      p.maxReduces = defaults.maxSlots.reduces;
    }
    if (path !== '') this.clampMin(minEl ?? el, p, out);
    if (parentQueue && p.maxRunningJobs === undefined && defaults.maxApps !== undefined) p.maxRunningJobs = defaults.maxApps;
    // YARN's FifoPolicy applies to leaf queues only: on a parent, QueueManager warns ("Cannot apply configured
    // scheduling policy") and keeps fair; its queues are not given it (getSchedulingPolicy: their own, or the default).
    if (parentQueue && policyEl !== undefined && p.schedulingMode === 'fifo') {
      this.warn(out, policyEl, `queue "${path === '' ? 'root' : path}": <${policyEl.name}> fifo applies to leaf queues only: run, as YARN runs it, fair, the queues under it with their own policy or the default`);
    }
    if (out.pools.length + (out.parentPools?.length ?? 0) === MAX_POOLS) this.fail(el, `more than ${MAX_POOLS} queues, the limit`);
    if (!parentQueue) {
      out.pools.push(p);
      return;
    }
    if (path === '') {
      // The root holds the whole cluster: a min share of it means nothing, and a cap or a job limit on it is a
      // cluster-wide limit hfsim does not model. Say so rather than drop it.
      if (limits.length > 0) this.fail(limits[0], `<${limits[0].name}> on the root queue: a limit on the whole cluster is not modelled; set it on the queues under root`);
    } else {
      const parent: ParentPoolConfig = { name: path, weight: p.weight, minMaps: p.minMaps, minReduces: p.minReduces };
      if (p.parent !== undefined) parent.parent = p.parent;
      if (p.maxMaps !== undefined) parent.maxMaps = p.maxMaps;
      if (p.maxReduces !== undefined) parent.maxReduces = p.maxReduces;
      if (p.maxRunningJobs !== undefined) parent.maxRunningJobs = p.maxRunningJobs;
      (out.parentPools ??= []).push(parent);
    }
    const pass: Inherited = { minSharePreemptionTimeoutMs: p.minSharePreemptionTimeoutMs, fairSharePreemptionTimeoutMs: p.fairSharePreemptionTimeoutMs, fairSharePreemptionThreshold: p.fairSharePreemptionThreshold, preemptable: p.preemptable };
    for (const c of children) this.queue(c, path, pass, out, defaults, el);
  }
}
