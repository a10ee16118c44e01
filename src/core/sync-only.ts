/** A plugin's calls kept synchronous: a method that returns a Promise (an async one) throws, naming the plugin and the method. */

/** Whether v is a thenable: what an async function returns. */
export function isThenable(v: unknown): boolean {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

/** The error for a plugin method `key` of `who` that returned a Promise. */
export function returnedPromise(who: string, key: string): TypeError {
  return new TypeError(`${who}: ${key}() returned a Promise: a plugin's methods run synchronously (no async, no await)`);
}

/** The objects of what a policy's create() returns whose methods the core calls too. */
const CALLED_OBJECTS: ReadonlySet<string> = new Set(['assignMaps', 'filter', 'tick', 'lazy', 'events']);

/**
 * A user's plugin object (what create() returned, or one of its objects the core calls) whose methods throw when
 * they return a Promise: the core calls a plugin synchronously, and an async method's work (launches after an
 * await) came after the heartbeat that asked for it, the run going on without it (an async assign() ran out of
 * memory after 100 s, no job finished). Each method is wrapped once, and called on the object itself. The proxy's
 * own target is an empty object inheriting from it, so that a frozen object's members can be wrapped too (a proxy
 * must give a read-only, non-configurable property of its target as it is); reads and writes go to the object.
 */
export function syncOnly<T extends object>(obj: T, who: string): T {
  const wrapped = new Map<string, { from: unknown; to: unknown }>();
  const target = obj;
  return new Proxy(Object.create(obj) as T, {
    set: (_inheriting, key, value) => Reflect.set(target, key, value, target),
    get(_inheriting, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof key !== 'string' || (typeof value !== 'function' && !(CALLED_OBJECTS.has(key) && typeof value === 'object' && value !== null))) return value;
      const known = wrapped.get(key);
      if (known !== undefined && known.from === value) return known.to;
      const to = typeof value === 'function'
        ? (...args: unknown[]): unknown => {
          const out: unknown = Reflect.apply(value, target, args);
          if (isThenable(out)) throw returnedPromise(who, key);
          return out;
        }
        : syncOnly(value as object, `${who}'s ${key}`);
      wrapped.set(key, { from: value, to });
      return to;
    },
  });
}
