/**
 * How fast a cluster's slots can work through a workload's tasks at the most, for the run's least length
 * (run-epochs.ts earliestEnd): a reduce slot runs a reduce's reduceMs at once; a map slot runs a map's map time at once
 * only on a node that holds a replica of the block it reads. Under the flat model with the blocks where they were placed
 * (no replication policy adding replicas), a map on any other node is slowed by tasks.rackLocalSlowdown or
 * offRackSlowdown (scheduler.ts launchMap), so at most the nodes holding the blocks the maps read run at full speed:
 * 100,000 maps of one node's blocks on 1,000 nodes at a slowdown of 100 simulated 231 days, past the time limit, and the
 * limit did not see it. Under the fluid model a map takes as long anywhere, but on one rack reads its block from a node
 * holding it: at most those nodes' disks' rate (`reads`). Pure.
 */
import type { Scenario } from './scenario.js';
import { addsReplicas } from './replication/adds-replicas.js';
import { LOCALITY_SENSITIVITY } from './workload.js';
import type { JobType } from './workload-schema.js';

export interface SlotRates {
  /** Map slots at a local map's speed: those on nodes that may hold a block, and the others at 1 / `slowdown` each. */
  maps: number;
  reduces: number;
  mapSlots: number;
  /** The most map slots on nodes holding a replica of a block the maps read (mapSlots where any node may). */
  localSlots: number;
  /** The least a map on another node is slowed (1: no slowdown applies). */
  slowdown: number;
  /**
   * The fluid model, a jobs workload on one rack with the blocks where they were placed: the MB each map reads
   * (hdfs.blockMB), and the most MB a second the nodes holding the blocks can read (holders x diskReadMBps: every read
   * in a rack is a flow from a disk of a node holding the block, and a node's disks read at most diskReadMBps
   * together). 10,000 maps of one node's blocks on 10,000 nodes simulated 3,000 s of reads from its disk, which the
   * slots alone did not see. Not on more racks: a read from another rack runs at the reader's rates, its send half
   * apart on the source's disk (network/serves.ts), so maps there outrun the disk (a review's 4.1 M maps of one node's
   * blocks on 21 racks simulated 41.5 h, where this bound said 607 h).
   */
  reads?: { mbPerMap: number; holders: number; mbps: number };
}

/** The slots' rates of `scenario`, whose maps read at most `maps` blocks (a jobs workload: its files read instead). */
export function slotRates(scenario: Scenario, maps: number): SlotRates {
  const { racks, nodesPerRack, mapSlotsPerNode, reduceSlotsPerNode } = scenario.cluster;
  const nodes = racks * nodesPerRack;
  const mapSlots = nodes * mapSlotsPerNode;
  const reduces = nodes * reduceSlotsPerNode;
  const everywhere = { maps: mapSlots, reduces, mapSlots, localSlots: mapSlots, slowdown: 1 };
  if (addsReplicas(scenario)) return everywhere;
  if (scenario.cluster.network.model === 'fluid') {
    // a swim map reads its row's bytes, not a block; on more racks reads from another rack are not held to the disk
    if (scenario.workload.kind !== 'jobs' || racks > 1) return everywhere;
    const holders = Math.min(nodes, holdersAtMost(scenario, maps));
    return { ...everywhere, reads: { mbPerMap: scenario.hdfs.blockMB, holders, mbps: holders * scenario.cluster.network.diskReadMBps } };
  }
  const least = Math.min(scenario.tasks.rackLocalSlowdown, scenario.tasks.offRackSlowdown);
  const slowdown = 1 + (least - 1) * leastSensitivity(scenario.workload);
  const holders = Math.min(nodes, holdersAtMost(scenario, maps));
  if (slowdown === 1 || holders === nodes) return everywhere;
  const localSlots = holders * mapSlotsPerNode;
  return { maps: localSlots + (mapSlots - localSlots) / slowdown, reduces, mapSlots, localSlots, slowdown };
}

/** The most nodes that hold a replica of a block the maps read: a listed file's listed nodes, or replication x its blocks. */
function holdersAtMost(scenario: Scenario, maps: number): number {
  const w = scenario.workload;
  const replication = scenario.hdfs.replication;
  if (w.kind !== 'jobs') return maps * replication;
  const read = new Set(w.jobs.map((j) => j.input));
  const listed = new Set<number>();
  let placed = 0;
  for (const f of w.files) {
    if (!read.has(f.name)) continue;
    if (f.replicas === undefined) placed += f.blocks * replication;
    else for (const nodes of f.replicas) for (const node of nodes) listed.add(node);
  }
  return listed.size + placed;
}

/** The least share of a slowdown any of the workload's jobs feels (a cpu job's a tenth: LOCALITY_SENSITIVITY). */
function leastSensitivity(w: Scenario['workload']): number {
  const types: Iterable<JobType> = w.kind === 'jobs' ? w.jobs.map((j) => j.type) : w.kind === 'generated' ? w.groups.map((g) => g.type)
    : w.kind === 'facebook' ? (w.type === 'mixed' ? ['io', 'cpu'] : [w.type]) : w.kind === 'swim' ? [w.type] : ['cpu'];
  let least = 1;
  for (const type of types) least = Math.min(least, LOCALITY_SENSITIVITY[type]);
  return least;
}
