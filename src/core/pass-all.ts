/**
 * A map scan that can launch nothing, answered without visiting the queue's jobs one by one.
 *
 * Under a skip-count or wait gate, a job is "plain" while a visit would allow it node-local maps only, so that passing
 * it changes nothing but its skip count or wait (LazySkips.headroom > 0). When every queued job is plain and none has
 * a pending map on the heartbeat's node, the walk would visit every job, launch nothing and give each one skip. At
 * constant load per node that is most scans of a large cluster, and the walk grew with it: at 10,000 nodes the
 * queue holds a few jobs waiting for locality, about 90% of scans launch nothing and each passed about 4 jobs (0.3
 * at 600 nodes). Here such a scan costs one array read and one addition:
 * - by node, the queued jobs whose bit (Job.mayHaveMapOn) is set there; a bit left set after its node's maps ran
 *   elsewhere blocks the shortcut until a walk's peek clears it, so the count errs only toward walking (at 10,000
 *   nodes 77% of scans are answered here; of the rest, about half launch and half meet such a bit);
 * - the skips of such scans add up in one counter, `given`; each job's share is what `given` gained since its
 *   `base`, handed over (settled) before anything reads the job's delay state;
 * - the least headroom among queued jobs: once the skips given reach it, a job would widen at its next visit, so
 *   the next scan walks.
 * Any other scan settles every queued job and walks the queue as before. The outcome is the walk's, decision for
 * decision: tests compare digests with the shortcut on and off (Scheduler's `scan` option).
 *
 * Keeping the per-node counts exact instead (a launch clearing its map's other replicas' bits) answered ~90% of
 * scans but costs three searches per launch: it slowed latency-600 fair + skip by about 12% (the first commit of the
 * branch attempt/pass-all).
 */
import type { Job } from './job.js';
import type { LazySkips } from './locality.js';
import type { NodeId } from './topology.js';

export class PassAll {
  /** By node: queued jobs whose bit says they may have a pending map there (Job.mayHaveMapOn). */
  private readonly maybeJobs: Int32Array;
  /** By job: `given` when its skips were last handed over. */
  private readonly base: Float64Array;
  private given = 0;
  /** Whether `elevated` and `minRoom` must be recomputed (and every queued job settled) before the next pass. */
  private stale = true;
  /** Queued jobs that are not plain; the least headroom of the plain ones, net of skips given since. */
  private elevated = 0;
  private minRoom = Infinity;
  /** Whether skips were given since every queued job was last settled. */
  private owing = false;
  /** Scans answered without a walk. */
  passes = 0;

  constructor(nodes: number, jobs: number, private readonly lazy: LazySkips) {
    this.maybeJobs = new Int32Array(nodes);
    this.base = new Float64Array(jobs);
  }

  /** `job` joined the map queue. */
  enter(job: Job): void {
    this.base[job.index] = this.given;
    job.forEachNodeMaybe((node) => this.maybeJobs[node]++);
    this.stale = true;
  }

  /** `job` left the map queue. */
  leave(job: Job): void {
    this.settle(job);
    job.forEachNodeMaybe((node) => this.maybeJobs[node]--);
    this.stale = true;
  }

  /** A queued job's bit for `node` cleared (a peek found no pending map there). */
  cleared(node: NodeId): void {
    this.maybeJobs[node]--;
  }

  /** A queued job launched a map: its delay state was reset. */
  launched(): void {
    this.stale = true;
  }

  /**
   * The scan at `node` can launch nothing: gives every queued job its skip (`amount`) and returns true. Otherwise
   * settles every queued job, so a walk reads true state, and returns false.
   */
  passAll(node: NodeId, amount: number, queued: readonly Job[]): boolean {
    if (this.maybeJobs[node] === 0) {
      if (this.stale) this.refresh(queued);
      if (this.elevated === 0) {
        this.passes++;
        this.given += amount;
        this.owing = true;
        this.minRoom -= amount;
        if (this.minRoom <= 0) this.stale = true; // a job now waits past its threshold: it widens at its next visit
        return true;
      }
    }
    if (this.owing) for (const job of queued) this.settle(job);
    this.owing = false;
    this.stale = true; // the walk may launch, skip and widen
    return false;
  }

  private refresh(queued: readonly Job[]): void {
    let elevated = 0;
    let minRoom = Infinity;
    for (const job of queued) {
      this.settle(job);
      const room = this.lazy.headroom(job);
      if (room <= 0) elevated++;
      else if (room < minRoom) minRoom = room;
    }
    this.elevated = elevated;
    this.minRoom = minRoom;
    this.stale = false;
    this.owing = false;
  }

  private settle(job: Job): void {
    const owed = this.given - this.base[job.index];
    if (owed !== 0) this.lazy.settle(job, owed);
    this.base[job.index] = this.given;
  }
}
