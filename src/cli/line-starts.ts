/** Finding a line (or a run) by a position: the last of ascending starts at or before it, by binary search. */

/** The index of the last of `starts` (ascending, starts[0] <= at) that is at most `at`. */
export function lastAtMost(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
