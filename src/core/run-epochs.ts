/**
 * The least a run must simulate, from its jobs' arrivals: the heartbeat intervals it steps through (the master jumps
 * time only while no task runs, so every interval in which some job's map runs is an epoch: each job's submission to
 * its first map's end at the least; a job of more maps than slots, its reduces and the fluid model's transfers only
 * lengthen it; overlapping jobs count once), and its end, no sooner than its maps' work spread over every map slot.
 */
import type { JobArrivals } from './job-arrivals.js';

/** Heartbeat intervals of `heartbeatMs` covered by some [submitMs, submitMs + mapMs] of `arrivals` (in submission order). */
export function busyEpochs(arrivals: JobArrivals, heartbeatMs: number): number {
  let epochs = 0;
  let end = -Infinity; // the end of the intervals counted so far (in intervals)
  for (let i = 0; i < arrivals.submitMs.length; i++) {
    const from = Math.max(Math.floor(arrivals.submitMs[i] / heartbeatMs), end);
    const to = Math.ceil((arrivals.submitMs[i] + arrivals.mapMs[i]) / heartbeatMs);
    if (to > from) {
      epochs += to - from;
      end = to;
    }
  }
  return epochs;
}

/** The maps' work (each job's maps x map time, ms) and the run's end at the earliest: that work over `mapSlots` slots. */
export function earliestEnd(arrivals: JobArrivals, mapSlots: number): { workMs: number; endMs: number } {
  let workMs = 0;
  for (let i = 0; i < arrivals.maps.length; i++) workMs += arrivals.maps[i] * arrivals.mapMs[i];
  return { workMs, endMs: workMs / mapSlots };
}
