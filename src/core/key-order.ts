/**
 * Object keys in the order a file wrote them. JavaScript objects list integer-like keys ("123") first, in numeric
 * order, whatever the text said; where order means something (a scenario's variants: the table, the baseline of its
 * speed-ups, a sweep's variant axis), the reader of the file notes the written order here, and keysAsWritten gives it.
 */
const written = new WeakMap<object, readonly string[]>();

/** Notes the order `keys` (the object's own keys, as written) for object `o`. */
export function noteKeysAsWritten(o: object, keys: readonly string[]): void {
  written.set(o, keys);
}

/** Object o's own keys in the order its file wrote them when its reader noted that order, else Object.keys order. */
export function keysAsWritten(o: object): readonly string[] {
  return written.get(o) ?? Object.keys(o);
}

/** Whether JavaScript lists `key` before the other keys of an object (an array index: "0", "7", "123"; not "01"). */
export function isIndexKey(key: string): boolean {
  return /^(0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}
