/**
 * Strings in UTF-16 code-unit order (JavaScript's < on strings), locale-free, so that a tie-break by name orders the
 * same way on every machine (localeCompare would follow the user's locale). Array.prototype.sort's comparator.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
