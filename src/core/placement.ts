/**
 * A workload's blocks in two steps: numbered as its files are added (a file's blocks take the next ids), then
 * placed. Each placed file draws from its own stream (named by the file, under the seed's HDFS stream), so files
 * can be placed in any order, or in ranges on several threads (src/actors/place-threads.ts), with the same replicas.
 * A file whose replicas are listed (a jobs workload's files[].replicas) draws nothing.
 */
import { BlockStore, placeReplicas } from './hdfs.js';
import { hashString, keyedRng, mixKey } from './rng.js';
import type { Topology } from './topology.js';

/** A file to place: its name (its stream's), its first block id and how many blocks it has. */
export interface FileToPlace {
  readonly name: string;
  readonly first: number;
  readonly blocks: number;
}

export class BlockPlan {
  readonly placed: FileToPlace[] = [];
  readonly listed: Array<{ first: number; replicas: ReadonlyArray<ArrayLike<number>> }> = [];
  /** Every file's block ids, in the order added (a replication policy reads them: BlockStore.files). */
  readonly files: Int32Array[] = [];
  /** Blocks numbered so far. */
  size = 0;

  /** A file of `blocks` blocks placed by HDFS's default policy from the stream of `name`; returns its block ids. */
  addFile(name: string, blocks: number): Int32Array {
    this.placed.push({ name, first: this.size, blocks });
    return this.ids(blocks);
  }

  /** A file whose blocks' replica nodes are listed; returns its block ids. */
  addListed(replicas: ReadonlyArray<ArrayLike<number>>): Int32Array {
    this.listed.push({ first: this.size, replicas });
    return this.ids(replicas.length);
  }

  private ids(n: number): Int32Array {
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) ids[i] = this.size++;
    this.files.push(ids);
    return ids;
  }
}

/** The key of the seed's placement streams (a file's stream: this key mixed with its name's hash). */
export const placementKey = (seed: number): number => hashString(`${seed}/hdfs`);

/**
 * Places `files` by HDFS's default policy into `replicas` (block b's at b * replication ..) and `counts` (how many
 * each block got), the arrays of a BlockStore of the whole plan.
 */
export function placeFiles(topology: Topology, replication: number, key: number, files: readonly FileToPlace[], replicas: Int32Array, counts: Uint8Array): void {
  const chosen = new Int32Array(replication);
  for (const f of files) {
    const stream = keyedRng(mixKey(key, hashString(f.name))); // each file its own stream: adding one moves no other
    for (let b = f.first; b < f.first + f.blocks; b++) {
      const n = placeReplicas(topology, replication, stream, chosen);
      for (let i = 0; i < n; i++) replicas[b * replication + i] = chosen[i];
      counts[b] = n;
    }
  }
}

/** Writes the listed files' replicas into the arrays. */
export function fillListed(plan: BlockPlan, replication: number, replicas: Int32Array, counts: Uint8Array): void {
  for (const { first, replicas: nodes } of plan.listed) {
    nodes.forEach((list, i) => {
      for (let k = 0; k < list.length; k++) replicas[(first + i) * replication + k] = list[k];
      counts[first + i] = list.length;
    });
  }
}

/** Every block of the plan placed here, one file after another. */
export function placeAll(plan: BlockPlan, topology: Topology, replication: number, seed: number): BlockStore {
  const replicas = new Int32Array(plan.size * replication);
  const counts = new Uint8Array(plan.size);
  placeFiles(topology, replication, placementKey(seed), plan.placed, replicas, counts);
  fillListed(plan, replication, replicas, counts);
  return BlockStore.over(replication, replicas, counts, plan.size, plan.files);
}
