/**
 * Which --set a scenario error is blamed on: the one that gave its field (with a hint for a word meant as a literal),
 * or the one that brings it where the field is not its path; undefined where the file or its variant gave it.
 */
import { withoutSuggestions } from '../core/nearest-name.js';
import type { SetNaming } from './set-naming.js';

/** Words a --set value may be meant as a boolean by (JSON's literals are lowercase; `True` and `yes` are strings). */
const BOOLEAN_WORDS = /^(?:true|false|yes|no|on|off)$/i;
/** Words it may be meant as null by (removing the field). */
const NULL_WORDS = /^(?:null|none|nil)$/i;

/**
 * A hint for an error at a --set's own field whose value, typed as a word (`True`, `no`, `None`), is a string: a field
 * that wants true or false, or the field's removal, is told how JSON writes them (it said only "expected boolean,
 * received string").
 */
function literalHint(error: string, value: unknown, naming: SetNaming): string {
  // false (or False, off, no) on a field that takes an object or a list (scheduler.longTasks=false, meant as "off"):
  // zod's words alone, "expected object, received boolean"; such a field is left out by null (a section with defaults,
  // cluster.network, then takes them)
  const word = typeof value === 'string' ? value.trim() : '';
  if ((value === false || /^(?:false|off|no)$/i.test(word)) && /expected (?:object|array), received (?:boolean|string)/.test(error)) {
    return ` (${naming.value} ${JSON.stringify(value)} turns nothing off here: to leave the field out, ${naming.nulls}; a section with defaults then takes them)`;
  }
  if (typeof value !== 'string') return '';
  if (BOOLEAN_WORDS.test(word) && /expected boolean|must be true or false/.test(error)) {
    return ` (${naming.value} ${JSON.stringify(value)} is a string: ${naming.booleans})`;
  }
  // zod's own message ("expected object, received string"), or the scenario's for its numbers ("heartbeatMs must be a number")
  if (NULL_WORDS.test(word) && /received string|must be a number$/.test(error)) {
    return ` (${naming.value} ${JSON.stringify(value)} is a string: to remove the field, ${naming.nulls})`;
  }
  return '';
}

/** The field an error names (`workload.jobs: about ...`: workload.jobs). */
export const fieldOf = (error: string): string => error.slice(0, error.indexOf(': '));

/**
 * The --set that gave the field a scenario error names (`path: message`), as the error's place (`--set seed=-3: `)
 * with a hint for a word meant as a literal, or undefined when none did: the value came from the command line, not
 * from the file or the variant the error was named under before.
 */
export function setBlamed(error: string, sets: ReadonlyArray<readonly [string, unknown]>, naming: SetNaming): { place: string; hint: string } | undefined {
  // an error names a list element as pools[0], a --set path as pools.0
  const field = fieldOf(error).replace(/\[(\d+)\]/g, '.$1');
  for (let k = sets.length - 1; k >= 0; k--) { // the last --set of a path wins, as it applies last
    const [path, value] = sets[k];
    // An unknown field is reported at its parent: `--set a.b.extra=1` gives 'a.b: unknown field "extra"' (several:
    // 'unknown fields "x", "y"'; at the top: '(top level): ...').
    const parent = field === '(top level)' ? '' : `${field}.`;
    // The unknown one is the path's first segment past the parent (--set worklod.jobs=10: "worklod").
    const own = path.startsWith(parent) ? path.slice(parent.length).split('.')[0] : '';
    // (a field suggested for another, "did you mean "cluster"?", is none of them)
    const added = own !== '' && /: unknown fields? /.test(error) && withoutSuggestions(error.slice(error.indexOf(': unknown field'))).includes(`"${own}"`);
    if (field === path || field.startsWith(`${path}.`) || added) { // field's [k] are .k already
      return { place: `${naming.set(path, value)}: `, hint: field === path ? literalHint(error, value, naming) : '' };
    }
    // A path by index into a list the scenario does not write (absent, or an allocation file's) made an object keyed "0".
    if (/^\d+$/.test(path.slice(field.length + 1).split('.')[0]) && path.startsWith(`${field}.`) && /expected array, received object/.test(error)) {
      return { place: `${naming.set(path, value)}: `, hint: ` (an index reaches into a list the scenario itself writes, and it writes no ${field}: give the list whole, ${naming.give(field, '[...]')})` };
    }
  }
  return undefined;
}

/**
 * The --set that brings an error only the --sets bring, as the error's place: of those without which its field has
 * no error, the one nearest the field (sharing the most leading segments with it, the last of equals); where none
 * is (it takes two), the nearest. `fieldsWithout(k)`: the fields with errors without set k. A cross-field rule
 * (`--set scheduler.policy=quincy` under a variant's delay) was named on a later --set that only shared the path's
 * start. A field the scenario left in an object a --set changed the kind of is told to be the scenario's, and how
 * to replace the object whole. `key`: what `fieldsWithout` holds of the error (the error whole in phase 'files').
 */
export function leftBy(error: string, sets: ReadonlyArray<readonly [string, unknown]>, naming: SetNaming, fieldsWithout: (k: number) => Set<string> | undefined, key = fieldOf(error)): { place: string; hint: string } | undefined {
  const field = fieldOf(error).replace(/\[(\d+)\]/g, '.$1'); // pools[0] as a --set path writes it
  const segments = field === '(top level)' ? [] : field.split('.');
  const shared = sets.map(([path]) => {
    const keys = path.split('.');
    let n = 0;
    while (n < keys.length && n < segments.length && keys[n] === segments[n]) n++;
    return n;
  });
  const nearestFirst = sets.map((_, k) => k).sort((a, b) => shared[b] - shared[a] || b - a);
  if (nearestFirst.length === 0) return undefined;
  // One --set brings it alone: no resolve to ask which (each costs a whole resolve of the scenario).
  const brings = nearestFirst.length === 1 ? 0 : nearestFirst.find((k) => fieldsWithout(k)?.has(key) === false);
  const [path, value] = sets[brings ?? nearestFirst[0]];
  const parent = path.slice(0, path.lastIndexOf('.'));
  const hint = parent !== '' && field === parent && /: unknown fields? /.test(error)
    ? ` (left in ${parent} from the scenario: ${naming.path(path)} changes that one field; to replace ${parent} whole, ${naming.give(parent, '{...}')})`
    : '';
  return { place: `${naming.set(path, value)}: `, hint };
}
