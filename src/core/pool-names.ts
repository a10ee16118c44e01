/**
 * The pools the generated workloads file their jobs under, in one place: the generators name them from here, and the
 * scenario's validation lists them from here (a parent pool or queue may not take one of these names).
 */
import { FACEBOOK_BINS } from './facebook-bins.js';

/** A listed job's pool: its own, else its user's, else "default" (Hadoop's poolnameproperty falls back to the user). */
export const listedJobPool = (j: { pool?: string | undefined; user?: string | undefined }): string => j.pool ?? j.user ?? 'default';

/** A generated group's jobs' pool: its own, else the group's name. */
export const groupPool = (g: { pool?: string | undefined; name: string }): string => g.pool ?? g.name;

/** The facebook workload's job i: ten user pools, round robin. */
export const FACEBOOK_USER_POOLS = 10;
export const facebookPool = (i: number): string => `user${i % FACEBOOK_USER_POOLS}`;

export type SwimPools = 'bin' | 'round-robin' | 'single';

/** The swim workload's row i (of size bin `bin`), by its `pools` setting. */
export function swimPool(pools: SwimPools, poolCount: number, i: number, bin: number): string {
  return pools === 'bin' ? `bin${bin}` : pools === 'round-robin' ? `user${i % poolCount}` : 'default';
}

/** Every pool a swim workload with these settings may name. */
export function swimPools(pools: SwimPools, poolCount: number): string[] {
  if (pools === 'bin') return FACEBOOK_BINS.map((b) => swimPool(pools, poolCount, 0, b.bin));
  return Array.from({ length: pools === 'round-robin' ? poolCount : 1 }, (_, i) => swimPool(pools, poolCount, i, 1));
}
