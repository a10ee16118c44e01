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
  /** Blocks of the placed files (the listed files' are stored as listed). */
  get placedBlocks(): number {
    return this.placed.reduce((n, f) => n + f.blocks, 0);
  }

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

/** Told the blocks placed so far of the `total` to place (a build's progress: 46 M blocks took 3.5 s, with nothing told). */
export type PlacedListener = (placed: number, total: number) => void;

/** Blocks placed between placeFiles's tellings (about 20 ms of placing; a file of millions of blocks is told within). */
export const BLOCKS_TOLD = 1 << 18;

/**
 * Places `files` by HDFS's default policy into `replicas` (block b's at b * replication ..) and `counts` (how many
 * each block got), the arrays of a BlockStore of the whole plan; `told`, if given, is told the blocks placed so far
 * every BLOCKS_TOLD blocks and once at the end (the same blocks either way).
 */
export function placeFiles(topology: Topology, replication: number, key: number, files: readonly FileToPlace[], replicas: Int32Array, counts: Uint8Array,
  told?: (placed: number) => void): void {
  const chosen = new Int32Array(replication);
  let placed = 0;
  let tellAt = told === undefined ? Infinity : BLOCKS_TOLD;
  let toldLast = -1;
  for (const f of files) {
    const stream = keyedRng(mixKey(key, hashString(f.name))); // each file its own stream: adding one moves no other
    const end = f.first + f.blocks;
    for (let b = f.first; b < end;) {
      const stop = Math.min(end, b + (tellAt - placed));
      placed += stop - b;
      for (; b < stop; b++) {
        const n = placeReplicas(topology, replication, stream, chosen);
        for (let i = 0; i < n; i++) replicas[b * replication + i] = chosen[i];
        counts[b] = n;
      }
      if (placed === tellAt) {
        told!(placed);
        toldLast = placed;
        tellAt += BLOCKS_TOLD;
      }
    }
  }
  if (told !== undefined && placed !== toldLast) told(placed);
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

/** Every block of the plan placed here, one file after another; `onPlaced` told as it goes (placeFiles). */
export function placeAll(plan: BlockPlan, topology: Topology, replication: number, seed: number, onPlaced?: PlacedListener): BlockStore {
  const replicas = new Int32Array(plan.size * replication);
  const counts = new Uint8Array(plan.size);
  const total = onPlaced === undefined ? 0 : plan.placedBlocks;
  placeFiles(topology, replication, placementKey(seed), plan.placed, replicas, counts, onPlaced && ((placed) => onPlaced(placed, total)));
  fillListed(plan, replication, replicas, counts);
  return BlockStore.over(replication, replicas, counts, plan.size, plan.files);
}
