// Shortest remaining work first: a scheduling policy in a user's own file, plain JavaScript over hfsim's API.
//
//   hfsim run examples/srwf.json --plugin ./examples/srwf.js
//   hfsim run scenarios/fb-macro-io.json --plugin ./examples/srwf.js --variant "Naive fair" --set scheduler.policy=srwf
//
// A free slot goes to the job with the least work left of that slot's kind: its unfinished maps (or reduces) times
// their time each ("by": "work", the default) or just their count ("by": "tasks"); ties by submit time, then job
// index, so runs repeat. The key of a job changes only when one of its tasks of that kind finishes, and the scheduler
// tells the queue then (JobQueue.update), so a SortedJobQueue keeps the order exact.
import { SortedJobQueue, registerPolicy, z } from 'hfsim';

const config = z.strictObject({
  by: z.enum(['work', 'tasks'], { error: 'by must be "work" or "tasks"' }).default('work'),
});

/** The work a job has left for one slot kind. */
function workLeft(kind, by) {
  if (kind === 'map') return (job) => (job.maps - job.finishedMaps) * (by === 'work' ? job.spec.mapMs : 1);
  return (job) => (job.reduces - job.finishedReduces) * (by === 'work' ? job.spec.reduceMs : 1);
}

registerPolicy('srwf', {
  description: 'shortest remaining work first',
  config,
  // It only orders jobs, so both exact shortcuts stay exact.
  permits: ['skipIdleHeartbeats', 'passAll'],
  create: (cfg) => ({
    createQueue: (kind) => {
      const left = workLeft(kind, cfg.by);
      // total order: reproducible runs
      return new SortedJobQueue((a, b) => left(a) - left(b) || a.spec.submitMs - b.spec.submitMs || a.index - b.index);
    },
  }),
});
