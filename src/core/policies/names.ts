/** The names of the registered scheduling policies (kept apart from the registry so the schema needs no policy code). */
export const POLICY_NAMES = ['fifo', 'fair', 'hfs', 'capacity'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];
