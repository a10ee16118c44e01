/**
 * A fluid rack's record of where its maps' outputs are: for each job, the node (offset in the rack) of each of its
 * maps this rack has reported finished, in report order. The master's progress notices count a job's maps finished on
 * the rack (map-outputs.ts) in the same order (each heartbeat's finished tasks before its notices), so the first
 * `inRack` entries are exactly the outputs a notice announces: a reduce fetches each from the node that holds it
 * (rack-slots.ts). Append-only within an epoch; the rack saves and restores it around its predicted pass (only the
 * lengths change, so a restore truncates the jobs appended to since the save).
 */
import { grownInts } from './grown.js';

const EMPTY = new Int32Array(0);

export class MapLog {
  private readonly nodes = new Map<number, Int32Array>();
  private readonly lengths = new Map<number, number>();
  /** (job, length at the save) for each job appended to since the last save. */
  private changed: number[] = [];
  private readonly changedJobs = new Set<number>();

  /** Map outputs of `job` on this rack's log so far. */
  length(job: number): number {
    return this.lengths.get(job) ?? 0;
  }

  /** `job`'s log: node offsets, entries 0 .. length(job) - 1 valid (an append may replace the array). */
  entries(job: number): Int32Array {
    return this.nodes.get(job) ?? EMPTY;
  }

  /** A map of `job` on node offset `node` was reported finished. */
  append(job: number, node: number): void {
    const n = this.length(job);
    if (!this.changedJobs.has(job)) {
      this.changedJobs.add(job);
      this.changed.push(job, n);
    }
    let a = this.nodes.get(job);
    if (a === undefined) this.nodes.set(job, (a = new Int32Array(8)));
    else if (n === a.length) this.nodes.set(job, (a = grownInts(a, 2 * n)));
    a[n] = node;
    this.lengths.set(job, n + 1);
  }

  /**
   * `job` is done: its entries go (no reduce of it will fetch). Call only right before a save (FluidRack: after the
   * committed pass): a restore before it would not bring them back.
   */
  forget(job: number): void {
    this.nodes.delete(job);
    this.lengths.delete(job);
  }

  /** Jobs with a log (tests). */
  get jobs(): number {
    return this.nodes.size;
  }

  /** The log as it stands is the saved one. */
  save(): void {
    this.changed.length = 0;
    this.changedJobs.clear();
  }

  /** Back to the last save: the entries appended since are dropped. */
  restore(): void {
    for (let k = 0; k < this.changed.length; k += 2) this.lengths.set(this.changed[k], this.changed[k + 1]);
    this.save();
  }
}
