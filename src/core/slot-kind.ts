/** The two kinds of task slot a node offers (Hadoop MR1): maps and reduces. Declared here once. */
export type SlotKind = 'map' | 'reduce';
export const KINDS: readonly SlotKind[] = ['map', 'reduce'];
