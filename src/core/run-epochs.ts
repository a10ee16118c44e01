/**
 * The least a run must simulate, from its jobs' arrivals: the heartbeat intervals it steps through (the master jumps
 * time only while no task runs, so every interval in which some job's map runs is an epoch: each job's submission to
 * its first map's end at the least; a job of more maps than slots, its reduces and the fluid model's transfers only
 * lengthen it; overlapping jobs count once), and its end, no sooner than its maps' work spread over the map slots (slowed
 * where few nodes hold the blocks the maps read: slot-rates.ts), its reduces' over the reduce slots, nor (the fluid
 * model) the maps' reads over the disks of the nodes holding their blocks.
 */
import type { JobArrivals } from './job-arrivals.js';
import type { SlotRates } from './slot-rates.js';

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

/** The maps' and the reduces' work (tasks x task time, ms), and the run's end at the earliest: each over its slots' rate. */
export interface EarliestEnd {
  mapWorkMs: number;
  reduceWorkMs: number;
  endMs: number;
  /** The MB the maps read (under the fluid model, from the nodes holding their blocks: SlotRates.reads), else 0. */
  readMB: number;
  /** Which work sets endMs: the maps' over the map slots, the reduces' over the reduce slots, the maps' reads over the disks. */
  by: 'maps' | 'reduces' | 'reads';
}

/** The run's end no sooner than its maps' work over the map slots' rate, nor its reduces' over the reduce slots (slot-rates.ts). */
export function earliestEnd(arrivals: JobArrivals, rates: SlotRates): EarliestEnd {
  let mapWorkMs = 0;
  let reduceWorkMs = 0;
  for (let i = 0; i < arrivals.maps.length; i++) {
    mapWorkMs += arrivals.maps[i] * arrivals.mapMs[i];
    reduceWorkMs += arrivals.reduces[i] * arrivals.reduceMs[i];
  }
  const mapEndMs = mapWorkMs / rates.maps;
  const reduceEndMs = reduceWorkMs / rates.reduces;
  let maps = 0;
  for (let i = 0; i < arrivals.maps.length; i++) maps += arrivals.maps[i];
  const readMB = rates.reads === undefined ? 0 : maps * rates.reads.mbPerMap;
  const readEndMs = rates.reads === undefined ? 0 : (1000 * readMB) / rates.reads.mbps;
  const endMs = Math.max(mapEndMs, reduceEndMs, readEndMs);
  return { mapWorkMs, reduceWorkMs, readMB, endMs, by: endMs === mapEndMs ? 'maps' : endMs === reduceEndMs ? 'reduces' : 'reads' };
}
