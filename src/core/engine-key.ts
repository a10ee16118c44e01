/**
 * The engine's key to the methods that change a job (start, finish, requeue a task; record its times). A plugin is
 * handed the engine's own jobs, frozen, and those methods are on them: called by a plugin, they changed the run
 * silently (a comparator calling mapsDoneAt(0) finished jobs 9-12 s early; recordMapStart gave a utilisation of
 * -22.7). Each takes this key first and refuses a call without it. It is not exported from the library's index.
 */
export const ENGINE: unique symbol = Symbol('hfsim engine');
export type EngineKey = typeof ENGINE;

/**
 * Throws unless `key` is the engine's: `method` of `owner` (`job j1`; `pool "prod"` or a pool's share, which a plugin
 * reaches through the pools it reads: pools.pools[0].joined(job) had put a job in its pool twice, silently), a `noun`,
 * was called from outside the engine.
 */
function checkEngineCall(key: unknown, owner: string, method: string, noun: 'job' | 'pool'): void {
  if (key !== ENGINE) throw new TypeError(`${owner}: ${method}() changes the ${noun} and is the engine's to call: a plugin reads ${noun}s and cannot change them`);
}

/** Throws unless `key` is the engine's: `method` of job `id` was called from outside the engine. */
export const checkEngine = (key: unknown, id: string, method: string): void => checkEngineCall(key, `job ${id}`, method, 'job');

/** Throws unless `key` is the engine's: `method` of a pool (`owner`: `pool "prod"`, or a pool's share) was called from outside it. */
export const checkEngineForPool = (key: unknown, owner: string, method: string): void => checkEngineCall(key, owner, method, 'pool');
