/**
 * The master's commands to a fluid rack's slots, applied at the simulated time they take effect: launch a task on
 * a node's free slot (a replica copy, job COPY_JOB, on a free copy slot), tell a node's reduces how many of their
 * job's maps have finished (and so which outputs they can fetch), kill a task, finish a task the committed pass must
 * release (force), free a slot. The slots and their phases in time are rack-slots.ts's.
 */
import { COPY_JOB, isMapRef } from '../task-ref.js';
import type { JobIndex, NodeId } from '../ids.js';
import { RackSlots } from './rack-slots.js';
import { DONE, FLOWS_PER_SLOT, FREE, READ, START, WAIT } from './slot-state.js';

export class RackTasks extends RackSlots {
  /** A task, or a replica copy (job COPY_JOB: a copy slot, no start-up; the master sends no code and no write). */
  protected launch(i: number, job: JobIndex, task: number, computeMs: number, src: NodeId | -1, readMB: number, writeMB: number, mapsDone: boolean): void {
    const s = this.s;
    const copy = job === COPY_JOB;
    const map = isMapRef(task);
    const q = copy ? this.freeCopySlot(i) : this.freeSlot(i, map);
    this.touchSlot(q);
    s.job[q] = job;
    s.task[q] = task;
    s.computeMs[q] = computeMs;
    s.readMB[q] = readMB;
    s.writeMB[q] = writeMB;
    s.src[q] = src;
    s.heard[q] = map || mapsDone ? 1 : 0;
    this.drawPipeline(q, i, job, task);
    // A reduce hears its maps' progress beside its launch.
    s.readyLoopMB[q] = s.fetchedLoopMB[q] = 0;
    s.readyIn[q] = s.fetchedIn[q] = s.maps[q] = s.readyFin[q] = s.fetchedFin[q] = 0;
    if (copy) s.scalars[2]++;
    else {
      this.readMB += readMB;
      if (map) s.freeMaps[i]--;
      else {
        s.freeReduces[i]--;
        if (!mapsDone) s.waiting[i]++;
      }
      s.scalars[0]++;
    }
    this.setPhase(q, START);
    this.heap.schedule(this.flowsMax + q, this.clock + (copy ? 0 : this.startMs));
  }

  /**
   * A map-progress notice for node offset i's reduces of `job` (map-outputs.ts): `finished` of its `maps` have
   * finished, `inRack` of them on this rack, `onNode` of those on node i. Their outputs' share of each reduce's
   * shuffle becomes ready to fetch (node i's own share, the rest of the rack's: the first inRack on the rack's map log,
   * and the rest from other racks); a reduce that had fetched all it could fetches again. All finished: the maps are
   * done.
   */
  protected progress(i: number, job: JobIndex, finished: number, inRack: number, onNode: number, maps: number): void {
    const s = this.s;
    if (inRack > this.mapLog.length(job)) {
      throw new Error(`a notice of ${inRack} maps of job ${job} finished on rack ${this.rack}, which has reported ${this.mapLog.length(job)}`);
    }
    const base = this.firstSlot(i, false);
    for (let q = base; q < base + this.reduceSlots; q++) {
      if (s.job[q] !== job || s.phase[q] === FREE) continue;
      this.touchSlot(q);
      const mb = s.readMB[q];
      const loopMB = maps > 0 ? (mb * onNode) / maps : 0;
      s.maps[q] = maps;
      if (loopMB > s.readyLoopMB[q]) s.readyLoopMB[q] = loopMB;
      if (mb > 0 && inRack > s.readyIn[q]) s.readyIn[q] = inRack; // a reduce that reads nothing fetches nothing
      if (mb > 0 && finished > s.readyFin[q]) s.readyFin[q] = finished;
      if (finished === maps && s.heard[q] === 0) {
        this.heardAll(q);
        s.waiting[i]--;
      }
      if (s.phase[q] === WAIT) this.enter(q, READ);
    }
  }

  protected kill(i: number, job: JobIndex, task: number): void {
    const s = this.s;
    const map = isMapRef(task);
    const base = this.firstSlot(i, map);
    for (let q = base; q < base + (map ? this.mapSlots : this.reduceSlots); q++) {
      if (s.phase[q] === FREE || s.job[q] !== job || s.task[q] !== task) continue;
      if (!map && s.heard[q] === 0) s.waiting[i]--;
      this.stop(q);
      this.free(q, i);
      return;
    }
    throw new Error(`kill of job ${job} task ${task} on node ${this.firstNode + i}, which does not run it`);
  }

  /** A pinned task the launches slowed: finish it now. */
  protected force(q: number, i: number): void {
    const s = this.s;
    for (let k = q * FLOWS_PER_SLOT; k < (q + 1) * FLOWS_PER_SLOT; k++) if (s.flows[k] >= 0) this.forcedMB += this.net.remainingAt(s.flows[k], this.clock);
    this.stop(q);
    this.setPhase(q, DONE);
    s.done[i]++;
  }

  /** Cancels a slot's timer and flows. */
  protected stop(q: number): void {
    const s = this.s;
    this.heap.cancel(this.flowsMax + q);
    const inAnywhere = this.links.boundLink(this.links.spreadIn);
    for (let k = q * FLOWS_PER_SLOT; k < (q + 1) * FLOWS_PER_SLOT; k++) {
      const f = s.flows[k];
      if (f < 0) continue;
      if (this.committing && inAnywhere >= 0 && this.net.lastResource(f) === inAnywhere) this.cutInMB += this.net.remainingAt(f, this.clock);
      this.net.remove(f, this.clock);
      s.flows[k] = -1;
    }
    this.touchSlot(q);
  }

  protected free(q: number, i: number): void {
    const s = this.s;
    this.dirty = true;
    if (s.phase[q] === DONE) s.done[i]--;
    if (q >= this.nodes * this.mapLike) s.freeReduces[i]++;
    else if (!this.isCopySlot(q)) s.freeMaps[i]++;
    this.setPhase(q, FREE);
    this.touchSlot(q);
    s.scalars[s.job[q] === COPY_JOB ? 2 : 0]--;
    s.job[q] = -1;
  }

  protected firstSlot(i: number, map: boolean): number {
    return map ? i * this.mapLike : this.nodes * this.mapLike + i * this.reduceSlots;
  }

  private freeSlot(i: number, map: boolean): number {
    const s = this.s;
    const base = this.firstSlot(i, map);
    const n = map ? this.mapSlots : this.reduceSlots;
    for (let q = base; q < base + n; q++) if (s.phase[q] === FREE) return q;
    const kind = map ? 'map' : 'reduce';
    throw new Error(`${kind} slots over-committed on node ${this.firstNode + i}: a launch arrived with all ${n} ${kind} slots busy`);
  }

  /** Node offset i's first copy slot. */
  protected firstCopySlot(i: number): number {
    return i * this.mapLike + this.mapSlots;
  }

  private freeCopySlot(i: number): number {
    const first = this.firstCopySlot(i);
    for (let q = first; q < first + this.copySlots; q++) if (this.s.phase[q] === FREE) return q;
    throw new Error(`copy slots over-committed on node ${this.firstNode + i}: a replica copy arrived with all ${this.copySlots} copy slots busy`);
  }
}
