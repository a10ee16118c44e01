/**
 * The order of a chart's series (its legend, its colours, its bars within a group). Left to vega-lite, a nominal
 * field sorts as text: maxSkips=0, maxSkips=1, maxSkips=10, maxSkips=2. Here each series carries a sort key, a list
 * of numbers: a numeric value is itself, a size bin its number, any other value its rank among its axis's values as
 * the sweep file lists them (so variants keep their declared order, the baseline first).
 */
import { compareCodeUnits } from '../core/code-units.js';

/** A series name with its sort key. */
export interface Keyed {
  series: string;
  key: readonly number[];
}

/** The key of one axis value: the number itself, else its rank among the axis's listed values (unlisted: after them). */
export function valueKey(v: unknown, listed: readonly unknown[] = []): number {
  if (typeof v === 'number') return v;
  const text = JSON.stringify(v);
  const i = listed.findIndex((x) => JSON.stringify(x) === text);
  return i === -1 ? listed.length : i;
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Each series once, ordered by its key (its first key seen), then by name. */
export function seriesDomain(items: Iterable<Keyed>): string[] {
  const keys = new Map<string, readonly number[]>();
  for (const { series, key } of items) if (!keys.has(series)) keys.set(series, key);
  return [...keys].sort(([an, ak], [bn, bk]) => compareKeys(ak, bk) || compareCodeUnits(an, bn)).map(([name]) => name);
}

/** Series of runs in the order first seen (a run report's variants, as the scenario lists them). */
export function firstSeen(): (name: string) => number {
  const seen = new Map<string, number>();
  return (name) => {
    if (!seen.has(name)) seen.set(name, seen.size);
    return seen.get(name)!;
  };
}
