/**
 * A fluid rack's record of where its maps' outputs are: for each job, the node (offset in the rack) of each of its
 * maps this rack has reported finished, in report order. The master's progress notices count a job's maps finished on
 * the rack (map-outputs.ts) in the same order (each heartbeat's finished tasks before its notices), so the first
 * `inRack` entries are exactly the outputs a notice announces: a reduce fetches each from the node that holds it
 * (rack-slots.ts). Append-only within an epoch; the rack saves and restores it around its predicted pass (only the
 * lengths change, so a restore truncates the jobs appended to since the save), and drops a job once the master says
 * it is done (forget).
 */
const EMPTY: readonly number[] = [];

/**
 * One job's log: entries 0 .. n - 1 of `nodes` (a plain array of small integers: a typed array a job and rack, grown
 * by doubling, cost fb2010-day fluid 0.8 s in allocations, 509 K of them); `savedN`, its length at the last save if
 * appended to since, else -1.
 */
interface JobLog {
  nodes: number[];
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

  /** `job`'s log: node offsets, entries 0 .. length(job) - 1 valid (past them, entries a restore dropped). */
  entries(job: number): readonly number[] {
    return this.logs.get(job)?.nodes ?? EMPTY;
  }

  /** A map of `job` on node offset `node` was reported finished. */
  append(job: number, node: number): void {
    let log = this.logs.get(job);
    if (log === undefined) this.logs.set(job, (log = { nodes: [], n: 0, savedN: -1 }));
    if (log.savedN < 0) {
      log.savedN = log.n;
      this.changed.push(log);
    }
    if (log.n === log.nodes.length) log.nodes.push(node);
    else log.nodes[log.n] = node;
    log.n++;
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
