/** The name a mistyped one is likely meant as: "clustr" for "cluster", "Racks" for "racks". */
import { valueKind } from './shown-value.js';

/** Most edits (insertions, deletions, substitutions, swaps of neighbours) between a name and the one it suggests. */
const MOST_EDITS = 2;

/** Damerau-Levenshtein distance (optimal string alignment): "tpye" is one edit from "type". */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The one of `known` that `given` is likely meant as: the same but for case, else the closest within MOST_EDITS
 * (fewer for a short name: a third of its length, so neither "x" is taken for "p" nor "nope" for "type"), the first
 * of equals; undefined where none is close, or `given` is one of them.
 */
export function nearestName(given: string, known: readonly string[]): string | undefined {
  if (known.includes(given)) return undefined;
  const sameCase = known.find((k) => k.length === given.length && k.toLowerCase() === given.toLowerCase());
  if (sameCase !== undefined) return sameCase;
  const most = Math.min(MOST_EDITS, Math.floor(given.length / 3));
  let best: string | undefined;
  let bestEdits = most + 1;
  for (const k of known) {
    // lengths further apart than `most` are further apart in edits too: a key of 5 M characters was compared whole
    // with every field (132 s, 2.6 GB before its error was told)
    if (Math.abs(given.length - k.length) > most) continue;
    const edits = editDistance(given, k);
    if (edits < bestEdits) [best, bestEdits] = [k, edits];
  }
  return best;
}

/** ' (did you mean "x"?)' for the name `given` is likely meant as, or '' where none is close. */
export function didYouMean(given: string, known: readonly string[]): string {
  const near = nearestName(given, known);
  return near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
}

/** A message with didYouMean's suggestions taken out: what it says of the names given alone. */
export const withoutSuggestions = (message: string): string => message.replace(/ \(did you mean "(?:[^"\\]|\\.)*"\?\)/g, '');

/**
 * What an enumerated field's error adds: the value given (', not "Facebook"'; a number as written; a list or an
 * object by its kind) and, for a string, the allowed one it is likely meant as (' (did you mean "facebook"?)').
 */
export function notGiven(input: unknown, allowed: readonly unknown[]): string {
  const names = allowed.filter((v): v is string => typeof v === 'string');
  return `, not ${valueKind(input)}${typeof input === 'string' ? didYouMean(input, names) : ''}`;
}
