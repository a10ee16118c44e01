/**
 * Where a reduce output's replicas beyond the writer's own go, as HDFS's default block placement puts them (Hadoop
 * 0.20's ReplicationTargetChooser for a writer inside the cluster): the second on a random node of another rack, the
 * third on another random node of that same rack. Replicas past the third (replication > 3) go to random nodes and
 * are not modelled. The choice is counter-based (rng.ts mixKey over the run's key, the writer, the write's start and
 * its size), so a write's targets do not depend on the order in which the master reads the racks' batches, or on
 * how many threads run them.
 */
import { hashString, mixKey } from '../rng.js';

/** A reported write on the wire (HeartbeatBatch.replicas), three Float64s: writer node, start time (ms), KB. */
export const WRITE_FIELDS = 3;

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

export class ReplicaTargets {
  private readonly key: number;

  constructor(seed: number, readonly racks: number, readonly nodesPerRack: number, readonly replication: number) {
    this.key = hashString(`${seed}/replica-targets`);
  }

  /**
   * The pipeline's far nodes for a write by `writer` starting at `startMs` of `kb`: out[0] the second replica's node,
   * out[1] the third's (or -1). Returns false when the write has no replica in another rack (one rack, or
   * replication 1).
   */
  choose(writer: number, startMs: number, kb: number, out: Int32Array): boolean {
    const { racks, nodesPerRack: perRack } = this;
    if (racks < 2 || this.replication < 2) return false;
    bits[0] = startMs;
    let h = mixKey(mixKey(mixKey(mixKey(this.key, writer), words[0]), words[1]), kb);
    const rack = (Math.floor(writer / perRack) + 1 + (h % (racks - 1))) % racks;
    h = mixKey(h, 1);
    const second = h % perRack;
    out[0] = rack * perRack + second;
    out[1] = -1;
    if (this.replication >= 3 && perRack > 1) out[1] = rack * perRack + ((second + 1 + (mixKey(h, 2) % (perRack - 1))) % perRack);
    return true;
  }
}
