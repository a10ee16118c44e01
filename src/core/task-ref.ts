/**
 * Task references: how the master, the racks and the messages name a task of a job. A map by its index (>= 0), a
 * reduce r by -(r + 1), so one Int32 column holds both. The encoding is spelled here only.
 */
export type TaskRef = number;

export const reduceRef = (r: number): TaskRef => -(r + 1);
export const isReduceRef = (task: TaskRef): boolean => task < 0;
export const isMapRef = (task: TaskRef): boolean => task >= 0;
/** The reduce index of a reduce reference. */
export const reduceOf = (task: TaskRef): number => -task - 1;

/**
 * A replica copy on the fluid model (src/core/replication/replicas.ts): launched to and reported by a rack as a task
 * of this job whose task is the block's id. No job has a negative index, and a free slot's job is -1.
 */
export const COPY_JOB = -2;
