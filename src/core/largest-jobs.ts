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

/**
 * Past this many jobs on the front (real traces hold a few: about ln n for shapes at random), neighbours are merged in
 * pairs, each pair into a bound of both (the one's maps beside the other's map time): still an upper bound on either.
 */
const MAX_FRONT = 4096;

/** The front as a staircase: most maps first, each next entry with fewer maps and a longer map time. */
export class LargestJobs {
  private front: JobShape[] = [];

  add(job: JobShape): void {
    const f = this.front;
    // the first entry with fewer maps than the job: those before it have at least as many
    let lo = 0;
    let hi = f.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (f[mid].maps >= job.maps) lo = mid + 1;
      else hi = mid;
    }
    // of those with at least as many maps, the last has the longest map time: it dominates the job, or none does
    if (lo > 0 && f[lo - 1].mapMs >= job.mapMs) return;
    // an entry with as many maps and a shorter map time is dominated, as are those after with no longer a map time
    const from = lo > 0 && f[lo - 1].maps === job.maps ? lo - 1 : lo;
    let to = lo;
    while (to < f.length && f[to].mapMs <= job.mapMs) to++;
    f.splice(from, to - from, job);
    if (f.length > MAX_FRONT) this.front = merged(f);
  }

  /** The front, most maps first. */
  jobs(): JobShape[] {
    return [...this.front];
  }
}

/** Neighbours merged in pairs: the first's maps beside the second's (longer) map time. */
function merged(front: readonly JobShape[]): JobShape[] {
  const out: JobShape[] = [];
  for (let i = 0; i < front.length; i += 2) {
    const [a, b] = [front[i], front[i + 1] ?? front[i]];
    out.push({ maps: a.maps, mapsField: a.mapsField, mapMs: b.mapMs, mapMsField: b.mapMsField });
  }
  return out;
}
