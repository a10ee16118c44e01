/**
 * Common random numbers for task durations: an attempt's duration factor is a function of (seed, job id, task,
 * attempt, phase) alone, so every variant of a scenario and seed (FIFO, fair, any delay) runs the very same tasks
 * whatever order it launches them in, and adding a job changes no other job's draws. Counter-based, as Random123's
 * generators: the key's words hashed (rng.ts mixKey) give two uniforms, Box-Muller a standard normal. No state; a
 * dozen integer multiplies a draw.
 */
import { hashString, mixKey } from './rng.js';

/** The draws of an attempt: its map, or a reduce's copy and compute phases, each its own. */
export const MAP_PHASE = 0;
export const COPY_PHASE = 1;
export const COMPUTE_PHASE = 2;

const TWO_32 = 4294967296;

export class TaskDraws {
  private readonly root: number;

  constructor(seed: number) {
    this.root = hashString(`${seed}/tasks`);
  }

  /** The key of a job's draws, from its id (the same whatever other jobs the workload holds). */
  jobKey(jobId: string): number {
    return mixKey(this.root, hashString(jobId));
  }

  /** A standard normal for (job, task reference, attempt, phase). */
  normal(jobKey: number, task: number, attempt: number, phase: number): number {
    const k = mixKey(mixKey(mixKey(jobKey, task), attempt), phase);
    const u = (mixKey(k, 1) + 1) / TWO_32; // (0, 1]: the log is finite
    const v = mixKey(k, 2) / TWO_32;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
