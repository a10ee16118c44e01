/**
 * Allocation files: Hadoop MR1's fair-scheduler.xml (pool, user and default elements) and YARN's Fair Scheduler
 * allocation file (nested queue elements), read with fast-xml-parser and translated into the scenario's own
 * scheduler fields (pools, users, limits, timeouts). Errors are InputErrors naming the file and line.
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
import { InputError } from './errors.js';
import { MAX_INT32, MAX_POOLS, MAX_SLOTS, MAX_TIME_MS, MAX_WEIGHT, MIN_WEIGHT } from '../core/limits.js';
import { type El, rootElement } from './xml.js';
import { hasControlChars, quotedName } from '../core/bounded.js';
import { javaFloat, keptByJavaTrim } from './decimal.js';
import { YARN_POLICY_PACKAGE, isYarnPolicyClass, yarnPolicy } from './yarn-policy.js';
import { type ClusterSlots, SLOT_MB, type YarnResource, parseYarnResource, resolveResource } from './yarn-resource.js';

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

/** A limit in slots of each kind (a percentage of the cluster differs between them; a value in mb and vcores does not). */
interface KindSlots {
  maps: number;
  reduces: number;
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

class Reader {
  /** The line defining each pool or queue (by its name, a queue's dotted path), and each user. */
  private readonly pools = new Map<string, number>();
  private readonly users = new Map<string, number>();

  /** The cluster's slots; undefined where it is not valid (`invalid` says why, where known). */
  private readonly cluster: ClusterSlots | undefined;
  private readonly invalid: string | undefined;

  constructor(private readonly file: string, cluster: ClusterSlots | { invalid: string } | undefined) {
    this.cluster = cluster === undefined || 'invalid' in cluster ? undefined : cluster;
    this.invalid = cluster !== undefined && 'invalid' in cluster ? cluster.invalid : undefined;
  }

  /** `name` is defined at `el`: refused if it was before (a pool and a queue share one set of names). */
  define(el: El, name: string, user = false): void {
    const seen = user ? this.users : this.pools;
    const first = seen.get(name);
    if (first !== undefined) this.fail(el, `${user ? 'user' : 'pool or queue'} "${name}" is defined twice (first at line ${first})`);
    seen.set(name, el.line);
  }

  fail(el: El, message: string): never {
    throw new InputError(`${this.file}: line ${el.line}: ${message}`);
  }

  /** A `hfsim: warning:` line of the file's, at `el`'s line, into `out` (told once the file is read). */
  warn(out: Allocation, el: El, message: string, list: 'warnings' | 'minShareWarnings' = 'warnings'): void {
    (out[list] ??= []).push(`${this.file}: line ${el.line}: ${message}`);
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

  /** `why`: how `parent` is read, where its name does not say (a `<pool>` read as a YARN queue). */
  unknown(el: El, parent: string, why?: string): void {
    if (!IGNORED.has(el.name)) this.fail(el, `unknown element <${el.name}> in <${parent}>${why === undefined ? '' : ` (${why})`}`);
  }

  name(el: El): string {
    const name = el.attrs.name;
    if (name === undefined || name.trim() === '') this.fail(el, `<${el.name}> needs a name attribute`);
    if (hasControlChars(name)) this.fail(el, `<${el.name}> name ${quotedName(name)} holds a control character (a tab, a newline...): names are printed in tables and CSV`);
    return name.trim();
  }

  /** A non-negative number as Hadoop's Double.parseDouble reads a decimal one: Java's type suffix allowed ("1.5f" is 1.5). */
  number(el: El): number {
    const n = javaFloat(el.text);
    if ( !Number.isFinite(n) || n < 0) this.fail(el, `<${el.name}> must be a non-negative number, not "${el.text}"${keptByJavaTrim(el.text)}`);
    return n;
  }

  /** A whole number as Hadoop reads one (Integer.parseInt: "2.0" and "1e1" are refused, as Hadoop refuses them), up to `max`. */
  int(el: El, max = MAX_INT32): number {
    if (!/^\+?\d+$/.test(el.text)) { // el.text is trimmed as Java trims it; Integer.parseInt trims nothing more
      const n = this.number(el);
      this.fail(el, `<${el.name}> must be a whole number${Number.isInteger(n) ? ' written as digits alone (Hadoop reads it with parseInt)' : ''}, not "${el.text}"`);
    }
    const n = Number(el.text);
    if (n > max) this.fail(el, `<${el.name}> is ${el.text}, above the limit of ${max}`);
    return n;
  }

  /** A number of slots (minMaps, maxMaps...): a whole number up to MAX_SLOTS. */
  slotCount(el: El): number {
    return this.int(el, MAX_SLOTS);
  }

  /**
   * A cap on running tasks or jobs, at least 1. Hadoop accepts 0 and holds what it caps for ever (a pool or queue
   * closed to work); hfsim runs every job of its workload to its end, so a run with one held could never end: refused,
   * saying so and what to write instead. `held` names what 0 would hold ("the queue's jobs").
   */
  cap(el: El, held: string, max = MAX_INT32): number {
    const n = this.int(el, max);
    if (n < 1) this.fail(el, `<${el.name}> is 0: Hadoop accepts it and holds ${held} for ever, but hfsim runs every job of its workload to its end, and a run holding one could never end: set 1 or more, or leave the element out (no limit)`);
    return n;
  }

  /** Whole seconds (Hadoop reads timeouts with Long.parseLong), in ms. */
  seconds(el: El): number {
    const ms = this.int(el, Number.MAX_SAFE_INTEGER) * 1000;
    if (ms > MAX_TIME_MS) this.fail(el, `<${el.name}> is ${el.text} s, above the limit of ${MAX_TIME_MS / 1000} s`);
    return ms;
  }

  weight(el: El): number {
    const w = this.number(el);
    // YARN's FairShareComparator serves a weight-0 queue after every other, and ComputeFairShares gives it its min
    // share alone (Hadoop 1's comparator divides by the weight: 0 / 0): a rule of its own, not modelled.
    if (w === 0) this.fail(el, `<weight> is ${el.text}: Hadoop accepts it (YARN gives a queue of weight 0 no share past its min share and serves it after every queue of positive weight), but hfsim shares and orders pools by weight and does not model 0: write ${MIN_WEIGHT} or more (${MIN_WEIGHT} is the nearest it runs, not the same: a thousandth of a weight-1 pool's share)`);
    if (w < MIN_WEIGHT || w > MAX_WEIGHT) this.fail(el, `<weight> is ${el.text}, outside ${MIN_WEIGHT} to ${MAX_WEIGHT}`);
    return w;
  }

  mode(el: El): 'fair' | 'fifo' {
    const m = el.text.toLowerCase();
    if (m !== 'fair' && m !== 'fifo') this.fail(el, `<${el.name}> must be fair or fifo, not "${el.text}"${keptByJavaTrim(el.text)}`);
    return m;
  }

  /** A YARN resource value (yarn-resource.ts: absolute or a percentage), refused at its line when it is neither. */
  resource(el: El): YarnResource {
    const r = parseYarnResource(el.text);
    if ('error' in r) this.fail(el, `<${el.name}> ${r.error}`);
    return r;
  }

  /**
   * A queue's minResources in slots of either kind: its memory alone, one slot per SLOT_MB (YARN's fair and fifo policies
   * weigh memory alone against a min share). Memory below one slot's is a min share of none, which is told; so is a
   * percentage, which YARN reads as none (AllocationFileQueueParser keeps ConfigurableResource.getResource(), null for
   * a percentage, and AllocationConfiguration.getMinResources gives none for it: FairScheduler.md documents
   * percentages for maxResources alone).
   */
  minSlots(el: El, queue: string, out: Allocation): number {
    const r = this.resource(el);
    const warn = (why: string): void => this.warn(out, el, `queue "${queue}": minResources "${el.text.trim()}" ${why}`);
    if (r.form === 'percent') {
      warn('is a percentage, which YARN reads as no min share (it keeps a min share in mb and vcores alone): run so, with none; write it as "X mb, Y vcores"');
      return 0;
    }
    const mb = r.mb ?? 0; // left out of the new form: none (YARN's missing value for a min, 0)
    const n = Math.floor(mb / SLOT_MB);
    if (n > MAX_SLOTS) this.fail(el, `<${el.name}> is ${n} slots, above the limit of ${MAX_SLOTS}`);
    if (r.mb === undefined) warn('gives no memory, and YARN\'s fair and fifo policies weigh memory alone against a min share: it gives the queue no min share');
    else if (n === 0 && mb > 0) warn(`is less than one slot (${SLOT_MB} mb): it gives the queue no min share`);
    return n;
  }

  /**
   * A queue's maxResources (or queueMaxResourcesDefault) in slots of each kind: one slot per SLOT_MB of memory, capped by
   * the vcores (a slot is a 1 GB, 1-vcore container; a resource the new form leaves out is unbounded, as in YARN; 0
   * vcores, as in Hadoop's documented example "90000 mb,0vcores", is refused, saying what YARN does with it). A percentage is of that kind's slots in the cluster (yarn-resource.ts), a share past 100% binding no more
   * than 100%. At least one slot, else nothing of the queue could run.
   */
  maxSlots(el: El): KindSlots {
    const r = this.resource(el);
    // YARN checks a queue's usage against every resource of its max (FSQueue.assignContainerPreCheck:
    // Resources.fitsIn, whatever the policy's calculator), so 0 vcores binds: a container holds at least one.
    if (r.vcores === 0) {
      const mem = r.form === 'percent' ? `${+(r.memory * 100).toPrecision(12)}%` : r.mb;
      // Memory alone is suggested only where it holds a slot of each kind: "0 mb, 0 vcores" was told to write
      // "memory-mb=0", which is refused in turn (less than one slot).
      const slotsOfMemory = (slots: number): number => Math.floor(resolveResource(r, slots, Infinity).mb / SLOT_MB);
      // (a share of no known cluster: any share above 0 may hold one)
      const memorySlots = this.cluster !== undefined ? Math.min(slotsOfMemory(this.cluster.maps), slotsOfMemory(this.cluster.reduces))
        : r.form === 'percent' ? (r.memory > 0 ? Infinity : 0) : slotsOfMemory(0);
      const advice = memorySlots < 1 ? ` give it at least one slot's memory and vcores (${SLOT_MB} mb, 1 vcore) of each kind`
        : `${mem === undefined ? '' : ` for a cap by memory alone write "memory-mb=${mem}" (a resource that form leaves out is ${r.form === 'percent' ? '100%' : 'unbounded'}), else`} give the vcores (one a slot)`;
      this.fail(el, `<${el.name}> "${el.text.trim()}" gives 0 vcores: YARN checks a queue's usage against every resource of its max (FSQueue.assignContainerPreCheck, Resources.fitsIn), so it gives the queue a container only while it holds none, one at a time, which hfsim's separate map and reduce slots cannot run;${advice}`);
    }
    if (r.form === 'percent' && this.cluster === undefined) this.fail(el, `<${el.name}> "${el.text.trim()}" is a share of the cluster's slots, and the scenario's cluster is not valid${this.invalid === undefined ? '' : ` (${this.invalid})`}: correct it first`);
    const kind = (slots: number, name: string): number => {
      const { mb, vcores } = resolveResource(r, slots, Infinity);
      const bySize = Math.floor(mb / SLOT_MB);
      let n = Math.min(bySize, vcores);
      if (r.form === 'percent') n = Math.min(n, slots);
      if (n > MAX_SLOTS) this.fail(el, `<${el.name}> is ${n} slots, above the limit of ${MAX_SLOTS}`);
      if (n < 1) this.fail(el, `<${el.name}> "${el.text.trim()}" is less than one slot (${SLOT_MB} mb, 1 vcore)${r.form === 'percent' ? ` of the cluster's ${slots} ${name} slots` : ''}: nothing of the queue could run`);
      return n;
    };
    return { maps: kind(this.cluster?.maps ?? 0, 'map'), reduces: kind(this.cluster?.reduces ?? 0, 'reduce') };
  }

  /**
   * A YARN queue's schedulingPolicy (or schedulingMode), as YARN's SchedulingPolicy.parse reads it: fair or fifo in any
   * case, or their classes' names (FairSharePolicy, FifoPolicy). drf (by name or class) is refused: it divides memory and
   * vcores, and hfsim's slots are one resource.
   */
  policy(el: El): 'fair' | 'fifo' {
    const p = yarnPolicy(el.text);
    if (p === undefined) {
      const custom = el.text.startsWith(YARN_POLICY_PACKAGE) ? ' (YARN has no such policy class; a class name is read in its exact case)'
        : /^[\w$]+(\.[\w$]+)+$/.test(el.text) ? ' (a custom SchedulingPolicy class is code hfsim cannot run)' : '';
      this.fail(el, `<${el.name}> must be fair or fifo (any case, or their class names ${YARN_POLICY_PACKAGE}FairSharePolicy and FifoPolicy), not "${el.text}"${custom}${keptByJavaTrim(el.text)}`);
    }
    if (p.policy === 'drf') this.fail(el, `<${el.name}> must be fair or fifo, not "${el.text}": drf (DominantResourceFairnessPolicy) divides memory and vcores, and hfsim's slots are one resource (a 1 GB, 1-vcore container each)`);
    return p.policy;
  }

  /**
   * YARN's defaultQueueSchedulingPolicy: YARN's AllocationFileParser refuses the name fifo ("can't be FIFO": a parent
   * queue could not be fifo), then reads the rest with SchedulingPolicy.parse. FifoPolicy's class name passes that
   * check: YARN gives it to every queue that sets no policy, and QueueManager warns ("Cannot apply configured
   * scheduling policy") on each parent queue, root included, keeping it fair. So does hfsim: its leaf queues' default
   * is fifo, its parent pools stay fair, said once.
   */
  defaultQueuePolicy(el: El, out: Allocation): 'fair' | 'fifo' {
    if (el.text.toLowerCase() === 'fifo') this.fail(el, `<${el.name}> is fifo: YARN refuses it ("defaultQueueSchedulingPolicy or defaultQueueSchedulingMode can't be FIFO"); set <schedulingPolicy>fifo</schedulingPolicy> on the leaf queues instead`);
    const policy = this.policy(el);
    if (policy === 'fifo') this.warn(out, el, `<${el.name}> is FifoPolicy's class name, which YARN's "can't be FIFO" check (on the name fifo) lets through: run, as YARN runs it, fifo in each leaf queue that sets no policy, fair in the parent queues (root included), where fifo does not apply`);
    return policy;
  }

  /**
   * YARN's fairSharePreemptionThreshold: a fraction from 0 to 1 (Float.parseFloat: "0.5f" is 0.5); YARN's parser clamps
   * one outside into that range (AllocationFileQueueParser), and so does hfsim, saying so.
   */
  threshold(el: El, out: Allocation): number {
    const n = javaFloat(el.text);
    if (!Number.isFinite(n)) this.fail(el, `<${el.name}> must be a number from 0 to 1, not "${el.text}"${keptByJavaTrim(el.text)}`);
    const clamped = Math.max(0, Math.min(1, n));
    if (clamped !== n) this.warn(out, el, `<${el.name}> is ${el.text.trim()}: run, as YARN runs it, with ${clamped}`);
    return clamped;
  }

  /**
   * YARN's queuePlacementPolicy: hfsim files each job in the queue it names (its `pool`), as a first rule "specified"
   * that may create the queue does. Any other first rule (user, primaryGroup, default, reject...) or create="false"
   * would place jobs elsewhere in YARN: told, as not modelled, rather than ignored unseen.
   */
  placement(el: El, out: Allocation): void {
    const first = el.children[0];
    if (first?.name === 'rule' && first.attrs.name?.trim() === 'specified' && first.attrs.create?.trim().toLowerCase() !== 'false') return;
    const what = first === undefined ? 'has no rule' : first.name !== 'rule' ? `starts with <${first.name}>` : `starts with rule "${first.attrs.name ?? ''}"${first.attrs.create === undefined ? '' : ` create="${first.attrs.create}"`}`;
    this.warn(out, el, `<queuePlacementPolicy> ${what}: placement rules are not modelled; each job runs in the queue its pool names (as a first rule "specified" would place it)`);
  }

  boolean(el: El): boolean {
    const b = el.text.toLowerCase();
    if (b !== 'true' && b !== 'false') this.fail(el, `<${el.name}> must be true or false, not "${el.text}"${keptByJavaTrim(el.text)}`);
    return b === 'true';
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
    this.define(el, p.name);
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
    let max: number | undefined;
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
    // type="parent": a parent queue even with no child queue configured (YARN creates its children at placement).
    const parentQueue = children.length > 0 || el.attrs.type?.trim() === 'parent';
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
