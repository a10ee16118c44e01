/**
 * A fluid rack's record of where its maps' outputs are: for each job, the node (offset in the rack) of each of its
 * maps this rack has reported finished, in report order. The master's progress notices count a job's maps finished on
 * the rack (map-outputs.ts) in the same order (each heartbeat's finished tasks before its notices), so the first
 * `inRack` entries are exactly the outputs a notice announces: a reduce fetches each from the node that holds it
 * (rack-slots.ts). Append-only within an epoch; the rack saves and restores it around its predicted pass (only the
 * lengths change, so a restore truncates the jobs appended to since the save), and drops a job once the master says
 * it is done (forget).
 */
import { grownInts } from './grown.js';

const EMPTY = new Int32Array(0);

/** One job's log: entries 0 .. n - 1 of `nodes`; `savedN`, its length at the last save if appended to since, else -1. */
interface JobLog {
  nodes: Int32Array;
  n: number;
  savedN: number;
}

export class MapLog {
  private readonly logs = new Map<number, JobLog>();
  /** The logs appended to since the last save. */
  private readonly changed: JobLog[] = [];

  /** Map outputs of `job` on this rack's log so far. */
  length(job: number): number {
    return this.logs.get(job)?.n ?? 0;
  }

  /** `job`'s log: node offsets, entries 0 .. length(job) - 1 valid (an append may replace the array). */
  entries(job: number): Int32Array {
    return this.logs.get(job)?.nodes ?? EMPTY;
  }

  /** A map of `job` on node offset `node` was reported finished. */
  append(job: number, node: number): void {
    let log = this.logs.get(job);
    if (log === undefined) this.logs.set(job, (log = { nodes: new Int32Array(8), n: 0, savedN: -1 }));
    if (log.savedN < 0) {
      log.savedN = log.n;
      this.changed.push(log);
    }
    if (log.n === log.nodes.length) log.nodes = grownInts(log.nodes, 2 * log.n);
    log.nodes[log.n++] = node;
  }

  /**
   * `job` is done: its entries go (no reduce of it will fetch). Call only right before a save (FluidRack: after the
   * committed pass): a restore before it would not bring them back.
   */
  forget(job: number): void {
    this.logs.delete(job);
  }

  /** Jobs with a log (tests). */
  get jobs(): number {
    return this.logs.size;
  }

  /** The log as it stands is the saved one. */
  save(): void {
    for (const log of this.changed) log.savedN = -1;
    this.changed.length = 0;
  }

  /** Back to the last save: the entries appended since are dropped. */
  restore(): void {
    for (const log of this.changed) {
      log.n = log.savedN;
      log.savedN = -1;
    }
    this.changed.length = 0;
  }
}
