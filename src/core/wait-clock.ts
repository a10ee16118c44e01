/**
 * Hadoop branch-1's clock for delay scheduling's wait (scheduler.delay.clock "hadoop"). The JobTracker calls the
 * FairScheduler's assignTasks only for a TaskTracker asking for tasks (a free map or reduce slot), and assignTasks
 * first runs updateLocalityWaitTimes: each job skipped at the previous such heartbeat (visited for a map, none
 * launched) gains the time since it. So a skip is charged here at the next asking heartbeat, with the time since
 * the one it happened at, where the gate's own clock ("paper") charges it at once with the gap to the cluster's next
 * heartbeat. The two differ only where heartbeats of nodes with every slot busy fall between.
 *
 * A wrapper around the run's gate, outermost, so the gate and the delay-wait record (replication) both hear the
 * charge. It drops the gate's lazy skips (their amount is fixed at the skip), so runs with it walk every map scan.
 */
import type { LocalityGate } from './framework/locality-gate.js';
import type { Job } from './job.js';

export class HadoopWaitClock {
  /** Jobs skipped at the last asking heartbeat, not launched since; `pending[j]` 1 while job j is among them. */
  private readonly skipped: Job[] = [];
  private readonly pending: Uint8Array;
  private lastAskedMs = 0;
  private inner: LocalityGate | undefined;

  /** `jobs`: the run's job count (indexes 0 .. jobs - 1). */
  constructor(jobs: number) {
    this.pending = new Uint8Array(jobs);
  }

  wrap(inner: LocalityGate): LocalityGate {
    this.inner = inner;
    return {
      allowed: (job, nowMs) => inner.allowed(job, nowMs),
      skipped: (job) => {
        if (this.pending[job.index] === 1) return;
        this.pending[job.index] = 1;
        this.skipped.push(job);
      },
      launched: (job, locality) => {
        this.pending[job.index] = 0; // Hadoop marks only jobs that launched no map in the heartbeat
        inner.launched(job, locality);
      },
    };
  }

  /** A node with a free map or reduce slot heartbeats at `nowMs`, before its slots are filled: the skips since the last such are charged. */
  asked(nowMs: number): void {
    const gapMs = nowMs - this.lastAskedMs;
    this.lastAskedMs = nowMs;
    const skipped = this.skipped;
    for (let i = 0; i < skipped.length; i++) {
      const job = skipped[i];
      if (this.pending[job.index] === 0) continue;
      this.pending[job.index] = 0;
      this.inner!.skipped(job, gapMs);
    }
    skipped.length = 0;
  }
}
