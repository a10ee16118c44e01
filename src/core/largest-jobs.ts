/**
 * The workload's largest jobs for a policy's size limit (WorkloadShape.largestJobs): those no other job exceeds in both
 * its maps and its map time, since a cost that grows with each (Quincy's decisions while a job drains) is largest at
 * one of them. Taking the most maps from one job and the longest map from another refused a workload of one job of
 * 1,900 maps of 1 s and one of a single 60 s map, which ran in 4 s.
 */

/** A job's maps and its map time (ms), each with the scenario field that sets it. */
export interface JobShape {
  readonly maps: number;
  readonly mapsField: string;
  readonly mapMs: number;
  readonly mapMsField: string;
}

/** Past this many jobs on the front, they are one bound: the most maps beside the longest map (an upper bound still). */
const MAX_FRONT = 64;

export class LargestJobs {
  private front: JobShape[] = [];

  add(job: JobShape): void {
    if (this.front.some((f) => f.maps >= job.maps && f.mapMs >= job.mapMs)) return;
    this.front = this.front.filter((f) => !(job.maps >= f.maps && job.mapMs >= f.mapMs));
    this.front.push(job);
    if (this.front.length > MAX_FRONT) this.front = [this.bound()];
  }

  /** The front, most maps first. */
  jobs(): JobShape[] {
    return [...this.front].sort((a, b) => b.maps - a.maps || b.mapMs - a.mapMs);
  }

  private bound(): JobShape {
    const most = this.front.reduce((a, b) => (b.maps > a.maps ? b : a));
    const longest = this.front.reduce((a, b) => (b.mapMs > a.mapMs ? b : a));
    return { maps: most.maps, mapsField: most.mapsField, mapMs: longest.mapMs, mapMsField: longest.mapMsField };
  }
}
