/** Structural mutations of a JSON document (scenario, sweep): replace, delete, add, duplicate, retype, nest, graft. */
import type { Chooser } from './random.js';
import { READ_PATHS, boundaryValue, copiesWithin, nested, raw, stringifyRaw } from './values.js';

type Container = Record<string, unknown> | unknown[];

export interface Slot {
  parent: Container;
  key: string | number;
  /** Dotted path from the root, e.g. "scheduler.pools.0.name". */
  path: string;
  value: unknown;
}

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** Every value under the root (not the root itself), parents before children; at most `perArray` elements of an array. */
export function slots(root: unknown, limit = 20_000, perArray = Infinity): Slot[] {
  const out: Slot[] = [];
  const queue: Array<[Container, string]> = isContainer(root) ? [[root, '']] : [];
  for (let q = 0; q < queue.length && out.length < limit; q++) {
    const [parent, prefix] = queue[q];
    // Array.from, not map: a graft past an array's end leaves holes, which map skips.
    const entries: Array<[string | number, unknown]> = Array.isArray(parent)
      ? Array.from(parent.slice(0, perArray), (v, i) => [i, v]) : Object.entries(parent);
    for (const [key, value] of entries) {
      const path = prefix === '' ? String(key) : `${prefix}.${key}`;
      out.push({ parent, key, path, value });
      if (isContainer(value)) queue.push([value, path]);
    }
  }
  return out;
}

/** Sets an own property, "__proto__" included (a JSON key, not the prototype). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function put(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = value;
  else setOwn(slot.parent, slot.key as string, value);
}

function remove(slot: Slot): void {
  if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
  else delete slot.parent[slot.key as string];
}

const clone = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

const CHEAP = /(^|\.)(pools|users|queues|seeds|files|axes\.[^.]+|charts|bins|variants)(\.|$)/;

/** Field names worth adding where they do not belong. */
const KEYS = ['__proto__', 'constructor', 'prototype', 'unknownField', 'pools', 'queues', 'allocationFile', 'variants', 'trace',
  'maxRunningJobs', 'minMaps', 'weight', 'seed', 'name', 'count', 'jobs', 'durationJitter', 'delay', ''];

/**
 * Values grafted from the other seed documents, by path: mixes valid parts into places they were never tried. `parts`,
 * where given, are the path's keys (a document whose keys hold dots, as an SLS trace's "job.tasks"); else the dotted path's.
 */
export type Donors = ReadonlyArray<{ path: string; value: unknown; parts?: readonly string[] }>;
const partsOf = (d: Donors[number]): string[] => [...(d.parts ?? d.path.split('.'))];

/** Applies one random structural mutation to `doc` (in place when possible); returns the new root and what was done. */
export function mutateJson(c: Chooser, doc: unknown, donors: Donors): { doc: unknown; what: string } {
  // A long array is sampled by its first elements, not picked a thousand times more often than the rest.
  const all = slots(doc, 20_000, 20);
  if (all.length === 0 || c.chance(0.02)) {
    const v = boundaryValue(c);
    return { doc: v, what: `root = ${short(v)}` };
  }
  const slot = c.pick(all);
  switch (c.weighted([30, 12, 10, 8, 8, 4, 4, 12, 6, 6])) {
    case 0: {
      const v = boundaryValue(c, slot.value);
      put(slot, v);
      return { doc, what: `${slot.path} = ${short(v)}` };
    }
    case 1:
      remove(slot);
      return { doc, what: `delete ${slot.path}` };
    case 2: {
      const target = isContainer(slot.value) && !Array.isArray(slot.value) ? slot.value : slot.parent;
      const key = c.pick(KEYS);
      const v = c.chance(0.5) ? boundaryValue(c) : clone(c.pick(donors).value);
      if (Array.isArray(target)) target.push(v);
      else setOwn(target, key, v);
      return { doc, what: `add ${key} = ${short(v)} near ${slot.path}` };
    }
    case 3: {
      const arr = Array.isArray(slot.value) && slot.value.length > 0 ? slot.value : Array.isArray(slot.parent) ? slot.parent : undefined;
      if (!arr) return mutateJson(c, doc, donors);
      // Thousands of copies only where a copy should be refused or cost nothing (names, seeds, values of an axis):
      // thousands of jobs or groups are a legitimately long run, not a finding.
      const wanted = c.pick(CHEAP.test(slot.path) ? [1, 2, 10, 1000, 20_000] : [1, 2, 10]);
      const item = arr[c.int(arr.length)];
      const copies = copiesWithin(wanted, (stringifyRaw(item) ?? '').length);
      for (let i = 0; i < copies; i++) arr.push(clone(item));
      return { doc, what: `duplicate an element of ${slot.path} ${copies} times` };
    }
    case 4: {
      const depth = c.pick([3, 100, 2000, 100_000]);
      // Past a few thousand levels JSON.stringify itself overflows: the deepest nesting goes in as text.
      put(slot, depth > 2000 ? raw('['.repeat(depth) + ']'.repeat(depth)) : nested(depth, slot.value, c.chance(0.5)));
      return { doc, what: `${slot.path} nested ${depth} deep` };
    }
    case 5: {
      const other = c.pick(all);
      if (other.path.startsWith(slot.path) || slot.path.startsWith(other.path)) return mutateJson(c, doc, donors);
      const a = clone(slot.value);
      put(slot, clone(other.value));
      put(other, a);
      return { doc, what: `swap ${slot.path} and ${other.path}` };
    }
    case 6: {
      const v = c.pick(READ_PATHS);
      put(slot, v);
      return { doc, what: `${slot.path} = ${JSON.stringify(v)}` };
    }
    case 7: {
      const donor = c.pick(donors);
      setPathIn(doc, partsOf(donor), clone(donor.value));
      return { doc, what: `graft ${donor.path} = ${short(donor.value)}` };
    }
    case 8: {
      const donor = c.pick(donors);
      const v = boundaryValue(c, donor.value);
      setPathIn(doc, partsOf(donor), v);
      return { doc, what: `${donor.path} = ${short(v)} (a field of another example)` };
    }
    default: {
      const v = c.pick([raw('1e400'), raw('-1e400'), raw('-0.0')]);
      put(slot, v);
      return { doc, what: `${slot.path} = ${v.replace(/@@(raw:)?/g, '')}` };
    }
  }
}

/**
 * A mutation that mostly keeps the document valid, so the simulator itself runs odd but legal configurations:
 * a number halved, doubled, stepped or zeroed; a string or boolean replaced by another example's value of a field of
 * the same name (policy fifo -> hfs, delay mode, preemption on); a field of another example grafted in.
 */
export function mutateGently(c: Chooser, doc: unknown, donors: Donors): { doc: unknown; what: string } {
  const leaves = slots(doc, 20_000, 20).filter((s) => typeof s.value !== 'object' || s.value === null);
  if (leaves.length === 0 || c.chance(0.25)) {
    const donor = c.pick(donors);
    setPathIn(doc, partsOf(donor), clone(donor.value));
    return { doc, what: `graft ${donor.path} = ${short(donor.value)}` };
  }
  const slot = c.pick(leaves);
  let v: unknown;
  if (typeof slot.value === 'number') {
    const n = slot.value;
    v = c.pick([0, 1, 2, n * 2, n + 1, Math.max(0, n - 1), Math.round(n / 2), n / 2, n * 10]);
  } else {
    const sameKey = donors.filter((d) => partsOf(d).pop() === String(slot.key) && typeof d.value === typeof slot.value);
    v = sameKey.length > 0 ? clone(c.pick(sameKey).value) : typeof slot.value === 'boolean' ? !slot.value : slot.value;
  }
  put(slot, v);
  return { doc, what: `${slot.path} = ${short(v)} (gently)` };
}

/** Sets a dotted path, creating objects on the way; a non-container on the way is replaced. */
function setPathIn(doc: unknown, parts: string[], value: unknown): void {
  if (!isContainer(doc)) return;
  let node: Container = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = (node as Record<string, unknown>)[parts[i]];
    if (isContainer(next)) node = next;
    else {
      const fresh = {};
      if (Array.isArray(node)) node[Number(parts[i])] = fresh;
      else setOwn(node, parts[i], fresh);
      node = fresh;
    }
  }
  const last = parts[parts.length - 1];
  if (Array.isArray(node)) node[Number(last)] = value;
  else setOwn(node, last, value);
}

/** Text-level damage a parser must report with a position: truncation, junk, a BOM, a comment, a repeated key. */
export function mutateJsonText(c: Chooser, text: string): { text: string; what: string } {
  const at = c.int(text.length + 1);
  switch (c.int(6)) {
    case 0:
      return { text: text.slice(0, at), what: `cut at ${at}` };
    case 1: {
      const junk = c.pick(['}', ']', ',', '"', '\\', '\u0000', 'NaN', '//', '/*', '\ufffd']);
      return { text: text.slice(0, at) + junk + text.slice(at), what: `insert ${JSON.stringify(junk)} at ${at}` };
    }
    case 2:
      return { text: '\ufeff' + text, what: 'byte order mark' };
    case 3:
      return { text: text.replace('{', '{ // comment\n'), what: 'comment' };
    case 4:
      return { text: text.replace(/\{\s*"([^"]+)"\s*:/, '{ "$1": 1, "$1":'), what: 'repeated key' };
    default:
      return { text: text + c.pick(['\n', ' x', '{}', '\n\n\n']), what: 'trailing text' };
  }
}

export function short(v: unknown): string {
  const s = typeof v === 'string' && v.startsWith('@@raw:') ? v.slice(6, -2) : stringifyRaw(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
