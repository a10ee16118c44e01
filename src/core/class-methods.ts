/**
 * The methods a plugin's object has from its classes: on its prototypes, where Object.keys does not see them, so a
 * class-based plugin's misspelled method was never read, silently (registry.ts and plugin-checks.ts look at these too).
 */

/** The names of the methods `value` inherits from its classes (not Object's, not constructor, not accessors). */
export function classMethodNames(value: object): string[] {
  const names = new Set<string>();
  for (let p: object | null = Object.getPrototypeOf(value); p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(p, name)?.value === 'function') names.add(name);
  }
  return [...names];
}
