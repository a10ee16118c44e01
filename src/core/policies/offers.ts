/**
 * Resource offers (SPEC.md 3.9; the Delay Scheduling paper's section 6, Nexus): the master offers each heartbeat's
 * free map slots to frameworks in fair order (fewest running maps first, then the earliest submit, then the name),
 * one framework at a time, the order fixed when the offer round starts. A framework takes what its own delay
 * scheduling lets it launch on the node, through the core's port (the run's locality gate, skips counted as in
 * the central walk), or declines; the rest goes to the next framework. Frameworks are the jobs ("job": a Hadoop
 * instance per job) or the pools ("pool": a Hadoop instance per pool, its jobs in fair or FIFO order inside, each
 * with its own delay). A framework that declines a node may be left out of that node's offers for refuseMs (Mesos'
 * refuse_seconds; default 0: offered again at the node's next heartbeat). Reduce slots go in fair order of jobs
 * (a reduce has no locality to wait for, so no framework declines one).
 */
import { z } from 'zod';
import { timeMs } from '../bounded.js';
import type { OfferedFramework } from '../framework/offers.js';
import type { LaunchPort, MapAssigner, MapSlots } from '../framework/map-assignment.js';
import type { PolicyPlugin, WorkloadShape } from '../framework/registry.js';
import { STALL_INTERVALS } from '../limits.js';
import { heartbeatMsOf } from '../topology.js';
import type { Job } from '../job.js';
import { compareFair } from './fair.js';
import { compareFifo } from './fifo.js';
import { SortedJobQueue } from './sorted-queue.js';
import { compareCodeUnits } from '../code-units.js';

export const offersConfig = z.strictObject({
  /** What a framework is: each job, or each pool with its jobs. */
  frameworks: z.enum(['job', 'pool'], { error: 'frameworks must be "job" or "pool"' }).default('job'),
  /** Order of a pool framework's jobs (its own Hadoop's policy). */
  inner: z.enum(['fair', 'fifo'], { error: 'inner must be "fair" or "fifo"' }).default('fair'),
  /** After declining a node, a framework is not offered that node again for this long. */
  refuseMs: timeMs('refuseMs').default(0),
});
export type OffersConfig = z.infer<typeof offersConfig>;

/** A job as a framework: it takes every slot its delay scheduling lets it launch. */
function jobFramework(job: Job): OfferedFramework {
  return {
    name: job.spec.id,
    offer: (_slots, port) => {
      let taken = 0;
      while (port.free > 0 && port.offer(job) >= 0) taken++;
      return taken;
    },
  };
}

/** A pool as a framework: slot by slot, its jobs in its own order, the first one its delay lets launch takes it. */
function poolFramework(name: string, jobs: Job[], inner: (a: Job, b: Job) => number): OfferedFramework {
  return {
    name,
    offer: (_slots, port) => {
      let taken = 0;
      while (port.free > 0) {
        jobs.sort(inner);
        let launched = false;
        for (const job of jobs) {
          if (port.offer(job) >= 0) {
            launched = true;
            break;
          }
        }
        if (!launched) break;
        taken++;
      }
      return taken;
    },
  };
}

interface Entry {
  framework: OfferedFramework;
  running: number;
  submitMs: number;
}

const byFairOrder = (a: Entry, b: Entry): number => a.running - b.running || a.submitMs - b.submitMs || compareCodeUnits(a.framework.name, b.framework.name);

export class OfferRound implements MapAssigner {
  /**
   * By framework name: per node, the time until which it refuses the node's offers, and the latest of those times. A
   * framework whose filters have all expired is dropped at the next sweep (every refuseMs of simulated time), so what is
   * held is the frameworks that declined lately: a node-long array per framework that ever declined kept 7,500 jobs x
   * 3,000 nodes, 180 MB, to the run's end; filters kept per node by name held 10 M entries where 1,000 frameworks
   * declined 10,000 nodes, and were slower (scale-10000, 2,500 jobs as frameworks: 21-23 s against 14-20 s).
   */
  private readonly refused = new Map<string, { until: Float64Array; lastMs: number }>();
  /** When the next sweep of expired frameworks' filters is due. */
  private sweepAtMs = 0;
  /**
   * Pool frameworks: each pool's jobs that have maps pending or running (in order of first offer). A pool's place in
   * the fair order counts all its running maps: the map queue holds only jobs with maps to launch, and a pool whose
   * job had launched its last map looked less loaded by that job's running maps (it took 3 slots of 4 to another
   * pool's 1 where hfs splits 2:2).
   */
  private readonly poolJobs = new Map<string, Set<Job>>();
  /** Offer rounds, offers made, and offers declined (whole). */
  rounds = 0;
  offers = 0;
  declines = 0;

  constructor(private readonly config: OffersConfig, private readonly nodes: number) {}

  /** Offer rounds (heartbeats with free map slots), offers made to frameworks, and offers declined whole. */
  counts(): { rounds: number; offers: number; declines: number } {
    return { rounds: this.rounds, offers: this.offers, declines: this.declines };
  }

  /** The frameworks with pending maps, in fair order. */
  frameworks(jobs: readonly Job[]): OfferedFramework[] {
    const entries: Entry[] = [];
    if (this.config.frameworks === 'job') {
      for (const job of jobs) entries.push({ framework: jobFramework(job), running: job.runningMaps, submitMs: job.spec.submitMs });
    } else {
      const pools = new Map<string, Job[]>();
      for (const job of jobs) {
        const list = pools.get(job.spec.pool);
        if (list === undefined) pools.set(job.spec.pool, [job]);
        else list.push(job);
        let known = this.poolJobs.get(job.spec.pool);
        if (known === undefined) this.poolJobs.set(job.spec.pool, (known = new Set()));
        known.add(job);
      }
      const inner = this.config.inner === 'fifo' ? compareFifo : compareFair('map');
      for (const [name, list] of pools) {
        let running = 0;
        let submitMs = Infinity;
        const known = this.poolJobs.get(name)!;
        for (const j of known) {
          if (j.pendingMaps === 0 && j.runningMaps === 0) {
            known.delete(j); // its maps are done: it holds no map slot, and none is offered to it
            continue;
          }
          running += j.runningMaps;
          submitMs = Math.min(submitMs, j.spec.submitMs);
        }
        entries.push({ framework: poolFramework(name, list, inner), running, submitMs });
      }
    }
    return entries.sort(byFairOrder).map((e) => e.framework);
  }

  /** The frameworks holding refuse filters: those whose filters had not all expired at the last sweep, and since. */
  heldFilters(): number {
    return this.refused.size;
  }

  /** Drops the frameworks whose filters have all expired at `nowMs` (until <= now: they refuse nothing). */
  private sweep(nowMs: number): void {
    for (const [name, r] of this.refused) if (r.lastMs <= nowMs) this.refused.delete(name);
    this.sweepAtMs = nowMs + this.config.refuseMs;
  }

  assign(slots: MapSlots, port: LaunchPort): void {
    this.rounds++;
    const refuseMs = this.config.refuseMs;
    if (refuseMs > 0 && slots.nowMs >= this.sweepAtMs) this.sweep(slots.nowMs);
    for (const fw of this.frameworks(port.jobs)) {
      if (port.free <= 0) return;
      const refusing = refuseMs > 0 ? this.refused.get(fw.name) : undefined;
      if (refusing !== undefined && refusing.until[slots.node] > slots.nowMs) continue;
      this.offers++;
      if (fw.offer(slots, port) > 0) continue;
      this.declines++;
      if (refuseMs > 0) {
        let r = refusing;
        if (r === undefined) this.refused.set(fw.name, (r = { until: new Float64Array(this.nodes), lastMs: 0 }));
        r.until[slots.node] = r.lastMs = slots.nowMs + refuseMs;
      }
    }
  }
}

export const offers = {
  description: 'resource offers: free map slots offered to frameworks (jobs or pools) in fair order; each declines to wait for locality',
  config: offersConfig,
  /**
   * A refuse filter as long as the stall window: frameworks that have declined every node are offered none for that
   * long, and the run stopped as stalled ("nothing launched or finished for 100000 heartbeat intervals", naming no
   * cause: refuseMs 310,000,000 at 3 s heartbeats) or crawled (2^31 - 1 on offers.json: 21 of 100 jobs in 30 s of run).
   * Below it a run may still be slow: a framework's wait grows only at the offers it declines.
   */
  sizeError: (config: OffersConfig, { scenario }: WorkloadShape) => {
    const heartbeatMs = heartbeatMsOf(scenario.cluster);
    if (config.refuseMs < STALL_INTERVALS * heartbeatMs) return undefined;
    return `scheduler.policyConfig.refuseMs: policy "offers": a refuse filter of ${config.refuseMs} ms spans ${Math.ceil(config.refuseMs / heartbeatMs)} heartbeat intervals of ${heartbeatMs} ms, `
      + `at least the ${STALL_INTERVALS} with nothing launched after which a run is stopped as stalled (frameworks that declined every node would be offered none for that long): write less than ${STALL_INTERVALS * heartbeatMs} ms (Mesos' refuse_seconds default is 5 s)`;
  },
  create: (config: OffersConfig, context) => ({
    createQueue: (kind) => new SortedJobQueue(compareFair(kind)),
    assignMaps: new OfferRound(config, context.topology.nodes),
  }),
} satisfies PolicyPlugin<OffersConfig>;
