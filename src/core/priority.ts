/** Hadoop's job priorities, highest first. */
export const PRIORITIES = ['VERY_HIGH', 'HIGH', 'NORMAL', 'LOW', 'VERY_LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];
