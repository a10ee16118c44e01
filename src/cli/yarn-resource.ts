/**
 * A YARN Fair Scheduler resource value (minResources, maxResources, maxChildResources, queueMaxResourcesDefault) as
 * Hadoop 3's FairSchedulerConfiguration.parseResourceConfigValue reads it, and its slots in hfsim, whose slot is one
 * SLOT_MB, 1-vcore container. The forms, told apart as Hadoop tells them (an "=" first, then a "%"):
 * - "X mb, Y vcores" (any case, any order; both needed, as Hadoop needs them): absolute. A decimal counts by its whole
 *   part, as Hadoop's regex reads it.
 * - "memory-mb=X, vcores=Y" (names in their exact case, as YARN's resource types are named; whole numbers, as
 *   Long.parseLong reads them): absolute, a resource left out being unbounded in a max and none in a min (Hadoop's
 *   `missing`: Long.MAX_VALUE, 0 for minResources).
 * - "memory-mb=X%, vcores=Y%": every value a percentage, a resource left out being 100%.
 * - "X%": that share of every resource; "X% memory, Y% cpu" (any case, any order; both needed, "cpu" as Hadoop names it):
 *   each its own share. A single part is one share of every resource whatever word follows it ("50% memory" is 50% of the
 *   cpu too), as Hadoop's getResourcePercentage reads it.
 * An amount past Java's Long.MAX_VALUE is refused, as YARN's Long.parseLong refuses the file ("Error reading resource
 * config"): 10^24 mb with 10 vcores ran, capped by its vcores. A percentage may pass 100% (Hadoop sets no bound); it
 * may not be negative. hfsim is stricter than Hadoop's regexes in
 * one way only: every comma-separated part must be one of these, where Hadoop finds its numbers anywhere and skips the rest.
 *
 * A percentage is of the cluster (ConfigurableResource.getResource: memory (long)(cluster MB x share), vcores
 * (int)(cluster vcores x share), each truncated in double arithmetic, as here). hfsim's map and reduce slots are two
 * pools of containers: a share of each kind is taken of that kind's slots, C slots being C x SLOT_MB MB and C vcores.
 */
/** hfsim's slot: one container of this much memory (and one vcore). */
export const SLOT_MB = 1024;

/** A resource value as read: absolute (undefined: not given, in the new form) or shares of the cluster (1 = 100%). */
export type YarnResource =
  | { form: 'absolute'; mb?: number; vcores?: number }
  | { form: 'percent'; memory: number; vcores: number };

/** The cluster's slots of each kind: a percentage is a share of them. */
export interface ClusterSlots {
  maps: number;
  reduces: number;
}

/** Java's Long.MAX_VALUE, in digits: YARN reads an amount with Long.parseLong, and refuses the file past it. */
const LONG_MAX = '9223372036854775807';

/** Why YARN refuses the whole number `digits` (past Long.MAX_VALUE), or undefined: it reads it. */
function pastLong(digits: string): string | undefined {
  const d = digits.replace(/^0+(?=\d)/, '');
  if (d.length < LONG_MAX.length || (d.length === LONG_MAX.length && d <= LONG_MAX)) return undefined;
  return `${digits} is past the largest number YARN reads (Long.MAX_VALUE, ${LONG_MAX}): YARN refuses the file ("Error reading resource config")`;
}

const FORMS = '"X mb, Y vcores", "memory-mb=X, vcores=Y" or a percentage ("50%", "50% memory, 60% cpu", "memory-mb=50%, vcores=60%")';
const PERCENT = /^(\d+(?:\.\d*)?)\s*%$/;

/** `text` read as YARN reads a resource value, or why it cannot be (to follow the element's name: "must be ..."). */
export function parseYarnResource(text: string): YarnResource | { error: string } {
  const value = text.trim();
  const bad = (why: string): { error: string } => ({ error: `must be ${FORMS}, not "${text}" (${why})` });
  if (value === '') return bad('it is empty');
  if (value.includes('=')) return newStyle(value, bad);
  if (value.includes('%')) return oldStylePercent(value.toLowerCase(), bad);
  let mb: number | undefined;
  let vcores: number | undefined;
  for (const part of value.toLowerCase().split(',')) {
    // "vcores" alone: Hadoop's findResource looks for that word, and refuses "2 vcore" ("Missing resource: vcores").
    const m = /^\s*(\d+)(?:\.\d+)?\s*(mb|vcores)\s*$/.exec(part);
    if (m === null) return bad(`"${part.trim()}" is none of them${/^\s*\d+(?:\.\d+)?\s*vcore\s*$/.test(part) ? ': YARN reads "vcores", and without it refuses the value ("Missing resource: vcores")' : ''}`);
    const past = pastLong(m[1]);
    if (past !== undefined) return bad(past);
    if (m[2] === 'mb') {
      if (mb !== undefined) return bad('memory is given twice');
      mb = Number(m[1]);
    } else {
      if (vcores !== undefined) return bad('vcores are given twice');
      vcores = Number(m[1]);
    }
  }
  // Both are needed, as Hadoop's findResource needs them ("Missing resource: vcores"), whatever its javadoc says of "1024 mb".
  if (mb === undefined) return bad('it gives no memory: YARN refuses it, "Missing resource: mb"');
  if (vcores === undefined) return bad(`it gives no vcores: YARN refuses it, "Missing resource: vcores"; write "${mb} mb, ${Math.floor(mb / SLOT_MB)} vcores", or "memory-mb=${mb}", which leaves vcores out (unbounded in a max)`);
  return { form: 'absolute', mb, vcores };
}

/** "name=value, ..." (YARN's parseNewStyleResource): all absolute, or all percentages when any holds a "%". */
function newStyle(value: string, bad: (why: string) => { error: string }): YarnResource | { error: string } {
  const asPercent = value.includes('%');
  const given: { 'memory-mb'?: number; vcores?: number } = {};
  for (const part of value.split(',')) {
    const sides = part.split('=');
    if (sides.length !== 2) return bad(`"${part.trim()}" is not name=value`);
    const name = sides[0].trim();
    const v = sides[1].trim();
    if (name !== 'memory-mb' && name !== 'vcores') return bad(`"${name}" is no resource: YARN names them memory-mb and vcores, in that case`);
    if (given[name] !== undefined) return bad(`${name} is given twice`);
    if (asPercent) {
      const m = PERCENT.exec(v);
      if (m === null) return bad(`"${v}" is no percentage, and with one percentage every value must be one`);
      given[name] = Number(m[1]) / 100;
    } else {
      if (!/^\d+$/.test(v)) return bad(`"${v}" is not a whole number of ${name === 'vcores' ? 'vcores' : 'MB'}`);
      const past = pastLong(v);
      if (past !== undefined) return bad(past);
      given[name] = Number(v);
    }
  }
  if (asPercent) return { form: 'percent', memory: given['memory-mb'] ?? 1, vcores: given.vcores ?? 1 };
  return { form: 'absolute', ...(given['memory-mb'] === undefined ? {} : { mb: given['memory-mb'] }), ...(given.vcores === undefined ? {} : { vcores: given.vcores }) };
}

/** "X%" or "X% memory, Y% cpu" (YARN's getResourcePercentage), lower-cased. */
function oldStylePercent(value: string, bad: (why: string) => { error: string }): YarnResource | { error: string } {
  const parts = value.split(',');
  if (parts.length === 1) {
    const m = /^(\d+(?:\.\d*)?)\s*%\s*(?:memory|cpu)?$/.exec(value);
    if (m === null) return bad(`"${value}" is no percentage`);
    const share = Number(m[1]) / 100;
    return { form: 'percent', memory: share, vcores: share };
  }
  const shares: { memory?: number; cpu?: number } = {};
  for (const part of parts) {
    const m = /^\s*(\d+(?:\.\d*)?)\s*%\s*(memory|cpu)\s*$/.exec(part);
    if (m === null) return bad(`"${part.trim()}" is not "X% memory" or "X% cpu"${/vcore/.test(part) ? ': this form names vcores "cpu"' : ''}`);
    const kind = m[2] as 'memory' | 'cpu';
    if (shares[kind] !== undefined) return bad(`${kind} is given twice`);
    shares[kind] = Number(m[1]) / 100;
  }
  if (shares.memory === undefined || shares.cpu === undefined) return bad(`it gives no ${shares.memory === undefined ? 'memory' : 'cpu'} share (YARN: "Missing resource")`);
  return { form: 'percent', memory: shares.memory, vcores: shares.cpu };
}

/**
 * The resource against a cluster of `slots` slots of one kind, in MB and vcores (Infinity: unbounded), as YARN's
 * ConfigurableResource.getResource computes it; a resource the new form leaves out is `missing` (YARN: unbounded in a
 * max, none in a min).
 */
export function resolveResource(r: YarnResource, slots: number, missing: number): { mb: number; vcores: number } {
  if (r.form === 'absolute') return { mb: r.mb ?? missing, vcores: r.vcores ?? missing };
  return { mb: Math.trunc(slots * SLOT_MB * r.memory), vcores: Math.trunc(slots * r.vcores) };
}
