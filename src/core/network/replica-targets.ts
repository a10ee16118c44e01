/**
 * Where a reduce output's replicas beyond the writer's own go, as HDFS's default block placement puts them (Hadoop
 * 0.20's ReplicationTargetChooser for a writer inside the cluster): the second on a random node of another rack, the
 * third on another random node of that same rack (on racks of one node, a random node of a third rack, as HDFS falls
 * back to the whole cluster when neither the second's rack nor the writer's has another node). Without a topology script (`rackAware` false) HDFS sees one rack:
 * chooseRemoteRack finds no other rack and falls back to the local one, the whole cluster, for the second and again
 * for the third (the first two are "on the same rack"), so both are random nodes anywhere, apart from the writer and
 * each other: the pipeline may stay in the writer's physical rack, leave it, or cross racks twice. Replicas past the
 * third (replication > 3) go to random nodes and are not modelled. The choice is counter-based (rng.ts mixKey over
 * the run's key, the writer, and the reduce's job, task and launch time), so a write's targets do not depend on the
 * order in which anything runs, on how many threads run the racks, or on the pass: the writer's rack draws them at
 * the reduce's launch, which its predicted and committed passes see at the same time (the write's start, which the
 * launches of the committed pass can move, is not part of it), claims "out to anywhere" for the pipelines that leave
 * the rack alone, and reports the targets with the write.
 */
import { hashString, mixKey, mixTime } from '../rng.js';
import type { Scenario } from '../scenario.js';
import type { Topology } from '../topology.js';

/**
 * A reported write on the wire (HeartbeatBatch.replicas), five Float64s: writer node, start time (ms), KB, and the
 * second and third replicas' nodes (the third -1 for none).
 */
export const WRITE_FIELDS = 5;

/** The run's placement: the master's and the racks' (which must draw the same targets) are made here alone. */
export function replicaTargetsOf(scenario: Pick<Scenario, 'seed' | 'hdfs' | 'cluster'>, topology: Topology): ReplicaTargets {
  return new ReplicaTargets(scenario.seed, topology.racks, topology.nodesPerRack, scenario.hdfs.replication, scenario.cluster.network.rackAware);
}

export class ReplicaTargets {
  private readonly key: number;

  constructor(seed: number, readonly racks: number, readonly nodesPerRack: number, readonly replication: number, readonly rackAware = true) {
    this.key = hashString(`${seed}/replica-targets`);
  }

  /**
   * The pipeline's nodes past the writer for the output of reduce `task` of `job` launched on `writer` at `launchMs`:
   * out[0] the second replica's node, out[1] the third's (or -1). Returns false when the pipeline is not simulated past
   * the writer's NIC (one rack, or replication 1).
   */
  choose(writer: number, job: number, task: number, launchMs: number, out: Int32Array): boolean {
    const { racks, nodesPerRack: perRack } = this;
    if (racks < 2 || this.replication < 2) return false;
    let h = mixTime(mixKey(mixKey(mixKey(this.key, writer), job), task), launchMs);
    if (!this.rackAware) {
      // Uniform over the nodes but the writer, then over those but the writer and the second.
      const nodes = racks * perRack;
      const second = skip(h % (nodes - 1), writer, writer);
      out[0] = second;
      out[1] = this.replication >= 3 && nodes > 2 ? skip(mixKey(h, 1) % (nodes - 2), Math.min(writer, second), Math.max(writer, second)) : -1;
      return true;
    }
    const rack = (Math.floor(writer / perRack) + 1 + (h % (racks - 1))) % racks;
    h = mixKey(h, 1);
    const second = h % perRack;
    out[0] = rack * perRack + second;
    out[1] = -1;
    if (this.replication < 3) return true;
    if (perRack > 1) out[1] = rack * perRack + ((second + 1 + (mixKey(h, 2) % (perRack - 1))) % perRack);
    // Racks of one node: chooseLocalRack finds no other node in the second's rack, nor in the writer's (the next
    // replica's, where it tries next), and chooses from the whole cluster, so the third goes to a third rack (where
    // there is one). It was left out, a reduce's output losing its third replica and that rack's downlink the copy.
    else if (racks > 2) out[1] = skip(mixKey(h, 2) % (racks - 2), Math.min(writer, out[0]), Math.max(writer, out[0]));
    return true;
  }
}

/** The k-th of the numbers 0, 1, 2, ... without `low` and `high` (low <= high; equal: one number left out). */
function skip(k: number, low: number, high: number): number {
  if (k >= low) k++;
  if (high !== low && k >= high) k++;
  return k;
}
