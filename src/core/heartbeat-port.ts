/**
 * The port a policy's own map assigner (map-assignment.ts) fills a heartbeat's free map slots through: the walk's
 * rules, one job offered or one planned map launched at a time, within the heartbeat's caps. The scheduler owns the
 * launch; the port checks what a plugin hands it and keeps the heartbeat's count.
 */
import type { ActionSink } from './action-sink.js';
import { localityOf } from './locality-level.js';
import type { LocalityGate } from './framework/locality-gate.js';
import type { LaunchPort, MapSlots } from './framework/map-assignment.js';
import type { NodeFilter } from './framework/node-filter.js';
import type { JobQueue } from './framework/queue-order.js';
import type { MapChoice, TaskChoice } from './framework/task-choice.js';
import type { BlockStore } from './hdfs.js';
import { nodeId, rackId } from './ids.js';
import type { Job } from './job.js';
import { type Locality, OFF_RACK } from './locality-level.js';
import type { Topology } from './topology.js';

export type HeartbeatPort = MapSlots & LaunchPort;

/** The heartbeat an assigner is filling: where, when, what it launched so far, its caps, and the sink (undefined: none). */
export const heartbeatInProgress = () => ({ node: nodeId(0), rack: rackId(0), nowMs: 0, seq: 0, untilNextMs: 0, launched: 0, offRack: 0, maxMaps: 0, maxOffRack: 0, sink: undefined as ActionSink | undefined });
export type HeartbeatInProgress = ReturnType<typeof heartbeatInProgress>;

/** What the port reads and calls of the scheduler's. */
export interface PortScan {
  readonly policy: string;
  readonly topology: Topology;
  readonly blocks: BlockStore;
  readonly queue: JobQueue;
  readonly filter: NodeFilter | undefined;
  readonly gate: LocalityGate;
  readonly choice: TaskChoice;
  /** Where choice.chooseMap writes. */
  readonly picked: MapChoice;
  /** By job: the heartbeat sequence number at which the map scan last visited it, and at which it last launched a map. */
  readonly visitedAt: Float64Array;
  readonly launchedAt: Float64Array;
  /** How `job` is not one of this run's jobs, in a message's words; undefined when it is one. */
  notThisRunsJob(job: unknown): string | undefined;
  /** Under pools, whether this run's job `job` may run now (its pool's and user's max running jobs): port.jobs lists only those. */
  admitted(job: Job): boolean;
  launchMap(job: Job, map: number, locality: Locality, hb: HeartbeatInProgress): void;
}

export function makeHeartbeatPort(hb: HeartbeatInProgress, scan: PortScan): HeartbeatPort {
  const { queue, visitedAt, launchedAt, filter, choice, gate, picked } = scan;
  const free = (): number => (hb.offRack >= hb.maxOffRack ? 0 : hb.maxMaps - hb.launched);
  // A port kept and called later, outside assign(), has no heartbeat to launch in: a map it started stayed "running"
  // with no slot, and the run waited on it forever (a plugin's, found by a fuzzing pass). Refused before any change.
  const inHeartbeat = (what: string): void => {
    if (hb.sink === undefined) throw new Error(`policy "${scan.policy}": the heartbeat port's ${what}() was called outside assign(), when no heartbeat is being answered`);
  };
  // A job that is not one of this run's (null, a copy, another run's) failed in the engine's words ("reading 'index'"),
  // or a copy's maps were started with the real job's still pending.
  const ownJob = (what: string, job: Job): void => {
    const not = scan.notThisRunsJob(job);
    if (not !== undefined) throw new TypeError(`policy "${scan.policy}": the heartbeat port's ${what}(job) was given ${not}, not one of port.jobs`);
    // A job its pool does not admit now, kept from the queue's add(), ran past the pool's maxRunningJobs, silently.
    if (!scan.admitted(job)) {
      throw new TypeError(`policy "${scan.policy}": the heartbeat port's ${what}(job) was given job ${JSON.stringify(job.spec.id)}, which its pool does not admit now (maxRunningJobs of its pool or user), not one of port.jobs: offer and launch only the jobs port.jobs lists`);
    }
  };
  const launched = (job: Job, map: number, locality: Locality): Locality => {
    scan.launchMap(job, map, locality, hb);
    hb.launched++;
    if (locality === OFF_RACK) hb.offRack++;
    return locality;
  };
  return {
    get node() { return hb.node; },
    get rack() { return hb.rack; },
    get nowMs() { return hb.nowMs; },
    get free() { return free(); },
    get jobs() { return queue.jobs; },
    offer: (job) => {
      inHeartbeat('offer');
      ownJob('offer', job);
      const j = job.index;
      if (free() <= 0 || job.pendingMaps === 0 || (visitedAt[j] === hb.seq && launchedAt[j] !== hb.seq)) return -1;
      visitedAt[j] = hb.seq;
      if ((filter !== undefined && !filter.admits(job, hb.node)) || !choice.chooseMap(job, hb.node, hb.rack, gate.allowed(job, hb.nowMs), picked)) {
        if (launchedAt[j] !== hb.seq) gate.skipped(job, hb.untilNextMs);
        return -1;
      }
      return launched(job, picked.map, picked.locality);
    },
    launch: (job, map) => {
      inHeartbeat('launch');
      ownJob('launch', job);
      // A string "0" indexes a typed array as 0 does: it would have launched, and been carried as a string.
      if (typeof map !== 'number') throw new TypeError(`job ${job.spec.id}: launch(job, ${JSON.stringify(map) ?? String(map)}): a map is a number from 0 to ${job.maps - 1}, not a ${typeof map}`);
      if (free() <= 0) return -1;
      visitedAt[job.index] = hb.seq;
      return launched(job, map, localityOf(scan.topology, scan.blocks, job.spec.blocks[map], hb.node, hb.rack));
    },
  };
}
