/**
 * Copy-compute splitting (scheduler.copyComputeSplit): a reduce's copy phase runs outside the reduce slots from the
 * moment slow start is reached, so a reduce takes a slot only to compute, once every map of its job is done; what is
 * left of its copy time then still holds the slot. Wraps a task choice; hears slow start through JobEvents.
 */
import type { JobEvents } from './framework/job-events.js';
import type { TaskChoice } from './framework/task-choice.js';

export function copyComputeSplit(inner: TaskChoice, jobs: number): TaskChoice & JobEvents {
  /** By job: when its reduces were admitted to copy (slow start reached), or -1. */
  const copyFromMs = new Float64Array(jobs).fill(-1);
  return {
    chooseMap: (job, node, rack, allowed, out) => inner.chooseMap(job, node, rack, allowed, out),
    chooseReduce: (job) => (job.reducesReady && job.mapsDoneMs >= 0 ? inner.chooseReduce(job) : -1),
    copyPhaseMs: (job, copyMs, nowMs) => Math.max(0, copyFromMs[job.index] + inner.copyPhaseMs(job, copyMs, nowMs) - nowMs),
    slowStartReached: (job, atMs) => {
      copyFromMs[job.index] = atMs;
    },
  };
}
