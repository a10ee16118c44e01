/** The buffers jobs build their locality caches in, reused job after job: one per scheduler, grown as needed. */
import type { Topology } from './topology.js';

/** Reusable buffers for building a job's stacks: (place, map) pairs, and the place-indexed scratch of PlaceLists. */
interface Buffers {
  node: Int32Array;
  nodeMap: Int32Array;
  rack: Int32Array;
  rackMap: Int32Array;
  nodeSlots: Int32Array;
  rackSlots: Int32Array;
  /** The node pairs' place indexes (PlaceLists' indexOfPair). */
  nodeIndex: Int32Array;
}

/** The buffers Job's constructor builds in, owned by whoever makes jobs (one per scheduler), grown as needed. */
export class JobScratch {
  private buffers: Buffers | undefined;

  for(topology: Topology, pairs: number): Buffers {
    const s = this.buffers;
    if (s !== undefined && s.node.length >= pairs && s.nodeSlots.length >= topology.nodes && s.rackSlots.length >= topology.racks) return s;
    const size = Math.max(pairs, s?.node.length ?? 0, 1024);
    const made: Buffers = {
      node: new Int32Array(size), nodeMap: new Int32Array(size), rack: new Int32Array(size), rackMap: new Int32Array(size), nodeIndex: new Int32Array(size),
      nodeSlots: new Int32Array(Math.max(topology.nodes, s?.nodeSlots.length ?? 0)).fill(-1),
      rackSlots: new Int32Array(Math.max(topology.racks, s?.rackSlots.length ?? 0)).fill(-1),
    };
    this.buffers = made;
    return made;
  }
}
