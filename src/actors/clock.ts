/**
 * Now, in ms on the machine's monotonic clock (CLOCK_MONOTONIC on Linux, through libuv's hrtime): one clock for every
 * process of the machine, so a worker process's times compare with its pool's. performance.timeOrigin + now() is not:
 * each process pairs its own start with the wall clock, and two processes disagreed by over a millisecond (a task
 * that ended after its answer was read).
 */
export const clockMs = (): number => Number(process.hrtime.bigint()) / 1e6;
