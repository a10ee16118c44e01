/** A rack actor: one rack's model; applies the master's responses and answers each epoch with heartbeats. */
import { type JobIndex, type NodeId, type RackId, rackId } from '../core/ids.js';
import { isMapRef } from '../core/task-ref.js';
import { FluidRack } from '../core/network/fluid-rack.js';
import { linkRates } from '../core/network/rack-links.js';
import { replicaTargetsOf } from '../core/network/replica-targets.js';
import { RackArena, RackModel } from '../core/rack-model.js';
import { copySlotsOf } from '../core/replication/copy-streams.js';
import type { Scenario } from '../core/scenario.js';
import { type Topology } from '../core/topology.js';
import { HeartbeatBatchBuilder } from '../messages/builders.js';
import type { EpochCommand, HeartbeatBatch, ResponseBatch } from '../messages/types.js';

/** A fault inside a rack, carrying the rack and the simulated time for the run's error. */
export class RackError extends Error {
  constructor(readonly rack: number, readonly timeMs: number, cause: unknown) {
    super(`rack ${rack} failed at simulated time ${(timeMs / 1000).toFixed(3)} s: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * What rack actors read of a scenario: never its workload, the master's alone, which a rack worker would be sent a
 * copy of (an SLS trace's jobs, every map's host: a 15 MB trace cost each worker about 30 MB and seconds to clone).
 */
export type RackScenario = Pick<Scenario, 'seed' | 'cluster' | 'hdfs' | 'scheduler'> & {
  /** Copy slots a node keeps (copySlotsOf), reckoned where the scenario's plugins are loaded: a rack worker has none. */
  copySlots: number;
};

export function rackScenario(s: Scenario): RackScenario {
  return { seed: s.seed, cluster: s.cluster, hdfs: s.hdfs, scheduler: s.scheduler, copySlots: copySlotsOf(s) };
}

/**
 * The rack actors one host (a thread) runs: their models' arrays in one arena and their heartbeat batches in one
 * builder, so an epoch's sweep over them reads and writes memory in order. With the fluid network model each rack
 * simulates its own hardware (src/core/network/fluid-rack.ts), with the scenario's copy slots a node for replica
 * copies (src/core/replication/copy-streams.ts) and its HDFS replication for reduces' output pipelines.
 */
export function rackActors(topology: Topology, racks: readonly number[], scenario: RackScenario, solveEveryChange = false): RackActor[] {
  const out = new HeartbeatBatchBuilder();
  const network = scenario.cluster.network;
  if (network.model === 'fluid') {
    // The writers' racks draw where their outputs' replicas go (and report them with each write).
    const placement = replicaTargetsOf(scenario, topology);
    const options = { rates: linkRates(network, topology.nodesPerRack), taskStartMs: network.taskStartMs, copySlots: scenario.copySlots, solveEveryChange, replication: scenario.hdfs.replication, placement };
    return racks.map((rack) => new RackActor(rackId(rack), new FluidRack(topology, rackId(rack), options), out));
  }
  const arena = new RackArena(topology, racks.length);
  return racks.map((rack, slot) => new RackActor(rackId(rack), new RackModel(topology, rackId(rack), arena, slot), out));
}

export class RackActor {
  /** Fluid model: the rack's demand, grown to the groups it lists (a rack has one per rack of the cluster). */
  private demand = new Int32Array(16);

  constructor(readonly rack: RackId, private readonly model: RackModel | FluidRack, private readonly out: HeartbeatBatchBuilder) {}

  get runningTasks(): number {
    return this.model.runningTasks;
  }

  /** Fluid model: flows started on a cross-rack group link sized to 0 (RackSlots.unallocatedStarts); flat: 0. */
  get unallocatedStarts(): number {
    return this.model instanceof FluidRack ? this.model.unallocatedStarts : 0;
  }

  /** Fluid model: jobs the rack's map log holds (FluidRack.loggedJobs); flat: 0. */
  get loggedJobs(): number {
    return this.model instanceof FluidRack ? this.model.loggedJobs : 0;
  }

  onEpoch(cmd: EpochCommand): HeartbeatBatch {
    let timeMs = 0;
    const m = this.model;
    try {
      if (m instanceof FluidRack) {
        timeMs = m.heartbeatTimeMs(m.firstNode, cmd.responses?.epoch ?? cmd.epoch);
        this.out.begin(cmd.epoch);
        m.epoch(cmd, this.out);
        if (this.demand.length < m.demandInts) this.demand = new Int32Array(Math.max(m.demandInts, 2 * this.demand.length));
        this.out.network(this.demand, m.demand(this.demand), m.committedCarried(), m.replicaWrites(), m.shuffleFetches(), m.stillToRun(), m.farPeers());
        return this.out.take(this.rack, cmd.epoch);
      }
      if (cmd.responses !== null) {
        timeMs = m.heartbeatTimeMs(m.firstNode, cmd.responses.epoch);
        this.apply(m, cmd.responses);
      }
      timeMs = m.heartbeatTimeMs(m.firstNode, cmd.epoch);
      this.out.begin(cmd.epoch);
      m.advance(cmd.epoch, cmd.reportFreeFromMs, this.out);
      return this.out.take(this.rack, cmd.epoch);
    } catch (err) {
      throw new RackError(this.rack, timeMs, err);
    }
  }

  /**
   * Applies an epoch's decisions in the order they were made: the heartbeats' notices and launches, at their
   * heartbeat times, then the kills, which preemption decides at the epoch's end (Scheduler.advanceTo), after every
   * heartbeat of the epoch. A kill may pick a task launched in this same batch (preemption takes the newest), as
   * Hadoop's KillTaskAction may name a task whose launch the tracker received at an earlier heartbeat.
   */
  private apply(m: RackModel, r: ResponseBatch): void {
    for (let i = 0; i < r.doneNode.length; i++) m.mapsDone(r.doneNode[i] as NodeId, r.epoch, r.doneJob[i] as JobIndex);
    for (let i = 0; i < r.launchNode.length; i++) {
      const task = r.launchTask[i];
      if (isMapRef(task)) m.launchMap(r.launchNode[i] as NodeId, r.epoch, r.launchJob[i] as JobIndex, task, r.launchMs[i]);
      else m.launchReduce(r.launchNode[i] as NodeId, r.epoch, r.launchJob[i] as JobIndex, task, r.launchCopyMs[i], r.launchMs[i], r.launchMapsDone[i] === 1);
    }
    for (let i = 0; i < r.killNode.length; i++) m.kill(r.killNode[i] as NodeId, r.killJob[i] as JobIndex, r.killTask[i]);
  }
}
