/** A task's state in a job's state arrays (Job.mapState, Job.reduceState). */
export const PENDING = 0;
export const RUNNING = 1;
export const DONE = 2;
