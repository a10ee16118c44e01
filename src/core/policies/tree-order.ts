/**
 * An order of jobs over a tree, kept between reads instead of rebuilt whole: the order hfs and capacity offer a slot
 * in (hfs-order.ts, capacity-order.ts). Each level's nodes are kept in a KeyedList under their parent (the root's
 * under undefined), each leaf's jobs in one of their own, and the flat order (each level's nodes in key order, a
 * leaf's jobs in its place) in one array that a read after a change splices.
 *
 * Its owner files what changed: a job in its leaf, a leaf in its level (a key, or undefined while it is not offered
 * a slot). settle() then re-files the parents above those leaves, deepest first, each under the key the owner gives
 * it (undefined: not offered, as when none of its children is), and brings the flat order up to date: a changed
 * item's stretch is found by a binary search on its old key, taken out, and put back where its new key goes; an item
 * whose key compares the same stays and only its inside is brought up to date. A settle after a launch so costs
 * O(depth x log nodes) compares and a few memory moves of the array, where a rebuild sorts every level.
 *
 * Same order as a full sort of every level and leaf by the current keys, provided each list's keys are a total order
 * and every item whose key may have changed was filed again before the settle (test/core/hfs-order.test.ts and
 * capacity-order.test.ts check it against the plain orders).
 */
import type { Job } from '../job.js';
import { KeyedList } from './keyed-list.js';

/** What a TreeOrder reads of its tree: fixed for the order's life, as the pool and queue trees are. */
export interface OrderTree<N> {
  /** The parent `node` sits under; undefined: the root. */
  parentOf(node: N): N | undefined;
  /** Whether `node` is a leaf, whose list holds jobs (else its list holds nodes). */
  isLeaf(node: N): boolean;
  /** The leaf `job` was filed in (a job that left is still found there until the settle that takes it out ends). */
  leafOf(job: Job): N;
  /** The order of a leaf's jobs' keys, a total order. */
  compareJobs(leaf: N): (a: unknown, b: unknown) => number;
  /** The order of the keys of nodes in a level, a total order. */
  readonly compareNodes: (a: unknown, b: unknown) => number;
}

/** A node's place as this order last settled it. */
interface NodeState {
  /** Whether it is offered slots: filed in its level. */
  offered: boolean;
  /** A parent's children offered slots. */
  offeredChildren: number;
  /** Its jobs in the flat order (its stretch of it), while offered. */
  size: number;
}

type AnyList = KeyedList<unknown, unknown>;

/** Stretches at least this long are put in by a loop, not spread into one splice call's arguments. */
const SPREAD_MAX = 4096;

export class TreeOrder<N> {
  #order: Job[] = [];
  readonly #nodes = new Map<N, NodeState>();
  readonly #levels = new Map<N | undefined, KeyedList<N, unknown>>();
  readonly #jobs = new Map<N, KeyedList<Job, unknown>>();
  readonly #depth = new Map<N, number>();
  /** The parents to re-file at the next settle, by depth (the root's children at 0). */
  #marked: Array<Set<N> | undefined> = [];

  constructor(private readonly tree: OrderTree<N>) {}

  /** The order as of the last settle (this order's own array). */
  get jobs(): readonly Job[] {
    return this.#order;
  }

  /** Forgets every job and node filed: the next settle walks the order afresh from what is filed after. */
  clear(): void {
    this.#order = [];
    this.#nodes.clear();
    this.#levels.clear();
    this.#jobs.clear();
    this.#marked = [];
  }

  /** Files `job` in `leaf`'s list at `key` (undefined: out of it). */
  fileJob(leaf: N, job: Job, key: unknown): void {
    this.jobsOf(leaf).set(job, key);
  }

  /** The key `job` was last filed at in `leaf`, changes since the last settle included; undefined: out. */
  jobKey(leaf: N, job: Job): unknown {
    return this.jobsOf(leaf).lastKeyOf(job);
  }

  /** Files `leaf` in its level at `key` (undefined: not offered), and marks the parents above to be filed again. */
  fileLeaf(leaf: N, key: unknown): void {
    this.file(leaf, key);
  }

  /**
   * Files each marked parent, deepest first, at `parentKey`'s key for it (given its children offered slots; undefined:
   * not offered), then brings the flat order up to date: walked afresh when `fresh` (after clear()), else spliced.
   */
  settle(parentKey: (parent: N, offeredChildren: number) => unknown, fresh: boolean): void {
    const marked = this.#marked;
    // a parent's own parent, one level up, is marked before its depth's turn
    for (let d = marked.length - 1; d >= 0; d--) for (const p of marked[d] ?? []) this.file(p, parentKey(p, this.stateOf(p).offeredChildren));
    this.#marked = [];
    if (fresh) {
      const order: Job[] = [];
      this.walk(undefined, order);
      this.#order = order;
    } else this.update(undefined, this.#order, 0, this.#order.length);
  }

  /** Files `node` in its parent's level, counts it among the parent's offered children, and marks the parent. */
  private file(node: N, key: unknown): void {
    const parent = this.tree.parentOf(node);
    this.levelOf(parent).set(node, key);
    const c = this.stateOf(node);
    const offered = key !== undefined;
    if (parent !== undefined) {
      if (offered !== c.offered) this.stateOf(parent).offeredChildren += offered ? 1 : -1;
      (this.#marked[this.depthOf(parent)] ??= new Set()).add(parent);
    }
    c.offered = offered;
  }

  private holdsJobs(holder: N | undefined): holder is N {
    return holder !== undefined && this.tree.isLeaf(holder);
  }

  /** Appends `holder`'s stretch of the flat order to `out`, applying its lists' changes, and notes each node's size. */
  private walk(holder: N | undefined, out: Job[]): void {
    const start = out.length;
    if (this.holdsJobs(holder)) for (const job of this.jobsOf(holder).items) out.push(job);
    else for (const node of this.levelOf(holder).items) this.walk(node, out);
    if (holder !== undefined) this.stateOf(holder).size = out.length - start;
  }

  /**
   * Brings f[lo, hi), `holder`'s stretch as its lists stood at the last settle, to its order now, and gives its new
   * end. Each pending item (a node of the level, or a job of the leaf) is found by its old key; one whose key still
   * compares equal keeps its place (a node's own stretch is brought up to date where it stands); the others are taken
   * out, the list applied, and put back where their new keys go, a node's stretch brought up to date on the way.
   * With many pending, the stretch is walked afresh instead.
   */
  private update(holder: N | undefined, f: Job[], lo: number, hi: number): number {
    const holdsJobs = this.holdsJobs(holder);
    const list = (holdsJobs ? this.jobsOf(holder) : this.levelOf(holder)) as AnyList;
    const pending = list.pending;
    if (pending.size === 0) return hi;
    if (pending.size > 8 && pending.size * 8 > list.count) {
      const fresh: Job[] = [];
      this.walk(holder, fresh);
      splice(f, lo, hi - lo, fresh);
      return lo + fresh.length;
    }
    const moved: Array<{ item: unknown; stretch: Job[] | undefined }> = [];
    for (const [item, key] of pending) {
      const old = list.keyOf(item);
      if (old === undefined) {
        if (key !== undefined) moved.push({ item, stretch: undefined }); // new to the level
        continue;
      }
      const start = this.find(holder, list, f, lo, hi, old);
      const len = holdsJobs ? 1 : this.stateOf(item as N).size;
      if (key !== undefined && list.compare(old, key) === 0) {
        if (holdsJobs) continue;
        const end = this.update(item as N, f, start, start + len);
        this.stateOf(item as N).size = end - start;
        hi += end - start - len;
        continue;
      }
      const stretch = f.splice(start, len);
      hi -= len;
      if (key !== undefined) moved.push({ item, stretch });
    }
    list.apply();
    for (const { item, stretch } of moved) {
      let put: Job[];
      if (holdsJobs) put = [item as Job];
      else if (stretch === undefined) {
        put = [];
        this.walk(item as N, put);
      } else {
        put = stretch;
        put.length = this.update(item as N, put, 0, put.length);
        this.stateOf(item as N).size = put.length;
      }
      splice(f, this.find(holder, list, f, lo, hi, list.keyOf(item)), 0, put);
      hi += put.length;
    }
    return hi;
  }

  /** The first index in f[lo, hi) (a stretch of `holder`, in `list`'s noted order) whose item's key is not before `key`. */
  private find(holder: N | undefined, list: AnyList, f: readonly Job[], lo: number, hi: number, key: unknown): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list.compare(list.keyOf(this.itemOf(holder, f[mid])), key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** What `holder` files `job` under: the job itself in a leaf, else the node under `holder` that holds its leaf. */
  private itemOf(holder: N | undefined, job: Job): unknown {
    if (this.holdsJobs(holder)) return job;
    const { tree } = this;
    let node = tree.leafOf(job);
    for (let up = tree.parentOf(node); up !== holder; up = tree.parentOf(node)) node = up!;
    return node;
  }

  private depthOf(node: N): number {
    let d = this.#depth.get(node);
    if (d === undefined) {
      const parent = this.tree.parentOf(node);
      // recursion as deep as the tree, which the schema bounds (MAX_TREE_DEPTH)
      this.#depth.set(node, (d = parent === undefined ? 0 : this.depthOf(parent) + 1));
    }
    return d;
  }

  private stateOf(node: N): NodeState {
    let c = this.#nodes.get(node);
    if (c === undefined) this.#nodes.set(node, (c = { offered: false, offeredChildren: 0, size: 0 }));
    return c;
  }

  private levelOf(parent: N | undefined): KeyedList<N, unknown> {
    let l = this.#levels.get(parent);
    if (l === undefined) this.#levels.set(parent, (l = new KeyedList(this.tree.compareNodes)));
    return l;
  }

  private jobsOf(leaf: N): KeyedList<Job, unknown> {
    let l = this.#jobs.get(leaf);
    if (l === undefined) this.#jobs.set(leaf, (l = new KeyedList(this.tree.compareJobs(leaf))));
    return l;
  }
}

/** f.splice(at, count, ...put), a long `put` by a loop (a spread's arguments are bounded by the stack). */
function splice(f: Job[], at: number, count: number, put: readonly Job[]): void {
  if (put.length < SPREAD_MAX) {
    f.splice(at, count, ...put);
    return;
  }
  const tail = f.splice(at);
  for (let i = 0; i < put.length; i++) f.push(put[i]);
  for (let i = count; i < tail.length; i++) f.push(tail[i]);
}
