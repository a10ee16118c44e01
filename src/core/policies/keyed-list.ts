/**
 * Items each with a key noted when it was put in, under a total order on the keys (no two items' keys tie), read in
 * key order. Changes are noted (set) and applied at the next read; until then they are `pending`, and `keyOf` gives an
 * item's noted (old) key, by which a holder of something kept in the same order finds where the item was (hfs-order.ts
 * keeps its flat order so: it moves only what changed, by binary searches on these keys).
 *
 * The items in order are sorted again at a read after a change, O(n log n); hfs-order.ts reads them only to walk what
 * it does not hold yet. (A sorted array kept by splices cost two memory moves of the whole list per change, for an
 * order its holder does not read.) The order is the one a full sort by the current keys gives, as the order is total.
 */
export class KeyedList<T, K> {
  readonly #noted = new Map<T, K>();
  /** Changes not yet applied: an item's new key, or undefined to take it out. */
  readonly #pending = new Map<T, K | undefined>();
  /** The items in key order, as of the last apply that changed nothing since; undefined: sort them at the next read. */
  #sorted: T[] | undefined = [];

  constructor(readonly compare: (a: K, b: K) => number) {}

  /** Puts `item` in at `key`'s place, or moves it there; `key` undefined takes it out. Applied at the next read. */
  set(item: T, key: K | undefined): void {
    this.#pending.set(item, key);
  }

  /** The items in key order (the list's own array: read it, do not keep it past the next change). */
  get items(): readonly T[] {
    this.apply();
    if (this.#sorted === undefined) {
      const entries = [...this.#noted];
      entries.sort((a, b) => this.compare(a[1], b[1]));
      this.#sorted = entries.map((e) => e[0]);
    }
    return this.#sorted;
  }

  /** The items in the list, before the pending changes. */
  get count(): number {
    return this.#noted.size;
  }

  /** The changes set since the last read: each item's new key (undefined: out). */
  get pending(): ReadonlyMap<T, K | undefined> {
    return this.#pending;
  }

  /** The key `item` was put in at, as the list stands (before the pending changes); undefined: not in it. */
  keyOf(item: T): K | undefined {
    return this.#noted.get(item);
  }

  /** The key `item` was last set at, pending changes included; undefined: not in it, or to be taken out. */
  lastKeyOf(item: T): K | undefined {
    return this.#pending.has(item) ? this.#pending.get(item) : this.#noted.get(item);
  }

  /** Applies the pending changes. */
  apply(): void {
    if (this.#pending.size === 0) return;
    for (const [item, key] of this.#pending) {
      if (key === undefined) this.#noted.delete(item);
      else this.#noted.set(item, key);
    }
    this.#pending.clear();
    this.#sorted = undefined;
  }
}
