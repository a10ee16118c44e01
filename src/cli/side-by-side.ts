/**
 * When `hfsim run` without --parallel runs variants side by side: when the largest is at least this big (nodes x
 * jobs, as sweep-order.ts sizes a point). Below, a variant takes less than a worker process's start and cold JIT:
 * on the 16-core device machine, fb-macro-io's three variants (100 nodes x 100 jobs, 70-100 ms each one after
 * another, 105-140 ms each cold on a worker) took 574-900 ms as whole commands one after another and 458-809 ms
 * side by side (median 657 against 647). Its own module: main.ts reads it before loading the command line.
 */
export const SIDE_BY_SIDE_MIN_SIZE = 20_000;
