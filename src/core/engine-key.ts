/**
 * The engine's key to the methods that change a job (start, finish, requeue a task; record its times). A plugin is
 * handed the engine's own jobs, frozen, and those methods are on them: called by a plugin, they changed the run
 * silently (a comparator calling mapsDoneAt(0) finished jobs 9-12 s early; recordMapStart gave a utilisation of
 * -22.7). Each takes this key first and refuses a call without it. It is not exported from the library's index.
 */
export const ENGINE: unique symbol = Symbol('hfsim engine');
export type EngineKey = typeof ENGINE;

/** Throws unless `key` is the engine's: `method` of job `id` was called from outside the engine. */
export function checkEngine(key: unknown, id: string, method: string): void {
  if (key !== ENGINE) throw new TypeError(`job ${id}: ${method}() changes the job and is the engine's to call: a plugin reads jobs and cannot change them`);
}

/**
 * Throws unless `key` is the engine's: `method` of a pool (`owner`: `pool "prod"`, or a pool's share) was called from
 * outside the engine. A plugin reaches a pool through the pools it reads (pools.pools[0].joined(job) had put a job in
 * it twice, silently).
 */
export function checkEngineForPool(key: unknown, owner: string, method: string): void {
  if (key !== ENGINE) throw new TypeError(`${owner}: ${method}() changes the pool and is the engine's to call: a plugin reads pools and cannot change them`);
}
