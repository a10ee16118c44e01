/**
 * DSBRA's formulas (Suresh and Gopalan, IJITCS 2015, equations 1-3 and Algorithm 1; SPEC.md section 4), one round
 * at a time, apart from HDFS so that a table computed by hand checks them.
 *
 * Per block i, since the last round: N_i maps that read it, M_i of them delayed by delay scheduling, DT_i their total
 * delay; D is the delay threshold.
 *   X_i  = (M_i / N_i + DT_i / (D N_i)) / 2        (N_i taken as 1 when no map read the block: the paper's initial
 *                                                    N_i = 1; M_i and DT_i are then 0, and so is X_i)
 *   RF_i = (alpha X_i + (1 - alpha) Y_i) / 2       (Y_i as it was before this round)
 *   Y_i  = (Y_i n + RF_i) / (n + 1)                (n: rounds before this one, since the block's creation)
 *   GAvg = mean RF_i over the blocks; DNAvg_j = sum of RF_i over the blocks node j holds / their number.
 */

/** The round's decision for one block, by its RF and GAvg (Algorithm 1). */
export const KEEP = 0;
export const DEREPLICATE = 1;
export const REPLICATE = 2;
export type Decision = typeof KEEP | typeof DEREPLICATE | typeof REPLICATE;

/** Algorithm 1's thresholds: below GAVG_FLOOR only dereplication (of RF <= COLD_RF); else RF <= GAVG_FLOOR drops, RF > GAvg + HOT_MARGIN gains. */
export const GAVG_FLOOR = 0.2;
export const COLD_RF = 0.1;
export const HOT_MARGIN = 0.2;
/** One new replica per this much of RF above GAvg. */
export const RF_PER_REPLICA = 0.2;

export function currentLoad(n: number, m: number, dtMs: number, delayThresholdMs: number): number {
  const reads = Math.max(n, 1);
  return (m / reads + dtMs / (delayThresholdMs * reads)) / 2;
}

export function replicationFactor(x: number, y: number, alpha: number): number {
  return (alpha * x + (1 - alpha) * y) / 2;
}

export function history(y: number, rounds: number, rf: number): number {
  return (y * rounds + rf) / (rounds + 1);
}

/**
 * What Algorithm 1 does to a block with `rf` and `replicas` readable replicas (default `defaultReplicas`) in a round
 * with `gAvg`, and how many replicas a REPLICATE adds: floor((RF_i - GAvg) / 0.2), at least 1 ("a replica for every
 * 20% increase of RF_i").
 */
export function decide(rf: number, gAvg: number, replicas: number, defaultReplicas: number): { decision: Decision; add: number } {
  const extra = replicas > defaultReplicas;
  if (gAvg <= GAVG_FLOOR) return { decision: rf <= COLD_RF && extra ? DEREPLICATE : KEEP, add: 0 };
  if (rf <= GAVG_FLOOR) return { decision: extra ? DEREPLICATE : KEEP, add: 0 };
  if (rf > HOT_MARGIN + gAvg) return { decision: REPLICATE, add: Math.max(1, Math.floor((rf - gAvg) / RF_PER_REPLICA + 1e-9)) };
  return { decision: KEEP, add: 0 };
}
