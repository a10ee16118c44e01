/**
 * Units of the hardware model, apart from its schema (config.ts): the rack actors on worker threads use them, and a
 * worker that imported config.ts would load zod first (about half of a worker's start-up).
 */

/** MB/s of a link of `gbps` gigabits per second (10^9 bits, MB of 2^20 bytes as elsewhere in hfsim). */
export function gbpsToMBps(gbps: number): number {
  return (gbps * 1e9) / 8 / (1024 * 1024);
}
