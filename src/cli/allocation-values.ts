/** The values of an allocation file's elements, read and checked: numbers, slots, times, weights, policies; each error names the file, line and column (`file:line:column:`). */
import { MAX_INT32, MAX_SLOTS, MAX_TIME_MS, MAX_WEIGHT, MIN_WEIGHT } from '../core/limits.js';
import { hasControlChars, quotedName } from '../core/bounded.js';
import type { Allocation } from './allocation.js';
import { javaFloat, keptByJavaTrim } from './decimal.js';
import { InputError } from './errors.js';
import { type El, elementAt } from './xml.js';
import { YARN_POLICY_PACKAGE, yarnPolicy } from './yarn-policy.js';
import { type ClusterSlots, SLOT_MB, type YarnResource, parseYarnResource, resolveResource } from './yarn-resource.js';

/** A limit in slots of each kind (a percentage of the cluster differs between them; a value in mb and vcores does not). */
export interface KindSlots {
  maps: number;
  reduces: number;
}

/** The reading of values the allocation reader's pools, users and queues are built from (allocation.ts). */
export class AllocationValues {
  /** The cluster's slots; undefined where it is not valid (`invalid` says why, where known). */
  private readonly cluster: ClusterSlots | undefined;
  private readonly invalid: string | undefined;

  constructor(private readonly file: string, cluster: ClusterSlots | { invalid: string } | undefined) {
    this.cluster = cluster === undefined || 'invalid' in cluster ? undefined : cluster;
    this.invalid = cluster !== undefined && 'invalid' in cluster ? cluster.invalid : undefined;
  }

  fail(el: El, message: string): never {
    throw new InputError(`${elementAt(this.file, el)}: ${message}`);
  }

  /** A `hfsim: warning:` line of the file's, at `el`'s line, into `out` (told once the file is read). */
  warn(out: Allocation, el: El, message: string, list: 'warnings' | 'minShareWarnings' = 'warnings'): void {
    (out[list] ??= []).push(`${elementAt(this.file, el)}: ${message}`);
  }

  /**
   * Attributes of `el` other than those Hadoop's readers read (`read`): passed over, as Hadoop passes over them, and
   * told (`typ="parent"` ran a leaf queue unseen); so is a queue's type other than "parent" or "leaf" (YARN reads a
   * queue as a parent only for "parent").
   */
  attributes(out: Allocation, el: El, read: readonly string[], whose: string): void {
    const at = `<${el.name} name="${el.attrs.name?.trim() ?? ''}">`;
    for (const attr of Object.keys(el.attrs)) {
      if (!read.includes(attr)) this.warn(out, el, `${at}: attribute "${attr}" is ignored, as Hadoop ignores it (it reads ${whose})`);
    }
    const type = el.attrs.type;
    if (read.includes('type') && type !== undefined && type !== 'parent' && type !== 'leaf') {
      this.warn(out, el, `${at}: type ${JSON.stringify(type)} is not "parent": read as a leaf queue, as YARN reads it`);
    }
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
    // "1e400": a decimal past a double's range, not a bad one (it was told "must be a non-negative number")
    if (n === Infinity) this.fail(el, `<${el.name}> is ${el.text}, beyond the range of a number (about 1.8e308: Java reads it as Infinity)`);
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
}
