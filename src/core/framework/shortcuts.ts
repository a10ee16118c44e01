/**
 * The exact shortcuts: answers that skip work the plain walk would do and provably give the same decisions for the
 * built-in plugins. A run takes a shortcut only when every plugin in it permits it (`permits: [...]`); a plugin that
 * permits none gets the plain walk, which is the specification the shortcuts must equal.
 * - skipIdleHeartbeats: heartbeats that cannot change anything are left out (racks report only finishes while
 *   no task is pending, and time jumps to the next arrival while no job is active). Wrong for a plugin that acts
 *   on a heartbeat with nothing to launch, or on time alone outside its tick.
 * - passAll: a map scan that can launch nothing is answered in O(1) (pass-all.ts). Needs a gate whose skips only
 *   add up (LocalityGate.lazy) and a map choice that launches only what the gate allows, node-local first.
 */
export const SHORTCUTS = ['skipIdleHeartbeats', 'passAll'] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

/** The shortcuts every one of `plugins` permits. */
export function permittedByAll(plugins: ReadonlyArray<{ readonly permits?: readonly Shortcut[] }>): ReadonlySet<Shortcut> {
  return new Set(SHORTCUTS.filter((s) => plugins.every((p) => p.permits?.includes(s) ?? false)));
}
