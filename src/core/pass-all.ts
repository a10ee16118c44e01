/**
 * A map scan that can launch nothing, answered without visiting the queue's jobs one by one.
 *
 * Under a skip-count or wait gate, a job is "plain" while a visit would allow it node-local maps only, so that passing
 * it changes nothing but its skip count or wait (LazySkips.headroom > 0). When every queued job is plain and none has
 * a pending map on the heartbeat's node, the walk would visit every job, launch nothing and give each one skip. At
 * constant load per node that is most scans of a large cluster, and the walk grew with it: at 10,000 nodes the
 * queue holds a few jobs waiting for locality, about 90% of scans launch nothing and each passed about 4 jobs (0.3
 * at 600 nodes). Here such a scan costs one array read and one addition:
 * - by node (kept by rank in the heartbeat order), the queued jobs with a pending map there (Job.hasMapOn, exact:
 *   a launch clears the bit of each of its replicas' nodes where it took the job's last pending map, and says so);
 * - the skips of such scans add up in one counter, `given`; each job's share is what `given` gained since its
 *   `base`, handed over (settled) before anything reads the job's delay state;
 * - by job, `cross`: the value of `given` from which a visit would widen it, and a lower bound of it over the queue;
 *   once `given` reaches the bound, the bound is recomputed if it may be stale, and scans walk while it is reached.
 * Any other scan walks the queue as before, but a plain job with no pending map on the node, which the visit would only
 * skip, is owed that skip too (skipLater lowers its `base`) instead of being settled, read and noted; every other job
 * is settled as the walk visits it. No step costs O(queue) but the recomputation, which happens only when a bound is
 * reached. The outcome is the walk's, decision for decision: tests compare digests with the shortcut on and off
 * (Scheduler's `scan` option).
 *
 * The bits were once left set until a walk's peek found the node's stack empty (exact bits then cost three searches
 * per launch, 12% of latency-600 fair + skip, in the branch attempt/pass-all). Then 77% of the scans at 10,000 nodes
 * were answered here and about 15% more walked only to meet a stale bit; a job's count of pending maps per node, each
 * map's nodes listed at its arrival (job.ts), makes them exact for O(replicas) per launch.
 */
import type { NodeId, Rank } from './ids.js';
import type { Job } from './job.js';
import type { LazySkips } from './locality.js';

export class PassAll {
  /** By the node's rank in the heartbeat order: queued jobs with a pending map there. */
  private readonly jobsWithMap: Int32Array;
  /** By job: `given` when its skips were last handed over. */
  private readonly base: Float64Array;
  /** By job: the value of `given` from which a visit would no longer find it plain (its base plus its headroom then). */
  private readonly cross: Float64Array;
  /** Skips given by passes, added up (integers: ms of wait or counts of skips, exact in a double). */
  private given = 0;
  /** A lower bound of `cross` over the queued jobs, exact while `exact` (a job's cross that rose may have been it). */
  private minCross = Infinity;
  private exact = true;
  /** Scans answered without a walk. */
  passes = 0;

  constructor(private readonly rankOf: Int32Array, jobs: number, private readonly lazy: LazySkips) {
    this.jobsWithMap = new Int32Array(rankOf.length);
    this.base = new Float64Array(jobs);
    this.cross = new Float64Array(jobs);
  }

  /** `job` joined the map queue. */
  enter(job: Job): void {
    this.base[job.index] = this.given;
    this.cross[job.index] = Infinity;
    this.note(job);
    job.forEachNodeWithMap((node) => this.jobsWithMap[this.rankOf[node]]++);
  }

  /** `job` left the map queue: it has no pending map, so its launches have cleared all its bits already. */
  leave(job: Job): void {
    this.settle(job);
    if (this.cross[job.index] <= this.minCross) this.exact = false;
  }

  /** A launch took a queued job's last pending map on `node` (its bit cleared). */
  cleared(node: NodeId): void {
    this.jobsWithMap[this.rankOf[node]]--;
  }

  /** Hands a queued job the skips that passes gave it since it was last settled: before a walk reads its delay state. */
  settle(job: Job): void {
    const owed = this.given - this.base[job.index];
    if (owed !== 0) this.lazy.settle(job, owed);
    this.base[job.index] = this.given;
  }

  /** A settled, queued job's delay state changed (a walk visited it: it widened, was skipped or launched). */
  note(job: Job): void {
    const j = job.index;
    const was = this.cross[j];
    const now = this.base[j] + this.lazy.headroom(job);
    if (now > was && was <= this.minCross) this.exact = false;
    this.cross[j] = now;
    if (now < this.minCross) this.minCross = now;
  }

  /**
   * A walk's visit to a queued job with no pending map on the node: when the job is plain (a visit would only skip
   * it), owes it the skip `amount` as a pass would, without settling it, and returns true; false when the walk must
   * look at it.
   */
  skipLater(job: Job, amount: number): boolean {
    const j = job.index;
    const cross = this.cross[j];
    if (this.given >= cross) return false; // not plain: a visit reads its level, which may widen
    if (amount !== 0) {
      this.base[j] -= amount; // settled later with what passes give
      this.cross[j] = cross - amount;
      if (cross - amount < this.minCross) this.minCross = cross - amount;
    }
    return true;
  }

  /**
   * When the scan at the node at `rank` can launch nothing, gives every queued job its skip (`amount`) and returns
   * true. Otherwise returns false and the scheduler walks, settling each job it visits.
   */
  tryPass(rank: Rank, amount: number, queued: readonly Job[]): boolean {
    if (this.jobsWithMap[rank] !== 0) return false;
    if (this.given >= this.minCross) {
      if (this.exact) return false; // a queued job would widen at its visit
      this.recompute(queued);
      if (this.given >= this.minCross) return false;
    }
    this.passes++;
    this.given += amount;
    return true;
  }

  /** The least cross over the queued jobs: O(queue), only when a bound that may be stale is reached. */
  private recompute(queued: readonly Job[]): void {
    let min = Infinity;
    for (let i = 0; i < queued.length; i++) {
      const c = this.cross[queued[i].index];
      if (c < min) min = c;
    }
    this.minCross = min;
    this.exact = true;
  }
}
