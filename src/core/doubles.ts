/**
 * A zero that V8 stores as a double. A field or counter that starts at the literal 0 starts as a small integer (Smi);
 * its first fractional value turns the field into a double, which gives the object a new hidden class and makes the
 * optimized code that relied on the old one (the scheduler's heartbeat, launchMap, taskFinished...) deoptimize. In
 * a process that runs many simulations (a sweep's worker) each new Scheduler then starts on yet another class, and
 * its hot functions are compiled again in the second run. -0 is a heap number, so the field is a double from its
 * first write: -0 + x === x, -0 === 0, and JSON writes it as 0 (digests do not change).
 */
export const DOUBLE_ZERO = -0;
