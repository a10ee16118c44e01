/**
 * Delay waiting: the time a job spent skipped for locality. Each time the map scan skips a job (its gate allowed
 * nothing the node could give it), the job waits until the cluster's next heartbeat, as the wait gate counts it (with
 * scheduler.delay.clock "hadoop", until the next heartbeat asking for tasks); a skip-count gate's skips are timed the
 * same way. The wait since a job's previous launch is charged to the map it launches next (DSBRA's delay of that
 * task, its DT_i); the total per job is the metric "delay waiting".
 *
 * A wrapper around the run's gate and its rules, so it sees every skip (only Hadoop's wait clock, wait-clock.ts, goes
 * around it, handing it each skip as charged). It drops the gate's lazy skips, so runs with it walk every map scan:
 * nothing is skipped unseen.
 */
import type { LocalityGate } from '../framework/locality-gate.js';
import type { Job } from '../job.js';
import type { Locality } from '../locality-level.js';

export class DelayWait {
  /** By job: waiting since its last launch, the wait charged to its last launch, and its total. */
  private readonly sinceLaunch: Float64Array;
  private readonly lastCharged: Float64Array;
  readonly totalMs: Float64Array;

  constructor(jobs: number) {
    this.sinceLaunch = new Float64Array(jobs);
    this.lastCharged = new Float64Array(jobs);
    this.totalMs = new Float64Array(jobs);
  }

  /** The wait charged to `job`'s latest launch. */
  lastWaitMs(job: Job): number {
    return this.lastCharged[job.index];
  }

  wrap(inner: LocalityGate): LocalityGate {
    return {
      allowed: (job, nowMs) => inner.allowed(job, nowMs),
      skipped: (job, untilNextMs) => {
        inner.skipped(job, untilNextMs);
        this.sinceLaunch[job.index] += untilNextMs;
        this.totalMs[job.index] += untilNextMs;
      },
      launched: (job: Job, locality: Locality) => {
        inner.launched(job, locality);
        this.lastCharged[job.index] = this.sinceLaunch[job.index];
        this.sinceLaunch[job.index] = 0;
      },
    };
  }
}
