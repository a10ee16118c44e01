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
