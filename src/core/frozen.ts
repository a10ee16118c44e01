/** Plain data a plugin is handed, made read-only: a plugin's write throws instead of changing the run. */

/** `value` and everything in it, frozen in place. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A frozen copy of plain data (the original stays the caller's, unchanged and unfrozen). */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}
